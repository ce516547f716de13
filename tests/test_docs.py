"""The docs tell the truth: the design names real code, and the notation contract is what the code does."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_every_path_the_design_record_names_exists() -> None:
    text = (ROOT / "docs" / "design.md").read_text(encoding="utf-8")
    named = set(re.findall(r"`([\w/.-]+\.(?:py|sh))\b", text))  # from the project root, or within the package
    assert len(named) > 10
    assert sorted(p for p in named if not (ROOT / p).exists() and not (ROOT / "generator" / p).exists()) == []


def test_the_design_maps_every_rule_family_and_every_rule_set() -> None:
    """The Rule families table has a row per registered family, naming its module, its policy object and each
    rule set that plays it."""
    from generator.rulesets import all_rulesets
    from generator.scoring import families

    text = (ROOT / "docs" / "design.md").read_text(encoding="utf-8")
    section = text.split("## Rule families", 1)[1].split("\n## ", 1)[0]
    rows = {m[0]: m[1] for m in re.findall(r"^\| `([\w-]+)` \|(.*)$", section, flags=re.M)}
    assert sorted(rows) == sorted(families.names())
    for family in map(families.policy_of, families.BUILT_IN):
        module = type(family).__module__.removeprefix("generator.").replace(".", "/") + ".py"
        assert f"`{module}`, `{type(family).__name__}`" in rows[family.name], family.name
    for rs in all_rulesets().values():
        assert f"`{rs.id}`" in rows[rs.policy], rs.id


NOTATION = ROOT / "docs" / "notation.md"


def test_the_notation_contract_lists_every_flag_in_canonical_order() -> None:
    """The flag table's order is the canonical order `format_hand` prints flags in."""
    from generator.notation import FLAG_ORDER

    text = NOTATION.read_text(encoding="utf-8")
    table = re.findall(r"^\| `([a-z-]+)(?:=[^`]*)?` \|", text.split("### Canonical form")[0], flags=re.M)
    assert table == list(FLAG_ORDER)


def test_how_to_read_explains_every_flag_and_the_red_five() -> None:
    """Readers learn the notation from *How to read*: every flag the parser accepts is there with what it means."""
    from generator.notation_format import FLAG_ORDER

    page = (ROOT / "content" / "pages" / "how-to-read.md").read_text(encoding="utf-8")
    for flag in FLAG_ORDER:
        assert re.search(rf"`{re.escape(flag)}(=[^`]*)?`", page), flag
    assert "`0m`" in page and "red five" in page


def test_the_notation_contract_example_is_what_the_engine_prints() -> None:
    import json

    from generator.cli import score_line
    from generator.rulesets import find_ruleset

    text = NOTATION.read_text(encoding="utf-8")
    block = text.split("## The score object", 1)[1].split("```json", 1)[1].split("```", 1)[0]
    shown = dict(re.findall(r'^  "(\w+)": ("[^"]*"|true|false|\d+),?$', block, flags=re.M))
    (result,) = score_line(json.loads(shown["hand"]), [find_ruleset("mcr")])
    assert {k: json.loads(v) for k, v in shown.items()} == {k: result[k] for k in shown}
    first = json.loads(re.search(r'"patterns": \[(\{[^}]*\})', block).group(1))  # type: ignore[union-attr]
    assert first == result["patterns"][0]


def test_no_tracked_doc_names_a_path_outside_the_repository() -> None:
    for path in [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]:
        assert not re.search(r"\.\./shared|shared/(sources|reference)", path.read_text(encoding="utf-8")), path
