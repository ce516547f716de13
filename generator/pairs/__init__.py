"""Every pair of patterns decided (`mahjong-atlas matrix`): can the two be scored together?

- `walk`: every division of every distinct concealed complete hand; `potential`: what a pattern of the win asks
  of a division; together they prove `never`;
- `context`: two patterns of the flags, over every combination of flags;
- `moves`, `witness`: the engine's search for hands that count both, or show both with one dropped;
- `decide`: one answer per pair from all of these, the policy's `kept_apart` and a third pattern that always drops
  one of the two where both show;
- `exhaust`: the pairs still open, tried on every division that holds both;
- `run`: the whole run in parallel; `store`: the JSON the build reads (content/matrix/).
"""
