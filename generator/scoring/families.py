"""The registry of rule families: each family under the name rule data gives it (`policy = "series"`) and its
aliases. It is the one place a rule set's `policy` is resolved to its `Policy` (`policy_of(ruleset.policy)`).

The registry sits above the families (it imports each) and above the rule data: the rule loader is handed it
(generator.rulesets does that), so neither imports it back. A new family is one module of generator.scoring
defining its `Policy` as `POLICY`, and its line in `BUILT_IN`.
"""

from __future__ import annotations

from importlib import import_module
from typing import Final

from .policy import Policy

BUILT_IN: Final[tuple[str, ...]] = (
    "series",
    "mcr",
    "multiplier",
    "riichi",
    "guangdong",
)
"""Every family the atlas plays, registered in this order (the loader's message lists the known names in it): each
is the family's name and its module's, under generator.scoring.

A built-in family's module is imported when it is first asked for, by its name; an alias, or a name no family has,
imports the rest first (their aliases are theirs to say). Why: `score --ruleset riichi` needs one family of the five,
and importing the other four was a twelfth of its start-up. (tests/test_structure.py reads this tuple as imports.)"""


class UnknownPolicy(KeyError):
    """A policy name (or alias) no family registered."""

    def __init__(self, name: str, known: tuple[str, ...]) -> None:
        super().__init__(name)
        self.name = name
        self.known = known

    def __str__(self) -> str:
        return f"unknown scoring policy {self.name!r} (known: {', '.join(self.known)})"


class Registry:
    """Families by name and alias. The rule loader asks it (`find`, `names`) through its `Families` protocol."""

    def __init__(self, families: tuple[Policy, ...] = (), modules: tuple[str, ...] = ()) -> None:
        self._by_name: dict[str, Policy] = {}
        """Every family imported so far under its name and each alias."""
        self._names: list[str] = []
        """The registered families' names, in registration order, those not imported yet included."""
        self._unimported: dict[str, str] = {}
        """The module of each of `modules` not imported yet, by the family's name."""
        for name in modules:
            self._unimported[name] = f"{__package__}.{name}"
            self._names.append(name)
        for family in families:
            self.register(family)

    def _import(self, name: str) -> Policy | None:
        """The family `name` of `modules`, imported now; None when no such module is waiting."""
        module = self._unimported.get(name)
        if module is None:
            return None
        policy: Policy = import_module(module).POLICY  # two threads that ask at once both wait for the one import
        if policy.name != name:
            raise RuntimeError(f"{module} defines the family {policy.name!r}, not {name!r}")
        for n in (policy.name, *policy.aliases):
            self._by_name[n] = policy
        self._unimported.pop(name, None)  # only now: until its names are in, another thread must import it too
        return policy

    def _import_all(self) -> None:
        for name in list(self._unimported):
            self._import(name)

    def register(self, policy: Policy) -> Policy:
        """Add a family under its name and aliases; a name another family holds is refused."""
        self._import_all()
        taken = [n for n in (policy.name, *policy.aliases) if n in self._by_name]
        if taken:
            raise ValueError(f"policy name {taken[0]!r} is already registered ({self._by_name[taken[0]]!r})")
        for n in (policy.name, *policy.aliases):
            self._by_name[n] = policy
        self._names.append(policy.name)
        return policy

    def unregister(self, name: str) -> Policy:
        """Remove the family registered as `name` (or under that alias), with all its names."""
        policy = self.policy_of(name)
        for n in (policy.name, *policy.aliases):
            del self._by_name[n]
        self._names.remove(policy.name)
        return policy

    def policy_of(self, name: str) -> Policy:
        """The family registered under `name` or an alias of it; UnknownPolicy otherwise."""
        policy = self._by_name.get(name) or self.find(name)
        if policy is None:
            raise UnknownPolicy(name, self.names())
        return policy

    def find(self, name: str) -> Policy | None:
        """The family registered under `name` or an alias of it; None for a name no family registered (a rule set
        made in code may name one, and the statistics then report it uncovered)."""
        policy = self._by_name.get(name)
        if policy is None and self._unimported:
            policy = self._import(name)
            if policy is None:
                self._import_all()
                policy = self._by_name.get(name)
        return policy

    def known(self, name: str) -> bool:
        """Whether some family is registered under `name` or an alias of it."""
        return self.find(name) is not None

    def names(self) -> tuple[str, ...]:
        """The registered families' names (not their aliases), in registration order."""
        return tuple(self._names)


REGISTRY: Final = Registry(modules=BUILT_IN)
"""The families of this process: the built-in ones, and any a caller (a test's toy family) registers."""

register = REGISTRY.register
unregister = REGISTRY.unregister
policy_of = REGISTRY.policy_of
find_policy = REGISTRY.find
known = REGISTRY.known
names = REGISTRY.names
