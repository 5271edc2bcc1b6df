#!/usr/bin/env python3
"""The proof against reference implementations (run by scripts/interop.sh).

For every input file (Tests/Fixtures/*.vcf, and every file of the shared corpus listed in its
INDEX.tsv), vcardtool writes seven outputs: lossless (`cat`), normalized (`cat --normalize`),
converted (`cat --to 2.1`, `--to 3.0`, `--to 4.0`) and jCard and xCard (`convert --to jcard`,
`--to xcard`). ez-vcard (EzSummary.java) and vobject (vobject_summary.py) read the original and
every output (vobject reads no jCard or xCard); for each tool, what it reads from an output must
equal what it reads from the original: FN, N, EMAIL, TEL, ADR, ORG, TITLE, NOTE, URL, NICKNAME,
CATEGORIES and BDAY of every card, compared after light normalization (phones by their digits,
dates by their digits, emails in lower case, text without surrounding white space).

ez-vcard's own conversion is the second reference: for each target (vCard 2.1, 3.0, 4.0, jCard,
xCard) ez-vcard also converts the input with its own writers and reads that back. The target table
gives, per target, the files where ez-vcard reads vcardtool's output back like the original and
the files where it reads its own output back so; vcardtool's count must be at least as high for
every target.

Prints a table (file, check, ez-vcard, vobject, ez-vcard's own conversion), the target table and a
summary. A disagreement is ours unless KNOWN below explains it by a documented bug or limitation
of the other tool, or by what a vCard version cannot express; the exit status is 1 if any
disagreement is ours or if ez-vcard's own conversion keeps more files than ours for a target.
"""
import argparse
import fnmatch
import json
import os
import re
import subprocess
import sys
import unicodedata
from concurrent.futures import ThreadPoolExecutor
from inputs_list import read_inputs

# (check, vcardtool's arguments before the input, output file extension).
CHECKS = [("cat", ["cat"], ".vcf"), ("normalize", ["cat", "--normalize"], ".vcf"),
          ("to-2.1", ["cat", "--to", "2.1"], ".vcf"), ("to-3.0", ["cat", "--to", "3.0"], ".vcf"),
          ("to-4.0", ["cat", "--to", "4.0"], ".vcf"), ("to-jcard", ["convert", "--to", "jcard"], ".json"),
          ("to-xcard", ["convert", "--to", "xcard"], ".xml")]
EXTENSION = {check: ext for check, _, ext in CHECKS}
# The conversion targets, with EzSummary.java's name of ez-vcard's writer for each, and the title
# of the target table's row. ez-vcard's own output is "ez-<target>" beside vcardtool's "to-<target>".
TARGETS = [("to-2.1", "2.1", "vCard 2.1"), ("to-3.0", "3.0", "vCard 3.0"), ("to-4.0", "4.0", "vCard 4.0"),
           ("to-jcard", "jcard", "jCard"), ("to-xcard", "xcard", "xCard")]
TOOLS = ["ez-vcard", "vobject"]
FIELDS = ["fn", "n", "email", "tel", "adr", "org", "title", "note", "url", "nickname", "categories", "bday"]

# Disagreements that are not vcardtool's fault. Each entry: (name, tool or "*", checks or "*",
# test(ctx) -> bool, reason). ctx has: label, tool, check, fields (the differing fields),
# original (bytes), malformed (INDEX.tsv's flag), pairs (the differing (original, output) values,
# normalized, one pair per card and field, lists compared item by item). An entry applies when its
# test holds; every row it explains is listed at the end with the reason.
def _is_prefix_cut_at_comma(a, b):
    """One text is the other cut just before a ','."""
    short, long_ = (a, b) if len(a) <= len(b) else (b, a)
    return long_.startswith(short) and long_[len(short):].lstrip().startswith(",")


def _text_pairs(ctx):
    """The differing values as (original, output) strings, lists and components taken apart."""
    out = []
    for a, b in ctx["pairs"]:
        if isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
            for x, y in zip(a, b):
                out += _text_pairs({"pairs": [(x, y)]})
        elif isinstance(a, str) and isinstance(b, str):
            if a != b:
                out.append((a, b))
        else:
            out.append((a, b))
    return out


