#!/usr/bin/env bash
# API documentation of the four libraries, built without the DocC plugin: SwiftPM's own
# `dump-symbol-graph` (it reuses the debug build `swift build` or `swift test` made), then the
# toolchain's `docc convert` of each catalogue, Sources/<Module>/<Module>.docc. Any DocC warning —
# an unresolved ``link`` in a doc comment or an article, an undocumented parameter of a documented
# function — fails the run, with the file and line.
#
#   scripts/docs.sh        # writes .build/docs/<Module>.doccarchive (not committed)
#
# To read one in a browser: docc preview Sources/ContactsModel/ContactsModel.docc
#   --additional-symbol-graph-dir .build/docs/graphs-ContactsModel
set -euo pipefail
cd "$(dirname "$0")/.."

out=.build/docs
mkdir -p "$out"
log=$out/dump-symbol-graph.log
swift package dump-symbol-graph --minimum-access-level public >"$log" 2>&1 || { cat "$log" >&2; exit 2; }
graphs=$(sed -n 's/^Files written to //p' "$log")
version=$(sed -n 's/.*static let version = "\(.*\)".*/\1/p' Sources/vcardtool/VCardTool.swift)

status=0
for module in VCardParser VCardFormats ContactsModel CardDAV; do
    # Only this module's graphs (its own, and its extensions of other modules): docc documents one.
    own=$out/graphs-$module
    rm -rf "$own" && mkdir -p "$own"
    cp "$graphs/$module.symbols.json" "$own/"
    cp "$graphs/$module@"*.symbols.json "$own/" 2>/dev/null || true
    if ! docc convert "Sources/$module/$module.docc" --additional-symbol-graph-dir "$own" \
        --output-path "$out/$module.doccarchive" --fallback-display-name "$module" \
        --fallback-bundle-identifier "vcardtool.$module" --fallback-bundle-version "${version:-0}" \
        --warnings-as-errors >"$out/docc-$module.log" 2>&1; then
        echo "docs: $module: DocC reports problems:" >&2
        grep -E -A1 "^(warning|error):" "$out/docc-$module.log" >&2 || cat "$out/docc-$module.log" >&2
        status=1
        continue
    fi
    echo "docs: $module: $out/$module.doccarchive"
done
exit $status
