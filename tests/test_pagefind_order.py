"""Pagefind's filter indexes put in a fixed order (site/pagefind_order.py): cbor2, as the module uses it, agrees with
Pagefind's own files byte for byte, a bundle's order no longer depends on the run, and a file of another format is
refused rather than rewritten."""

from __future__ import annotations

import gzip
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from generator.site import pagefind_order
from generator.site.pagefind_order import SIGNATURE, FormatError, decode, encode, ordered, read_file

CBOR = st.recursive(st.none() | st.booleans() | st.integers(0, 2**64 - 1) | st.text(max_size=30),
                    lambda inner: st.lists(inner, max_size=6), max_leaves=40)


@given(CBOR)
def test_encode_then_decode_is_the_value(value) -> None:  # type: ignore[no-untyped-def]
    assert decode(encode(value)) == value


def _bundle_files(built_site: Path) -> list[Path]:
    return sorted(p for p in (built_site / "pagefind").rglob("*") if p.suffix in (".pf_meta", ".pf_filter"))


def test_pagefind_s_own_files_read_and_write_back_byte_for_byte(built_site: Path) -> None:
    files = _bundle_files(built_site)
    assert sum(p.suffix == ".pf_filter" for p in files) >= 10
    for path in files:
        raw = gzip.decompress(path.read_bytes())
        assert raw.startswith(SIGNATURE)
        assert encode(decode(raw[len(SIGNATURE):])) == raw[len(SIGNATURE):], path


def test_every_filter_of_the_built_bundles_lists_its_values_in_order(built_site: Path) -> None:
    filters = [read_file(p.read_bytes()) for p in _bundle_files(built_site) if p.suffix == ".pf_filter"]
    names = {f[0] for f in filters}  # type: ignore[index]
    assert {"kind", "ruleset", "name"} <= names
    for name, values in filters:  # type: ignore[misc]
        assert [v[0] for v in values] == sorted(v[0] for v in values), name


def _bundle(values: list[str]) -> dict[str, bytes]:
    """A bundle as Pagefind writes it, with one filter `f` whose values come in the given order (value "a" on page
    0, "b" on page 1, ...)."""
    content = pagefind_order.write_file(["f", [[v, [ord(v) - ord("a")]] for v in values]])
    meta = pagefind_order.write_file(["1.5.2", [["zh_0000001", 1]], [], [["f", "zh_1234567"]], [], ["title"]])
    entry = b'{"version":"1.5.2","languages":{"zh":{"hash":"zh_abcdef0123","wasm":null,"page_count":1}}}'
    return {"pagefind-entry.json": entry, "pagefind.zh_abcdef0123.pf_meta": meta,
            "filter/zh_1234567.pf_filter": content, "fragment/zh_0000001.pf_fragment": b"x"}


def test_two_orders_of_the_same_values_give_the_same_bundle() -> None:
    before = _bundle(["b", "a", "c"])
    one, two = ordered(before), ordered(_bundle(["c", "b", "a"]))
    assert one == two and one != before
    (name,) = [k for k in one if k.endswith(".pf_filter")]
    assert read_file(one[name]) == ["f", [["a", [0]], ["b", [1]], ["c", [2]]]]
    assert one["fragment/zh_0000001.pf_fragment"] == b"x"
    meta = next(k for k in one if k.endswith(".pf_meta"))
    assert meta.removeprefix("pagefind.").removesuffix(".pf_meta").encode() in one["pagefind-entry.json"]
    assert read_file(one[meta])[3] == [["f", name.removeprefix("filter/").removesuffix(".pf_filter")]]


def test_a_bundle_without_filters_is_left_byte_for_byte() -> None:
    bundle = _bundle(["a"])
    bundle["pagefind.zh_abcdef0123.pf_meta"] = pagefind_order.write_file(["1.5.2", [], [], [], [], []])
    del bundle["filter/zh_1234567.pf_filter"]
    assert ordered(bundle) == bundle


@pytest.mark.parametrize("raw, message", [(bytes([0xFB]) + bytes(8), "type float"), (bytes([0x9F, 0x01, 0xFF]), "shortest"),
                                          (bytes([0xA1, 0x01, 0x02]), "type dict"), (bytes([0x62, 0x61]), "not CBOR"),
                                          (bytes([0x01, 0x02]), "shortest"), (bytes([0x18, 0x01]), "shortest"),
                                          (bytes([0x20]), "type int: -1")])
def test_cbor_pagefind_does_not_write_is_refused(raw: bytes, message: str) -> None:
    with pytest.raises(FormatError, match=message):
        decode(raw)
