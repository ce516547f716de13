"""Pagefind's filter indexes in a fixed order, so a bundle's bytes depend on its pages alone.

Pagefind writes the values of each filter, and the list of filters, in the order of a Rust hash map: two runs over
the same pages list them in different orders, which gives the filter files and the metadata file other contents
and other hashed names (its own issue #638 leaves these files unstable). Nothing reads that order: the search
looks filters up by name. So after each run the bundle's filter files and metadata are put in sorted order and
renamed by a digest of their new bytes, and the entry file names the metadata's new name. The fragments and word
indexes are stable already and are left as they are.

The files are gzip-compressed CBOR behind a `pagefind_dcd` signature. Only the CBOR that Pagefind writes there is
read: unsigned integers, text, arrays and the simple values; anything else is refused, so a format change of a later
Pagefind stops the build instead of corrupting the search.
"""

from __future__ import annotations

import gzip
import hashlib
import json
import struct
from collections.abc import Mapping

SIGNATURE = b"pagefind_dcd"
_SIMPLE = {20: False, 21: True, 22: None}
_SIMPLE_CODE = {False: 20, True: 21, None: 22}

Cbor = int | str | bool | None | list["Cbor"]


class FormatError(ValueError):
    """A bundle file that is not the CBOR this module knows how to order."""


def decode(data: bytes) -> Cbor:
    """One CBOR value that fills `data`.

    >>> decode(bytes([0x82, 0x61, 0x66, 0x18, 0x2a]))
    ['f', 42]
    """
    value, end = _decode(data, 0)
    if end != len(data):
        raise FormatError(f"{len(data) - end} bytes after the value")
    return value


def _decode(data: bytes, at: int) -> tuple[Cbor, int]:
    if at >= len(data):
        raise FormatError("the value is cut off")
    major, info = data[at] >> 5, data[at] & 31
    at += 1
    if major == 7:
        if info not in _SIMPLE:
            raise FormatError(f"simple value {info} (floats are not expected)")
        return _SIMPLE[info], at
    if info < 24:
        n = info
    elif info <= 27:
        size = 1 << (info - 24)
        if at + size > len(data):
            raise FormatError("the value is cut off")
        n = int.from_bytes(data[at:at + size], "big")
        at += size
    else:
        raise FormatError(f"indefinite length (additional information {info})")
    if major == 0:
        return n, at
    if major == 3:
        if at + n > len(data):
            raise FormatError("the value is cut off")
        return data[at:at + n].decode("utf-8"), at + n
    if major == 4:
        items: list[Cbor] = []
        for _ in range(n):
            item, at = _decode(data, at)
            items.append(item)
        return items, at
    raise FormatError(f"major type {major}")


def encode(value: Cbor) -> bytes:
    """The shortest CBOR for `value`, as Pagefind writes it.

    >>> encode(['f', 42]).hex(), encode(decode(bytes.fromhex('19012c'))).hex()
    ('826166182a', '19012c')
    """
    if isinstance(value, bool) or value is None:
        return bytes([0xE0 | _SIMPLE_CODE[value]])
    if isinstance(value, int):
        if value < 0:
            raise FormatError("negative integers are not expected")
        return _head(0, value)
    if isinstance(value, str):
        raw = value.encode("utf-8")
        return _head(3, len(raw)) + raw
    return _head(4, len(value)) + b"".join(encode(item) for item in value)


def _head(major: int, n: int) -> bytes:
    if n < 24:
        return bytes([major << 5 | n])
    for info, fmt in ((24, ">B"), (25, ">H"), (26, ">I"), (27, ">Q")):
        if n < 1 << (8 * struct.calcsize(fmt)):
            return bytes([major << 5 | info]) + struct.pack(fmt, n)
    raise FormatError(f"{n} does not fit in 64 bits")


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
