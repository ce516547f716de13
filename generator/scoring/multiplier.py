"""The multiplier policy (团圆麻将): fans double the stake per payer, under caps and a per-payer minimum.

The rule data supplies the fans (weak suits, self-draw, the winner's wild kongs). What one
payer owes also depends on that payer's own wild kongs, and whether a discard win stands
depends on who has konged wilds: facts of the table, not of the hand's notation. They come
in as a small `TableState` whose defaults (no other player konged a wild) give the
single-hand result the engine and the site show. Stake levels, caps, the self-draw regime
and the discard rules are rule-set options, read into `StakeRules` and checked there.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Final

from ..completion import Waits
from ..detectors import View
from ..hand import Hand, WaitingHand
from ..messages import N_, Message, Name, joined
from ..notation import format_hand, format_meld
from ..rules import ContentError, Ruleset
from ..shapes import Reading
from ..wilds import describe_wilds, has_wild, outside_tile_set, waits_with_wilds, wild_readings
from .common import apply_exclusions, counted, detect, in_rule_order
from .policy import Policy
from .result import NO_SHAPE, Counted, Excluded, Payment, Score

SEATS: Final = ("next", "opposite", "previous")
"""The three payers, named from the winner's seat: 下家, 对家, 上家."""

SEAT_ZH: Final = {"next": "下家", "opposite": "对家", "previous": "上家"}

SELF_DRAW_MINIMUM: Final = ("any-payer", "every-payer")
CLOSED_DOOR: Final = ("standard", "strict")
DISCARD_PAYERS: Final = ("all", "discarder")


# ----------------------------------------------------------------------------- inputs


@dataclass(frozen=True)
class TableState:
    """What the other three players did: wild kongs per payer (in `SEATS` order) and, on a discard win,
    which of them discarded the winning tile (ignored on a self-draw)."""

    wild_kongs: tuple[int, int, int] = (0, 0, 0)
    discarder: str = "previous"

    def __post_init__(self) -> None:
        if len(self.wild_kongs) != 3 or any(not isinstance(n, int) or n < 0 for n in self.wild_kongs):
            raise ValueError(f"wild_kongs must be three counts >= 0 (for {', '.join(SEATS)}), not {self.wild_kongs!r}")
        if self.discarder not in SEATS:
            raise ValueError(f"discarder must be one of {', '.join(SEATS)}, not {self.discarder!r}")

    def kongs_of(self, seat: str) -> int:
        return self.wild_kongs[SEATS.index(seat)]


DEFAULT_TABLE: Final = TableState()


@dataclass(frozen=True)
class Stake:
    """One stake level (档): the unit, the cap (reached at `cap_fans`), the gold cap and the minimum."""

    id: str
    zh: str
    en: str
    unit: float
    cap_fans: int
    cap: float
    gold_cap: float
    min_fans: int

    def amount(self, fans: int) -> float:
        """What one payer owes at `fans`, before the gold cap: unit × 2^fans, or the cap from `cap_fans` up."""
        return self.cap if fans >= self.cap_fans else self.unit * 2**fans


@dataclass(frozen=True)
class StakeRules:
    """The options of a multiplier rule set, checked once when read."""

    stake: Stake
    self_draw_minimum: str
    closed_door: str
    discard_payers: str
    winds: bool
    kong_exposed: float
    kong_concealed: float


OPTION_KEYS: Final = frozenset(
    {"stake", "stakes", "self_draw_minimum", "closed_door", "discard_payers", "winds", "kong_payment"}
)


def _bad(ruleset: Ruleset, key: str, message: str) -> ContentError:
    return ContentError(ruleset.origin.file, None, f"options.{key}", message)


def _number(ruleset: Ruleset, key: str, value: Any) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or value < 0:
        raise _bad(ruleset, key, f"expected a number >= 0, found {value!r}")
    return float(value)


def _choice(ruleset: Ruleset, key: str, choices: tuple[str, ...]) -> str:
    value = ruleset.option(key, choices[0])
    if value not in choices:
        raise _bad(ruleset, key, f"expected one of {', '.join(choices)}, found {value!r}")
    return str(value)