def _only(ctx, test):
    pairs = _text_pairs(ctx)
    return bool(pairs) and all(isinstance(a, str) and isinstance(b, str) and test(a, b) for a, b in pairs)


def _no_backslashes(s):
    if s.endswith("\\eof"):  # vobject's end marker after a trailing backslash (see KNOWN)
        s = s[:-3]
    return s.replace("\\n", "\n").replace("\\N", "\n").replace("\\", "").strip()


def _same_but_backslashes(a, b):
    x, y = _no_backslashes(a), _no_backslashes(b)
    return ("\\" in a or "\\" in b) and (x == y or _is_prefix_cut_at_comma(x, y))


def _same_but_whitespace(a, b):
    return re.sub(r"\s+", "", a) == re.sub(r"\s+", "", b)


def _is_21(ctx):
    return ctx["check"] == "to-2.1" or re.search(rb"(?im)^VERSION:\s*2\.1", ctx["original"]) is not None


# Each entry: (tool or "*", checks (a pattern), test(ctx) -> bool, fault, reason). A differing field
# is explained by the first entry whose test holds for it (ctx["fields"] is that one field,
# ctx["pairs"] its differing values); a row is "known" when every differing field is explained.
# The fault says whose the difference is: "reader" (the reference reader misreads the original or
# vcardtool's output), "original" (the original is malformed or outside every vCard version),
# "version" (what the target cannot express), "vcardtool" (a defect of ours, reported in an
# issue). In the target table, a file whose difference is only the reader's or the original's is
# left out of both counts (vcardtool's and ez-vcard's own); "version" and "vcardtool" count.
FAULTS = ("reader", "original", "version", "vcardtool")
KNOWN = [
    ("*", "*", lambda c: c["malformed"].startswith("yes"),
     "original",
     "the original is malformed on purpose (a broken-* fixture, or upstream says so): each reader recovers in its own way"),
    ("*", "*", lambda c: not c["utf8"],
     "original",
     "the original is not UTF-8 (UTF-16, or 8-bit text in a CHARSET): ez-vcard reads the whole file in one charset and "
     "vobject (here) as UTF-8, while vcardtool decodes each value by its encoding and writes UTF-8"),
    ("ez-vcard", "*", lambda c: c["fields"] == {"cards"} and c["original"].startswith(b"\xef\xbb\xbf"),
     "reader",
     "ez-vcard 0.11 does not skip a UTF-8 byte-order mark before BEGIN:VCARD and reads no card from the original"),
    ("*", "*", lambda c: c["label"].endswith("android-vcard/v21_adr_multiple_line.vcf"),
     "original",
     "Android's backslash line continuation in 2.1 (no vCard version has it): vcardtool joins the lines into one "
     "address, ez-vcard ends the value at the backslash"),
    ("*", "to-2.1", lambda c: c["fields"] <= {"nickname", "categories"},
     "version",
     "vCard 2.1 has no NICKNAME or CATEGORIES (RFC 2426 brought them): --to 2.1 keeps them as X- properties"),
    ("vobject", "*", lambda c: _only(c, _is_prefix_cut_at_comma),
     "reader",
     "vobject ends a text value at an unescaped ',' (in 2.1, where ',' is literal text, and in originals that do not "
     "escape it); vcardtool's 3.0/4.0 output escapes it"),
    ("*", "*", lambda c: _only(c, _same_but_backslashes),
     "reader",
     "a backslash that is not an escape of the original's version (2.1 knows only '\\;'; '\\:' or '\\\"' in 3.0): "
     "vcardtool keeps it as text, ez-vcard and vobject drop it or unescape by 3.0 rules"),
    ("*", "*", lambda c: c["fields"] == {"bday"} and all(
        isinstance(a, str) and isinstance(b, str) and len(a) == 4 and b == "1604" + a or
        isinstance(a, str) and isinstance(b, str) and len(b) == 4 and a == "1604" + b for a, b in c["pairs"]),
     "version",
     "3.0 and 2.1 have no date without a year: a 4.0 BDAY:--0415 is written as Apple writes it "
     "(BDAY;X-APPLE-OMIT-YEAR=1604:1604-04-15) and read back as --0415; a reader that does not know "
     "X-APPLE-OMIT-YEAR sees the year 1604"),
    ("*", "*", lambda c: _is_21(c) and _only(c, _same_but_whitespace),
     "reader",
     "2.1 folds before white space that stays in the value (vCard 2.1 §2.1.3), and a quoted-printable soft break may "
     "be followed by a space (RFC 2045): vcardtool keeps that space, ez-vcard unfolds like 3.0 and drops it"),
    ("ez-vcard", "*", lambda c: re.search(rb"\n[ \t]{2}", c["original"]) is not None and _only(c, _same_but_whitespace),
     "reader",
     "a folded line of the original starts with two spaces: unfolding removes one (RFC 6350 §3.2), as vcardtool "
     "does; ez-vcard removes all of them"),
    ("*", "*", lambda c: _only(c, lambda a, b: "\ufffd" in a and "\ufffd" not in b),
     "original",
     "a value declared UTF-8 holds bytes that are not UTF-8: the other reader puts U+FFFD there, vcardtool reads the "
     "value as Windows-1252 instead"),
    ("ez-vcard", "to-*", lambda c: c["fields"] == {"bday"},
     "reader",
     "ez-vcard 0.11 parses reduced-accuracy and partial dates (1996-04, --0203, 1800, 02-10) only in 4.0 files, and "
     "getBirthday() is the first BDAY it could parse: the date it reports changes with the version"),
    ("vobject", "to-[23]*", lambda c: c["fields"] == {"error"} and "base64" in c["error"]
     and c["label"].endswith("calcard/rfc.vcf"),
     "original",
     "RFC 6350's example KEY/PHOTO data is cut short (not valid base64): as a 4.0 data: URI readers keep it as text, "
     "as 2.1/3.0 ENCODING=b vobject must decode it and fails"),
    ("*", "*", lambda c: c["other_agrees"],
     "reader",
     "the other reference reader reads the original the way this one reads vcardtool's output, so this one "
     "misreads the original"),
    ("ez-vcard", "*", lambda c: re.search(rb"(?im)^AGENT:BEGIN:VCARD\r?\n", c["original"]) is not None,
     "reader",
     "the 2.1 original starts its agent on the AGENT line (AGENT:BEGIN:VCARD, the other lines after it): ez-vcard "
     "0.11 reads the agent's lines as the outer card's; vcardtool reads the agent, and writes it as one "
     "AGENT/RELATED value in 3.0, 4.0, jCard and xCard and in the 2.1 specification's form (AGENT: and the card on "
     "the next lines) in 2.1, which ez-vcard reads correctly"),
    ("ez-vcard", "to-[jx]card", lambda c: c["fields"] == {"org"} and all(
        isinstance(a, list) and isinstance(b, list) and _org_units(a) == _org_units(b) for a, b in c["pairs"]),
     "reader",
     "ez-vcard 0.11's jCard and xCard readers drop an ORG's trailing empty units (\"A;\" is read as \"A\") and its xCard "
     "reader an ORG with one empty <text/>; vcardtool writes them as the original has them, and so does ez-vcard's "
     "own writer"),
    ("ez-vcard", "to-xcard", lambda c: c["fields"] == {"tel"} and re.search(rb"(?im)^TEL;[^:]*VALUE=UNKNOWN", c["original"])
     is not None and b"<tel><unknown>" in c["output"],
     "original",
     "TEL;VALUE=UNKNOWN: no vCard version has a value type 'unknown'; vcardtool keeps the value as xCard's <unknown> "
     "element (RFC 6351 §4, value-unknown), and ez-vcard 0.11's xCard reader reads a TEL only from <text> or <uri>"),

]


