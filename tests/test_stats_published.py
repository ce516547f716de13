"""Published per-pattern counts (content/stats/published.toml): the atlas's convention reproduces them, its stored
figures equal them, and a bad entry is refused with its file, line and field."""

from __future__ import annotations

import shutil
from itertools import product
from math import comb, prod
from pathlib import Path

import pytest

from generator.completion import splits_into_sets
from generator.detectors.ranks import TILE_LISTS
from generator.rules import CONTENT_DIR, ContentError
from generator.rulesets import all_rulesets
from generator.stats.frequency import ruleset_frequencies
from generator.stats.hands import regular_orbits
from generator.stats.published import check_agreement, load_published
from generator.stats.store import read_stats, tiles_current

RULESETS = all_rulesets()
PUBLISHED = load_published(CONTENT_DIR, RULESETS)


def _weighted(counts: list[int] | tuple[int, ...]) -> int:
    return prod(comb(4, c) for c in counts)


def test_the_published_counts_are_reproduced_by_counting_hands_here() -> None:
    """Counted directly, apart from the statistics run: three dragon pungs, four wind pungs (every complete hand
    holding them is four sets and a pair), and every complete hand of green tiles only."""
    dragons = winds = 0
    for orbit in regular_orbits():
        c = orbit.counts
        if min(c[31:34]) >= 3:
            dragons += orbit.size * orbit.weight
        if min(c[27:31]) >= 3:
            winds += orbit.size * orbit.weight
    green = sorted(TILE_LISTS["green"])
    all_green = 0
    for counts in product(range(5), repeat=len(green)):
        if sum(counts) == 14:
            vector = [0] * 34
            for t, n in zip(green, counts, strict=True):
                vector[t] = n
            if splits_into_sets(vector):
                all_green += _weighted(counts)
    figures = {pid: f.weighted_shown for (rid, pid), f in PUBLISHED.items() if rid == "riichi"}
    assert figures == {"big-three-dragons": dragons, "big-four-winds": winds, "all-green": all_green}
    assert (dragons, winds, all_green) == (16_137_216, 46_080, 146_082)  # the source's own numbers


@pytest.mark.parametrize("ruleset_id", sorted({rid for rid, _ in PUBLISHED}))
def test_stored_figures_equal_the_published_ones(ruleset_id: str) -> None:
    rs = RULESETS[ruleset_id]
    stored = read_stats(ruleset_id, CONTENT_DIR)
    assert stored is not None and tiles_current(stored, rs), f"run `mahjong-atlas stats --ruleset {ruleset_id}`"
    frequencies = ruleset_frequencies(rs, CONTENT_DIR, PUBLISHED)
    for (rid, pid), figure in PUBLISHED.items():
        if rid == ruleset_id:
            assert stored["patterns"][pid]["weighted_shown"] == figure.weighted_shown, pid
            assert frequencies[pid].published == figure and frequencies[pid].agrees, pid


def _content_with(tmp_path: Path, text: str) -> Path:
    content = tmp_path / "content"
    (content / "stats").mkdir(parents=True)
    shutil.copy(CONTENT_DIR / "sources.toml", content / "sources.toml")
    (content / "stats" / "published.toml").write_text(text, encoding="utf-8")
    return content


@pytest.mark.parametrize(("entry", "where"), [
    ('ruleset = "riichi"\npattern = "big-three-dragons"\nweighted_shown = "many"\nsource = "kawaya-gairon: x"',
     "published.toml:4: weighted_shown: expected a whole number"),
    ('ruleset = "riichi"\npattern = "big-three-dragon"\nweighted_shown = 1\nsource = "kawaya-gairon: x"',
     "published.toml:3: pattern: riichi has no pattern 'big-three-dragon'"),
    ('ruleset = "riichi"\npattern = "big-three-dragons"\nweighted_shown = 1\nsource = "nobody: x"',
     "published.toml:5: source: no bibliography entry 'nobody'"),
    ('ruleset = "riichi"\npattern = "big-three-dragons"\nweighted_shown = 1\nsource = "kawaya-gairon"',
     "published.toml:5: source: expected 'key: where'"),
    ('ruleset = "riichi"\npattern = "big-three-dragons"\nweighted_shown = 1\nsource = "kawaya-gairon: x"\nnote = "y"',
     "published.toml:6: note: unknown field"),
    ('ruleset = "richi"\npattern = "big-three-dragons"\nweighted_shown = 1\nsource = "kawaya-gairon: x"',
     "published.toml:2: ruleset: no rule set 'richi'"),
])
def test_a_bad_entry_names_its_file_line_and_field(tmp_path: Path, entry: str, where: str) -> None:
    content = _content_with(tmp_path, f"[[figure]]\n{entry}\n")
    with pytest.raises(ContentError) as caught:
        load_published(content, RULESETS)
    assert f"content/stats/{where}" in str(caught.value)


def test_a_disagreeing_figure_must_say_how_its_source_counts(tmp_path: Path) -> None:
    content = _content_with(tmp_path, '\n[[figure]]\nruleset = "riichi"\npattern = "all-green"\nweighted_shown = 146083\n'
                                      'source = "kawaya-gairon: 緑一色"\n')
    figure = load_published(content, RULESETS)[("riichi", "all-green")]
    with pytest.raises(ContentError, match=r"published.toml:2: differs: the published 146,083 .* not the atlas's 146,082"):
        check_agreement(figure, RULESETS["riichi"], "all-green", 146_082)
    explained = load_published(_content_with(tmp_path / "b", '[[figure]]\nruleset = "riichi"\npattern = "all-green"\n'
                                             'weighted_shown = 1\nsource = "kawaya-gairon: x"\ndiffers = "it counts '
                                             'something else"\n'), RULESETS)[("riichi", "all-green")]
    check_agreement(explained, RULESETS["riichi"], "all-green", 146_082)  # says why: accepted
