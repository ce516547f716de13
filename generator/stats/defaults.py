"""The long runs' defaults that the command line names in its help, apart from the run code itself.

Why a module of its own: `mahjong-atlas` builds every sub-command's parser on each call, `score --batch`
included, and importing `stats.shards` for this one number (with multiprocessing, concurrent.futures, the
enumerator) was a fifth of that command's start-up.
"""

from __future__ import annotations

SHARD = 50_000
"""Orbits per shard: some 45 shards for the whole enumeration, a minute or two of work each here."""
