#!/usr/bin/env python3
"""The differential test of vcardtool's phone parsing against libphonenumber (python3-phonenumbers).

    compare.py VCARDTOOL WORKDIR

Writes libphonenumber's example numbers for every region and number type in several forms (E.164,
international with spaces, national with the trunk prefix, dialled with an international call
prefix, with an extension, as a tel: URI) as the TEL lines of one vCard per default region, runs
`VCARDTOOL cat --phones e164 --region R` once per region, and compares what it wrote (or the
warning it gave) with libphonenumber's parse, is_possible_number and E.164 of the same text.
Prints agreement per form and overall and every disagreement grouped by reason. Then the same
example numbers, with and without an extension, and as tel: URIs, go through `cat --phones
national` and `--phones international` and are compared with libphonenumber's NATIONAL,
INTERNATIONAL and RFC3966 formats. Exit status 1 when the E.164 of a possible number differs or is
missing outside the exclusions listed (EXCLUDED), or when a format differs; 2 on trouble.
"""
import collections
import os
import re
import subprocess
import sys

import phonenumbers
from phonenumbers import PhoneNumberFormat as F
from phonenumbers import PhoneNumberType as T

TYPES = [T.FIXED_LINE, T.MOBILE, T.TOLL_FREE, T.PREMIUM_RATE, T.SHARED_COST, T.VOIP,
         T.PERSONAL_NUMBER, T.PAGER, T.UAN, T.VOICEMAIL]
# Regions that dial abroad with these prefixes: a number dialled from each is read in that region.
CALLERS = {"GB": "00", "US": "011", "RU": "810", "JP": "010", "AU": "0011"}

# Forms whose differences have a known cause outside the bar (README, "Phone numbers").
EXCLUDED = {
    "pattern": "a national prefix that the possible lengths allow both to strip and to keep "
               "(BY's 80 before 801…): libphonenumber decides by the national-number pattern, which "
               "the table leaves out to stay small (lengths only)",
    "transform": "national form in a region whose national prefix rewrites the number "
                 "(libphonenumber's national_prefix_transform_rule: carrier codes, mobile tokens "
                 "such as AR's 15, area codes prepended to local numbers): not implemented",
}


def examples():
    """(region, type name, PhoneNumber) for every example number libphonenumber has."""
    for region in sorted(phonenumbers.SUPPORTED_REGIONS):
        for kind in TYPES:
            number = phonenumbers.example_number_for_type(region, kind)
            if number is not None:
                yield region, kind, number
    for code in sorted(phonenumbers.COUNTRY_CODES_FOR_NON_GEO_REGIONS):
        number = phonenumbers.example_number_for_non_geo_entity(code)
        if number is not None:
            yield "001", "non-geographic", number


def cases():
    """(default region, form, text, excluded reason or None)."""
    for region, kind, number in examples():
        e164 = phonenumbers.format_number(number, F.E164)
        international = phonenumbers.format_number(number, F.INTERNATIONAL)
        home = region if region != "001" else "US"
        yield home, "e164", e164, None
        yield home, "international", international, None
        yield home, "tel-uri", phonenumbers.format_number(number, F.RFC3966), None
        yield home, "international+ext", international + " ext. 123", None
        if region != "001":
            national = phonenumbers.format_number(number, F.NATIONAL)
            metadata = phonenumbers.PhoneMetadata.metadata_for_region(region)
            reason = "transform" if metadata.national_prefix_transform_rule else None
            yield region, "national", national, reason
            yield region, "national+ext", national + " x 45", reason
            yield region, "tel-uri+context", "tel:%s;phone-context=+%d" % (
                phonenumbers.national_significant_number(number), number.country_code), None
        for caller, prefix in CALLERS.items():
            if number.country_code != phonenumbers.country_code_for_region(caller):
                yield caller, "idd-" + prefix, prefix + " " + international[1:], None


