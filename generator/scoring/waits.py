"""Waits under a rule set: which forms complete the hand, or what completion is, the rule set's policy says."""

from __future__ import annotations

from ..completion import Waits
from ..hand import WaitingHand
from ..rules import Ruleset
from .families import policy_of


def waits_for(hand: WaitingHand, ruleset: Ruleset) -> Waits:
    return policy_of(ruleset.policy).waits(hand, ruleset)
