"""The quick path of the hand notation: a well-formed line cut into pieces by one `findall`, reusing the full
parser's meld and flag rules (notation_scan.py) through memos; and whether the line is already the hand's canonical
text. It accepts only what the full parser accepts, with the same result: on anything else it gives up
(tests/test_fast_paths.py).
"""

from __future__ import annotations

import re
from functools import lru_cache
from itertools import combinations
from operator import eq

from .hand import Meld, WinContext
from .notation_errors import HandError
from .notation_format import format_context, format_meld
from .notation_scan import ALIASES, checked_context, flag_item, parse_meld
from .tiles import SUIT_LETTERS, Tile, make, red_bit

_PIECE = re.compile(r"(?:[0-9]+[mps]|[1-8]+z|[ESWNPFCG])+|[\[{][^\[\]{}\s]*[\]}]|\+(?:[0-9][mps]|[1-8]z|[ESWNPFCG])")
"""One piece of the tile part as the quick path reads it: a run of standing tiles, a meld, or `+` and one tile. None
holds white space, so the pieces of a line are those of its words."""
_FLAGS_START = re.compile(r"(?:^|\s)(?=[a-z])")
"""Where the flags start: the first word opening with a lowercase letter (a word opening with another one fails)."""
_ALIAS_TEXT = str.maketrans({letter: f"{rank}{suit}" for letter, (rank, suit) in ALIASES.items()})
_SEGMENT = re.compile(r"([0-9]+)([mpsz])")
_SEGMENT_RED = re.compile(r"([0-9]*0[0-9]*)([mps])")
"""A run of ranks holding a red five `0`, and its suit letter."""
_RED_BITS = {suit: red_bit(make(5, suit)) for suit in "mps"}
_RANK_TILES = {suit: bytes.maketrans(b"0123456789", bytes([9 * k + 4, *range(9 * k, 9 * k + 9)]))
               for k, suit in enumerate(SUIT_LETTERS)}
"""Per suit letter, a `bytes.translate` table from a rank digit to the tile (as a byte); a red five `0` is a five."""
_ONE_TILE = {f"{rank}{suit}": make(rank, suit) for suit in SUIT_LETTERS for rank in range(1, 9 if suit == "z" else 10)}
_ONE_TILE.update({letter: make(rank, suit) for letter, (rank, suit) in ALIASES.items()})
_ONE_TILE.update({f"0{suit}": make(5, suit) for suit in "mps"})


def _run_tiles(run: str, out: list[Tile]) -> None:
    """Append the tiles of runs `_PIECE` accepted, written one after another ('444m11z', 'E'): each rank takes
    the next suit letter. Per suit, not per character: honour letters are spelt out as digits first, and the
    digits are turned into tiles by one `translate`, so the work per tile is done in C."""
    for digits, suit in _SEGMENT.findall(run.translate(_ALIAS_TEXT)):
        out += digits.encode().translate(_RANK_TILES[suit])


@lru_cache(maxsize=1024)  # melds and flag lists repeat across hands: a few hundred of each
def _quick_meld(piece: str) -> Meld | None:
    """The meld a `[…]` or `{…}` piece writes, or None when the full parser would refuse it."""
    try:
        meld, end = parse_meld(piece, 0, 0)
    except HandError:
        return None
    return meld if end == len(piece) else None


_FLAG_REFUSED = ("", None)


@lru_cache(maxsize=1 << 12)  # flag words repeat across hands; indicators less so (Riichi's dora words: over a thousand)
def _quick_flag(word: str) -> tuple[str, object]:
    """`flag_item` of one word, or `_FLAG_REFUSED` when the full parser would refuse it."""
    try:
        return flag_item(word, 0)
    except HandError:
        return _FLAG_REFUSED


@lru_cache(maxsize=1 << 14)  # Riichi's flag lists (seat, round, riichi flags, indicators) make some 9,000 contexts
def _quick_context(flag_text: str, red: int) -> WinContext | None:
    """The win context of the flag words and the red fives, or None when the full parser would refuse the flags.
    Keyed by the words' text as written: a line's flags are one slice of it, hashed in C."""
    items = tuple(map(_quick_flag, flag_text.split()))
    if _FLAG_REFUSED in items or len({field for field, _ in items}) != len(items):
        return None
    values = dict(items, red=red) if red else dict(items)  # `replace(ctx, red=…)` after would cost more than the rest
    try:
        return checked_context(values, dict.fromkeys(_FIELD_FLAGS, 0))
    except HandError:
        return None


_FIELD_FLAGS = ("robbing-kong", "riichi", "ippatsu")
"""The flags `checked_context` names in its messages (their columns do not matter here)."""


