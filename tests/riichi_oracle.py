"""The `mahjong` package (MahjongRepository's Riichi calculator) as an oracle for the Riichi rule sets,
and seeded hands built on each yaku's shape for the differential test and the benchmark."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from random import Random

from mahjong.hand_calculating.hand import HandCalculator
from mahjong.hand_calculating.hand_config import HandConfig, HandConstants, OptionalRules
from mahjong.meld import Meld as OMeld

from generator.hand import Hand, MeldKind
from generator.notation import HandError, format_hand, parse_hand
from generator.tiles import DRAGONS, ORPHANS, TERMINALS, WINDS, rank_of

PRESETS = {
    "riichi": dict(has_open_tanyao=True, has_aka_dora=True, has_double_yakuman=True,
                   kazoe_limit=HandConstants.KAZOE_LIMITED, kiriage=False),
    "riichi-ema-2016": dict(has_open_tanyao=True, has_aka_dora=False, has_double_yakuman=False,
                            kazoe_limit=HandConstants.KAZOE_SANBAIMAN, kiriage=False),
}
"""The oracle's settings for each variant (a fresh OptionalRules per call: the library edits its config)."""

_BY_ID = {0: "fully-concealed-hand", 1: "riichi", 3: "ippatsu", 4: "robbing-the-kong", 5: "after-a-kong",
          6: "under-the-sea", 7: "under-the-river", 8: "double-riichi", 11: "blessing-of-man", 12: "pinfu",
          13: "all-simples", 14: "pure-double-chow", 15: "dragon-pung", 16: "dragon-pung", 17: "dragon-pung",
          18: "seat-wind", 19: "seat-wind", 20: "seat-wind", 21: "seat-wind", 22: "prevalent-wind",
          23: "prevalent-wind", 24: "prevalent-wind", 25: "prevalent-wind", 26: "mixed-triple-chow",
          27: "pure-straight", 28: "outside-hand", 29: "all-terminals-and-honours", 30: "all-pungs",
          31: "three-concealed-pungs", 32: "three-kongs", 33: "triple-pung", 34: "seven-pairs",
          35: "little-three-dragons", 36: "half-flush", 37: "terminals-in-all-sets", 38: "twice-pure-double-chow",
          39: "full-flush", 100: "thirteen-orphans", 101: "nine-gates", 102: "four-concealed-pungs",
          103: "big-three-dragons", 104: "little-four-winds", 105: "all-green", 106: "four-kongs",
          107: "all-honours", 108: "all-terminals", 111: "big-four-winds", 112: "thirteen-orphans-13-wait",
          113: "four-concealed-pungs-single-wait", 114: "pure-nine-gates", 115: "blessing-of-heaven",
          116: "blessing-of-earth", 120: "dora", 121: "red-five", 122: "ura-dora"}
_SINGLE = {112: "thirteen-orphans", 113: "four-concealed-pungs", 114: "nine-gates"}
"""Without double yakuman the library keeps the double form's name but scores the single one."""


@dataclass(frozen=True)
class Verdict:
    error: str | None
    han: int = 0
    fu: int = 0
    total: int = 0
    yaku: tuple[tuple[str, int], ...] = ()  # (pattern id, count), sorted


