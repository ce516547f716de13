"""A seeded stream of complete hands, varied enough that every pattern turns up.

Uniformly random hands almost never show the patterns a reference needs (a pure straight,
three shifted pungs, nine gates), so each hand is drawn from a *theme* (which tiles it may
use: one suit, terminals and honours, even ranks, green tiles ...) and a *structure* (sets
drawn freely, or each derived from the previous one: the same chow again, shifted a rank,
the same rank in another suit). Forms other than four sets and a pair, win contexts, flowers,
wild tiles (团圆) and melds are mixed in at fixed rates. Everything comes from one
`random.Random(seed)`, so the stream is the same on every run.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import TypeVar

from .hand import Hand, Meld, MeldKind, WinContext
from .notation import HandError, parse_hand
from .rules import Pattern
from .shapes import KNITTED_PATTERNS
from .tiles import DRAGONS, HONORS, ORPHANS, TERMINALS, WINDS, Tile
from .wilds import SUIT_WILD

SEED = 20240607
SUITED = tuple(range(27))

SetSpec = tuple[str, Tile]  # ("chow" | "pung", lowest tile)


def _ranks(*ranks: int, suits: tuple[int, ...] = (0, 1, 2)) -> frozenset[Tile]:
    return frozenset(s * 9 + r - 1 for s in suits for r in ranks)


T = TypeVar("T")


def _weighted(rng: random.Random, table: Sequence[tuple[float, T]]) -> T:
    """One item of `table`, drawn with the given weights."""
    x = rng.random() * sum(w for w, _ in table)
    for w, item in table:
        x -= w
        if x < 0:
            return item
    return table[-1][1]


def _theme_tiles(rng: random.Random) -> frozenset[Tile]:
    """The tiles one hand may draw from (a weighted choice of themes)."""
    suit = rng.randrange(3)
    one = frozenset(range(suit * 9, suit * 9 + 9))
    themes: list[tuple[float, Callable[[], frozenset[Tile]]]] = [
        (4, lambda: frozenset(range(34))),
        (1.5, lambda: frozenset(SUITED)),
        (2, lambda: one),
        (2, lambda: one | frozenset(HONORS)),
        (0.7, lambda: one | frozenset(WINDS)),
        (0.7, lambda: one | frozenset(DRAGONS)),
        (1, lambda: frozenset(SUITED) - frozenset(range(((suit + 1) % 3) * 9, ((suit + 1) % 3) * 9 + 9))),
        (0.4, lambda: frozenset(HONORS)),
        (1, lambda: frozenset(ORPHANS)),
        (0.4, lambda: frozenset(TERMINALS)),
        (1, lambda: _ranks(2, 3, 4, 5, 6, 7, 8)),
        (0.6, lambda: _ranks(1, 3, 5, 7, 9)),
        (0.6, lambda: _ranks(2, 4, 6, 8)),
        (0.3, lambda: _ranks(1, 3, 5, 7, 9) | frozenset(HONORS)),
        (0.3, lambda: _ranks(2, 4, 6, 8) | frozenset(HONORS)),
        (0.6, lambda: _ranks(*rng.choice(((1, 4, 7), (2, 5, 8), (3, 6, 9))))),
        (0.5, lambda: _ranks(1, 2, 3)), (0.5, lambda: _ranks(4, 5, 6)), (0.5, lambda: _ranks(7, 8, 9)),
        (0.4, lambda: _ranks(1, 2, 3, 4)), (0.4, lambda: _ranks(6, 7, 8, 9)),
        (0.5, lambda: _ranks(1, 2, 3, 7, 8, 9) | frozenset(HONORS)),
        (0.3, lambda: frozenset({19, 20, 21, 23, 25, 32})),  # green: 2 3 4 6 8 bamboo, 發
        (0.3, lambda: frozenset({9, 10, 11, 12, 13, 16, 17, 19, 21, 22, 23, 25, 26, 31})),  # reversible tiles
    ]
    return _weighted(rng, themes)()


def _chow_ok(t: Tile) -> bool:
    return t < 27 and t % 9 <= 6


def _set_tiles(s: SetSpec) -> tuple[Tile, ...]:
    kind, t = s
    return (t, t + 1, t + 2) if kind == "chow" else (t, t, t)


def _free_set(rng: random.Random, allowed: frozenset[Tile], p_chow: float) -> SetSpec | None:
    chows = [t for t in sorted(allowed) if _chow_ok(t) and t + 1 in allowed and t + 2 in allowed]
    if chows and rng.random() < p_chow:
        return ("chow", rng.choice(chows))
    return ("pung", rng.choice(sorted(allowed)))


def _related_set(rng: random.Random, prev: SetSpec) -> SetSpec | None:
    """A set derived from another: the same, shifted in rank, moved to another suit, mirrored, or re-shaped."""
    kind, t = prev
    if t >= 27:  # honours: same family, next tile
        family = WINDS if t in WINDS else DRAGONS
        return ("pung", family[(family.index(t) + rng.choice((1, 2, 3))) % len(family)])
    suit, rank = divmod(t, 9)
    move = rng.choice(("same", "same", "up1", "up1", "up2", "up3", "down1", "suit", "suit", "suit-up1",
                       "suit-up2", "mirror", "flip"))
    if move in ("up1", "up2", "up3", "down1", "suit-up1", "suit-up2"):
        rank += {"up1": 1, "up2": 2, "up3": 3, "down1": -1, "suit-up1": 1, "suit-up2": 2}[move]
    if move.startswith("suit"):
        suit = (suit + rng.choice((1, 2))) % 3
    if move == "mirror":
        rank = 8 - rank - (2 if kind == "chow" else 0)
    if move == "flip":
        kind = "pung" if kind == "chow" else "chow"
    if rank < 0 or rank > 8 or (kind == "chow" and rank > 6):
        return None
    return (kind, suit * 9 + rank)


def _counts_ok(tiles: list[Tile]) -> bool:
    seen: dict[Tile, int] = {}
    for t in tiles:
        seen[t] = seen.get(t, 0) + 1
        if seen[t] > 4:
            return False
    return True


def _context(rng: random.Random, melds: tuple[Meld, ...], hand_tiles: list[Tile], win: Tile) -> WinContext:
    tsumo = rng.random() < 0.5
    has_kong = any(m.kind is MeldKind.KONG for m in melds)
    after_kong = has_kong and rng.random() < 0.3
    if after_kong:
        tsumo = True
    robbing = not tsumo and hand_tiles.count(win) == 1 and rng.random() < 0.06
    first_turn = not melds and rng.random() < 0.04
    flowers = 0 if rng.random() < 0.7 else rng.randint(1, 8)
    return WinContext(
        tsumo=tsumo,
        last_tile=rng.random() < 0.06,
        after_kong=after_kong,
        robbing_kong=robbing,
        last_copy=rng.random() < 0.06,
        first_turn=first_turn,
        dealer=rng.random() < 0.25,
        seat=rng.choice(WINDS),
        round=rng.choice((27, 27, 28, 29, 30)),
        flowers=flowers,
        wild_kongs=0 if rng.random() < 0.85 else rng.randint(1, 3),
    )


def _regular(rng: random.Random) -> Hand | None:
    allowed = _theme_tiles(rng)
    p_chow = rng.choice((0.0, 0.25, 0.5, 0.75, 1.0))
    related = rng.random() < 0.55
    sets: list[SetSpec] = []
    if rng.random() < 0.06:  # honour-heavy: two to four pungs of winds or of dragons
        family = rng.choice((WINDS, DRAGONS))
        sets = [("pung", t) for t in rng.sample(family, min(len(family), rng.randint(2, 4)))]
    while len(sets) < 4:
        s = None
        if related and sets:
            s = _related_set(rng, rng.choice(sets[-2:]))
        if s is None:
            s = _free_set(rng, allowed, p_chow)
        if s is None:
            return None
        sets.append(s)
    if rng.random() < 0.4:
        base = rng.choice(sets)
        pair = base[1] + (rng.choice((0, 1, 2)) if base[0] == "chow" else 0)
        if pair >= 27:  # an honour pung: pair another honour of its family
            family = WINDS if pair in WINDS else DRAGONS
            pair = rng.choice([t for t in family if t != pair])
        elif rng.random() < 0.5:
            pair = (pair // 9 + rng.choice((1, 2))) % 3 * 9 + pair % 9
    else:
        pair = rng.choice(sorted(allowed))
    tiles = [t for s in sets for t in _set_tiles(s)] + [pair, pair]
    if not _counts_ok(tiles):
        return None
    p_open = rng.choice((0.0, 0.0, 0.0, 0.3, 0.3, 0.6, 1.0))
    p_kong = rng.choice((0.0, 0.0, 0.0, 0.15, 0.5, 1.0))
    melds: list[Meld] = []
    standing: list[Tile] = [pair, pair]
    for kind, t in sets:
        exposed = rng.random() < p_open
        if kind == "pung" and rng.random() < p_kong and tiles.count(t) == 3:
            tiles.append(t)
            melds.append(Meld(MeldKind.KONG, t, concealed=not exposed))
        elif exposed:
            melds.append(Meld(MeldKind.CHOW if kind == "chow" else MeldKind.PUNG, t))
        else:
            standing.extend(_set_tiles((kind, t)))
    standing.sort()
    return _finish(rng, standing, tuple(melds), tiles)


def _finish(rng: random.Random, standing: list[Tile], melds: tuple[Meld, ...], tiles: list[Tile]) -> Hand | None:
    if rng.random() < 0.12:
        standing = _wilds(rng, standing, tiles)
    win = rng.choice(standing)
    concealed = list(standing)
    concealed.remove(win)
    ctx = _context(rng, melds, tiles, win)
    return Hand(tuple(sorted(concealed)), melds, win, ctx)


def _wilds(rng: random.Random, standing: list[Tile], tiles: list[Tile]) -> list[Tile]:
    """团圆: replace a few standing suit tiles by their suit's wild (the hand is complete only where wilds are)."""
    out = list(standing)
    for _ in range(rng.randint(1, 3)):
        suited = [i for i, t in enumerate(out) if t < 27]
        if not suited:
            break
        i = rng.choice(suited)
        wild = SUIT_WILD[out[i] // 9]
        in_melds = tiles.count(wild) - standing.count(wild)
        if out.count(wild) + in_melds >= 4:
            continue
        out[i] = wild
    return sorted(out)


def _seven_pairs(rng: random.Random) -> Hand | None:
    allowed = sorted(_theme_tiles(rng))
    style = rng.random()
    if style < 0.15:
        suit, start = rng.randrange(3), rng.randrange(3)
        kinds = [suit * 9 + start + k for k in range(7)]
    elif style < 0.25:
        kinds = list(HONORS)
    elif style < 0.35:  # three or four pairs of one honour family
        family = rng.choice((WINDS, DRAGONS))
        kinds = rng.sample(family, min(len(family), rng.choice((3, 4))))
        kinds += rng.sample([t for t in range(34) if t not in kinds], 7 - len(kinds))
    else:
        if len(allowed) < 7:
            allowed = list(range(34))
        kinds = rng.sample(allowed, 7)
        for k in range(rng.choice((0, 0, 0, 1, 1, 2, 3))):  # four of a kind as two pairs
            kinds[-1 - k] = kinds[k]
    standing = sorted(t for t in kinds for _ in range(2))
    if not _counts_ok(standing):
        return None
    return _finish(rng, standing, (), standing)


def _thirteen_orphans(rng: random.Random) -> Hand | None:
    standing = sorted(list(ORPHANS) + [rng.choice(ORPHANS)])
    return _finish(rng, standing, (), standing)


def _honors_knitted(rng: random.Random) -> Hand | None:
    knitted = list(rng.choice(KNITTED_PATTERNS))
    n = rng.choice((7, 8, 9))
    standing = sorted(rng.sample(knitted, n) + rng.sample(list(HONORS), 14 - n))
    return _finish(rng, standing, (), standing)


def _knitted_straight(rng: random.Random) -> Hand | None:
    standing = list(rng.choice(KNITTED_PATTERNS))
    s = _free_set(rng, _theme_tiles(rng), 0.5)
    pair = rng.randrange(34)
    melds: tuple[Meld, ...] = ()
    assert s is not None
    if rng.random() < 0.3:
        melds = (Meld(MeldKind.CHOW if s[0] == "chow" else MeldKind.PUNG, s[1]),)
    else:
        standing.extend(_set_tiles(s))
    standing.extend([pair, pair])
    tiles = standing + [t for m in melds for t in m.tiles]
    if not _counts_ok(tiles):
        return None
    return _finish(rng, sorted(standing), melds, tiles)


def _nine_gates(rng: random.Random) -> Hand | None:
    suit = rng.randrange(3)
    standing = sorted([suit * 9 + r for r in (0, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 8, 8)] + [suit * 9 + rng.randrange(9)])
    return _finish(rng, standing, (), standing)


def _terminal_chows(rng: random.Random) -> Hand | None:
    """123 and 789 chows in one or two suits with a pair of fives: the 'dragon meets' shapes are too rare to draw."""
    a, b, c = rng.sample(range(3), 3)
    second = a if rng.random() < 0.5 else b
    pair_suit = a if second == a else c
    sets = [("chow", a * 9), ("chow", a * 9 + 6), ("chow", second * 9), ("chow", second * 9 + 6)]
    if rng.random() < 0.3:
        sets[rng.randrange(4)] = _free_set(rng, frozenset(range(34)), 0.5) or sets[0]
    pair = pair_suit * 9 + (4 if rng.random() < 0.8 else rng.randrange(9))
    tiles = [t for st in sets for t in _set_tiles(st)] + [pair, pair]
    if not _counts_ok(tiles):
        return None
    melds: list[Meld] = []
    standing = [pair, pair]
    p_open = rng.choice((0.0, 0.0, 0.3))
    for kind, t in sets:
        if rng.random() < p_open:
            melds.append(Meld(MeldKind.CHOW if kind == "chow" else MeldKind.PUNG, t))
        else:
            standing.extend(_set_tiles((kind, t)))
    return _finish(rng, sorted(standing), tuple(melds), tiles)


def _chain(rng: random.Random) -> Hand | None:
    """Sets (and maybe the pair) of one suit laid end to end, low to high: 123 444 55 666 789 and the like."""
    suit = rng.randrange(3)
    length = rng.choice((3, 4, 5, 5))
    word = [rng.choice("CP") for _ in range(4 if length == 5 else length)]
    if length == 5 or rng.random() < 0.4:
        word.insert(rng.randrange(len(word) + 1), "R")
    span = sum(3 if w == "C" else 1 for w in word)
    if span > 9 or word.count("R") > 1 or len([w for w in word if w != "R"]) > 4:
        return None
    rank = rng.randrange(10 - span)
    sets: list[SetSpec] = []
    pair = None
    for w in word:
        t = suit * 9 + rank
        if w == "R":
            pair = t
        else:
            sets.append(("chow" if w == "C" else "pung", t))
        rank += 3 if w == "C" else 1
    while len(sets) < 4:
        sets.append(_free_set(rng, frozenset(range(34)), 0.5) or ("pung", 27))
    if pair is None:
        pair = rng.randrange(34)
    tiles = [t for st in sets for t in _set_tiles(st)] + [pair, pair]
    if not _counts_ok(tiles):
        return None
    standing = [pair, pair]
    melds: list[Meld] = []
    for kind, t in sets:
        if rng.random() < 0.2:
            melds.append(Meld(MeldKind.CHOW if kind == "chow" else MeldKind.PUNG, t))
        else:
            standing.extend(_set_tiles((kind, t)))
    return _finish(rng, sorted(standing), tuple(melds), tiles)


def _ladder(rng: random.Random) -> Hand | None:
    """Three or four chows or pungs of one suit climbing by a fixed step, the pair often one rung further."""
    suit, kind = rng.randrange(3), rng.choice(("chow", "pung"))
    step, n = rng.choice((1, 1, 2)), rng.choice((3, 4, 4))
    top = (6 if kind == "chow" else 8) - step * (n - 1)
    if top < 0:
        return None
    start = rng.randint(0, top)
    sets: list[SetSpec] = [(kind, suit * 9 + start + step * k) for k in range(n)]
    if n == 3:
        sets.append(_free_set(rng, frozenset(range(34)), 0.5) or ("pung", 27))
    rung = rng.choice((start - 1, start + step * n, start + step * n + (2 if kind == "chow" else 0)))
    pair = suit * 9 + rung if 0 <= rung <= 8 and rng.random() < 0.7 else rng.randrange(34)
    tiles = [t for st in sets for t in _set_tiles(st)] + [pair, pair]
    if not _counts_ok(tiles):
        return None
    standing = [pair, pair]
    melds: list[Meld] = []
    for k, t in sets:
        if rng.random() < 0.15:
            melds.append(Meld(MeldKind.CHOW if k == "chow" else MeldKind.PUNG, t))
        else:
            standing.extend(_set_tiles((k, t)))
    return _finish(rng, sorted(standing), tuple(melds), tiles)


def _plain(rng: random.Random) -> Hand | None:
    """A hand built to show as little as possible: claimed chows and simple pungs spread over the suits and
    an honour pair; the plainest examples (and MCR's 无番和, a hand with no fan at all) come from here."""
    suits = [0, 1, 2, rng.randrange(3)]
    rng.shuffle(suits)
    sets: list[SetSpec] = []
    for suit in suits:
        if rng.random() < 0.8:
            sets.append(("chow", suit * 9 + rng.randint(1, 5)))
        else:
            sets.append(("pung", suit * 9 + rng.randint(1, 7)))
    pair = rng.choice(HONORS)
    tiles = [t for st in sets for t in _set_tiles(st)] + [pair, pair]
    if not _counts_ok(tiles):
        return None
    melds = tuple(Meld(MeldKind.CHOW if k == "chow" else MeldKind.PUNG, t) for k, t in sets[:rng.choice((2, 3, 3))])
    standing = sorted([pair, pair] + [t for st in sets[len(melds):] for t in _set_tiles(st)])
    return _finish(rng, standing, melds, tiles)


FORMS: tuple[tuple[float, Callable[[random.Random], Hand | None]], ...] = (
    (80, _regular), (9, _seven_pairs), (1, _thirteen_orphans), (3, _honors_knitted), (3, _knitted_straight),
    (0.5, _nine_gates), (0.7, _terminal_chows), (4, _chain), (2, _ladder), (3, _plain),
)


def random_hand(rng: random.Random) -> Hand | None:
    """One candidate hand, or None when the draw broke a rule (a fifth copy...); the caller draws again.

    Hands are built valid (copies checked, robbing-kong only on a lone tile, after-kong with
    tsumo and a kong), so they are not re-parsed here; a test checks that they round-trip.
    """
    return _weighted(rng, FORMS)(rng)


StreamState = tuple[list[Hand], object]
"""The hands a stream has generated and its generator's state."""


class HandStream:
    """The seeded stream of distinct hands, generated lazily and shared by every rule set's search."""

    def __init__(self, seed: int = SEED, stored: Callable[[], StreamState | None] | None = None) -> None:
        self.seed = seed
        self._rng = random.Random(seed)
        self._hands: list[Hand] = []
        self._seen: set[Hand] = set()
        self._stored = stored  # where a stored state can be read from, the first time a hand is asked for
        self.resumed = 0  # how many hands came from a stored state

    def __len__(self) -> int:
        """How many hands have been generated so far."""
        return len(self._hands)

    def state(self) -> StreamState:
        """The hands generated so far and where the generator stands: a build cache stores it, so an
        incremental build reads the stream (a few tenths of a second) instead of generating it again."""
        return list(self._hands), self._rng.getstate()

    def resume(self, state: StreamState) -> None:
        """Continue from a stored `state()` of a stream with the same seed and generator code."""
        hands, rng = state
        self._hands, self._seen = list(hands), set(hands)
        self._rng.setstate(rng)  # type: ignore[arg-type]
        self.resumed = len(hands)

    def __getitem__(self, i: int) -> Hand:
        if self._stored is not None and len(self._hands) <= i:  # read lazily: a build whose searches are all
            state, self._stored = self._stored(), None  # cached never asks for a hand
            if state is not None and not self._hands:
                self.resume(state)
        while len(self._hands) <= i:
            hand = random_hand(self._rng)
            if hand is not None and hand not in self._seen:
                self._seen.add(hand)
                self._hands.append(hand)
        return self._hands[i]


def seed_hands(p: Pattern) -> list[Hand]:
    """The hands the rule data gives a pattern's searches to start from (`extra.seed_hands`), for the shapes the
    stream does not make (四鬼和's four ghosts). A bad one raises the notation's HandError, naming the hand."""
    raw = p.extra.get("seed_hands", []) if isinstance(p.extra, dict) else []
    out = []
    for text in raw if isinstance(raw, list) else []:
        try:
            out.append(parse_hand(str(text)))
        except HandError as exc:
            raise HandError(f"{text!r}: {exc}") from None
    return out
