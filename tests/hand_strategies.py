"""Hypothesis strategies for typed hands, and the properties every typed string must satisfy.

One module serves the suite (tests/test_robustness_hands.py, a small seeded sample) and
the benchmark (benchmarks/fuzz_hands.py, 100,000+ of each per run), so both check the same
promises of notation.md and design.md:

- a string is either a hand (and then its canonical form parses back to the same hand) or a
  `HandError` naming a column inside the string and a reason; nothing else is ever raised;
- every parsed hand scored under every rule set returns a well-formed `Score`, and the rule
  set's waits agree with its scores (the winning tile completes the hand exactly when the
  13 tiles before it wait on that tile).

Strings come from three sources because uniform random text almost never gets past the
first character: raw text over the notation's alphabet, token soups (tile groups, melds,
flags with good and bad values), and valid hands with a few characters edited.
"""

from __future__ import annotations

import json
import math
import re
from collections import Counter
from dataclasses import dataclass, field
from random import Random

from hypothesis import strategies as st

from generator.completion import Waits
from generator.hand import Hand, WaitingHand
from generator.notation import (
    BOOL_FLAGS,
    FLAG_ORDER,
    HandError,
    format_hand,
    format_waiting,
    parse_hand,
    parse_keyed,
    parse_waiting,
)
from generator.rules import Ruleset
from generator.scoring import Score, score
from generator.scoring.families import policy_of
from generator.scoring.waits import waits_for
from generator.tiles import GHOST, HONORS, NUM_KINDS, ORPHANS, Tile, rank_of, suit_of

NOTATION_CHARS = "0123456789mpszESWNPFCG[]{}+= \t"
ODD_CHARS = "xX0-=#,.;:!?\"'/\\\n\r\u3000\u00a0中發é\x00\ufeff１"
FLAG_WORDS = FLAG_ORDER + ("tsumoo", "Tsumo", "flower", "wild", "seat=", "=E", "-")
FLAG_VALUES = ("", "E", "S", "W", "N", "e", "Q", "1z", "5z", "2Z", "0", "3", "8", "9", "-1", "03", "1.5", "+2", "١",
               "9" * 5000, "4" * 40)
SEPARATORS = ("", " ", "  ", "\t", "\u3000", " \n ")
HONOUR_LETTERS = "ESWNPFC"


# ----------------------------------------------------------------------------- raw and token strings


def raw_strings() -> st.SearchStrategy[str]:
    """Text over the notation's own characters (plus a few strangers), and some arbitrary Unicode."""
    return st.one_of(
        st.text(alphabet=NOTATION_CHARS + "tsumodealrkng-", max_size=60),
        st.text(alphabet=NOTATION_CHARS + ODD_CHARS, max_size=40),
        st.text(max_size=30),
    )


def _tile_group() -> st.SearchStrategy[str]:
    digits = st.text(alphabet="0123456789", max_size=6)
    suit = st.sampled_from("mpszmpszxE")
    return st.one_of(st.builds(str.__add__, digits, suit), st.sampled_from(HONOUR_LETTERS), digits)


def _token() -> st.SearchStrategy[str]:
    group = _tile_group()
    meld = st.builds(lambda o, body, c: o + "".join(body) + c, st.sampled_from("[[{{("),
                     st.lists(group, max_size=3), st.sampled_from("]]}} "))
    win = st.builds(lambda g: "+" + g, group)
    flag = st.builds(lambda n, eq, v: n + eq + v, st.sampled_from(FLAG_WORDS), st.sampled_from(("", "=", "==")),
                     st.sampled_from(FLAG_VALUES))
    return st.one_of(group, group, meld, win, flag, st.sampled_from(("+", "[", "]", "{", "}", "=")))


def token_strings() -> st.SearchStrategy[str]:
    """Plausible pieces in plausible and implausible orders: what a hurried user types."""
    return st.builds(lambda toks, seps: "".join(t + seps[i % len(seps)] for i, t in enumerate(toks)),
                     st.lists(_token(), max_size=12), st.lists(st.sampled_from(SEPARATORS), min_size=1, max_size=4))


