"""One page of the site: its URL, the template that prints it and the view the template reads."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ...rules import Ruleset
from .. import i18n, urls
from ..i18n import N_, Locale
from ..i18n import gettext as _
from ..views import ruleset_label, ruleset_words

Crumbs = tuple[tuple[str, str], ...]  # (label, url) from the home page down, the page itself excluded

SITE_NAME = N_("Mahjong Atlas")


def home_crumb() -> tuple[str, str]:
    """The first crumb of every page below the home page, in the current locale."""
    return (_("Home"), urls.HOME)


@dataclass(frozen=True)
class Page:
    url: str
    template: str
    title: str
    context: dict[str, Any] = field(default_factory=dict)
    ruleset: Ruleset | None = None  # the page's own rule set: badge, accent, citation
    searchable: bool = True
    description: str = ""
    crumbs: Crumbs = ()
    keywords: tuple[str, ...] = ()  # what a reader searching for the page types besides its title (search_terms.py)
    inputs: Any = None  # with `build`: everything the view is made from, cheaper to digest than the view
    build: Callable[[], dict[str, Any]] | None = None  # makes the view (`context`) when the page must be rendered
    # The language the page speaks: the one in force when it was planned (plan.py plans every page once per locale).
    # `url` stays the page's address in the default locale, which links, crumbs and templates compare with.
    locale: Locale = field(default_factory=i18n.current)

    @property
    def address(self) -> str:
        """Where the page is served in its own locale: '/zh-Hans/rulesets/' for the Chinese twin of '/rulesets/'."""
        return i18n.localized(self.url, self.locale)

    @property
    def alternates(self) -> tuple[tuple[Locale, str], ...]:
        """The page in every locale, itself included (hreflang asks for the whole set on every version)."""
        return tuple((loc, i18n.localized(self.url, loc)) for loc in i18n.LOCALES)

    @property
    def path(self) -> str:
        return urls.output_path(self.address)

    @property
    def document_title(self) -> str:
        """The page's <title>: its title; the rule set it belongs to, as far as the title does not name it already;
        the site's name, unless the title is the site's name.

        >>> from types import SimpleNamespace
        >>> rs = SimpleNamespace(name="Riichi", edition="Mahjong Soul rules")
        >>> for title, r in [("Mahjong Atlas", None), ("立直 Riichi", rs), ("Riichi quick card", rs),
        ...                  ("Riichi Mahjong Soul rules", rs)]:
        ...     print(Page("/", "t", title, ruleset=r).document_title)
        Mahjong Atlas
        立直 Riichi · Riichi, Mahjong Soul rules · Mahjong Atlas
        Riichi quick card · Mahjong Soul rules · Mahjong Atlas
        Riichi Mahjong Soul rules · Mahjong Atlas
        """
        parts = [self.title]
        rs = self.ruleset
        if rs is not None:
            with i18n.using(self.locale):  # the rule set named in the page's language, as its title names it
                name, edition = ruleset_words(rs)
                if edition not in self.title:
                    parts.append(edition if self.title.startswith(name) else ruleset_label(rs))
        site_name = _(SITE_NAME)
        if self.title != site_name:
            parts.append(site_name)
        return " · ".join(parts)

    def view(self) -> dict[str, Any]:
        """What the template prints."""
        return self.build() if self.build is not None else self.context

    def __digest__(self) -> tuple[Any, ...]:
        """What the page's bytes depend on (with the code, which the page cache's key names): a page whose view is
        made on demand stands for it by its inputs, so an incremental build skips making views it will not use."""
        shown = self.inputs if self.build is not None else self.context
        return (self.url, self.locale.tag, self.template, self.title, shown, self.ruleset, self.searchable,
                self.description, self.crumbs, self.keywords)


def ruleset_crumbs(rs: Ruleset) -> Crumbs:
    """The crumbs of a page of one rule set: home, the rule sets, the rule set's own page."""
    return (home_crumb(), (_("Rule sets"), urls.RULESETS), (ruleset_label(rs), urls.ruleset_url(rs.id)))
