#!/usr/bin/env bash
# Drops libcurl from the libraries a statically linked vcardtool loads at start-up, so that it
# is loaded only when a command first uses the network (Sources/LazyCurl/LazyCurl.c): a
# one-card cat in about 4 ms from start to end instead of 13, and every file command runs on a
# machine without libcurl.
#
#   scripts/lazy-curl.sh BINARY
#
# Done only when the binary leaves no libcurl function to the dynamic linker (LazyCurl defines
# every one FoundationNetworking calls; a toolchain calling one more keeps libcurl at start-up,
# and this says so), with patchelf (apt-get install patchelf); without it, the binary is left as
# it is, with a note. Exit status 0 either way, 2 on a missing binary.
set -euo pipefail
binary=${1:?usage: scripts/lazy-curl.sh BINARY}
[[ -f $binary ]] || { echo "lazy-curl.sh: no such file: $binary" >&2; exit 2; }
needed=$(readelf -d "$binary" | sed -n 's/.*(NEEDED).*\[\(libcurl[^]]*\)\].*/\1/p')
[[ -n $needed ]] || exit 0
left=$(nm -D --undefined-only "$binary" | awk '$2 ~ /^curl_/ { print $2 }' | tr '\n' ' ')
if [[ -n $left ]]; then
    echo "lazy-curl.sh: note: $binary still calls ${left}from $needed at start-up; libcurl stays loaded at start-up" >&2
elif ! command -v patchelf > /dev/null; then
    echo "lazy-curl.sh: note: no patchelf (apt-get install patchelf): $binary loads libcurl at start-up, about 9 ms" >&2
else
    patchelf --remove-needed "$needed" "$binary"
fi
