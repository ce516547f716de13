"""One page of the site: its URL, the template that prints it and the view the template reads."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ...rules import Ruleset
from .. import urls

Crumbs = tuple[tuple[str, str], ...]  # (label, url) from the home page down, the page itself excluded

HOME_CRUMB = ("Home", urls.HOME)


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

    @property
    def path(self) -> str:
        return urls.output_path(self.url)

    def view(self) -> dict[str, Any]:
        """What the template prints."""
        return self.build() if self.build is not None else self.context

    def __digest__(self) -> tuple[Any, ...]:
        """What the page's bytes depend on (with the code, which the page cache's key names): a page whose view is
        made on demand stands for it by its inputs, so an incremental build skips making views it will not use."""
        shown = self.inputs if self.build is not None else self.context
        return (self.url, self.template, self.title, shown, self.ruleset, self.searchable, self.description,
                self.crumbs, self.keywords)


def ruleset_crumbs(rs: Ruleset) -> Crumbs:
    """The crumbs of a page of one rule set: home, the rule sets, the rule set's own page."""
    return (HOME_CRUMB, ("Rule sets", urls.RULESETS), (f"{rs.name} {rs.id}", urls.ruleset_url(rs.id)))
