"""The environment the benchmarks run their processes in: Python as installed.

Compiled modules are cached and output is buffered. A shell that sets PYTHONDONTWRITEBYTECODE or
PYTHONUNBUFFERED (some containers do) makes every timed process recompile every module it imports and
write each line with a system call of its own: a fixed cost that charges a process for how many modules
it imports, not for its work, and that no user who installed the package pays.
"""

from __future__ import annotations

import os

PLAIN_ENV = {k: v for k, v in os.environ.items() if k not in ("PYTHONDONTWRITEBYTECODE", "PYTHONUNBUFFERED")}
