"""The Riichi pipeline a Python user would write without Mahjong Atlas: the comparison side of `engine_speed.py`.

    python benchmarks/riichi_batch.py FILE      # one hand per line in the notation; '-' = stdin

Each line is parsed with the project's notation parser, converted to the PyPI `mahjong` package's tile ids and
config by the converter of `tests/riichi_oracle.py` (which the differential test checks), scored by its
`HandCalculator`, and written as one JSON line (han, fu, total, yaku), so the work matches
`mahjong-atlas score --batch FILE --ruleset riichi` line for line. A line that is not a hand, or that the library
refuses, becomes an error object, as in the engine's batch mode.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))  # the Riichi oracle is test code

from batch_peer import batch_main  # a sibling module: a script's folder is on sys.path
from riichi_oracle import oracle

from generator.notation import HandError, parse_hand


def riichi_line(text: str) -> dict[str, object]:
    """The library's score of one hand, as a JSON-ready object."""
    v = oracle(parse_hand(text), "riichi")
    if v.error is not None:
        raise ValueError(v.error)
    return {"hand": text, "han": v.han, "fu": v.fu, "total": v.total,
            "yaku": [{"id": pid, "han": han} for pid, han in v.yaku]}


def main(argv: list[str] | None = None) -> int:
    return batch_main("riichi_batch.py", riichi_line, (HandError, ValueError), argv)


if __name__ == "__main__":
    sys.exit(main())
