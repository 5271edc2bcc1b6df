#!/usr/bin/env python3
"""Round trips through vcardtool's conversions, compared with `vcardtool diff` (run by
scripts/roundtrip.sh).

Every input file (Tests/Fixtures/*.vcf, and every file of the shared corpus listed in its
INDEX.tsv) goes through three chains that start and end at its own vCard version (the VERSION of
its first card; a file without one is read as 3.0, as vcardtool reads it):

  version   4.0 -> 3.0 -> 4.0, 3.0 -> 4.0 -> 3.0 or 2.1 -> 4.0 -> 2.1 (`cat --to`)
  jcard     vCard -> jCard -> vCard (`convert --to jcard`, then `convert --to <its version>`)
  xcard     vCard -> xCard -> vCard (`convert --to xcard`, then `convert --to <its version>`)

and `vcardtool diff --format json START END` compares the original with the end of the chain
(exit status 0: the same cards). Each difference diff reports (a property added, removed or
changed in a card; a card added or removed) is matched against KNOWN below: a rule says why the
difference is there (what a version cannot express, a defect reported in issue #14, a limit of
diff itself). A file is "explained" when every difference is; cards that diff cannot pair (no UID,
no FN: diff's own limit, issue #14) are counted apart. Prints a table (chain, files, equal,
different, and how the different ones divide), then the reasons with their counts, then the
unexplained differences; --verbose adds the text diff of every different file. Exit status 1 with
--strict if any difference is unexplained, 2 on trouble (a step or diff failing with status 2).
"""
import argparse
import json
import os
import re
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from inputs_list import read_inputs

CHAINS = [("version", "{v} -> {mid} -> {v}"), ("jcard", "vCard -> jCard -> vCard"),
          ("xcard", "vCard -> xCard -> vCard")]
ROWS = ["4.0 -> 3.0 -> 4.0", "3.0 -> 4.0 -> 3.0", "2.1 -> 4.0 -> 2.1", "vCard -> jCard -> vCard",
        "vCard -> xCard -> vCard"]


def version_of(data):
    """The VERSION of the first card that has one ("2.1", "3.0" or "4.0"), else "3.0"."""
    if data.startswith((b"\xff\xfe", b"\xfe\xff")) or data[:200].count(b"\x00") > 20:
        for codec in ("utf-16", "utf-16-le", "utf-16-be"):
            try:
                data = data.decode(codec).encode("utf-8")
                break
            except UnicodeDecodeError:
                continue
    m = re.search(rb"(?im)^[ \t]*(?:[A-Za-z0-9-]+\.)?VERSION[ \t]*:[ \t]*([0-9.]+)", data)
    if m:
        value = m.group(1).decode()
        for known in ("2.1", "3.0", "4.0"):
            if value.startswith(known[0]):
                return known
    return "3.0"


def steps(chain, version):
    """vcardtool's arguments for each step of a chain, and the chain's row in the table."""
    mid = "3.0" if version == "4.0" else "4.0"
    if chain == "version":
        return [["cat", "--to", mid], ["cat", "--to", version]], f"{version} -> {mid} -> {version}"
    to = "jcard" if chain == "jcard" else "xcard"
    return [["convert", "--to", to], ["convert", "--to", version]], dict(CHAINS)[chain]


def run_chain(tool, folder, path, chain, version):
    """Runs one chain; returns a record with the step statuses, diff's status and its JSON."""
    arguments, row = steps(chain, version)
    current, statuses = path, []
    for i, args in enumerate(arguments):
        out = os.path.join(folder, f"{chain}-{i + 1}" + (".json" if args[-1] == "jcard" else
                                                          ".xml" if args[-1] == "xcard" else ".vcf"))
        with open(out, "wb") as f:
            p = subprocess.run([tool, *args, current], stdout=f, stderr=subprocess.PIPE, timeout=120)
        statuses.append(p.returncode)
        current = out
    d = subprocess.run([tool, "diff", "--format", "json", path, current], capture_output=True, timeout=120)
    record = {"chain": chain, "row": row, "version": version, "end": current, "steps": statuses,
              "status": d.returncode, "stderr": d.stderr.decode("utf-8", "replace")[-400:]}
    try:
        record["diff"] = json.loads(d.stdout) if d.returncode == 1 else None
    except json.JSONDecodeError:
        record["diff"] = None
        record["status"] = 2
    return record


