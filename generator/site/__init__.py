"""The static site: gather the rule data and the scored examples, render every page in memory, check every
link, write atomically, index for search. `build(out)` is the entry point (generator/cli.py `build`)."""