def _quick_red(standing_text: str) -> int | None:
    """The red-five bits (`WinContext.red`) of the tile part, or None when the full parser would refuse them
    (a second red five of a suit)."""
    mask = 0
    for digits, suit in _SEGMENT_RED.findall(standing_text):
        for _ in range(digits.count("0")):
            bit = _RED_BITS[suit]
            if mask & bit:
                return None
            mask |= bit
    return mask


KeyClues = tuple[str, str, list[str], str]
"""What tells whether a line the quick path read is the hand's canonical text (`written_as_key`): its tile part, its
flags (from the white space before them), its pieces (the one run of standing tiles, then the melds') and its
winning tile's piece."""
QuickParts = tuple[list[Tile], tuple[Meld, ...], Tile | None, WinContext, KeyClues | None]
"""Standing tiles in written order, melds, winning tile and context; and the clues to the key, when the standing
tiles are one run written first and the winning tile is given (else the text is not canonical)."""

_SUIT_ORDERS = frozenset("".join(letters) for n in range(1, 5) for letters in combinations("mpsz", n))
"""The suit letters of a run as the canonical text writes it: each suit once, in order."""
_NOT_LETTERS = str.maketrans("", "", "0123456789")


@lru_cache(maxsize=1 << 14)  # as many as `_quick_context`'s
def _flags_as_key(flag_text: str) -> bool:
    """Whether the flags are written as the canonical text writes them: a space before each word, in its order."""
    ctx = _quick_context(flag_text, 0)
    return ctx is not None and flag_text == "".join([" " + word for word in format_context(ctx)])


@lru_cache(maxsize=1024)  # as many as `_quick_meld`'s
def _meld_as_key(piece: str) -> bool:
    meld = _quick_meld(piece)
    return meld is not None and format_meld(meld) == piece


def written_as_key(tile_text: str, flag_text: str, pieces: list[str], win: str) -> bool:
    """Whether a line is written as `format_hand` writes its hand, given the line's `KeyClues` and that its standing
    tiles are written in order (the caller checks that). Cheaper than writing the text: a batch of generated hands
    gives its lines in that form, and a line's key is then its text. A red five (`0`) says no: where the text puts
    it would take as long to check as to write (notation_riichi.mark_reds)."""
    run = pieces[0]
    return (len(win) == 3 and "0" not in tile_text and run.translate(_NOT_LETTERS) in _SUIT_ORDERS
            and tile_text == (" ".join([*pieces, win]) if len(pieces) > 1 else run + win)
            and (len(pieces) == 1 or all(map(_meld_as_key, pieces[1:])))
            and _flags_as_key(flag_text))


def quick_parts(text: str, expect_total: int) -> QuickParts | None:
    """The parts of a well-formed hand (`QuickParts`), or None.

    Why: a batch parses one line per hand, and the character-by-character parser, which keeps a
    column for every tile so that it can say where an error is, would be an eighth of a batch's time.
    This path cuts the tile part into pieces with one `findall` (the pieces must cover every character
    but white space) and reuses the full parser's meld and flag rules through memos. It accepts only
    what the full parser accepts, with the same result: on anything else it gives up, and the full
    parser words the error (tests/test_fast_paths.py).
    """
    cut = _FLAGS_START.search(text)
    tile_text, flag_text = (text[:cut.start()], text[cut.start():]) if cut is not None else (text, "")
    pieces = _PIECE.findall(tile_text)
    if not pieces or "".join(pieces) != "".join(tile_text.split()):  # no tiles before the flags, or a stray character
        return None
    win: Tile | None = None
    win_text = ""
    if pieces[-1][0] == "+":  # nothing may follow the winning tile
        win_text = pieces.pop()
        win = _ONE_TILE[win_text[1:]]
    melds: list[Meld] = []
    runs: list[str] = []
    for piece in pieces:
        if piece[0] in "[{":
            meld = _quick_meld(piece)
            if meld is None:
                return None
            melds.append(meld)
        elif piece[0] == "+":
            return None
        else:
            runs.append(piece)
    standing: list[Tile] = []
    _run_tiles("".join(runs), standing)
    red = 0
    if "0" in tile_text:  # a red five
        found = _quick_red(tile_text)
        if found is None:
            return None
        red = found
    ctx = _quick_context(flag_text, red)
    if ctx is None or len(melds) > 4 or len(standing) + (win is not None) != expect_total - 3 * len(melds):
        return None
    tiles = standing + [win] if win is not None else standing[:]
    tiles += [t for meld in melds for t in meld.tiles] + list(ctx.dora + ctx.ura)
    tiles.sort()
    if any(map(eq, tiles, tiles[4:])):  # in sorted tiles, a fifth copy sits four places after the first
        return None
    if ctx.first_turn and not all(m.concealed for m in melds):  # refused: the full parser says why
        return None
    clues = (tile_text, flag_text, pieces, win_text) if win is not None and len(runs) == 1 and pieces[0] is runs[0] \
        else None
    return standing, tuple(melds), win, ctx, clues
