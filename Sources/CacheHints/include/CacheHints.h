// Hints to the processor's caches, which Swift has no words for.
#ifndef CACHE_HINTS_H
#define CACHE_HINTS_H

/// Starts loading the memory at `address` into the caches and returns at once, so that a
/// later load of it need not wait for main memory. Only a hint: `address` is not read, and
/// may be any address.
void cache_prefetch(const void *address);

#endif
