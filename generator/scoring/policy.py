"""A rule family's scoring policy as one object.

A family (`policy = "series"` in a rule-set file) is a `Policy` subclass: what it is (its name, the
label of a pattern's group, which statistics it supports) are class attributes; where it differs
from the ordinary family (its own readings and waits, a hand adjusted before detection, checked
options) are overridden hooks; `score` it must write. The engine, the loader, the example search,
the statistics and the site ask the rule set's policy (`policy_of(ruleset.policy)`, from the registry
in families.py) and never compare its name, so a new family is one module of generator.scoring
defining `POLICY` and its line in the registry.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping
from dataclasses import fields, replace
from typing import TYPE_CHECKING, Any, ClassVar

from ..completion import Waits, waits_of
from ..hand import Hand, WaitingHand, WinContext
from ..messages import N_, Message, Name, Plain
from ..shapes import Form, Reading
from ..shapes import readings as ordinary_readings

AlikeCheck = Callable[[Hand, list[Reading], "list[tuple[int, list[Counted], list[Excluded]]]"], bool]
"""`Policy.scores_alike`'s test: the hand, its readings, and each reading's (total, counted, excluded)."""

_DEFAULT_CONTEXT = {f.name: getattr(WinContext(), f.name) for f in fields(WinContext)}

if TYPE_CHECKING:
    from ..rules import Pattern, Ruleset
    from .needs import Needs
    from .result import Counted, Excluded, Score


UNIT_WORDS = {"points": Message(N_("points")), "fan": Message(N_("fan")), "multiplier": Message(N_("multiplier"))}
"""The rule data's units (rules.UNITS), as a sentence says them."""


def capped(limit: int, unit: str) -> Message:
    """'a total above 200 points scores 200': what a cap does to a sum, in words."""
    return Message(N_("a total above %(limit)s %(unit)s scores %(limit)s"), limit=limit,
                   unit=UNIT_WORDS.get(unit, Plain(unit)))


