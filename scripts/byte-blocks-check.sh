#!/usr/bin/env bash
# The sixteen-byte tests of Sources/ByteBlocks/include/ByteBlocks.h against plain comparisons
# (Tests/ByteBlocksCheck/byte_blocks_check.c), built three ways, so that the paths a build on
# this machine never takes are checked too:
#   - this machine's vectors (SSE2 on x86-64);
#   - BYTE_BLOCKS_PORTABLE: the plain loops of other processors;
#   - ARM64's NEON (Apple silicon, ARM servers), cross-compiled with aarch64-linux-gnu-gcc and
#     run under qemu-aarch64; skipped with a note when those are missing, unless --install.
#
#   scripts/byte-blocks-check.sh [--install]
#
#   --install   apt-get install gcc-aarch64-linux-gnu, libc6-dev-arm64-cross and qemu-user when
#               missing (about 1 min), so that the NEON path is checked rather than skipped
set -euo pipefail
cd "$(dirname "$0")/.."

install=0
[ "${1:-}" = --install ] && install=1
source=Tests/ByteBlocksCheck/byte_blocks_check.c
include=Sources/ByteBlocks/include
work=$(mktemp -d /tmp/byte-blocks.XXXXXX)
trap 'rm -rf "$work"' EXIT
cc=$(command -v cc || command -v clang)
# Runs a built check and prints its verdict under `label`; its failure fails the script.
run() {
    local label=$1 verdict
    shift
    verdict=$("$@") || { echo "byte blocks, $label: $verdict" >&2; exit 1; }
    echo "byte blocks, $label: $verdict"
}

"$cc" -O2 -Wall -Wextra -Werror -I "$include" "$source" -o "$work/native"
run "$(uname -m)" "$work/native"
"$cc" -O2 -Wall -Wextra -Werror -DBYTE_BLOCKS_PORTABLE -I "$include" "$source" -o "$work/portable"
run portable "$work/portable"

if ! command -v aarch64-linux-gnu-gcc >/dev/null || ! command -v qemu-aarch64 >/dev/null; then
    if [ "$install" = 1 ]; then
        apt-get update -qq
        DEBIAN_FRONTEND=noninteractive apt-get install -y -qq gcc-aarch64-linux-gnu libc6-dev-arm64-cross qemu-user >/dev/null
    else
        echo "byte blocks, NEON: skipped (no aarch64-linux-gnu-gcc or qemu-aarch64; --install installs them)"
        exit 0
    fi
fi
aarch64-linux-gnu-gcc -O2 -Wall -Wextra -Werror -static -I "$include" "$source" -o "$work/neon"
run "NEON (qemu-aarch64)" qemu-aarch64 "$work/neon"
