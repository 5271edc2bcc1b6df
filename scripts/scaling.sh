#!/usr/bin/env bash
# scripts/scaling.sh [SIZES] [COMMANDS] — memory and time of the commands that used to grow with
# the input (COMMANDS: some of the names below, default all).
#
# Builds vcardtool and vcard-bench in release mode, generates (once, in bench-data/) a corpus of
# each size (default "100000 1000000" cards), an edited later version of it and a CSV of 10,000
# updates, then runs each command once under /usr/bin/time:
#   convert --to 4.0, convert --to jcard, convert --to xcard, diff (corpus vs edited corpus),
#   set-phone --updates (10,000 rows, to standard output), set-phone --updates --in-place (on a copy),
#   dupes (on a corpus of the size with 10 % duplicates: vcard-bench generate --dupes-out)
# and prints wall and CPU seconds, MB/s of input, peak RSS, and for each size after the first
# the ratio of its wall and CPU time to the first size's (linear: the ratio of the sizes; CPU
# time depends less on the machine's load). Output goes to /dev/null.
set -u
here=$(cd "$(dirname "$0")/.." && pwd)
sizes=${1:-"100000 1000000"}
commands=${2:-"convert-4.0 convert-jcard convert-xcard diff set-phone set-phone-in-place dupes"}
data=${BENCH_DATA:-$here/bench-data}
seed=20261129
command -v /usr/bin/time >/dev/null || { echo "scaling.sh: /usr/bin/time is missing (apt-get install time)" >&2; exit 2; }

swift build -c release --package-path "$here" --product vcardtool >/dev/null &&
    swift build -c release --package-path "$here" --product vcard-bench >/dev/null || exit 2
bin=$(swift build -c release --package-path "$here" --show-bin-path)
work=$(mktemp -d /tmp/vcard-scaling.XXXXXX)
trap 'rm -rf "$work"' EXIT
mkdir -p "$data"

printf '%-20s %8s %6s %8s %7s %7s %13s %8s %8s\n' command cards MB seconds "CPU s" MB/s "peak RSS MiB" "x first" "CPU x"
declare -A first first_cpu
for cards in $sizes; do
    corpus=$data/cards-$cards-seed$seed.vcf edited=$data/cards-$cards-seed$seed-edited.vcf
    updates=$data/updates-$cards-10000.csv dupes=$data/cards-$cards-seed$seed-dupes.vcf
    [ -s "$corpus" ] || "$bin/vcard-bench" generate --cards "$cards" --seed "$seed" --out "$corpus" 2>/dev/null || exit 2
    [ -s "$edited" ] || "$bin/vcard-bench" generate --cards "$cards" --seed "$seed" --edited-out "$edited" 2>/dev/null || exit 2
    [ -s "$dupes" ] || "$bin/vcard-bench" generate --cards "$cards" --seed "$seed" --dupes-out "$dupes" 2>/dev/null || exit 2
    [ -s "$updates" ] || "$bin/vcard-bench" generate --cards "$cards" --updates-out "$updates" --updates 10000 || exit 2
    cat "$corpus" "$edited" "$dupes" >/dev/null  # warm the page cache
    for name in $commands; do
        input=$corpus
        case $name in
            convert-4.0) cmd=(convert --to 4.0 "$corpus") ;;
            convert-jcard) cmd=(convert --to jcard "$corpus") ;;
            convert-xcard) cmd=(convert --to xcard "$corpus") ;;
            diff) cmd=(diff "$corpus" "$edited") ;;
            set-phone) cmd=(set-phone --updates "$updates" "$corpus") ;;
            set-phone-in-place) cp "$corpus" "$work/copy.vcf"; cmd=(set-phone --updates "$updates" --in-place "$work/copy.vcf") ;;
            dupes) input=$dupes; cmd=(dupes "$dupes") ;;
            *) echo "scaling.sh: unknown command $name" >&2; exit 2 ;;
        esac
        bytes=$(stat -c %s "$input")
        t0=$(date +%s.%N)
        /usr/bin/time -f '%M %U %S' -o "$work/rss" "$bin/vcardtool" "${cmd[@]}" >/dev/null 2>"$work/err"
        status=$?
        t1=$(date +%s.%N)
        [ "$status" -le 1 ] || echo "note: $name exited with status $status: $(head -n 2 "$work/err")"
        seconds=$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.2f", b - a }')
        read -r rss user system < <(tail -n 1 "$work/rss")
        cpu=$(awk -v u="$user" -v s="$system" 'BEGIN { printf "%.2f", u + s }')
        [ -n "${first[$name]:-}" ] || { first[$name]=$seconds; first_cpu[$name]=$cpu; }
        awk -v n="$name" -v c="$cards" -v b="$bytes" -v s="$seconds" -v u="$cpu" -v r="$rss" -v f="${first[$name]}" -v fu="${first_cpu[$name]}" 'BEGIN {
            printf "%-20s %8d %6.0f %8.2f %7.2f %7.1f %13.1f %8.2f %8.2f\n", n, c, b / 1e6, s, u, b / 1e6 / s, r / 1024, s / f, u / fu }'
        rm -f "$work/copy.vcf"
    done
done
