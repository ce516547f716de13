"""The MCR pipeline a Python user would write without Mahjong Atlas: the comparison side of `engine_speed.py`.

    python benchmarks/pymahjonggb_batch.py FILE      # one hand per line in the notation; '-' = stdin

Each line is parsed into PyMahjongGB's arguments (the project's notation parser and the
converter of `tests/mcr_oracle.py`, which the differential test checks), handed to its C++
calculator, and the fan list written as one JSON line, so the work matches
`mahjong-atlas score --batch FILE --ruleset mcr` line for line. A line that is not a hand or
not a winning hand becomes an error object, as in the engine's batch mode.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import TextIO

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))  # the PyMahjongGB oracle is test code

from MahjongGB import MahjongFanCalculator
from mcr_oracle import oracle_arguments

from generator.notation import HandError, parse_hand


def fan_line(text: str) -> dict[str, object]:
    """PyMahjongGB's fans for one hand, as a JSON-ready object."""
    fans = MahjongFanCalculator(**oracle_arguments(parse_hand(text)), verbose=True)
    return {"hand": text, "total": sum(value * count for value, count, _zh, _en in fans),
            "fans": [{"zh": zh, "en": en, "value": value, "count": count} for value, count, zh, en in fans]}


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 1:
        print("usage: pymahjonggb_batch.py FILE", file=sys.stderr)
        return 2
    with open(0 if args[0] == "-" else args[0], encoding="utf-8", closefd=args[0] != "-") as stream:
        return _run(stream)


def _run(stream: TextIO) -> int:
    out = sys.stdout
    for n, line in enumerate(stream, start=1):
        text = line.strip()
        if not text:
            continue
        try:
            result = fan_line(text)
        except (HandError, TypeError, ValueError) as exc:  # PyMahjongGB refuses a hand that does not win
            result = {"error": str(exc), "line": n, "input": text}
        out.write(json.dumps(result, ensure_ascii=False, separators=(", ", ": ")) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
