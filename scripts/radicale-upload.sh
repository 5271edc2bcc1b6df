#!/usr/bin/env bash
# Radicale accepts every card of `vcardtool repair --for nextcloud` output of the corpus (issue #17).
#
# Installs a pinned Radicale (and the vobject it validates with) in a throwaway venv, starts it on
# 127.0.0.1 (a free port) with a throwaway storage folder and no authentication (any password;
# rights owner_only; Radicale creates the user's principal collection on the first request). For
# each file of the corpus (by its INDEX.tsv, else every .vcf) it runs `vcardtool repair --for
# nextcloud` (the cards repair rejects, 2.1 and others, are left out and counted), creates one
# address book for the file (MKCOL with the CardDAV resourcetype: one import per file, since the
# corpus repeats cards and UIDs across files), splits the output into one card per file
# (`vcardtool split --into`) and PUTs each card (`Content-Type: text/vcard`, 4 at a time).
# Prints the accepted (201/204) and refused cards, each refused one with Radicale's message (from
# its log) and, when known() explains it as Radicale's own limit, the reason. Stops the server on
# exit, failure included. Exit status 1 when Radicale refuses a repaired card for any other
# reason, 2 on trouble; 0 with a message when the corpus is absent.
#
#   scripts/radicale-upload.sh [CORPUS_DIR]      (default ../shared/corpus)
#   KEEP=1    keep the working folder (repaired files, cards, answers, the server's log)
set -euo pipefail
shopt -s nullglob
here="$(cd "$(dirname "$0")/.." && pwd)"
corpus="${1:-$here/../shared/corpus}"
radicale_version=3.9.0
vobject_version=0.9.9

if [[ ! -d "$corpus" ]]; then
    echo "radicale-upload: no corpus at $corpus; skipped"
    exit 0
fi

work="$(mktemp -d /tmp/vcard-radicale.XXXXXX)"
server=""
cleanup() {
    if [[ -n "$server" ]]; then
        kill "$server" 2>/dev/null || true
        wait "$server" 2>/dev/null || true
    fi
    if [[ "${KEEP:-0}" == 1 ]]; then echo "(kept $work)"; else rm -rf "$work"; fi
}
trap cleanup EXIT
start=$SECONDS

# ---- Radicale -------------------------------------------------------------------------------
python3 -m venv "$work/venv" || { echo "radicale-upload: python3 -m venv failed (Debian: apt-get install python3-venv)" >&2; exit 2; }
"$work/venv/bin/pip" install -q "radicale==$radicale_version" "vobject==$vobject_version" >"$work/pip.log" 2>&1 ||
    { cat "$work/pip.log" >&2; echo "radicale-upload: pip install radicale==$radicale_version failed" >&2; exit 2; }
port="$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
base="http://127.0.0.1:$port"
user=vcardtool
"$work/venv/bin/python" -m radicale --config "" --server-hosts "127.0.0.1:$port" \
    --storage-filesystem-folder "$work/storage" --auth-type none --rights-type owner_only \
    --logging-level warning >"$work/radicale.log" 2>&1 &
server=$!
for _ in $(seq 100); do
    curl -s -u "$user:x" -o /dev/null "$base/" && break
    kill -0 "$server" 2>/dev/null || { cat "$work/radicale.log" >&2; echo "radicale-upload: Radicale did not start" >&2; exit 2; }
    sleep 0.1
done
curl -s -u "$user:x" -o /dev/null "$base/" || { cat "$work/radicale.log" >&2; echo "radicale-upload: Radicale does not answer on $base" >&2; exit 2; }

# ---- vcardtool and the inputs ---------------------------------------------------------------
# shellcheck source=scripts/interop/inputs.sh
. "$here/scripts/interop/inputs.sh"
build_vcardtool
if [[ -f "$corpus/INDEX.tsv" ]]; then
    tail -n +2 "$corpus/INDEX.tsv" | cut -f1 >"$work/files"
else
    (cd "$corpus" && find . -name '*.vcf' -type f | sed 's|^\./||' | sort) >"$work/files"
fi
echo "Radicale $radicale_version (vobject $vobject_version) on $base, $(wc -l <"$work/files") files of $corpus"

