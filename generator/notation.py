"""Parse and format the hand notation of notation.md.

The canonical string is a hand's identity (example pages are named from it), so
`format_hand(parse_hand(s))` is stable and `parse_hand(format_hand(h)) == h`.

>>> format_hand(parse_hand("1112345678999m5m tsumo"))
'1112345678999m+5m tsumo'
>>> format_hand(parse_hand("E [555p] 123m456p789s +E seat=S"))
'123m456p789s1z [555p] +1z seat=S'
"""

from __future__ import annotations

from .hand import Hand, WaitingHand
from .messages import N_
from .notation_errors import HandError
from .notation_format import (  # noqa: F401  (re-exported: the notation's formatting half)
    BOOL_FLAGS,
    COUNT_LIMITS,
    FLAG_ORDER,
    MAX_FLOWERS,
    MAX_WILD_KONGS,
    RIICHI_FLAGS,
    VALUE_FLAGS,
    format_context,
    format_hand,
    format_meld,
    format_tiles,
    format_waiting,
)
from .notation_quick import KeyClues, quick_parts, written_as_key
from .notation_scan import parse_common


def parse_hand(text: str) -> Hand:
    """Parse a complete hand; the winning tile is `+X` or else the last standing tile written."""
    return _parsed(text)[0]


def parse_keyed(text: str) -> tuple[Hand, str]:
    """The hand and its canonical text (`format_hand`'s), which is `text` itself when the quick path sees that it
    is written that way: a batch of generated hands is, and writing its key again was a twentieth of a line."""
    hand, clues = _parsed(text)
    return hand, text if clues is not None and written_as_key(*clues) else format_hand(hand)


def _parsed(text: str) -> tuple[Hand, KeyClues | None]:
    """`parse_hand`, and the quick path's clues to whether `text` is the hand's canonical text: None where it did not
    read the text, or the standing tiles are not written in order."""
    quick = quick_parts(text, 14) if isinstance(text, str) else None
    if quick is not None:
        standing, melds, win_tile, context, clues = quick
        if win_tile is None:
            win_tile = standing.pop()
        if not (context.robbing_kong and (win_tile in standing or any(win_tile in m.tiles for m in melds))):
            concealed = sorted(standing)
            return Hand(tuple(concealed), melds, win_tile, context), clues if concealed == standing else None
    return _parse_hand_fully(text), None


def _parse_hand_fully(text: str) -> Hand:
    """`parse_hand` by the full parser, which words every error."""
    concealed, melds, win, ctx = parse_common(text, 14)
    if win is None:
        win = concealed.pop()
    tiles = tuple(sorted(t for t, _ in concealed))
    if ctx.robbing_kong and (win[0] in tiles or any(win[0] in m.tiles for m in melds)):
        raise HandError(N_("'robbing-kong': the robbed tile cannot also be elsewhere in the winner's hand"), win[1])
    return Hand(tiles, melds, win[0], ctx)


def parse_waiting(text: str) -> WaitingHand:
    """Parse a 13-tile-equivalent hand (standing tiles + melds, no winning tile)."""
    quick = quick_parts(text, 13) if isinstance(text, str) else None
    if quick is not None and quick[2] is None:
        return WaitingHand(tuple(sorted(quick[0])), quick[1], quick[3])
    return _parse_waiting_fully(text)


def _parse_waiting_fully(text: str) -> WaitingHand:
    """`parse_waiting` by the full parser."""
    concealed, melds, win, ctx = parse_common(text, 13)
    if win is not None:
        raise HandError(N_("a waiting hand has no winning tile: drop the '+'"), win[1])
    return WaitingHand(tuple(sorted(t for t, _ in concealed)), melds, ctx)


def canonical(text: str) -> str:
    return format_hand(parse_hand(text))
