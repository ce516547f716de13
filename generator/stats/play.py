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
from ..rules import Pattern

Reads = Callable[[Mapping[str, Any]], str]

_LAST_TILE = {"yes": "whether the winning tile was the last tile drawn from the wall",
              "no": "whether the winning tile was the last discard of the game",
              "any": "whether the winning tile was the last tile of the game, drawn or discarded"}

_WIN_FLAG = {"after_kong": "whether the winning tile was the replacement drawn after a kong",
             "robbing_kong": "whether the winning tile was taken from another player's kong",
             "last_copy": "whether the winning tile was its last copy, the other three already in sight"}


def _win_flag(a: Mapping[str, Any]) -> str:
    return _LAST_TILE[a["tsumo"]] if a["flag"] == "last_tile" else _WIN_FLAG[a["flag"]]


_WIND = {"seat": "which wind is the player's seat", "prevalent": "which wind is the round's (prevalent) wind",
         "seat-or-dragon": "which wind is the player's seat (a dragon pung counts whatever the seat)",
         "dragon": "", "wind": ""}

_FIRST_TURN = {("yes", "yes"): "the dealer winning on the very first draw",
               ("no", "yes"): "a player other than the dealer winning on their first draw",
               ("no", "no"): "a player other than the dealer winning on a discard in the first go-around",
               ("any", "yes"): "a player winning on their first draw, before any call",
               ("any", "any"): "a win in the first go-around"}

PLAY: dict[str, Reads] = {
    "win_context": _win_flag,
    "first_turn": lambda a: _FIRST_TURN.get((a["dealer"], a["tsumo"]), "a win in the first go-around"),
    "honor_pung": lambda a: _WIND[a["which"]],
    "kongs": lambda a: "how many " + {"yes": "concealed kongs", "no": "claimed kongs", "both": "concealed and claimed kongs"}
    .get(a["concealed"], "kongs") + " were declared",
    "melded_hand": lambda a: "four claimed melds",
    "flowers": lambda a: "the flower tiles declared beside the hand",
    "declared": lambda a: {"riichi": "a riichi declaration", "double-riichi": "a riichi declared on the first turn",
                           "ippatsu": "a win within one go-around of declaring riichi",
                           "ready": "a declaration of a ready hand"}[a["kind"]],
    "one_tile_left": lambda a: "four melds declared during play, leaving one tile standing",
    "dora": lambda a: {"dora": "the dora indicators turned up on the wall", "ura": "the ura dora indicators",
                       "red": "red fives among the tiles"}[a["kind"]],
    "wild_kongs": lambda a: "kongs of wild tiles declared during play",
    "chicken": lambda a: "no other pattern counting, those of play included",
}
"""What a play-only detector reads, by its parameters: the words after "It depends on"."""

NOTES = {
    "kongs": "The counted hands are fourteen standing tiles, with no kong among them.",
    "melded_hand": "Every counted hand is concealed.",
    "one_tile_left": "Every counted hand is concealed.",
    "dora": "The counts take a tile kind's four copies alike.",
}
"""What the counts hold instead, where that says more."""

FIXED: dict[str, Reads] = {
    "self_drawn": lambda a: "the hand being self-drawn",
    "concealed_hand": lambda a: "the hand being concealed" + {"yes": " and self-drawn", "no": " and won on a discard"}
    .get(a["tsumo"], ""),
}
"""What a detector of the way of winning reads, which the counts settle for every hand alike."""


def _args(p: Pattern) -> dict[str, Any]:
    spec = REGISTRY[p.detect]
    return {name: param.default for name, param in spec.params.items()} | dict(p.params)


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
        return (f"It depends only on {FIXED[p.detect](args)}, which the counts settle for every hand alike: each "
                "counted hand is concealed, and each win is counted both on a discard and self-drawn. A figure would "
                "only restate how the count is made.")
    what = PLAY[p.detect](args) if p.detect in PLAY else ""
    if not what:  # a detector the table does not know: its own first line says what it reads
        what = "what its rule reads beyond the tiles: " + REGISTRY[p.detect].doc.split("\n")[0].rstrip(".").lower()
    note = NOTES.get(p.detect)
    return (f"It depends on {what}: play decides that, not the tiles or the winning tile, so the counts give it no "
            f"figure." + (f" {note}" if note else ""))


def named(p: Pattern) -> bool:
    """Whether the reason of `p` comes from the tables here, not from its detector's first line."""
    if p.detect in FIXED:
        return True
    return p.detect in PLAY and bool(PLAY[p.detect](_args(p)))
