#!/usr/bin/env bash
# Proof against reference implementations: every fixture (Tests/Fixtures/*.vcf) and every file of
# the shared corpus (../shared/corpus, by its INDEX.tsv, when present) goes through vcardtool
# lossless (`cat`), normalized (`cat --normalize`), converted (`cat --to 2.1|3.0|4.0`) and to
# jCard and xCard (`convert --to jcard|xcard`), and ez-vcard (Java, Debian libez-vcard-java) and
# vobject (Python, PyPI; vCard only) must read from each output the same FN, N, emails, phones,
# addresses and other values as they read from the original. ez-vcard's own conversion is the
# second reference: it converts every input to each target with its own writers too, and reads
# that back; per target, vcardtool's output must read back like the original in at least as many
# files as ez-vcard's own.
# Prints a table (file, check, ez-vcard, vobject, ez-vcard's own: agree / DISAGREE / known /
# skipped) with the rows that are not all "agree", the per-target table, then a summary; the
# disagreements explained by a documented bug or limitation of the other tool are listed with
# their reason in scripts/interop/compare.py (KNOWN) and do not fail the run. Exit status 1 on any
# other disagreement or a target where ez-vcard's own conversion does better, 2 on trouble.
#
#   scripts/interop.sh [--verbose] [CORPUS_DIR]
#
#   --verbose   print the agreeing rows too, and the files only vcardtool's conversion keeps
#   KEEP=1      keep the working folder (outputs and both tools' readings, one JSON line a file)
set -u
here=$(cd "$(dirname "$0")/.." && pwd)
verbose=""
corpus=$here/../shared/corpus
for arg in "$@"; do
    case $arg in
        --verbose) verbose=--verbose ;;
        -h|--help) sed -n '2,20p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) corpus=$arg ;;
    esac
done

# ---- the reference tools -------------------------------------------------------------------
# ez-vcard reads through vinnie, which Debian packages apart (libvinnie-java): without it every
# ez-vcard check would fail with NoClassDefFoundError and count as "rejects the original".
# Its jCard reader and writer need Jackson (libjackson2-*-java), which it does not pull in either.
jars="ez-vcard vinnie jackson-core jackson-databind jackson-annotations"
missing() { for jar in $jars; do [ -f /usr/share/java/$jar.jar ] || return 0; done; ! command -v javac >/dev/null; }
if missing; then
    echo "== installing ez-vcard (libez-vcard-java, libvinnie-java, libjackson2-*-java)"
    { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq libez-vcard-java libvinnie-java \
        libjackson2-core-java libjackson2-databind-java libjackson2-annotations-java default-jdk-headless; } >/dev/null ||
        { echo "interop: apt-get install libez-vcard-java libvinnie-java libjackson2-*-java failed" >&2; exit 2; }
fi
for jar in $jars; do
    [ -f /usr/share/java/$jar.jar ] || { echo "interop: /usr/share/java/$jar.jar is missing after the install" >&2; exit 2; }
done
if ! python3 -c 'import vobject' 2>/dev/null; then
    echo "== installing vobject"
    python3 -m pip install -q vobject >/dev/null || { echo "interop: pip install vobject failed" >&2; exit 2; }
fi
# ez-vcard and its dependencies: vinnie (reading), Jackson (jCard), and, when present, the other
# jars its Debian package names.
classpath=""
for jar in $jars jsoup freemarker; do
    [ -f /usr/share/java/$jar.jar ] && classpath=$classpath${classpath:+:}/usr/share/java/$jar.jar
done

work=$(mktemp -d /tmp/vcard-interop.XXXXXX)
if [ "${KEEP:-0}" = 1 ]; then echo "(keeping $work)"; else trap 'rm -rf "$work"' EXIT; fi
mkdir -p "$work/java"
javac -nowarn -d "$work/java" -cp "$classpath" "$here/scripts/interop/EzSummary.java" ||
    { echo "interop: javac failed" >&2; exit 2; }

# ---- vcardtool and the inputs ---------------------------------------------------------------
. "$here/scripts/interop/inputs.sh"
build_vcardtool
inputs=$work/inputs.tsv
list_inputs "$inputs"

python3 "$here/scripts/interop/compare.py" $verbose --tool "$tool" --work "$work" \
    --java-classpath "$work/java:$classpath" "$inputs"
