"""A rule family is one `Policy` object: a toy family registered here, and nowhere else, plugs into the
engine (score and waits), the loader, the example search and the site; no code outside generator/scoring
asks a family by its name. (That the rule data never imports the registry is tests/test_structure.py's.)"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import ClassVar

import pytest

from generator.completion import Waits
from generator.detectors import View
from generator.examples.scorer import Scorer
from generator.examples.search import Probe, Searcher
from generator.hand import Hand, WaitingHand
from generator.hand_stream import SEED, HandStream
from generator.notation import parse_hand, parse_waiting
from generator.rules import CONTENT_DIR, ContentError, Ruleset
from generator.rulesets import all_rulesets, load_rulesets
from generator.scoring import Policy, UnknownPolicy, families, policy_of, register, score, unregister
from generator.scoring.common import counted, detect, in_rule_order
from generator.scoring.result import Score
from generator.scoring.series import SeriesPolicy
from generator.scoring.waits import waits_for
from generator.shapes import Reading
from generator.site.build import build

ROOT = Path(__file__).resolve().parent.parent
TOY = Path(__file__).resolve().parent / "fixtures" / "toy" / "content"
BUILT_IN = families.names()
"""The families the registry holds before any test registers its own."""
LABEL = "Heap"  # no template or built-in family writes it


class ToyPolicy(Policy):
    """Every pattern that shows counts once, exclusions or not; the total is their sum plus one."""

    name = "toy"
    aliases: ClassVar[tuple[str, ...]] = ("toy-family",)
    group_label = LABEL

    def __init__(self) -> None:
        self.asked: list[str] = []

    def check_options(self, ruleset: Ruleset) -> None:
        if ruleset.option("limit", 0) > 1000:
            raise ContentError(ruleset.origin.file, None, "options.limit", "a toy limit is at most 1000")

    def readings(self, hand: Hand, ruleset: Ruleset) -> list[Reading]:
        self.asked.append("readings")
        return super().readings(hand, ruleset)

    def waits(self, hand: WaitingHand, ruleset: Ruleset) -> Waits:
        self.asked.append("waits")
        found = super().waits(hand, ruleset)
        return Waits(found.waits[:1], ())  # only the lowest tile completes a toy hand

    def score(self, hand: Hand, found: list[Reading], ruleset: Ruleset, key: str) -> Score:
        self.asked.append("score")
        reading = found[0]
        tally = detect(View(hand, reading), ruleset.patterns)
        patterns = [counted(ruleset, pid, tally.found[pid][:1]) for pid in in_rule_order(ruleset, tally.found)]
        return Score(ruleset.id, key, True, True, sum(c.points for c in patterns) + 1, ruleset.unit, patterns,
                     notes=["scored by the toy policy"], reading=reading)


@pytest.fixture
def toy() -> Iterator[ToyPolicy]:
    family = register(ToyPolicy())
    try:
        yield family
    finally:
        unregister("toy")
    assert families.names() == BUILT_IN  # unregistering restores the registry
    with pytest.raises(UnknownPolicy):
        policy_of("toy-family")


def toy_content(tmp_path: Path, policy_name: str = "toy", limit: int = 100) -> Path:
    """The toy rule set of the robustness tests under another policy, plus the page every page links to."""
    content = tmp_path / "content"
    shutil.copytree(TOY, content)
    path = content / "rulesets" / "toy.toml"
    text = path.read_text(encoding="utf-8")
    text = text.replace('policy = "series"', f'policy = "{policy_name}"').replace("limit = 100", f"limit = {limit}")
    path.write_text(text, encoding="utf-8")
    (content / "pages").mkdir()
    shutil.copy(CONTENT_DIR / "pages" / "how-to-read.md", content / "pages")
    return content


def toy_ruleset(tmp_path: Path) -> Ruleset:
    return load_rulesets(toy_content(tmp_path))["toy"]


def test_the_built_in_families_and_their_facts() -> None:
    assert BUILT_IN == families.BUILT_IN  # each once, in the registry's order
    for name in families.BUILT_IN:
        family = policy_of(name)
        assert family.name == name and all(policy_of(n) is family for n in family.aliases)
        with pytest.raises(ValueError, match="already registered"):
            register(type(family)())
    assert {rs.policy for rs in all_rulesets().values()} == set(BUILT_IN)  # each plays a rule set, none plays another
    assert [n for n in BUILT_IN if policy_of(n).group_label != "Group"] == ["series"]
    assert policy_of("series").group_label == "Series"
    with pytest.raises(UnknownPolicy, match=re.escape(f"unknown scoring policy 'toy' (known: {', '.join(BUILT_IN)})")):
        policy_of("toy")


LAZY = """
import sys
from generator.scoring import families
from generator.rulesets import find_ruleset
from generator.scoring.engine import score
from generator.notation import parse_hand
loaded = lambda: [n for n in families.BUILT_IN if "generator.scoring." + n in sys.modules]
assert loaded() == [], loaded()
score(parse_hand("123m456p789s234m5z+5z"), find_ruleset("riichi"))
assert loaded() == ["riichi"], loaded()
assert families.names() == families.BUILT_IN
assert families.find_policy("no-such-family") is None and loaded() == list(families.BUILT_IN)
"""


def test_a_family_is_imported_when_first_asked_for_and_an_alias_finds_its_family() -> None:
    """Scoring under one rule set imports its family alone; a name that is no family's imports them all, to be
    sure; an alias asked of a fresh registry finds its family. Each in a fresh interpreter."""
    run = [sys.executable, "-c"]
    subprocess.run([*run, LAZY], cwd=ROOT, check=True, timeout=120)
    alias = ("from generator.scoring import families\n"
             "assert families.policy_of('推倒和') is families.policy_of('guangdong')\n")
    subprocess.run([*run, alias], cwd=ROOT, check=True, timeout=120)


def test_the_loader_knows_a_family_only_once_registered(tmp_path: Path) -> None:
    with pytest.raises(ContentError, match=f"expected one of {', '.join(BUILT_IN)}, found 'toy'"):
        load_rulesets(toy_content(tmp_path / "before"))
    register(ToyPolicy())
    try:
        rs = load_rulesets(toy_content(tmp_path / "name"))["toy"]
        assert rs.policy == "toy" and isinstance(policy_of(rs.policy), ToyPolicy)
        by_alias = load_rulesets(toy_content(tmp_path / "alias", "toy-family"))["toy"]
        assert by_alias.policy == "toy"  # the rule set keeps the family's own name
        with pytest.raises(ContentError, match="options.limit: a toy limit is at most 1000"):
            load_rulesets(toy_content(tmp_path / "options", limit=5000))
        with pytest.raises(ContentError, match=f"expected one of {', '.join(BUILT_IN)}, toy, found 'random'"):
            load_rulesets(toy_content(tmp_path / "random", "random"))
    finally:
        unregister("toy")
    with pytest.raises(ContentError, match=f"expected one of {', '.join(BUILT_IN)}, found 'toy'"):
        load_rulesets(toy_content(tmp_path / "after"))


def test_the_engine_scores_and_waits_by_the_family(tmp_path: Path, toy: ToyPolicy) -> None:
    rs = toy_ruleset(tmp_path)
    s = score(parse_hand("1112345678999m+5m"), rs)
    assert s.notes == ["scored by the toy policy"]
    assert [c.id for c in s.patterns] == ["flush", "no-honours"]  # the flush's exclusion does not hold here
    assert s.total == 12
    assert waits_for(parse_waiting("1112345678999m"), rs).all == (0,)  # 1m, the lowest of the nine gates
    assert toy.asked == ["readings", "score", "waits"]


def test_the_example_search_works_with_the_family(tmp_path: Path, toy: ToyPolicy) -> None:
    rs = toy_ruleset(tmp_path)
    scorer = Scorer({"toy": rs})
    hand = parse_hand("1112345678999m+5m")
    assert scorer.complete(hand, "toy") and scorer.counted(hand, "toy") == {"flush", "no-honours"}
    assert Probe(rs).fires(hand, rs.patterns) == {"flush", "no-honours"}
    found = Searcher(scorer, HandStream(SEED), []).search(rs)
    for pid in ("flush", "no-honours"):
        assert scorer(found.minimal[pid], "toy").notes == ["scored by the toy policy"]
        assert pid in scorer.counted(found.minimal[pid], "toy")


def test_a_page_of_the_family_renders_with_its_label(tmp_path: Path, toy: ToyPolicy) -> None:
    out = tmp_path / "site"
    assert build(str(out), content=toy_content(tmp_path), index=False) == 0
    ruleset_page = (out / "rulesets" / "toy" / "index.html").read_text(encoding="utf-8")
    pattern_page = (out / "rulesets" / "toy" / "flush" / "index.html").read_text(encoding="utf-8")
    assert f'<th scope="col">{LABEL}</th>' in ruleset_page
    assert f"<dt>{LABEL}</dt>" in pattern_page
    assert "<dt>Series</dt>" not in pattern_page and "<dt>Group</dt>" not in pattern_page


NAME_CHECKS = re.compile(r"policy\s*(==|!=|\bin\b|\bnot in\b)"
                         r"|[\"'](series|mcr|multiplier)[\"']\s*(==|!=)\s*[\w.]*policy"
                         r"|\.get\(\s*[\w.]*policy\b|READINGS|CUSTOM_WAITS|PREPARE|POLICIES")
"""A family asked by its name: a comparison of a policy name, or a hook table looked up by it."""


def test_no_code_outside_scoring_asks_a_family_by_its_name() -> None:
    scoring = ROOT / "generator" / "scoring"
    files = [p for p in sorted((ROOT / "generator").rglob("*.py")) if scoring not in p.parents]
    files += sorted((ROOT / "templates").rglob("*.html"))
    assert len(files) > 50
    hits = [f"{p.relative_to(ROOT)}:{n}: {line.strip()}" for p in files
            for n, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1) if NAME_CHECKS.search(line)]
    assert hits == []
    assert NAME_CHECKS.search('{{ "Series" if rs.policy == "series" else "Group" }}')  # the check can fail
    assert NAME_CHECKS.search("hook = READINGS.get(rs.policy)")
