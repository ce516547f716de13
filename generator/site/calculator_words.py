"""The calculator page's words in the page's language: what its scripts say (templates/static/calculator*.js, by
`t()`), and what the engine says in the reader's browser (notes, refusals, fu parts, notation errors: the
templates `generator.messages` marks with `N_` in the modules the engine bundle holds).

A page of another locale carries them translated, keyed by their English, in one JSON element (#calculator-words,
templates/calculator.html): calculator.js reads it for its own text and gives it to the worker, whose engine says
its answers with it (`calculator_engine.set_words`). The English page carries none: its words are the keys.
"""

from __future__ import annotations

import functools
from pathlib import Path

from .i18n import DEFAULT, N_, Locale, translations

SCRIPT = (
    # the status line and the engine's start
    N_("The picker cannot read the text in the box; fix it or press Clear."),
    N_("Engine %(version)s ready (loaded in %(s)s s): %(n)s rule sets."), N_("The engine could not start: %(why)s"),
    N_("worker error"), N_("the engine failed: %(why)s"), N_("Not a hand the engine can read."),
    N_("Still building the hand."),
    N_("Waits table in %(ms)s ms."), N_("Scored under %(n)s rule sets in %(ms)s ms."),
    # verdicts and receipts
    N_("Scores"), N_("No hand yet."), N_("Tap tiles or type a hand: its score under every rule set appears here."),
    N_("not a winning shape"), N_("not a winning shape: %(why)s"), N_("not a legal win"),
    N_("not a legal win: %(why)s"), N_("legal win"), N_("Not a winning hand under these rules"), N_(": "), N_("."),
    N_("; "), N_(", "), N_("sets of the reading used"), N_("not counted:"), N_(", by"), N_("Han and fu"), N_("Fu"),
    N_("Sum"), N_("Total"), N_("Basic points"), N_("Pattern"), N_("Value"), N_("Running"), N_("Read as"),
    N_("Payments"), N_("No seat given."),
    N_("As written the winner sits East, the dealer, and receives %(dealer)s; a non-dealer (seat=%(seat)s) would "
       "receive %(other)s. Add seat=S, W or N (or dealer) to the hand to settle it."),
    N_("A non-dealer's payments"), N_("dealer %(amount)s"), N_("non-dealer %(amount)s"),
    N_("dealer %(dealer)s · non-dealer %(other)s"), N_("Rule set"), N_("Verdict"), N_("Patterns"),
    N_("Scores at a glance"), N_("Breakdown under every rule set"), N_("Not a winning shape: %(why)s."),
    N_(" (not legal)"), N_("point"), N_("points"), N_("fan"), N_("han"),
    # what a hand being built still needs
    N_("1 tile so far: %(more)s more for a complete hand"), N_("%(n)s tiles so far: %(more)s more for a complete hand"),
    N_(" (%(n)s more shows what it waits on)"), N_(". A kong counts as three."),
    # waits
    N_("Waits"), N_("Waits on %(tiles)s (each tile's score: %(below)s)."), N_("below"),
    N_("This hand waits on no tile."), N_("This 13-tile hand waits on no tile under any rule set."),
    N_("Winning tile"), N_("Score %(hand)s"), N_("formal"),
    N_("formal wait: the shape waits on it, but all four copies are already in the hand"),
    N_("Waits on %(tiles)s."), N_("No tile wins."),
    N_(" Formal waits: %(tiles)s (the shape waits on them, but all four copies are already in the hand)."),
    N_(" Each cell is that winning tile's score; “—”: that rule set does not count the tile as a win."),
    N_("Waits and their scores"), N_(" (waits)"),
    # the picture of the hand being built (calculator-preview.js)
    N_("Dora indicators"), N_("Ura-dora indicators"), N_("Remove %(tile)s"), N_("Remove dora indicator %(tile)s"),
    N_("Remove ura-dora indicator %(tile)s"),
    N_("The picker cannot show this text; the engine's verdict is below."), N_("No tiles yet."),
    N_("13 tiles: a waiting hand (what it waits on is shown below)"),
    N_("14 tiles; the last one tapped (%(tile)s) wins, unless you choose a “Winning tile”"),
    N_("%(n)s of 14 tiles (a kong counts as three)"),
)


@functools.cache
def engine_templates(sources: tuple[Path, ...]) -> tuple[str, ...]:
    """Every template the modules at `sources` mark with `N_` (read as `pybabel extract -k N_` reads them)."""
    from babel.messages.extract import extract_python

    found: set[str] = set()
    for path in sources:
        with path.open("rb") as f:
            for _line, _function, message, _comments in extract_python(f, ["N_"], [], {}):
                found.update([message] if isinstance(message, str) else [m for m in message if m])
    return tuple(sorted(found))


def words(locale: Locale, sources: tuple[Path, ...]) -> dict[str, str]:
    """The script's and the engine's words in `locale`, by their English (only those the catalogue translates);
    empty for the default locale."""
    if locale == DEFAULT:
        return {}
    table = translations(locale)
    out: dict[str, str] = {}
    for english in (*SCRIPT, *engine_templates(sources)):
        said = table.gettext(english)
        if said != english:
            out[english] = said
    return out
