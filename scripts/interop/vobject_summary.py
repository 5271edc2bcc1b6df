#!/usr/bin/env python3
"""Reads vCard files with Python vobject (PyPI) and prints, for each file named on standard input
(one path a line), one JSON line: {"file": path, "cards": [summary, ...]} or {"file": path,
"error": message}. A summary holds what scripts/interop/compare.py compares, as vobject reads it:
FN, N, EMAIL, TEL, ADR, ORG, TITLE, NOTE, URL, NICKNAME, CATEGORIES, BDAY (the same keys as
EzSummary.java).

Files are read as UTF-8 (invalid bytes replaced), with vobject's quoted-printable line joining on
(allowQP=True), as a 2.1 file needs.
"""
import json
import sys

import vobject


def texts(card, name):
    out = []
    for line in card.contents.get(name, []):
        value = line.value
        if isinstance(value, list):
            out.append(";".join(str(v) for v in value))
        else:
            out.append(str(value))
    return out


def joined(part):
    if isinstance(part, (list, tuple)):
        return ",".join(part)
    return part or ""


def summary(card):
    result = {"fn": texts(card, "fn")}
    if "n" in card.contents:
        n = card.contents["n"][0].value
        if hasattr(n, "family"):
            result["n"] = [joined(n.family), joined(n.given), joined(n.additional), joined(n.prefix), joined(n.suffix)]
        else:
            result["n"] = str(n).split(";")
    result["email"] = texts(card, "email")
    result["tel"] = texts(card, "tel")
    adrs = []
    for line in card.contents.get("adr", []):
        a = line.value
        if hasattr(a, "street"):
            adrs.append([joined(a.box), joined(a.extended), joined(a.street), joined(a.city), joined(a.region),
                         joined(a.code), joined(a.country)])
        else:
            adrs.append(str(a).split(";"))
    result["adr"] = adrs
    # vobject splits ORG components on ',' too (a 2.1 ORG holds literal commas): join them back.
    result["org"] = [";".join(joined(v) for v in line.value) if isinstance(line.value, list) else str(line.value)
                     for line in card.contents.get("org", [])]
    result["title"] = texts(card, "title")
    result["note"] = texts(card, "note")
    result["url"] = texts(card, "url")
    nicknames = []
    for line in card.contents.get("nickname", []):
        value = line.value
        nicknames += value if isinstance(value, list) else str(value).split(",")
    result["nickname"] = nicknames
    categories = []
    for line in card.contents.get("categories", []):
        value = line.value
        categories += value if isinstance(value, list) else str(value).split(",")
    result["categories"] = categories
    bdays = texts(card, "bday")
    result["bday"] = bdays[0] if bdays else None
    return result


def main():
    for path in sys.stdin.read().splitlines():
        if not path:
            continue
        try:
            with open(path, "rb") as f:
                text = f.read().decode("utf-8", errors="replace")
            cards = [summary(c) for c in vobject.readComponents(text, allowQP=True)
                     if c.name.upper() == "VCARD"]
            print(json.dumps({"file": path, "cards": cards}, ensure_ascii=False))
        except Exception as e:  # vobject raises ParseError, ValueError, UnicodeError, …
            print(json.dumps({"file": path, "error": f"{type(e).__name__}: {e}"}, ensure_ascii=False))
        sys.stdout.flush()


if __name__ == "__main__":
    main()
