"""The glossary page, /glossary/: every term of content/glossary.toml in English and Chinese with the other names
players write for it, then every concept under all its names, each linked to the page that compares it."""

from __future__ import annotations

import re
from typing import Any

from ...rules.zh_text import has_chinese
from .. import urls
from ..gather import SiteData
from ..i18n import gettext as _
from .page import Page, home_crumb

_KANA = re.compile(r"[\u3040-\u30ff\u3005]")  # kana, and 々, which Chinese does not write


def language_of(name: str) -> str:
    """The language a variant is written in, for its `lang` (kana: Japanese; other Chinese characters: Chinese;
    the rest, romanised or English words, English)."""
    return "ja" if _KANA.search(name) else "zh" if has_chinese(name) else "en"


def _named(variants: tuple[str, ...]) -> list[tuple[str, str]]:
    return [(v, language_of(v)) for v in variants]


def glossary_pages(data: SiteData) -> list[Page]:
    g = data.glossary
    if not (g.terms or g.names):
        return []
    concept_names: list[dict[str, Any]] = [
        {"c": c, "variants": _named(g.concept_variants(c.id))} for c in sorted(data.atlas.concepts, key=lambda c: c.en.lower())]
    terms = [{"t": t, "variants": _named(t.variants)} for t in g.terms]
    return [Page(urls.GLOSSARY, "glossary.html", _("Glossary"), {"terms": terms, "concepts": concept_names},
                 description=_("The atlas's terms in English and Chinese, with the other names players write for them."),
                 keywords=("glossary", "terms", "terminology", "names", "术语", "术语表", "名词", "别名"),
                 crumbs=(home_crumb(),))]
