#!/usr/bin/env python3
"""Generates Sources/ContactsModel/PhoneMetadataTable.swift and PhoneFormatTable.swift from
libphonenumber's metadata as Debian's python3-phonenumbers ships it (apt-get install
python3-phonenumbers): per region its country calling code, international call prefixes, national
(trunk) prefixes and the possible lengths of its national numbers; per calling code the number
formats of its main region (how libphonenumber groups a national number, with and without the
national prefix). Each is one compact string literal that PhoneMetadata or PhoneFormats reads once.

    /usr/bin/python3 scripts/phone-metadata.py     # rewrites both Swift files (run from anywhere)

The prefixes are regular expressions in libphonenumber; each one is expanded here into the finite
list of digit strings it matches, so that the Swift side compares bytes and needs no regex engine.
A national prefix with a transform rule (a carrier code or an area code prepended to local
numbers) keeps only its plain national prefix: the transform is not applied (README, #18).
"""
import os
import re
import sys
import warnings

with warnings.catch_warnings():
    warnings.simplefilter("ignore", DeprecationWarning)
    import sre_constants as C
    import sre_parse

import phonenumbers
from phonenumbers import PhoneMetadata
from phonenumbers.phonenumberutil import _FIRST_GROUP_PATTERN as FIRST_GROUP

LIMIT = 400  # more strings than this: the language is not a short prefix list


def expand(pattern):
    """The strings the regex matches in full, `d` standing for any digit, or None when there are
    too many or a construct (an anchor, an unbounded repeat) makes it more than a prefix list."""

    def seq(items):
        out = [""]
        for op, arg in items:
            alts = node(op, arg)
            if alts is None:
                return None
            out = [a + b for a in out for b in alts]
            if len(out) > LIMIT:
                return None
        return out

    def node(op, arg):
        if op is C.LITERAL:
            return [chr(arg)]
        if op is C.IN:
            chars = set()
            for iop, iarg in arg:
                if iop is C.LITERAL:
                    chars.add(chr(iarg))
                elif iop is C.RANGE:
                    chars.update(chr(c) for c in range(iarg[0], iarg[1] + 1))
                elif iop is C.CATEGORY and iarg is C.CATEGORY_DIGIT:
                    chars.update("0123456789")
                else:
                    return None
            return ["d"] if chars == set("0123456789") else sorted(chars)
        if op is C.SUBPATTERN:
            return seq(arg[-1])
        if op is C.BRANCH:
            out = []
            for branch in arg[1]:
                alts = seq(branch)
                if alts is None:
                    return None
                out += alts
            return out
        if op in (C.MAX_REPEAT, C.MIN_REPEAT):
            low, high, body = arg
            if high is C.MAXREPEAT or high > 3:
                return None
            alts = seq(body)
            if alts is None:
                return None
            out, power = [], [""]
            for n in range(high + 1):
                if n >= low:
                    out += power
                power = [a + b for a in power for b in alts]
            return out
        if op is C.CATEGORY and arg is C.CATEGORY_DIGIT:
            return ["d"]
        return None

    result = seq(sre_parse.parse(pattern))
    if result is None or len(result) > LIMIT:
        return None
    return sorted(set(result), key=lambda s: (-len(s), s))


def prefixes(metadata):
    idd = expand(metadata.international_prefix) if metadata.international_prefix else []
    if idd is None:
        sys.exit(f"{metadata.id}: international prefix {metadata.international_prefix!r} does not expand")
    npp = metadata.national_prefix_for_parsing
    if npp and not metadata.national_prefix_transform_rule:
        national = expand(npp)
        if national is None:
            national = [metadata.national_prefix] if metadata.national_prefix else []
    else:
        national = [metadata.national_prefix] if metadata.national_prefix else []
    return idd, [p for p in national if p]


def lengths(values):
    return ",".join(str(n) for n in values if n > 0)


def rows():
    for code in sorted(phonenumbers.COUNTRY_CODE_TO_REGION_CODE):
        for region in phonenumbers.COUNTRY_CODE_TO_REGION_CODE[code]:
            if region == "001":
                metadata = PhoneMetadata.metadata_for_nongeo_region(code)
            else:
                metadata = PhoneMetadata.metadata_for_region(region)
            if metadata is None:
                continue
            idd, national = prefixes(metadata)
            general = metadata.general_desc
            yield ";".join([region, str(code), ",".join(idd), ",".join(national),
                            lengths(general.possible_length), lengths(general.possible_length_local_only)])


