"""No page shows a data structure: what a reader sees (text, and the titles, alt texts and labels a browser shows)
holds no Python or JSON literal — no `{'id': …}`, `['a', 'b']`, `"key": value`, `None`, `Pattern(id=…)`.

Hand notation is not data: `[123m]` is an exposed chow and `{5555p}` a concealed kong (docs/notation.md), and
prose may quote words ("closed door") and say "None of them"; the patterns below are written so those pass.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

SHOWN_ATTRS = {"title", "alt", "aria-label", "placeholder"}
HIDDEN = {"script", "style", "template"}
QUOTE = "['\"]"
LITERALS = [
    ("a dict, list or tuple opening on a quoted item", re.compile(rf"[{{\[(]\s*{QUOTE}[^'\"]*{QUOTE}\s*[:,\]}})]")),
    ("a quoted key and a colon", re.compile(rf"[{{,]\s*{QUOTE}[\w .\-]+{QUOTE}\s*:")),
    ("two quoted items and a comma", re.compile(rf"{QUOTE}[\w .\-]*{QUOTE}\s*,\s*{QUOTE}[\w .\-]*{QUOTE}\s*[,\]}})]")),
    ("None, True or False as a value",
     re.compile(r"[:=,(\[{]\s*\b(?:None|True|False)\b|\b(?:None|True|False)\s*[)\]}]")),
    ("an empty list or dict", re.compile(r"\[\s*\]|\{\s*\}")),
    ("a dataclass or object repr", re.compile(r"\b[A-Z][A-Za-z]*\((?:[a-z_]+=)|<[\w.]+ object at 0x")),
    ("a container type's repr", re.compile(r"\b(?:frozenset|defaultdict|OrderedDict|mappingproxy|dict_(?:keys|values|"
                                           r"items))\(")),
    ("a TOML inline table", re.compile(r"\{\s*\w+\s*=")),
    ("a string escape", re.compile(r"\\[nt]|\\u[0-9a-fA-F]{4}")),
]
ALONE = re.compile(r"None|True|False|\[\]|\{\}|\(\)")  # a whole text node that is only this is a printed value


class _Shown(HTMLParser):
    """The text a reader sees, as runs between tags (a tag is a word break), and the shown attribute values."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.runs: list[str] = []
        self.hidden = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in HIDDEN:
            self.hidden += 1
        self.runs.extend(v for k, v in attrs if k in SHOWN_ATTRS and v)

    def handle_endtag(self, tag: str) -> None:
        if tag in HIDDEN:
            self.hidden = max(0, self.hidden - 1)

    def handle_data(self, data: str) -> None:
        if not self.hidden:
            self.runs.append(data)


def shown_text(html: str) -> list[str]:
    parser = _Shown()
    parser.feed(html)
    return parser.runs


def literals(runs: list[str]) -> list[str]:
    """Each data-structure literal found, as 'what: …context…'."""
    found = [f"a printed value: {r.strip()!r}" for r in runs if ALONE.fullmatch(r.strip())]
    text = re.sub(r"\s+", " ", " ".join(runs))
    for what, pattern in LITERALS:
        found.extend(f"{what}: …{text[max(0, m.start() - 50):m.end() + 50]}…" for m in pattern.finditer(text))
    return found


@pytest.mark.parametrize("html", [
    "<td>excludes {'id': 'full-flush', 'why': 'implied'}</td>",
    "<p>detect {'name': 'first_turn', 'dealer': 'no'}</p>",
    "<li>aliases ['九蓮寶燈', '九子連環']</li>",
    '<pre>{"ruleset": "mcr", "total": 8}</pre>',
    "<td>None</td>",
    "<p>reading: None</p>",
    "<p>changed (True, 3)</p>",
    "<p>Pattern(id='x', value=8)</p>",
    "<p>frozenset({1, 2})</p>",
    "<p>detect = { name = \"first_turn\" }</p>",
    "<p>A concealed one-suit hand\\nwaiting</p>",
    "<p>excludes []</p>",
    '<a title="{\'id\': \'x\'}">x</a>',
])
def test_a_literal_is_found(html: str) -> None:
    assert literals(shown_text(html)), html


@pytest.mark.parametrize("html", [
    "<p>123m456p789s [555p] {5555p} +1z seat=S</p>",  # hand notation (docs/notation.md)
    "<p>None of the tiles is an honour. True, it rarely happens.</p>",
    '<p>Option <code>closed_door = "strict"</code>: once anybody has konged a wild</p>',
    '<p>(封门, "closed door"); and never once the winner himself</p>',
    "<p>v2.4 has one entry, “天和 / 地和 / 人和 : 320” (§9.5)</p>",
    "<p>gb-1998: fan 48 (name, value, definition); coh: score_definition.xml</p>",
    "<script>const x = {'a': None};</script><style>a{}</style>",
    "<td>—</td><td>none</td>",
])
def test_prose_and_notation_pass(html: str) -> None:
    assert literals(shown_text(html)) == []


def test_no_page_shows_a_data_structure(built_site: Path) -> None:
    pages = sorted(built_site.rglob("*.html"))
    assert len(pages) > 1000
    found = []
    for path in pages:
        if "pagefind" in path.parts:
            continue
        found.extend(f"{path.relative_to(built_site)}: {x}" for x in literals(shown_text(path.read_text("utf-8"))))
    assert found == [], f"{len(found)} literal(s):\n" + "\n".join(found[:40])