# ----------------------------------------------------------------------------- well-formed hands
#
# Hands are built by plain functions from one Hypothesis-drawn Random: a Hypothesis draw costs
# about 30 µs, so a hand assembled from ~40 draws would cost more than scoring it under every
# rule set. Hypothesis still seeds, repeats and reports every case (the Random's seed is shown
# with a failure, and the failing string itself is short).

RUN_STARTS = [t for t in range(27) if rank_of(t) <= 7]
SET_KINDS = ("chow", "chow", "pung", "pung", "kong")
SPECIAL_FORMS = ("pairs", "orphans", "knitted", "knitted-straight", "random", "near")
WIND_VALUES = ("E", "S", "W", "N", "s", "3z")


def _regular_sets(rnd: Random) -> tuple[list[Tile], list[list[Tile]], list[str]]:
    """Four sets and a pair: standing tiles, declared melds' tiles, and those melds written as notation."""
    standing: list[Tile] = []
    meld_tiles: list[list[Tile]] = []
    melds: list[str] = []
    for _ in range(4):
        kind = rnd.choice(SET_KINDS)
        if kind == "chow":
            first = rnd.choice(RUN_STARTS)
            tiles = [first, first + 1, first + 2]
        else:
            tiles = [rnd.randrange(NUM_KINDS)] * (4 if kind == "kong" else 3)
        if kind == "kong" or rnd.randrange(4) == 0:
            meld_tiles.append(tiles)
            melds.append(_meld_text(rnd.sample(tiles, len(tiles)), kind == "kong" and rnd.random() < 0.5))
        else:
            standing.extend(tiles)
    pair = rnd.randrange(NUM_KINDS)
    return standing + [pair, pair], meld_tiles, melds


def _meld_text(tiles: list[Tile], concealed: bool) -> str:
    body = "".join(str(rank_of(t)) for t in tiles) + suit_of(tiles[0])
    return "{" + body + "}" if concealed else "[" + body + "]"


def _special_tiles(rnd: Random) -> list[Tile]:
    """Fourteen standing tiles of a special or arbitrary shape (seven pairs, orphans, knitted, near miss, random)."""
    form = rnd.choice(SPECIAL_FORMS)
    if form == "pairs":
        return [t for t in (rnd.randrange(NUM_KINDS) for _ in range(7)) for _ in (0, 1)]
    if form == "orphans":
        return list(ORPHANS) + [rnd.choice(ORPHANS)]
    order = rnd.sample((0, 1, 2), 3)
    knitted = [9 * suit + start + 3 * k for suit, start in zip(order, (0, 1, 2)) for k in range(3)]
    if form == "knitted":
        return rnd.sample(knitted + list(HONORS), 14)
    if form == "knitted-straight":
        first, pair = rnd.choice(RUN_STARTS), rnd.randrange(NUM_KINDS)
        return knitted + [first, first + 1, first + 2, pair, pair]
    if form == "near":
        standing, meld_tiles, _ = _regular_sets(rnd)
        standing += [t for m in meld_tiles for t in m[:3]]
        standing[rnd.randrange(14)] = rnd.randrange(NUM_KINDS)
        return standing
    return [rnd.randrange(NUM_KINDS) for _ in range(14)]


def _write_tiles(tiles: list[Tile], rnd: Random) -> str:
    """Tiles in one of the ways a player may write them: grouped by suit, one by one, honours as letters."""
    style = rnd.choice(("grouped", "single", "letters"))
    if style == "single":
        return "".join(f"{rank_of(t)}{suit_of(t)}" for t in tiles)
    out = []
    for suit in "mpsz":
        ranks = [rank_of(t) for t in tiles if suit_of(t) == suit]
        if suit == "z" and style == "letters":
            out.append("".join(HONOUR_LETTERS[r - 1] for r in ranks))
        elif ranks:
            out.append("".join(map(str, ranks)) + suit)
    return "".join(out)


