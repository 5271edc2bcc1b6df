// Tests on sixteen bytes at once, in the processor's vector registers: SSE2 on x86-64, NEON on
// ARM64, a plain loop elsewhere. Swift has no words for a vector's comparison as one bit per
// lane (it compares a `SIMD16<UInt8>` a lane at a time), and these inline functions compile
// into the Swift code that calls them.
//
// Each test returns a mask with BYTE_BLOCK_BITS_PER_BYTE bits set for each of the sixteen bytes
// at `p` it holds for, the first byte's lowest, and no other bit: the first such byte is at
// `ctz(mask) / BYTE_BLOCK_BITS_PER_BYTE`, and ORing masks tests for any of several things.
// `p` need not be aligned; all sixteen bytes must be readable.
//
//     uint64_t breaks = byte_block_equal(p, '\n') | byte_block_equal(p, '\r');
//     if (breaks) first = __builtin_ctzll(breaks) / BYTE_BLOCK_BITS_PER_BYTE;
#ifndef BYTE_BLOCKS_H
#define BYTE_BLOCKS_H

#include <stdint.h>

#define BYTE_BLOCK_SIZE 16

#if defined(__SSE2__) && !defined(BYTE_BLOCKS_PORTABLE)
#include <emmintrin.h>

#define BYTE_BLOCK_BITS_PER_BYTE 1

static inline __attribute__((always_inline)) __m128i byte_block_load(const uint8_t *p) {
    return _mm_loadu_si128((const __m128i *)p);
}

/// The bytes equal to `byte`.
static inline __attribute__((always_inline)) uint64_t byte_block_equal(const uint8_t *p, uint8_t byte) {
    return (uint32_t)_mm_movemask_epi8(_mm_cmpeq_epi8(byte_block_load(p), _mm_set1_epi8((char)byte)));
}

/// The bytes below `bound`, unsigned (`bound` above 0).
static inline __attribute__((always_inline)) uint64_t byte_block_below(const uint8_t *p, uint8_t bound) {
    __m128i v = byte_block_load(p);
    return (uint32_t)_mm_movemask_epi8(_mm_cmpeq_epi8(_mm_min_epu8(v, _mm_set1_epi8((char)(bound - 1))), v));
}

/// The bytes above 0x7F.
static inline __attribute__((always_inline)) uint64_t byte_block_high(const uint8_t *p) {
    return (uint32_t)_mm_movemask_epi8(byte_block_load(p));
}

#elif defined(__ARM_NEON) && defined(__aarch64__) && !defined(BYTE_BLOCKS_PORTABLE)
#include <arm_neon.h>

// NEON has no movemask: each lane's 0x00 or 0xFF is narrowed to four bits (shift right by four
// and narrow, on the sixteen-bit lanes), sixteen lanes to one 64-bit word.
#define BYTE_BLOCK_BITS_PER_BYTE 4

static inline __attribute__((always_inline)) uint64_t byte_block_mask(uint8x16_t lanes) {
    return vget_lane_u64(vreinterpret_u64_u8(vshrn_n_u16(vreinterpretq_u16_u8(lanes), 4)), 0);
}

/// The bytes equal to `byte`.
static inline __attribute__((always_inline)) uint64_t byte_block_equal(const uint8_t *p, uint8_t byte) {
    return byte_block_mask(vceqq_u8(vld1q_u8(p), vdupq_n_u8(byte)));
}

/// The bytes below `bound`, unsigned (`bound` above 0).
static inline __attribute__((always_inline)) uint64_t byte_block_below(const uint8_t *p, uint8_t bound) {
    return byte_block_mask(vcltq_u8(vld1q_u8(p), vdupq_n_u8(bound)));
}

/// The bytes above 0x7F.
static inline __attribute__((always_inline)) uint64_t byte_block_high(const uint8_t *p) {
    return byte_block_mask(vcgeq_u8(vld1q_u8(p), vdupq_n_u8(0x80)));
}

#else

#define BYTE_BLOCK_BITS_PER_BYTE 1

/// The bytes equal to `byte`.
static inline uint64_t byte_block_equal(const uint8_t *p, uint8_t byte) {
    uint64_t mask = 0;
    for (int i = 0; i < BYTE_BLOCK_SIZE; i++) mask |= (uint64_t)(p[i] == byte) << i;
    return mask;
}

/// The bytes below `bound`, unsigned (`bound` above 0).
static inline uint64_t byte_block_below(const uint8_t *p, uint8_t bound) {
    uint64_t mask = 0;
    for (int i = 0; i < BYTE_BLOCK_SIZE; i++) mask |= (uint64_t)(p[i] < bound) << i;
    return mask;
}

/// The bytes above 0x7F.
static inline uint64_t byte_block_high(const uint8_t *p) {
    uint64_t mask = 0;
    for (int i = 0; i < BYTE_BLOCK_SIZE; i++) mask |= (uint64_t)(p[i] >> 7) << i;
    return mask;
}

#endif

#endif
