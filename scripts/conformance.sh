#!/usr/bin/env bash
# Parses every file of the shared real-world corpus with vcardtool and prints, per file:
# cards found, warnings, errors, whether a lossless `cat` gives back the exact bytes, and the
# card count upstream expects. Fails on a crash, a hang, or, for a file upstream calls
# well-formed (INDEX.tsv column malformed_per_upstream is exactly "no"), on a card count that
# differs from INDEX.tsv or on any error. The duplicate-uid check does not count there: it is
# about the address book, not the syntax, and calcard/rfc.vcf holds the RFC 6350 synchronization
# example, the same card as two devices keep it, on purpose. At the end it lists the warning
# codes found on those well-formed files. Every file, well-formed or not, must equal itself by
# `vcardtool diff` (no card added, removed or changed).
#
#   scripts/conformance.sh [CORPUS_DIR]     (default: ../shared/corpus beside the repository)
set -u
here=$(cd "$(dirname "$0")/.." && pwd)
corpus=${1:-$here/../shared/corpus}
if [ ! -f "$corpus/INDEX.tsv" ]; then
    echo "conformance: no corpus at $corpus (INDEX.tsv missing); nothing to check"
    exit 0
fi
swift build -c release --package-path "$here" --product vcardtool >/dev/null || exit 2
tool="$(swift build -c release --package-path "$here" --show-bin-path)/vcardtool"
out=$(mktemp)
log=$(mktemp)
validwarnings=$(mktemp)
trap 'rm -f "$out" "$log" "$validwarnings"' EXIT

files=0 exact=0 selfequal=0 failures=0 errorfiles=0 warnings_total=0
printf '%-62s %5s %5s %5s %6s %8s  %s\n' FILE CARDS WARN ERR EXACT EXPECTED RESULT
while IFS=$'\t' read -r path bytes begins versions endings charset exporter malformed dup notes; do
    [ "$path" = path ] && continue
    file="$corpus/$path"
    files=$((files + 1))
    result=ok
    timeout 20 "$tool" validate --summary "$file" >"$log" 2>&1
    status=$?
    summary=$(tail -n 1 "$log")
    if [ "$status" -ge 124 ]; then
        result="FAIL: crash or hang (status $status)"
    fi
    cards=$(sed -n 's/.*: \([0-9]*\) cards, \([0-9]*\) warnings, \([0-9]*\) errors$/\1/p' <<<"$summary")
    warns=$(sed -n 's/.*: \([0-9]*\) cards, \([0-9]*\) warnings, \([0-9]*\) errors$/\2/p' <<<"$summary")
    errs=$(sed -n 's/.*: \([0-9]*\) cards, \([0-9]*\) warnings, \([0-9]*\) errors$/\3/p' <<<"$summary")
    timeout 20 "$tool" cat "$file" >"$out" 2>/dev/null
    catstatus=$?
    if [ "$catstatus" -ge 124 ]; then result="FAIL: cat crashed or hung (status $catstatus)"; fi
    if cmp -s "$out" "$file"; then same=yes; exact=$((exact + 1)); else same=no; fi
    selfdiff=$(timeout 20 "$tool" diff --format json "$file" "$file" 2>/dev/null)
    diffstatus=$?
    if [ "$selfdiff" = '{"added":[],"removed":[],"changed":[]}' ] && [ "$diffstatus" -le 1 ]; then
        selfequal=$((selfequal + 1))
    elif [ "$result" = ok ]; then
        result="FAIL: diff F F is not equal (status $diffstatus)"
    fi
    # Cards nested in AGENT values, or in a card as Android nests them, are counted by grep but
    # are not top-level cards: vcardtool reads them as the value of a property of the outer card.
    nested=$(sed -n 's/.*\([0-9][0-9]*\) line(s) contain BEGIN:VCARD inside a value.*/\1/p' <<<"$notes")
    if [[ "$notes" == *"nested BEGIN:VCARD blocks"* ]]; then
        nested=$(tr -d '\r' <"$file" | awk 'toupper($0) ~ /^BEGIN:VCARD$/ { if (depth > 0) n++; depth++ }
                                          toupper($0) ~ /^END:VCARD$/ { depth-- } END { print n + 0 }')
    fi
    expected=$((begins - ${nested:-0}))
    if [ "$malformed" = no ] && [ "${cards:-x}" != "$expected" ] && [ "$result" = ok ]; then
        result="FAIL: $cards cards, upstream expects $expected"
    fi
    if [ "$malformed" = no ]; then
        duplicates=$(grep -c ': error: .*\[duplicate-uid\]$' "$log")
        syntaxerrors=$((${errs:-0} - duplicates))
        if [ "$syntaxerrors" -gt 0 ] && [ "$result" = ok ]; then
            result="FAIL: $syntaxerrors error(s) in a file upstream calls valid: $(grep -m 1 ': error: ' "$log")"
        fi
        grep -o ': \(warning\|error\): .*\[[a-z0-9-]*\]$' "$log" | sed 's/.*\[\([a-z0-9-]*\)\]$/\1/' >>"$validwarnings"
    fi
    [ "${errs:-0}" -gt 0 ] && errorfiles=$((errorfiles + 1))
    warnings_total=$((warnings_total + ${warns:-0}))
    case $result in FAIL*) failures=$((failures + 1)) ;; esac
    printf '%-62s %5s %5s %5s %6s %8s  %s\n' "$path" "${cards:-?}" "${warns:-?}" "${errs:-?}" "$same" "$expected" "$result"
done <"$corpus/INDEX.tsv"

echo "conformance: diagnostics on files upstream calls valid, by code:" \
    "$(sort "$validwarnings" | uniq -c | sort -rn | awk '{printf "%s%s %s", sep, $2, $1; sep=", "}')"
echo "conformance: $files files, $exact byte-exact round trips, $selfequal equal to themselves by diff, $warnings_total warnings, $errorfiles files with errors, $failures failures"
[ "$failures" -eq 0 ]
