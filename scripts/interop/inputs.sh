# Shared by scripts/interop.sh and scripts/roundtrip.sh (sourced, with $here, $corpus and $work
# set): the release build of vcardtool, and the list of input files.

# build_vcardtool: builds vcardtool in release mode (log in $work/build.log) and sets $tool.
build_vcardtool() {
    swift build -c release --package-path "$here" --product vcardtool >"$work/build.log" 2>&1 ||
        { cat "$work/build.log"; exit 2; }
    tool="$(swift build -c release --package-path "$here" --show-bin-path)/vcardtool"
}

# list_inputs FILE: writes one line per input file: label, path, and whether the file is malformed
# on purpose (broken-* fixtures; INDEX.tsv's malformed_per_upstream column for the corpus), tab
# separated: Tests/Fixtures/*.vcf, then every file of $corpus listed in its INDEX.tsv (if present).
list_inputs() {
    local f name malformed path
    for f in "$here"/Tests/Fixtures/*.vcf; do
        name=$(basename "$f")
        case $name in broken-*) malformed="yes: a broken fixture" ;; *) malformed=no ;; esac
        printf 'fixtures/%s\t%s\t%s\n' "$name" "$f" "$malformed"
    done >"$1"
    if [ -f "$corpus/INDEX.tsv" ]; then
        tail -n +2 "$corpus/INDEX.tsv" | cut -f1,8 | while IFS=$'\t' read -r path malformed; do
            [ -f "$corpus/$path" ] && printf 'corpus/%s\t%s\t%s\n' "$path" "$corpus/$path" "$malformed"
        done >>"$1"
    else
        echo "(no corpus at $corpus: fixtures only)"
    fi
}
