"""The `mahjong-atlas` command: a thin layer over the library.

Every command maps onto one library call; argument errors and bad hands exit 2
with one line on stderr, never a traceback.
"""

from __future__ import annotations

import argparse
import gc
import io
import json
import sys
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any, TextIO

from .cli_common import EXIT_FAIL, EXIT_OK, EXIT_USAGE, UsageError, rulesets_named
from .cli_runs import add_run_parsers
from .notation import HandError, format_waiting, parse_hand, parse_keyed, parse_waiting
from .rules import CONTENT_DIR, ContentError, Ruleset
from .rulesets import all_rulesets, find_ruleset
from .scoring import Score, score
from .scoring.engine import check
from .scoring.waits import waits_for
from .tiles import tile_to_text

_ENCODER = json.JSONEncoder(ensure_ascii=False, separators=(", ", ": "))
"""One encoder for every line: `json.dumps` with options builds a new encoder per call, which costs a
batch line more than a third of its serialisation time."""


def _dump(obj: Any) -> str:
    return _ENCODER.encode(obj)


# ----------------------------------------------------------------------------- score


def _receipt(s: Score) -> str:
    """The receipt as text: one line per pattern with the running total, then the total, notes and payments."""
    from .receipt import figure, receipt_lines  # here, not at the top: `score --batch` never prints a receipt

    rs = find_ruleset(s.ruleset)
    lines = [f"{rs.name} {rs.edition} [{rs.id}]  {s.hand}"]
    shown = receipt_lines(s, rs)
    if not s.complete:
        lines.append("  not a winning hand here: " + "; ".join(s.notes) + (f": {shown.why_not}" if shown.why_not else ""))
        return "\n".join(lines)
    for c in shown.counted:
        times = f" × {c.count}" if c.count > 1 else ""
        lines.append(f"  {c.zh} {c.en:<34} {c.words or c.value:>5}{times:<5} {c.running_words or c.running:>6}")
    for x in shown.struck:
        lines.append(f"  ({x.zh} {x.en}: not counted, {x.rule} by {x.by})")
    if shown.grade:
        lines.append(f"  {shown.grade}")
    if shown.fu:
        lines.append("  fu: " + "; ".join(f"{why} {n}" for why, n in shown.fu))
    lines.append(f"  total {s.total} {s.unit}" + ("" if s.legal else "  (not a legal win)"))
    if shown.base is not None:
        lines.append(f"  basic points (基本分) {shown.base}")
    for note in s.notes:
        lines.append(f"  note: {note}")
    for scheme, parts in shown.payments:
        lines.append(f"  payments, {scheme}: " + ", ".join(f"{payer} {figure(amount)}" for payer, amount in parts))
    return "\n".join(lines)


def score_line(text: str, rulesets: list[Ruleset], named: bool = False) -> list[dict[str, Any]]:
    hand = parse_hand(text)
    if named:
        for rs in rulesets:
            check(hand, rs)
    return [score(hand, rs).to_json() for rs in rulesets]


def score_line_text(text: str, rulesets: list[Ruleset], named: bool = False) -> str:
    """`_dump(score_line(text, rulesets))`, the line `score --batch` writes, without building the objects.
    With `named` (the rule sets were asked for by name) a hand one of them cannot have is an error."""
    hand, key = parse_keyed(text)
    if named:
        for rs in rulesets:
            check(hand, rs)
    return "[" + ", ".join([score(hand, rs, key=key).json_text() for rs in rulesets]) + "]"


def _lines(path: str) -> Iterator[tuple[int, str]]:
    """Non-blank lines and their numbers. Undecodable bytes become U+FFFD, so such a line is refused like any
    other bad hand instead of ending the run; a byte-order mark (Windows editors) is dropped."""
    if path == "-":
        stream: TextIO = sys.stdin
        if isinstance(stream, io.TextIOWrapper):
            stream.reconfigure(errors="replace")
    else:
        stream = open(path, encoding="utf-8", errors="replace")  # noqa: SIM115 (closed in the finally below)
    try:
        for n, line in enumerate(stream, start=1):
            text = line.strip().removeprefix("\ufeff").strip() if n == 1 else line.strip()
            if text:
                yield n, text
    finally:
        if stream is not sys.stdin:
            stream.close()


