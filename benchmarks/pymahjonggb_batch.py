"""The MCR pipeline a Python user would write without Mahjong Atlas: the comparison side of `engine_speed.py`.

    python benchmarks/pymahjonggb_batch.py FILE      # one hand per line in the notation; '-' = stdin

Each line is parsed into PyMahjongGB's arguments (the project's notation parser and the
converter of `tests/mcr_oracle.py`, which the differential test checks), handed to its C++
calculator, and the fan list written as one JSON line, so the work matches
`mahjong-atlas score --batch FILE --ruleset mcr` line for line. A line that is not a hand or
not a winning hand becomes an error object, as in the engine's batch mode.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))  # the PyMahjongGB oracle is test code

from batch_peer import batch_main  # a sibling module: a script's folder is on sys.path
from MahjongGB import MahjongFanCalculator
from mcr_oracle import oracle_arguments

from generator.notation import HandError, parse_hand


def fan_line(text: str) -> dict[str, object]:
    """PyMahjongGB's fans for one hand, as a JSON-ready object."""
    fans = MahjongFanCalculator(**oracle_arguments(parse_hand(text)), verbose=True)
    return {"hand": text, "total": sum(value * count for value, count, _zh, _en in fans),
            "fans": [{"zh": zh, "en": en, "value": value, "count": count} for value, count, zh, en in fans]}


def main(argv: list[str] | None = None) -> int:
    return batch_main("pymahjonggb_batch.py", fan_line, (HandError, TypeError, ValueError), argv)  # PyMahjongGB refuses a hand that does not win


if __name__ == "__main__":
    sys.exit(main())
