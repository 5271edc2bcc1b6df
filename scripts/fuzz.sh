#!/usr/bin/env bash
# Builds the libFuzzer targets of Fuzz/ (a package of its own) with -sanitize=fuzzer,address,
# seeds their corpora from Tests/Fixtures, and runs ParserFuzz, ContactFuzz and WriterFuzz (on
# vCard), JCardFuzz, XCardFuzz and CSVFuzz (on .json, .xml and .csv) and DAVFuzz (CardDAV
# multistatus, .davxml) for SECONDS each.
# Exits 1 on any finding (a broken invariant, a crash, a sanitizer report, an input slower than
# 10 s, more than 2 GB of memory) and prints the input's path; 2 when the build fails.
#
#   scripts/fuzz.sh [SECONDS]        (default 60)
#
#   FUZZ_SEED=n   libFuzzer's -seed (default: a new one each run)
#   FUZZ_RUNS=n   stop each target after n inputs, JCardFuzz and XCardFuzz after 10 n (their
#                 inputs take about a tenth of the time; default: only the time limit). With a fixed
#                 seed and SWIFT_DETERMINISTIC_HASHING=1 (set here), a run explores the same
#                 inputs again for its first few thousand, then parts from the other run (a
#                 generated UUID, Foundation's state; fixing the UUID and address-space layout
#                 did not stop it), or stops earlier on a slower machine. .ci/run uses this, so
#                 that CI checks mostly what runs here checked, yet it can find what they did not
#                 (ContactFuzz did, on 2026-12-06): each finding's bytes are printed as base64 to
#                 rebuild it here. Exploring with new seeds is a job done by hand.
#
# The corpora and findings live in $VCARD_FUZZ_DIR (default: $TMPDIR or /tmp, then
# vcardtool-fuzz), outside the repository, and grow from run to run. Reproduce a finding with
#   SWIFT_BACKTRACE=enable=no Fuzz/.build/release/ParserFuzz <input>
set -u
here=$(cd "$(dirname "$0")/.." && pwd)
seconds=${1:-60}
work=${VCARD_FUZZ_DIR:-${TMPDIR:-/tmp}/vcardtool-fuzz}
flags=(-c release --package-path "$here/Fuzz" -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library -Xswiftc -use-ld=lld)

# SwiftPM keeps the file list of the local dependency (the main package) from the last build:
# touching the manifest makes it look again, so new source files are compiled too.
touch "$here/Fuzz/Package.swift"
mkdir -p "$work"
echo "fuzz: building Fuzz/ with -sanitize=fuzzer,address"
if ! swift build "${flags[@]}" >"$work/build.log" 2>&1; then
    tail -n 30 "$work/build.log"
    echo "fuzz: build failed"
    exit 2
fi
bin=$(swift build "${flags[@]}" --show-bin-path)

findings=0
for target in ParserFuzz ContactFuzz WriterFuzz JCardFuzz XCardFuzz CSVFuzz DAVFuzz; do
    runs=${FUZZ_RUNS:--1}
    case $target in
        JCardFuzz) extension=json dict=jcard.dict; [ "$runs" -gt 0 ] && runs=$((runs * 10)) ;;
        XCardFuzz) extension=xml dict=xcard.dict; [ "$runs" -gt 0 ] && runs=$((runs * 10)) ;;
        CSVFuzz) extension=csv dict=csv.dict ;;
        DAVFuzz) extension=davxml dict=dav.dict ;;
        *) extension=vcf dict=vcard.dict ;;
    esac
    corpus="$work/corpus-$target"
    artifacts="$work/findings/$target"
    log="$work/$target.log"
    mkdir -p "$corpus" "$artifacts"
    rm -f "$artifacts"/*
    cp -n "$here"/Tests/Fixtures/*."$extension" "$here"/Tests/Fixtures/fuzz/*."$extension" "$corpus"/ 2>/dev/null
    echo "fuzz: $target for $seconds s (corpus $corpus)"
    SWIFT_DETERMINISTIC_HASHING=1 SWIFT_BACKTRACE=enable=no "$bin/$target" -max_total_time="$seconds" \
        -seed="${FUZZ_SEED:-0}" -runs="$runs" -timeout=10 -rss_limit_mb=2048 \
        -dict="$here/Fuzz/$dict" -artifact_prefix="$artifacts/" -print_final_stats=1 "$corpus" >"$log" 2>&1
    status=$?
    grep -E '^(stat::number_of_executed_units|stat::peak_rss_mb)' "$log" | sed "s/^/fuzz: $target /"
    if [ "$status" -ne 0 ]; then
        findings=$((findings + 1))
        grep -a -m 1 -A 4 -E 'fuzz invariant broken|Fatal error|ERROR: (AddressSanitizer|libFuzzer|LeakSanitizer)|SUMMARY' "$log"
        echo "fuzz: $target FAILED (status $status); log: $log"
        for input in "$artifacts"/*; do
            [ -e "$input" ] || continue
            echo "fuzz: finding: $input   (reproduce: SWIFT_BACKTRACE=enable=no $bin/$target $input)"
            # The input itself, so that a finding on another machine (CI) can be rebuilt here:
            #   echo '<base64>' | base64 -d > finding
            size=$(wc -c <"$input")
            [ "$size" -le 16384 ] && echo "fuzz: finding's $size bytes as base64: $(base64 -w 0 "$input")"
        done
    else
        echo "fuzz: $target ok"
    fi
done
[ "$findings" -eq 0 ]
