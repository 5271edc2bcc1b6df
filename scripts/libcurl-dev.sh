# Sourced by install.sh, install-check.sh and bench-common.sh: the one test of whether libcurl's
# development files are installed (libcurl.so, which the --static-swift-stdlib build links for
# FoundationNetworking; Debian's package is libcurl4-openssl-dev).
libcurl_dev_installed() {
    compgen -G '/usr/lib/*/libcurl.so' > /dev/null || [[ -e /usr/lib/libcurl.so ]]
}