def _org_units(values):
    """ORG values without their trailing empty units, empty ORGs left out."""
    return [v.rstrip(";") for v in values if v.rstrip(";")]


def normalize_text(s):
    if s is None:
        return None
    return unicodedata.normalize("NFC", str(s).replace("\r\n", "\n").replace("\r", "\n")).strip()


def normalize_phone(s):
    s = normalize_text(s) or ""
    if s.lower().startswith("tel:"):
        s = s[4:]
    out = ""
    for i, c in enumerate(s):
        if c == "+" and not out and i < 3:
            out += "+"
            continue
        if c in ";xX":
            break
        if c.isdigit():
            out += c
    return out


def normalize_card(card):
    out = {}
    for field in FIELDS:
        value = card.get(field)
        if field == "tel":
            value = [normalize_phone(v) for v in value or []]
        elif field == "email":
            value = [(normalize_text(v) or "").lower() for v in value or []]
        elif field == "bday":
            value = re.sub(r"[^0-9]", "", value) if value else None
        elif field == "n":
            value = [normalize_text(v) or "" for v in value] if value else None
            if value is not None and not any(value):
                value = None
        elif field == "adr":
            value = [[normalize_text(v) or "" for v in a] for a in value or []]
        elif field in ("nickname", "categories"):
            value = [normalize_text(v) for v in value or [] if normalize_text(v)]
        else:
            value = [normalize_text(v) for v in value or []]
        out[field] = value
    return out


