#!/usr/bin/env bash
# Whole-process vCard round trips, side by side on one generated corpus, interleaved (A B C A B C …)
# so that the machine's load hits every tool alike: vcardtool cat, cat --normalize, set-phone on
# 1,000 emails (cards parsed on every core), validate and find --email (one address), cat, cat
# --normalize, set-phone, validate and find on one thread (VCARDTOOL_THREADS=1), the C floor
# (../shared/bench/vcffloor.c, cc -O2), plain cat, and, when installed, ez-vcard (Java),
# sabre/vobject (PHP) and vobject (Python). Prints each tool's median wall time,
# MB/s, peak RSS, and its time as a multiple of vcardtool cat's and of the floor's; then issue 21's
# bars: each vcardtool command's time over cat's on as many threads, and cat's over the floor's.
#
#   scripts/compare.sh [--install] [--big] [--quick] [CARDS]     (default 100000 cards, about 80 MB)
#
#   --install   apt-get install libez-vcard-java libvinnie-java php-sabre-vobject time
#               libcurl4-openssl-dev (to time the binary as installed), pip install vobject
#               (otherwise missing tools are skipped with a note)
#   --big       then time vcardtool cat alone on 1,000,000 cards (about 800 MB), for linear growth
#   --quick     only vcardtool, the floor and cat (the other libraries take minutes a run)
#   ROUNDS=n    rounds of the interleaved run (default 3); BIG_ROUNDS=n for --big (default 1)
#   KEEP=1      keep the temporary folder (outputs, logs)
#   FLOOR_SRC=f the floor's source (default ../shared/bench/vcffloor.c); BENCH_DATA=dir for corpora
#   OUT_DIR=dir where the outputs go (default a folder in /dev/shm when there is one, else the
#               work folder): on a disk, each round's 80 MB outputs are written back while the
#               next tools run, and the run times the writeback's throttling (plain cat took
#               0.25 s there, 0.04 s on tmpfs), not the tools
#
# The corpus is kept in bench-data/ (git-ignored) and reused. Exit status 0 unless something broke.
set -u
here=$(cd "$(dirname "$0")/.." && pwd)
install=0 big=0 quick=0 cards=100000
for arg in "$@"; do
    case $arg in
        --install) install=1 ;;
        --big) big=1 ;;
        --quick) quick=1 ;;
        -h|--help) sed -n '2,26p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        [0-9]*) cards=$arg ;;
        *) echo "compare.sh: unknown argument $arg" >&2; exit 2 ;;
    esac
done
rounds=${ROUNDS:-3}
floor_src=${FLOOR_SRC:-$here/../shared/bench/vcffloor.c}
data=${BENCH_DATA:-$here/bench-data}
seed=20261129

if [ "$install" = 1 ]; then
    echo "== installing the other tools"
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq \
        libez-vcard-java libvinnie-java php-sabre-vobject time libcurl4-openssl-dev >/dev/null || echo "note: apt-get install failed"
    pip install -q vobject >/dev/null 2>&1 || echo "note: pip install vobject failed"
fi
if [ ! -x /usr/bin/time ]; then
    echo "compare.sh: /usr/bin/time is missing (apt-get install time, or run with --install)" >&2
    exit 2
fi

. "$here/scripts/bench-common.sh"
bench_setup vcard-compare
vcardtool=$bin/vcardtool
bench=$bin/vcard-bench
have_floor=0
if [ -f "$floor_src" ] && cc -O2 -o "$work/vcffloor" "$floor_src"; then have_floor=1; else echo "note: no C floor ($floor_src)"; fi

mkdir -p "$data"
corpus() {  # CARDS -> path of the corpus, generated once
    local path="$data/cards-$1-seed$seed.vcf"
    [ -s "$path" ] || "$bench" generate --cards "$1" --seed "$seed" --out "$path" >&2 || exit 2
    echo "$path"
}
big_vcf=$(corpus "$cards")
updates="$work/updates.csv"
if [ -n "${OUT_DIR:-}" ]; then
    outs=$OUT_DIR
elif [ -d /dev/shm ] && [ -w /dev/shm ] && outs=$(mktemp -d /dev/shm/vcard-compare-out.XXXXXX); then
    if [ "${KEEP:-0}" = 1 ]; then echo "(keeping the outputs in $outs)"; else trap 'rm -rf "$work" "$outs"' EXIT; fi
else
    outs=$work
fi
"$bench" generate --cards "$cards" --updates-out "$updates" --updates 1000 2>/dev/null || exit 2
email=$(sed -n 2p "$updates" | cut -d, -f1)  # find looks for one of the addresses set-phone updates
bytes=$(stat -c %s "$big_vcf")
mb=$(awk -v b="$bytes" 'BEGIN { printf "%.1f", b / 1e6 }')

