// The tests of ByteBlocks are inline functions of its header, compiled into the Swift code that
// calls them; SwiftPM builds a C target only from a source file, and this one checks that the
// header compiles on its own.
#include "ByteBlocks.h"
