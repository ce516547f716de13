"""PyPI `jansou` (a Riichi scorer independent of the engine and of the `mahjong` package) as an oracle for the Riichi
editions: a hand of the notation scored under one of jansou's named presets, as (han, fu, total, yaku)."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from jansou.core.hand import CallSource, InvalidHandError
from jansou.core.hand import Hand as JHand
from jansou.core.hand import Meld as JMeld
from jansou.core.hand import MeldType
from jansou.core.rules import Rules, preset
from jansou.core.tiles import Tile, TileKind, Wind
from jansou.scoring.context import WinContext as JContext
from jansou.scoring.score import ScoringError, score
from jansou.scoring.yaku import Yaku

from generator.hand import Hand, MeldKind
from generator.tiles import EAST

NAMES = {
    Yaku.RIICHI: "riichi", Yaku.IPPATSU: "ippatsu", Yaku.MENZEN_TSUMO: "fully-concealed-hand", Yaku.PINFU: "pinfu",
    Yaku.IIPEIKOU: "pure-double-chow", Yaku.TANYAO: "all-simples", Yaku.YAKUHAI_HAKU: "dragon-pung",
    Yaku.YAKUHAI_HATSU: "dragon-pung", Yaku.YAKUHAI_CHUN: "dragon-pung", Yaku.YAKUHAI_ROUND: "prevalent-wind",
    Yaku.YAKUHAI_SEAT: "seat-wind", Yaku.HAITEI: "under-the-sea", Yaku.HOUTEI: "under-the-river",
    Yaku.RINSHAN: "after-a-kong", Yaku.CHANKAN: "robbing-the-kong", Yaku.DOUBLE_RIICHI: "double-riichi",
    Yaku.CHIITOITSU: "seven-pairs", Yaku.SANSHOKU_DOUJUN: "mixed-triple-chow", Yaku.ITTSU: "pure-straight",
    Yaku.CHANTA: "outside-hand", Yaku.TOITOI: "all-pungs", Yaku.SANANKOU: "three-concealed-pungs",
    Yaku.SANSHOKU_DOUKOU: "triple-pung", Yaku.SANKANTSU: "three-kongs", Yaku.SHOUSANGEN: "little-three-dragons",
    Yaku.HONROUTOU: "all-terminals-and-honours", Yaku.HONITSU: "half-flush", Yaku.JUNCHAN: "terminals-in-all-sets",
    Yaku.RYANPEIKOU: "twice-pure-double-chow", Yaku.CHINITSU: "full-flush", Yaku.KOKUSHI: "thirteen-orphans",
    Yaku.SUUANKOU: "four-concealed-pungs", Yaku.CHUUREN: "nine-gates", Yaku.DAISANGEN: "big-three-dragons",
    Yaku.SHOUSUUSHI: "little-four-winds", Yaku.DAISUUSHI: "big-four-winds", Yaku.TSUUIISOU: "all-honours",
    Yaku.CHINROUTOU: "all-terminals", Yaku.RYUUIISOU: "all-green", Yaku.SUUKANTSU: "four-kongs",
    Yaku.TENHOU: "blessing-of-heaven", Yaku.CHIIHOU: "blessing-of-earth",
}
"""jansou's yaku as the atlas's pattern ids (the three dragon pungs are one pattern, counted per pung)."""


@dataclass(frozen=True)
class Verdict:
    error: str | None
    han: int = 0  # 13 per yakuman, as the engine counts them
    fu: int = 0
    total: int = 0
    yaku: tuple[tuple[str, int], ...] = ()  # (pattern id, count), sorted
    yakuman: bool = False


def _tiles(hand: Hand) -> tuple[list[list[Tile]], list[Tile], Tile]:
    """Each meld's tiles, the standing tiles and the winning tile, a suit's red five put on its first five."""
    red = hand.context.red
    groups = [list(m.tiles) for m in hand.melds] + [list(hand.concealed) + [hand.win_tile]]
    out: list[list[Tile]] = []
    for group in groups:
        tiles = []
        for t in group:
            bit = 1 << (t // 9) if t < 27 and t % 9 == 4 else 0
            tiles.append(Tile(TileKind(t), red=bool(red & bit)))
            red &= ~bit
        out.append(tiles)
    *melds, standing = out
    return melds, standing, standing[-1]


def _meld(kind: MeldKind, concealed: bool, tiles: list[Tile]) -> JMeld:
    if kind is MeldKind.KONG and concealed:
        return JMeld(MeldType.ANKAN, tuple(tiles))
    if kind is MeldKind.CHOW:
        return JMeld(MeldType.CHII, tuple(tiles), called=tiles[0], source=CallSource.KAMICHA)
    mtype = MeldType.DAIMINKAN if kind is MeldKind.KONG else MeldType.PON
    return JMeld(mtype, tuple(tiles), called=tiles[0], source=CallSource.TOIMEN)


def jansou_score(hand: Hand, rules: Rules | str) -> Verdict:
    """jansou's score of `hand` under a preset (by name) or a `Rules`."""
    rules = preset(rules) if isinstance(rules, str) else rules
    ctx = hand.context
    melds, standing, win = _tiles(hand)
    dealer = ctx.seat == EAST
    try:
        jhand = JHand(tuple(standing), tuple(_meld(m.kind, m.concealed, t) for m, t in zip(hand.melds, melds)))
        jctx = JContext(
            rules=rules, round_wind=Wind(ctx.round - EAST), seat_wind=Wind(ctx.seat - EAST), is_tsumo=ctx.tsumo,
            riichi=ctx.declared_riichi and not ctx.double_riichi, double_riichi=ctx.double_riichi, ippatsu=ctx.ippatsu,
            haitei=ctx.last_tile and ctx.tsumo, houtei=ctx.last_tile and not ctx.tsumo, rinshan=ctx.after_kong,
            chankan=ctx.robbing_kong, tenhou=ctx.first_turn and ctx.tsumo and dealer,
            chiihou=ctx.first_turn and ctx.tsumo and not dealer,
            dora_indicators=tuple(Tile(TileKind(t)) for t in ctx.dora),
            ura_indicators=tuple(Tile(TileKind(t)) for t in ctx.ura))
        r = score(jhand, win, jctx)
    except ScoringError as e:
        return Verdict("no-yaku" if "no yaku" in str(e) else f"scoring: {e}")
    except (InvalidHandError, ValueError) as e:
        return Verdict(f"invalid: {e}")
    yaku: Counter[str] = Counter()
    for y in r.yaku:
        yaku[NAMES[y.yaku]] += 1
    han = r.han
    if r.is_yakuman:
        han = 13 * sum(y.value for y in r.yaku)
    else:
        for pid, n in (("dora", r.dora.dora), ("ura-dora", r.dora.ura), ("red-five", r.dora.aka)):
            if n:
                yaku[pid] += n
    return Verdict(None, han, r.fu.total, r.payment.total, tuple(sorted(yaku.items())), r.is_yakuman)