# ---- the other libraries' round-trip programs -------------------------------------------------
tools=(vcardtool-cat vcardtool-normalize vcardtool-set-phone vcardtool-validate vcardtool-find
    vcardtool-cat-1thread vcardtool-normalize-1thread vcardtool-set-phone-1thread vcardtool-validate-1thread vcardtool-find-1thread)
[ "$have_floor" = 1 ] && tools+=(vcffloor)
tools+=(cat)

ez_jar=$(ls /usr/share/java/ez-vcard.jar 2>/dev/null || ls /usr/share/java/ez-vcard*.jar 2>/dev/null | head -n 1)
vinnie_jar=$(ls /usr/share/java/vinnie.jar 2>/dev/null || ls /usr/share/java/vinnie*.jar 2>/dev/null | head -n 1)
if [ "$quick" = 1 ]; then
    echo "note: --quick: ez-vcard, sabre/vobject and vobject skipped"
elif [ -n "$ez_jar" ] && [ -n "$vinnie_jar" ] && command -v javac >/dev/null; then
    mkdir -p "$work/java"
    cat >"$work/java/EzRoundTrip.java" <<'EOF'
import ezvcard.VCard;
import ezvcard.VCardVersion;
import ezvcard.io.text.VCardReader;
import ezvcard.io.text.VCardWriter;
import java.io.*;
import java.nio.charset.StandardCharsets;

// Streams every card through ez-vcard: read, then write back in the card's own version.
public class EzRoundTrip {
    public static void main(String[] args) throws Exception {
        int cards = 0;
        try (VCardReader reader = new VCardReader(new File(args[0]));
             Writer out = new BufferedWriter(new OutputStreamWriter(new FileOutputStream(args[1]), StandardCharsets.UTF_8), 1 << 20);
             VCardWriter writer = new VCardWriter(out, VCardVersion.V3_0)) {
            VCard card;
            while ((card = reader.readNext()) != null) {
                writer.setTargetVersion(card.getVersion() == null ? VCardVersion.V3_0 : card.getVersion());
                writer.write(card);
                cards++;
            }
        }
        System.err.println("ez-vcard: " + cards + " cards");
    }
}
EOF
    if javac -nowarn -cp "$ez_jar:$vinnie_jar" -d "$work/java" "$work/java/EzRoundTrip.java" 2>"$work/javac.log"; then
        tools+=(ez-vcard)
    else
        echo "note: ez-vcard skipped (javac failed: $(head -n 1 "$work/javac.log"))"
    fi
else
    echo "note: ez-vcard skipped (needs libez-vcard-java, libvinnie-java and javac; use --install)"
fi

if [ "$quick" = 1 ]; then
    :
elif command -v php >/dev/null && [ -f /usr/share/php/Sabre/VObject/autoload.php ]; then
    cat >"$work/sabre.php" <<'EOF'
<?php
// Streams every card through sabre/vobject (Debian php-sabre-vobject): parse, serialize.
require '/usr/share/php/Sabre/VObject/autoload.php';
$in = fopen($argv[1], 'r');
$out = fopen($argv[2], 'w');
$splitter = new Sabre\VObject\Splitter\VCard($in);
$ok = 0; $failed = 0;
while (true) {
    try {
        $card = $splitter->getNext();
        if (!$card) break;
        fwrite($out, $card->serialize());
        $ok++;
    } catch (Exception $e) {
        $failed++;
    }
}
fwrite(STDERR, "sabre/vobject: $ok cards, $failed failed\n");
EOF
    tools+=(sabre-vobject)
else
    echo "note: sabre/vobject skipped (needs php and php-sabre-vobject; use --install)"
fi

if [ "$quick" = 1 ]; then
    :
elif command -v python3 >/dev/null && python3 -c 'import vobject' 2>/dev/null; then
    cat >"$work/vobject_rt.py" <<'EOF'
# Streams every card through Python vobject: readOne, serialize. Cards are cut at END:VCARD here,
# so that a card vobject cannot read is counted as failed instead of ending the run (vobject
# decodes quoted-printable line by line and fails on soft breaks inside a UTF-8 sequence).
import sys, vobject
ok = failed = 0
with open(sys.argv[1], encoding="utf-8", newline="") as f, open(sys.argv[2], "w", encoding="utf-8", newline="") as out:
    lines = []
    for line in f:
        lines.append(line)
        if line[:4].upper() == "END:" and line.rstrip("\r\n").upper() == "END:VCARD":
            try:
                out.write(vobject.readOne("".join(lines)).serialize())
                ok += 1
            except Exception:
                failed += 1
            lines = []