class _Ids:
    """Hands out the library's 136-format tile ids: id // 4 is the kind; ids 16, 52, 88 are the red fives."""

    def __init__(self, red: int) -> None:
        self.used: Counter[int] = Counter()
        self.red = red

    def take(self, kind: int, red_ok: bool = True) -> int:
        if kind in (4, 13, 22):
            bit = 1 << (kind // 9)
            if self.red & bit and red_ok:
                self.red &= ~bit
                self.used[kind] += 1
                return kind * 4
            slot = 1 + sum(1 for k in range(1, 4) if self.used[kind * 10 + k])
            if slot > 3:
                slot = 0
            self.used[kind * 10 + slot] += 1
            return kind * 4 + slot
        n = self.used[kind]
        self.used[kind] += 1
        return kind * 4 + n % 4


def oracle(hand: Hand, ruleset_id: str) -> Verdict:
    """The library's score of `hand` under the variant's settings."""
    ctx = hand.context
    ids = _Ids(ctx.red if ruleset_id == "riichi" else 0)
    melds = []
    all_ids = []
    for m in hand.melds:
        mids = [ids.take(t) for t in m.tiles]
        all_ids += mids
        kind = {MeldKind.CHOW: OMeld.CHI, MeldKind.PUNG: OMeld.PON, MeldKind.KONG: OMeld.KAN}[m.kind]
        melds.append(OMeld(kind, mids, opened=not m.concealed))
    standing = [ids.take(t) for t in hand.concealed]
    win = ids.take(hand.win_tile)
    all_ids += standing + [win]
    ind = _Ids(0)
    dora = [ind.take(t) for t in ctx.dora]
    ura = [ind.take(t) for t in ctx.ura]
    dealer = ctx.seat == 27
    config = HandConfig(
        is_tsumo=ctx.tsumo, is_riichi=ctx.declared_riichi, is_ippatsu=ctx.ippatsu, is_rinshan=ctx.after_kong,
        is_chankan=ctx.robbing_kong, is_haitei=ctx.last_tile and ctx.tsumo, is_houtei=ctx.last_tile and not ctx.tsumo,
        is_daburu_riichi=ctx.double_riichi, is_tenhou=ctx.first_turn and ctx.tsumo and dealer,
        is_chiihou=ctx.first_turn and ctx.tsumo and not dealer,
        is_renhou=ctx.first_turn and not ctx.tsumo and ruleset_id == "riichi-ema-2016",
        player_wind=ctx.seat, round_wind=ctx.round, options=OptionalRules(**PRESETS[ruleset_id]))
    r = HandCalculator.estimate_hand_value(all_ids, win, melds=melds, dora_indicators=dora, config=config,
                                           ura_dora_indicators=ura)
    if r.error:
        return Verdict(r.error)
    yaku: Counter[str] = Counter()
    for y in r.yaku:
        name = _SINGLE.get(y.yaku_id) if ruleset_id != "riichi" and y.yaku_id in _SINGLE else _BY_ID[y.yaku_id]
        yaku[name] += y.han_open if r.is_open_hand and y.yaku_id >= 120 else (
            y.han_closed if y.yaku_id >= 120 else 1)
    cost = r.cost
    return Verdict(None, r.han, r.fu, cost["main"] + 2 * cost["additional"], tuple(sorted(yaku.items())))


# --------------------------------------------------------------------------- hands by shape

SIMPLES = [t for t in range(27) if t not in TERMINALS]
GREEN = [19, 20, 21, 23, 25, 32]
THEMES = ("any", "simples", "one-suit", "half-flush", "outside", "terminals", "honours", "pungs", "straight",
          "triple-chow", "triple-pung", "double-chow", "twice-double-chow", "kongs", "seven-pairs", "orphans",
          "nine-gates", "green", "dragons", "winds", "concealed-pungs")


def _chow_starts(theme: str, suit: int) -> list[int]:
    base = suit * 9
    if theme == "simples":
        return [base + r for r in range(1, 6)]
    if theme in ("outside", "terminals"):
        return [base, base + 6]
    return [base + r for r in range(7)]


def _sets(rnd: Random, theme: str) -> tuple[list[tuple[str, int]], int]:
    """Four sets as (kind, tile) and a pair tile, drawn with the theme's bias."""
    suit = rnd.randrange(3)
    suits = [suit] if theme in ("one-suit", "half-flush", "nine-gates") else [0, 1, 2]
    sets: list[tuple[str, int]] = []
    if theme == "straight":
        sets = [("chow", suit * 9), ("chow", suit * 9 + 3), ("chow", suit * 9 + 6)]
    elif theme == "triple-chow":
        r = rnd.randrange(7)
        sets = [("chow", s * 9 + r) for s in range(3)]
    elif theme == "triple-pung":
        r = rnd.randrange(9)
        sets = [("pung", s * 9 + r) for s in range(3)]
    elif theme == "double-chow":
        t = rnd.choice(_chow_starts("any", suit))
        sets = [("chow", t), ("chow", t)]
    elif theme == "twice-double-chow":
        a, b = rnd.choice(_chow_starts("any", suit)), rnd.randrange(3) * 9 + rnd.randrange(7)
        sets = [("chow", a), ("chow", a), ("chow", b), ("chow", b)]
    elif theme == "dragons":
        sets = [("pung", d) for d in rnd.sample(DRAGONS, rnd.choice((2, 3)))]
    elif theme == "winds":
        sets = [("pung", w) for w in rnd.sample(WINDS, rnd.choice((3, 4)))]
    while len(sets) < 4:
        pung = theme in ("pungs", "terminals", "honours", "kongs", "concealed-pungs", "green") or rnd.random() < 0.3
        if theme == "honours":
            sets.append(("pung", rnd.randrange(27, 34)))
        elif theme == "terminals":
            sets.append(("pung", rnd.choice(ORPHANS if rnd.random() < 0.6 else TERMINALS)))
        elif theme == "green":
            sets.append(("pung", rnd.choice(GREEN)) if rnd.random() < 0.7 else ("chow", 19))
        elif theme == "half-flush" and rnd.random() < 0.35:
            sets.append(("pung", rnd.randrange(27, 34)))
        elif theme == "outside" and rnd.random() < 0.4:
            sets.append(("pung", rnd.choice(ORPHANS)))
        elif pung:
            s = rnd.choice(suits)
            pool = SIMPLES if theme == "simples" else list(range(s * 9, s * 9 + 9))
            if theme == "any" and rnd.random() < 0.3:
                pool = list(range(27, 34))
            sets.append(("pung", rnd.choice([t for t in pool if theme != "simples" or t // 9 == s] or pool)))
        else:
            sets.append(("chow", rnd.choice(_chow_starts(theme, rnd.choice(suits)))))
    if theme == "simples":
        pair = rnd.choice(SIMPLES)
    elif theme in ("terminals", "outside"):
        pair = rnd.choice(ORPHANS)
    elif theme == "honours":
        pair = rnd.randrange(27, 34)
    elif theme == "green":
        pair = rnd.choice(GREEN)
    elif theme in ("one-suit", "nine-gates"):
        pair = suit * 9 + rnd.randrange(9)
    elif theme in ("dragons", "winds", "half-flush"):
        pair = rnd.choice(list(DRAGONS) + list(WINDS) + [suit * 9 + rnd.randrange(9)])
    else:
        pair = rnd.randrange(34)
    return sets, pair


def _tiles_text(tiles: list[int]) -> str:
    out = []
    for suit, letter in enumerate("mpsz"):
        ranks = [rank_of(t) for t in sorted(tiles) if t // 9 == suit]
        if ranks:
            out.append("".join(map(str, ranks)) + letter)
    return "".join(out)


def _meld_text(kind: str, tile: int, concealed: bool) -> str:
    tiles = [tile, tile + 1, tile + 2] if kind == "chow" else [tile] * (4 if kind == "kong" else 3)
    body = _tiles_text(tiles)
    return "{" + body + "}" if concealed else "[" + body + "]"


def random_riichi_text(rnd: Random) -> str:
    """A hand in notation built on a yaku's shape, with random melds, win, flags, indicators and red fives."""
    theme = rnd.choice(THEMES)
    melds: list[str] = []
    if theme == "seven-pairs":
        pool = rnd.choice((list(range(34)), SIMPLES, list(ORPHANS), list(range(9)) + list(range(27, 34))))
        standing = [t for t in rnd.sample(pool, 7) for _ in range(2)]
    elif theme == "orphans":
        standing = list(ORPHANS) + [rnd.choice(ORPHANS)]
    elif theme == "nine-gates":
        s = rnd.randrange(3) * 9
        standing = [s] * 3 + [s + r for r in range(1, 8)] + [s + 8] * 3 + [s + rnd.randrange(9)]
    else:
        sets, pair = _sets(rnd, theme)
        standing = [pair, pair]
        for kind, tile in sets:
            if kind == "pung" and (theme == "kongs" and rnd.random() < 0.7 or rnd.random() < 0.08):
                melds.append(_meld_text("kong", tile, concealed=rnd.random() < 0.5))
            elif rnd.random() < (0.15 if theme in ("concealed-pungs", "twice-double-chow") else 0.3):
                melds.append(_meld_text(kind, tile, concealed=False))
            else:
                standing += [tile, tile + 1, tile + 2] if kind == "chow" else [tile] * 3
    if max(Counter(standing).values()) > 4:
        return ""
    win = standing.pop(rnd.randrange(len(standing)))
    is_open = any(m.startswith("[") for m in melds)
    kongs = sum(1 for m in melds if len(m) == 7)
    flags = []
    tsumo = rnd.random() < 0.45
    if kongs and tsumo and rnd.random() < 0.2:
        flags.append("after-kong")
    elif tsumo:
        flags.append("tsumo")
    elif rnd.random() < 0.06:
        flags.append("robbing-kong")
    if not is_open and rnd.random() < 0.45:
        flags.append("double-riichi" if rnd.random() < 0.1 else "riichi")
        if rnd.random() < 0.25 and "after-kong" not in flags:
            flags.append("ippatsu")
    if "after-kong" not in flags and "robbing-kong" not in flags and rnd.random() < 0.06:
        flags.append("last-tile")
    seat = rnd.choice("ESWN")
    if not melds and not any(f.endswith("riichi") for f in flags) and rnd.random() < 0.05 \
            and not {"last-tile", "robbing-kong"} & set(flags) and (tsumo or seat != "E"):
        flags.append("first-turn")
    flags.append(f"seat={seat}")
    flags.append(f"round={rnd.choice('ESWN')}")
    n_dora = 1 + kongs if rnd.random() < 0.9 else 0
    if n_dora:
        flags.append("dora=" + _tiles_text([rnd.randrange(34) for _ in range(n_dora)]))
        if any(f.endswith("riichi") for f in flags) and rnd.random() < 0.8:
            flags.append("ura=" + _tiles_text([rnd.randrange(34) for _ in range(n_dora)]))
    text = " ".join([_tiles_text(standing)] + melds + ["+" + _tiles_text([win])] + flags)
    return _with_reds(text, rnd)


def _with_reds(text: str, rnd: Random) -> str:
    """Some fives of the text written red (every suit whose four fives are all in the hand: Mahjong Soul
    has a red among them)."""
    try:
        hand = parse_hand(text)
    except HandError:
        return ""
    tiles = hand.all_tiles
    red = 0
    for suit in range(3):
        n = tiles.count(suit * 9 + 4)
        if n == 4 or (n and rnd.random() < 0.5):
            red |= 1 << suit
    from dataclasses import replace
    return format_hand(replace(hand, context=replace(hand.context, red=red)))


def riichi_hands(seed: int, n: int) -> list[str]:
    """`n` distinct hand texts from the seed (texts that do not parse are drawn again)."""
    rnd = Random(seed)
    out: dict[str, None] = {}
    while len(out) < n:
        text = random_riichi_text(rnd)
        if text:
            out[text] = None
    return list(out)