def _stake(ruleset: Ruleset, raw: Any) -> Stake:
    fields = ("id", "zh", "en", "unit", "cap_fans", "cap", "gold_cap", "min_fans")
    if not isinstance(raw, dict) or set(raw) != set(fields):
        raise _bad(ruleset, "stakes", f"each stake needs exactly {', '.join(fields)}; found {raw!r}")
    for key in ("cap_fans", "min_fans"):
        if isinstance(raw[key], bool) or not isinstance(raw[key], int) or raw[key] < 0:
            raise _bad(ruleset, "stakes", f"{raw['id']}: {key} must be a whole number >= 0")
    stake = Stake(str(raw["id"]), str(raw["zh"]), str(raw["en"]), _number(ruleset, "stakes", raw["unit"]),
                  raw["cap_fans"], _number(ruleset, "stakes", raw["cap"]), _number(ruleset, "stakes", raw["gold_cap"]),
                  raw["min_fans"])
    below, at = stake.unit * 2 ** (stake.cap_fans - 1), stake.unit * 2**stake.cap_fans
    if not below < stake.cap <= at:  # the fan cap and the money cap must name the same point
        raise _bad(ruleset, "stakes", f"{stake.id}: cap {stake.cap:g} should lie above {below:g} "
                                      f"({stake.cap_fans - 1} fans) and at most {at:g} ({stake.cap_fans} fans)")
    if stake.gold_cap < stake.cap:
        raise _bad(ruleset, "stakes", f"{stake.id}: gold_cap {stake.gold_cap:g} is below cap {stake.cap:g}")
    return stake


def rules_of(ruleset: Ruleset) -> StakeRules:
    """Read and check the multiplier options; a bad value is a ContentError naming the option."""
    unknown = sorted(set(ruleset.options) - OPTION_KEYS)
    if unknown:
        raise _bad(ruleset, unknown[0], f"unknown option (expected one of {', '.join(sorted(OPTION_KEYS))})")
    stakes = [_stake(ruleset, raw) for raw in ruleset.option("stakes", [])]
    chosen = ruleset.option("stake")
    stake = next((s for s in stakes if s.id == chosen), None)
    if stake is None:
        raise _bad(ruleset, "stake", f"{chosen!r} is not among the stakes ({', '.join(s.id for s in stakes)})")
    winds = ruleset.option("winds", False)
    if not isinstance(winds, bool):
        raise _bad(ruleset, "winds", f"expected true or false, found {winds!r}")
    kongs = ruleset.option("kong_payment", {})
    if not isinstance(kongs, dict) or set(kongs) != {"exposed", "concealed"}:
        raise _bad(ruleset, "kong_payment", f"expected {{ exposed = N, concealed = N }}, found {kongs!r}")
    return StakeRules(
        stake=stake,
        self_draw_minimum=_choice(ruleset, "self_draw_minimum", SELF_DRAW_MINIMUM),
        closed_door=_choice(ruleset, "closed_door", CLOSED_DOOR),
        discard_payers=_choice(ruleset, "discard_payers", DISCARD_PAYERS),
        winds=winds,
        kong_exposed=_number(ruleset, "kong_payment", kongs["exposed"]),
        kong_concealed=_number(ruleset, "kong_payment", kongs["concealed"]),
    )


def variant(ruleset: Ruleset, **options: Any) -> Ruleset:
    """The rule set with some options changed (another stake level, the strict 封门 …), checked like the file's."""
    changed = replace(ruleset, options={**ruleset.options, **options})
    rules_of(changed)
    return changed


# ----------------------------------------------------------------------------- hooks for the engine and waits


def readings_for(hand: Hand, ruleset: Ruleset) -> list[Reading]:
    """Completeness with wilds: the engine asks this instead of the ordinary readings."""
    return wild_readings(hand, winds=rules_of(ruleset).winds)


def waits(hand: WaitingHand, ruleset: Ruleset) -> Waits:
    return waits_with_wilds(hand, winds=rules_of(ruleset).winds)


# ----------------------------------------------------------------------------- settlement


@dataclass(frozen=True)
class Share:
    """One payer's part: `fans` are the winner's plus the payer's own wild kongs; `amount` is 0 when the
    payer is below the minimum and the win still stands (the any-payer self-draw regime)."""

    seat: str
    fans: int
    amount: float
    capped: bool
    reaches_minimum: bool


@dataclass(frozen=True)
class Settlement:
    shares: tuple[Share, ...]
    gold: bool
    meets_minimum: bool
    notes: tuple[str, ...]