print(f"vobject: {ok} cards, {failed} failed", file=sys.stderr)
EOF
    tools+=(vobject)
else
    echo "note: vobject skipped (pip install vobject, or use --install)"
fi

# ---- timing -----------------------------------------------------------------------------------
run_tool() {  # TOOL INPUT [OUTPUT] -> runs it once under /usr/bin/time, appends "seconds kib" to $work/TOOL.times
    local tool=$1 input=$2 out=${3:-$outs/out-$1} cmd
    case $tool in
        vcardtool-cat) cmd=("$vcardtool" cat "$input") ;;
        vcardtool-normalize) cmd=("$vcardtool" cat --normalize "$input") ;;
        vcardtool-set-phone) cmd=("$vcardtool" set-phone --updates "$updates" "$input") ;;
        vcardtool-validate) cmd=("$vcardtool" validate "$input") ;;
        vcardtool-find) cmd=("$vcardtool" find --email "$email" "$input") ;;
        vcardtool-cat-1thread) cmd=(env VCARDTOOL_THREADS=1 "$vcardtool" cat "$input") ;;
        vcardtool-normalize-1thread) cmd=(env VCARDTOOL_THREADS=1 "$vcardtool" cat --normalize "$input") ;;
        vcardtool-set-phone-1thread) cmd=(env VCARDTOOL_THREADS=1 "$vcardtool" set-phone --updates "$updates" "$input") ;;
        vcardtool-validate-1thread) cmd=(env VCARDTOOL_THREADS=1 "$vcardtool" validate "$input") ;;
        vcardtool-find-1thread) cmd=(env VCARDTOOL_THREADS=1 "$vcardtool" find --email "$email" "$input") ;;
        vcffloor) cmd=("$work/vcffloor" roundtrip "$input" -) ;;
        cat) cmd=(cat "$input") ;;
        ez-vcard) cmd=(java -cp "$work/java:$ez_jar:$vinnie_jar" EzRoundTrip "$input" /dev/stdout) ;;
        sabre-vobject) cmd=(php "$work/sabre.php" "$input" php://stdout) ;;
        vobject) cmd=(python3 "$work/vobject_rt.py" "$input" /dev/stdout) ;;
    esac
    timed "$tool" "$work/$tool.times" "$out" "${cmd[@]}"
}

echo "== corpus: $big_vcf ($cards cards, $mb MB); updates: 1,000 work emails"
echo "== $rounds interleaved rounds of: ${tools[*]}"
cat "$big_vcf" >/dev/null  # warm the page cache
start=$(date +%s)
for round in $(seq 1 "$rounds"); do
    for tool in "${tools[@]}"; do run_tool "$tool" "$big_vcf"; done
    echo "   round $round done ($(($(date +%s) - start)) s)"
done

printf '\n%s\n' "Whole-process round trip, $cards cards, $mb MB, median of $rounds interleaved rounds ($(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg))"
printf '%-28s %9s %8s %13s %10s %10s %9s  %s\n' tool "median s" "MB/s" "peak RSS MiB" "x cat time" "x floor" "out MB" "output"
cat_median=$(median "$work/vcardtool-cat.times" 1)
floor_median=$([ "$have_floor" = 1 ] && median "$work/vcffloor.times" 1 || echo 0)
for tool in "${tools[@]}"; do
    med=$(median "$work/$tool.times" 1)
    rss=$(sort -n -k2,2 "$work/$tool.times" | tail -n 1 | cut -d' ' -f2)
    out_bytes=$(stat -c %s "$outs/out-$tool")
    if cmp -s "$outs/out-$tool" "$big_vcf"; then same="identical to input"; else same="differs"; fi
    summary=$(grep -E '(cards|set-phone:)' "$work/err-$tool" | grep -v '^Command' | tail -n 1)
    awk -v t="$tool" -v m="$med" -v b="$bytes" -v r="$rss" -v c="$cat_median" -v f="$floor_median" -v o="$out_bytes" -v s="$same${summary:+; $summary}" 'BEGIN {
        printf "%-28s %9.2f %8.1f %13.1f %10.2f %10s %9.1f  %s\n", t, m, b / 1e6 / m, r / 1024, m / c, (f > 0 ? sprintf("%.1f", m / f) : "-"), o / 1e6, s }'
