"""The build's one pass over example hands: curated, generated, near misses, and what derives from them.

Order of work (each step only reads what earlier steps produced, so the result is deterministic):
curated hands are loaded and checked; each rule set is searched (sorted by id); near misses are
derived; examples are merged by canonical hand; matrix witnesses are added; every example is
scored under every rule set; concepts, matrices, edition diffs and snapshot changes follow.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from pathlib import Path
from typing import NamedTuple

from ..cache import NO_CACHE, BuildCache
from ..digest import Digester, engine_digest, ruleset_frame_key
from ..hand import Hand
from ..notation import format_hand
from ..pairs.store import stored_answers
from ..rules import Ruleset
from ..rules.errors import Problems
from ..scoring.families import policy_of
from .atlas import Atlas, NearMiss, PatternExamples
from .concepts import Concept, load_concepts
from .curated import CuratedHand, check, load_curated
from .diffs import edition_diffs
from ..hand_stream import SEED, HandStream, StreamState
from .matrix import build_matrix
from .model import Example, Kind, hand_key
from .near_miss import Miss, near_misses
from .reuse import changed_values, pattern_values, recorded_facts, scores_still_held, still_holds
from .scorer import Scorer
from .search import RulesetSearch, Searcher, SearchError, pair_witnesses, rank
from .snapshot import SNAPSHOT, compare, read_snapshot, write_snapshot

KIND_RANK = {"curated": 0, "generated": 1, "near-miss": 2}


class _Examples:
    """Examples in first-added order, merged by canonical hand."""

    def __init__(self) -> None:
        self.by_key: dict[str, Example] = {}
        self.hands: dict[str, Hand] = {}

    def add(self, hand: Hand, kind: Kind, *, title: str, role: str, pattern: str | None = None,
            source: str = "", note: str = "", reason: str = "") -> str:
        canon = format_hand(hand)
        key = hand_key(canon)
        ex = self.by_key.get(key)
        if ex is None:
            ex = self.by_key[key] = Example(canon, kind, title=title, source=source, note=note or reason, role=role)
            self.hands[key] = hand
        elif KIND_RANK[kind] < KIND_RANK[ex.kind]:
            ex.kind = kind
        if not ex.source and source:
            ex.source = source
        if pattern is not None:
            if pattern not in ex.for_:
                ex.for_.append(pattern)
            ex.roles.setdefault(pattern, role)
            if reason:
                ex.reasons.setdefault(pattern, reason)
        return key

    def all(self) -> list[Example]:
        return list(self.by_key.values())


def collect(rulesets: dict[str, Ruleset], content: Path, cache: BuildCache = NO_CACHE) -> Atlas:
    """Curated hands, generated examples and near misses for every pattern, and everything derived from them.

    Raises `ContentError` for bad curated hands / concepts (file:line: field) and `SearchError` naming the pattern
    when no example or near miss can be found for it. With a cache, each rule set's search and the examples' scores are reused while their inputs
    (the engine's code, that rule set's data, the hands the search starts from) are unchanged, and after a value
    edit where they are checked to be (`reuse.py`)."""
    scorer = Scorer(rulesets)
    engine = engine_digest() if cache.enabled else ""
    frames = {rid: ruleset_frame_key(rs, engine) for rid, rs in sorted(rulesets.items())} if cache.enabled else {}
    fired: dict[tuple[str, str], bool] = {}  # what detectors said of hands after a value edit (reuse.ValueEdit)
    preloaded = {rid: _preload_scores(cache, frames[rid], rulesets[rid], scorer, fired) for rid in frames}
    curated = load_curated(content / "hands", rulesets)
    concepts = load_concepts(content / "concepts.toml", rulesets)  # content errors first, before the search
    disagreements = Problems()  # every curated hand the engine disagrees with, not only the first
    for ch in curated:
        with disagreements.attempt():
            check(ch, scorer)
    disagreements.raise_any()
    stored = _stored_streams(cache, engine)
    streams = (HandStream(SEED, lambda: stored(0)), HandStream(SEED + 1, lambda: stored(1)))
    extra: list[Hand] = [ch.hand for ch in curated]
    searches: dict[str, RulesetSearch] = {}
    misses: dict[str, dict[str, list[Miss]]] = {}
    searcher = Searcher(scorer, streams[0], extra, streams[1])
    for rid in sorted(rulesets):
        searches[rid], misses[rid] = _cached_search(cache, frames.get(rid, ""), searcher, rulesets[rid], scorer,
                                                    fired)
        extra.extend(searches[rid].minimal[pid] for pid in sorted(searches[rid].minimal))

    examples = _Examples()
    by_pattern: dict[str, PatternExamples] = {}
    _add_curated(examples, curated, scorer)
    for rid in sorted(rulesets):
        _add_generated(examples, by_pattern, rulesets[rid], searches[rid], misses[rid])
    for rid in sorted(rulesets):
        for p in rulesets[rid].patterns:
            by_pattern[f"{rid}/{p.id}"].curated = [
                hand_key(ch.canonical) for ch in curated if scorer.counts(ch.hand, rid, p.id)]

    matrices = {}
    for rid in sorted(rulesets):
        search = searches[rid]
        preferred = [(k, scorer.counted(examples.hands[k], rid)) for k in examples.by_key]
        witness, hands = pair_witnesses(search, preferred)
        for hand in hands:
            examples.add(hand, "generated", title=f"Patterns that count together ({rid})", role="matrix")
        search.evidence.both = witness
        search.evidence.searched = search.searched
        matrices[rid] = build_matrix(rulesets[rid], search.evidence, stored_answers(rulesets[rid], content))

    all_examples = examples.all()
    for ex in all_examples:
        hand = examples.hands[ex.key]
        ex.results = {rid: scorer(hand, rid) for rid in sorted(rulesets)}

    counted_in = {ex.key: {(rid, pid) for rid in rulesets for pid in scorer.counted(examples.hands[ex.key], rid)}
                  for ex in all_examples}
    for c in concepts:
        _concept_example(c, all_examples, counted_in)

    snap_path = content / SNAPSHOT
    changes, info = compare(read_snapshot(snap_path), snap_path, all_examples, sorted(rulesets), scorer)
    score_parts = _store_scores(cache, frames, rulesets, scorer, set(examples.hands.values()), preloaded)
    if any(len(s) > s.resumed for s in streams):
        cache.store("streams", engine, [s.state() for s in streams])
    return Atlas(all_examples, by_pattern, concepts, matrices, edition_diffs(rulesets, all_examples), changes, info,
                 searched={rid: searches[rid].searched for rid in sorted(rulesets)}, score_parts=score_parts)


def accept_snapshot(rulesets: dict[str, Ruleset], content: Path) -> tuple[Path, Atlas]:
    """Collect, then write the current examples' results as the new snapshot (content/snapshot/results.json)."""
    atlas = collect(rulesets, content)
    path = content / SNAPSHOT
    write_snapshot(path, atlas.examples)
    return path, atlas


