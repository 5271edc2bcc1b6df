#!/usr/bin/env bash
# sabre/vobject as a second opinion on validation (issue #17): every card of the corpus that
# sabre/vobject calls invalid, vcardtool must flag too (`validate --format json`: any finding,
# warning or error), or the difference must have a reason in scripts/interop/sabre_compare.py
# (KNOWN, keyed by sabre's message, each with a one-line reason).
#
# sabre/vobject is Debian's php-sabre-vobject (installed with php-cli when missing): version 2.1.7,
# older than the 4.x that Nextcloud runs. It has no `vobject validate` command, only vobjectvalidate,
# which stops a whole file at the first parse error, so scripts/interop/sabre_validate.php does what
# it does per card: Reader::read, then $card->validate() without REPAIR, where any finding (and any
# ParseException) counts as "invalid", whatever its level (2.1.7 gives every vCard finding level 1,
# its most severe; the 3.x/4.x scale, 1 repaired, 2 warning, 3 error, came later); then
# validate(REPAIR) on a copy, to count the cards sabre's own repair clears.
#
# Prints the figures (cards sabre flags, cards vcardtool flags, both, explained, unexplained) and
# the explained differences per rule. Exit status 0 when every difference is explained, 1 when
# one is not, 2 on trouble; 0 with a message when the corpus is absent.
#
#   scripts/sabre-vs-vcardtool.sh [CORPUS_DIR]      (default ../shared/corpus)
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
corpus="${1:-$here/../shared/corpus}"

if [[ ! -d "$corpus" ]]; then
    echo "sabre-vs-vcardtool: no corpus at $corpus; skipped"
    exit 0
fi
if ! command -v php >/dev/null || [[ ! -f /usr/share/php/Sabre/VObject/autoload.php ]]; then
    echo "== installing php-cli and php-sabre-vobject"
    { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq php-cli php-sabre-vobject; } >/dev/null ||
        { echo "sabre-vs-vcardtool: apt-get install php-cli php-sabre-vobject failed" >&2; exit 2; }
fi

work="$(mktemp -d /tmp/vcard-sabre.XXXXXX)"
trap 'rm -rf "$work"' EXIT
start=$SECONDS
# shellcheck source=scripts/interop/inputs.sh
. "$here/scripts/interop/inputs.sh"
build_vcardtool

# Every file INDEX.tsv lists (372: .vcf, .vcard, .ics and .txt), else every .vcf.
if [[ -f "$corpus/INDEX.tsv" ]]; then
    tail -n +2 "$corpus/INDEX.tsv" | cut -f1 | while IFS= read -r path; do printf '%s\0' "$corpus/$path"; done >"$work/files"
else
    find "$corpus" -name '*.vcf' -type f -print0 | sort -z >"$work/files"
fi
echo "sabre/vobject $(dpkg-query -W -f '${Version}' php-sabre-vobject 2>/dev/null || echo '?'), $(tr -cd '\0' <"$work/files" | wc -c) files of $corpus"
xargs -0 php "$here/scripts/interop/sabre_validate.php" <"$work/files" >"$work/sabre.jsonl" ||
    { echo "sabre-vs-vcardtool: sabre_validate.php failed" >&2; exit 2; }
# validate exits 1 when it finds errors, which is expected here; 2 is trouble.
status=0
xargs -0 "$tool" validate --format json <"$work/files" >"$work/vcardtool.jsonl" 2>"$work/validate.err" || status=$?
if ((status != 0 && status != 123)); then
    cat "$work/validate.err" >&2
    echo "sabre-vs-vcardtool: vcardtool validate failed (status $status)" >&2
    exit 2
fi
status=0
python3 "$here/scripts/interop/sabre_compare.py" "$work/sabre.jsonl" "$work/vcardtool.jsonl" || status=$?
echo "($((SECONDS - start)) s)"
exit "$status"
