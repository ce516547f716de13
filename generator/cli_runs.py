"""The commands that walk every hand and write what they find under content/: `stats`, `theorems`, `matrix`.

Each runs for minutes, not milliseconds, and writes data the build reads; the rest of the command line is in
generator/cli.py.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from .cli_common import EXIT_FAIL, EXIT_OK, UsageError, rulesets_named
from .rules import CONTENT_DIR, Ruleset
from .rulesets import all_rulesets
from .stats.defaults import SHARD

T = TypeVar("T")
CHECKPOINTS = ".mahjong-atlas-cache/runs"
"""Where the long runs keep their finished shards by default: the build cache's folder, which may be deleted."""


def _walked_rulesets(args: argparse.Namespace) -> list[Ruleset]:
    """The rule sets `--ruleset` names (all of them by default), read from `--content`, in rule-set order."""
    if args.jobs < 1:
        raise UsageError("--jobs must be at least 1")
    if args.shard_size < 1:
        raise UsageError("--shard-size must be at least 1")
    chosen = {rs.id for rs in rulesets_named(args.ruleset)} if args.ruleset else None
    return [rs for rs in all_rulesets(Path(args.content)).values() if chosen is None or rs.id in chosen]


def cmd_stats(args: argparse.Namespace) -> int:
    """Count every concealed complete hand and, per tile pattern, the hands that show it and that it counts in; and
    every win of those hands for the patterns that read the winning tile."""
    from .stats.run import PUBLISHED, PUBLISHED_WEIGHT, run_stats
    from .stats.store import stats_object, write_stats

    rulesets = _walked_rulesets(args)
    result = _sharded(lambda: run_stats(rulesets, jobs=args.jobs, limit=args.limit, report=args.progress,
                                        scheduler=args.scheduler, checkpoints=_checkpoints(args),
                                        shard=args.shard_size))
    figures = result.universe.figures()
    for name, want in PUBLISHED.items() if result.universe.by_form else ():  # none when only wild tiles were asked
        print(f"complete hands, {name:<8} {figures[name]:>12,}  (published {want:,})", file=sys.stderr)
    weights = result.universe.weights()
    for name, want in PUBLISHED_WEIGHT.items() if result.universe.by_form else ():
        print(f"weighted by tiles, {name:<20} {weights[name]:>18,}  (published {want:,})", file=sys.stderr)
    for line in result.skipped:
        print(f"skipped {line}", file=sys.stderr)
    for rid, first in result.shared.items():
        print(f"{rid}: the figures of {first}, tallied once (the same patterns, options and forms)", file=sys.stderr)
    problems = result.universe.problems() if result.universe.by_form else []
    if args.limit is None and problems:
        print("error: the enumerator disagrees with the published counts: " + "; ".join(problems), file=sys.stderr)
        return EXIT_FAIL
    for rs in rulesets:
        tally = result.tallies.get(rs.id)
        if tally is None:
            continue
        obj = stats_object(rs, tally, result.wins.get(rs.id))
        where = "not written (--limit)" if args.limit is not None else str(write_stats(obj, Path(args.content)))
        print(f"{rs.id:<10} {tally.hands:>12,} complete hands in {tally.orbits:,} {tally.grouping} "
              f"({tally.by_hand:,} scored hand by hand), {len(obj['patterns'])} tile patterns"
              + (f", {obj['wins']['wins']:,} wins per way for {len(obj['wins']['patterns'])} win patterns"
                 if "wins" in obj else "") + f": {where}", file=sys.stderr)
    print(f"stats: {result.seconds:.0f} s with {_workers(args)}", file=sys.stderr)
    return EXIT_OK


