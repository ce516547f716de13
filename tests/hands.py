"""Test helpers kept in notation: tests read as hands, as players write them."""

from __future__ import annotations

from generator.notation import parse_hand
from generator.rules import Ruleset, find_ruleset
from generator.scoring import Score, score


def score_of(hand: str, ruleset: str | Ruleset) -> Score:
    rs = find_ruleset(ruleset) if isinstance(ruleset, str) else ruleset
    return score(parse_hand(hand), rs)


def counted_ids(hand: str, ruleset: str | Ruleset) -> set[str]:
    return {c.id for c in score_of(hand, ruleset).patterns}
