// Checks the tests of ByteBlocks.h against plain comparisons, for every byte value in every lane
// among several fillers and at every alignment. scripts/byte-blocks-check.sh builds it three
// ways (this machine's vectors, BYTE_BLOCKS_PORTABLE, and ARM64's NEON under qemu-aarch64), so
// that the paths a build here never takes are checked too. Exits 1 on the first disagreement.
#include <stdio.h>
#include <string.h>
#include "ByteBlocks.h"

static int failures = 0;

// Every lane the mask flags, read back as Swift's ByteBlock does: ctz / BITS, then cleared.
static void check(const char *test, const uint8_t *p, uint64_t mask, int (*holds)(uint8_t, uint8_t), uint8_t arg) {
    uint64_t lane_bits = (1ull << BYTE_BLOCK_BITS_PER_BYTE) - 1;
    for (int lane = 0; lane < BYTE_BLOCK_SIZE; lane++) {
        uint64_t bits = (mask >> (lane * BYTE_BLOCK_BITS_PER_BYTE)) & lane_bits;
        int flagged = bits != 0;
        if (flagged && bits != lane_bits) {
            printf("%s: lane %d holds a part of its bits (%llx)\n", test, lane, (unsigned long long)bits);
            failures++;
        }
        if (flagged != holds(p[lane], arg)) {
            printf("%s(%#x): lane %d (byte %#x) %s\n", test, arg, lane, p[lane], flagged ? "flagged" : "missed");
            failures++;
        }
    }
    if (BYTE_BLOCK_SIZE * BYTE_BLOCK_BITS_PER_BYTE < 64 && mask >> (BYTE_BLOCK_SIZE * BYTE_BLOCK_BITS_PER_BYTE)) {
        printf("%s: bits beyond the block\n", test);
        failures++;
    }
}

static int is_equal(uint8_t b, uint8_t arg) { return b == arg; }
static int is_below(uint8_t b, uint8_t arg) { return b < arg; }
static int is_high(uint8_t b, uint8_t arg) { (void)arg; return b >= 0x80; }

static void check_block(const uint8_t *p) {
    static const uint8_t probes[] = {0x00, 0x01, 0x0A, 0x0D, 0x0E, 0x1F, 0x20, 0x22, 0x3A, 0x5C, 0x7F, 0x80, 0xFF};
    for (size_t i = 0; i < sizeof probes; i++) {
        check("equal", p, byte_block_equal(p, probes[i]), is_equal, probes[i]);
        if (probes[i] > 0) check("below", p, byte_block_below(p, probes[i]), is_below, probes[i]);
    }
    check("high", p, byte_block_high(p), is_high, 0);
}

int main(void) {
    static const uint8_t fillers[] = {0x00, 0x1F, 0x20, 0x61, 0x7F, 0x80, 0xFF};
    uint8_t buffer[BYTE_BLOCK_SIZE * 3];
    long blocks = 0;
    for (size_t f = 0; f < sizeof fillers; f++) {
        for (int offset = 0; offset < BYTE_BLOCK_SIZE; offset++) {
            for (int lane = 0; lane < BYTE_BLOCK_SIZE; lane++) {
                for (int value = 0; value < 256; value++) {
                    memset(buffer, fillers[f], sizeof buffer);
                    buffer[offset + lane] = (uint8_t)value;
                    check_block(buffer + offset);
                    blocks++;
                    if (failures > 20) return 1;
                }
            }
        }
    }
    printf("%ld blocks, %d bits a byte: %s\n", blocks, BYTE_BLOCK_BITS_PER_BYTE, failures ? "FAILED" : "ok");
    return failures ? 1 : 0;
}
