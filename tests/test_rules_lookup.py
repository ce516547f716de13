"""`find_ruleset` loads the one rule set asked for (and its base) and agrees with the full load.

Each test works on its own copy of content/rulesets, so the process-wide memos of `generator.rules`
start empty for it.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from generator import ruleset_store, rulesets
from generator.rules import CONTENT_DIR, ContentError
from generator.rulesets import all_rulesets, find_ruleset, load_rulesets


def copy_content(tmp_path: Path) -> Path:
    content = tmp_path / "content"
    shutil.copytree(CONTENT_DIR / "rulesets", content / "rulesets")
    shutil.copy(CONTENT_DIR / "sources.toml", content / "sources.toml")  # the bibliography the citations name
    return content


def loaded_alone(content: Path) -> set[str]:
    return {rid for (folder, rid) in rulesets._ONE if folder == content}


def test_every_id_and_alias_gives_what_the_full_load_gives(tmp_path: Path) -> None:
    full = load_rulesets(CONTENT_DIR)
    names = [(rs.id, name) for rs in full.values() for name in (rs.id, rs.id.upper(), *rs.aliases)]
    assert len(names) > 40
    for n, (rid, name) in enumerate(names):
        content = copy_content(tmp_path / str(n))
        found = find_ruleset(f" {name} ", content)
        assert found == full[rid], name
        assert content not in rulesets._ALL, f"{name}: every rule set was loaded"
        assert loaded_alone(content) == {rid, *([full[rid].diff.base] if full[rid].diff else [])}


def test_one_object_per_rule_set_whichever_is_asked_first(tmp_path: Path) -> None:
    content = copy_content(tmp_path)
    edition = find_ruleset("green-book", content)
    assert loaded_alone(content) == {"mcr-2006", "mcr"}
    assert find_ruleset("国标", content) is find_ruleset("mcr", content)
    everything = all_rulesets(content)
    assert everything["mcr-2006"] is edition
    assert everything["mcr"] is find_ruleset("MCR", content)
    assert find_ruleset("zj", content) is everything["zj-3.3"]  # after the full load, from it


def test_a_broken_file_does_not_stop_looking_up_another(tmp_path: Path) -> None:
    content = copy_content(tmp_path)
    zj = content / "rulesets" / "zj-2.4.toml"
    zj.write_text(zj.read_text(encoding="utf-8").replace('value = ', 'value = "', 1), encoding="utf-8")
    assert find_ruleset("sihai", content).id == "sihai-3.1"
    with pytest.raises(ContentError, match="zj-2.4.toml"):  # asking for it, or for an unknown name, loads it
        find_ruleset("zj24", content)


@pytest.mark.parametrize("edit", [
    ('id = "tuanyuan"', "id = 7"),  # a head that is not a rule set's: the full load words the error
    ('id = "tuanyuan"', 'id = "sihai-3.1"'),  # an id two files give
    ('base = "zj-2.4"', 'base = "zj-3.3"'),  # a base that leads back to itself
])
def test_unclear_heads_fall_back_to_the_full_load_and_its_error(tmp_path: Path, edit: tuple[str, str]) -> None:
    content = copy_content(tmp_path)
    for path in (content / "rulesets").glob("*.toml"):
        text = path.read_text(encoding="utf-8")
        if edit[0] in text:
            path.write_text(text.replace(edit[0], edit[1]), encoding="utf-8")
    with pytest.raises(ContentError) as err:
        load_rulesets(content)
    with pytest.raises(ContentError) as lookup:
        find_ruleset("zj", content)
    assert str(lookup.value) == str(err.value)


def test_an_unknown_name_lists_every_id(tmp_path: Path) -> None:
    content = copy_content(tmp_path)
    every = sorted(load_rulesets(content))
    assert len(every) > 1
    with pytest.raises(KeyError, match=re.escape(f"unknown rule set 'hong-kong' (known: {', '.join(every)})")):
        find_ruleset("hong-kong", content)


def stored_for(content: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Keep the rule sets `find_ruleset` finds in `content` (only the project's own content is kept otherwise) in a
    cache folder of the test's; returns that folder."""
    folder = content.parent / "cache"
    monkeypatch.setattr(ruleset_store, "_cache", lambda c: ruleset_store._QuietCache(folder) if c == content else None)
    return folder


def forget(content: Path) -> None:
    """What a new process knows of `content`: nothing (the memos are per process)."""
    for key in [k for k in rulesets._ONE if k[0] == content]:
        del rulesets._ONE[key]
    rulesets._ALL.pop(content, None)


def test_a_stored_rule_set_is_what_the_load_gives_and_skips_it(tmp_path: Path, monkeypatch: pytest.MonkeyPatch
                                                               ) -> None:
    content = copy_content(tmp_path)
    folder = stored_for(content, monkeypatch)
    full = load_rulesets(CONTENT_DIR)
    loaded = find_ruleset("Tenhou.net", content)
    assert (folder / f"{ruleset_store.ENTRY}.pickle").is_file()
    forget(content)
    monkeypatch.setattr(rulesets, "_find_alone", lambda *a: pytest.fail("loaded, not found stored"))
    stored = find_ruleset("tenhou.net ", content)
    assert stored == loaded == full["riichi-tenhou"]
    assert stored is not loaded  # read back from the cache
    assert all_rulesets(content)["riichi-tenhou"] is stored  # still one object per rule set


def test_an_edit_is_not_served_from_the_store_and_its_error_is_reported(tmp_path: Path,
                                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    content = copy_content(tmp_path)
    stored_for(content, monkeypatch)
    assert find_ruleset("riichi", content).id == "riichi"
    forget(content)
    path = content / "rulesets" / "riichi.toml"
    path.write_text(path.read_text(encoding="utf-8").replace("value = ", 'value = "', 1), encoding="utf-8")
    with pytest.raises(ContentError, match=r"riichi\.toml:\d+"):
        find_ruleset("riichi", content)