done
if [ "$have_floor" = 1 ]; then
    echo
    echo "The bar (issue 5), speed as a fraction of the floor's in this run:"
    for pair in "vcardtool-cat 3" "vcardtool-normalize 6" "vcardtool-set-phone 6" "vcardtool-cat-1thread 3" "vcardtool-normalize-1thread 6"; do
        set -- $pair
        med=$(median "$work/$1.times" 1)
        rss=$(sort -n -k2,2 "$work/$1.times" | tail -n 1 | cut -d' ' -f2)
        awk -v t="$1" -v m="$med" -v f="$floor_median" -v n="$2" -v r="$rss" 'BEGIN {
            printf "  %-28s 1/%.1f of the floor (bar 1/%d): %s; peak RSS %.1f MiB (bar 64)\n", t, m / f, n, (m / f <= n ? "meets" : "BELOW"), r / 1024 }'
    done
fi

echo
echo "Issue 21's bars, medians of this run (each command over cat on as many threads; cat over the floor):"
# paired FILE_A FILE_B COLUMN: the median of the ratios of the two files' values, line by line (the
# same round, so a slow patch of the machine's that hits both cancels out).
paired() {
    paste -d' ' "$1" "$2" | awk -v c="$3" '{ print $c / $(c + 3) }' >"$work/paired"
    median "$work/paired" 1
}
ratio() {  # NAME OVER BAR: the bar is read on the ratio of the medians; the median of each round's
    # ratio, the ratio of the CPU times (user and system) and that of the fastest runs follow, for
    # how far noise moved it (on a VM whose speed flips between levels, the fastest runs of each
    # are the ones taken at the fast level)
    local a b
    a=$(median "$work/$1.times" 1)
    b=$(median "$work/$2.times" 1)
    awk -v t="$1" -v o="$2" -v a="$a" -v b="$b" -v bar="$3" -v r="$(paired "$work/$1.times" "$work/$2.times" 1)" \
        -v c="$(paired "$work/$1.times" "$work/$2.times" 3)" -v x="$(sort -n "$work/$1.times" | head -n 1 | cut -d' ' -f1)" \
        -v y="$(sort -n "$work/$2.times" | head -n 1 | cut -d' ' -f1)" 'BEGIN {
        printf "  %-28s %.2f x %-22s (bar %.1f): %-6s  round by round %.2f, CPU time %.2f, fastest runs %.2f\n", t, a / b, o, bar, (a / b <= bar ? "meets" : "MISSES"), r, c, x / y }'
}
for row in "vcardtool-validate vcardtool-cat 1.1" "vcardtool-find vcardtool-cat 1.2" "vcardtool-set-phone vcardtool-cat 1.2" \
    "vcardtool-validate-1thread vcardtool-cat-1thread 1.1" "vcardtool-find-1thread vcardtool-cat-1thread 1.2" \
    "vcardtool-set-phone-1thread vcardtool-cat-1thread 1.2"; do
    ratio $row
done
if [ "$have_floor" = 1 ]; then
    for row in "vcardtool-cat vcffloor 1.2" "vcardtool-cat-1thread vcffloor 2.0" "vcardtool-normalize-1thread vcffloor 3.0"; do ratio $row; done
fi

if [ "$big" = 1 ]; then
    big_rounds=${BIG_ROUNDS:-1}
    echo
    echo "== --big: 1,000,000 cards, vcardtool cat alone ($big_rounds round(s))"
    huge=$(corpus 1000000)
    huge_bytes=$(stat -c %s "$huge")
    cat "$huge" >/dev/null
    : >"$work/vcardtool-cat-1M.times"
    # Output to /dev/null: 800 MB written to disk would time the page cache's writeback, not the
    # parser. The 100k run right after goes to /dev/null too, for the ratio.
    for round in $(seq 1 "$big_rounds"); do
        run_tool vcardtool-cat "$huge" /dev/null
        tail -n 1 "$work/vcardtool-cat.times" >>"$work/vcardtool-cat-1M.times"
    done
    if "$vcardtool" cat "$huge" 2>/dev/null | cmp -s - "$huge"; then same="identical to input (checked in one more run)"; else same="DIFFERS"; fi
    run_tool vcardtool-cat "$big_vcf" /dev/null
    med=$(median "$work/vcardtool-cat-1M.times" 1)
    rss=$(sort -n -k2,2 "$work/vcardtool-cat-1M.times" | tail -n 1 | cut -d' ' -f2)
    small=$(tail -n 1 "$work/vcardtool-cat.times" | cut -d' ' -f1)
    awk -v m="$med" -v b="$huge_bytes" -v r="$rss" -v c="$cat_median" -v s="$small" -v x="$same" 'BEGIN {
        printf "vcardtool cat 1M: %.2f s, %.1f MB/s, peak RSS %.1f MiB, output %s\n", m, b / 1e6 / m, r / 1024, x
        printf "time 1M / 100k: %.2f (against the interleaved median %.2f s), %.2f (against a 100k run right after, %.2f s); bar: at most 11\n", m / c, c, m / s, s }'
fi