def cmd_theorems(args: argparse.Namespace) -> int:
    """Check the MCR principles essay's conclusions on every division of each class; write the theorem page's
    figures (content/theorems/mcr-principles.json). Exit 1 when a conclusion fails anywhere."""
    from .mcr_theorems import CLASSES, check, figures, write_figures

    unknown = [c for c in args.classes or () if c not in CLASSES]
    if unknown:
        raise UsageError(f"no hand class {', '.join(unknown)} (the classes: {', '.join(CLASSES)})")
    classes = args.classes or list(CLASSES)
    content = Path(args.content)
    rs = all_rulesets(content).get("mcr")
    if rs is None:
        raise UsageError(f"no mcr rule set in {content}, and the theorems are about it")
    start = time.perf_counter()
    sizes, findings = check(rs, classes)
    print(f"{sum(sizes.values())} divisions scored in {time.perf_counter() - start:.0f} s", file=sys.stderr)
    for f in findings:
        mark = "holds" if f.holds else "FAILS"
        print(f"  {f.theorem:<22} {f.hand_class:<20} checked {f.checked:>7}, applies to {f.applied:>7}, "
              f"largest {f.largest} ({f.witness}) — {mark}", file=sys.stderr)
        for c in f.counterexamples:
            print(f"      counterexample: {c}", file=sys.stderr)
    path = write_figures(content, figures(rs, classes, sizes, findings))
    print(f"theorems: wrote {path}", file=sys.stderr)
    return EXIT_OK if all(f.holds for f in findings) else EXIT_FAIL


def cmd_matrix(args: argparse.Namespace) -> int:
    """Decide every pair of patterns of every rule set (generator/pairs/): walk every division of every distinct
    concealed complete hand, search for witness hands, and write the answers (content/matrix/)."""
    from .pairs.decide import counts
    from .pairs.run import decide_all, run_walk
    from .pairs.store import answers_object, write_answers
    from .pairs.walk import unwalked, walked

    rulesets = _walked_rulesets(args)
    if args.verify is not None:
        return _verify_matrix(rulesets, args.verify, args.seed, Path(args.content))
    result = _sharded(lambda: run_walk(rulesets, jobs=args.jobs, limit=args.limit, report=args.progress,
                                       scheduler=args.scheduler, checkpoints=_checkpoints(args), shard=args.shard_size))
    if args.limit is not None:  # part of the walk proves nothing: decide with the search and the arguments alone
        for s in result.sightings.values():
            s.walked = False
    print(f"matrix: walked {result.orbits:,} orbits in {result.seconds:.0f} s with {_workers(args)}", file=sys.stderr)
    start = time.perf_counter()
    decided = _sharded(lambda: decide_all(rulesets, result.sightings, jobs=args.jobs, scheduler=args.scheduler,
                                          checkpoints=_checkpoints(args), shard=args.shard_size))
    for rs in rulesets:
        s = result.sightings.get(rs.id) or unwalked(rs)
        if not walked(rs):
            print(f"{rs.id}: not walked (its wild tiles make another population of hands); decided by the search",
                  file=sys.stderr)
        answers, scored = decided[rs.id]
        obj = answers_object(rs, s, answers, scored)
        written = "not written (--limit)" if args.limit is not None else str(write_answers(obj, Path(args.content)))
        tally = ", ".join(f"{status} {n}" for status, n in counts(answers).items())
        print(f"{rs.id:<16} {s.space.hands:>11,} hands, {s.space.divisions:>10,} divisions, {scored:>7,} hands "
              f"scored: {tally}: {written}", file=sys.stderr)
    print(f"matrix: decided in {time.perf_counter() - start:.0f} s", file=sys.stderr)
    return EXIT_OK


def _workers(args: argparse.Namespace) -> str:
    """Where the shards ran, for the closing line."""
    return args.scheduler or f"{args.jobs} worker(s)"


def _checkpoints(args: argparse.Namespace) -> Path | None:
    return None if args.no_checkpoints else Path(args.checkpoints)


def _sharded(run: Callable[[], T]) -> T:
    """A sharded run, its scheduler's problem said as a usage error (one line, exit 2)."""
    from .stats.shards import SchedulerError

    try:
        return run()
    except SchedulerError as exc:
        raise UsageError(str(exc)) from None


