"""Line numbers for TOML keys.

tomllib gives values but not positions; maintainers need `file:line` in errors, so
this scans the text once and records where each key of each table starts.
"""

from __future__ import annotations

import re

_PART = r"""(?:[A-Za-z0-9_\-]+|"[^"]*"|'[^']*')"""  # a bare or quoted key: [hand.expect."zj-2.4"]
_HEADER = re.compile(rf"^\s*(\[\[?)\s*({_PART}(?:\s*\.\s*{_PART})*)\s*\]\]?\s*(#.*)?$")
_SPLIT = re.compile(_PART)
_KEY = re.compile(r"^\s*([A-Za-z0-9_\-]+)\s*=")

Key = tuple[str, int, str]  # (table name, index of an array-of-tables entry or 0, key)


def locate(text: str, *, until_after: str | None = None) -> dict[Key, int]:
    """Map (table, index, key) -> 1-based line; ("pattern", 3, "") is the header of the 4th [[pattern]].

    With `until_after`, the scan ends at the first header after that table's (which is still recorded),
    for a reader that needs one table at the head of a long file.
    """
    lines: dict[Key, int] = {}
    counters: dict[str, int] = {}
    table, index = "", 0
    in_multiline: str | None = None
    for n, line in enumerate(text.splitlines(), start=1):
        if in_multiline:
            if line.count(in_multiline) % 2 == 1:
                in_multiline = None
            continue
        m = _HEADER.match(line)
        if m:
            previous = table
            table = ".".join(part.strip("\"'") for part in _SPLIT.findall(m.group(2)))
            if m.group(1) == "[[":
                index = counters.get(table, -1) + 1
                counters[table] = index
            else:
                index = 0
            lines[(table, index, "")] = n
            if until_after is not None and previous == until_after:
                break
            continue
        k = _KEY.match(line)
        if k:
            lines.setdefault((table, index, k.group(1)), n)
            for quote in ('"""', "'''"):
                if line.count(quote) % 2 == 1:
                    in_multiline = quote
    return lines
