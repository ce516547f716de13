"""Rule sets that score hands alike: the statistics let a Riichi edition take a hand's result from `riichi` when the
policy's test (`Policy.scores_alike`) says the hand scores alike under both. The test is attacked with hands of
every kind (open, dora, winds, yakuman, limits), and a run of the editions together is checked against each alone."""

from __future__ import annotations

from dataclasses import replace
from itertools import islice

import pytest
from engine_loop import sample
from riichi_oracle import riichi_hands

from generator.notation import parse_hand
from generator.notation_errors import HandError
from generator.rules import Ruleset
from generator.rulesets import all_rulesets
from generator.scoring import engine
from generator.scoring.families import policy_of
from generator.stats.hands import Orbit, all_orbits, canonical
from generator.stats.run import shard_work
from generator.stats.shards import Shard
from generator.stats.tally import images
from generator.stats.wins import win_ruleset

EDITIONS = ["riichi-ema-2016", "riichi-mleague", "riichi-tenhou", "riichi-wrc-2025"]

# Hands on which an edition's points differ from riichi's although the same patterns count, or a yakuman shows.
DIFFERENT = [
    "234m456p789s222s1z +1z tsumo",  # a pair of the seat and round wind: 4 fu, or 2 where they are not added
    "234m234m456p678p5s +5s riichi tsumo",  # 4 han 30 fu: a mangan only with kiriage
    "2233445566778m +8m riichi tsumo",  # 13 han: a counted yakuman, or a sanbaiman
    "1112223334445m +5m tsumo",  # four concealed pungs on a single wait: double yakuman in riichi
    "111222333m99m55z +5z",  # four concealed pungs on a discard are three, with chows a better reading
    "1112345678999m +9m tsumo",  # pure nine gates
    "19m19p19s1234567z +1z",  # thirteen orphans on the thirteen-sided wait
]


def _hands() -> list[str]:
    return DIFFERENT + riichi_hands(20261207, sample(3000, 300))


# riichi with one option of the points changed: each difference alone, on the full rules
OPTIONS = {"no-counted-yakuman": {"counted_yakuman": False}, "kiriage": {"kiriage_mangan": True},
           "double-wind-2": {"double_wind_pair_fu": 2}, "yakuman-apart": {"stack_yakuman": False}}


def _edition(name: str) -> Ruleset:
    riichi = all_rulesets()["riichi"]
    if name in OPTIONS:
        return replace(riichi, id=name, options={**riichi.options, **OPTIONS[name]})
    return all_rulesets()[name]


@pytest.mark.parametrize("edition", EDITIONS + list(OPTIONS))
def test_the_policys_test_never_says_alike_where_an_edition_scores_otherwise(edition: str) -> None:
    """Whenever the test says a hand scores alike, the edition gives every reading the total, counted and excluded
    patterns riichi gave it, and the same score; where the two differ the test says so. Full rule sets (open hands,
    dora, riichi, seat winds) and the statistics' restricted ones."""
    rulesets = all_rulesets()
    checked = differing = 0
    for restrict in (lambda rs: rs, win_ruleset):
        earlier, later = restrict(rulesets["riichi"]), restrict(_edition(edition))
        alike = policy_of("riichi").scores_alike(earlier, later)
        if alike is None:  # EMA's and WRC's full rules have no red fives (EMA's, blessing of man): not comparable
            assert restrict is not win_ruleset and edition in ("riichi-ema-2016", "riichi-wrc-2025")
            continue
        for text in _hands():
            try:
                hand = parse_hand(text)
            except HandError:
                continue
            found = engine.readings_of(hand, earlier)
            if not found:
                continue
            s, each = policy_of("riichi").score_each(hand, found, earlier)
            t, theirs = policy_of("riichi").score_each(hand, engine.readings_of(hand, later), later)
            if each is None:
                continue
            assert theirs is not None
            same = [(total, [c.id for c in c_], [e.id for e in x]) for total, c_, x in each] == [
                (total, [c.id for c in c_], [e.id for e in x]) for total, c_, x in theirs] and (
                s.total, s.han, s.fu, [c.id for c in s.patterns]) == (t.total, t.han, t.fu, [c.id for c in t.patterns])
            says = alike(hand, found, each)
            assert same or not says, (edition, text)
            checked += says
            differing += not same
    assert checked > 100 and (differing > 0 or edition == "yakuman-apart"), (checked, differing)


def test_rule_sets_that_do_not_score_alike_are_not_compared() -> None:
    """A change the test cannot follow (a pattern's value, a yakuman only the later edition has, an option outside
    the points) gives no test, so every hand is scored again."""
    rulesets = all_rulesets()
    riichi, ema = win_ruleset(rulesets["riichi"]), win_ruleset(rulesets["riichi-ema-2016"])
    policy = policy_of("riichi")
    assert policy.scores_alike(riichi, ema) is not None
    assert policy.scores_alike(rulesets["riichi"], rulesets["riichi-ema-2016"]) is None  # blessing of man, red fives
    tanyao = next(p for p in ema.patterns if p.group != "yakuman" and p.value == 1)
    cheaper = replace(ema, patterns=tuple(replace(p, value=2) if p is tanyao else p for p in ema.patterns))
    assert policy.scores_alike(riichi, cheaper) is None
    assert policy.scores_alike(ema, riichi) is None  # riichi's double yakuman could show where EMA found none
    assert policy.scores_alike(riichi, replace(ema, options={**ema.options, "open_tanyao": False})) is None
    assert policy_of("mcr").scores_alike(rulesets["mcr"], rulesets["mcr-2006"]) is None


def _orbit(text: str) -> Orbit:
    counts = [0] * 34
    for t in parse_hand(text).all_tiles:
        counts[t] += 1
    return Orbit(canonical(tuple(counts)), len(images(tuple(counts))), "regular")


def test_editions_tallied_together_give_what_each_gives_alone() -> None:
    """The tile and win figures of the editions run together, taking riichi's results where the test allows, equal
    those of each edition run alone: a slice of the orbits and the hands above that differ."""
    orbits = list(islice(all_orbits(), sample(600, 150))) + [_orbit(t) for t in DIFFERENT[:5]]
    shard = Shard(0, tuple(enumerate(orbits)))
    rulesets = all_rulesets()
    together = [rulesets[r] for r in ["riichi", *EDITIONS]]
    tallies, wins, _universe = shard_work(together, shard)
    for rs in together[1:]:
        alone_tallies, alone_wins, _u = shard_work([rs], shard)
        assert tallies[rs.id] == alone_tallies[rs.id], rs.id
        assert wins[rs.id] == alone_wins[rs.id], rs.id
    assert tallies["riichi"].orbits > 0
