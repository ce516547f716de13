"""The engine's words as Messages (generator/messages.py): English exactly as the engine wrote it before they were
Messages, every template in the catalogue with a Chinese translation, and said in Chinese without English words.

The byte-for-byte check runs the engine of the commit before the change (BASELINE, from git) and this one over
some 1,500 seeded hands and compares everything they print: `score --batch` lines, text receipts, the refusals of a
rule set named on the command line, the calculator's answers and the near misses the examples describe. It pins the
change to Messages, which changed no output; an engine change that means to change what is printed moves the
baseline to its own parent (ATLAS_MESSAGES_BASELINE).
"""

from __future__ import annotations

import json
import os
import pickle
import re
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from random import Random

import pytest
from babel.messages.pofile import read_po
from hand_strategies import edit_text, random_hand_text

from generator.examples import near_miss
from generator.examples.neighbours import neighbours, pair_steps
from generator.messages import Joined, Message, N_, Name, Plain, joined
from generator.notation import HandError, parse_hand
from generator.receipt import receipt_lines
from generator.rulesets import all_rulesets
from generator.scoring import score
from generator.scoring.engine import check
from generator.site import i18n
from generator.tiles import GHOST

ROOT = Path(__file__).resolve().parent.parent
BASELINE = os.environ.get("ATLAS_MESSAGES_BASELINE", "c44538e")  # a ghost hand no choice completes says why
LATIN_WORD = re.compile(r"[A-Za-z]{2,}")


