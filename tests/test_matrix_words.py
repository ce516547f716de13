"""The compatibility matrix's reasons say themselves in Chinese: every stored reason keeps the Message it was made
as (`said`), which gives back its English byte for byte, and every template in it has a Chinese translation, so a
Chinese page shows the reason in Chinese (pattern names and the rule data's reasons included)."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from generator import messages
from generator.site import i18n

MATRIX = Path(__file__).resolve().parent.parent / "content" / "matrix"
FILES = sorted(MATRIX.glob("*.json"))
ENGLISH_RUN = re.compile(r"[A-Za-z][A-Za-z'’]*(?:[ ,;:()-]+[A-Za-z][A-Za-z'’]*){2,}")


def _reasons(path: Path) -> Iterator[dict[str, object]]:
    obj = json.loads(path.read_text(encoding="utf-8"))
    yield from obj["never"]
    yield from obj["pairs"]


def _templates(data: messages.Data) -> Iterator[str]:
    if isinstance(data, dict) and "t" in data:
        yield data["t"]
        for v in data.get("v", {}).values():
            yield from _templates(v)
    elif isinstance(data, dict) and "join" in data:
        yield data["join"]
        for p in data["parts"]:
            yield from _templates(p)


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_every_stored_reason_is_its_message(path: Path) -> None:
    zh = i18n.translations(i18n.ZH_HANS)
    seen: set[str] = set()
    for x in _reasons(path):
        assert "said" in x, (path.name, x["a"], x["b"])
        said = messages.from_data(x["said"])
        assert said == x["reason"], (path.name, x["a"], x["b"])
        for template in _templates(x["said"]):
            if template not in seen:
                seen.add(template)
                assert zh.gettext(template) != template or not re.search("[A-Za-z]", template), (
                    f"{path.name}: no Chinese for the matrix reason template {template!r}")
        chinese = messages.say(said, zh.gettext, zh=True)
        run = ENGLISH_RUN.search(re.sub(r"`[^`]*`", "", chinese))
        assert run is None, (f"{path.name}: {x['a']} × {x['b']} says English in Chinese: {run.group(0)!r} in "
                             f"{chinese!r}")


def test_a_reason_reads_in_chinese() -> None:
    """One reason of each kind, said: names and the rule data's reason in Chinese, the figures kept."""
    zh = i18n.translations(i18n.ZH_HANS).gettext
    never = messages.Message(messages.N_("%(needs)s: no complete hand that shows the other has it, however its "
                                         "tiles are divided"),
                             needs=messages.Message(messages.N_("%(name)s needs %(needs)s"),
                                                    name=messages.Name("Three Kongs", "三杠"),
                                                    needs=messages.Message(messages.N_("%(n)s kong(s)"), n=3)))
    said = messages.say(messages.from_data(json.loads(json.dumps(messages.to_data(never)))), zh, zh=True)
    assert said.startswith("三杠需要杠 3 个") and not re.search("[A-Za-z]", said)
    why = messages.Name("必然包含: four pungs", "必然包含：四副刻子")
    excluded = messages.Message(messages.N_("%(name)s excludes it (%(why)s)"),
                                name=messages.Name("All Pungs", "碰碰和"), why=why)
    said = messages.say(messages.from_data(messages.to_data(excluded)), zh, zh=True)
    assert said == "碰碰和使它不计（必然包含：四副刻子）"
