#include "ExtendedAttributes.h"
#include <sys/xattr.h>

#ifdef __APPLE__
ssize_t xattr_list(int fd, char *names, size_t size) { return flistxattr(fd, names, size, 0); }
ssize_t xattr_get(int fd, const char *name, void *value, size_t size) { return fgetxattr(fd, name, value, size, 0, 0); }
int xattr_set(int fd, const char *name, const void *value, size_t size) { return fsetxattr(fd, name, value, size, 0, 0); }
#else
ssize_t xattr_list(int fd, char *names, size_t size) { return flistxattr(fd, names, size); }
ssize_t xattr_get(int fd, const char *name, void *value, size_t size) { return fgetxattr(fd, name, value, size); }
int xattr_set(int fd, const char *name, const void *value, size_t size) { return fsetxattr(fd, name, value, size, 0); }
#endif