def _verify_matrix(rulesets: list[Ruleset], n: int, seed: int, content: Path) -> int:
    """`matrix --verify N`: attack each rule set's stored answers with N hands (pairs/verify.py); exit 1 on any
    contradiction, or when a rule set has no current answers to attack."""
    from .pairs.store import stored_answers
    from .pairs.verify import attack

    status = EXIT_OK
    for rs in rulesets:
        stored = stored_answers(rs, content)
        if stored is None or not stored.current:
            print(f"{rs.id}: no current answers to verify: run mahjong-atlas matrix", file=sys.stderr)
            status = EXIT_FAIL
            continue
        start = time.perf_counter()
        r = attack(rs, stored, n, seed)
        print(f"{rs.id:<16} {r.hands:>7,} hands ({r.aimed:,} aimed, {r.with_melds:,} with melds, {r.with_kongs:,} "
              f"with kongs): {len(r.contradictions)} contradiction(s) in {time.perf_counter() - start:.0f} s",
              file=sys.stderr)
        for line in r.contradictions:
            print(f"  {line}", file=sys.stderr)
        if r.contradictions:
            status = EXIT_FAIL
    return status


def _walk_arguments(p: Any) -> None:
    """The options of the two commands that walk every orbit of hands."""
    p.add_argument("--ruleset", action="append", metavar="ID", help="rule set id or alias (repeatable; default: all)")
    p.add_argument("--jobs", type=int, default=2, help="worker processes (default: 2)")
    p.add_argument("--limit", type=int, help="only the first N orbits of hands, for a quick look (writes nothing)")
    p.add_argument("--progress", action="store_true", help="report each shard of hands as it finishes")
    p.add_argument("--scheduler", metavar="ADDRESS",
                   help="run the shards on a Dask cluster: local or local:N (a local cluster of N workers) or a "
                        "scheduler's address, e.g. tcp://host:8786 (needs pip install '.[distributed]')")
    p.add_argument("--checkpoints", default=CHECKPOINTS, metavar="DIR",
                   help=f"where each finished shard is kept, so an interrupted run resumes (default: {CHECKPOINTS})")
    p.add_argument("--no-checkpoints", action="store_true", help="keep no finished shard, read none")
    p.add_argument("--shard-size", type=int, default=SHARD, metavar="N",
                   help=f"orbits of hands per shard (default: {SHARD:,})")
    p.add_argument("--content", default=str(CONTENT_DIR), help="content folder (default: the project's content/)")


def add_run_parsers(sub: Any) -> None:
    """Register the three commands on the command line's subparsers, in the order `--help` lists them."""
    p = sub.add_parser("stats", help="count every concealed complete hand and how often each tile pattern shows "
                                     "and counts, and each of its wins (every winning tile it holds, on a discard "
                                     "and self-drawn) for the patterns that read the winning tile "
                                     "(writes content/stats/)")
    _walk_arguments(p)
    p.set_defaults(func=cmd_stats)

    p = sub.add_parser("theorems", help="check the MCR principles essay's conclusions on every division of each "
                                        "hand class (writes content/theorems/mcr-principles.json)")
    p.add_argument("--classes", nargs="+", metavar="ID", help="hand classes to check (default: all)")
    p.add_argument("--content", default=str(CONTENT_DIR), help="content folder (default: the project's content/)")
    p.set_defaults(func=cmd_theorems)

    p = sub.add_parser("matrix", help="decide every pair of patterns of every rule set: both, below-minimum, "
                                      "excludes or never, each with its witness hand or its reason, over every "
                                      "division of every concealed complete hand (writes content/matrix/)")
    _walk_arguments(p)
    p.add_argument("--verify", type=int, metavar="N", help="attack the stored answers instead: score N hands per rule "
                                                            "set built to contradict them (exit 1 on any)")
    p.add_argument("--seed", type=int, default=2026, help="the seed of --verify's hands (default: 2026)")
    p.set_defaults(func=cmd_matrix)