def _hands(n: int, seed: int = 20261206) -> list[str]:
    """Hands as players type them, some with typos, some random tiles (a third of them malformed or no win)."""
    rnd = Random(seed)
    tiles = [f"{r}{s}" for s in "mps" for r in range(1, 10)] + [f"{r}z" for r in range(1, 8)]
    out = [random_hand_text(rnd) for _ in range(n * 2 // 3)]
    out += [edit_text(random_hand_text(rnd), rnd) for _ in range(n // 6)]
    out += ["".join(rnd.choice(tiles) for _ in range(14)) + rnd.choice(["", " tsumo", " riichi", " seat=S"])
            for _ in range(n - len(out))]
    return [" ".join(h.split()) for h in out if h.strip()]


def _messages(value: object) -> Iterator[Message]:
    """`value` and the Messages among its values, all the way down."""
    if isinstance(value, Message):
        yield value
        for v in getattr(value, "values", {}).values():
            yield from _messages(v)
        if isinstance(value, Joined):
            for part in value.parts:
                yield from _messages(part)


def _said_by_engine(hands: list[str]) -> Iterator[object]:
    """Every text the engine and its receipts say about `hands`, under every rule set."""
    rulesets = list(all_rulesets().values())
    for text in hands:
        try:
            hand = parse_hand(text)
        except HandError as exc:
            yield exc.message
            continue
        for rs in rulesets:
            s = score(hand, rs)
            yield from s.notes
            yield s.limit
            try:
                shown = receipt_lines(s, rs)
            except IndexError:  # a ghost under a rule set without ghosts (leftover.py): see the report
                continue
            yield from (shown.why_not, shown.grade, shown.form)
            yield from (why for why, _n in shown.fu)
            yield from (kind for _n, kind, _tiles in shown.reading)
            yield from (x.rule for x in shown.struck)
            for scheme, parts in shown.payments:
                yield scheme
                yield from (payer for payer, _amount in parts)
            try:
                check(hand, rs)
            except HandError as exc:
                yield exc.message
        if GHOST not in hand.all_tiles:  # the near misses of the examples: what changed, and what that did
            mcr = rulesets[0]
            ids = [p.id for p in mcr.patterns]
            for k, step in enumerate(neighbours(hand)[::7] + pair_steps(hand)[:2]):
                yield near_miss._describe(mcr, ids[k % len(ids)], step, ids[k:k + k % 3], None, None)
                yield near_miss._describe(mcr, ids[k % len(ids)], step, [], ids[-1], "implied")


@pytest.fixture(scope="module")
def said() -> list[Message]:
    found: dict[int, Message] = {}
    for text in _said_by_engine(_hands(600)):
        for m in _messages(text):
            found[id(m)] = m
    return list(found.values())


def _catalogue() -> dict[str, str]:
    with i18n.ZH_HANS.po_file.open("rb") as f:
        return {m.id: m.string for m in read_po(f) if m.id and isinstance(m.id, str) and not m.fuzzy}


# ----------------------------------------------------------------------------- the type


def test_a_message_is_its_english_text() -> None:
    m = Message(N_("%(n)s melds (at most four)"), n=5)
    assert m == "5 melds (at most four)" and isinstance(m, str) and hash(m) == hash("5 melds (at most four)")
    assert json.dumps([m], ensure_ascii=False) == json.dumps(["5 melds (at most four)"])
    assert f"{m}" == str(m) == "5 melds (at most four)" and type(str(m)) is str
    assert Message(N_("honours cannot form a chow")) == "honours cannot form a chow"
    assert joined([Name("Pinfu", "平和"), "dora"]) == "Pinfu, dora"
    assert Plain("123m").say(lambda t: "x") == "123m"


def test_a_message_survives_the_build_cache() -> None:
    nested = Message(N_("not a Riichi hand: %(why)s"), why=Message(N_("%(name)s is paid alone"), name=Name("A", "甲")))
    for m in (nested, joined([nested, "x"], "; "), Name("Pinfu", "平和")):
        back = pickle.loads(pickle.dumps(m, protocol=pickle.HIGHEST_PROTOCOL))
        assert back == m and type(back) is type(m)
        assert back.say(lambda t: t, zh=True) == m.say(lambda t: t, zh=True)


def test_every_message_the_engine_says_renders_as_its_english(said: list[Message]) -> None:
    assert len(said) > 1000
    wrong = [(str(m), m.say(lambda t: t)) for m in said if m.say(lambda t: t) != str(m)]
    assert not wrong, wrong[:5]


# ----------------------------------------------------------------------------- the catalogue


def test_every_template_the_engine_says_has_a_chinese_translation(said: list[Message]) -> None:
    catalogue = _catalogue()
    templates = {m.template for m in said if not isinstance(m, (Name, Plain, Joined))}
    templates |= {m.sep for m in said if isinstance(m, Joined) and m.sep.strip()}
    missing = sorted(t for t in templates if not catalogue.get(t))
    assert not missing, missing[:20]
    assert len(templates) > 100


def test_the_engine_says_a_refusal_and_its_notes_in_chinese() -> None:
    zh = i18n.ZH_HANS
    riichi = all_rulesets()["riichi"]
    s = score(parse_hand("123m456p789s1z [555p] +1z riichi"), riichi)
    assert s.notes == ["not a Riichi hand: riichi is declared on a concealed hand only; this hand has a claimed meld"]
    said = i18n.say(s.notes[0], zh)
    assert said == "立直麻将中不可能有这副牌：只有门清才能立直；这副牌有鸣牌副露" and not LATIN_WORD.search(said)
    s = score(parse_hand("234m456p678s55z99s+9s riichi dora=3m seat=S"), riichi)
    shown = receipt_lines(s, riichi)
    assert i18n.say(shown.grade, zh) == "2番40符"
    parts = [i18n.say(why, zh) for why, _n in shown.fu]
    assert parts[:2] == ["底符", "门清荣和"] and not any(LATIN_WORD.search(p.split("（")[0]) for p in parts)
    mcr = all_rulesets()["mcr"]
    s = score(parse_hand("123m456p789s11z23s+5s"), mcr)
    why = i18n.say(receipt_lines(s, mcr).why_not, zh)
    assert i18n.say(s.notes[0], zh) == "这些牌在这套规则下不成和牌型"
    assert why == "最多 3 组面子和一对将（123m 456p 789s 11z）；多余的牌：2s 3s 5s"
    with pytest.raises(HandError) as error:
        parse_hand("123m456p789s11z2x")
    assert i18n.say(error.value.message, zh) == "第 17 个字符处：未知的花色字母或牌“x”"
    assert i18n.say(error.value.message, i18n.EN) == str(error.value)


def test_a_pattern_named_in_a_message_is_named_in_chinese() -> None:
    m = Message(N_("%(name)s is paid alone, with no other yaku or dora"), name=Name("Nagashi Mangan", "流局满贯"))
    assert m == "Nagashi Mangan is paid alone, with no other yaku or dora"
    assert i18n.say(m, i18n.ZH_HANS) == "流局满贯单独计分，不计其他役与宝牌"


# ----------------------------------------------------------------------------- byte for byte


_DUMP = r'''
import sys
import generator
assert generator.__file__.startswith(sys.argv[2]), generator.__file__
from generator.cli import _receipt, score_line_text
from generator.notation import HandError, parse_hand
from generator.rulesets import all_rulesets
from generator.scoring import score
from generator.scoring.engine import check
from generator.site import calculator_engine
from generator.examples import near_miss
from generator.examples.neighbours import neighbours
rulesets = list(all_rulesets().values())
mcr = all_rulesets()["mcr"]
ids = [p.id for p in mcr.patterns]
out = sys.stdout
for n, text in enumerate(open(sys.argv[1], encoding="utf-8")):
    text = text.rstrip("\n")
    out.write(f"== {text}\n")
    try:
        out.write(score_line_text(text, rulesets) + "\n")
        hand = parse_hand(text)
        for rs in rulesets:
            try:
                out.write(_receipt(score(hand, rs)) + "\n")
            except Exception as e:
                out.write(f"receipt crash: {type(e).__name__}: {e}\n")
            try:
                check(hand, rs)
            except HandError as e:
                out.write(f"check: {e}\n")
    except HandError as e:
        out.write(f"error: {e}\n")
    out.write(calculator_engine.answer(text) + "\n")
    if n < 300 and "8z" not in text and "G" not in text:  # the examples' near misses: what changed, what it did
        try:
            steps = neighbours(parse_hand(text))
        except HandError:
            continue
        for k, step in enumerate(steps[::5]):
            out.write(near_miss._describe(mcr, ids[k % len(ids)], step, ids[k:k + k % 3], None, None) + "\n")
            out.write(near_miss._describe(mcr, ids[k % len(ids)], step, [], ids[-1], "implied") + "\n")
'''


def _dump(tree: Path, hands: Path, cwd: Path) -> bytes:
    run = subprocess.run([sys.executable, "-c", _DUMP, str(hands), str(tree)], capture_output=True, cwd=cwd,
                         env={**os.environ, "PYTHONPATH": str(tree)}, timeout=600)
    assert run.returncode == 0, run.stderr.decode()[-2000:]
    return run.stdout


@pytest.mark.skipif(shutil.which("git") is None, reason="needs git for the baseline")
def test_the_output_is_byte_for_byte_the_baselines(tmp_path: Path) -> None:
    found = subprocess.run(["git", "-C", str(ROOT), "cat-file", "-e", f"{BASELINE}^{{commit}}"], capture_output=True)
    if found.returncode != 0:
        pytest.skip(f"the baseline commit {BASELINE} is not in this clone")
    base = tmp_path / "baseline"
    base.mkdir()
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", BASELINE, "generator", "content"],
                             capture_output=True, check=True).stdout
    subprocess.run(["tar", "-x", "-C", str(base)], input=archive, check=True)
    hands = tmp_path / "hands.txt"
    hands.write_text("\n".join(_hands(1500)) + "\n", encoding="utf-8")
    before = _dump(base, hands, tmp_path)
    after = _dump(ROOT, hands, tmp_path)
    assert before.count(b"\n== ") >= 1400 and b"not a winning hand here" in before and b"fu: " in before
    if before != after:
        a, b = before.splitlines(), after.splitlines()
        first = next(i for i, (x, y) in enumerate(zip(a, b)) if x != y) if len(a) == len(b) else min(len(a), len(b))
        pytest.fail(f"line {first}: {a[first:first + 1]!r} became {b[first:first + 1]!r}")


def test_a_receipt_on_a_chinese_page_says_the_engines_words_in_chinese() -> None:
    from generator.site import views
    from generator.site.render import environment

    rulesets = all_rulesets()
    macro = '{% from "_macros.html" import receipt %}{{ receipt(r) }}'
    cases = [("mcr", "123m456p789s11z23s+5s", "按此规则不是和牌：这些牌在这套规则下不成和牌型：最多 3 组面子和一对将"),
             ("riichi", "234m456p678s55z99s+9s riichi dora=3m seat=S", "幺九明刻（999s）"),
             ("riichi", "123m456p789s1z [555p] +1z riichi", "立直麻将中不可能有这副牌：只有门清才能立直")]
    for rid, text, said in cases:
        rs = rulesets[rid]
        s = score(parse_hand(text), rs)
        with i18n.using(i18n.ZH_HANS):
            html = environment(locale=i18n.ZH_HANS).from_string(macro).render(r=views.receipt(s, rs))
        assert said in html, (rid, text)
        english = environment().from_string(macro).render(r=views.receipt(s, rs))
        assert all(str(n) in english for n in s.notes)
    # the reading's sets keep their classes when their words are Chinese
    rs = rulesets["mcr"]
    s = score(parse_hand("123m456p789s1z [555p] +1z"), rs)
    with i18n.using(i18n.ZH_HANS):
        html = environment(locale=i18n.ZH_HANS).from_string(macro).render(r=views.receipt(s, rs))
    assert '<span class="set exposed">' in html and "has-win" in html and "刻子 明" in html
