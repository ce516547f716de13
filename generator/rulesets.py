"""The atlas's rule sets: loaded from content/ and checked against the families they name (the registry,
generator.scoring.families), looked up by id or alias. The rule data (generator.rules) is below the families
and the families below this module, which hands the registry to the loader."""

from __future__ import annotations

from pathlib import Path

from . import ruleset_store
from .rules import CONTENT_DIR, Ruleset
from .rules.errors import Problems
from .rules.locate import locate
from .scoring.families import REGISTRY

__all__ = ["all_rulesets", "find_ruleset", "load_rulesets"]


def load_rulesets(content: Path = CONTENT_DIR, problems: Problems | None = None) -> dict[str, Ruleset]:
    """Every rule set under content/rulesets, bases before editions, keyed by id, each checked against its family.

    Without `problems`, any problem raises (all of them, in file order, as ContentErrors); with it, the problems are
    added to it and the rule sets that loaded are returned."""
    from .rules import loader  # here and in `_load_alone`, not at the top: a rule set found stored needs no loader

    return loader.load_rulesets(content, REGISTRY, problems)


_ALL: dict[Path, dict[str, Ruleset]] = {}
"""Every rule set of a content folder, once `all_rulesets` has loaded them (once per process)."""
_ONE: dict[tuple[Path, str], Ruleset] = {}
"""Rule sets `find_ruleset` loaded on their own, by content folder and id."""

Head = tuple[str, tuple[str, ...], str | None]
"""A rule-set file's id, aliases and base, as its [ruleset] table writes them."""


def all_rulesets(content: Path = CONTENT_DIR) -> dict[str, Ruleset]:
    """The rule sets of a content folder, loaded once per process. A rule set `find_ruleset` already
    loaded on its own is handed out again, so each rule set is one object for the whole process."""
    done = _ALL.get(content)
    if done is None:
        done = load_rulesets(content)
        for rid, rs in done.items():
            earlier = _ONE.get((content, rid))
            if earlier is not None and earlier == rs:
                done[rid] = earlier
        _ALL[content] = done
    return done


def find_ruleset(name: str, content: Path = CONTENT_DIR) -> Ruleset:
    """Resolve an id or alias case-insensitively ('MCR', '国标', 'zj24'); KeyError lists the known ids.

    Why not always through `all_rulesets`: `score --ruleset mcr` needs one rule set (and its base), and
    loading all six would be a third of the command's start-up. The file is found by its [ruleset] table
    alone; whenever that is not clear-cut (a table that does not read on its own, a name no file gives,
    an id two files give), every rule set is loaded, and that load words the error.
    """
    key = name.strip().lower()
    if content not in _ALL:
        found, stamp = ruleset_store.stored(key, content)  # what an earlier process found (ruleset_store.py)
        if found is None:
            found = _find_alone(key, content)
            if found is not None:
                ruleset_store.store(key, content, stamp, found)
        if found is not None:
            _ONE.setdefault((content, found.id), found)
            return found
    rulesets = all_rulesets(content)
    for rs in rulesets.values():
        if key == rs.id or key in (a.lower() for a in rs.aliases):
            return rs
    raise KeyError(f"unknown rule set {name!r} (known: {', '.join(rulesets)})")


def _find_alone(key: str, content: Path) -> Ruleset | None:
    """The rule set `key` names, loaded with its base chain only; None when the heads do not settle it."""
    heads: dict[str, tuple[Path, Head]] = {}
    for path in sorted((content / "rulesets").glob("*.toml")):
        head = _head(path)
        if head is None or head[0] in heads:
            return None
        heads[head[0]] = (path, head)
    for rid in sorted(heads):  # the order `all_rulesets` is searched in
        _, (_, aliases, _) = heads[rid]
        if key == rid or key in (a.lower() for a in aliases):
            return _load_alone(rid, heads, content, ())
    return None


def _load_alone(rid: str, heads: dict[str, tuple[Path, Head]], content: Path, chain: tuple[str, ...]
                ) -> Ruleset | None:
    loaded = _ONE.get((content, rid))
    if loaded is not None:
        return loaded
    path, (_, _, base_id) = heads[rid]
    bases: dict[str, Ruleset] = {}
    if base_id is not None:
        if base_id not in heads or base_id in chain:
            return None  # an unknown or circular base: the full load says which
        base = _load_alone(base_id, heads, content, (*chain, rid))
        if base is None:
            return None
        bases[base_id] = base
    from .rules import loader

    rs = loader.load_file(path, bases, REGISTRY, content.parent)
    _ONE[(content, rid)] = rs
    return rs


def _head(path: Path) -> Head | None:
    """(id, aliases, base) from a file's [ruleset] table, parsed on its own (a fraction of the file);
    None when it does not read that way."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return None
    lines = locate(text, until_after="ruleset")
    start = lines.get(("ruleset", 0, ""))
    if start is None:
        return None
    rows = text.splitlines()
    end = min((n for (_, _, key), n in lines.items() if not key and n > start), default=len(rows) + 1)
    import tomllib  # here: a rule set found stored (ruleset_store.py) reads no TOML

    try:
        head = tomllib.loads("\n".join(rows[start - 1:end - 1]))["ruleset"]
    except (tomllib.TOMLDecodeError, KeyError):
        return None
    rid, aliases, base = head.get("id"), head.get("aliases", []), head.get("base")
    if not isinstance(rid, str) or not isinstance(aliases, list) or not all(isinstance(a, str) for a in aliases):
        return None
    if base is not None and not isinstance(base, str):
        return None
    return rid, tuple(aliases), base
