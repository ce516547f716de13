"""Pattern detectors, grouped by family; importing the package registers them all."""

from . import chows, context, honours, pungs, special, suits, terminals  # noqa: F401
from .registry import REGISTRY, DetectorSpec, check_params, detector, run
from .view import WHOLE, Match, View

__all__ = ["REGISTRY", "DetectorSpec", "Match", "View", "WHOLE", "check_params", "detector", "run"]
