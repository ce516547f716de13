"""What makes Markdown from content safe to print: no raw HTML, no link a browser would run.

Content is written by maintainers but printed into pages readers trust, so two rules hold.
The content check (generator/site/content_check.py) refuses a breach with file:line: field
before anything is rendered; the renderer (render.py) enforces the same rules again, so a
breach that ever got past the check would still be inert on the page:

- raw HTML (`<b>`, `<script>`, `<!-- -->`) is refused, not escaped: a definition that shows
  literal tags reads as a broken page, and Markdown covers what definitions need. The
  renderer escapes it (shows it as text). Character references (`&lt;`, `&amp;`) are text
  and allowed; so is a bare `<` (`value < 8`).
- a link or image may point only at http(s), mailto, or an address on this site. Anything
  else (`javascript:`, `data:`, `vbscript:`, `file:` …), however it is spelled (upper case,
  entities, embedded tabs), is refused; the renderer drops the href/src (the link text
  stays, an image becomes its alt text).

>>> scheme_of("JaVa&#x53;cript:alert(1)"), scheme_of("java\\tscript:x"), scheme_of("/rulesets/mcr/#a")
('javascript', 'javascript', '')
>>> is_safe_target("https://example.org/"), is_safe_target("data:text/html,x"), is_safe_target("../x/")
(True, False, True)
>>> [(line, message.split(" is ")[0]) for line, message in problems("See [x](javascript:alert(1)) and <b>this</b>.")]
[(1, "link target 'javascript:alert(1)'"), (1, "raw HTML '<b>'")]
"""

from __future__ import annotations

import html
import re
import xml.etree.ElementTree as etree
from collections.abc import Iterator

import markdown
from markdown.extensions import Extension
from markdown.treeprocessors import Treeprocessor

from ..cache import Remembered

SAFE_SCHEMES = frozenset({"http", "https", "mailto"})
LINK_ATTRS = (("a", "href"), ("img", "src"))
_IGNORED = re.compile(r"[\x00-\x20\x7f]+")  # browsers drop tabs and newlines inside a URL; be stricter
_SCHEME = re.compile(r"([A-Za-z][A-Za-z0-9+.\-]*):")


def scheme_of(target: str) -> str:
    """The scheme a browser would read from an href: entities decoded, controls and spaces removed, lower case;
    '' for an address on this site (relative, root-absolute or a fragment)."""
    m = _SCHEME.match(_IGNORED.sub("", html.unescape(target)))
    return m.group(1).lower() if m else ""


def is_safe_target(target: str) -> bool:
    return scheme_of(target) in SAFE_SCHEMES or scheme_of(target) == ""


class _Links(Treeprocessor):
    """Records every link and image target in document order; with `strip`, disarms the unsafe ones."""

    def __init__(self, md: markdown.Markdown, strip: bool) -> None:
        super().__init__(md)
        self.strip = strip
        self.targets: list[str] = []

    def run(self, root: etree.Element) -> None:
        for el in root.iter():
            for tag, attr in LINK_ATTRS:
                target = el.get(attr) if el.tag == tag else None
                if target is None:
                    continue
                self.targets.append(target)
                if self.strip and not is_safe_target(target):
                    if tag == "img":  # the image becomes its text alternative
                        alt = el.get("alt", "")
                        el.tag, el.text = "span", alt
                        el.attrib.clear()
                    else:
                        del el.attrib[attr]


class SafeLinks(Extension):
    """Markdown extension for the site's renderer: unsafe link and image targets never reach a page."""

    def __init__(self, strip: bool = True, **kwargs: object) -> None:
        self.strip = strip
        self.processor: _Links | None = None
        super().__init__(**kwargs)

    def extendMarkdown(self, md: markdown.Markdown) -> None:
        self.processor = _Links(md, self.strip)
        md.treeprocessors.register(self.processor, "safe_links", 4)  # after inline patterns (20) made the links
        md.registerExtension(self)

    def reset(self) -> None:
        if self.processor is not None:
            self.processor.targets = []


_INSPECT_LINKS = SafeLinks(strip=False)
_INSPECTOR = markdown.Markdown(extensions=[_INSPECT_LINKS])  # stock Markdown: raw HTML is recognised, not escaped


def inspect(text: str) -> tuple[list[str], list[str]]:
    """(link and image targets, raw HTML fragments) of a Markdown text, as Markdown itself parses them,
    so code spans, escapes and autolinks are told apart from HTML exactly as the renderer does."""
    targets, raw = INSPECTED(text)
    return list(targets), list(raw)


def _inspect(text: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    _INSPECTOR.reset()
    _INSPECTOR.convert(text)
    raw = [block for block in _INSPECTOR.htmlStash.rawHtmlBlocks
           if isinstance(block, str) and not block.startswith("&")]  # '&lt;' is a character, not markup
    assert _INSPECT_LINKS.processor is not None
    return tuple(_INSPECT_LINKS.processor.targets), tuple(raw)


INSPECTED = Remembered("markdown-inspected", _inspect)
"""`_inspect` memoised: the content checks read each of a thousand fields more than once, and every build."""


def line_of(text: str, needle: str) -> int:
    """1-based line of the first occurrence of `needle` in `text` (1 when Markdown rewrote it beyond recognition)."""
    at = text.find(needle.strip())
    return text.count("\n", 0, at) + 1 if at >= 0 else 1


def problems(text: str) -> Iterator[tuple[int, str]]:
    """(line within `text`, message) for every unsafe link target and every piece of raw HTML."""
    targets, raw = inspect(text)
    for target in targets:
        if not is_safe_target(target):
            yield line_of(text, target), (f"link target '{target}' is not allowed (expected https://…, mailto:… "
                                          "or a site address such as /rulesets/mcr/)")
    for fragment in [f for f in raw if not f.startswith("</")] or raw:  # '<b>x</b>' is one problem, not two
        first = fragment.strip().splitlines()[0] if fragment.strip() else fragment
        shown = first if len(first) <= 40 else first[:40] + "…"
        yield line_of(text, first), (f"raw HTML '{shown}' is not allowed: write Markdown (a literal '<' can be "
                                      "written as '\\<')")
