"""Rule sets the orbit walk does not cover (团圆's wild tiles): pairs decided from hands searched, not enumerated.

The hands: the seeded stream of the example search (`examples.generate.HandStream`), each also self-drawn
and not, with no wild konged and with one. A pair counted together in a legal hand is `both`; a pair never
seen together stays `undecided` with the number of hands searched, since no enumeration stands behind a
`never` here. Today's one such rule set has three patterns, each of another series, all read apart from
the others (the suits' wilds, self-draw, wilds konged), and the search finds every pair together.
"""

from __future__ import annotations

from dataclasses import replace

from ..examples.generate import SEED, HandStream
from ..notation import HandError, format_hand, parse_hand
from ..rules import Ruleset
from ..scoring import engine
from .decide import Answer, Decision

HANDS = 4000


def sampled_decision(rs: Ruleset, hands: int = HANDS) -> Decision:
    ids = [p.id for p in rs.patterns]
    witness: dict[tuple[str, str], str] = {}
    stream = HandStream(SEED)
    tried = 0
    for i in range(hands):
        base = stream[i]
        for tsumo in (False, True):
            for kongs in (0, 1):
                ctx = replace(base.context, tsumo=tsumo, wild_kongs=kongs, after_kong=False, robbing_kong=False)
                try:
                    hand = parse_hand(format_hand(replace(base, context=ctx)))
                except HandError:
                    continue
                tried += 1
                s = engine.score(hand, rs)
                if not s.legal:
                    continue
                counted = [c.id for c in s.patterns]
                for x in counted:
                    for y in counted:
                        if ids.index(x) < ids.index(y):
                            witness.setdefault((x, y), format_hand(hand))
        if len(witness) == len(ids) * (len(ids) - 1) // 2:
            break
    answers = []
    for i, a in enumerate(ids):
        for b in ids[i + 1:]:
            w = witness.get((a, b))
            answers.append(Answer(a, b, "both", w, None, "both count in this legal hand") if w else
                           Answer(a, b, "undecided", None, None, f"not seen together in {tried:,} hands searched"))
    return Decision(rs.id, ids, answers, {"searched_hands": tried, "kind": "sampled (wild tiles: no enumeration)"})
