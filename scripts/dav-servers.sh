#!/usr/bin/env bash
# Starts (or stops) throwaway CardDAV servers for the CardDAVTests: Radicale 3.9.0 with a plain
# htpasswd user, and Xandikos 0.4.10 with its default address book, both from pip in a venv
# (.build/dav-venv; Debian's xandikos 0.2.8 fails every addressbook-query), on free ports of
# 127.0.0.1, with their storage in a temporary folder (in /dev/shm when there is one). `start`
# waits until both answer and writes their URLs and the test user to .build/dav-servers.env,
# which the tests read; `stop` kills them and removes the storage and that file.
#
#   scripts/dav-servers.sh start    # about 1 s once the venv exists (about 20 s to create it)
#   scripts/dav-servers.sh stop
set -euo pipefail
cd "$(dirname "$0")/.."

venv=.build/dav-venv
envfile=.build/dav-servers.env
statefile=.build/dav-servers.state

free_port() { python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }

wait_up() {
    for _ in $(seq 1 300); do
        python3 - "$1" <<'PY' && return 0
import sys, urllib.request, urllib.error
try:
    urllib.request.urlopen(urllib.request.Request(sys.argv[1], method="OPTIONS"), timeout=1)
except urllib.error.HTTPError:
    pass
except OSError:
    sys.exit(1)
PY
        sleep 0.05
    done
    echo "dav-servers: $1 did not answer" >&2
    return 1
}

stop() {
    [[ -f $statefile ]] || return 0
    # shellcheck disable=SC1090
    source "$statefile"
    for pid in "${RADICALE_PID:-}" "${XANDIKOS_PID:-}"; do
        [[ -n $pid ]] && kill "$pid" 2>/dev/null && while kill -0 "$pid" 2>/dev/null; do sleep 0.05; done
    done
    [[ -n ${STORAGE:-} && $STORAGE == */vcardtool-dav.* ]] && rm -rf "$STORAGE"
    rm -f "$statefile" "$envfile"
}

start() {
    stop
    if ! "$venv/bin/python" -c 'import radicale, xandikos' 2>/dev/null; then
        python3 -m venv "$venv"
        "$venv/bin/pip" install -q 'radicale==3.9.0' 'xandikos==0.4.10'
    fi
    local storage radicale_port xandikos_port password
    # In memory where there is a tmpfs: both servers sync every write (Xandikos commits to git),
    # and on a busy disk a sync stalled them past the tests' timeouts.
    local memory=/dev/shm
    [[ -d $memory && -w $memory ]] || memory=${TMPDIR:-/tmp}
    storage=$(mktemp -d "$memory/vcardtool-dav.XXXXXX")
    radicale_port=$(free_port)
    xandikos_port=$(free_port)
    password=$(python3 -c 'import secrets; print(secrets.token_hex(12))')
    printf 'test:%s\n' "$password" > "$storage/users"
    "$venv/bin/radicale" --config "" --server-hosts "127.0.0.1:$radicale_port" \
        --auth-type htpasswd --auth-htpasswd-filename "$storage/users" --auth-htpasswd-encryption plain \
        --rights-type owner_only --storage-filesystem-folder "$storage/radicale" \
        --logging-level warning > "$storage/radicale.log" 2>&1 &
    local radicale_pid=$!
    XDG_DATA_HOME="$storage/xdg" "$venv/bin/xandikos" serve -d "$storage/xandikos" --defaults \
        -l 127.0.0.1 -p "$xandikos_port" --no-detect-systemd > "$storage/xandikos.log" 2>&1 &
    local xandikos_pid=$!
    printf 'RADICALE_PID=%s\nXANDIKOS_PID=%s\nSTORAGE=%s\n' "$radicale_pid" "$xandikos_pid" "$storage" > "$statefile"
    wait_up "http://127.0.0.1:$radicale_port/" && wait_up "http://127.0.0.1:$xandikos_port/" || { stop; exit 1; }
    cat > "$envfile" <<ENV
VCARDTOOL_TEST_RADICALE_URL=http://127.0.0.1:$radicale_port/
VCARDTOOL_TEST_RADICALE_USER=test
VCARDTOOL_TEST_RADICALE_PASSWORD=$password
VCARDTOOL_TEST_XANDIKOS_URL=http://127.0.0.1:$xandikos_port/
ENV
    echo "dav-servers: Radicale on port $radicale_port, Xandikos on port $xandikos_port ($envfile)"
}

case ${1:-} in
start) start ;;
stop) stop ;;
*) echo "usage: $0 start|stop" >&2; exit 2 ;;
esac
