#!/usr/bin/env bash
# ContactStore against the command line, whole processes side by side, interleaved (A B C A B C …)
# so that the machine's load hits every row alike, on a 10,000-card and a 100,000-card corpus:
#
#   find          vcardtool find --email E FILE                     (the bar for store-find)
#   store-find    a new ContactStore(fileAt:), one contact fetched by work email
#   set-phone     vcardtool set-phone --updates CSV FILE > /dev/null (the bar for store-update)
#   set-phone-ip  the same with --in-place on a copy (written and synced as the store writes)
#   store-update  a new store on a copy: 1,000 contacts fetched by work email, phone set, one save
#   store-enum    enumerateContacts over every contact, every key
#   folder-…      the same three on a folder of one file per card (vcardtool split)
#
# Copies are made, and synced, before the clock starts. Prints each row's median wall time, CPU
# time (user + system) and peak RSS, the ratios store-find/find and store-update/set-phone (and
# /set-phone-ip), and each row's growth from 10k to 100k cards in wall and CPU time (linear is
# about 10).
#
#   scripts/store-bench.sh [SMALL] [LARGE]       (default 10000 100000)
#   ROUNDS=n (default 3)   BENCH_DATA=dir (default bench-data, git-ignored)   KEEP=1 keeps the work folder
set -u
here=$(cd "$(dirname "$0")/.." && pwd)
small=${1:-10000} large=${2:-100000}
rounds=${ROUNDS:-3}
data=${BENCH_DATA:-$here/bench-data}
seed=20261129
[ -x /usr/bin/time ] || { echo "store-bench.sh: /usr/bin/time is missing (apt-get install time)" >&2; exit 2; }

. "$here/scripts/bench-common.sh"
bench_setup store-bench
mkdir -p "$data"

rows=(find store-find set-phone set-phone-ip store-update store-enum folder-find folder-update folder-enum)

run_row() {  # ROW SIZE -> runs it once under /usr/bin/time, appends "seconds kib" to $work/ROW-SIZE.times
    local row=$1 n=$2 file="$data/cards-$2-seed$seed.vcf" csv="$work/updates-$2.csv" cmd
    local email; email=$(sed -n 2p "$csv" | cut -d, -f1)
    case $row in
        find) cmd=("$bin/vcardtool" find --email "$email" "$file") ;;
        store-find) cmd=("$bin/vcard-bench" once store-find "$file" --updates "$csv") ;;
        set-phone) cmd=("$bin/vcardtool" set-phone --updates "$csv" "$file") ;;
        set-phone-ip) cp "$file" "$work/copy.vcf"; sync; cmd=("$bin/vcardtool" set-phone --updates "$csv" --in-place "$work/copy.vcf") ;;
        store-update) cp "$file" "$work/copy.vcf"; sync; cmd=("$bin/vcard-bench" once store-update "$work/copy.vcf" --updates "$csv") ;;
        store-enum) cmd=("$bin/vcard-bench" once store-enumerate "$file") ;;
        folder-find) cmd=("$bin/vcard-bench" once folder-find "$file.d" --updates "$csv") ;;
        folder-update) rm -rf "$work/copy.d"; cp -R "$file.d" "$work/copy.d"; sync; cmd=("$bin/vcard-bench" once folder-update "$work/copy.d" --updates "$csv") ;;
        folder-enum) cmd=("$bin/vcard-bench" once folder-enumerate "$file.d") ;;
    esac
    timed "$row" "$work/$row-$n.times" /dev/null "${cmd[@]}"
}

for n in "$small" "$large"; do
    file="$data/cards-$n-seed$seed.vcf"
    [ -s "$file" ] || "$bin/vcard-bench" generate --cards "$n" --seed "$seed" --out "$file" || exit 2
    [ -d "$file.d" ] || "$bin/vcardtool" split --into "$file.d" "$file" || exit 2
    "$bin/vcard-bench" generate --cards "$n" --updates-out "$work/updates-$n.csv" --updates 1000 2>/dev/null || exit 2
    cat "$file" >/dev/null  # warm the page cache
done

echo "== $rounds interleaved rounds of: ${rows[*]}, on $small and $large cards"
for round in $(seq 1 "$rounds"); do
    for n in "$small" "$large"; do
        for row in "${rows[@]}"; do run_row "$row" "$n"; done
    done
    echo "   round $round done"
done

printf '\n%s\n' "Median of $rounds interleaved rounds ($(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg))"
printf '%-14s %10s %10s %10s %10s %10s %10s %8s %8s\n' row "s $small" "s $large" "cpu $small" "cpu $large" \
    "MiB $small" "MiB $large" "growth" "cpu gr."
for row in "${rows[@]}"; do
    a=$(median "$work/$row-$small.times" 1) b=$(median "$work/$row-$large.times" 1)
    ca=$(median "$work/$row-$small.times" 3) cb=$(median "$work/$row-$large.times" 3)
    ma=$(median "$work/$row-$small.times" 2) mb=$(median "$work/$row-$large.times" 2)
    awk -v r="$row" -v a="$a" -v b="$b" -v ca="$ca" -v cb="$cb" -v ma="$ma" -v mb="$mb" \
        'BEGIN { printf "%-14s %10s %10s %10s %10s %10.1f %10.1f %8.1f %8.1f\n", r, a, b, ca, cb, ma / 1024, mb / 1024, b / a, cb / ca }'
done
ratio() {  # ROW ROW SIZE -> the ratio of their medians
    awk -v a="$(median "$work/$1-$3.times" 1)" -v b="$(median "$work/$2-$3.times" 1)" 'BEGIN { printf "%.2f", a / b }'
}
for n in "$small" "$large"; do
    echo "$n cards: store-find / find = $(ratio store-find find "$n") (bar 1.5), store-update / set-phone =" \
        "$(ratio store-update set-phone "$n") (bar 2), store-update / set-phone-ip = $(ratio store-update set-phone-ip "$n")"
done
