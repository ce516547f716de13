"""The batch loop both peer pipelines share (`pymahjonggb_batch.py`, `riichi_batch.py`): one hand per line in, one
JSON line per hand out, a line the peer refuses written as an error object, as `score --batch` does; so the two
scripts differ only in how a line is scored, which is what `engine_speed.py` compares."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable


def batch_main(script: str, score_line: Callable[[str], dict[str, object]],
               refused: tuple[type[Exception], ...], argv: list[str] | None = None) -> int:
    """`script FILE` ('-' = stdin): `score_line` of every non-empty line, or an error object where it raises one
    of `refused`."""
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 1:
        print(f"usage: {script} FILE", file=sys.stderr)
        return 2
    out = sys.stdout
    with open(0 if args[0] == "-" else args[0], encoding="utf-8", closefd=args[0] != "-") as stream:
        for n, line in enumerate(stream, start=1):
            text = line.strip()
            if not text:
                continue
            try:
                result = score_line(text)
            except refused as exc:
                result = {"error": str(exc), "line": n, "input": text}
            out.write(json.dumps(result, ensure_ascii=False, separators=(", ", ": ")) + "\n")
    return 0
