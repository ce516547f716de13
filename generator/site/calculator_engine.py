"""The calculator's side of the engine: what the page's Web Worker calls, inside Pyodide, for each hand typed.

This module is shipped in the calculator's engine bundle beside the engine's own modules (as `atlas_calc.py`) and
imports only the engine, never the site: the answer for a hand is exactly what the command line gives —
`score_line` is `[score(hand, rs).to_json() for rs in rule sets]` as `mahjong-atlas score --json` prints it, and a
13-tile hand's waits are `waits_object` (`mahjong-atlas waits --json`) under each rule set. It also works natively,
so tests/test_calculator.py compares it with the command line without a browser.

Each rule set's receipt is generator/receipt.py's (`receipt_json`), the one the command line prints and the
site's pages show, so the page cannot drift from them.

`answer(text)` returns JSON text and never raises: a malformed hand gives `{"error": "error: at column N: …"}`,
the command line's own one-line message; a hand of fewer than 13 tiles, being built, says how many more it needs
(`incomplete`).

The engine's words (notes, refusals, fu parts, errors) are `generator.messages.Message`s: English as the command
line prints them, until the page gives the catalogue's translations of them (`set_words`, from the page's
#calculator-words element); the answers then say every Message in the page's language, pattern names in Chinese.
"""

from __future__ import annotations

import json
import re
from dataclasses import replace
from typing import Any

from generator import __version__
from generator.digest import result_stamp, ruleset_stamp
from generator.leftover import WILDS
from generator.messages import N_, Message
from generator.notation import HandError, format_hand, format_waiting, parse_hand, parse_waiting
from generator.receipt import receipt_json
from generator.rules import Ruleset
from generator.rulesets import all_rulesets
from generator.scoring import score
from generator.scoring.families import policy_of
from generator.scoring.waits import waits_for
from generator.tiles import SOUTH, tile_to_text

MAX_INPUT = 200
"""Characters a hand may have: the longest hand the notation can write (four kongs and every flag) is well under
half of it; anything longer is refused before it is parsed."""

_RULESETS: dict[str, Ruleset] = {}
_INFO: list[str] = []
_WORDS: dict[str, str] = {}
"""The page's translations of the engine's templates, by their English; empty on the English page."""


def set_words(text: str) -> None:
    """Say the answers in the page's language: `text` is the JSON object of #calculator-words ({} in English)."""
    words = json.loads(text) if text else {}
    _WORDS.clear()
    _WORDS.update({k: v for k, v in words.items() if isinstance(k, str) and isinstance(v, str)})


def _translate(template: str) -> str:
    return _WORDS.get(template, template)


def _said(obj: Any) -> Any:
    """An answer with every Message in it said in the page's language (lists and objects gone through)."""
    if isinstance(obj, Message):
        return obj.say(_translate, zh=True)
    if isinstance(obj, dict):
        return {k: _said(v) for k, v in obj.items()}
    if isinstance(obj, (list, tuple)):
        return [_said(v) for v in obj]
    return obj


def setup() -> str:
    """Load every rule set once; JSON text naming them (what the page shows before the first hand). Kept once
    made: the rule data's stamps take 0.1 s natively and more under Pyodide, and a page restored from the memory
    snapshot asks again at once."""
    if not _RULESETS:
        _RULESETS.update(all_rulesets())
    if not _INFO:
        _INFO.append(json.dumps({"engine": __version__, "rulesets": [
            {"id": rs.id, "name": rs.name, "zh": rs.zh, "edition": rs.edition, "unit": rs.unit,
             "accent": rs.accent, "stamp": ruleset_stamp(rs)} for rs in _RULESETS.values()]}, ensure_ascii=False))
    return _INFO[0]


def _rulesets() -> list[Ruleset]:
    if not _RULESETS:
        setup()
    return list(_RULESETS.values())


def pattern_url(ruleset_id: str, pattern_id: str) -> str:
    """generator.site.urls.pattern_url (the site is not in the bundle)."""
    return f"/rulesets/{ruleset_id}/{pattern_id}/"


def _structure(concealed: tuple[int, ...], melds: tuple[Any, ...], win: int | None) -> dict[str, Any]:
    """The hand as the picker shows it: tiles as text."""
    return {"concealed": [tile_to_text(t) for t in concealed],
            "melds": [{"kind": m.kind.value, "tile": tile_to_text(m.tile), "concealed": m.concealed} for m in melds],
            "win": tile_to_text(win) if win is not None else None}


