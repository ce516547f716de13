"""Compatibility matrices decided pair by pair: every pair of a rule set's patterns is `both`, `below-minimum`,
`excludes` or `never`, each backed by a witness hand or a computed reason (see decide.py).

`mahjong-atlas matrix` runs the search (run.py) and stores the answers under content/matrix/ (store.py);
the site build reads them.
"""