def lengths_allow_both(ours_e164, ref_e164, code):
    """Whether the two E.164 forms differ only by a national prefix of the calling code's region,
    with both national numbers of a possible length: a choice the lengths cannot make."""
    if not ours_e164 or not ref_e164:
        return False
    prefix = "+%d" % code
    if not (ours_e164.startswith(prefix) and ref_e164.startswith(prefix)):
        return False
    a, b = ours_e164[len(prefix):], ref_e164[len(prefix):]
    longer, shorter = (a, b) if len(a) > len(b) else (b, a)
    metadata = phonenumbers.PhoneMetadata.metadata_for_region_or_calling_code(
        code, phonenumbers.region_code_for_country_code(code))
    trunk = metadata.national_prefix_for_parsing
    lengths = metadata.general_desc.possible_length
    return (bool(trunk) and longer.endswith(shorter) and len(longer) in lengths and len(shorter) in lengths
            and re.match(trunk, longer) is not None and re.match(trunk, longer).end() == len(longer) - len(shorter))


def reference(text, region):
    """(parsed, possible, e164) by libphonenumber."""
    try:
        number = phonenumbers.parse(text, region)
    except phonenumbers.NumberParseException:
        return False, False, None
    return True, phonenumbers.is_possible_number(number), phonenumbers.format_number(number, F.E164)


def escape(text):
    return text.replace("\\", "\\\\").replace(",", "\\,").replace(";", "\\;")


def rewrite(tool, workdir, form, region, texts):
    """`vcardtool cat --phones FORM --region REGION` of one card whose TEL lines are `texts`:
    (the TEL lines written, in order, and the run's standard error)."""
    lines = ["BEGIN:VCARD", "VERSION:3.0", "FN:phones"]
    for text in texts:
        lines.append(("TEL;VALUE=uri:" + text) if text.startswith("tel:") else ("TEL:" + escape(text)))
    lines.append("END:VCARD")
    path = os.path.join(workdir, region + ".vcf")
    with open(path, "w") as out:
        out.write("\r\n".join(lines) + "\r\n")
    run = subprocess.run([tool, "cat", "--phones", form, "--region", region, path],
                         capture_output=True, text=True)
    if run.returncode != 0:
        sys.exit(f"trouble: {tool} cat exited {run.returncode} for {region}: {run.stderr[:500]}")
    return run.stdout.splitlines()[3:3 + len(texts)], run.stderr


def unescape(text):
    return re.sub(r"\\(.)", r"\1", text)


def formats(tool, workdir):
    """Compares `cat --phones national|international` with libphonenumber's formats of every
    example number: (compared, [disagreement], [excluded]); a number vcardtool reads as another
    (an excluded E.164 difference) is excluded here too."""
    inputs = []
    for _, _, number in examples():
        e164 = phonenumbers.format_number(number, F.E164)
        inputs += [(number, e164), (phonenumbers.parse(e164 + " ext. 123"), e164 + " ext. 123"),
                   (number, "tel:" + e164)]
    texts = [text for _, text in inputs]
    read_as = [line.split(":")[-1].split(" ext. ")[0].split(";")[0] for line in rewrite(tool, workdir, "e164", "US", texts)[0]]
    national, _ = rewrite(tool, workdir, "national", "US", texts)
    international, _ = rewrite(tool, workdir, "international", "US", texts)
    compared, problems, excluded = 0, [], []
    for (number, text), e164, mine_national, mine_international in zip(inputs, read_as, national, international):
        if text.startswith("tel:"):
            pairs = [("tel-uri", mine_international.split(":", 1)[1], F.RFC3966)]
        else:
            pairs = [("national", unescape(mine_national.split(":", 1)[1]), F.NATIONAL),
                     ("international", unescape(mine_international.split(":", 1)[1]), F.INTERNATIONAL)]
        for form, mine, style in pairs:
            compared += 1
            ref = phonenumbers.format_number(number, style)
            if mine == ref:
                continue
            row = f"{form:14} {text!r}: ours {mine!r}, libphonenumber {ref!r}"
            ref_e164 = phonenumbers.format_number(number, F.E164)
            (excluded if lengths_allow_both(e164, ref_e164, number.country_code) else problems).append(row)
    return compared, problems, excluded