# ---- why a difference is there --------------------------------------------------------------
# Each difference is a dict: kind ("property", "card-added", "card-removed"), change ("added",
# "removed", "changed"), name (the property's name), old and new (its values, None when absent),
# card (diff's name of the card), chain ("version", "jcard", "xcard"), version (the file's),
# original (the file's bytes). Each rule: (group, test(d) -> bool, reason); the first rule whose
# test holds explains the difference. The groups say whose the difference is:
#   version    what the chain's versions cannot express (the end is right to differ)
#   vcardtool  a defect of vcardtool's conversion, reported in issue #14 (to be fixed)
#   diff       diff reports what means nothing, or cannot pair cards (issue #14, to be fixed)
#   original   the original is outside every vCard version
def _is(d, *names):
    return d["name"].upper() in names


def _text(v):
    return "" if v is None else v


def _split(v):
    """diff's 'value [A=x;B=y]' as (value, {"A": "x", "B": "y"}); (None, {}) for an absent value."""
    if v is None:
        return None, {}
    m = re.match(r"(?s)^(.*) \[([^\[\]]*)\]$", v)
    if not m:
        return v, {}
    params = {}
    for part in m.group(2).split(";"):
        name, _, value = part.partition("=")
        params[name.upper()] = value
    return m.group(1), params


def _without(params, *names):
    return {k: v for k, v in params.items() if k not in names}


def _sibling(d, change, test):
    """Another difference of the same card, with this change, for which test(other) holds."""
    return any(o is not d and o["change"] == change and test(o) for o in d["card_items"])


def _same_value(a, b):
    """Two differences carry the same value and parameters (VALUE aside; a date in either ISO form)."""
    (x, px), (y, py) = (_split(o["old"] if o["change"] == "removed" else o["new"]) for o in (a, b))
    return (x == y or _same_date(x, y)) and _without(px, "VALUE") == _without(py, "VALUE")


_DATE = re.compile(r"^[0-9TZ:+.\-]+$")


def _same_date(a, b):
    """Two dates, times or UTC offsets that differ only in ISO 8601 basic vs extended form."""
    return (a is not None and b is not None and _DATE.match(a) is not None and _DATE.match(b) is not None
            and a != b and a.replace("-", "").replace(":", "") == b.replace("-", "").replace(":", ""))


def _value_change(d):
    """For a changed property whose value stays and whose VALUE parameter alone changes: (old VALUE,
    new VALUE), either None when absent; else None."""
    if d["change"] != "changed":
        return None
    (a, pa), (b, pb) = _split(d["old"]), _split(d["new"])
    if a != b or _without(pa, "VALUE") != _without(pb, "VALUE") or pa.get("VALUE") == pb.get("VALUE"):
        return None
    return (pa.get("VALUE", "").lower() or None), (pb.get("VALUE", "").lower() or None)


_URI_40 = {"SOURCE", "PHOTO", "LOGO", "SOUND", "KEY", "URL", "FBURL", "CALURI", "CALADRURI", "MEMBER", "IMPP", "GEO",
           "RELATED", "UID", "ORG-DIRECTORY", "CONTACT-URI"}


def _default_value(name, version):
    """The value type a property has without VALUE in a version (RFC 6350, RFC 2426, vCard 2.1)."""
    name = name.upper()
    if version == "4.0":
        if name in _URI_40:
            return "uri"
        return {"BDAY": "date-and-or-time", "ANNIVERSARY": "date-and-or-time", "DEATHDATE": "date-and-or-time",
                "REV": "timestamp", "LANG": "language-tag"}.get(name, "text")
    if name in ("URL", "SOURCE", "FBURL", "CALURI", "CALADRURI"):
        return "url" if version == "2.1" else "uri"
    if name in ("PHOTO", "LOGO", "SOUND", "KEY"):
        return "binary"
    return {"BDAY": "date", "REV": "date-time", "TZ": "utc-offset"}.get(name, "text")


_NAME = re.compile(r"^[A-Za-z0-9-]+$")


def _types(v):
    """The TYPE values of a diff value, in lower case."""
    return {t.strip().lower() for t in _split(v)[1].get("TYPE", "").split(",") if t.strip()}



