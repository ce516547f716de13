"""Pattern detectors, grouped by family; importing the package registers them all."""

from . import chows, context, honours, knitted, pungs, ranks, special, suits, terminals, waits, wild  # noqa: F401
from . import hogs, links, mirror, pairs, parity, shared_rank  # noqa: F401  (Sihai families)
from .registry import REGISTRY, DetectorSpec, check_params, detector, run
from .view import WHOLE, Match, View

__all__ = ["REGISTRY", "DetectorSpec", "Match", "View", "WHOLE", "check_params", "detector", "run"]
