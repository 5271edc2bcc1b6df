#!/usr/bin/env bash
# Round trips: every fixture (Tests/Fixtures/*.vcf) and every file of the shared corpus
# (../shared/corpus, by its INDEX.tsv, when present) is converted away from its own vCard version
# and back (4.0 -> 3.0 -> 4.0, 3.0 -> 4.0 -> 3.0 or 2.1 -> 4.0 -> 2.1; vCard -> jCard -> vCard;
# vCard -> xCard -> vCard), and `vcardtool diff` compares the original with the end of the chain.
# Prints a table (chain, files, equal, different, unpaired, explained, unexplained, errors), the
# reasons of the differences left (KNOWN in scripts/interop/roundtrip.py: what a version cannot
# express, a defect reported in issue #14, a limit of diff) with their counts, and every
# difference no rule explains. Exit status 1 with --strict if a difference is unexplained, 2 on
# trouble (a conversion or diff failing with status 2), else 0.
#
#   scripts/roundtrip.sh [--verbose] [--strict] [CORPUS_DIR]
#
#   --verbose   list the files of each reason, and print vcardtool diff's text for every file
#               that differs
#   --strict    exit 1 if any difference is unexplained (for CI once issue #14 is fixed)
#   KEEP=1      keep the working folder (every step's output; roundtrip.jsonl: one record a chain)
set -u
here=$(cd "$(dirname "$0")/.." && pwd)
options=()
corpus=$here/../shared/corpus
for arg in "$@"; do
    case $arg in
        --verbose|--strict) options+=("$arg") ;;
        -h|--help) sed -n '2,17p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) corpus=$arg ;;
    esac
done

work=$(mktemp -d /tmp/vcard-roundtrip.XXXXXX)
if [ "${KEEP:-0}" = 1 ]; then echo "(keeping $work)"; else trap 'rm -rf "$work"' EXIT; fi
. "$here/scripts/interop/inputs.sh"
build_vcardtool
inputs=$work/inputs.tsv
list_inputs "$inputs"

python3 "$here/scripts/interop/roundtrip.py" "${options[@]}" --tool "$tool" --work "$work" "$inputs"
