#!/usr/bin/env bash
# The CardDAV rows of the README's Performance, against a Radicale of its own on a free loopback
# port (storage in /dev/shm when there is one; info logging, so that the server counts the
# requests it serves): an address book of CARDS generated cards, then
#   - `dav pull URL --into FOLDER` into an empty folder, and `cat URL`: wall time, cards/s, the
#     client's CPU time (the rest is Radicale's), peak memory;
#   - `set-phone --updates CSV --in-place URL` for UPDATES of the cards: wall time, and the
#     requests Radicale served for it by method (only the changed cards may be PUT).
#
#   scripts/dav-bench.sh [CARDS] [UPDATES]      (default 10000 100)
#
# Builds vcardtool and vcard-bench in release mode; Radicale 3.9.0 comes from the venv that
# scripts/dav-servers.sh makes (.build/dav-venv), made here when missing.
set -euo pipefail
cd "$(dirname "$0")/.."
cards=${1:-10000}
updates=${2:-100}

swift build -c release --product vcardtool >/dev/null
swift build -c release --product vcard-bench >/dev/null
bin=$(swift build -c release --show-bin-path)
venv=.build/dav-venv
if ! "$venv/bin/python" -c 'import radicale' 2>/dev/null; then
    python3 -m venv "$venv"
    "$venv/bin/pip" install -q 'radicale==3.9.0' 'xandikos==0.4.10'
fi

memory=/dev/shm
[[ -d $memory && -w $memory ]] || memory=${TMPDIR:-/tmp}
work=$(mktemp -d "$memory/vcardtool-dav-bench.XXXXXX")
server=
cleanup() {
    [[ -n $server ]] && kill "$server" 2>/dev/null && wait "$server" 2>/dev/null
    rm -rf "$work"
}
trap cleanup EXIT

"$bin/vcard-bench" generate --cards "$cards" --out "$work/generated.vcf" --updates-out "$work/updates.csv" --updates "$updates" >/dev/null
# Radicale takes 3.0 and 4.0 only: the generated 2.1 (Android) cards are written as 3.0. The book
# is written straight into Radicale's storage, one file per card as its PUT would store it: a PUT
# costs Radicale about 70 ms at 2,000 cards (and grows with the book), so pushing 10,000 would
# measure Radicale, not vcardtool.
"$bin/vcardtool" cat --to 3.0 "$work/generated.vcf" >"$work/cards.vcf"
collection="$work/storage/collection-root/bench/book"
"$bin/vcardtool" split --into "$collection" "$work/cards.vcf" >/dev/null 2>&1
printf '{"tag": "VADDRESSBOOK"}' >"$collection/.Radicale.props"

port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
base="http://127.0.0.1:$port"
"$venv/bin/radicale" --config "" --server-hosts "127.0.0.1:$port" --storage-filesystem-folder "$work/storage" \
    --auth-type none --rights-type owner_only --logging-level info >"$work/radicale.log" 2>&1 &
server=$!
for _ in $(seq 100); do curl -s -u bench:x -o /dev/null "$base/" && break; sleep 0.1; done
book="$base/bench/book/"
export VCARDTOOL_DAV_USER=bench VCARDTOOL_DAV_PASSWORD=x

# Each step's requests are the lines Radicale logs from the line count before it.
requests() {
    tail -n +"$(($1 + 1))" "$work/radicale.log" | grep -oE '(PROPFIND|REPORT|PUT|GET|DELETE) request for' | cut -d' ' -f1 | sort | uniq -c |
        awk '{ printf "%s%s %s", sep, $2, $1; sep = ", " } END { print "" }'
}
measure() { # label, then the command: its wall time, cards/s, CPU time, peak memory and the requests served
    local label=$1
    shift
    local before
    before=$(wc -l <"$work/radicale.log")
    /usr/bin/time -f '%e %M %U %S' -o "$work/time" "$@" >/dev/null 2>"$work/stderr" || { cat "$work/stderr" >&2; exit 2; }
    read -r seconds rss user system <"$work/time"
    printf '%-10s %6.2f s  %11s  vcardtool CPU %5.2f s  peak %6.1f MiB  requests: %s\n' "$label" "$seconds" \
        "$(awk -v n="$cards" -v s="$seconds" 'BEGIN { printf "%.0f cards/s", n / s }')" "$(awk -v u="$user" -v s="$system" 'BEGIN { print u + s }')" \
        "$(awk -v k="$rss" 'BEGIN { print k / 1024 }')" "$(requests "$before")"
    tail -n 1 "$work/stderr"
}

echo "dav-bench: $cards cards ($(du -h "$work/cards.vcf" | cut -f1)), Radicale 3.9.0 on $base, $updates updates"
measure warm-up "$bin/vcardtool" dav ls "$book"   # Radicale indexes the new book on its first listing
measure pull "$bin/vcardtool" dav pull "$book" --into "$work/mirror"
measure cat "$bin/vcardtool" cat "$book"
measure set-phone "$bin/vcardtool" set-phone --updates "$work/updates.csv" --in-place "$book"
