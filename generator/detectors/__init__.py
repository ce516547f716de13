"""Pattern detectors, grouped by family; importing the package registers them all.

The Sihai families (hogs, links, mirror, pairs, parity, shared_rank) sit beside the common ones.
"""

from . import (  # noqa: F401  (imported to register their detectors)
    chows,
    context,
    hogs,
    honours,
    knitted,
    links,
    mirror,
    pairs,
    parity,
    pungs,
    ranks,
    riichi,
    shared_rank,
    special,
    suits,
    terminals,
    waits,
    wild,
)
from .registry import REGISTRY, DetectorSpec, check_params, detector, run
from .view import WHOLE, Match, View

__all__ = ["REGISTRY", "WHOLE", "DetectorSpec", "Match", "View", "check_params", "detector", "run"]