def _stored_streams(cache: BuildCache, engine: str) -> Callable[[int], StreamState | None]:
    """The states of the two seeded streams as a build under the same code left them, read on first use.

    The streams depend on the seeds and the generator's code alone, so no content edit changes them.
    """
    loaded: list[list[StreamState] | None] = []

    def state(i: int) -> StreamState | None:
        if not loaded:
            found = cache.load("streams", engine) if cache.enabled else None
            loaded.append(found if isinstance(found, list) and len(found) == 2 else None)
        states = loaded[0]
        return states[i] if states is not None else None

    return state


class _Preloaded(NamedTuple):
    current: set[Hand] | None  # the hands of the stored entry if it was made under the rule set's values
    parts: list[tuple[object, bytes]]  # the scores kept, each with its `Digester.part`


def _preload_scores(cache: BuildCache, frame: str, rs: Ruleset, scorer: Scorer,
                    fired: dict[tuple[str, str], bool]) -> _Preloaded:
    """Hand the scorer the scores an earlier build stored for rs that still hold.

    Stored by the rule set without its values (`frame`) and the values it was made under: after a value edit
    the scores of the hands no edited pattern reaches are kept (`reuse.scores_still_held`).
    """
    stored = cache.load(f"scores-{rs.id}", frame)
    if stored is None:
        return _Preloaded(None, [])
    made_under, scores, parts = stored
    kept = scores_still_held(rs, made_under, scores, fired)
    scorer.preload(rs.id, kept)
    return _Preloaded(set(scores) if made_under == pattern_values(rs) else None,
                      [(score, parts[hand]) for hand, score in kept.items()])


def _store_scores(cache: BuildCache, frames: dict[str, str], rulesets: dict[str, Ruleset], scorer: Scorer,
                  hands: set[Hand], preloaded: dict[str, _Preloaded]) -> list[tuple[object, bytes]]:
    """Keep each rule set's scores of the example hands for the next build, with their digest parts; return the
    parts of them all, for the page digests.

    Why the parts: the examples' scores are most of what the site's page digests read, and a score's part
    (the repr of a record of records) is a third of their time. A score kept from the cache keeps its part.
    """
    digester = Digester(part for rid in frames for part in preloaded[rid].parts)
    out: list[tuple[object, bytes]] = []
    for rid, frame in frames.items():
        scores = scorer.scores_of(rid, hands)
        parts = {hand: digester.part(score) for hand, score in scores.items()}
        out.extend((score, parts[hand]) for hand, score in scores.items())
        if hands != preloaded[rid].current:  # else the stored entry already holds exactly these
            cache.store(f"scores-{rid}", frame, (pattern_values(rulesets[rid]), scores, parts))
    return out


def _add_curated(examples: _Examples, curated: list[CuratedHand], scorer: Scorer) -> None:
    for ch in curated:
        examples.add(ch.hand, "curated", title=ch.title, role="curated", source=ch.source, note=ch.note)
        for e in ch.expect:
            for pid in sorted(scorer.counted(ch.hand, e.ruleset)):
                examples.add(ch.hand, "curated", title=ch.title, role="curated", pattern=f"{e.ruleset}/{pid}")


