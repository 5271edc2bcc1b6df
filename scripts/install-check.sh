#!/usr/bin/env bash
# The binary users install, checked as they would use it: scripts/install.sh into a temporary
# PREFIX (on Linux a --static-swift-stdlib build, about 3.5 min from clean), then the installed
# vcardtool runs the README's main job, lists no Swift library, and on Linux:
#   - lists neither libcurl (scripts/lazy-curl.sh) nor libxml2 among the libraries loaded at
#     start-up;
#   - with libcurl hidden (a mount namespace with /dev/null over libcurl.so.4; skipped with a note
#     where unshare is not allowed), still runs set-phone, and stops a network command with
#     status 2 and a message naming libcurl;
#   - when scripts/dav-servers.sh is running (.build/dav-servers.env), talks to Radicale and
#     Xandikos through the libcurl it loads on demand: a new address book on each, dav push,
#     dav pull, find and set-phone --in-place over the URL, and find again.
#
#   scripts/install-check.sh [--install]
#
#   --install   apt-get install what is missing of patchelf (for lazy-curl.sh) and
#               libcurl4-openssl-dev (install.sh's static build links libcurl)
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/libcurl-dev.sh
if [[ ${1:-} == --install ]] && [[ $(uname -s) == Linux ]]; then
    # patchelf for lazy-curl.sh; libcurl's development files for install.sh's static build.
    missing=()
    command -v patchelf > /dev/null || missing+=(patchelf)
    libcurl_dev_installed || missing+=(libcurl4-openssl-dev)
    if ((${#missing[@]})); then
        apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" > /dev/null
    fi
fi
prefix=$(mktemp -d /tmp/vcardtool-install.XXXXXX)
trap 'rm -rf "$prefix"' EXIT
fail() { echo "install-check: FAIL: $*" >&2; exit 1; }

scripts/install.sh "$prefix" > "$prefix/install.log" 2>&1 || { cat "$prefix/install.log"; fail "scripts/install.sh"; }
tail -n 1 "$prefix/install.log"
tool=$prefix/bin/vcardtool
main_job=(set-phone --email ada@analytical.example --phone "+1 555 0199" Tests/Fixtures/sample-contacts.vcf)
# Whether the text in $1 has the line $2 (CRLF or LF). Outputs are read whole before they are
# looked at: grep -q at the end of a pipe could end it early.
has_line() {
    local text=${1//$'\r'/}
    [[ $'\n'$text$'\n' == *$'\n'"$2"$'\n'* ]]
}
has_line "$("$tool" "${main_job[@]}" 2> /dev/null)" "item2.TEL:+1 555 0199" || fail "the README's main job"
for page in share/man/man1/vcardtool.1 share/bash-completion/completions/vcardtool; do
    [[ -s $prefix/$page ]] || fail "no $page"
done
[[ $(uname -s) == Linux ]] || { echo "install-check: ok"; exit 0; }

libraries=$(readelf -d "$tool" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p' | tr '\n' ' ')
echo "install-check: loaded at start-up: $libraries"
[[ $libraries != *libswift* && $libraries != *libFoundation* ]] || fail "a Swift library is loaded at start-up"
[[ $libraries != *libcurl* ]] || fail "libcurl is loaded at start-up (is patchelf installed?)"
[[ $libraries != *libxml2* ]] || fail "libxml2 is linked (FoundationXML is imported again)"

curl_library=$(ldconfig -p | awk '$1 == "libcurl.so.4" { print $NF; exit }')
if [[ -n $curl_library ]] && unshare -m true 2> /dev/null; then
    hidden=$(unshare -m bash -c '
        mount --bind /dev/null "$(readlink -f "$1")" || exit 3
        shift
        "$@" 2> /dev/null | grep -c "item2.TEL:+1 555 0199"
        "${@:1:1}" dav ls http://127.0.0.1:1/ 2>&1; echo "status $?"' _ "$curl_library" "$tool" "${main_job[@]}") ||
        fail "the checks with libcurl hidden: $hidden"
    [[ $hidden == 1$'\n'"vcardtool dav: the network needs libcurl"*$'\n'"status 2" ]] || fail "with libcurl hidden: $hidden"
    echo "install-check: without libcurl, set-phone runs and dav ls stops with status 2"
else
    echo "install-check: note: libcurl not hidden (no libcurl.so.4 or no unshare here)"
fi

if [[ -f .build/dav-servers.env ]]; then
    # shellcheck disable=SC1091
    source .build/dav-servers.env
    work=$prefix/dav
    mkdir -p "$work"
    for server in RADICALE XANDIKOS; do
        url_var=VCARDTOOL_TEST_${server}_URL user_var=VCARDTOOL_TEST_${server}_USER password_var=VCARDTOOL_TEST_${server}_PASSWORD
        home=$([[ $server == RADICALE ]] && echo test/ || echo user/contacts/)
        book=${!url_var}${home}install-check-$$/
        export VCARDTOOL_DAV_USER=${!user_var:-} VCARDTOOL_DAV_PASSWORD=${!password_var:-}
        python3 - "$book" <<'PY' || fail "MKCOL $book"
import base64, os, sys, urllib.request
body = b'<?xml version="1.0"?><D:mkcol xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:carddav"><D:set><D:prop><D:resourcetype><D:collection/><C:addressbook/></D:resourcetype></D:prop></D:set></D:mkcol>'
request = urllib.request.Request(sys.argv[1], data=body, method="MKCOL", headers={"Content-Type": "application/xml"})
if os.environ["VCARDTOOL_DAV_USER"]:
    token = base64.b64encode(f'{os.environ["VCARDTOOL_DAV_USER"]}:{os.environ["VCARDTOOL_DAV_PASSWORD"]}'.encode()).decode()
    request.add_header("Authorization", "Basic " + token)
urllib.request.urlopen(request, timeout=10)
PY
        has_line "$("$tool" dav push Tests/Fixtures/sample-contacts.vcf "$book" 2>&1)" "dav push: 4 added, 0 updated, 0 unchanged, 0 conflicts" ||
            fail "dav push to $server"
        "$tool" dav pull "$book" --into "$work/$server" > /dev/null 2>&1 || fail "dav pull from $server"
        [[ $(find "$work/$server" -name '*.vcf' | wc -l) == 4 ]] || fail "dav pull from $server: not 4 cards"
        has_line "$("$tool" find --email ada@analytical.example "$book" 2> /dev/null)" "FN:Ada Lovelace" || fail "find over $server"
        "$tool" set-phone --email ada@analytical.example --phone "+1 555 0100" --in-place "$book" > /dev/null 2>&1 || fail "set-phone --in-place over $server"
        has_line "$("$tool" find --email ada@analytical.example "$book" 2> /dev/null)" "item2.TEL:+1 555 0100" || fail "the phone set over $server"
        echo "install-check: $server: push, pull, find, set-phone --in-place and find again"
    done
else
    echo "install-check: note: no CardDAV servers (scripts/dav-servers.sh start)"
fi
echo "install-check: ok"