def _nested_only_gains_required(old, new):
    """A nested card's text whose only change is an FN or N line added (each line of the old one kept,
    a quoted-printable CRLF read as the LF it is, as the CRLF rule below says for other values)."""
    if old is None or new is None:
        return False
    same = lambda v: v.replace("\r\n", "\n").replace("=\n", "").replace("=0D=0A", "=0A").replace(";CHARSET=UTF-8", "")
    lines = lambda v: [l for l in same(v).split("\n") if l]
    a, b = lines(old), lines(new)
    padded = lambda l: l.rstrip(";") if re.match(r"(?i)^N[;:]", l) else l
    a, b = [padded(l) for l in a], [padded(l) for l in b]
    extra = [l for l in b if l not in a]
    return all(l in b for l in a) and all(re.match(r"(?i)^(FN|N)[;:]", l) for l in extra)

KNOWN = [
    ("original", lambda d: d["malformed"].startswith("yes"),
     "the original is malformed on purpose (a broken-* fixture, or upstream says so): what vcardtool recovers "
     "from it is written in valid form"),
    ("version", lambda d: d["kind"] == "property" and _is(d, "FN", "N") and d["change"] == "added"
     and not _sibling(d, "removed", lambda o: _is(o, d["name"].upper())),
     "the original card lacks a property a version of the chain requires (FN in 3.0 and 4.0, RFC 6350 §6.2.1 and "
     "RFC 2426 §3.1.1; N in 3.0, §3.1.2): vcardtool derives it on the way (FN from N, ORG, NICKNAME or EMAIL; N "
     "from FN), says so on stderr, and it stays on the way back"),
    ("version", lambda d: d["kind"] == "property" and d["change"] == "changed" and _is(d, "PHOTO", "LOGO", "SOUND", "KEY")
     and _split(d["old"])[0] == _split(d["new"])[0] and "TYPE" not in _split(d["old"])[1]
     and _without(_split(d["new"])[1], "TYPE") == _split(d["old"])[1],
     "4.0 writes inline data as a data: URI, which names a media type: an untyped PHOTO, LOGO, SOUND or KEY gets the "
     "one its first bytes show (JPEG, PNG, GIF…), and 3.0 and 2.1 write it back as TYPE"),
    ("original", lambda d: d["kind"] == "property" and d["change"] == "added" and d["name"].upper().startswith("X-PARAM-")
     and d["version"] == "2.1",
     "the 2.1 original has a parameter 2.1 does not define (P-2, X4, ALTID…; 2.1 has TYPE, VALUE, ENCODING, CHARSET, "
     "LANGUAGE and X- names): written back into 2.1, it moves to an X-PARAM- property beside its line"),
    ("version", lambda d: d["kind"] == "property" and d["change"] == "changed" and _is(d, "AGENT", "X-NESTED-VCARD")
     and _nested_only_gains_required(d["old"], d["new"]),
     "a nested card changes only as a card does: an FN or N a version of the chain requires is derived, and a "
     "quoted-printable CRLF (=0D=0A) comes back as the LF it is"),
    ("version", lambda d: d["kind"] == "property" and d["change"] == "changed" and _is(d, "PHOTO", "LOGO", "SOUND", "KEY")
     and _split(d["old"])[0] == _split(d["new"])[0]
     and {t.lower() for t in _split(d["old"])[1].get("TYPE", "").split(",")}
     < {t.lower() for t in _split(d["new"])[1].get("TYPE", "").split(",")},
     "4.0 writes inline data as a data: URI, which names a media type: a PHOTO typed only by use (TYPE=work, as "
     "KContacts writes) gets the format its first bytes show beside it (TYPE=png,work)"),
    ("version", lambda d: _is(d, "X-GENDER") and d["change"] == "changed" and _text(d["old"]).lower() == _text(d["new"]).lower(),
     "4.0 GENDER says the sex as a letter (RFC 6350 §6.2.7): a 3.0 X-GENDER:female is GENDER:F, and comes back as "
     "3.0 writers spell it (Female)"),
    ("version", lambda d: d["version"] == "4.0" and d["change"] == "removed" and _is(d, "BDAY", "X-GENDER")
     and _sibling(d, "changed", lambda o: True) is False and d["name"] in ("BDAY", "X-GENDER"),
     "3.0 allows one BDAY and has one name for GENDER (X-GENDER): a 4.0 BDAY alternative (ALTID) with the same "
     "date, or a 4.0 card's own X-GENDER beside its GENDER, is the same property in 3.0 and comes back once"),
    ("original", lambda d: d["kind"] == "property" and _is(d, "PHOTO", "LOGO", "SOUND", "KEY") and d["change"] == "changed"
     and d["version"] != "4.0" and _text(d["old"]).lower().startswith("data:"),
     "the 3.0 original writes a data: URI (4.0's form) where 3.0 has inline binary: it comes back as ENCODING=b"),
    ("original", lambda d: d["kind"] == "property" and _is(d, "PHOTO", "LOGO", "SOUND", "KEY") and d["change"] == "changed"
     and d["version"] == "4.0" and "TYPE" in _split(d["old"])[1] and "MEDIATYPE" in _split(d["new"])[1],
     "the 4.0 original names a media format with 3.0's TYPE=png: it comes back as 4.0's MEDIATYPE=image/png"),
    ("original", lambda d: _is(d, "GEO") and d["change"] == "changed" and d["version"] == "4.0"
     and _text(d["new"]) == "geo:" + _text(d["old"]),
     "the 4.0 original's GEO is a bare 'lat,lon' where 4.0 wants a geo: URI (RFC 6350 §6.5.2): it comes back as one"),
    ("original", lambda d: _is(d, "N", "X-N") and d["change"] in ("removed", "added", "changed")
     and len(re.findall(rb"(?im)^(?:[A-Za-z0-9-]+\.)?N[;:]", d["original"])) > len(re.findall(rb"(?im)^BEGIN:VCARD", d["original"])),
     "the original has more N lines than cards, or an N with more than five components: a version allows one N of "
     "five (RFC 2426 §3.1.2, RFC 6350 §6.2.2), so the others come back as X-N"),
    ("original", lambda d: _is(d, "N", "X-N") and d["change"] in ("added", "changed") and d["version"] != "4.0"
     and any(len(_split(v)[0].replace("\\;", "").split(";")) > 5 for v in (d["old"], d["new"]) if v),
     "the 2.1/3.0 original's N has more than five components: 4.0 reads the sixth and later as RFC 9554's, and 3.0 "
     "and 2.1 keep them as X-N beside the five"),
    ("original", lambda d: d["kind"] in ("card-added", "card-removed")
     and len(re.findall(rb"(?im)^(?:[A-Za-z0-9-]+\.)?N[;:]", d["original"])) > len(re.findall(rb"(?im)^BEGIN:VCARD", d["original"])),
     "the original card has two N lines (a version allows one): the second comes back as X-N, so diff, which pairs "
     "by name, sees another card"),
    ("original", lambda d: (_is(d, "N") and d["change"] == "removed"
                            and _sibling(d, "added", lambda o: _is(o, "X-N") and _text(o["new"]).startswith(_split(d["old"])[0] or "")))
     or (_is(d, "X-N") and d["change"] == "added" and _sibling(d, "removed", lambda o: _is(o, "N"))),
     "the 4.0 original card has several N lines (N is *1, RFC 6350 §6.2.2): 3.0 keeps the first as N and the others "
     "as X-N, which 4.0 does not take back as N"),
    ("original", lambda d: _is(d, "N") and d["change"] == "changed" and d["version"] != "4.0"
     and _text(d["old"]).startswith(_text(d["new"])) and _text(d["old"])[len(_text(d["new"])):].startswith(";"),
     "the 2.1/3.0 original's N has more than five components: 4.0 reads the sixth and later as RFC 9554's, and 3.0 "
     "and 2.1 keep them as X-N beside the five"),
    ("diff", lambda d: d["kind"] in ("card-added", "card-removed")
     and re.search(rb"(?im)^(?:[A-Za-z0-9-]+\.)?(?:FN|N|EMAIL|TEL|UID)[;:]", d["original"]) is None,
     "the original card has no UID, FN, N, EMAIL or TEL (only a NICKNAME): once FN is derived, diff finds nothing "
     "to pair the two cards by"),
    ("original", lambda d: _is(d, "BDAY") and d["change"] == "changed" and _split(d["old"])[0] == _split(d["new"])[0]
     and _split(d["new"])[1].get("VALUE", "").lower() == "text" and not re.match(r"^(--|\d{4}-?\d{2}-?\d{2}|\d{8})", _split(d["old"])[0] or ""),
     "the original's BDAY is no date (gammu's 00719): jCard and xCard type it as text, which comes back as VALUE=text"),
    ("original", lambda d: _is(d, "REV") and d["change"] == "changed" and d["version"] != "4.0"
     and _split(d["old"])[1].get("VALUE", "").lower() in ("date-and-or-time", "timestamp")
     and _same_date(_split(d["old"])[0], _split(d["new"])[0]),
     "the 3.0 original types REV with 4.0's date-and-or-time: the type is dropped and the timestamp comes back in "
     "3.0's extended form"),
    ("original", lambda d: d["kind"] == "property" and _is(d, "VERSION") and d["change"] == "added"
     and re.search(rb"(?im)^(?:[A-Za-z0-9-]+\.)?VERSION[ \t]*:", d["original"]) is None,
     "the original card has no VERSION (vCard 3.0 and 4.0 require one): vcardtool reads it as 3.0 and writes "
     "VERSION:3.0"),
    ("original", lambda d: len(set(re.findall(rb"(?im)^VERSION[ \t]*:[ \t]*([0-9.]+)", d["original"]))) > 1
     and (_is(d, "VERSION") or _sibling(d, "changed", lambda o: _is(o, "VERSION"))),
     "the file mixes vCard versions: the chain brings every card back to the version of the first one, and a "
     "card of another version changes as that conversion changes it"),
    ("version", lambda d: d["kind"] == "property" and d["change"] == "changed"
     and _text(d["old"]).replace("\r\n", "\n").replace("\r", "\n") == _text(d["new"]).replace("\r\n", "\n"),
     "a line break inside a value changes from CRLF (2.1 quoted-printable =0D=0A) to LF: 3.0 and 4.0 write every "
     "line break as \\n (RFC 6350 §3.4), which reads back as LF; diff shows the change as \\r\\n -> \\n"),
    ("version", lambda d: _is(d, "TEL") and d["change"] == "changed"
     and _without(_split(d["old"])[1], "VALUE") == _without(_split(d["new"])[1], "VALUE")
     and re.sub(r"[^0-9+]", "", _split(d["old"])[0]) == re.sub(r"[^0-9+]", "", _split(d["new"])[0])
     and re.search(r"[0-9]", _split(d["old"])[0]) is not None,
     "a 4.0 number changes between text and a tel: URI: 3.0 has no way to say which a 4.0 number was, so a number "
     "whose tel: URI gives back its very text (+49000000) comes back as a URI with VALUE=uri, and a tel: value the "
     "original wrote without VALUE=uri (4.0's TEL is text by default) comes back with it or, when it is no global "
     "number (tel:1), as the text it holds"),
    ("version", lambda d: d["change"] == "changed" and _split(d["old"])[0] == _split(d["new"])[0]
     and _without(_split(d["old"])[1], "TYPE") == _without(_split(d["new"])[1], "TYPE")
     and "/" in _split(d["old"])[1].get("TYPE", "")
     and _split(d["old"])[1]["TYPE"].split("/")[-1].lower() == _split(d["new"])[1].get("TYPE", "").lower(),
     "3.0 names an image or sound format by its subtype (TYPE=png), 4.0 by its media type (MEDIATYPE=image/png): "
     "a 3.0 original's TYPE=image/png comes back as TYPE=png"),
    ("diff", lambda d: _value_change(d) is not None and (
        _value_change(d)[1] is None and _value_change(d)[0] == _default_value(d["name"], d["version"])
        or _value_change(d)[0] is None and _value_change(d)[1] == _default_value(d["name"], d["version"])),
     "an explicit VALUE that is the property's default in its version (VALUE=uri on a 4.0 KEY or SOURCE, "
     "VALUE=text on TITLE) is dropped: the same meaning, which diff counts as a change (issue #14)"),
    ("original", lambda d: _value_change(d) is not None and _value_change(d)[0] is None
     and _is(d, "PHOTO", "LOGO", "SOUND", "KEY") and re.match(r"(?i)^[a-z][a-z0-9+.-]*:", _split(d["old"])[0] or ""),
     "the original gives a URI for a PHOTO, LOGO, SOUND or KEY without VALUE=uri (3.0) or VALUE=URL (2.1), where "
     "the version's default is inline binary: vcardtool writes the VALUE"),
    ("original", lambda d: _value_change(d) is not None and "unknown" in _value_change(d),
     "VALUE=unknown in the original: no vCard version has that value type (jCard and xCard do, for a value of "
     "unknown type); it is dropped on the way back"),
    ("diff", lambda d: _is(d, "BDAY", "ANNIVERSARY", "DEATHDATE", "X-ANNIVERSARY") and d["change"] == "changed"
     and (_value_change(d) is not None or _same_date(_split(d["old"])[0], _split(d["new"])[0]))
     and _split(d["old"])[1].get("VALUE", "").lower() in ("date", "date-time", "date-and-or-time")
     and "VALUE" not in _split(d["new"])[1],
     "VALUE=date on a date in 4.0 (whose default, date-and-or-time, includes dates) or on an X-ANNIVERSARY is "
     "dropped through jCard/xCard: the same date, which diff reports"),
    ("original", lambda d: _is(d, "REV") and _value_change(d) is not None,
     "the original's REV is no timestamp (REV:0, or VALUE=date-and-or-time): vcardtool marks its value type"),
    ("version", lambda d: d["change"] == "removed" and _NAME.match(d["name"]) is not None
     and not d["name"].upper().startswith("X-")
     and _sibling(d, "added", lambda o: o["name"].upper() == "X-" + d["name"].upper() and _same_value(o, d)),
     "the original uses a property its version does not define (BIRTHPLACE, RELATED or ANNIVERSARY in 3.0, CLASS "
     "in 4.0): it comes back as X-<name>"),
    ("version", lambda d: d["change"] == "added" and d["name"].upper().startswith("X-")
     and _sibling(d, "removed", lambda o: "X-" + o["name"].upper() == d["name"].upper() and _same_value(o, d)),
     "the original uses a property its version does not define (BIRTHPLACE, RELATED or ANNIVERSARY in 3.0, CLASS "
     "in 4.0): it comes back as X-<name>"),
    ("original", lambda d: d["change"] in ("removed", "added") and (
        d["change"] == "removed" and _NAME.match(d["name"]) is None
        and _sibling(d, "added", lambda o: _same_value(o, d))
        or d["change"] == "added" and _sibling(d, "removed", lambda o: _NAME.match(o["name"]) is None
                                               and _same_value(o, d))),
     "the original's property name has characters no vCard version allows in a name ('/', '_', ' '): vcardtool "
     "writes it as X-FOO-2FBAR (and, through xCard, X-X-FOO-BAR)"),
    ("version", lambda d: d["change"] in ("removed", "added") and (
        _is(d, "X-ABDATE") and "anniversary" in _split(d["old"])[1].get("X-ABLABEL", "").lower()
        or _is(d, "X-ANNIVERSARY") and d["version"] != "4.0"),
     "vCard 3.0 and 2.1 have no ANNIVERSARY: Apple's (X-ABDATE labelled _$!<Anniversary>!$_) becomes 4.0's "
     "ANNIVERSARY and comes back as X-ANNIVERSARY"),
    ("original", lambda d: d["version"] == "4.0" and d["change"] == "changed"
     and _split(d["old"])[1].get("TYPE", "").lower() == "pref" and _split(d["new"])[1].get("PREF") == "1",
     "TYPE=pref in a 4.0 original is 3.0's form (4.0 has PREF=1): it comes back as PREF=1"),
    ("version", lambda d: d["chain"] == "xcard" and d["change"] == "changed"
     and re.search(r"[\x00-\x08\x0b\x0c\x0e-\x1f]", _text(d["old"])) is not None and "\ufffd" in _text(d["new"]),
     "XML 1.0 cannot carry a control character (U+000C in Outlook 2003's FBURL): xCard writes U+FFFD"),
    ("version", lambda d: d["change"] == "changed" and _split(d["old"])[0] == _split(d["new"])[0]
     and _without(_split(d["old"])[1], "TYPE") == _without(_split(d["new"])[1], "TYPE")
     and 0 < len(_types(d["old"]) - _types(d["new"])) and _types(d["old"]) - _types(d["new"]) <= {
         "parcel", "postal", "dom", "intl"} and _types(d["new"]) < _types(d["old"]),
     "vCard 4.0 has no TYPE=parcel, postal, dom or intl (RFC 6350 dropped them): they are lost on the way through "
     "4.0"),
    ("original", lambda d: d["kind"] == "property" and d["change"] == "removed" and d["name"] == "",
     "the original has a line that is no property (a '#' comment, 'FN' without ':'): cat keeps it as it is, jCard "
     "and xCard cannot carry it"),
    ("original", lambda d: _is(d, "TZ") and d["change"] == "changed" and d["version"] != "4.0"
     and _split(d["old"])[0] == _split(d["new"])[0] and "VALUE" not in _split(d["old"])[1]
     and _split(d["new"])[1].get("VALUE", "").lower() == "text",
     "the 3.0 original's TZ is no UTC offset (Lotus Notes' 1:00) though 3.0's default type is utc-offset: 4.0 "
     "reads it as text, and 3.0 says VALUE=text on the way back"),
    ("original", lambda d: d["version"] == "2.1" and d["change"] == "changed"
     and _split(d["old"])[0] == _split(d["new"])[0]
     and re.search(rb'(?m)^[^:\r\n]*;[A-Za-z0-9-]+=[^:;\r\n]*"', d["original"]) is not None,
     "the 2.1 original has quoted parameter values (4.0 syntax) or parameters 2.1 does not define: written back "
     "into 2.1, which has no quoting, they move off the line to X-PARAM- properties beside it"),
]


