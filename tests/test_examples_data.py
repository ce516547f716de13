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
