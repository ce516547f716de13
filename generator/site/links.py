"""Check every internal link and anchor of a rendered site before it is written.

A broken link is a build failure, reported as the page that holds it and the target it
names, so the site never ships a dead end. The check runs over the in-memory output
(path -> bytes), i.e. exactly what would be written.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, MutableMapping
from dataclasses import dataclass
from html import unescape
from urllib.parse import unquote, urljoin, urlsplit

from .sync import sha1_of
from .urls import output_path

# (tag, attribute) pairs that point at another resource.
LINK_ATTRS = frozenset({("a", "href"), ("link", "href"), ("script", "src"), ("img", "src"), ("form", "action"),
                        ("iframe", "src"), ("source", "src"), ("area", "href")})


@dataclass(frozen=True, order=True)
class BrokenLink:
    page: str  # output path of the page holding the link
    target: str  # the link as written
    reason: str

    def __str__(self) -> str:
        return f"{self.page}: {self.reason}: {self.target}"


_LINK_TAG = re.compile(r"<(a|link|script|img|form|iframe|source|area)\s([^>]*)>", re.IGNORECASE)
_ATTR = re.compile(r"""([a-zA-Z_:][-a-zA-Z0-9_:.]*)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+))""")
_ID_ATTR = re.compile(r"""\sid\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+))""")


def _ids(html: str) -> set[str]:
    """The id of every tag: the first `id=` after a tag's '<' and before its '>'.

    Why not one regex from '<' on: tried at every '<' of a page of inline SVG, a lazy scan to the
    tag's end was half the link check's time. Here the attribute is found first, and the nearest
    '<' and '>' before it say whether it stands in a tag, and in which.
    """
    ids: set[str] = set()
    last_tag = -1
    for m in _ID_ATTR.finditer(html):
        at = m.start()
        tag = html.rfind("<", 0, at)
        if tag <= last_tag or html.rfind(">", tag, at) >= 0:
            continue  # not inside a tag, or a second id= in a tag already read
        last_tag = tag
        ids.add(unescape(next(g for g in m.groups() if g is not None)))
    return ids


def scan(html: str) -> tuple[set[str], list[str]]:
    """(ids, links) of one HTML page.

    A tag scanner rather than a full parser: the pages are our own output, where text
    never holds a raw '<' (Jinja2 and Markdown escape it), and it is several times faster
    than html.parser on a site of tens of megabytes of inline SVG.

    >>> scan('<p id="a"><a href="/x/#b">x</a><img src=i.png alt=""></p>')
    ({'a'}, ['/x/#b', 'i.png'])
    """
    ids = _ids(html)
    links: list[str] = []
    for m in _LINK_TAG.finditer(html):
        tag = m.group(1).lower()
        for a in _ATTR.finditer(m.group(2)):
            if (tag, a.group(1).lower()) in LINK_ATTRS:
                raw = a.group(2) if a.group(2) is not None else a.group(3) if a.group(3) is not None else a.group(4)
                links.append(unescape(raw))
    return ids, links


def _page_url(path: str) -> str:
    """The URL a file is served at: 'a/index.html' -> '/a/'."""
    if path.endswith("index.html"):
        return "/" + path[: -len("index.html")]
    return "/" + path


Scan = tuple[set[str], list[str]]


def check_links(files: Mapping[str, bytes], *, external_ok: bool = True,
                scanned: MutableMapping[str, Scan] | None = None) -> list[BrokenLink]:
    """Every broken internal link or missing anchor, sorted (empty: the site is whole).

    `files` maps output paths ('rulesets/mcr/index.html') to their bytes; only .html files
    are scanned, but any file is a valid target. `scanned` maps the sha1 of a page's bytes to
    its scan: scans found there are reused (the build cache) and new ones are added to it.
    """
    pages: dict[str, Scan] = {}
    known: MutableMapping[str, Scan] = {} if scanned is None else scanned
    for path in sorted(files):
        if path.endswith(".html"):
            digest = sha1_of(files, path)
            found = known.get(digest)
            if found is None:
                found = known[digest] = scan(files[path].decode("utf-8"))
            pages[path] = found
    problems: list[BrokenLink] = []
    resolved: dict[tuple[str, str], tuple[str, str, str] | None] = {}  # the same links recur on every page
    for path, (_, links) in pages.items():
        base = _page_url(path)
        for link in links:
            key = ("", link) if link.startswith("/") and not link.startswith("//") else (base, link)
            if key not in resolved:
                resolved[key] = _resolve(base, link)
            link_to = resolved[key]
            if link_to is None:
                continue
            kind, target, fragment = link_to
            if kind == "external":
                if not external_ok:
                    problems.append(BrokenLink(path, link, "external link"))
                continue
            if target not in files:
                problems.append(BrokenLink(path, link, "no such page"))
                continue
            if fragment:
                ids = pages[target][0] if target in pages else set()
                if unquote(fragment) not in ids:
                    problems.append(BrokenLink(path, link, f"no anchor #{fragment} in {target}"))
    return sorted(set(problems))


def _resolve(base: str, link: str) -> tuple[str, str, str] | None:
    """(kind, output path, fragment) of a link on the page at `base`; None for links that need no check."""
    parts = urlsplit(link)
    if parts.scheme or parts.netloc:
        return None if parts.scheme in ("mailto", "tel") else ("external", "", "")
    if not parts.path and not parts.fragment:
        return None  # "?q=..." or "" point at the page itself
    target = urljoin(base, unquote(parts.path)) if parts.path else base
    return "internal", output_path(target), parts.fragment
