"""Waits under a rule set: which forms complete the hand, or what completion is, the rule set's policy says."""

from __future__ import annotations

from ..completion import Waits
from ..hand import WaitingHand
from ..rules import Ruleset
from ..tiles import GHOST
from .families import policy_of


def waits_for(hand: WaitingHand, ruleset: Ruleset) -> Waits:
    """The tiles that complete `hand`; none for a hand with a ghost in a rule set without ghosts."""
    policy = policy_of(ruleset.policy)
    if GHOST in hand.concealed and not policy.plays_ghosts(ruleset):
        return Waits((), ())
    return policy.waits(hand, ruleset)