# ---- repair, split, one address book per file -------------------------------------------------
mkcol='<?xml version="1.0" encoding="utf-8"?>
<mkcol xmlns="DAV:" xmlns:CR="urn:ietf:params:xml:ns:carddav"><set><prop>
<resourcetype><collection/><CR:addressbook/></resourcetype></prop></set></mkcol>'
rejected=0
: >"$work/puts"
n=0
while IFS= read -r path; do
    n=$((n + 1))
    book="book-$n"
    status=0
    "$tool" repair --for nextcloud "$corpus/$path" >"$work/$book.vcf" 2>"$work/$book.err" || status=$?
    ((status <= 1)) || { cat "$work/$book.err" >&2; echo "radicale-upload: repair failed on $path" >&2; exit 2; }
    rejected=$((rejected + $(grep -c ': rejected: ' "$work/$book.err" || true)))
    [[ -s "$work/$book.vcf" ]] || continue
    # split exits 1 when the repaired file still has a parse error (it writes the cards all the same).
    status=0
    "$tool" split --into "$work/$book" "$work/$book.vcf" 2>>"$work/split.err" || status=$?
    ((status <= 1)) || { echo "radicale-upload: split failed on the repaired $path" >&2; exit 2; }
    code="$(curl -s -u "$user:x" -o "$work/$book.mkcol" -w '%{http_code}' -X MKCOL -H 'Content-Type: application/xml' --data "$mkcol" "$base/$user/$book/")"
    [[ "$code" == 201 ]] || { cat "$work/$book.mkcol" >&2; echo "radicale-upload: MKCOL $book for $path answered $code" >&2; exit 2; }
    for card in "$work/$book"/*.vcf; do
        printf '%s\t%s\t%s\n' "$path" "$card" "$base/$user/$book/$(basename "$card")" >>"$work/puts"
    done
done <"$work/files"

# ---- PUT each card, 4 at a time; one line per card: status, source file, card file, URL -------
put() {
    local code
    code="$(curl -s -u "$user:x" -o "$2.answer" -w '%{http_code}' -X PUT -H 'Content-Type: text/vcard' --data-binary "@$2" "$3")"
    printf '%s\t%s\t%s\t%s\n' "$code" "$1" "$2" "$3"
}
export -f put
export user
tr '\t\n' '\0\0' <"$work/puts" | xargs -0 -n 3 -P 4 bash -c 'put "$@"' _ >"$work/results"

# Refusals with a known cause: Radicale (its vobject) refusing what the RFCs allow. Prints
# "radicale: reason" for Radicale's MESSAGE, nothing when unknown. (What Radicale refused rightly
# was fixed in repair instead: a parse error, a shared UID, names sabre cannot read, a missing
# END:VCARD, an empty parameter, a '"' inside an unquoted parameter value, a byte-order mark.)
known() {
    case "$1" in
        *"cannot contain more than 1 N"*)
            echo "radicale: RFC 6350 §5.4: N variants that share an ALTID count as one N; vobject counts each" ;;
        *"already has a PROFILE or uses BEGIN"*)
            echo "radicale: RFC 2426 §2.1.3 defines PROFILE:VCARD for 3.0; vobject refuses it after BEGIN" ;;
    esac
}

accepted=0 explained=0 refused=0
: >"$work/refused"
while IFS=$'\t' read -r code path card url; do
    if [[ "$code" == 201 || "$code" == 204 ]]; then accepted=$((accepted + 1)); continue; fi
    # Radicale answers 400 "Bad Request" and logs why; the log names the request's path.
    message="$(grep -F "on '/${url#"$base"/}'" "$work/radicale.log" | sed -E "s/^.*Bad PUT request on '[^']*' \([^)]*\): //" | head -n 1)"
    [[ -n "$message" ]] || message="$(tr -s '\r\n' ' ' <"$card.answer")"
    reason="$(known "$message")"
    if [[ -n "$reason" ]]; then explained=$((explained + 1)); else refused=$((refused + 1)); fi
    printf '  %s %s %s: %s\n      %s\n' "$code" "$path" "$(basename "$card")" "$(cut -c1-220 <<<"$message")" "${reason:-UNEXPLAINED}" >>"$work/refused"
done <"$work/results"

echo "cards repair --for nextcloud rejected (left out, not sent): $rejected"
echo "cards PUT: $(wc -l <"$work/results"); accepted (201/204): $accepted; refused: $((explained + refused))" \
    "($explained Radicale's limitation, $refused unexplained)"
if [[ -s "$work/refused" ]]; then
    echo "refused (status, corpus file, card, Radicale's message, and why):"
    cat "$work/refused"
fi
echo "($((SECONDS - start)) s)"
((refused == 0))