def explain(d):
    for group, test, reason in KNOWN:
        try:
            if test(d):
                return group, reason
        except (TypeError, AttributeError, KeyError):
            continue
    return None


def differences(record, original):
    """The differences of one chain's diff, as dicts (see KNOWN), and the number of card pairs
    diff could not make (a removed and an added card of the same name, without a UID)."""
    diff = record["diff"] or {}
    base = {"chain": record["chain"], "version": record["version"], "original": original,
            "malformed": record.get("malformed", "no"), "card_items": []}
    added = [c for c in diff.get("added", [])]
    removed = [c for c in diff.get("removed", [])]
    # As many removed and added cards of the same name, without UID, as the original has cards
    # without FN: diff cannot pair those yet.
    without_fn = sum(1 for c in re.split(rb"(?im)^BEGIN:VCARD", original)[1:]
                     if not re.search(rb"(?im)^(?:[A-Za-z0-9-]+\.)?FN[;:]", c))
    unpaired = 0
    for card in list(removed):
        twin = next((a for a in added if a.get("name") == card.get("name") and not a.get("uid")
                     and not card.get("uid")), None)
        if twin is not None and unpaired < without_fn:
            added.remove(twin)
            removed.remove(card)
            unpaired += 1
    out = [dict(base, kind="card-added", change="added", name="", old=None, new=None, card=c.get("name"))
           for c in added]
    out += [dict(base, kind="card-removed", change="removed", name="", old=None, new=None, card=c.get("name"))
            for c in removed]
    for card in diff.get("changed", []):
        items = []
        for p in card.get("properties", []):
            items.append(dict(base, kind="property", change=p.get("change"), name=p.get("name", ""),
                              old=p.get("old"), new=p.get("new"), card=card.get("card", {}).get("name"),
                              card_items=items))
        out += items
    if not out and not unpaired:
        # diff exited 1 and listed nothing: it found an error in an input (said on standard error).
        out.append(dict(base, kind="diff-error", change="", name="", old=None, new=None,
                        card=record["stderr"].strip().splitlines()[-1] if record["stderr"].strip() else "(no message)"))
    return out, unpaired


