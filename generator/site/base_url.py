"""Publishing the site under any base URL: a path (`/atlas/`) or a full address (`https://example.org/atlas/`).

Pages are planned, rendered and link-checked with root-absolute links (`/rulesets/mcr/`), the form content writes
its links in too, so one check covers the site wherever it is published. `rebase` then moves every file's links under
the base in one pass, just before the files are written: every `href`, `src`, `action` and `data-*` attribute that starts with one `/`.
The base also goes on the `<html>` element (`data-base`), where the scripts read it to find the search bundles.
Given a full address, every page gains `<link rel="canonical">`, permalinks and citation lines show the address
itself (no script needed), and `sitemap.xml` lists every page. With the default base `/`, the files are returned as
they are.

>>> BaseUrl.parse("/atlas").path
'/atlas/'
>>> BaseUrl.parse("https://example.org/atlas/").address("/rulesets/mcr/")
'https://example.org/atlas/rulesets/mcr/'
>>> rebase_page(b'<html lang="en"><a href="/hands/x/">/hands/x/</a><a href="//cdn">c</a>', BaseUrl.parse("/a/"))
b'<html data-base="/a/" lang="en"><a href="/a/hands/x/">/hands/x/</a><a href="//cdn">c</a>'
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from html import escape
from urllib.parse import urlsplit

_ATTRIBUTE = re.compile(rb'(\s(?:href|src|action|data-[a-z-]+)=")/(?!/)')  # data-* holding a site address
_HTML_TAG = re.compile(rb"<html\b")
_HEAD_END = re.compile(rb"</head>")
_ALTERNATE = re.compile(rb'(<link rel="alternate" hreflang="[^"]+" href=")(/[^"]*)"')  # base.html's hreflang links
_PERMALINK_TEXT = re.compile(rb'(<(?:a|span) class="permalink(?:-text)?"[^>]*>)/(?!/)([^<]*)<')
_SAFE_PATH = re.compile(r"\A/(?:[A-Za-z0-9._~!$&'()*+,;=:@%-]+/)*\Z")
SITEMAP = "sitemap.xml"


@dataclass(frozen=True)
class BaseUrl:
    """Where the site is published: `path` always starts and ends with '/'; `origin` is '' for a bare path."""

    path: str = "/"
    origin: str = ""

    @classmethod
    def parse(cls, text: str) -> BaseUrl:
        """A path or an http(s) address; a trailing '/' is added. ValueError, saying what was expected, otherwise."""
        parts = urlsplit(text.strip())
        if parts.query or parts.fragment:
            raise ValueError(f"a base URL has no query or fragment: {text!r}")
        if parts.scheme or parts.netloc:
            if parts.scheme not in ("http", "https") or not parts.netloc:
                raise ValueError(f"expected a path such as /atlas/ or an address such as https://example.org/atlas/, "
                                 f"found {text!r}")
            origin = f"{parts.scheme}://{parts.netloc}"
        else:
            origin = ""
        path = parts.path or "/"
        if not path.startswith("/"):
            raise ValueError(f"a base path starts with '/': {text!r}")
        path = path if path.endswith("/") else path + "/"
        if not _SAFE_PATH.match(path) or "/../" in path or "/./" in path:
            raise ValueError(f"the base path {path!r} holds characters a URL path cannot (or '.' segments)")
        return cls(path, origin)

    @property
    def is_root(self) -> bool:
        return self.path == "/" and not self.origin

    def url(self, site_url: str) -> str:
        """A root-absolute site URL under the base path: '/rulesets/' -> '/atlas/rulesets/'."""
        return self.path + site_url.removeprefix("/")

    def address(self, site_url: str) -> str:
        """The full address of a site URL (just the based path when no origin was given)."""
        return self.origin + self.url(site_url)


def rebase_page(html: bytes, base: BaseUrl, site_url: str | None = None) -> bytes:
    """One page's links moved under `base`; with an origin, its canonical link (when `site_url` is given) and the
    full address in its permalinks."""
    prefix = base.path.encode("utf-8")
    out = _ATTRIBUTE.sub(lambda m: m.group(1) + prefix, html)
    out = _HTML_TAG.sub(b'<html data-base="' + escape(base.path).encode("utf-8") + b'"', out, count=1) \
        if b'<html data-base=' not in out else out
    out = _PERMALINK_TEXT.sub(lambda m: m.group(1) + base.address("/" + m.group(2).decode("utf-8")).encode("utf-8")
                              + b"<", out)
    if base.origin:  # hreflang alternates are full addresses, as search engines read them
        out = _ALTERNATE.sub(lambda m: m.group(1) + (base.origin.encode("utf-8") + m.group(2)) + b'"', out)
    if base.origin and site_url is not None:
        canonical = f'<link rel="canonical" href="{escape(base.address(site_url))}">\n'.encode("utf-8")
        out = _HEAD_END.sub(lambda m: canonical + m.group(0), out, count=1)
    return out


def page_url(path: str) -> str:
    """The site URL a file serves: 'rulesets/mcr/index.html' -> '/rulesets/mcr/'."""
    return "/" + path.removesuffix("index.html")


def sitemap(paths: list[str], base: BaseUrl) -> bytes:
    """Every page's full address, as the sitemaps protocol lists them (no dates: the same content, the same file)."""
    lines = ['<?xml version="1.0" encoding="UTF-8"?>',
             '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">']
    lines += [f"  <url><loc>{escape(base.address(page_url(p)))}</loc></url>" for p in paths]
    lines.append("</urlset>")
    return ("\n".join(lines) + "\n").encode("utf-8")


def rebase(files: dict[str, bytes], base: BaseUrl) -> dict[str, bytes]:
    """The site's files with every link under `base` (and, with an origin, canonical links and `sitemap.xml`)."""
    if base.is_root:
        return files
    out = dict(files)
    pages = sorted(p for p in files if p.endswith(".html"))
    for path in pages:
        is_page = path.endswith("index.html")  # 404.html answers every missing address: it has no canonical one
        out[path] = rebase_page(files[path], base, page_url(path) if is_page else None)
    if base.origin:
        out[SITEMAP] = sitemap([p for p in pages if p.endswith("index.html")], base)
    return out
