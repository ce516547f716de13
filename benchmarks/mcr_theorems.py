"""Check the essay's conclusions on combining sets over every hand of each class; write the figures.

    python benchmarks/mcr_theorems.py [--classes ID ...] [--content DIR]

The same as `mahjong-atlas theorems`, which it runs: scores every division of every class in
`generator.mcr_theorems.CLASSES` with the `mcr` rule set, prints one line per theorem and class, and writes
the figures to content/theorems/mcr-principles.json for the site's theorem page (deterministic: no timings
or dates in the file). Exit status 1 when a conclusion fails anywhere.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from generator.cli import main

if __name__ == "__main__":
    sys.exit(main(["theorems", *sys.argv[1:]]))
