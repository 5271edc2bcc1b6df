#!/usr/bin/env python3
"""Compares sabre/vobject's validation (sabre_validate.php's JSON Lines) with vcardtool's
(`validate --format json`, JSON Lines), card by card (file and 1-based card index).

A card is invalid for sabre when it has any finding: a ParseException from Reader::read, or any
warning of $card->validate() called without REPAIR, whatever its level. (Debian's sabre 2.1.7 gives
every vCard finding level 1, its most severe in 2.x; the 3.x/4.x scale, 1 repaired, 2 warning,
3 error, does not apply, and since REPAIR is off nothing is "repaired" by that call.) A card is
flagged by vcardtool when `validate` reports any finding on it, warning or error.

Every card sabre calls invalid that vcardtool does not flag must be explained by KNOWN, keyed by
sabre's message (a regular expression) and, for a line sabre could not parse, the line before it
("after"). Prints the figures and the explained differences per rule; exit status 1 on an
unexplained difference.

    sabre_compare.py SABRE.jsonl VCARDTOOL.jsonl
"""
import collections
import json
import re
import sys

# (name, message pattern, context pattern or None, whose, one-line reason); the context is the
# line before for a line sabre could not parse ("after"), else the card's VERSION. "sabre": a limitation
# of sabre/vobject 2.1.7 (vcardtool reads the card as the specification says); "ours": a gap of
# vcardtool, open.
KNOWN = [
    ("fn-optional-in-2.1", r"^The FN property must appear in the VCARD component exactly 1 time$", r"^2\.1$", "sabre",
     "sabre requires one FN in every version; vCard 2.1 makes FN optional (2.1 §2.1.2 requires only N); "
     "vcardtool warns only in 3.0/4.0 (its repair derives FN, as sabre's REPAIR does)"),
    ("qp-soft-line-break", r"did not follow the icalendar/vcard format", r"QUOTED-PRINTABLE.* … .?=$", "sabre",
     "sabre 2.1.7 does not join quoted-printable soft line breaks ('=' at the end of a line, "
     "vCard 2.1 §2.1.3, RFC 2045 §6.7); vcardtool decodes them"),
    ("base64-continuation-2.1", r"did not follow the icalendar/vcard format", r"ENCODING=BASE64", "sabre",
     "vCard 2.1 §2.1.3 lets base64 data go on over lines without leading white space up to a blank line; "
     "sabre 2.1.7 only unfolds lines that start with white space"),
    ("backslash-continuation", r"did not follow the icalendar/vcard format", r" … .?\\$", "sabre",
     "Android's 2.1 exports go on after a backslash at the end of a line (android-vcard "
     "v21_adr_multiple_line, 'tolerated' in INDEX.tsv); vcardtool joins the lines as Android does"),
    ("caret-in-parameter", r"did not follow the icalendar/vcard format: [^:]*\^", None, "sabre",
     "sabre 2.1.7's parameter pattern excludes '^', so RFC 6868 caret escapes (^n, ^') fail to parse "
     "(ez-vcard issue114, 'tolerated' in INDEX.tsv)"),
    ("end-name-case-insensitive", r'^Invalid VObject, expected: "END:VCARD" got: "(?!END:VCARD")[Ee][Nn][Dd]:[Vv][Cc][Aa][Rr][Dd]"$',
     None, "sabre", "sabre 2.1.7 compares the END name case-sensitively; names are case-insensitive (RFC 6350 §3.3, 2.1 §2)"),
    ("charset-ignored", r"^Property is not valid UTF-8!$", None, "sabre",
     "sabre 2.1.7 ignores CHARSET; these are 2.1 values in a declared CHARSET (SHIFT_JIS), which vcardtool decodes"),
]


def explain(finding):
    """The KNOWN rule that explains `finding`, or None."""
    for rule in KNOWN:
        name, message, after, _, _ = rule
        if re.search(message, finding["message"]) and (after is None or re.search(after, finding.get("after") or finding.get("version") or "")):
            return rule
    return None


def main(sabre_path, ours_path):
    cards = 0
    sabre = collections.defaultdict(list)
    for line in open(sabre_path, encoding="utf-8"):
        finding = json.loads(line)
        if "level" in finding:
            sabre[(finding["file"], finding["card"])].append(finding)
        else:
            cards += finding["cards"]
    ours = set()
    for line in open(ours_path, encoding="utf-8"):
        finding = json.loads(line)
        ours.add((finding["file"], finding["card"]))

    parse = sum(1 for found in sabre.values() if any(f["level"] == "parse" for f in found))
    repaired = sum(1 for found in sabre.values() if all(f["repaired"] for f in found))
    both = [card for card in sabre if card in ours]
    explained = collections.Counter()
    unexplained = []
    for card, found in sorted(sabre.items()):
        if card in ours:
            continue
        rules = [explain(f) for f in found]
        if all(rules):
            for rule in set(rules):
                explained[rule[0]] += 1
        else:
            unexplained += [(card, f) for f, rule in zip(found, rules) if not rule]
    sabre_only = len(sabre) - len(both)

    print(f"cards: {cards} (as sabre_validate.php splits the files)")
    print(f"sabre flags:       {len(sabre)} cards ({parse} it cannot parse, {len(sabre) - parse} with validate() "
          f"warnings; its REPAIR clears {repaired})")
    print(f"vcardtool flags:   {len(ours)} cards (any finding of validate)")
    print(f"both flag:         {len(both)}")
    print(f"only sabre flags:  {sabre_only} ({sabre_only - len({c for c, _ in unexplained})} explained, "
          f"{len({c for c, _ in unexplained})} unexplained)")
    print(f"only vcardtool:    {len(ours - set(sabre))} (sabre 2.1.7 checks little: VERSION, FN, UTF-8, names)")
    print("\nexplained (cards; a card may count under several rules):")
    for name, _, _, whose, reason in KNOWN:
        if explained[name]:
            print(f"  {explained[name]:4}  {name} [{whose}]: {reason}")
    if unexplained:
        print("\nUNEXPLAINED (sabre calls the card invalid, vcardtool reports nothing):")
        for (path, index), finding in unexplained:
            print(f"  {path} card {index}: [{finding['level']}] {finding['message']}"
                  + (f" (after {finding['after']})" if finding.get("after") else ""))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:]))
