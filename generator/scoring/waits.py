"""Waits under a rule set: which forms complete the hand depends on the rule set."""

from __future__ import annotations

from collections.abc import Callable

from ..completion import Waits, waits_of
from ..hand import WaitingHand
from ..rules import Ruleset
from . import multiplier, riichi

WaitsFn = Callable[[WaitingHand, Ruleset], Waits]

CUSTOM_WAITS: dict[str, WaitsFn] = {"multiplier": multiplier.waits, "riichi": riichi.waits}
"""Rule sets with their own notion of completion (wild tiles) register here by policy name."""


def waits_for(hand: WaitingHand, ruleset: Ruleset) -> Waits:
    custom = CUSTOM_WAITS.get(ruleset.policy)
    if custom is not None:
        return custom(hand, ruleset)
    return waits_of(hand, ruleset.forms, four_as_two_pairs=bool(ruleset.option("four_as_two_pairs", True)))
