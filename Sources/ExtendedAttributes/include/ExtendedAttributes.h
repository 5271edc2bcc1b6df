// Extended attributes of an open file, with one signature on Linux and macOS (Swift's Glibc
// module does not export <sys/xattr.h>, and Darwin's calls take an extra options argument).
#ifndef EXTENDED_ATTRIBUTES_H
#define EXTENDED_ATTRIBUTES_H

#include <sys/types.h>

/// The names of the attributes of `fd`, each NUL-terminated, into `names` (at most `size`
/// bytes); the length needed when `size` is 0. -1 with errno on failure.
ssize_t xattr_list(int fd, char *names, size_t size);

/// The value of attribute `name` of `fd` into `value`; the length needed when `size` is 0.
ssize_t xattr_get(int fd, const char *name, void *value, size_t size);

/// Sets attribute `name` of `fd`. 0, or -1 with errno.
int xattr_set(int fd, const char *name, const void *value, size_t size);

#endif
