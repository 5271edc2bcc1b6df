#!/usr/bin/env bash
# Proof against reference implementations: every fixture (Tests/Fixtures/*.vcf) and every file of
# the shared corpus (../shared/corpus, by its INDEX.tsv, when present) goes through vcardtool
# lossless (`cat`), normalized (`cat --normalize`) and converted (`cat --to 2.1|3.0|4.0`), and
# ez-vcard (Java, Debian libez-vcard-java) and vobject (Python, PyPI) must read from each output
# the same FN, N, emails, phones, addresses and other values as they read from the original.
# Prints a table (file, check, ez-vcard, vobject: agree / DISAGREE / known / skipped) with the
# rows that are not all "agree", then a summary; the disagreements explained by a documented bug
# or limitation of the other tool are listed with their reason in scripts/interop/compare.py
# (KNOWN) and do not fail the run. Exit status 1 on any other disagreement, 2 on trouble.
#
#   scripts/interop.sh [--verbose] [CORPUS_DIR]
#
#   --verbose   print the agreeing rows too
#   KEEP=1      keep the working folder (outputs and both tools' readings, one JSON line a file)
set -u
here=$(cd "$(dirname "$0")/.." && pwd)
verbose=""
corpus=$here/../shared/corpus
for arg in "$@"; do
    case $arg in
        --verbose) verbose=--verbose ;;
        -h|--help) sed -n '2,16p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) corpus=$arg ;;
    esac
done

# ---- the reference tools -------------------------------------------------------------------
# ez-vcard reads through vinnie, which Debian packages apart (libvinnie-java): without it every
# ez-vcard check would fail with NoClassDefFoundError and count as "rejects the original".
ez_jar=$(ls /usr/share/java/ez-vcard.jar 2>/dev/null)
if [ -z "$ez_jar" ] || [ ! -f /usr/share/java/vinnie.jar ] || ! command -v javac >/dev/null; then
    echo "== installing ez-vcard (libez-vcard-java, libvinnie-java)"
    { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq libez-vcard-java libvinnie-java default-jdk-headless; } >/dev/null ||
        { echo "interop: apt-get install libez-vcard-java libvinnie-java failed" >&2; exit 2; }
    ez_jar=/usr/share/java/ez-vcard.jar
fi
[ -f /usr/share/java/vinnie.jar ] || { echo "interop: /usr/share/java/vinnie.jar is missing after the install" >&2; exit 2; }
if ! python3 -c 'import vobject' 2>/dev/null; then
    echo "== installing vobject"
    python3 -m pip install -q vobject >/dev/null || { echo "interop: pip install vobject failed" >&2; exit 2; }
fi
# ez-vcard's dependencies: vinnie (reading), and, when present, the jars its Debian package names.
classpath=$ez_jar
for jar in vinnie jackson-core jackson-databind jackson-annotations jsoup freemarker; do
    [ -f /usr/share/java/$jar.jar ] && classpath=$classpath:/usr/share/java/$jar.jar
done

work=$(mktemp -d /tmp/vcard-interop.XXXXXX)
if [ "${KEEP:-0}" = 1 ]; then echo "(keeping $work)"; else trap 'rm -rf "$work"' EXIT; fi
mkdir -p "$work/java"
javac -nowarn -d "$work/java" -cp "$classpath" "$here/scripts/interop/EzSummary.java" ||
    { echo "interop: javac failed" >&2; exit 2; }

# ---- vcardtool -------------------------------------------------------------------------------
swift build -c release --package-path "$here" --product vcardtool >"$work/build.log" 2>&1 ||
    { cat "$work/build.log"; exit 2; }
tool="$(swift build -c release --package-path "$here" --show-bin-path)/vcardtool"

# ---- the inputs ------------------------------------------------------------------------------
inputs=$work/inputs.tsv
# label, path, and whether the file is malformed on purpose (broken-* fixtures; INDEX.tsv's
# malformed_per_upstream column for the corpus).
for f in "$here"/Tests/Fixtures/*.vcf; do
    name=$(basename "$f")
    case $name in broken-*) malformed="yes: a broken fixture" ;; *) malformed=no ;; esac
    printf 'fixtures/%s\t%s\t%s\n' "$name" "$f" "$malformed"
done >"$inputs"
if [ -f "$corpus/INDEX.tsv" ]; then
    tail -n +2 "$corpus/INDEX.tsv" | cut -f1,8 | while IFS=$'\t' read -r path malformed; do
        [ -f "$corpus/$path" ] && printf 'corpus/%s\t%s\t%s\n' "$path" "$corpus/$path" "$malformed"
    done >>"$inputs"
else
    echo "(no corpus at $corpus: fixtures only)"
fi

python3 "$here/scripts/interop/compare.py" $verbose --tool "$tool" --work "$work" \
    --java-classpath "$work/java:$classpath" "$inputs"