def _batch(path: str, work: Callable[[str], str]) -> int:
    """One JSON line per input line (`work` turns a line into its JSON text); a bad line becomes an error object
    and the run goes on."""
    failed = crashed = 0
    out = sys.stdout
    # What is loaded by now (modules, rule sets) lives as long as the process: set aside from the collector's
    # generations, it is not scanned by the collections the batch's own objects set off, nor by the one at exit
    # (1% of a batch's work). Not undone afterwards: that would bring the scan at exit back.
    gc.freeze()
    # The collector runs only once the batch holds `COLLECT_AT` more objects than it freed. A line's objects die by
    # reference counting (the engine makes no cycles: tests/test_batch_memory.py), so what is left is what the memos
    # keep, bounded, and a collection would only walk it to find nothing: the default threshold's collections were
    # 7% of a Riichi batch, and one every few thousand lines still 3%. Should some hand make a cycle, the net count
    # still grows and a collection frees it, so memory stays bounded.
    thresholds = gc.get_threshold()
    gc.set_threshold(COLLECT_AT, *thresholds[1:])
    try:
        for n, text in _lines(path):
            try:
                line = work(text)
            except HandError as exc:
                failed += 1
                line = _dump({"error": str(exc), "line": n, "input": text})
            except Exception as exc:  # noqa: BLE001  (an engine bug must not end a batch of thousands)
                crashed += 1
                line = _dump({"error": f"internal error, please report this hand: {type(exc).__name__}: {exc}",
                              "line": n, "input": text})
            out.write(line + "\n")
    except BrokenPipeError:
        raise
    except OSError as exc:
        raise UsageError(f"cannot read {path}: {exc.strerror or exc}") from None
    finally:
        gc.freeze()  # what the batch's memos keep (bounded) is not scanned at exit either
        gc.set_threshold(*thresholds)
    return EXIT_FAIL if crashed else EXIT_USAGE if failed else EXIT_OK


COLLECT_AT = 500_000
"""Objects a batch may hold beyond those it freed before the collector runs (see `_batch`): over 25,000 mixed hands
the memos hold 79,000 to 124,000 of them under every rule set, and their bounds keep them well under this."""


def cmd_score(args: argparse.Namespace) -> int:
    rulesets = rulesets_named(args.ruleset)
    if args.batch:
        if args.hand:
            raise UsageError("give either --batch FILE or a HAND, not both")
        named = bool(args.ruleset)
        return _batch(args.batch, lambda text: score_line_text(text, rulesets, named))
    if not args.hand:
        raise UsageError("no hand given (try: mahjong-atlas score '1112345678999m+5m tsumo')")
    hand = parse_hand(" ".join(args.hand))
    if args.ruleset:
        for rs in rulesets:
            check(hand, rs)
    results = [score(hand, rs) for rs in rulesets]
    if args.json:
        objs = [r.to_json() for r in results]
        print(_dump(objs[0] if len(objs) == 1 else objs))
    else:
        print("\n\n".join(_receipt(r) for r in results))
    return EXIT_OK


# ----------------------------------------------------------------------------- waits


def waits_object(text: str, rs: Ruleset) -> dict[str, Any]:
    hand = parse_waiting(text)
    w = waits_for(hand, rs)
    return {
        "ruleset": rs.id,
        "hand": format_waiting(hand),
        "waits": [tile_to_text(t) for t in w.waits],
        "formal": [tile_to_text(t) for t in w.formal],
    }


def _default_waits_ruleset(name: str | None) -> Ruleset:
    if name:
        return rulesets_named([name])[0]
    rulesets = all_rulesets()
    return rulesets.get("mcr") or next(iter(rulesets.values()))


def cmd_waits(args: argparse.Namespace) -> int:
    rs = _default_waits_ruleset(args.ruleset)
    if args.batch:
        if args.hand:
            raise UsageError("give either --batch FILE or a HAND, not both")
        return _batch(args.batch, lambda text: _dump(waits_object(text, rs)))
    if not args.hand:
        raise UsageError("no hand given (try: mahjong-atlas waits 1112345678999m)")
    obj = waits_object(" ".join(args.hand), rs)
    if args.json:
        print(_dump(obj))
    else:
        waits = " ".join(obj["waits"]) or "none"
        formal = f"  (formal, all four already held: {' '.join(obj['formal'])})" if obj["formal"] else ""
        print(f"{obj['hand']}  [{rs.id}]  waits: {waits}{formal}")
    return EXIT_OK


