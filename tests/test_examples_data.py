"""data/examples.json: re-scoring every hand with `score --batch` reproduces it, and a second run (another
process, another hash seed) produces byte-identical JSON."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from examples_atlas import project_atlas

ROOT = Path(__file__).resolve().parent.parent


def _dumps(obj: object) -> str:
    return json.dumps(obj, ensure_ascii=False, sort_keys=True)


def test_examples_json_follows_the_contract() -> None:
    entries = project_atlas().examples_json()
    assert entries
    for e in entries:
        assert set(e) == {"hand", "key", "kind", "for", "results"}
        assert e["kind"] in ("curated", "generated", "near-miss")
        assert [r["ruleset"] for r in e["results"]] == sorted(r["ruleset"] for r in e["results"])
        for r in e["results"]:
            assert r["hand"] == e["hand"]
            assert {"ruleset", "hand", "complete", "legal", "total", "unit", "patterns", "excluded",
                    "notes"} <= set(r)


def test_score_batch_reproduces_every_stored_result(tmp_path: Path) -> None:
    entries = project_atlas().examples_json()
    hands = tmp_path / "hands.txt"
    hands.write_text("".join(e["hand"] + "\n" for e in entries), encoding="utf-8")
    run = subprocess.run([sys.executable, "-m", "generator", "score", "--batch", str(hands)], cwd=ROOT,
                         capture_output=True, text=True, check=True)
    lines = run.stdout.splitlines()
    assert len(lines) == len(entries)
    for e, line in zip(entries, lines, strict=True):
        fresh = sorted(json.loads(line), key=lambda r: r["ruleset"])
        assert _dumps(fresh) == _dumps(e["results"]), e["hand"]


def test_two_runs_give_identical_json() -> None:
    """Seeded search and sorted output: a fresh process with a different hash seed agrees byte for byte."""
    code = ("import json, sys; from generator.examples.collect import collect; from generator.rules import "
            "CONTENT_DIR; from generator.rulesets import all_rulesets; a = collect(all_rulesets(), CONTENT_DIR); "
            "sys.stdout.write(json.dumps(a.examples_json(), ensure_ascii=False, sort_keys=True))")
    env = dict(os.environ, PYTHONHASHSEED="12345")
    run = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True, env=env)
    assert run.stdout == _dumps(project_atlas().examples_json())


def test_no_example_for_a_family_carries_what_it_reads_past() -> None:
    """Riichi's game has no flowers: an example found for a Riichi pattern shows none (a hand it borrows from
    another rule set's search has them taken off), and neither does a witness of its compatibility matrix."""
    from generator.notation import parse_hand
    from generator.pairs.store import read_answers
    from generator.rulesets import all_rulesets
    from generator.scoring.families import policy_of

    rulesets = all_rulesets()
    reads_past = {rid: policy_of(rs.policy).unread_fields for rid, rs in rulesets.items()}
    assert reads_past["riichi"] and "flowers" in reads_past["riichi"]  # else this test checks nothing
    hands = [(f.split("/")[0], e["hand"]) for e in project_atlas().examples_json() for f in e["for"]]
    for rid, rs in rulesets.items():
        stored = read_answers(rid) or {"pairs": []}
        hands += [(rid, x["witness"]) for x in stored["pairs"] if x["witness"]]
    checked = 0
    for rid, text in hands:
        if reads_past[rid]:
            ctx = parse_hand(text).context
            assert not any(getattr(ctx, name) for name in reads_past[rid]), (rid, text)
            checked += 1
    assert checked > 500
