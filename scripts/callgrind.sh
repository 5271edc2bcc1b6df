#!/usr/bin/env bash
# Instruction counts (callgrind Ir) of parsing and round-tripping a fixed generated file: exact and
# free of timing noise, so a regression shows as a bigger number. Runs, under valgrind:
#   vcardtool cat FILE > /dev/null             (whole process, on one thread: VCARDTOOL_THREADS=1,
#                                               so that the count repeats exactly)
#   vcard-bench once parse FILE                 (VCardReader only)
#   vcard-bench once roundtrip FILE             (VCardReader + lossless VCardWriter)
#   vcard-bench once normalize FILE             (VCardReader + canonical VCardWriter)
#   vcffloor roundtrip FILE -                   (the C floor of ../shared/bench, cc -O2, when present)
#
#   scripts/callgrind.sh [--install] [--top N] [CARDS]    (default 10000 cards, seed 20261129)
#
#   --install   apt-get install valgrind when it is missing
#   --top N     also print the N costliest functions (self cost) of each run, demangled
#   KEEP=1      keep the callgrind.out files (their folder is printed) for callgrind_annotate
#
# SWIFT_DETERMINISTIC_HASHING=1 is set, so counts repeat exactly from run to run.
set -u
here=$(cd "$(dirname "$0")/.." && pwd)
install=0 top=0 cards=10000 seed=20261129
while [ $# -gt 0 ]; do
    case $1 in
        --install) install=1 ;;
        --top) top=$2; shift ;;
        -h|--help) sed -n '2,15p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        [0-9]*) cards=$1 ;;
        *) echo "callgrind.sh: unknown argument $1" >&2; exit 2 ;;
    esac
    shift
done
if ! command -v valgrind >/dev/null; then
    if [ "$install" = 1 ]; then
        apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq valgrind >/dev/null
    fi
    command -v valgrind >/dev/null || { echo "callgrind.sh: valgrind is missing (apt-get install valgrind, or --install)" >&2; exit 2; }
fi

work=$(mktemp -d /tmp/vcard-callgrind.XXXXXX)
if [ "${KEEP:-0}" = 1 ]; then echo "(keeping $work)"; else trap 'rm -rf "$work"' EXIT; fi

swift build -c release --package-path "$here" --product vcardtool >"$work/build.log" 2>&1 &&
    swift build -c release --package-path "$here" --product vcard-bench >>"$work/build.log" 2>&1 ||
    { cat "$work/build.log"; exit 2; }
bin=$(swift build -c release --package-path "$here" --show-bin-path)
file="$work/cards-$cards.vcf"
"$bin/vcard-bench" generate --cards "$cards" --seed "$seed" --out "$file" 2>/dev/null || exit 2
bytes=$(stat -c %s "$file")
echo "file: $cards cards, $bytes bytes (seed $seed); $(valgrind --version)"

export SWIFT_DETERMINISTIC_HASHING=1
printf '%-22s %16s %10s %10s\n' run "Ir" "Ir/byte" "Ir/card"
profile() {  # NAME COMMAND...
    local name=$1
    shift
    valgrind --tool=callgrind --callgrind-out-file="$work/callgrind.out.$name" "$@" >/dev/null 2>"$work/$name.log" ||
        { echo "callgrind.sh: $name failed:"; tail -n 5 "$work/$name.log"; return; }
    local ir
    ir=$(sed -n 's/^==[0-9]*== Collected : \([0-9]*\)$/\1/p' "$work/$name.log")
    awk -v n="$name" -v ir="$ir" -v b="$bytes" -v c="$cards" 'BEGIN {
        s = ir; g = ""; while (length(s) > 3) { g = "," substr(s, length(s) - 2) g; s = substr(s, 1, length(s) - 3) }
        printf "%-22s %16s %10.1f %10.0f\n", n, s g, ir / b, ir / c }'
}
VCARDTOOL_THREADS=1 profile "vcardtool cat" "$bin/vcardtool" cat "$file"
profile "parse" "$bin/vcard-bench" once parse "$file"
profile "roundtrip" "$bin/vcard-bench" once roundtrip "$file"
profile "normalize" "$bin/vcard-bench" once normalize "$file"
floor_src=$here/../shared/bench/vcffloor.c
if [ -f "$floor_src" ] && cc -O2 -o "$work/vcffloor" "$floor_src" 2>/dev/null; then
    profile "vcffloor roundtrip" "$work/vcffloor" roundtrip "$file" -
fi

if [ "$top" -gt 0 ]; then
    demangle=cat
    command -v swift >/dev/null && demangle="swift demangle --simplified"
    for name in "vcardtool cat" parse roundtrip normalize "vcffloor roundtrip"; do
        [ -f "$work/callgrind.out.$name" ] || continue
        echo
        echo "== $name: top $top functions by self cost (Ir)"
        callgrind_annotate --threshold=100 "$work/callgrind.out.$name" 2>/dev/null | $demangle |
            grep -E '^ *[0-9,]+ \(' | grep -v 'PROGRAM TOTALS' |
            sed 's/ \[[^]]*\]$//; s|'"$here"'/||; s|//<compiler-generated>|<generated>|; s|\./[^ ]*/||; s|???:||' |
            head -n "$top" | cut -c1-160
    done
fi