# ----------------------------------------------------------------------------- listings


def ruleset_object(rs: Ruleset) -> dict[str, Any]:
    return {
        "id": rs.id, "name": rs.name, "zh": rs.zh, "edition": rs.edition,
        "base": rs.diff.base if rs.diff else None, "aliases": list(rs.aliases),
        "policy": rs.policy, "unit": rs.unit, "patterns": len(rs.patterns),
    }


def pattern_objects(rs: Ruleset) -> Iterable[dict[str, Any]]:
    for p in rs.patterns:
        yield {
            "ruleset": rs.id, "id": p.id, "zh": p.zh, "en": p.en, "value": p.value,
            "category": p.category or p.group, "provenance": p.provenance, "number": p.number, "group": p.group,
        }


def cmd_rulesets(args: argparse.Namespace) -> int:
    objs = [ruleset_object(rs) for rs in all_rulesets().values()]
    if args.json:
        print(_dump(objs))
    else:
        for o in objs:
            print(f"{o['id']:<10} {o['name']} {o['edition']}  ({o['zh']}, {o['patterns']} patterns)")
    return EXIT_OK


def cmd_patterns(args: argparse.Namespace) -> int:
    objs = [o for rs in rulesets_named(args.ruleset) for o in pattern_objects(rs)]
    if args.json:
        print(_dump(objs))
    else:
        for o in objs:
            print(f"{o['ruleset']:<10} {o['number']:<7} {o['id']:<34} {o['zh']:<8} {o['en']:<36} {o['value']:>5}"
                  f"  {o['provenance']}")
    return EXIT_OK


# ----------------------------------------------------------------------------- site


def cmd_build(args: argparse.Namespace) -> int:
    from .site.base_url import BaseUrl
    from .site.build import build, open_cache

    try:
        base = BaseUrl.parse(args.base_url)
    except ValueError as exc:
        raise UsageError(f"--base-url: {exc}") from None
    cache = open_cache(Path(args.out), args.cache, use_cache=not args.no_cache)
    code = build(out=args.out, content=Path(args.content), cache=cache, base=base)
    # What the build leaves alive (the memo tables of the engine and the renderer) lives until the process ends:
    # set aside from the collector, it is not scanned by the collection at exit (a twentieth of an incremental
    # build's CPU time).
    gc.freeze()
    return code


def cmd_check(args: argparse.Namespace) -> int:
    """Validate content and render the site in memory: every problem as `file:line: field: message`, exit 1 if any."""
    from .site.check import run_check

    content = Path(args.content)
    if not (content / "rulesets").is_dir():
        raise UsageError(f"no content folder at {content} (expected {content / 'rulesets'}/)")
    result = run_check(content)
    for line in result.problems:
        print(line)
    if result.problems:
        print(f"check: {len(result.problems)} problem(s); the site would not build", file=sys.stderr)
        return EXIT_FAIL
    for line in result.warnings:
        print(line, file=sys.stderr)
    print(f"check: content and site OK ({result.pages} pages rendered and link-checked, nothing written)",
          file=sys.stderr)
    return EXIT_OK


def cmd_accept_snapshot(args: argparse.Namespace) -> int:
    """Recompute every example and write its results as the committed snapshot (what each build reports changes
    against)."""
    from .examples.collect import accept_snapshot
    from .examples.snapshot import format_changes

    content = Path(args.content)
    path, atlas = accept_snapshot(all_rulesets(content), content)
    print(format_changes(atlas.changes, atlas.snapshot), file=sys.stderr)
    print(f"accept-snapshot: wrote {path} ({len(atlas.examples)} hands)", file=sys.stderr)
    return EXIT_OK


def cmd_serve(args: argparse.Namespace) -> int:
    from .site.base_url import BaseUrl

    try:
        base = BaseUrl.parse(args.base_url)
    except ValueError as exc:
        raise UsageError(f"--base-url: {exc}") from None
    if args.watch:
        from .site.watch import serve_watch

        content = Path(args.content)
        if not (content / "rulesets").is_dir():
            raise UsageError(f"no content folder at {content} (expected {content / 'rulesets'}/)")
        return serve_watch(port=args.port, directory=args.dir, content=content, base=base)
    from .site.serve import serve

    return serve(port=args.port, directory=args.dir, prefix=base.path)