def settle(fans: int, tsumo: bool, rules: StakeRules, table: TableState = DEFAULT_TABLE) -> Settlement:
    """Who owes what for a win worth `fans` to the winner.

    On a self-draw all three pay; on a discard the discarder, and the others too when `discard_payers`
    is "all". The minimum is judged per payer; on a self-draw the regime decides whether one payer
    reaching it is enough (the others then pay nothing) or every payer must; on a discard it is
    judged on the discarder. The gold cap replaces the cap when all three payers reach the cap.
    """
    stake = rules.stake
    paying = SEATS if tsumo or rules.discard_payers == "all" else (table.discarder,)
    owed = {seat: fans + table.kongs_of(seat) for seat in paying}
    reach = {seat: f >= stake.min_fans for seat, f in owed.items()}
    if not tsumo:
        meets = reach[table.discarder]
    elif rules.self_draw_minimum == "any-payer":
        meets = any(reach.values())
    else:
        meets = all(reach.values())
    gold = len(owed) == 3 and all(f >= stake.cap_fans for f in owed.values())
    shares = tuple(
        Share(seat, f, (stake.gold_cap if gold else stake.amount(f)) if meets and reach[seat] else 0.0,
              f >= stake.cap_fans, reach[seat])
        for seat, f in owed.items()
    )
    notes: list[str] = []
    if not meets or not all(reach.values()):
        name = Name(f"{stake.zh} ({stake.en})", stake.zh)
        need = {"stake": name, "fans": stake.min_fans, "amount": f"{stake.amount(stake.min_fans):g}"}
    if not meets:
        who = Message(N_("the discarder")) if not tsumo else Message(N_("at least one payer")) \
            if rules.self_draw_minimum == "any-payer" else Message(N_("every payer"))
        notes.append(Message(N_("below the minimum: %(stake)s needs %(fans)s fans (%(amount)s) from %(who)s; "
                                "%(owed)s"), who=who, owed=_owed_text(shares), **need))
    elif not all(reach.values()):
        short = joined(Name(s.seat, SEAT_ZH[s.seat]) for s in shares if not s.reaches_minimum)
        notes.append(Message(N_("%(short)s stay below the minimum (%(stake)s needs %(fans)s fans (%(amount)s) from a "
                                "payer) and pay nothing; %(owed)s"), short=short, owed=_owed_text(shares), **need))
    if meets and gold:
        notes.append(Message(N_("金顶 (gold cap): all three payers reach %(fans)s fans, so each pays %(amount)s"),
                             fans=stake.cap_fans, amount=f"{stake.gold_cap:g}"))
    elif meets and any(s.capped for s in shares):
        notes.append(Message(N_("capped at %(amount)s (%(fans)s fans or more)"), amount=f"{stake.cap:g}",
                             fans=stake.cap_fans))
    return Settlement(shares, gold, meets, tuple(notes))


def _owed_text(shares: tuple[Share, ...]) -> Message:
    return joined(Message(N_("%(seat)s %(fans)s fan") if s.fans == 1 else N_("%(seat)s %(fans)s fans"),
                          seat=Name(s.seat, SEAT_ZH[s.seat]), fans=s.fans) for s in shares)


def discard_bars(hand: Hand, rules: StakeRules, table: TableState = DEFAULT_TABLE) -> list[str]:
    """Why a win on another player's tile (a discard, or a robbed kong) may not stand; empty when it may."""
    if hand.context.tsumo:
        return []
    bars = []
    if has_wild(hand.closed_tiles):
        bars.append(Message(N_("a hand holding a wild (中, 發 or 白) cannot win on a discard: a discard win must be "
                                "hard (硬和)")))
    if table.kongs_of(table.discarder):
        bars.append(Message(N_("封门: the discarder (%(seat)s, %(seat_zh)s) has konged a wild"), seat=table.discarder,
                             seat_zh=SEAT_ZH[table.discarder]))
    if hand.context.wild_kongs:
        bars.append(Message(N_("the winner has konged a wild, and after that may not win on a discard")))
    if rules.closed_door == "strict" and (hand.context.wild_kongs or any(table.wild_kongs)):
        bars.append(Message(N_("strict 封门: a wild has been konged at this table, so no one may win on a discard")))
    return bars