def score_hand(text: str) -> dict[str, Any]:
    hand = parse_hand(text)
    # A hand that names neither a seat nor the dealer is East's, which some families make the dealer: the reader
    # may not have meant it, so those rule sets also say what a non-dealer (South) would receive.
    unsaid = not _SEAT_SAID.search(text)
    as_south = replace(hand, context=replace(hand.context, seat=SOUTH))
    results = []
    for rs in _rulesets():
        s = score(hand, rs)
        obj = s.to_json()  # exactly `score --json`'s object (cli.score_line)
        entry = {"score": obj, "stamp": result_stamp(obj), "receipt": receipt_json(s, rs, pattern_url)}
        why_not = entry["receipt"]["why_not"]
        if _WORDS and isinstance(why_not, Message) and why_not.template == WILDS:
            entry["receipt"]["wilds"] = True  # said in Chinese, the page cannot tell this sentence by its words
        if unsaid and policy_of(rs.policy).dealer_by_seat and s.complete:
            other = score(as_south, rs)
            entry["non_dealer"] = {"seat": "S", "hand": format_hand(as_south), "total": other.total,
                                   "legal": other.legal, "payments": receipt_json(other, rs, pattern_url)["payments"]}
        results.append(entry)
    return {"mode": "score", "hand": format_hand(hand), "results": results,
            "parsed": _structure(hand.concealed, hand.melds, hand.win_tile)}


_SEAT_SAID = re.compile(r"(?:^|\s)(?:seat=|dealer(?:\s|$))")
"""A seat or the dealer named in a hand's text (the notation's words `seat=X` and `dealer`)."""


def waits_table(text: str) -> dict[str, Any]:
    """Per rule set its waits (cli.waits_object), and for every tile any rule set waits on, its score there."""
    waiting = parse_waiting(text)
    per_rs = []
    tiles: set[int] = set()
    for rs in _rulesets():
        w = waits_for(waiting, rs)
        per_rs.append((rs, w))
        tiles.update(w.waits, w.formal)
    rows = []
    for t in sorted(tiles):
        hand = waiting.with_win(t)
        cells: dict[str, Any] = {}
        for rs, w in per_rs:
            if t in w.waits:
                s = score(hand, rs)
                cells[rs.id] = {"total": s.total, "unit": s.unit, "complete": s.complete, "legal": s.legal,
                                "formal": False, "patterns": [c.id for c in s.patterns]}
            elif t in w.formal:  # the shape waits on it, but all four copies are held: no win, no score
                cells[rs.id] = {"formal": True}
            else:
                cells[rs.id] = None
        rows.append({"tile": tile_to_text(t), "hand": format_hand(hand),
                     "winning": any(t in w.waits for _, w in per_rs), "cells": cells})
    return {"mode": "waits", "hand": format_waiting(waiting),
            "rulesets": [_waits_entry(waiting, rs, w) for rs, w in per_rs],
            "rows": rows, "parsed": _structure(waiting.concealed, waiting.melds, None)}


def _waits_entry(waiting: Any, rs: Ruleset, w: Any) -> dict[str, Any]:
    """cli.waits_object's object (`waits --json`), and its stamp for a citation."""
    obj = {"ruleset": rs.id, "hand": format_waiting(waiting), "waits": [tile_to_text(t) for t in w.waits],
           "formal": [tile_to_text(t) for t in w.formal]}
    return {**obj, "stamp": result_stamp(obj)}


WAITING = 13
"""Tiles of a waiting hand (a kong counts as three); one more makes a complete hand."""


def incomplete(text: str, tiles: int) -> dict[str, Any]:
    """A hand still being built (fewer than 13 tiles): how many tiles it has and how many more it needs, where the
    command line, which is given whole hands, says "wrong tile count"."""
    return {"mode": "incomplete", "hand": text, "tiles": tiles, "to_waiting": WAITING - tiles,
            "to_complete": WAITING + 1 - tiles}


def answer_object(text: str) -> dict[str, Any]:
    """A complete hand's scores, a 13-tile hand's waits table, or the parser's one-line error."""
    if not isinstance(text, str):
        return {"error": _error(Message(N_("not a hand")))}
    if len(text) > MAX_INPUT:
        return {"error": _error(Message(N_("the hand is too long (%(n)s characters; a hand has at most %(most)s)"),
                                        n=len(text), most=MAX_INPUT))}
    try:
        try:
            return score_hand(text)
        except HandError as first:
            try:
                return waits_table(text)
            except HandError:
                if first.tiles is not None and first.tiles < WAITING:
                    return incomplete(text, first.tiles)
                return {"error": _error(first.message)}
    except Exception as exc:  # noqa: BLE001  (an engine bug must reach the page as a message, not a dead worker)
        return {"error": _error(Message(N_("internal error, please report this hand: %(kind)s: %(what)s"),
                                        kind=type(exc).__name__, what=str(exc)))}


def _error(reason: Message) -> Message:
    """The command line's one-line error (`error: …`)."""
    return Message(N_("error: %(reason)s"), reason=reason)


def answer(text: str) -> str:
    """`answer_object` as JSON text (what the worker posts back to the page), said in the page's language."""
    found = answer_object(text)
    return json.dumps(_said(found) if _WORDS else found, ensure_ascii=False)
