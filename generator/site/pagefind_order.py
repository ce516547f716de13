"""Pagefind's filter indexes in a fixed order, so a bundle's bytes depend on its pages alone.

Pagefind writes the values of each filter, and the list of filters, in the order of a Rust hash map: two runs over
the same pages list them in different orders, which gives the filter files and the metadata file other contents
and other hashed names (its own issue #638 leaves these files unstable). Nothing reads that order: the search
looks filters up by name. So after each run the bundle's filter files and metadata are put in sorted order and
renamed by a digest of their new bytes, and the entry file names the metadata's new name. The fragments and word
indexes are stable already and are left as they are.

The files are gzip-compressed CBOR behind a `pagefind_dcd` signature, read and written by the `cbor2` library.
Only the CBOR that Pagefind writes there is accepted: unsigned integers, text, arrays and the simple values, each in
its shortest definite-length form (so writing a file back gives its bytes again); anything else is refused, so a
format change of a later Pagefind stops the build instead of corrupting the search.
"""

from __future__ import annotations

import gzip
import hashlib
import json
from collections.abc import Mapping

import cbor2

SIGNATURE = b"pagefind_dcd"

Cbor = int | str | bool | None | list["Cbor"]


class FormatError(ValueError):
    """A bundle file that is not the CBOR this module knows how to order."""


def decode(data: bytes) -> Cbor:
    """One CBOR value that fills `data`, as Pagefind writes it.

    >>> decode(bytes([0x82, 0x61, 0x66, 0x18, 0x2a]))
    ['f', 42]
    """
    try:
        value = cbor2.loads(data)
    except (cbor2.CBORDecodeError, ValueError, EOFError) as exc:
        raise FormatError(f"not CBOR: {exc}") from exc
    _check(value)
    if encode(value) != data:  # trailing bytes, indefinite lengths, long forms: not what Pagefind writes
        raise FormatError("not the shortest definite-length CBOR of its value")
    return value


def _check(value: object) -> None:
    if isinstance(value, list):
        for item in value:
            _check(item)
    elif not (value is None or isinstance(value, (bool, str)) or (isinstance(value, int) and 0 <= value < 1 << 64)):
        raise FormatError(f"a value of type {type(value).__name__}: {value!r:.40} (Pagefind writes unsigned "
                          f"integers, text, arrays and simple values)")


def encode(value: Cbor) -> bytes:
    """The shortest CBOR for `value`, as Pagefind writes it.

    >>> encode(['f', 42]).hex(), encode(decode(bytes.fromhex('19012c'))).hex()
    ('826166182a', '19012c')
    """
    _check(value)
    return cbor2.dumps(value)


def read_file(blob: bytes) -> Cbor:
    data = gzip.decompress(blob)
    if not data.startswith(SIGNATURE):
        raise FormatError("no pagefind_dcd signature")
    return decode(data[len(SIGNATURE):])


def write_file(value: Cbor) -> bytes:
    return gzip.compress(SIGNATURE + encode(value), compresslevel=9, mtime=0)


def _name(language: str, blob: bytes, digits: int) -> str:
    return f"{language}_{hashlib.sha256(blob).hexdigest()[:digits]}"


def ordered(files: Mapping[str, bytes]) -> dict[str, bytes]:
    """One bundle's files (path -> bytes) with its filter indexes and metadata in sorted order, renamed to match.

    A bundle with no filters comes back unchanged, byte for byte.
    """
    entry = json.loads(files["pagefind-entry.json"])
    out = dict(files)
    for language, about in sorted(entry["languages"].items()):
        meta_path = f"pagefind.{about['hash']}.pf_meta"
        meta = read_file(files[meta_path])
        # [version, pages, word index chunks, filters, sorts, ...]
        if not isinstance(meta, list) or len(meta) < 4 or not isinstance(meta[3], list):
            raise FormatError(f"{meta_path}: not the metadata layout of Pagefind 1.x")
        if not meta[3]:
            continue
        filters: list[Cbor] = []
        for item in meta[3]:
            if not (isinstance(item, list) and len(item) == 2 and isinstance(item[1], str)):
                raise FormatError(f"{meta_path}: a filter entry is not [name, hash]")
            old = f"filter/{item[1]}.pf_filter"
            content = read_file(files[old])
            if not (isinstance(content, list) and len(content) == 2 and isinstance(content[1], list)):
                raise FormatError(f"{old}: not [name, values]")
            blob = write_file([content[0], sorted(content[1], key=_value_key)])
            del out[old]
            new = _name(language, blob, len(item[1]) - len(language) - 1)
            out[f"filter/{new}.pf_filter"] = blob
            filters.append([item[0], new])
        meta[3] = sorted(filters, key=lambda f: str(f[0]) if isinstance(f, list) else "")
        blob = write_file(meta)
        del out[meta_path]
        new_meta = _name(language, blob, len(about["hash"]) - len(language) - 1)
        out[f"pagefind.{new_meta}.pf_meta"] = blob
        about["hash"] = new_meta
    if out.keys() != files.keys() or any(out[k] != files[k] for k in out):
        out["pagefind-entry.json"] = json.dumps(entry, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    return out


def _value_key(value: Cbor) -> str:
    if not (isinstance(value, list) and value and isinstance(value[0], str)):
        raise FormatError("a filter value is not [value, pages]")
    return value[0]