# The properties a version requires (RFC 6350 §6.2.1 FN; RFC 2426 §3.1.1-2 FN and N): a card
# without one gets it derived on conversion (FN from N, ORG, NICKNAME or EMAIL; N from FN), with a
# notice on stderr. An output that only adds such a property reads back like the original.
REQUIRED = ("fn", "n")


def _only_adds(field, original, output):
    return field in REQUIRED and not original and bool(output)


def differing_fields(a, b):
    """The fields in which two readings (lists of cards) differ; {"cards"} if the counts differ.
    A required FN or N the output adds to a card that had none is no difference."""
    if len(a) != len(b):
        return {"cards"}
    fields = set()
    for x, y in zip(a, b):
        x, y = normalize_card(x), normalize_card(y)
        fields |= {f for f in FIELDS if x[f] != y[f] and not _only_adds(f, x[f], y[f])}
    return fields


def _other_agrees(ctx, fields):
    """Whether the other tool's reading of the original equals this tool's reading of the output."""
    other, mine = ctx.get("other_original"), ctx.get("output_cards")
    if other is None or mine is None or fields & {"cards", "error"} or len(other) != len(mine):
        return False
    return all(normalize_card(x)[f] == normalize_card(y)[f] for x, y in zip(other, mine) for f in fields)


# vcardtool's own open problems, found by this proof and reported; listed as such, not as agreement.
# Each: (file pattern, check pattern, reason).
OPEN: list = [
    # (label pattern, check pattern, reason): disagreements that are ours and not fixed yet.
    # Empty: every disagreement that is ours fails the run.
]


USED = set()  # the KNOWN reasons that explained a difference in this run


def known_reason(ctx):
    """The (fault, reason) pairs that explain every differing field of a row, or None."""
    fields = ctx["fields"]
    groups = [fields] if fields & {"cards", "error"} else [{f} for f in sorted(fields)]
    reasons = []
    for group in groups:
        sub = dict(ctx, fields=group, pairs=[p for f, p in ctx["pairs"] if f in group],
                   other_agrees=_other_agrees(ctx, group))
        for who, checks, test, fault, reason in KNOWN:
            if who in ("*", ctx["tool"]) and fnmatch.fnmatch(ctx["check"], checks) and test(sub):
                USED.add(reason)
                if (fault, reason) not in reasons:
                    reasons.append((fault, reason))
                break
        else:
            return None
    return reasons


def differing_pairs(fields, a, b):
    pairs = []
    for x, y in zip(a, b):
        x, y = normalize_card(x), normalize_card(y)
        pairs += [(f, (x[f], y[f])) for f in sorted(fields) if f in x and x[f] != y[f] and not _only_adds(f, x[f], y[f])]
    return pairs


def describe(fields, a, b):
    if "cards" in fields:
        return f"{len(a)} cards read from the original, {len(b)} from vcardtool's output"
    parts = []
    for x, y in zip(a, b):
        x, y = normalize_card(x), normalize_card(y)
        for f in sorted(fields):
            if x[f] != y[f] and not _only_adds(f, x[f], y[f]):
                parts.append(f"{f}: {x[f]!r} -> {y[f]!r}")
    return "; ".join(parts[:3]) + (" …" if len(parts) > 3 else "")


