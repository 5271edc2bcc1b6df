# Shared by compare.sh and store-bench.sh (sourced, with $here set): the work folder, the release
# build, one timed run, medians.

# bench_setup NAME: makes $work (removed on exit unless KEEP=1), builds vcardtool and vcard-bench
# in release mode and sets $bin to their folder. On Linux they are built as scripts/install.sh
# builds the binary users run, with the Swift runtime linked statically and libcurl loaded at
# the first network call (scripts/lazy-curl.sh: a one-card cat takes 4 ms from start to end, the
# plain release build 23), in a scratch folder of its own (.build/installed) so that the plain
# release build stays as it is; without libcurl's development files (needed to link it so) the
# plain release build is timed, and the run says so.
. "$here/scripts/libcurl-dev.sh"

bench_setup() {
    work=$(mktemp -d "/tmp/$1.XXXXXX")
    if [ "${KEEP:-0}" = 1 ]; then echo "(keeping $work)"; else trap 'rm -rf "$work"' EXIT; fi
    local flags=(-c release --package-path "$here")
    if [ "$(uname -s)" = Linux ]; then
        if libcurl_dev_installed; then
            flags+=(--static-swift-stdlib --scratch-path "$here/.build/installed")
        else
            echo "note: no libcurl development files (apt-get install libcurl4-openssl-dev): timing the plain release build"
        fi
    fi
    echo "== building (release, as installed)"
    swift build "${flags[@]}" --product vcardtool >"$work/build.log" 2>&1 &&
        swift build "${flags[@]}" --product vcard-bench >>"$work/build.log" 2>&1 ||
        { cat "$work/build.log"; exit 2; }
    bin=$(swift build "${flags[@]}" --show-bin-path)
    [[ " ${flags[*]} " != *" --static-swift-stdlib "* ]] || "$here/scripts/lazy-curl.sh" "$bin/vcardtool"
}

# timed NAME TIMES OUTPUT COMMAND...: runs COMMAND once under /usr/bin/time (stdin /dev/null,
# stdout to OUTPUT) and appends "seconds peak-KiB cpu-seconds" to TIMES (CPU time, user and
# system, moves less than wall time when the machine is shared); says so when it exits above 1.
timed() {
    local name=$1 times=$2 out=$3 t0 t1 status
    shift 3
    t0=$(date +%s.%N)
    /usr/bin/time -f '%M %U %S' -o "$work/rss" "$@" >"$out" 2>"$work/err-$name" </dev/null
    status=$?
    t1=$(date +%s.%N)
    [ "$status" -le 1 ] || echo "note: $name exited with status $status: $(grep -v '^Command exited' "$work/err-$name" | head -n 2)"
    tail -n 1 "$work/rss" | awk -v a="$t0" -v b="$t1" '{ printf "%.3f %s %.2f\n", b - a, $1, $2 + $3 }' >>"$times"
}

# median FILE COLUMN: the median of that column.
median() {
    sort -n -k"$2","$2" "$1" | awk -v c="$2" '{ v[NR] = $c } END { if (NR % 2) print v[(NR + 1) / 2]; else printf "%.3f\n", (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}