def _flags(rnd: Random, can_rob: bool, claimed: bool) -> list[str]:
    """Flags in any order; robbing a kong only when the robbed tile is nowhere else in the hand, a first-turn
    win only when nothing was claimed (the notation refuses the rest)."""
    chosen = rnd.sample(BOOL_FLAGS, rnd.choice((0, 0, 1, 1, 2, 3)))
    if claimed:
        chosen = [f for f in chosen if f != "first-turn"]
    if not can_rob:
        chosen = [f for f in chosen if f != "robbing-kong"]
    elif "robbing-kong" in chosen:
        chosen = [f for f in chosen if f not in ("tsumo", "after-kong")]
    for name in ("seat", "round"):
        if rnd.random() < 0.5:
            chosen.append(f"{name}={rnd.choice(WIND_VALUES)}")
    if rnd.random() < 0.5:
        chosen.append(f"flowers={rnd.randrange(9)}")
    if rnd.random() < 0.25:
        chosen.append(f"wild-kongs={rnd.randrange(4)}")
    rnd.shuffle(chosen)
    return chosen


def random_hand_text(rnd: Random) -> str:
    """A hand as a player might type it: mostly complete shapes, some near misses and random tiles.

    Shapes with a fifth copy of a tile are drawn again, so nearly every string parses and the
    engine, not the parser, is what gets exercised."""
    while True:
        if rnd.random() < 0.6:
            standing, meld_tiles, melds = _regular_sets(rnd)
        else:
            standing, meld_tiles, melds = _special_tiles(rnd), [], []
        if max(Counter(standing + [t for m in meld_tiles for t in m]).values()) <= 4:
            break
    win = standing.pop(rnd.randrange(len(standing)))
    rnd.shuffle(standing)
    tiles_text = _write_tiles(standing, rnd)
    ghosts = rnd.randrange(1, 5) if rnd.random() < 0.15 else 0  # 广东麻将 2023's ghosts, for some standing tiles
    if ghosts:
        tiles_text = _write_tiles(standing[ghosts:], rnd) + rnd.choice(("8z", "G")) * min(ghosts, len(standing))
    rnd.shuffle(melds)
    win_text = "8z" if ghosts and rnd.random() < 0.3 else f"{rank_of(win)}{suit_of(win)}"
    sep = rnd.choice(("", " "))
    if rnd.random() < 0.5:
        head = tiles_text + sep + sep.join(melds) + " +" + win_text
    else:  # no '+': the last standing tile written is the winning tile
        head = sep.join(melds + [tiles_text + win_text])
    can_rob = win not in standing and all(win not in m for m in meld_tiles)
    claimed = any(m.startswith("[") for m in melds)
    return " ".join([head.strip()] + _flags(rnd, can_rob, claimed))


def edit_text(text: str, rnd: Random) -> str:
    """The text with one to three characters deleted, inserted, replaced or swapped: a typo."""
    for _ in range(rnd.randint(1, 3)):
        op = rnd.choice(("delete", "insert", "replace", "swap"))
        i = rnd.randrange(max(len(text), 1))
        ch = rnd.choice(NOTATION_CHARS + ODD_CHARS)
        if op == "delete":
            text = text[:i] + text[i + 1:]
        elif op == "insert":
            text = text[:i] + ch + text[i:]
        elif op == "replace":
            text = text[:i] + ch + text[i + 1:]
        elif len(text) > i + 1:
            text = text[:i] + text[i + 1] + text[i] + text[i + 2:]
    return text


RANDOMS = st.randoms()  # drawn by Hypothesis, so a test's @seed makes its sample the same on every run


def hand_texts() -> st.SearchStrategy[str]:
    return RANDOMS.map(random_hand_text)


def edited_hands() -> st.SearchStrategy[str]:
    return RANDOMS.map(lambda rnd: edit_text(random_hand_text(rnd), rnd))


def any_strings() -> st.SearchStrategy[str]:
    return st.one_of(raw_strings(), token_strings(), edited_hands(), edited_hands())


# ----------------------------------------------------------------------------- the properties


@dataclass
class Tally:
    """What a fuzz run saw, so a report can say how much of the input got past the parser."""

    strings: int = 0
    parsed: int = 0
    waiting_parsed: int = 0
    refused: Counter[str] = field(default_factory=Counter)
    hands: int = 0
    scored: int = 0
    complete: Counter[str] = field(default_factory=Counter)
    legal: Counter[str] = field(default_factory=Counter)