def kong_payments(hand: Hand, rules: StakeRules) -> tuple[float, list[str]]:
    """Flat 笑 payments for the winner's kongs of four identical tiles, outside the doubling: what each other
    player pays in all, and one note per kong."""
    each = 0.0
    notes = []
    for m in hand.melds:
        if m.is_kong:
            amount = rules.kong_concealed if m.concealed else rules.kong_exposed
            kind = Message(N_("闷笑, concealed")) if m.concealed else Message(N_("点笑 or 回头笑, exposed"))
            each += amount
            notes.append(Message(N_("笑 %(meld)s (%(kind)s): %(amount)s from each other player, outside the doubling"),
                                 meld=format_meld(m), kind=kind, amount=f"{amount:g}"))
    return each, notes


# ----------------------------------------------------------------------------- the policy


def _fans(hand: Hand, reading: Reading, ruleset: Ruleset) -> tuple[int, list[Counted], list[Excluded]]:
    tally = detect(View(hand, reading), ruleset.patterns)
    apply_exclusions(tally, ruleset)
    patterns = [counted(ruleset, pid, tally.found[pid]) for pid in in_rule_order(ruleset, tally.counting())]
    excluded = [tally.excluded[pid] for pid in in_rule_order(ruleset, tally.excluded)]
    return sum(c.points for c in patterns), patterns, excluded


def _payments(stake: Stake, settlement: Settlement) -> list[Payment]:
    shares = settlement.shares
    if len(shares) == 1:
        return [Payment(stake.id, "discarder", shares[0].amount)]
    if len({s.amount for s in shares}) == 1:
        return [Payment(stake.id, "each", shares[0].amount)]
    return [Payment(stake.id, s.seat, s.amount) for s in shares]


def score(hand: Hand, readings: list[Reading], ruleset: Ruleset, key: str,
          table: TableState = DEFAULT_TABLE) -> Score:
    """Fans of the best reading (they do not depend on the arrangement), then legality and payments."""
    rules = rules_of(ruleset)
    results = [(reading, _fans(hand, reading, ruleset)) for reading in readings]
    reading, (fans, patterns, excluded) = max(results, key=lambda r: r[1][0])
    notes = [Message(N_("wilds: %(wilds)s"), wilds=text)] if (text := describe_wilds(reading)) else []
    bars = discard_bars(hand, rules, table)
    settlement = settle(fans, hand.context.tsumo, rules, table)
    notes.extend(bars)
    notes.extend(settlement.notes)
    legal = not bars and settlement.meets_minimum
    payments = _payments(rules.stake, settlement) if legal else []
    each, kong_notes = kong_payments(hand, rules)
    if each:
        payments.append(Payment("kongs", "each", each))
        notes.extend(kong_notes)
    return Score(ruleset.id, key, True, legal, fans, ruleset.unit, patterns, excluded, notes, reading, payments)


def score_at_table(hand: Hand, ruleset: Ruleset, table: TableState = DEFAULT_TABLE) -> Score:
    """`engine.score` with the other players' wild kongs and the discarder given explicitly."""
    key = format_hand(hand)
    found = readings_for(hand, ruleset)
    if not found:
        why = outside_tile_set(hand.all_tiles, hand.melds, winds=rules_of(ruleset).winds)
        return Score(ruleset.id, key, False, False, 0, ruleset.unit,
                     notes=[why or NO_SHAPE])
    return score(hand, found, ruleset, key, table)


class MultiplierPolicy(Policy):
    """团圆麻将's family: suit-bound wilds decide completeness, fans double the stake per payer."""

    name = "multiplier"
    own_readings = True
    suit_bound_wilds = True

    def check_options(self, ruleset: Ruleset) -> None:
        rules_of(ruleset)

    def readings(self, hand: Hand, ruleset: Ruleset) -> list[Reading]:
        return readings_for(hand, ruleset)

    def waits(self, hand: WaitingHand, ruleset: Ruleset) -> Waits:
        return waits(hand, ruleset)

    def score(self, hand: Hand, found: list[Reading], ruleset: Ruleset, key: str) -> Score:
        return score(hand, found, ruleset, key)

    def score_division(self, hand: Hand, reading: Reading, ruleset: Ruleset
                       ) -> tuple[int, list[Counted], list[Excluded]]:
        return _fans(hand, reading, ruleset)

    def tile_set_winds(self, ruleset: Ruleset) -> bool:
        return rules_of(ruleset).winds


POLICY = MultiplierPolicy()
