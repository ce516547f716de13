"""Why a pattern of play has no figure: what its detector reads that no count of hands and winning tiles holds.

The two counts cover what the tiles decide (`tally`) and what the winning tile decides (`wins`).
Every other pattern reads something of the game, and its page says what, from the pattern's
detector and parameters: the flag of the win it reads, the wind it asks for, the melds or
declarations. Two kinds of reason: *play* (the counts cannot know it: the last tile of the
wall, a kong, the seat wind) and *fixed* (the counts settle it for every hand alike: every
counted hand is concealed, each win is counted on a discard and self-drawn), where a figure
would only restate how the count is made.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from ..detectors import REGISTRY
from ..messages import N_, Message
from ..rules import Pattern

Reads = Callable[[Mapping[str, Any]], str]
# Every phrase is a `Message` (templates marked with N_), so a Chinese page says the reason in Chinese (`say`); the
# English text, which the command line and the doctests see, is unchanged.
M = Message

_LAST_TILE = {"yes": M(N_("whether the winning tile was the last tile drawn from the wall")),
              "no": M(N_("whether the winning tile was the last discard of the game")),
              "any": M(N_("whether the winning tile was the last tile of the game, drawn or discarded"))}

_WIN_FLAG = {"after_kong": M(N_("whether the winning tile was the replacement drawn after a kong")),
             "robbing_kong": M(N_("whether the winning tile was taken from another player's kong")),
             "last_copy": M(N_("whether the winning tile was its last copy, the other three already in sight"))}


def _win_flag(a: Mapping[str, Any]) -> str:
    return _LAST_TILE[a["tsumo"]] if a["flag"] == "last_tile" else _WIN_FLAG[a["flag"]]


_WIND = {"seat": M(N_("which wind is the player's seat")),
         "prevalent": M(N_("which wind is the round's (prevalent) wind")),
         "seat-or-dragon": M(N_("which wind is the player's seat (a dragon pung counts whatever the seat)")),
         "dragon": "", "wind": ""}

_FIRST_TURN = {("yes", "yes"): M(N_("the dealer winning on the very first draw")),
               ("no", "yes"): M(N_("a player other than the dealer winning on their first draw")),
               ("no", "no"): M(N_("a player other than the dealer winning on a discard in the first go-around")),
               ("any", "yes"): M(N_("a player winning on their first draw, before any call")),
               ("any", "any"): M(N_("a win in the first go-around"))}

PLAY: dict[str, Reads] = {
    "win_context": _win_flag,
    "first_turn": lambda a: _FIRST_TURN.get((a["dealer"], a["tsumo"]), M(N_("a win in the first go-around"))),
    "honor_pung": lambda a: _WIND[a["which"]],
    "kongs": lambda a: {"yes": M(N_("how many concealed kongs were declared")),
                        "no": M(N_("how many claimed kongs were declared")),
                        "both": M(N_("how many concealed and claimed kongs were declared"))}
    .get(a["concealed"], M(N_("how many kongs were declared"))),
    "melded_hand": lambda a: M(N_("four claimed melds")),
    "flowers": lambda a: M(N_("the flower tiles declared beside the hand")),
    "declared": lambda a: {"riichi": M(N_("a riichi declaration")),
                           "double-riichi": M(N_("a riichi declared on the first turn")),
                           "ippatsu": M(N_("a win within one go-around of declaring riichi")),
                           "ready": M(N_("a declaration of a ready hand"))}[a["kind"]],
    "one_tile_left": lambda a: M(N_("four melds declared during play, leaving one tile standing")),
    "dora": lambda a: {"dora": M(N_("the dora indicators turned up on the wall")),
                       "ura": M(N_("the ura dora indicators")),
                       "red": M(N_("red fives among the tiles"))}[a["kind"]],
    "wild_kongs": lambda a: M(N_("kongs of wild tiles declared during play")),
    "chicken": lambda a: M(N_("no other pattern counting, those of play included")),
}
"""What a play-only detector reads, by its parameters: the words after "It depends on"."""

NOTES = {
    "kongs": M(N_("The counted hands are fourteen standing tiles, with no kong among them.")),
    "melded_hand": M(N_("Every counted hand is concealed.")),
    "one_tile_left": M(N_("Every counted hand is concealed.")),
    "dora": M(N_("The counts take a tile kind's four copies alike.")),
}
"""What the counts hold instead, where that says more."""

FIXED: dict[str, Reads] = {
    "self_drawn": lambda a: M(N_("the hand being self-drawn")),
    "concealed_hand": lambda a: {"yes": M(N_("the hand being concealed and self-drawn")),
                                 "no": M(N_("the hand being concealed and won on a discard"))}
    .get(a["tsumo"], M(N_("the hand being concealed"))),
}
"""What a detector of the way of winning reads, which the counts settle for every hand alike."""


def _args(p: Pattern) -> dict[str, Any]:
    return REGISTRY[p.detect].arguments(p.params)


def reads(p: Pattern) -> str | None:
    """What the detector of a pattern of play asks of the game, in words, when the tables here know it.

    >>> from generator.rulesets import all_rulesets
    >>> reads(all_rulesets()["zj-3.3"].pattern("blessing-of-earth"))
    'a player other than the dealer winning on a discard in the first go-around'
    """
    if p.detect in FIXED:
        return FIXED[p.detect](_args(p))
    return (PLAY[p.detect](_args(p)) or None) if p.detect in PLAY else None


def play_reason(p: Pattern) -> str:
    """Why pattern `p`, which neither the tiles nor the winning tile decide, has no figure: what it reads."""
    args = _args(p)
    if p.detect in FIXED:
        return M(N_("It depends only on %(what)s, which the counts settle for every hand alike: each counted hand is "
                    "concealed, and each win is counted both on a discard and self-drawn. A figure would only restate "
                    "how the count is made."), what=FIXED[p.detect](args))
    what = PLAY[p.detect](args) if p.detect in PLAY else ""
    if not what:  # a detector the table does not know: its own first line says what it reads (English only)
        what = M(N_("what its rule reads beyond the tiles: %(doc)s"),
                 doc=REGISTRY[p.detect].doc.split("\n")[0].rstrip(".").lower())
    note = NOTES.get(p.detect)
    if note:
        return M(N_("It depends on %(what)s: play decides that, not the tiles or the winning tile, so the counts "
                    "give it no figure. %(note)s"), what=what, note=note)
    return M(N_("It depends on %(what)s: play decides that, not the tiles or the winning tile, so the counts give "
                "it no figure."), what=what)


def named(p: Pattern) -> bool:
    """Whether the reason of `p` comes from the tables here, not from its detector's first line."""
    if p.detect in FIXED:
        return True
    return p.detect in PLAY and bool(PLAY[p.detect](_args(p)))