# ----------------------------------------------------------------------------- parser


def make_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="mahjong-atlas", description="Mahjong Atlas: score hands, list rule sets, "
                                     "build the reference site.")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    p = sub.add_parser("build", help="build the whole static site")
    p.add_argument("--out", default="site", help="output folder (default: site/)")
    p.add_argument("--cache", default=None, metavar="DIR",
                   help="cache folder for incremental builds (default: .mahjong-atlas-cache beside the output)")
    p.add_argument("--no-cache", action="store_true", help="a cold build: neither read nor write the cache")
    p.add_argument("--content", default=str(CONTENT_DIR), help="content folder (default: the project's content/)")
    p.add_argument("--base-url", default="/", metavar="URL",
                   help="where the site is published: a path (/atlas/) or a full address (https://example.org/atlas/, "
                        "which adds canonical links and sitemap.xml); default /")
    p.set_defaults(func=cmd_build)

    p = sub.add_parser("check", help="check content and site (links, Markdown) without writing the site")
    p.add_argument("--content", default=str(CONTENT_DIR), help="content folder (default: the project's content/)")
    p.set_defaults(func=cmd_check)

    p = sub.add_parser("accept-snapshot", help="accept the current example results as the snapshot each build "
                                               "compares against")
    p.add_argument("--content", default=str(CONTENT_DIR), help="content folder (default: the project's content/)")
    p.set_defaults(func=cmd_accept_snapshot)

    p = sub.add_parser("serve", help="serve the built site on 127.0.0.1")
    p.add_argument("--port", type=int, default=8000)
    p.add_argument("--dir", default="site", help="folder to serve (default: site/)")
    p.add_argument("--watch", action="store_true",
                   help="live preview: rebuild --dir from --content when content/ or templates/ change, reload "
                        "open pages, show a broken edit's errors in them")
    p.add_argument("--content", default=str(CONTENT_DIR), help="content folder --watch builds from")
    p.add_argument("--base-url", default="/", metavar="URL",
                   help="the base the site was built for: serve it under that path only (default /); with --watch, "
                        "builds for it too")
    p.set_defaults(func=cmd_serve)

    p = sub.add_parser("score", help="score a hand under one or more rule sets")
    p.add_argument("--ruleset", action="append", metavar="ID", help="rule set id or alias (repeatable; default: all)")
    p.add_argument("--json", action="store_true", help="print the contract JSON")
    p.add_argument("--batch", metavar="FILE", help="one hand per line ('-' = stdin), one JSON line per hand")
    p.add_argument("hand", nargs="*", help="the hand, e.g. 1112345678999m+5m tsumo")
    p.set_defaults(func=cmd_score)

    p = sub.add_parser("waits", help="the tiles that complete a 13-tile hand")
    p.add_argument("--ruleset", metavar="ID", help="rule set whose winning forms count (default: mcr)")
    p.add_argument("--json", action="store_true")
    p.add_argument("--batch", metavar="FILE", help="one 13-tile hand per line ('-' = stdin)")
    p.add_argument("hand", nargs="*")
    p.set_defaults(func=cmd_waits)

    add_run_parsers(sub)

    p = sub.add_parser("rulesets", help="list rule-set ids, names and editions")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_rulesets)

    p = sub.add_parser("patterns", help="list every pattern")
    p.add_argument("--ruleset", action="append", metavar="ID")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_patterns)
    return parser




def main(argv: list[str] | None = None) -> int:
    parser = make_parser()
    argv = list(sys.argv[1:] if argv is None else argv)
    try:
        args, extra = parser.parse_known_args(argv)
        if extra and (not hasattr(args, "hand") or any(x.startswith("-") for x in extra)):
            parser.error(f"unrecognized arguments: {' '.join(extra)}")
    except SystemExit as exc:  # argparse already printed its one-line usage error
        return int(exc.code or 0)
    if extra:  # hand words after an option: `score 123m… --json tsumo`
        args.hand = list(args.hand) + extra
    try:
        return int(args.func(args))
    except (HandError, UsageError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return EXIT_USAGE
    except ContentError as exc:
        print(f"content error: {exc}", file=sys.stderr)
        return EXIT_FAIL
    except BrokenPipeError:
        return EXIT_OK


if __name__ == "__main__":
    sys.exit(main())
