#!/usr/bin/env bash
# Builds a release vcardtool and installs it, with its man page and shell completions, under
# PREFIX (default /usr/local):
#   PREFIX/bin/vcardtool
#   PREFIX/share/man/man1/vcardtool.1                       (vcardtool help --man)
#   PREFIX/share/bash-completion/completions/vcardtool      (vcardtool completion bash)
#   PREFIX/share/zsh/site-functions/_vcardtool              (vcardtool completion zsh)
#   PREFIX/share/fish/vendor_completions.d/vcardtool.fish   (vcardtool completion fish)
# On Linux the Swift runtime is linked statically (--static-swift-stdlib), so the binary runs on
# a machine without Swift (it needs glibc, libstdc++ and libcurl); macOS has the
# runtime built in. On Linux the build needs libcurl4-openssl-dev (Debian's name), and with
# patchelf the binary loads libcurl only when a command uses the network (scripts/lazy-curl.sh).
# Usage: scripts/install.sh [PREFIX]     e.g. scripts/install.sh ~/.local
set -euo pipefail
if [[ $# -gt 1 || ${1:-} == -* ]]; then
    echo "usage: scripts/install.sh [PREFIX]" >&2
    exit 2
fi
prefix=${1:-/usr/local}
cd "$(dirname "$0")/.."
. scripts/libcurl-dev.sh

flags=(-c release --product vcardtool)
if [[ $(uname -s) == Linux ]]; then
    flags+=(--static-swift-stdlib)
    # `vcardtool dav` uses FoundationNetworking, whose static link needs libcurl's development
    # library (the binary then loads libcurl.so.4, as the system has it).
    if ! libcurl_dev_installed; then
        echo "install.sh: needs libcurl's development files: apt-get install libcurl4-openssl-dev" >&2
        exit 2
    fi
fi
swift build "${flags[@]}"
binary="$(swift build "${flags[@]}" --show-bin-path)/vcardtool"

install -d "$prefix/bin" "$prefix/share/man/man1" "$prefix/share/bash-completion/completions" \
    "$prefix/share/zsh/site-functions" "$prefix/share/fish/vendor_completions.d"
install -m 755 "$binary" "$prefix/bin/vcardtool"
[[ $(uname -s) != Linux ]] || scripts/lazy-curl.sh "$prefix/bin/vcardtool"
"$binary" help --man > "$prefix/share/man/man1/vcardtool.1"
"$binary" completion bash > "$prefix/share/bash-completion/completions/vcardtool"
"$binary" completion zsh > "$prefix/share/zsh/site-functions/_vcardtool"
"$binary" completion fish > "$prefix/share/fish/vendor_completions.d/vcardtool.fish"
echo "installed vcardtool $("$prefix/bin/vcardtool" --version) in $prefix"
