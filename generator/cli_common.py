"""What every command of `mahjong-atlas` shares: exit statuses, the one-line usage error, rule sets by name."""

from __future__ import annotations

from .rules import Ruleset
from .rulesets import all_rulesets, find_ruleset

EXIT_OK, EXIT_FAIL, EXIT_USAGE = 0, 1, 2


class UsageError(Exception):
    """Bad input from the user: reported in one line, exit status 2."""


def rulesets_named(names: list[str] | None) -> list[Ruleset]:
    if not names:
        return list(all_rulesets().values())
    out = []
    for n in names:
        try:
            out.append(find_ruleset(n))
        except KeyError as exc:
            raise UsageError(exc.args[0]) from None
    return out
