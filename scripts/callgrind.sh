#!/usr/bin/env bash
# Instruction counts (callgrind Ir) of parsing and round-tripping a fixed generated file: exact and
# free of timing noise, so a regression shows as a bigger number. Runs, under valgrind:
#   vcardtool cat FILE > /dev/null             (whole process, on one thread: VCARDTOOL_THREADS=1,
#                                               so that the count repeats exactly; likewise below)
#   vcardtool cat --normalize FILE > /dev/null (each card written canonically as its lines are read)
#   vcardtool validate FILE                    (every check of every card)
#   vcardtool find --email ADDRESS FILE        (one match: the others are skipped from their values)
#   vcard-bench once parse FILE                 (VCardReader only)
#   vcard-bench once roundtrip FILE             (VCardReader + lossless VCardWriter)
#   vcard-bench once normalize FILE             (VCardReader + canonical VCardWriter)
#   vcffloor roundtrip FILE -                   (the C floor of ../shared/bench, cc -O2, when present)
#
#   scripts/callgrind.sh [--install] [--top N] [--check | --update-baseline] [CARDS]
#                                              (default 10000 cards, seed 20261129)
#
#   --install          apt-get install valgrind when it is missing
#   --top N            also print the N costliest functions (self cost) of each run, demangled
#   --check            compare each run's counted Ir per byte with Benchmarks/baseline.json; exit 1
#                      when one is more than 5 % above it (the ratio of each is printed)
#   --update-baseline  write the counts of this run to Benchmarks/baseline.json
#   KEEP=1             keep the callgrind.out files (their folder is printed) for callgrind_annotate
#
# "counted" leaves out what depends on the machine rather than on the code: glibc picks its string
# functions (memcpy, memchr, strlen…) by the CPU's features when the program loads (ifuncs:
# __memchr_avx2 on one machine, __memchr_sse2 or __memchr_evex on another, with counts apart by
# half), and the dynamic loader's start-up reads the CPU and the environment. So the count is every
# instruction but those of ld-linux and of the libc/libm functions named after an instruction-set
# extension (_sse2, _avx2, _evex, _erms, _unaligned…); malloc, free and the rest of libc stay in.
# Checked on this machine by hiding AVX, AVX2, ERMS, SSSE3 and SSE4 from glibc (GLIBC_TUNABLES=
# glibc.cpu.hwcaps=-AVX2,-AVX,…): vcardtool cat's total moved by 16 M instructions (2.4 %), the
# counted instructions by under 3,000 (environment-dependent start-up), far below the 5 % margin.
# Masking with GLIBC_TUNABLES instead would not do: the choice also follows cache sizes and
# preference bits that differ between CPUs.
#
# SWIFT_DETERMINISTIC_HASHING=1 is set, so counts repeat exactly from run to run. Valgrind 3.19
# (Debian 12) cannot read the DWARF 5 debug information of the Swift 6 binaries, so they are run
# from copies without it (objcopy --strip-debug; the symbols stay for --top).
set -u
here=$(cd "$(dirname "$0")/.." && pwd)
baseline=$here/Benchmarks/baseline.json
install=0 top=0 cards=10000 seed=20261129 mode=print
while [ $# -gt 0 ]; do
    case $1 in
        --install) install=1 ;;
        --top) top=$2; shift ;;
        --check) mode=check ;;
        --update-baseline) mode=update ;;
        -h|--help) sed -n '2,21p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
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
if [ "$mode" = check ] && [ ! -f "$baseline" ]; then echo "callgrind.sh: no $baseline (--update-baseline writes it)" >&2; exit 2; fi

work=$(mktemp -d /tmp/vcard-callgrind.XXXXXX)
if [ "${KEEP:-0}" = 1 ]; then echo "(keeping $work)"; else trap 'rm -rf "$work"' EXIT; fi

swift build -c release --package-path "$here" --product vcardtool >"$work/build.log" 2>&1 &&
    swift build -c release --package-path "$here" --product vcard-bench >>"$work/build.log" 2>&1 ||
    { cat "$work/build.log"; exit 2; }
bin=$(swift build -c release --package-path "$here" --show-bin-path)
# objcopy from binutils, else the toolchain's llvm-objcopy (beside swift).
objcopy=$(command -v objcopy || command -v llvm-objcopy || echo "$(dirname "$(readlink -f "$(command -v swift)")")/llvm-objcopy")
for tool in vcardtool vcard-bench; do
    cp "$bin/$tool" "$work/$tool" && "$objcopy" --strip-debug "$work/$tool" || exit 2
done
file="$work/cards-$cards.vcf"
"$work/vcard-bench" generate --cards "$cards" --seed "$seed" --out "$file" 2>/dev/null || exit 2
bytes=$(stat -c %s "$file")
echo "file: $cards cards, $bytes bytes (seed $seed); $(valgrind --version)"

