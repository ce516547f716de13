"""Exact statistics over every distinct concealed complete hand (`mahjong-atlas stats`).

- `hands`: the enumerator, built from per-suit parts and grouped into orbits of the tile
  symmetries (suits among themselves, winds, dragons), with physical-tile weights;
- `tally`: which patterns of a rule set depend on the tiles alone, and how many hands show each
  and count it, over the orbits (in parallel);
- `wild`: the same figures for a rule set of suit-bound wild tiles (团圆), counted by classes;
- `store`: the deterministic JSON the site reads (content/stats/<ruleset>.json);
- `frequency`: what a pattern page says from it (figures, stale figures, or why there are none).
"""