def describe(d):
    if d["kind"] == "diff-error":
        return f"diff exited 1 without listing a difference: {d['card']}"
    if d["kind"] != "property":
        return f"card {d['change']}: {d['card']}"
    old, new = (json.dumps(v, ensure_ascii=False)[:100] if v is not None else None for v in (d["old"], d["new"]))
    if d["change"] == "added":
        return f"{d['card']}: + {d['name']}: {new}"
    if d["change"] == "removed":
        return f"{d['card']}: - {d['name']}: {old}"
    return f"{d['card']}: {d['name']}: {old} -> {new}"


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--tool", required=True, help="the vcardtool binary")
    parser.add_argument("--work", required=True, help="a folder for the outputs")
    parser.add_argument("--verbose", action="store_true", help="print the diff of every different file")
    parser.add_argument("--strict", action="store_true", help="exit 1 if a difference is unexplained")
    parser.add_argument("--reuse", action="store_true", help="classify the results already in --work")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("inputs", help="a file listing the inputs, one 'label<TAB>path<TAB>malformed' a line")
    args = parser.parse_args()

    inputs = read_inputs(args.inputs)

    results_path = os.path.join(args.work, "roundtrip.jsonl")
    if not args.reuse:
        def one(n):
            label, path, _ = inputs[n]
            folder = os.path.join(args.work, str(n))
            os.makedirs(folder, exist_ok=True)
            with open(path, "rb") as f:
                version = version_of(f.read())
            return [dict(run_chain(args.tool, folder, path, chain, version), label=label, path=path,
                         malformed=inputs[n][2])
                    for chain, _ in CHAINS]
        with ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool, open(results_path, "w") as out:
            for records in pool.map(one, range(len(inputs))):
                for r in records:
                    out.write(json.dumps(r, ensure_ascii=False) + "\n")
    with open(results_path, encoding="utf-8") as f:
        records = [json.loads(line) for line in f if line.strip()]
    malformed = {label: m for label, _, m in inputs}
    for r in records:
        r["malformed"] = malformed.get(r["label"], "no")

    table = {row: {"files": 0, "equal": 0, "different": 0, "unpaired": 0, "explained": 0, "unexplained": 0,
                   "errors": 0} for row in ROWS}
    reasons = {}      # (group, reason) -> {row: files}
    examples = {}     # (group, reason) -> ["label (row)", ...]
    unexplained = []  # (label, row, description)
    troubles = []
    different_files = []
    for r in records:
        t = table[r["row"]]
        t["files"] += 1
        if r["status"] == 0:
            t["equal"] += 1
            continue
        if r["status"] != 1 or any(s == 2 for s in r["steps"]):
            t["errors"] += 1
            troubles.append(f"{r['label']} ({r['row']}): steps exited {r['steps']}, diff {r['status']}: "
                            f"{r['stderr'].strip()[:200]}")
            continue
        t["different"] += 1
        different_files.append(r)
        with open(r["path"], "rb") as f:
            original = f.read()
        diffs, unpaired = differences(r, original)
        own = []
        file_reasons = set()
        for d in diffs:
            why = explain(d)
            if why is None:
                own.append(describe(d))
            else:
                file_reasons.add(why)
        for why in file_reasons:
            reasons.setdefault(why, {}).setdefault(r["row"], 0)
            reasons[why][r["row"]] += 1
            examples.setdefault(why, []).append(f"{r['label']} ({r['row']})")
        if own:
            t["unexplained"] += 1
            unexplained += [(r["label"], r["row"], line) for line in own]
        elif unpaired:
            t["unpaired"] += 1
        else:
            t["explained"] += 1
        if unpaired:
            reasons.setdefault(("diff", "cards without UID or FN are not paired by diff, not even with themselves: "
                                "each is reported removed and added (issue #14)"), {}).setdefault(r["row"], 0)
            reasons[("diff", "cards without UID or FN are not paired by diff, not even with themselves: "
                             "each is reported removed and added (issue #14)")][r["row"]] += 1

    # A Markdown table, as the README has it.
    print("| chain | files | equal | different | unpaired | explained | unexplained | errors |")
    print("|---|--:|--:|--:|--:|--:|--:|--:|")
    for row in ROWS:
        t = table[row]
        print(f"| {row.replace('->', '→')} | {t['files']} | {t['equal']} | {t['different']} | {t['unpaired']} | "
              f"{t['explained']} | {t['unexplained']} | {t['errors']} |")
    print("(different = unpaired + explained + unexplained. unpaired: every difference is explained but cards "
          "diff cannot pair yet; explained: every difference has a reason in KNOWN in scripts/interop/roundtrip.py.)")
    print("\nReasons (files per chain; a file can have several):")
    for (group, reason), rows in sorted(reasons.items(), key=lambda kv: (kv[0][0], -sum(kv[1].values()))):
        counts = ", ".join(f"{row}: {n}" for row, n in rows.items())
        print(f"  [{group}] {reason}\n      {counts}")
        if args.verbose:
            for example in examples.get((group, reason), []):
                print(f"        {example}")
    unused = [(group, reason) for group, _, reason in KNOWN if (group, reason) not in reasons]
    if unused:
        print("\nKNOWN rules that explained nothing this run (fixed, or their files absent):")
        for group, reason in dict.fromkeys(unused):
            print(f"  [{group}] {reason[:160]}")
    if troubles:
        print("\nTrouble (a step or diff exited with status 2):")
        for line in troubles:
            print("  " + line)
    if unexplained:
        print(f"\nUnexplained differences ({len(unexplained)} in "
              f"{sum(table[row]['unexplained'] for row in ROWS)} file chains):")
        for label, row, line in unexplained:
            print(f"  {label} ({row}): {line}")
    if args.verbose:
        print("\nThe diff of every different file:")
        for r in different_files:
            d = subprocess.run([args.tool, "diff", r["path"], r["end"]], capture_output=True)
            print(f"== {r['label']} ({r['row']})")
            sys.stdout.write(d.stdout.decode("utf-8", "replace"))
            for line in d.stderr.decode("utf-8", "replace").splitlines():
                print(f"    (stderr) {line}")
    if troubles:
        return 2
    return 1 if args.strict and unexplained else 0


if __name__ == "__main__":
    sys.exit(main())
