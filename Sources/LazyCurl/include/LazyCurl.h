// The libcurl functions FoundationNetworking calls, defined by LazyCurl.c so that libcurl is
// loaded when a command first uses the network, not when the program starts. Nothing here is
// called from Swift: the definitions take the place of libcurl's at link time.