class Policy(ABC):
    """Everything one rule family decides about scoring; one instance per family, shared by its rule sets."""

    name: ClassVar[str]
    """The name rule data writes (`policy = "series"`)."""
    aliases: ClassVar[tuple[str, ...]] = ()
    """Other names the data may write for the family; a rule set keeps `name`."""
    group_label: ClassVar[str] = "Group"
    """What the site calls a pattern's `group` under this family."""
    one_per_group: ClassVar[bool] = False
    """Whether only one pattern of a group counts, so that a pattern's page lists the rest of its group."""
    own_readings: ClassVar[bool] = False
    """Whether the family decides completeness itself (wild tiles). The ordinary readings, the count-vector
    completeness test and the detector gates judged from the hand then do not apply to it."""
    orbit_statistics: ClassVar[bool] = False
    """Whether the statistics may enumerate its hands by orbits of the tile symmetries: its readings are the
    ordinary ones and `score_division` scores one division on its own (the tie check compares them)."""
    option_types: ClassVar[dict[str, type] | None] = None
    """The [options] the family reads, with their types, when it names them: the loader then refuses any other
    option and a value of another type (None: the family's options are not listed)."""
    option_defaults: ClassVar[dict[str, Any]] = {}
    """The value the family reads for an option a rule set leaves out (what the site shows for it)."""
    suit_bound_wilds: ClassVar[bool] = False
    """Whether its hands hold wilds that stay in their suit: the statistics then count them by classes."""
    dealer_by_seat: ClassVar[bool] = False
    """Whether the East seat is the dealer, who is paid more: a hand that names no seat (the notation's default is
    East) is then the dealer's, and the calculator shows beside it what a non-dealer would receive."""
    unread_fields: ClassVar[tuple[str, ...]] = ()
    """The win context's fields (`WinContext`) the family reads past (Riichi's game has no flowers or wild kongs and
    scores nothing on a last copy): the matrix's witness search takes them off, so no witness carries them."""

    win_places: ClassVar[Mapping[str, str] | None] = None
    """What its scoring reads of where the winning tile sits in a reading, for the statistics, which score one
    winning tile of a hand for all that sit alike (stats/wins.py): each wait (`detectors.riichi.wait_in`'s names)
    -> a class, places of one class scoring alike whichever set of the reading holds the tile; a pung completed by a
    discard is told apart by whether it holds a terminal or an honour too, as exposing it changes that pung's
    minipoints. None: its scoring is not known to read the tile only so, and no tiles are grouped by place."""

    limit_options: ClassVar[tuple[str, ...]] = ("limit",)
    """The options `limit_rule` puts in words: a card that prints the sentence does not list them again."""

    def value_words(self, ruleset: Ruleset, pattern: Pattern, value: int | None = None, short: bool = False
                    ) -> str | None:
        """A pattern's value (`value`, else its own) in the family's own words where a figure would mislead
        (Riichi: 'yakuman', not 13 han; `short`, for the printed card's narrow column: 'Y'); None: the figure and
        the rule set's `value_unit` say it."""
        return None

    def fu_parts(self, score: Score, ruleset: Ruleset) -> tuple[tuple[str, int], ...]:
        """The minipoints of a han-and-fu family's score, part by part, for the receipt (they add up to
        `score.fu`); empty in a family without them."""
        return ()

    def limit_label(self, ruleset: Ruleset) -> str:
        """The limit in a few words, for the table of rule sets: the `limit` option's figure, or 'none'."""
        limit = ruleset.option("limit")
        return Plain(f"{limit:,}") if limit else Message(N_("none"))

    def without_unread(self, hand: Hand) -> Hand:
        """`hand` with the fields the family reads past (`unread_fields`) back at their defaults: the hand the
        site shows for the family, which scores as `hand` does."""
        ctx = hand.context
        changed = {name: _DEFAULT_CONTEXT[name] for name in self.unread_fields
                   if getattr(ctx, name) != _DEFAULT_CONTEXT[name]}
        return replace(hand, context=replace(ctx, **changed)) if changed else hand

    def limit_rule(self, ruleset: Ruleset) -> str:
        """What the rule set's `limit` option does, in words (a Message), for the quick card beside the bare
        figure; empty when the family reads no such option."""
        return ""

    def kept_apart(self, ruleset: Ruleset, a: str, b: str) -> tuple[str, str] | None:
        """When the family drops one of patterns `a` and `b` on every hand that shows both: (the one it keeps, the
        rule, in words); None when some hand might count both. The compatibility matrix reads it for its
        `excludes` answers; tests/test_matrix_answers.py looks for a hand that counts both anyway.

        Every family applies a pattern's unconditional exclusions (`excludes` with no count) whenever the pattern
        counts, and counts the chicken hand only when nothing else counts (flowers aside, which are scored beside
        the hand: the `flowers` option names their pattern)."""
        chicken = ruleset.option("chicken")
        if chicken in (a, b) and ruleset.option("flowers") not in (a, b):
            return (b if a == chicken else a), Message(N_("the chicken hand counts only when no other pattern does"))
        for keep, drop in ((a, b), (b, a)):
            for e in ruleset.pattern(keep).excludes:
                if e.id == drop and e.count is None:
                    if not e.why:
                        return keep, Message(N_("excluded"))
                    p = ruleset.pattern(keep)  # the data's reason: a Name where it gives it in Chinese too
                    why = e.why if isinstance(e.why, Message) else Message(e.why)
                    return keep, Message(N_("%(name)s excludes it (%(why)s)"), name=Name(p.en, p.zh), why=why)
        return None

    def drops_always(self, ruleset: Ruleset, c: str, x: str,
                     meets: Callable[[str, str], bool] | None = None) -> bool:
        """Whether `x` never counts on a reading where pattern `c` shows: `c` sets it aside (`sets_aside`), and
        whatever could set `c` aside (`removers`) drops `x` too, or (by `meets`, when given) never shows beside
        `x`. The compatibility matrix reads it for a third pattern that shows wherever two others do."""
        return self._drops(ruleset, c, x, frozenset(), meets or (lambda _r, _x: True))

    def _drops(self, ruleset: Ruleset, c: str, x: str, path: frozenset[str], meets: Callable[[str, str], bool]
               ) -> bool:
        if c in path or not self.sets_aside(ruleset, c, x):
            return False
        removers = self.removers(ruleset, c)
        return removers is not None and all(
            r != x and (not meets(r, x) or self._drops(ruleset, r, x, path | {c}, meets)) for r in removers)

    def sets_aside(self, ruleset: Ruleset, c: str, x: str) -> bool:
        """Whether pattern `c`, while it counts, keeps `x` out: it excludes it unconditionally."""
        return any(e.id == x and e.count is None for e in ruleset.pattern(c).excludes)

    def removers(self, ruleset: Ruleset, c: str) -> frozenset[str] | None:
        """The patterns that could set pattern `c` aside when it shows (None if the family's rules could in ways
        this does not list): the ones that exclude it. A pattern that counts alone sets every other aside, so it
        needs no mention."""
        return frozenset(p.id for p in ruleset.patterns if any(e.id == c for e in p.excludes))

    def win_needs(self, ruleset: Ruleset, pattern: Pattern) -> Needs | None:
        """What the family's game adds to what `pattern` needs of the win (`pairs.potential.Needs`): a flag its
        game sets aside on some hands, a combination of flags it refuses. None: nothing beyond the detector's."""
        return None

    def check_options(self, ruleset: Ruleset) -> None:
        """Raise a ContentError for an option the family cannot use; the loader asks once per rule set."""

    def prepare(self, hand: Hand) -> Hand:
        """The hand as the family's detectors see it (e.g. win flags the tiles make impossible dropped)."""
        return hand

    def winning_shapes(self, ruleset: Ruleset) -> tuple[frozenset[Form], bool]:
        """The forms a hand may win in, and whether four identical tiles may stand as two of seven pairs: what
        the ordinary readings, waits and the examples' completeness test read."""
        return ruleset.forms, bool(ruleset.option("four_as_two_pairs", True))

    def readings(self, hand: Hand, ruleset: Ruleset) -> list[Reading]:
        """Every reading of `hand` in the rule set; empty when the hand is not complete."""
        forms, four = self.winning_shapes(ruleset)
        return ordinary_readings(hand, forms, four_as_two_pairs=four)

    def waits(self, hand: WaitingHand, ruleset: Ruleset) -> Waits:
        """The tiles that complete a waiting hand in the rule set."""
        forms, four = self.winning_shapes(ruleset)
        return waits_of(hand, forms, four_as_two_pairs=four)

    @abstractmethod
    def score(self, hand: Hand, found: list[Reading], ruleset: Ruleset, key: str) -> Score:
        """The score of a complete hand from its readings (`found`, never empty); `key` is its notation."""

    def score_division(self, hand: Hand, reading: Reading, ruleset: Ruleset
                       ) -> tuple[int, list[Counted], list[Excluded]]:
        """One division of the tiles scored on its own (total, counted, excluded), for the statistics' check
        that the best reading is not a tie."""
        raise NotImplementedError(f"the {self.name} policy does not score a division on its own")

    def score_each(self, hand: Hand, found: list[Reading], ruleset: Ruleset
                   ) -> tuple[Score, list[tuple[int, list[Counted], list[Excluded]]] | None]:
        """`score` without the notation key, and each reading's `score_division` (in the order of `found`) when the
        policy works them out on the way, so the statistics' tie check does not score them again; None: it asks
        `score_division` itself."""
        return self.score(hand, found, ruleset, ""), None

    def scores_alike(self, earlier: Ruleset, ruleset: Ruleset) -> AlikeCheck | None:
        """For the statistics, which score the same hands under each rule set in turn: a test of whether `ruleset`
        scores a hand exactly as `earlier` did, every reading the same total with the same counted and excluded
        patterns, given the hand, its readings and what `score_each` gave each under `earlier`. None when the family
        cannot tell for these two rule sets (the default), and every hand is scored again."""
        return None

    def problem(self, hand: Hand | WaitingHand) -> str | None:
        """What makes a hand of valid notation impossible in the family's game, or None: scored, such a hand is no
        win with this reason; named on the command line, it is refused like a malformed hand."""
        return None

    def unread_flags(self, hand: Hand, ruleset: Ruleset | None = None) -> list[str]:
        """The parts of the hand's notation the family reads past (in `ruleset`, when the rule set matters), which
        its results name. The ordinary families play no Riichi: they read a red five as a five and ignore the
        Riichi-only flags."""
        ctx = hand.context
        out = [name for name, on in (("riichi", ctx.riichi), ("double-riichi", ctx.double_riichi),
                                     ("ippatsu", ctx.ippatsu), ("dora", bool(ctx.dora)), ("ura", bool(ctx.ura))) if on]
        if ctx.red:
            out.append(Message(N_("red fives (read as fives)")))
        return out

    def plays_ghosts(self, ruleset: Ruleset) -> bool:
        """Whether the rule set's hands may hold ghosts (`8z`, tiles that stand for any tile): the engine reads a
        hand with a ghost as no winning shape, and waits on none, in a rule set that does not."""
        return False

    def read_apart(self, ruleset: Ruleset) -> dict[str, frozenset[str]]:
        """The patterns read in a shape of their own (广东 2023's 四鬼和: all four ghosts, no sets), each with the
        patterns read beside it on that reading; no other pattern ever shows on the same reading as it. The
        compatibility matrix answers their pairs from this, since the walk of ordinary divisions never meets
        them."""
        return {}

    def tile_set_winds(self, ruleset: Ruleset) -> bool:
        """Whether the rule set plays with the winds (a family of wilds may leave them out)."""
        return True

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name!r}>"

