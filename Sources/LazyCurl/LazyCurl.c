// libcurl, loaded when it is first called rather than when vcardtool starts.
//
// FoundationNetworking (URLSession on Linux) calls the 23 libcurl functions below. Linked with
// --static-swift-stdlib, as scripts/install.sh builds the tool, those calls would make the binary
// load libcurl.so.4 and the libraries it needs (TLS, Kerberos, LDAP, SSH, IDN: about 35) at every
// start: about 9 ms of a 12 ms start-up, for commands that never open a connection. Defined here,
// each function loads libcurl with dlopen at its first call and passes the call on; once no
// libcurl function is left for the dynamic linker to find, scripts/lazy-curl.sh drops libcurl
// from the libraries loaded at start-up. A machine without libcurl then still runs every command
// that reads and writes files; one that needs the network stops with a message saying so.
//
// In a build that links FoundationNetworking dynamically (swift build, swift test), its own
// library loads libcurl at start-up and calls it directly: these definitions are not exported
// from the executable there, so nothing calls them.
#if defined(__linux__)

#include <dlfcn.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// libcurl's types, as curl.h declares them (libcurl.so.4's ABI): handles are opaque, enums
// and codes are ints, curl_socket_t is an int on Unix.
typedef int CURLcode;
typedef int CURLMcode;
typedef int CURLUcode;
struct curl_slist;

static void *library;

// Says what stops the command on standard error, starting as the tool's messages do
// ("vcardtool SUBCOMMAND: "; the subcommand is the first argument), and exits with 2, trouble.
static void stop(const char *message, const char *detail) {
    char arguments[256] = {0};
    FILE *file = fopen("/proc/self/cmdline", "r");
    size_t length = file != NULL ? fread(arguments, 1, sizeof arguments - 1, file) : 0;
    if (file != NULL) fclose(file);
    const char *subcommand = memchr(arguments, 0, length);
    subcommand = subcommand != NULL && subcommand + 1 < arguments + length ? subcommand + 1 : "";
    fprintf(stderr, "vcardtool%s%s: %s%s\n", *subcommand != '\0' ? " " : "", subcommand, message, detail);
    exit(2);
}

static void load_library(void) {
    library = dlopen("libcurl.so.4", RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) stop("the network needs libcurl (Debian: apt-get install libcurl4), which could not be loaded: ", dlerror());
}

// libcurl's own definition of `name`, loaded once (by any thread) and kept in `*slot`.
static void *resolve(void **slot, const char *name) {
    void *function = __atomic_load_n(slot, __ATOMIC_ACQUIRE);
    if (function != NULL) return function;
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, load_library);
    function = dlsym(library, name);
    if (function == NULL) stop("the libcurl found is too old: it has no ", name);
    __atomic_store_n(slot, function, __ATOMIC_RELEASE);
    return function;
}

#define PASS_ON(result, name, parameters, arguments)                          \
    result name parameters {                                                  \
        static void *slot;                                                    \
        return ((result(*) parameters)resolve(&slot, #name))arguments;        \
    }
#define PASS_ON_VOID(name, parameters, arguments)                             \
    void name parameters {                                                    \
        static void *slot;                                                    \
        ((void(*) parameters)resolve(&slot, #name))arguments;                 \
    }

PASS_ON(void *, curl_easy_init, (void), ())
PASS_ON_VOID(curl_easy_cleanup, (void *handle), (handle))
PASS_ON(CURLcode, curl_easy_pause, (void *handle, int bitmask), (handle, bitmask))
PASS_ON(const char *, curl_easy_strerror, (CURLcode code), (code))
PASS_ON_VOID(curl_free, (void *pointer), (pointer))
PASS_ON(CURLcode, curl_global_init, (long flags), (flags))
PASS_ON(CURLMcode, curl_multi_add_handle, (void *multi, void *handle), (multi, handle))
PASS_ON(CURLMcode, curl_multi_assign, (void *multi, int socket, void *pointer), (multi, socket, pointer))
PASS_ON(CURLMcode, curl_multi_cleanup, (void *multi), (multi))
PASS_ON(void *, curl_multi_info_read, (void *multi, int *queued), (multi, queued))
PASS_ON(void *, curl_multi_init, (void), ())
PASS_ON(CURLMcode, curl_multi_remove_handle, (void *multi, void *handle), (multi, handle))
PASS_ON(CURLMcode, curl_multi_socket_action, (void *multi, int socket, int events, int *running), (multi, socket, events, running))
PASS_ON(struct curl_slist *, curl_slist_append, (struct curl_slist *list, const char *string), (list, string))
PASS_ON_VOID(curl_slist_free_all, (struct curl_slist *list), (list))
PASS_ON(void *, curl_url, (void), ())
PASS_ON(CURLUcode, curl_url_get, (void *url, int part, char **value, unsigned int flags), (url, part, value, flags))
PASS_ON(CURLUcode, curl_url_set, (void *url, int part, const char *value, unsigned int flags), (url, part, value, flags))
PASS_ON(char *, curl_version, (void), ())
PASS_ON(void *, curl_version_info, (int age), (age))

// The option setters take one argument after the option, of the type its number's range says
// (curl.h's CURLOPTTYPE_*, shared by easy and multi options): a long below 10,000, a
// curl_off_t from 30,000 to 39,999, a pointer (object, function, blob) otherwise.
#define PASS_ON_OPTION(result, name)                                                  \
    result name(void *handle, int option, ...) {                                      \
        static void *slot;                                                            \
        result (*real)(void *, int, ...) = (result(*)(void *, int, ...))resolve(&slot, #name); \
        va_list arguments;                                                            \
        va_start(arguments, option);                                                  \
        result code;                                                                  \
        if (option < 10000) {                                                         \
            code = real(handle, option, va_arg(arguments, long));                     \
        } else if (option >= 30000 && option < 40000) {                               \
            code = real(handle, option, va_arg(arguments, int64_t));                  \
        } else {                                                                      \
            code = real(handle, option, va_arg(arguments, void *));                   \
        }                                                                             \
        va_end(arguments);                                                            \
        return code;                                                                  \
    }

PASS_ON_OPTION(CURLcode, curl_easy_setopt)
PASS_ON_OPTION(CURLMcode, curl_multi_setopt)

// The one argument after the information asked for is where the answer goes: a pointer.
CURLcode curl_easy_getinfo(void *handle, int info, ...) {
    static void *slot;
    CURLcode (*real)(void *, int, ...) = (CURLcode(*)(void *, int, ...))resolve(&slot, "curl_easy_getinfo");
    va_list arguments;
    va_start(arguments, info);
    CURLcode code = real(handle, info, va_arg(arguments, void *));
    va_end(arguments);
    return code;
}

#endif
