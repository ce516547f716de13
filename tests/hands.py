"""Test helpers kept in notation: tests read as hands, as players write them."""

from __future__ import annotations

import tomllib

from generator.hand import Hand
from generator.notation import HandError, parse_hand
from generator.rules import CONTENT_DIR, Ruleset
from generator.rulesets import find_ruleset
from generator.scoring import Score, score


def score_of(hand: str, ruleset: str | Ruleset) -> Score:
    rs = find_ruleset(ruleset) if isinstance(ruleset, str) else ruleset
    return score(parse_hand(hand), rs)


def counted_ids(hand: str, ruleset: str | Ruleset) -> set[str]:
    return {c.id for c in score_of(hand, ruleset).patterns}


def curated_hands() -> list[Hand]:
    """The hands of content/hands/ (payments, notes, wild tiles and flowers among them)."""
    out = []
    for path in sorted((CONTENT_DIR / "hands").glob("*.toml")):
        for entry in tomllib.loads(path.read_text(encoding="utf-8")).get("hand", []):
            try:
                out.append(parse_hand(entry["hand"]))
            except HandError:
                pass
    return out
