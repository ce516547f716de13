"""The hand pages: one per example hand, its receipt under every rule set and what it illustrates."""

from __future__ import annotations

from typing import Any

from ...digest import result_stamp
from ...examples.model import Example
from .. import urls, views
from ..gather import SiteData
from .matrix import Witnessed
from .page import HOME_CRUMB, Page
from .pattern import ROLE_WORDS

ROLE_ORDER = {"curated": 0, "minimal": 1, "typical": 2, "near-miss": 3, "matrix": 4}


def hand_page(data: SiteData, e: Example, witness: Witnessed) -> Page:
    """`witness`: `matrix.witnessed(data)`, the compatibility pairs each hand is the witness of."""
    scored = tuple(data.rulesets[rid] for rid in data.rulesets if rid in e.results)
    illustrates = []
    roles = dict(e.roles) or {ref: e.kind for ref in e.for_}
    for ref in sorted(roles, key=lambda r: (ROLE_ORDER.get(roles[r], 9), r)):
        rid, _, pid = ref.partition("/")
        rs = data.rulesets.get(rid)
        if rs is not None and pid in {p.id for p in rs.patterns}:
            role = roles[ref]
            illustrates.append((rs, rs.pattern(pid), ROLE_WORDS.get(role, role), e.reasons.get(ref, "")))
    title = e.title or f"Hand {e.hand}"
    pairs = witness.get(e.key, [])
    main_rs = illustrates[0][0] if illustrates else (pairs[0][0] if pairs else None)

    def view() -> dict[str, Any]:
        receipts = [views.receipt(e.results[rs.id], rs) for rs in scored]
        return {"e": e, "receipts": receipts, "illustrates": illustrates, "pairs": pairs,
                "context_words": views.context_of(e), "cite_rulesets": [r.ruleset for r in receipts],
                "stamps": {r.ruleset.id: result_stamp(r.score.to_json()) for r in receipts}}

    return Page(
        urls.hand_url(e.key), "hand.html", title, ruleset=main_rs,
        description=f"Example hand {e.hand}, scored under every rule set.",
        crumbs=(HOME_CRUMB, ("Hands", urls.HANDS)), inputs=(e, scored, illustrates, pairs), build=view,
    )
