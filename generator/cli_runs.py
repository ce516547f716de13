"""The commands that walk every hand and write what they find under content/: `stats`, `theorems`, `matrix`.

Each runs for minutes, not milliseconds, and writes data the build reads; the rest of the command line is in
generator/cli.py.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Any

from .cli_common import EXIT_FAIL, EXIT_OK, UsageError, rulesets_named
from .rules import CONTENT_DIR, Ruleset, all_rulesets


def _walked_rulesets(args: argparse.Namespace) -> list[Ruleset]:
    """The rule sets `--ruleset` names (all of them by default), read from `--content`, in rule-set order."""
    if args.jobs < 1:
        raise UsageError("--jobs must be at least 1")
    chosen = {rs.id for rs in rulesets_named(args.ruleset)} if args.ruleset else None
    return [rs for rs in all_rulesets(Path(args.content)).values() if chosen is None or rs.id in chosen]


def cmd_stats(args: argparse.Namespace) -> int:
    """Count every concealed complete hand and, per tile pattern, the hands that show it and that it counts in; and
    every win of those hands for the patterns that read the winning tile."""
    from .stats.run import PUBLISHED, run_stats
    from .stats.store import stats_object, write_stats

    rulesets = _walked_rulesets(args)
    result = run_stats(rulesets, jobs=args.jobs, limit=args.limit, report=args.progress)
    figures = result.universe.figures()
    for name, want in PUBLISHED.items() if result.universe.by_form else ():  # none when only wild tiles were asked
        print(f"complete hands, {name:<8} {figures[name]:>12,}  (published {want:,})", file=sys.stderr)
    for line in result.skipped:
        print(f"skipped {line}", file=sys.stderr)
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
    print(f"stats: {result.seconds:.0f} s with {args.jobs} worker(s)", file=sys.stderr)
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
    from .pairs.walk import unwalked

    rulesets = _walked_rulesets(args)
    result = run_walk(rulesets, jobs=args.jobs, limit=args.limit, report=args.progress)
    if args.limit is not None:  # part of the walk proves nothing: decide with the search and the arguments alone
        for s in result.sightings.values():
            s.walked = False
    print(f"matrix: walked {result.orbits:,} orbits in {result.seconds:.0f} s with {args.jobs} worker(s)",
          file=sys.stderr)
    start = time.perf_counter()
    decided = decide_all(rulesets, result.sightings, jobs=args.jobs)
    for rs in rulesets:
        s = result.sightings.get(rs.id) or unwalked(rs)
        if not s.walked:
            print(f"{rs.id}: not walked (its wild tiles make another population of hands); decided by the search",
                  file=sys.stderr)
        answers, scored = decided[rs.id]
        obj = answers_object(rs, s, answers, scored)
        where = "not written (--limit)" if args.limit is not None else str(write_answers(obj, Path(args.content)))
        tally = ", ".join(f"{status} {n}" for status, n in counts(answers).items())
        print(f"{rs.id:<16} {s.space.hands:>11,} hands, {s.space.divisions:>10,} divisions, {scored:>7,} hands "
              f"scored: {tally}: {where}", file=sys.stderr)
    print(f"matrix: decided in {time.perf_counter() - start:.0f} s", file=sys.stderr)
    return EXIT_OK


def _walk_arguments(p: Any) -> None:
    """The options of the two commands that walk every orbit of hands."""
    p.add_argument("--ruleset", action="append", metavar="ID", help="rule set id or alias (repeatable; default: all)")
    p.add_argument("--jobs", type=int, default=2, help="worker processes (default: 2)")
    p.add_argument("--limit", type=int, help="only the first N orbits of hands, for a quick look (writes nothing)")
    p.add_argument("--progress", action="store_true", help="each worker reports how far it got, now and then")
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
    p.set_defaults(func=cmd_matrix)