def check_error(exc: HandError, text: object) -> str:
    """A refusal names a column inside the string (or just past its end) and a reason; returns the reason's kind."""
    assert type(exc) is HandError, f"{type(exc).__name__} raised for {text!r}"
    length = len(text) if isinstance(text, str) else 0
    assert isinstance(exc.position, int) and 1 <= exc.position <= length + 1, (exc.position, text)
    assert isinstance(exc.reason, str) and exc.reason.strip(), text
    assert str(exc) == f"at column {exc.position}: {exc.reason}"
    assert str(exc).isprintable() and len(str(exc)) <= 200, f"not one short printable line: {str(exc)!r}"
    return _reason_kind(exc.reason)


def _reason_kind(reason: str) -> str:
    """A reason without the quoted specifics, for counting ('unknown flag ...')."""
    return re.sub(r"'[^']*'|\d+", "…", reason).split("(")[0].strip()


def check_string(text: str, tally: Tally | None = None) -> Hand | None:
    """Parse as a hand and as a waiting hand; anything but a hand or a well-formed HandError fails."""
    hand: Hand | None = None
    try:
        hand = parse_hand(text)
    except HandError as exc:
        kind = check_error(exc, text)
        if tally is not None:
            tally.refused[kind] += 1
    else:
        canonical = format_hand(hand)
        assert parse_hand(canonical) == hand, (text, canonical)
        assert format_hand(parse_hand(canonical)) == canonical
        assert parse_keyed(text) == (hand, canonical) and parse_keyed(canonical) == (hand, canonical), text
        if tally is not None:
            tally.parsed += 1
    try:
        waiting = parse_waiting(text)
    except HandError as exc:
        check_error(exc, text)
    else:
        assert parse_waiting(format_waiting(waiting)) == waiting, text
        if tally is not None:
            tally.waiting_parsed += 1
    if tally is not None:
        tally.strings += 1
    return hand


def check_score(s: Score, hand: Hand, rs: Ruleset) -> None:
    """The receipt is well formed: known patterns, a total of 0 unless complete, serialisable JSON."""
    assert isinstance(s, Score), type(s)
    assert s.ruleset == rs.id and s.hand == format_hand(hand)
    assert isinstance(s.total, (int, float)) and not isinstance(s.total, bool) and math.isfinite(s.total)
    known = {p.id for p in rs.patterns}
    assert all(c.id in known and c.count >= 1 for c in s.patterns), [c.id for c in s.patterns]
    assert all(e.id in known for e in s.excluded), [e.id for e in s.excluded]
    if not s.complete:
        assert s.total == 0 and not s.patterns and not s.legal, s.to_json()
    json.dumps(s.to_json(), ensure_ascii=False, allow_nan=False)


def completes(hand: Hand, waits: Waits, rs: Ruleset) -> bool:
    """Whether the winning tile completes the hand by the waits of the 13 before it: a tile among them; where ghosts
    are played, a drawn ghost when some tile does (it plays that tile), or when it is the fourth ghost (四鬼和)."""
    if hand.win_tile != GHOST:
        return hand.win_tile in waits.waits + waits.formal
    if not policy_of(rs.policy).plays_ghosts(rs):
        return False
    return bool(waits.waits + waits.formal) or hand.concealed.count(GHOST) == 3


def check_hand(text: str, rulesets: list[Ruleset], tally: Tally | None = None) -> None:
    """Parse, then score under every rule set and compare with that rule set's waits."""
    hand = check_string(text, tally)
    if hand is None:
        return
    before = WaitingHand(hand.concealed, hand.melds, hand.context)
    for rs in rulesets:
        s = score(hand, rs)
        check_score(s, hand, rs)
        waits = waits_for(before, rs)
        assert s.complete == completes(hand, waits, rs), (rs.id, text, s.complete, waits)
        if tally is not None:
            tally.scored += 1
            tally.complete[rs.id] += s.complete
            tally.legal[rs.id] += s.legal
    if tally is not None:
        tally.hands += 1