export SWIFT_DETERMINISTIC_HASHING=1 VCARDTOOL_THREADS=1
printf '%-26s %16s %16s %10s %10s\n' run "Ir" "counted Ir" "Ir/byte" "Ir/card"
declare -A perbyte
failed=0
profile() {  # NAME COMMAND...
    local name=$1
    shift
    # The exit status is the program's (validate exits 1 when it finds errors): look for the count.
    valgrind --tool=callgrind --callgrind-out-file="$work/callgrind.out.$name" "$@" >/dev/null 2>"$work/$name.log"
    grep -q '^==[0-9]*== Collected : ' "$work/$name.log" ||
        { echo "callgrind.sh: $name failed:"; tail -n 5 "$work/$name.log"; failed=1; return; }
    local counts
    counts=$(counted "$work/callgrind.out.$name")
    perbyte[$name]=$(awk -v c="${counts#* }" -v b="$bytes" 'BEGIN { printf "%.2f", c / b }')
    awk -v n="$name" -v ir="${counts% *}" -v c="${counts#* }" -v b="$bytes" -v k="$cards" '
        function group(s,   g) { g = ""; while (length(s) > 3) { g = "," substr(s, length(s) - 2) g; s = substr(s, 1, length(s) - 3) }; return s g }
        BEGIN { printf "%-26s %16s %16s %10.2f %10.0f\n", n, group(ir), group(c), c / b, c / k }'
}
# "TOTAL COUNTED" of a callgrind.out file: self costs summed per object and function (names are
# compressed as "(id) name" the first time, "(id)" after; the line after calls= is the call's
# inclusive cost, not the caller's own), the counted ones without ld-linux and the string
# functions glibc picks by CPU (see the top of this file).
counted() {
    awk '
        function name(s, table,   id) {
            if (!match(s, /^\([0-9]+\)/)) return s
            id = substr(s, 1, RLENGTH)
            if (length(s) > RLENGTH) table[id] = substr(s, RLENGTH + 2)
            return table[id]
        }
        /^ob=/ { ob = name(substr($0, 4), objects); next }
        /^cob=/ { name(substr($0, 5), objects); next }
        /^fn=/ { fn = name(substr($0, 4), functions); next }
        /^cfn=/ { name(substr($0, 5), functions); next }
        /^calls=/ { call = 1; next }
        /^[0-9+*-]/ {
            if (call) { call = 0; next }
            total += $2
            if (ob ~ /\/ld-linux[^\/]*$/) next
            if (ob ~ /\/lib(c|m)\.so[^\/]*$/ && fn ~ /_(sse2|ssse3|sse4_1|sse4_2|sse41|avx|avx2|evex|evex512|avx512[a-z]*|erms|unaligned|fma|fma4|rtm|c)(_|$)/) next
            counted += $2
        }
        END { printf "%.0f %.0f\n", total, counted }' "$1"
}
profile "vcardtool cat" "$work/vcardtool" cat "$file"
profile "vcardtool cat --normalize" "$work/vcardtool" cat --normalize "$file"
profile "vcardtool validate" "$work/vcardtool" validate "$file"
profile "vcardtool find --email" "$work/vcardtool" find --email user0@example.com "$file"
profile "parse" "$work/vcard-bench" once parse "$file"
profile "roundtrip" "$work/vcard-bench" once roundtrip "$file"
profile "normalize" "$work/vcard-bench" once normalize "$file"
floor_src=$here/../shared/bench/vcffloor.c
if [ "$mode" = print ] && [ -f "$floor_src" ] && cc -O2 -o "$work/vcffloor" "$floor_src" 2>/dev/null; then
    profile "vcffloor roundtrip" "$work/vcffloor" roundtrip "$file" -
fi
runs=("vcardtool cat" "vcardtool cat --normalize" "vcardtool validate" "vcardtool find --email" parse roundtrip normalize)

if [ "$mode" = update ]; then
    [ "$failed" = 0 ] || { echo "callgrind.sh: a run failed; $baseline not written" >&2; exit 2; }
    {
        printf '{\n  "cards": %s,\n  "seed": %s,\n  "bytes": %s,\n' "$cards" "$seed" "$bytes"
        printf '  "unit": "counted Ir per byte (scripts/callgrind.sh)",\n  "runs": {\n'
        for i in "${!runs[@]}"; do
            printf '    "%s": %s%s\n' "${runs[$i]}" "${perbyte[${runs[$i]}]}" "$([ "$i" -lt $((${#runs[@]} - 1)) ] && echo ,)"
        done
        printf '  }\n}\n'
    } >"$baseline"
    echo "wrote $baseline"
elif [ "$mode" = check ]; then
    base_cards=$(sed -n 's/^ *"cards": \([0-9]*\),$/\1/p' "$baseline")
    [ "$base_cards" = "$cards" ] || { echo "callgrind.sh: $baseline is for $base_cards cards, not $cards" >&2; exit 2; }
    echo
    printf '%-26s %10s %10s %7s\n' run baseline now ratio
    status=$failed
    for name in "${runs[@]}"; do
        base=$(sed -n 's/^ *"'"$name"'": \([0-9.]*\),\{0,1\}$/\1/p' "$baseline")
        now=${perbyte[$name]:-}
        if [ -z "$base" ] || [ -z "$now" ]; then
            echo "$name: no ${base:+count}${base:-baseline}"
            status=1
            continue
        fi
        awk -v n="$name" -v b="$base" -v c="$now" 'BEGIN {
            r = c / b; printf "%-26s %10.2f %10.2f %7.3f%s\n", n, b, c, r, (r > 1.05 ? "  more than 5 % over the baseline" : "")
            exit r > 1.05 }' || status=1
    done
    [ "$status" = 0 ] && echo "callgrind.sh: every run within 5 % of $baseline" || echo "callgrind.sh: check failed"
    exit "$status"
fi

if [ "$top" -gt 0 ]; then
    demangle=cat
    command -v swift >/dev/null && demangle="swift demangle --simplified"
    for name in "${runs[@]}" "vcffloor roundtrip"; do
        [ -f "$work/callgrind.out.$name" ] || continue
        echo
        echo "== $name: top $top functions by self cost (Ir)"
        callgrind_annotate --threshold=100 "$work/callgrind.out.$name" 2>/dev/null | $demangle |
            grep -E '^ *[0-9,]+ \(' | grep -v 'PROGRAM TOTALS' |
            sed 's/ \[[^]]*\]$//; s|'"$here"'/||; s|//<compiler-generated>|<generated>|; s|\./[^ ]*/||; s|???:||' |
            head -n "$top" | cut -c1-160
    done
fi
