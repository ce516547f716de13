"""The notation's formatting half: the canonical text of hands, melds, tiles and win contexts.

Split from notation.py (which re-exports all of it) to keep each module short; the flag names
live here because the canonical text prints flags in their order.
"""

from __future__ import annotations

from bisect import bisect_left
from functools import lru_cache

from .hand import Hand, Meld, WaitingHand, WinContext
from .notation_riichi import INDICATOR_FLAGS, mark_reds
from .tiles import EAST, GHOST, MAX_GHOSTS, SUIT_LETTERS, Tile, rank_of, suit_of, tile_to_text, wind_letter

BOOL_FLAGS = ("tsumo", "last-tile", "after-kong", "robbing-kong", "last-copy", "first-turn", "dealer")
VALUE_FLAGS = ("seat", "round", "flowers", "wild-kongs", "ghosts-discarded", "horses")
MAX_FLOWERS = 8
MAX_WILD_KONGS = 3
MAX_HORSES = 4
"""Four horse tiles are turned up on a self-draw (广东麻将 2023, 三-25), so at most four match."""
COUNT_LIMITS = {"flowers": MAX_FLOWERS, "wild-kongs": MAX_WILD_KONGS, "ghosts-discarded": MAX_GHOSTS,
                "horses": MAX_HORSES}
"""The flags that take a count (VALUE_FLAGS but the winds), and the largest count each may take."""
RIICHI_FLAGS = ("riichi", "double-riichi", "ippatsu")
"""Yes/no flags only Riichi reads (kept out of BOOL_FLAGS, which every rule set reads)."""
FLAG_ORDER = BOOL_FLAGS + RIICHI_FLAGS + VALUE_FLAGS + INDICATOR_FLAGS

_WRITTEN = GHOST + 1
"""Tiles the notation writes: the 34 kinds and the ghost, `8z`, which sorts and prints after the honours."""
_RANK_DIGITS = bytes(ord(str(rank_of(t))) for t in range(_WRITTEN)).ljust(256, b"?")
"""A `bytes.translate` table: tile t (as a byte) to the digit of its rank."""
_SUIT_ENDS = tuple((9 * (k + 1) if k < 3 else _WRITTEN, letter) for k, letter in enumerate(SUIT_LETTERS))
_TILE_TEXT = tuple(tile_to_text(t) for t in range(_WRITTEN))


def format_tiles(tiles: list[Tile] | tuple[Tile, ...]) -> str:
    """Sorted tiles grouped by suit: [0,1,2,27,27] -> '123m11z'. (Tile order is suit order, m p s z.)

    The digits come from one `translate` over the sorted tiles and each suit's run is cut out at its
    end tile, so the work per tile is done in C: every scored hand prints its key with this.
    """
    ordered = sorted(tiles)
    digits = bytes(ordered).translate(_RANK_DIGITS).decode("ascii")
    out: list[str] = []
    start = 0
    for end, letter in _SUIT_ENDS:
        stop = bisect_left(ordered, end, start)
        if stop > start:
            out += (digits[start:stop], letter)
            start = stop
    return "".join(out)


@lru_cache(maxsize=256)  # about two hundred melds exist
def format_meld(meld: Meld) -> str:
    body = "".join(str(rank_of(t)) for t in meld.tiles) + suit_of(meld.tile)
    return "{" + body + "}" if meld.concealed else "[" + body + "]"


def format_context(ctx: WinContext) -> list[str]:
    return list(_context_words(ctx))


def _context_words(ctx: WinContext) -> tuple[str, ...]:
    words = _plain_words(ctx.tsumo, ctx.last_tile, ctx.after_kong, ctx.robbing_kong, ctx.last_copy, ctx.first_turn,
                         ctx.dealer, ctx.riichi, ctx.double_riichi, ctx.ippatsu, ctx.seat, ctx.round, ctx.flowers,
                         ctx.wild_kongs, ctx.ghosts_discarded, ctx.horses)
    if ctx.dora:
        words += (_indicator_word("dora", ctx.dora),)
    if ctx.ura:
        words += (_indicator_word("ura", ctx.ura),)
    return words


@lru_cache(maxsize=1 << 12)  # a few hundred indicator sets recur: every Riichi hand's key prints one
def _indicator_word(name: str, tiles: tuple[Tile, ...]) -> str:
    return f"{name}={format_tiles(tiles)}"


@lru_cache(maxsize=1 << 12)  # without the indicators, a batch meets hundreds to thousands of contexts: one per key
def _plain_words(*fields: object) -> tuple[str, ...]:
    """The flag words of a context's fields before the indicators, in `_context_words`'s order."""
    *flags, seat, round_wind, flowers, wild_kongs, ghosts_discarded, horses = fields
    words = [name for name, on in zip(BOOL_FLAGS + RIICHI_FLAGS, flags, strict=True) if on]
    if seat != EAST:
        words.append(f"seat={wind_letter(seat)}")  # type: ignore[arg-type]
    if round_wind != EAST:
        words.append(f"round={wind_letter(round_wind)}")  # type: ignore[arg-type]
    if flowers:
        words.append(f"flowers={flowers}")
    if wild_kongs:
        words.append(f"wild-kongs={wild_kongs}")
    if ghosts_discarded:
        words.append(f"ghosts-discarded={ghosts_discarded}")
    if horses:
        words.append(f"horses={horses}")
    return tuple(words)


def format_hand(hand: Hand) -> str:
    standing = format_tiles(hand.concealed) if hand.concealed else ""
    melds = [format_meld(m) for m in hand.melds]
    win = "+" + _TILE_TEXT[hand.win_tile]
    if hand.context.red:  # each red five written `0` where notation_riichi says
        standing, melds, win = mark_reds(standing, melds, win, hand.context.red)
    parts = [standing] if standing else []
    parts.extend(melds)
    if melds or not parts:
        parts.append(win)
    else:
        parts[-1] += win
    parts.extend(_context_words(hand.context))
    return " ".join(parts)


def format_waiting(hand: WaitingHand) -> str:
    standing, melds = format_tiles(hand.concealed), [format_meld(m) for m in hand.melds]
    if hand.context.red:
        standing, melds, _ = mark_reds(standing, melds, "", hand.context.red)
    parts = [standing] if hand.concealed else []
    parts.extend(melds)
    parts.extend(format_context(hand.context))
    return " ".join(parts)