def read_jsonl(path):
    """EzSummary's or vobject_summary's readings by file, and EzSummary's write failures."""
    result, failed_writes = {}, {}
    with open(path, encoding="utf-8") as f:
        for line in f:
            if line.strip():
                record = json.loads(line)
                if "wrote" in record:
                    if "error" in record:
                        failed_writes[record["wrote"]] = record["error"]
                else:
                    result[record["file"]] = record
    return result, failed_writes


def compare_reading(original, output):
    """(fields, detail): how a reading of an output differs from the reading of the original."""
    if "error" in output:
        return {"error"}, f"reads the original but not the output: {output['error'][:160]}"
    fields = differing_fields(original["cards"], output["cards"])
    return fields, describe(fields, original["cards"], output["cards"]) if fields else ""


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--tool", required=True, help="the vcardtool binary")
    parser.add_argument("--work", required=True, help="a folder for the outputs")
    parser.add_argument("--java-classpath", required=True)
    parser.add_argument("--verbose", action="store_true", help="print agreeing rows too")
    parser.add_argument("--reuse", action="store_true", help="compare the outputs and readings already in --work")
    parser.add_argument("inputs", help="a file listing the inputs, one 'label<TAB>path' a line")
    args = parser.parse_args()

    inputs = read_inputs(args.inputs)

    # 1. vcardtool's outputs, and the list of what each reader reads (vobject: vCard only) and of
    # what ez-vcard converts (written before anything is read, in the same process).
    vcards, others, conversions, runs = [], [], [], []
    for n, (label, path, _) in enumerate([] if args.reuse else inputs):
        folder = os.path.join(args.work, str(n))
        os.makedirs(folder, exist_ok=True)
        with open(path, "rb") as f:
            original = f.read()
        reference = os.path.join(folder, "original.vcf")
        with open(reference, "wb") as f:
            f.write(original)
        vcards.append(reference)
        for check, arguments, ext in CHECKS:
            out = os.path.join(folder, check + ext)
            runs.append(([args.tool, *arguments, path], out))
            (vcards if ext == ".vcf" else others).append(out)
        for check, target, _ in TARGETS:
            own = os.path.join(folder, "ez-" + check[3:] + EXTENSION[check])
            conversions.append(f"{reference}\t{target}\t{own}")
            others.append(own)

    def run(job):
        command, out = job
        with open(out, "wb") as f:
            subprocess.run(command, stdout=f, stderr=subprocess.DEVNULL, timeout=60)
    with ThreadPoolExecutor(max_workers=2) as pool:  # two at a time: the machines have two cores
        list(pool.map(run, runs))

    # 2. Both tools read everything, one process each.
    ez_out, vo_out = os.path.join(args.work, "ez.jsonl"), os.path.join(args.work, "vobject.jsonl")
    if not args.reuse:
        listing = "\n".join(conversions + vcards + others) + "\n"
        # The JDK's XML parser prints "[Fatal Error] …" for a file it rejects (ez-vcard's own xCard
        # of a value with a control character, for one): that goes to ez.stderr, the reading to ez.jsonl.
        with open(ez_out, "w") as f, open(os.path.join(args.work, "ez.stderr"), "w") as err:
            java = subprocess.run(["java", "-Dfile.encoding=UTF-8", "-cp", args.java_classpath, "EzSummary"],
                                  input=listing.encode(), stdout=f, stderr=err)
        if java.returncode != 0:
            with open(os.path.join(args.work, "ez.stderr"), encoding="utf-8", errors="replace") as err:
                sys.stderr.write(err.read()[-4000:])
            raise SystemExit(f"interop: EzSummary exited with status {java.returncode}")
        here = os.path.dirname(os.path.abspath(__file__))
        with open(vo_out, "w") as f:
            subprocess.run([sys.executable, os.path.join(here, "vobject_summary.py")],
                           input=("\n".join(vcards) + "\n").encode(), stdout=f, check=True)
    ez_readings, ez_failed_writes = read_jsonl(ez_out)
    readings = {"ez-vcard": ez_readings, "vobject": read_jsonl(vo_out)[0]}

    # 3. Compare and print.
    counts = {"agree": 0, "disagree": 0, "known": 0, "skipped": 0, "open": 0}
    open_lines = []
    ours = []
    known_lines = []
    # Per target: files ez-vcard reads the original of, files where it reads our output back like
    # the original, files where it reads its own output back so, and the files where only one does.
    target_counts = {check: {"files": 0, "ours_all": 0, "own_all": 0, "excused": 0, "ours": 0, "own": 0, "own_failed": 0,
                             "ours_only": [], "own_only": []} for check, _, _ in TARGETS}
    width = max(len(label) for label, _, _ in inputs) + 2
    print(f"{'FILE':<{width}} {'CHECK':<10} {'EZ-VCARD':<10} {'VOBJECT':<10} {'EZ-VCARD, ITS OWN':<10}")
    for n, (label, path, malformed) in enumerate(inputs):
        folder = os.path.join(args.work, str(n))
        original_path = os.path.join(folder, "original.vcf")
        with open(original_path, "rb") as f:
            original_bytes = f.read()
        try:
            original_bytes.decode("utf-8")
            utf8 = not original_bytes.startswith((b"\xff\xfe", b"\xfe\xff"))
        except UnicodeDecodeError:
            utf8 = False
        for check, _, ext in CHECKS:
            output_path = os.path.join(folder, check + ext)
            cells = []
            ez_faults = set()  # the faults of ez-vcard's known difference, if it has one
            for tool in TOOLS:
                if tool == "vobject" and ext != ".vcf":
                    cells.append("-")
                    continue
                original = readings[tool].get(original_path, {"error": "no reading"})
                output = readings[tool].get(output_path, {"error": "no reading"})
                if "error" in original:
                    counts["skipped"] += 1
                    cells.append("skipped")
                    known_lines.append(f"{label} {check} {tool}: the tool rejects the original: {original['error'][:120]}")
                    continue
                fields, detail = compare_reading(original, output)
                if not fields:
                    counts["agree"] += 1
                    cells.append("agree")
                    continue
                pairs = [] if fields & {"error", "cards"} else differing_pairs(fields, original["cards"], output["cards"])
                with open(output_path, "rb") as f:
                    output_bytes = f.read()
                other = readings[TOOLS[1 - TOOLS.index(tool)]].get(original_path, {})
                open_reason = next((r for pat, chk, r in OPEN if fnmatch.fnmatch(label, pat) and fnmatch.fnmatch(check, chk)), None)
                if open_reason:
                    counts["open"] += 1
                    cells.append("OURS-OPEN")
                    open_lines.append(f"{label} {check} {tool}: {open_reason}")
                    continue
                reasons = known_reason({"label": label, "tool": tool, "check": check, "fields": fields,
                                        "original": original_bytes, "output": output_bytes, "malformed": malformed,
                                        "utf8": utf8, "pairs": pairs, "error": output.get("error", ""),
                                        "other_original": other.get("cards"), "output_cards": output.get("cards")})
                if tool == "ez-vcard":
                    ez_faults = {f for f, _ in reasons or []}
                if reasons and any(f == "vcardtool" for f, _ in reasons):
                    counts["open"] += 1
                    cells.append("OURS-OPEN")
                    open_lines.append(f"{label} {check} {tool}: {detail}: " + " / ".join(
                        r for f, r in reasons if f == "vcardtool"))
                elif reasons:
                    counts["known"] += 1
                    cells.append("known")
                    known_lines.append(f"{label} {check} {tool}: " + " / ".join(f"[{f}] {r}" for f, r in reasons))
                else:
                    counts["disagree"] += 1
                    cells.append("DISAGREE")
                    ours.append(f"{label} {check} {tool}: {detail}")
            if check in target_counts:
                # ez-vcard's reading of its own conversion, against its reading of the original.
                tally = target_counts[check]
                original = readings["ez-vcard"].get(original_path, {"error": "no reading"})
                if "error" in original:
                    cells.append("skipped")
                else:
                    own_path = os.path.join(folder, "ez-" + check[3:] + ext)
                    own = readings["ez-vcard"].get(own_path, {"error": ez_failed_writes.get(own_path, "no reading")})
                    tally["own_failed"] += own_path in ez_failed_writes
                    own_fields, own_detail = compare_reading(original, own)
                    cells.append("agree" if not own_fields else "differs")
                    tally["files"] += 1
                    ours_agree = cells[0] == "agree"
                    tally["ours_all"] += ours_agree
                    tally["own_all"] += not own_fields
                    if not ours_agree and ez_faults and ez_faults <= {"reader", "original"}:
                        tally["excused"] += 1
                    else:
                        tally["ours"] += ours_agree
                        tally["own"] += not own_fields
                        if ours_agree and own_fields:
                            tally["ours_only"].append(f"{label}: ez-vcard's own: {own_detail}")
                        elif not ours_agree and not own_fields:
                            _, detail = compare_reading(original, readings["ez-vcard"].get(output_path, {}))
                            why = ("; known: " + ", ".join(sorted(ez_faults))) if ez_faults else "; NOT EXPLAINED"
                            tally["own_only"].append(f"{label}: vcardtool's: {detail}{why}")
            else:
                cells.append("-")
            if args.verbose or any(c not in ("agree", "-") for c in cells[:2]):
                print(f"{label:<{width}} {check:<10} {cells[0]:<10} {cells[1]:<10} {cells[2]:<10}")
    print()
    print(f"{len(inputs)} files x {len(CHECKS)} checks x {len(TOOLS)} tools (vobject: vCard only): "
          f"{counts['agree']} agree, {counts['disagree']} disagree (ours), {counts['known']} known other-tool or "
          f"version limits, {counts['skipped']} skipped (the tool rejects the original), {counts['open']} ours, open "
          f"(reported below)")
    print()
    print("Per target, the files where ez-vcard reads the conversion back like the original: vcardtool's and")
    print("ez-vcard's own. files: ez-vcard reads the original; counted: less the files where vcardtool's difference")
    print("is ez-vcard's misreading or a malformed original (KNOWN, fault 'reader' or 'original'); the next four")
    print("columns count among those. vcardtool's count must be at least ez-vcard's there:")
    # A Markdown table, as the README has it.
    print("| target | files | vcardtool | ez-vcard's own | counted | vcardtool | ez-vcard's own | only vcardtool "
          "| only ez-vcard |")
    print("|---|--:|--:|--:|--:|--:|--:|--:|--:|")
    worse = []
    for check, _, title in TARGETS:
        t = target_counts[check]
        print(f"| {title} | {t['files']} | {t['ours_all']} | {t['own_all']} | {t['files'] - t['excused']} | "
              f"{t['ours']} | {t['own']} | {len(t['ours_only'])} | {len(t['own_only'])} |")
        if t["ours"] < t["own"]:
            worse.append(f"{title}: vcardtool {t['ours']} < ez-vcard {t['own']} of {t['files'] - t['excused']} files")
    print("ez-vcard's own writer refused (an exception; counted as not reading back): " + ", ".join(
        f"{title} {target_counts[check]['own_failed']}" for check, _, title in TARGETS))
    if args.verbose:
        for check, _, title in TARGETS:
            for line in target_counts[check]["ours_only"]:
                print(f"  {title}, only vcardtool's reads back: {line}")
    for check, _, title in TARGETS:
        for line in target_counts[check]["own_only"]:
            print(f"  {title}, only ez-vcard's own reads back: {line}")
    if open_lines:
        print("\nOurs, open (reported, not counted as failures; see OPEN in scripts/interop/compare.py):")
        for line in open_lines:
            print("  " + line)
    if known_lines:
        print("\nKnown (not counted as failures):")
        for line in known_lines:
            print("  " + line)
    unused = [(fault, reason) for _, _, _, fault, reason in KNOWN if reason not in USED]
    if unused:
        print("\nKNOWN entries that explained nothing this run (fixed, or their files absent):")
        for fault, reason in unused:
            print(f"  [{fault}] {reason[:160]}")
    status = 0
    if ours:
        print("\nDisagreements that are ours:")
        for line in ours:
            print("  " + line)
        status = 1
    if worse:
        print("\nez-vcard's own conversion reads back like the original in more files than vcardtool's:")
        for line in worse:
            print("  " + line)
        status = 1
    return status


if __name__ == "__main__":
    sys.exit(main())
