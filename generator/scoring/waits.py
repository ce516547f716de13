"""Waits under a rule set: which forms complete the hand, or what completion is, the rule set's policy says."""

from __future__ import annotations

from ..completion import Waits
from ..hand import WaitingHand
from ..rules import Ruleset


def waits_for(hand: WaitingHand, ruleset: Ruleset) -> Waits:
    return ruleset.scoring.waits(hand, ruleset)
