#include "CacheHints.h"

void cache_prefetch(const void *address) {
    __builtin_prefetch(address);
}
