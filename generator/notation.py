"""Parse and format the hand notation of notation.md.

The canonical string is a hand's identity (example pages are named from it), so
`format_hand(parse_hand(s))` is stable and `parse_hand(format_hand(h)) == h`.

>>> format_hand(parse_hand("1112345678999m5m tsumo"))
'1112345678999m+5m tsumo'
>>> format_hand(parse_hand("E [555p] 123m456p789s +E seat=S"))
'123m456p789s1z [555p] +1z seat=S'
"""

from __future__ import annotations

import re
from dataclasses import replace
from functools import lru_cache
from operator import eq

from .hand import Hand, Meld, MeldKind, WaitingHand, WinContext
from .messages import N_, Message
from .notation_errors import HandError, _check_copies, _check_first_turn, _red_mask, _shown
from .notation_format import (  # noqa: F401  (re-exported: the notation's formatting half)
    _TILE_TEXT,
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
from .notation_riichi import INDICATOR_FLAGS, MAX_INDICATORS
from .tiles import (
    GHOST,
    SUIT_LETTERS,
    Tile,
    is_honor,
    make,
    red_bit,
    suit_of,
    wind_from_letter,
)

ALIASES = {"E": (1, "z"), "S": (2, "z"), "W": (3, "z"), "N": (4, "z"), "P": (5, "z"), "F": (6, "z"), "C": (7, "z"),
           "G": (8, "z")}
DIGITS = "0123456789"


# --------------------------------------------------------------------------- scanning


def _scan_tiles(text: str, start: int, offset: int, reds: list[tuple[Tile, int]] | None = None
                ) -> tuple[list[tuple[Tile, int]], int]:
    """Read tiles (digits + suit letter, or honour aliases) from text[start:] until a
    non-tile character; returns (tile, column) pairs and the stop index. A red five `0`
    reads as a five, and its (tile, column) is added to `reds` when given."""
    tiles: list[tuple[Tile, int]] = []
    digits: list[tuple[int, int]] = []
    i = start
    while i < len(text):
        ch = text[i]
        col = offset + i + 1
        if ch in DIGITS:
            digits.append((int(ch), col))
        elif ch in SUIT_LETTERS:
            if not digits:
                raise HandError(N_("suit letter '%(ch)s' without ranks before it"), col, ch=ch)
            for rank, dcol in digits:
                if ch == "z" and rank > 8:
                    raise HandError(N_("'%(rank)sz' is not a tile (honours are 1z-7z, a ghost is 8z)"), dcol, rank=rank)
                if rank == 0:
                    if ch == "z":
                        raise HandError(N_("'0z' is not a tile (a red five is 0m, 0p or 0s)"), dcol)
                    if reds is not None:
                        reds.append((make(5, ch), dcol))
                    rank = 5
                tiles.append((make(rank, ch), dcol))
            digits = []
        elif ch in ALIASES:
            if digits:
                raise HandError(N_("ranks without a suit letter before '%(ch)s'"), digits[0][1], ch=ch)
            rank, suit = ALIASES[ch]
            tiles.append((make(rank, suit), col))
        elif ch.isalpha():
            raise HandError(N_("unknown suit letter or tile '%(ch)s'"), col, ch=_shown(ch))
        else:
            break
        i += 1
    if digits:
        raise HandError(N_("ranks without a suit letter"), digits[0][1])
    return tiles, i


def _parse_meld(text: str, i: int, offset: int, reds: list[tuple[Tile, int]] | None = None) -> tuple[Meld, int]:
    opener = text[i]
    closer = "]" if opener == "[" else "}"
    col = offset + i + 1
    tiles, j = _scan_tiles(text, i + 1, offset, reds)
    if j >= len(text) or text[j] != closer:
        found = Message(N_("'%(ch)s'"), ch=_shown(text[j])) if j < len(text) else Message(N_("the end"))
        raise HandError(N_("meld opened with '%(opener)s' is not closed with '%(closer)s' (found %(found)s)"),
                        offset + j + 1, opener=opener, closer=closer, found=found)
    kinds = [t for t, _ in tiles]
    if GHOST in kinds:
        raise HandError(N_("a ghost (8z) stands in the hand, never in a meld: write the meld's own tiles"), col)
    if opener == "{":
        if len(kinds) != 4 or len(set(kinds)) != 1:
            raise HandError(N_("only a kong of four identical tiles may be written in {…} (concealed kong)"), col)
        return Meld(MeldKind.KONG, kinds[0], concealed=True), j + 1
    if len(kinds) == 4 and len(set(kinds)) == 1:
        return Meld(MeldKind.KONG, kinds[0]), j + 1
    if len(kinds) == 3 and len(set(kinds)) == 1:
        return Meld(MeldKind.PUNG, kinds[0]), j + 1
    if len(kinds) == 3:
        low = sorted(kinds)
        if any(is_honor(t) for t in low):
            raise HandError(N_("honours cannot form a chow"), col)
        if not (suit_of(low[0]) == suit_of(low[2]) and low[1] == low[0] + 1 and low[2] == low[0] + 2):
            raise HandError(N_("a chow must be three consecutive tiles of one suit"), col)
        return Meld(MeldKind.CHOW, low[0]), j + 1
    raise HandError(N_("a meld holds 3 or 4 tiles (a run, three or four of a kind), not %(n)s"), col, n=len(kinds))


def _flag_item(tok: str, col: int) -> tuple[str, object]:
    """One flag word read: the `WinContext` field it sets and the value."""
    name, eq, raw = tok.partition("=")
    if name in BOOL_FLAGS or name in RIICHI_FLAGS:
        if eq:
            raise HandError(N_("flag '%(name)s' takes no value"), col, name=name)
        return name.replace("-", "_"), True
    if name in ("seat", "round"):
        letter = raw.upper()
        if letter in ("1Z", "2Z", "3Z", "4Z"):
            letter = "ESWN"[int(letter[0]) - 1]
        if letter not in ("E", "S", "W", "N"):
            raise HandError(N_("'%(name)s' must be E, S, W or N, not '%(raw)s'"), col, name=name, raw=_shown(raw))
        return name, wind_from_letter(letter)
    if name in COUNT_LIMITS:
        limit = COUNT_LIMITS[name]
        # the length test comes first: int() refuses strings of over 4300 digits with a bare ValueError
        if not raw or any(c not in DIGITS for c in raw) or len(raw.lstrip("0")) > len(str(limit)) \
                or int(raw) > limit:
            raise HandError(N_("'%(name)s' must be a whole number from 0 to %(limit)s, not '%(raw)s'"), col, name=name,
                            limit=limit, raw=_shown(raw))
        return name.replace("-", "_"), int(raw)
    if name in INDICATOR_FLAGS:
        return name, _indicators(name, raw, col)
    raise HandError(N_("unknown flag '%(name)s' (known: %(known)s, seat, round, flowers, …; all in the README)"), col,
                    name=_shown(name), known=", ".join(BOOL_FLAGS))


def _parse_flags(tokens: list[tuple[str, int]]) -> WinContext:
    values: dict[str, object] = {}
    cols: dict[str, int] = {}
    for tok, col in tokens:
        name = tok.partition("=")[0]
        if name in cols:
            raise HandError(N_("flag '%(name)s' given twice"), col, name=name)
        cols[name] = col
        field_name, value = _flag_item(tok, col)
        values[field_name] = value
    return _checked_context(values, cols)


def _checked_context(values: dict[str, object], cols: dict[str, int]) -> WinContext:
    """The context the flags' values make, refused where two flags contradict each other."""
    ctx = WinContext(**values)  # type: ignore[arg-type]
    if ctx.after_kong:
        ctx = replace(ctx, tsumo=True)
    if ctx.robbing_kong and ctx.tsumo:
        raise HandError(N_("'robbing-kong' is a win on another player's tile, so it cannot be self-drawn"),
                        cols["robbing-kong"])
    if ctx.riichi and ctx.double_riichi:
        raise HandError(N_("'double-riichi' is already a riichi: give one of the two"), cols["riichi"])
    if ctx.ippatsu and not ctx.declared_riichi:
        raise HandError(N_("'ippatsu' is a win within a turn of declaring riichi: it needs 'riichi' or "
                           "'double-riichi'"),
                        cols["ippatsu"])
    return ctx


def _indicators(name: str, raw: str, col: int) -> tuple[Tile, ...]:
    """The indicator tiles of `dora=` / `ura=`, sorted (a red five `0` reads as a five)."""
    tiles, j = _scan_tiles(raw, 0, col + len(name))
    if j != len(raw) or not tiles:
        raise HandError(N_("'%(name)s' must be indicator tiles such as '%(name)s=3m7z', not '%(raw)s'"), col, name=name,
                        raw=_shown(raw))
    if len(tiles) > MAX_INDICATORS:
        raise HandError(N_("'%(name)s' gives %(n)s indicators (at most %(most)s: one, and one per kong)"), col,
                        name=name, n=len(tiles), most=MAX_INDICATORS)
    return tuple(sorted(t for t, _ in tiles))


def _split(text: str) -> tuple[str, list[tuple[str, int]], int]:
    """Separate the tile part (with its start offset) from the flag tokens."""
    if not text.strip():
        raise HandError(N_("empty hand"), 1)
    tokens: list[tuple[str, int]] = []
    i = 0
    while i < len(text):
        if text[i].isspace():
            i += 1
            continue
        j = i
        while j < len(text) and not text[j].isspace():
            j += 1
        tokens.append((text[i:j], i))
        i = j
    first_flag = next((k for k, (tok, _) in enumerate(tokens) if tok[0].islower() and tok[0].isalpha()), len(tokens))
    for tok, pos in tokens[first_flag:]:
        if not (tok[0].islower() and tok[0].isalpha()):
            raise HandError(N_("tiles '%(tiles_)s' after the flags (flags come last)"), pos + 1, tiles_=_shown(tok))
    if first_flag == 0:
        raise HandError(N_("no tiles before the flags"), tokens[0][1] + 1)
    start = tokens[0][1]
    end = tokens[first_flag - 1][1] + len(tokens[first_flag - 1][0])
    flags = [(tok, pos + 1) for tok, pos in tokens[first_flag:]]
    return text[start:end], flags, start


def _parse_tiles_part(part: str, offset: int, reds: list[tuple[Tile, int]]
                      ) -> tuple[list[tuple[Tile, int]], list[tuple[Meld, int]], tuple[Tile, int] | None]:
    concealed: list[tuple[Tile, int]] = []
    melds: list[tuple[Meld, int]] = []
    win: tuple[Tile, int] | None = None
    i = 0
    while i < len(part):
        ch = part[i]
        col = offset + i + 1
        if ch.isspace():
            i += 1
        elif ch in "[{":
            if win is not None:
                raise HandError(N_("melds must come before '+' and the winning tile"), col)
            meld, i = _parse_meld(part, i, offset, reds)
            melds.append((meld, col))
        elif ch == "+":
            if win is not None:
                raise HandError(N_("only one '+' winning tile is allowed"), col)
            tiles, j = _scan_tiles(part, i + 1, offset, reds)
            if len(tiles) != 1:
                raise HandError(N_("'+' must be followed by exactly one winning tile, not %(n)s"), col, n=len(tiles))
            win = tiles[0]
            i = j
        elif ch in "]}":
            raise HandError(N_("'%(ch)s' without a matching opening bracket"), col, ch=ch)
        elif ch in DIGITS or ch.isalpha():
            if win is not None:
                raise HandError(N_("standing tiles must be written before '+' and the winning tile"), col)
            tiles, j = _scan_tiles(part, i, offset, reds)
            concealed.extend(tiles)
            i = j
        else:
            raise HandError(N_("unexpected character '%(ch)s'"), col, ch=_shown(ch))
    return concealed, melds, win


def _parse_common(text: str, expect_total: int) -> tuple[list[tuple[Tile, int]], tuple[Meld, ...], tuple[Tile, int] | None, WinContext]:
    if not isinstance(text, str):
        raise HandError(N_("a hand must be given as a string"), 1)
    part, flag_tokens, offset = _split(text)
    reds: list[tuple[Tile, int]] = []
    concealed, melds, win = _parse_tiles_part(part, offset, reds)
    ctx = _parse_flags(flag_tokens)
    if reds:
        ctx = replace(ctx, red=_red_mask(reds))
    all_tiles = [t for t, _ in concealed] + ([win[0]] if win else [])
    columns: dict[Tile, int] = {}
    for t, c in concealed:
        columns[t] = c  # the last copy written is where the excess shows
    for meld, col in melds:
        all_tiles.extend(meld.tiles)
        for t in meld.tiles:
            columns.setdefault(t, col)
    if win:
        columns.setdefault(win[0], win[1])
    for tok, col in flag_tokens:  # indicators are tiles too: a fifth copy among them is as impossible
        name = tok.partition("=")[0]
        if name in INDICATOR_FLAGS:
            for t in getattr(ctx, name):
                all_tiles.append(t)
                columns.setdefault(t, col)
    _check_copies(all_tiles, columns)
    _check_first_turn(ctx, melds)
    standing = len(concealed) + (1 if win else 0)
    if len(melds) > 4:
        raise HandError(N_("%(n)s melds (at most four)"), melds[4][1], n=len(melds))
    want = expect_total - 3 * len(melds)
    if standing != want:
        what = N_("wrong tile count: %(n)s tiles standing in the hand (winning tile included), expected %(want)s with "
                  "%(melds)s meld(s)") if expect_total == 14 else \
            N_("wrong tile count: %(n)s tiles standing in the hand, expected %(want)s with %(melds)s meld(s)")
        raise HandError(what, offset + len(part) + 1, tiles=standing + 3 * len(melds), n=standing, want=want,
                        melds=len(melds))
    return concealed, tuple(m for m, _ in melds), win, ctx


# --------------------------------------------------------------------------- the quick path

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
        meld, end = _parse_meld(piece, 0, 0)
    except HandError:
        return None
    return meld if end == len(piece) else None


_FLAG_REFUSED = ("", None)


@lru_cache(maxsize=1 << 12)  # flag words repeat across hands; indicators less so (Riichi's dora words: over a thousand)
def _quick_flag(word: str) -> tuple[str, object]:
    """`_flag_item` of one word, or `_FLAG_REFUSED` when the full parser would refuse it."""
    try:
        return _flag_item(word, 0)
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
        return _checked_context(values, dict.fromkeys(_FIELD_FLAGS, 0))
    except HandError:
        return None


_FIELD_FLAGS = ("robbing-kong", "riichi", "ippatsu")
"""The flags `_checked_context` names in its messages (their columns do not matter here)."""


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


def _quick_parts(text: str, expect_total: int) -> tuple[list[Tile], tuple[Meld, ...], Tile | None, WinContext] | None:
    """Standing tiles (in written order), melds, winning tile and context of a well-formed hand, or None.

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
    if pieces[-1][0] == "+":  # nothing may follow the winning tile
        win = _ONE_TILE[pieces.pop()[1:]]
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
    return standing, tuple(melds), win, ctx


def parse_hand(text: str) -> Hand:
    """Parse a complete hand; the winning tile is `+X` or else the last standing tile written."""
    quick = _quick_parts(text, 14) if isinstance(text, str) else None
    if quick is not None:
        standing, melds, win_tile, context = quick
        if win_tile is None:
            win_tile = standing.pop()
        if not (context.robbing_kong and (win_tile in standing or any(win_tile in m.tiles for m in melds))):
            return Hand(tuple(sorted(standing)), melds, win_tile, context)
    return _parse_hand_fully(text)


def _parse_hand_fully(text: str) -> Hand:
    """`parse_hand` by the full parser, which words every error."""
    concealed, melds, win, ctx = _parse_common(text, 14)
    if win is None:
        win = concealed.pop()
    tiles = tuple(sorted(t for t, _ in concealed))
    if ctx.robbing_kong and (win[0] in tiles or any(win[0] in m.tiles for m in melds)):
        raise HandError(N_("'robbing-kong': the robbed tile cannot also be elsewhere in the winner's hand"), win[1])
    return Hand(tiles, melds, win[0], ctx)


def parse_waiting(text: str) -> WaitingHand:
    """Parse a 13-tile-equivalent hand (standing tiles + melds, no winning tile)."""
    quick = _quick_parts(text, 13) if isinstance(text, str) else None
    if quick is not None and quick[2] is None:
        return WaitingHand(tuple(sorted(quick[0])), quick[1], quick[3])
    return _parse_waiting_fully(text)


def _parse_waiting_fully(text: str) -> WaitingHand:
    """`parse_waiting` by the full parser."""
    concealed, melds, win, ctx = _parse_common(text, 13)
    if win is not None:
        raise HandError(N_("a waiting hand has no winning tile: drop the '+'"), win[1])
    return WaitingHand(tuple(sorted(t for t, _ in concealed)), melds, ctx)


def canonical(text: str) -> str:
    return format_hand(parse_hand(text))
