"""The site published under a sub-path with a full address (`build --base-url https://example.org/atlas/`): every
link and asset under the prefix, a canonical link on every page, a sitemap of every page, permalinks showing the full
address in the HTML itself; and in Chromium, served under the prefix only, every page of every template loads with no
failed request, the 404 page included, and search finds pages."""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import quote

import pytest

from generator.cli import main
from generator.site.base_url import BaseUrl, rebase
from generator.site.build import build, open_cache
from generator.site.serve import start_in_thread

ADDRESS = "https://example.org/atlas/"
PREFIX = "/atlas/"
_LINK = re.compile(r'\s(?:href|src|action)="([^"]*)"')


@pytest.fixture(scope="module")
def prefixed_site(built_site: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The site built for ADDRESS, from the build cache the plain site left (the same pages, rebased)."""
    out = tmp_path_factory.mktemp("site-prefixed") / "site"
    cache = open_cache(out, built_site.parent / ".mahjong-atlas-cache")
    assert build(str(out), cache=cache, base=BaseUrl.parse(ADDRESS)) == 0
    return out


def _pages(site: Path) -> list[str]:
    return sorted(p.relative_to(site).as_posix() for p in site.rglob("index.html") if "pagefind" not in p.parts)


@pytest.mark.parametrize("text, message", [
    ("atlas/", "starts with '/'"), ("ftp://example.org/", "expected a path"), ("/a/?x=1", "no query"),
    ("/a b/", "cannot"), ("/a/../b/", "'.' segments")])
def test_a_bad_base_url_is_refused_in_one_line(text: str, message: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(ValueError, match=re.escape(message)):
        BaseUrl.parse(text)
    assert main(["build", "--out", "/nonexistent/never-written", "--base-url", text]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("error: --base-url: ")


def test_the_root_base_changes_nothing() -> None:
    files = {"index.html": b'<html lang="en"><a href="/x/">x</a>', "a.css": b"x"}
    assert rebase(files, BaseUrl.parse("/")) is files


def test_every_link_and_asset_lives_under_the_prefix(prefixed_site: Path) -> None:
    outside = []
    for path in sorted(prefixed_site.rglob("*.html")):
        if "pagefind" in path.parts:
            continue
        for target in _LINK.findall(path.read_text(encoding="utf-8")):
            if target.startswith("/") and not target.startswith(PREFIX):
                outside.append((path.relative_to(prefixed_site).as_posix(), target))
    assert outside == []
    assert 'data-base="/atlas/"' in (prefixed_site / "index.html").read_text(encoding="utf-8")


def test_every_page_has_its_canonical_link_and_the_sitemap_lists_every_page(prefixed_site: Path) -> None:
    pages = _pages(prefixed_site)
    assert len(pages) > 300
    for rel in pages:
        text = (prefixed_site / rel).read_text(encoding="utf-8")
        expected = ADDRESS + rel.removesuffix("index.html")
        assert text.count('rel="canonical"') == 1 and f'<link rel="canonical" href="{expected}">' in text, rel
    assert 'rel="canonical"' not in (prefixed_site / "404.html").read_text(encoding="utf-8")
    page = (prefixed_site / "zh-Hans" / "rulesets" / "mcr" / "index.html").read_text(encoding="utf-8")
    assert re.search(r'<link rel="alternate" hreflang="en" href="https://[^"]+/rulesets/mcr/">', page)  # full addresses
    assert re.search(r'<link rel="alternate" hreflang="zh-Hans" href="https://[^"]+/zh-Hans/rulesets/mcr/">', page)
    sitemap = (prefixed_site / "sitemap.xml").read_text(encoding="utf-8")
    listed = re.findall(r"<loc>([^<]+)</loc>", sitemap)
    assert listed == [ADDRESS + rel.removesuffix("index.html") for rel in pages]
    assert sitemap.startswith('<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/')


def test_permalinks_and_citations_show_the_full_address_without_script(prefixed_site: Path) -> None:
    hand = next(p for p in sorted((prefixed_site / "hands").iterdir()) if (p / "index.html").is_file())
    text = (hand / "index.html").read_text(encoding="utf-8")
    address = f"{ADDRESS}hands/{hand.name}/"
    assert f'<a class="permalink" href="{PREFIX}hands/{hand.name}/">{address}</a>' in text
    assert f'<span class="permalink-text">{address}</span>' in text



@pytest.mark.browser
def test_served_under_the_prefix_only_every_template_loads_and_search_works(prefixed_site: Path, browser) -> None:  # type: ignore[no-untyped-def]
    server, origin = start_in_thread(prefixed_site, prefix=PREFIX)
    try:
        samples: dict[str, str] = {}
        for rel in _pages(prefixed_site):
            m = re.search(r'<body class="tpl-([a-z0-9-]+)"', (prefixed_site / rel).read_text(encoding="utf-8"))
            assert m, rel
            samples.setdefault(m.group(1), PREFIX + rel.removesuffix("index.html"))
        assert len(samples) >= 12, samples
        page = browser.new_page()
        failed: list[str] = []
        # Chromium aborts a favicon fetch still in flight when it leaves a page: that abort is no missing file, so
        # it is left out here and the favicon is fetched on its own below.
        page.on("requestfailed", lambda r: None if r.url.endswith("/favicon.svg") and r.failure == "net::ERR_ABORTED"
                else failed.append(f"{r.url} ({r.failure})"))
        page.on("response", lambda r: failed.append(f"{r.url} ({r.status})") if r.status >= 400 else None)
        for template, url in sorted(samples.items()):
            page.goto(origin + url, wait_until="networkidle")
            assert page.title(), template
        assert failed == [], failed
        assert page.request.get(origin + PREFIX + "static/favicon.svg").status == 200
        assert page.goto(origin + "/rulesets/", wait_until="networkidle").status == 404, \
            "the site answers under its prefix only"
        # A page of its own, so a request the last page left in flight (Chromium aborts its favicon fetch when a
        # page is left) cannot be mistaken for one of the 404 page's.
        lost = browser.new_page()
        lost_failed: list[str] = []
        lost.on("requestfailed", lambda r: lost_failed.append(f"{r.url} ({r.failure})"))
        lost.on("response", lambda r: lost_failed.append(f"{r.url} ({r.status})") if r.status >= 400 else None)
        missing = lost.goto(origin + PREFIX + "no/such/page/", wait_until="networkidle")
        assert missing.status == 404 and "Page not found" in lost.title()
        assert [f for f in lost_failed if "no/such/page" not in f] == [], "the 404 page's own assets load"
        lost.close()
        failed.clear()

        page.goto(f"{origin}{PREFIX}search/?q={quote('清一色')}")
        page.wait_for_function("document.getElementById('search-status').textContent.includes('found')",
                               timeout=20000)
        hrefs = [a.get_attribute("href") for a in page.query_selector_all("#search-results .result-title")]
        assert hrefs and all(h.startswith(PREFIX) for h in hrefs), hrefs
        page.click("#search-results .result-title")
        page.wait_for_load_state("networkidle")
        assert page.url.startswith(origin + PREFIX) and failed == [], failed
        page.close()
    finally:
        server.shutdown()
        server.server_close()
