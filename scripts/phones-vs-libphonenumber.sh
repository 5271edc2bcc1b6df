#!/usr/bin/env bash
# Differential test of vcardtool's phone numbers against libphonenumber (Debian's
# python3-phonenumbers, installed here when missing): libphonenumber's example numbers for every
# region and number type, in E.164, international, national, dialled with 00/011/810/010/0011,
# with extensions and as tel: URIs, go through `vcardtool cat --phones e164 --region R` (one run
# per default region, all its numbers in one vCard) and are compared with libphonenumber's parse,
# is-possible and E.164. Prints agreement per form and overall and every disagreement by reason
# (scripts/phones/compare.py). Exit status 1 when an E.164 of a possible number disagrees outside
# the listed exclusions, 2 on trouble.
#
#   scripts/phones-vs-libphonenumber.sh          (builds the debug vcardtool first)
set -u
here=$(cd "$(dirname "$0")/.." && pwd)
python=/usr/bin/python3
if ! $python -c 'import phonenumbers' 2>/dev/null; then
    echo "== installing python3-phonenumbers"
    { apt-get update -qq && apt-get install -y -qq python3-phonenumbers; } >/dev/null || { echo "cannot install python3-phonenumbers" >&2; exit 2; }
fi
(cd "$here" && swift build --product vcardtool >/dev/null) || { echo "swift build failed" >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
$python "$here/scripts/phones/compare.py" "$here/.build/debug/vcardtool" "$work"