def _cached_search(cache: BuildCache, frame: str, searcher: Searcher, rs: Ruleset, scorer: Scorer,
                   fired: dict[tuple[str, str], bool]) -> tuple[RulesetSearch, dict[str, list[Miss]]]:
    """`_search` through the cache, keyed by the rule set without its values (`frame`).

    Stored under other values, a search is reused once every hand it scored is checked to have the
    same facts under the new ones (`reuse.py`). A search reads the hands found for earlier rule sets
    only when some pattern never counted in its own streams, so those hands are part of the key only
    for the searches that read them: an edit of one rule set re-checks that rule set, not every rule
    set searched after it.

    The facts are recorded once, when the search runs, under the values it ran under (`ran_under`): each
    successful check carries them over to the values checked, so after a check only the search's
    entry, which names the values it now holds under, is stored again.
    """
    name, facts_name = f"search-{rs.id}", f"search-facts-{rs.id}"
    starts = hashlib.sha256("\n".join(format_hand(h) for h in searcher.extra_hands).encode()).hexdigest()
    values = pattern_values(rs)
    stored = cache.load(name, frame)
    if stored is not None and stored[0] in (None, starts):
        start, made_under, ran_under, search, misses = stored
        if made_under == values:
            cache.hits.append(name)
            return search, misses
        recorded = cache.load(facts_name, frame)
        if recorded is not None and recorded[0] == ran_under and still_holds(
                scorer, rs.id, recorded[1], changed_values(rs, made_under), fired):
            cache.checked.append(name)
            cache.store(name, frame, (start, values, ran_under, search, misses))
            return search, misses
    cache.misses.append(name)
    searcher.consulted_extra = False
    search, misses = _search(searcher, rs, scorer)
    cache.store(name, frame, (starts if searcher.consulted_extra else None, values, values, search, misses))
    if cache.enabled:
        cache.store(facts_name, frame, (values, recorded_facts(scorer, rs.id)))
    return search, misses


def _search(searcher: Searcher, rs: Ruleset, scorer: Scorer) -> tuple[RulesetSearch, dict[str, list[Miss]]]:
    """One rule set's search and the near misses of every pattern: the costly part of a build, cached as one."""
    search = searcher.search(rs)
    misses = {}
    for p in rs.patterns:
        fewest = sorted(search.positives[p.id][:200], key=lambda h: (_instances(scorer, h, rs.id, p.id),
                                                                     rank(scorer, h, rs.id, p.id)))
        misses[p.id] = near_misses(scorer, rs, p.id, [search.minimal[p.id], search.typical[p.id]], fewest[:40])
        if not misses[p.id]:
            raise SearchError(f"no near miss found for {rs.id}/{p.id} ({p.zh} {p.en}): no one-change neighbour of "
                              f"its examples is a complete hand without it")
    return search, misses


def _add_generated(examples: _Examples, by_pattern: dict[str, PatternExamples], rs: Ruleset,
                   search: RulesetSearch, misses_of: dict[str, list[Miss]]) -> None:
    shown = policy_of(rs.policy).without_unread  # an example shows nothing the family reads past (Riichi's flowers)
    for p in rs.patterns:
        name = f"{rs.id}/{p.id}"
        label = f"{p.zh} {p.en}"
        minimal = shown(search.minimal[p.id])
        typical = shown(search.typical[p.id])
        kmin = examples.add(minimal, "generated", title=f"{label}: minimal example ({rs.id})", role="minimal",
                            pattern=name)
        ktyp = examples.add(typical, "generated", title=f"{label}: typical example ({rs.id})", role="typical",
                            pattern=name)
        details = []
        for m in misses_of[p.id]:
            base = shown(m.base)
            if base not in (minimal, typical):  # changed from another hand with the pattern: show that one too
                examples.add(base, "generated", title=f"{label}: another example ({rs.id})", role="near-miss-base",
                             pattern=name)
            key = examples.add(shown(m.hand), "near-miss", title=f"Near miss: {label} ({rs.id})", role="near-miss",
                               pattern=name, reason=m.reason)
            details.append(NearMiss(key, hand_key(format_hand(base)), m.change, m.status, m.by, m.reason))
        by_pattern[name] = PatternExamples(kmin, ktyp, [d.key for d in details], [], details,
                                           found=len(search.positives[p.id]))


def _instances(scorer: Scorer, hand: Hand, rid: str, pid: str) -> int:
    return next((c.count for c in scorer(hand, rid).patterns if c.id == pid), 0)


def _concept_example(c: Concept, examples: list[Example], counted_in: dict[str, set[tuple[str, str]]]) -> None:
    """The example in which most of the concept's members count (the first such, in example order)."""
    best: tuple[int, list[str]] | None = None
    best_key = None
    for ex in examples:
        counted = counted_in[ex.key]
        hits = [f"{r}/{p}" for r, p in c.members if (r, p) in counted]
        if hits and (best is None or len(hits) > best[0]):
            best, best_key = (len(hits), hits), ex.key
    if best is not None:
        c.example, c.counts_in = best_key, best[1]