def ours(tool, workdir, region, texts):
    """[(parsed, possible, e164)] by `vcardtool cat --phones e164`, one run for all the texts."""
    written, stderr = rewrite(tool, workdir, "e164", region, texts)
    path = os.path.join(workdir, region + ".vcf")
    left = {}
    for line in stderr.splitlines():
        # vcardtool cat: PATH:LINE:1: warning: phone '…' left as it is: REASON [phone-left]
        if "[phone-left]" in line:
            number = int(line.split(path + ":", 1)[1].split(":", 1)[0])
            left[number] = line
    results = []
    for i, line in enumerate(written):
        warning = left.get(i + 4)
        if warning is not None:
            results.append((False, False, None) if "not a possible length" not in warning else (True, False, None))
            continue
        value = line.split(":", 1)[1]
        if value.startswith("tel:"):
            value = value[4:].split(";", 1)[0]
        results.append((True, True, value.split(" ext. ", 1)[0]))
    return results


def main():
    tool, workdir = sys.argv[1], sys.argv[2]
    by_region = collections.defaultdict(list)
    for case in cases():
        by_region[case[0]].append(case)
    totals = collections.defaultdict(lambda: [0, 0, 0, 0])  # form: e164 agree, e164 compared, possible agree, cases
    failures = collections.defaultdict(list)
    excluded = collections.defaultdict(list)
    for region, group in sorted(by_region.items()):
        for (home, form, text, reason), mine in zip(group, ours(tool, workdir, region, [c[2] for c in group])):
            ref = reference(text, home)
            row = totals[form]
            row[3] += 1
            row[2] += mine[1] == ref[1]
            problem = None
            if ref[1]:
                row[1] += 1
                if mine[2] == ref[2]:
                    row[0] += 1
                elif not mine[0]:
                    problem = "E.164: libphonenumber parses a possible number, vcardtool does not"
                elif not mine[1]:
                    problem = "E.164: vcardtool finds the number not possible"
                else:
                    problem = "E.164 differs"
            elif mine[1] != ref[1]:
                problem = "is-possible: vcardtool says possible, libphonenumber not"
            if problem is None:
                continue
            detail = f"{home} {form:18} {text!r}: ours {mine[2] or '-'} (possible {mine[1]}), libphonenumber {ref[2] or '-'} (possible {ref[1]})"
            if reason is None and problem == "E.164 differs" and lengths_allow_both(mine[2], ref[2], phonenumbers.parse(ref[2]).country_code):
                reason = "pattern"
            (excluded[reason] if reason else failures[problem]).append(detail)
    print(f"{'form':20} {'E.164 (possible)':>22} {'is-possible':>20}")
    all_rows = [0, 0, 0, 0]
    for form, row in sorted(totals.items()):
        all_rows = [a + b for a, b in zip(all_rows, row)]
        print(f"{form:20} {row[0]:>7}/{row[1]:<6} {100 * row[0] / max(row[1], 1):6.2f}% {row[2]:>7}/{row[3]:<6} {100 * row[2] / max(row[3], 1):6.2f}%")
    print(f"{'all':20} {all_rows[0]:>7}/{all_rows[1]:<6} {100 * all_rows[0] / max(all_rows[1], 1):6.2f}% {all_rows[2]:>7}/{all_rows[3]:<6} {100 * all_rows[2] / max(all_rows[3], 1):6.2f}%")
    for reason, rows in sorted(excluded.items()):
        print(f"\nexcluded ({len(rows)}): {EXCLUDED[reason]}")
        for row in rows:
            print("  " + row)
    for problem, rows in sorted(failures.items()):
        print(f"\n{problem} ({len(rows)}):")
        for row in rows:
            print("  " + row)
    e164_failures = sum(len(rows) for problem, rows in failures.items() if problem.startswith("E.164"))
    print(f"\n{e164_failures} E.164 disagreement(s) on possible numbers outside the exclusions; "
          f"{sum(len(r) for r in failures.values()) - e164_failures} is-possible disagreement(s) listed")
    compared, problems, excluded = formats(tool, workdir)
    print(f"\nformats (national, international, tel: URI): {compared - len(problems) - len(excluded)}/{compared} "
          f"as libphonenumber writes them")
    print(f"excluded ({len(excluded)}): the number is read as another, as above ({EXCLUDED['pattern'][:40]}…)")
    for row in excluded + problems:
        print("  " + row)
    print(f"{len(problems)} format disagreement(s) outside the exclusions")
    return 1 if e164_failures or problems else 0


if __name__ == "__main__":
    sys.exit(main())
