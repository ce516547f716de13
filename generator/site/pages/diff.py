"""An edition's changes page: what the edition changes from its base, grouped for a reader (diff_groups.py), and the
hands whose score moves."""

from __future__ import annotations

from ...examples.diffs import HandDelta
from ...notation import parse_hand
from ...rules import Ruleset
from ...scoring import score
from .. import urls
from ..diff_groups import edition_changes, hand_reasons
from ..gather import SiteData
from ..i18n import gettext as _
from ..search_terms import ruleset_keywords
from ..views import ruleset_words
from .page import Page, ruleset_crumbs
from .ruleset import own_names
from .variations import variations_root

MAX_DIFF_HANDS = 60  # the diff page lists the hands whose score moves most; examples.json has them all


def moved_hands(data: SiteData, rs: Ruleset) -> list[HandDelta]:
    """Every example hand whose result the edition changes, largest change first."""
    view = next((d for d in data.atlas.edition_diffs if d.edition == rs.id), None)
    return list(view.hands) if view else []


def diff_pages(data: SiteData, rs: Ruleset) -> list[Page]:
    if rs.diff is None or rs.diff.base not in data.rulesets:
        return []
    base = data.rulesets[rs.diff.base]
    moved = moved_hands(data, rs)
    shown = [h for h in moved if h.key in data.by_key]  # the hands that have a page to link to
    changes = edition_changes(base, rs, moved)
    changes.hands = shown

    def reasons(h: HandDelta) -> tuple[str, ...]:
        hand = parse_hand(h.hand)
        return hand_reasons(base, rs, h, changes.rules, lambda r: score(hand, r).total)

    changes.why = {h.key: reasons(h) for h in shown[:MAX_DIFF_HANDS]}
    name, edition = ruleset_words(rs)
    title = _("{name}: what {edition} changes").format(name=name, edition=edition)
    return [Page(urls.diff_url(rs.id), "diff.html", title,
                 {"base": base, "changes": changes, "max_hands": MAX_DIFF_HANDS,
                  "variations": variations_root(data.rulesets, rs), "names": own_names(data, rs)},
                 ruleset=rs, crumbs=ruleset_crumbs(rs),
                 keywords=(*ruleset_keywords(rs), "changes", "what changed", "differences", "changed", "edition",
                           "new edition"))]