def main_metadata(code):
    """The metadata libphonenumber formats the numbers of a calling code with: its main region's."""
    region = phonenumbers.region_code_for_country_code(code)
    if region == "001":
        return PhoneMetadata.metadata_for_nongeo_region(code)
    return PhoneMetadata.metadata_for_region(region)


def dollars(fmt):
    """A format with libphonenumber's group references (`\\1`) written `$1`."""
    return re.sub(r"\\(\d)", r"$\1", fmt)


def format_rows():
    for code in sorted(phonenumbers.COUNTRY_CODE_TO_REGION_CODE):
        metadata = main_metadata(code)
        if metadata is None:
            continue
        for f in metadata.number_format:
            national = f.format
            if f.national_prefix_formatting_rule:
                national = re.sub(FIRST_GROUP, f.national_prefix_formatting_rule, f.format, count=1)
            leading = f.leading_digits_pattern[-1] if f.leading_digits_pattern else ""
            yield ";".join(["N", str(code), leading, f.pattern, dollars(f.format), dollars(national)])
        for f in metadata.intl_number_format or []:
            leading = f.leading_digits_pattern[-1] if f.leading_digits_pattern else ""
            yield ";".join(["I", str(code), leading, f.pattern, dollars(f.format)])
        if metadata.preferred_extn_prefix:
            yield ";".join(["X", str(code), metadata.preferred_extn_prefix])


LICENCE = """\
// Generated by scripts/phone-metadata.py from libphonenumber {version} (Debian python3-phonenumbers):
// do not edit; run the script again.
//
// The data is derived from libphonenumber's PhoneNumberMetadata.xml:
// Copyright (C) 2009 The Libphonenumber Authors
//
// Licensed under the Apache License, Version 2.0 (the "License");
// you may not use this file except in compliance with the License.
// You may obtain a copy of the License at
//
// http://www.apache.org/licenses/LICENSE-2.0
//
// Unless required by applicable law or agreed to in writing, software
// distributed under the License is distributed on an "AS IS" BASIS,
// WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
// See the License for the specific language governing permissions and
// limitations under the License.
"""

HEADER = LICENCE + """
/// One line a region, in order of calling code, the code's main region first (as libphonenumber
/// lists them): `region;code;international prefixes;national prefixes;possible lengths;local-only
/// lengths`, lists comma-separated, longest prefix first, `d` in a prefix for any digit. Read once by ``PhoneMetadata``.
let phoneMetadataTable = \"\"\"
"""


FORMAT_HEADER = LICENCE + """
/// libphonenumber's number formats, one line each, by calling code in the order libphonenumber tries
/// them (those of the code's main region): `N;code;leading digits;pattern;format;national format`
/// for a national format (the national one with the national prefix rule applied), `I;code;leading
/// digits;pattern;format` for an international format that differs, `X;code;prefix` for an
/// extension prefix other than ` ext. `. Patterns are regular expressions; `$1` is a group. Read
/// by ``PhoneFormats``.
let phoneFormatTable = #\"\"\"
"""


def write(name, header, lines, unit, close='"""'):
    """Writes the Swift file: the header, then the lines indented as the literal's closing
    delimiter is (Swift removes that indentation; swift-format wants it)."""
    here = os.path.dirname(os.path.abspath(__file__))
    target = os.path.join(here, "..", "Sources", "ContactsModel", name)
    lines = list(lines)
    with open(target, "w") as out:
        out.write(header.format(version=phonenumbers.__version__))
        out.write("".join("    " + line + "\n" for line in lines) + "    " + close + "\n")
    print(f"wrote {os.path.relpath(target)}: {len(lines)} {unit}")


def main():
    write("PhoneMetadataTable.swift", HEADER, rows(), "regions")
    write("PhoneFormatTable.swift", FORMAT_HEADER, format_rows(), "lines", close='"""#')


if __name__ == "__main__":
    main()
