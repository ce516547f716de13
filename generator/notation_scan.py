"""The full parser of the hand notation (notation.md): it reads a hand character by character and keeps each tile's
column, so that an error can say where it is. notation.py parses with it whatever the quick path (notation_quick.py)
gives up on, and words every error through it.
"""

from __future__ import annotations

from dataclasses import replace

from .hand import Meld, MeldKind, WinContext
from .messages import N_, Message
from .notation_errors import HandError, _check_copies, _check_first_turn, _red_mask, _shown
from .notation_format import BOOL_FLAGS, COUNT_LIMITS, RIICHI_FLAGS
from .notation_riichi import INDICATOR_FLAGS, MAX_INDICATORS
from .tiles import GHOST, SUIT_LETTERS, Tile, is_honor, make, suit_of, wind_from_letter

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


def parse_meld(text: str, i: int, offset: int, reds: list[tuple[Tile, int]] | None = None) -> tuple[Meld, int]:
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


def flag_item(tok: str, col: int) -> tuple[str, object]:
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
        field_name, value = flag_item(tok, col)
        values[field_name] = value
    return checked_context(values, cols)


def checked_context(values: dict[str, object], cols: dict[str, int]) -> WinContext:
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
            meld, i = parse_meld(part, i, offset, reds)
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


def parse_common(text: str, expect_total: int) -> tuple[list[tuple[Tile, int]], tuple[Meld, ...], tuple[Tile, int] | None, WinContext]:
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
