"""Check the essay's conclusions on combining sets over every hand of each class; write the figures.

    python benchmarks/mcr_theorems.py [--out content/theorems/mcr-principles.json] [--classes ID ...]

Scores every division of every class in `generator.mcr_theorems.CLASSES` with the `mcr`
rule set, prints one line per theorem and class, and writes the figures as JSON for the
site's theorem page (deterministic: no timings or dates in the file). Exit status 1 when a
conclusion fails anywhere.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from generator.mcr_theorems import CLASSES, THEOREMS, check
from generator.rules import find_ruleset

SOURCE = "jiyuan-essay: §4 不循环原则的结论"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "content" / "theorems" / "mcr-principles.json")
    parser.add_argument("--classes", nargs="*", default=list(CLASSES), choices=list(CLASSES))
    args = parser.parse_args(argv)
    rs = find_ruleset("mcr")
    start = time.perf_counter()
    sizes, findings = check(rs, args.classes)
    print(f"{sum(sizes.values())} divisions scored in {time.perf_counter() - start:.0f} s")
    for f in findings:
        mark = "holds" if f.holds else "FAILS"
        print(f"  {f.theorem:<22} {f.hand_class:<20} checked {f.checked:>7}, applies to {f.applied:>7}, "
              f"largest {f.largest} ({f.witness}) — {mark}")
        for c in f.counterexamples:
            print(f"      counterexample: {c}")
    data = {
        "ruleset": rs.id,
        "source": SOURCE,
        "generated_by": "benchmarks/mcr_theorems.py",
        "classes": [{"id": c, "description": CLASSES[c].description, "hands": sizes[c]} for c in args.classes],
        "theorems": [
            {
                "id": t.id, "essay": t.essay, "statement": t.statement, "bound": t.bound,
                "results": [
                    {"class": f.hand_class, "checked": f.checked, "applies": f.applied, "largest": f.largest,
                     "witness": f.witness, "holds": f.holds}
                    for f in findings if f.theorem == t.id
                ],
            }
            for t in THEOREMS
        ],
    }
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(data, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")
    print(f"wrote {args.out.relative_to(ROOT) if args.out.is_relative_to(ROOT) else args.out}")
    return 0 if all(f.holds for f in findings) else 1


if __name__ == "__main__":
    sys.exit(main())
