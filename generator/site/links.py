"""Check every internal link and anchor of a rendered site before it is written.

A broken link is a build failure, reported as the page that holds it and the target it
names, so the site never ships a dead end. The check runs over the in-memory output
(path -> bytes), i.e. exactly what would be written.
"""

from __future__ import annotations

import hashlib
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
_ID_ATTR = re.compile(r"""id\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+))""")
"""`id=` and its value, the whitespace before it left to `_ids`: a pattern that opens with a literal is found by
a fast scan for its first letters, where one that opens with `\\s` is tried at every character (eight times slower
over a page of inline SVG)."""


def _ids(html: str) -> set[str]:
    """The id of every tag: the first `id=` after a tag's '<' and before its '>', with whitespace before it.

    Why not one regex from '<' on: tried at every '<' of a page of inline SVG, a lazy scan to the
    tag's end would be half the link check's time. Here the attribute is found first, and the nearest
    '<' and '>' before it say whether it stands in a tag, and in which. An `id=` without whitespace
    before it (`data-id=`) is no attribute, and the search resumes just after its start, so what is
    found is what `\\sid\\s*=…` would find (`str.isspace` is the regex's `\\s`).
    """
    ids: set[str] = set()
    last_tag = -1
    at = 1
    while (m := _ID_ATTR.search(html, at)) is not None:
        at = m.start()
        if not html[at - 1].isspace():
            at += 1
            continue
        at, end = at - 1, m.end()
        tag = html.rfind("<", 0, at)
        if tag > last_tag and html.rfind(">", tag, at) < 0:  # inside a tag, and the tag's first id=
            last_tag = tag
            ids.add(unescape(next(g for g in m.groups() if g is not None)))
        at = end
    return ids


def scan(html: str) -> tuple[set[str], list[str]]:
    """(ids, links) of one HTML page.

    A tag scanner rather than a full parser: the pages are our own output, where text
    never holds a raw '<' (Jinja2 and Markdown escape it), and it is several times faster
    than html.parser on a site of tens of megabytes of inline SVG.

    >>> scan('<p id="a"><a href="/x/#b">x</a><img src=i.png alt=""><A title="href=no" HREF="">e</A></p>')
    ({'a'}, ['/x/#b', 'i.png', ''])
    """
    links: list[str] = []
    for tag, attrs in _LINK_TAG.findall(html):  # findall and tuples: a page holds hundreds of links
        tag = tag.lower()
        links.extend(unescape(double or single or bare) for name, double, single, bare in _ATTR.findall(attrs)
                     if (tag, name.lower()) in LINK_ATTRS)  # one value group matched; an empty value is '' in all
    return _ids(html), links


def _page_url(path: str) -> str:
    """The URL a file is served at: 'a/index.html' -> '/a/'."""
    if path.endswith("index.html"):
        return "/" + path[: -len("index.html")]
    return "/" + path


Scan = tuple[set[str], list[str]]


def check_links(files: Mapping[str, bytes], *, external_ok: bool = True,
                scanned: MutableMapping[str, Scan] | None = None, sound: set[str] | None = None) -> list[BrokenLink]:
    """Every broken internal link or missing anchor, sorted (empty: the site is whole).

    `files` maps output paths ('rulesets/mcr/index.html') to their bytes; only .html files
    are scanned, but any file is a valid target. `scanned` maps the sha1 of a page's bytes to
    its scan: scans found there are reused (the build cache) and new ones are added to it.

    `sound` (the build cache) holds marks of pages whose every link an earlier check found sound
    (`_mark`: the page's path and bytes, and the site's targets). A page whose mark is there is not
    checked again; on return `sound` holds the marks of this site's sound pages. Why: after a value
    edit a few hundred pages change and no page gains or loses an id, so checking the links of every
    page again, tens of thousands, would be a third of the link check.
    """
    pages = scan_pages(files, scanned)
    targets = _targets(files, pages, external_ok) if sound is not None else ""
    marked: set[str] = set()
    problems: list[BrokenLink] = []
    resolved: dict[tuple[str, str], tuple[str, str, str] | None] = {}  # the same links recur on every page
    for path, (_, links) in pages.items():
        mark = _mark(targets, path, sha1_of(files, path)) if sound is not None else ""
        if sound is not None and mark in sound:
            marked.add(mark)
            continue
        found = _page_problems(path, links, files, pages, resolved, external_ok)
        problems.extend(found)
        if sound is not None and not found:
            marked.add(mark)
    if sound is not None:
        sound.clear()
        sound.update(marked)
    return sorted(set(problems))


def scan_pages(files: Mapping[str, bytes], scanned: MutableMapping[str, Scan] | None = None) -> dict[str, Scan]:
    """The scan of every .html file by path, in path order, reusing and extending `scanned` (see check_links)."""
    pages: dict[str, Scan] = {}
    known: MutableMapping[str, Scan] = {} if scanned is None else scanned
    for path in sorted(files):
        if path.endswith(".html"):
            digest = sha1_of(files, path)
            found = known.get(digest)
            if found is None:
                found = known[digest] = scan(files[path].decode("utf-8"))
            pages[path] = found
    return pages


def _targets(files: Mapping[str, bytes], pages: Mapping[str, Scan], external_ok: bool) -> str:
    """A digest of all that a page's links are checked against besides the page: every file's path, every page's
    ids, and whether external links are allowed."""
    h = hashlib.sha1(repr(external_ok).encode())
    for path in sorted(files):
        h.update(repr(path).encode())
        if path in pages:
            h.update(repr(sorted(pages[path][0])).encode())
    return h.hexdigest()


def _mark(targets: str, path: str, sha1: str) -> str:
    """What a page found sound is remembered by: its links resolve against its path, and lead among `targets`."""
    return f"{targets} {sha1} {path}"


def _page_problems(path: str, links: list[str], files: Mapping[str, bytes], pages: Mapping[str, Scan],
                   resolved: dict[tuple[str, str], tuple[str, str, str] | None],
                   external_ok: bool) -> list[BrokenLink]:
    """The broken links of one page; `resolved` shares the resolution of links between pages."""
    problems: list[BrokenLink] = []
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
        if fragment and "=" not in fragment:  # `#hand=…` is state the page's script reads, not an anchor
            ids = pages[target][0] if target in pages else set()
            if unquote(fragment) not in ids:
                problems.append(BrokenLink(path, link, f"no anchor #{fragment} in {target}"))
    return problems


def _resolve(base: str, link: str) -> tuple[str, str, str] | None:
    """(kind, output path, fragment) of a link on the page at `base`; None for links that need no check."""
    parts = urlsplit(link)
    if parts.scheme or parts.netloc:
        return None if parts.scheme in ("mailto", "tel") else ("external", "", "")
    if not parts.path and not parts.fragment:
        return None  # "?q=..." or "" point at the page itself
    target = urljoin(base, unquote(parts.path)) if parts.path else base
    return "internal", output_path(target), parts.fragment
