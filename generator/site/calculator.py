"""The calculator page (/calculator/): the engine itself, run in the reader's browser by Pyodide.

The build adds three things to the site (`asset_files`), each under a content-hashed name so a host may cache it
for good and a second visit downloads nothing again:

* the Pyodide runtime (npm `pyodide`, pinned to PYODIDE_VERSION), copied from the project's npm cache into
  /pyodide/<version>-<hash>/ — served by the site itself, no CDN;
* the engine bundle /calculator/engine-<hash>.zip: the engine's own modules byte for byte (`engine_sources`: what
  scoring needs, not the site, the command line or the statistics), the rule data (content/rulesets/*.toml) and
  the worker's entry module (calculator_engine.py, as atlas_calc.py);
* the memory snapshot /calculator/snapshot-<hash>.bin (calculator_snapshot.py): the interpreter with that bundle
  imported and the rule sets loaded, made under Node, which the page restores instead of booting Python;
* nothing else: the page script and the worker (templates/static/calculator*.js) are static files like site.js.

Without the runtime the build prints one warning line and the page says how to get it.
"""

from __future__ import annotations

import ast
import functools
import hashlib
import io
import json
import os
import sys
import zipfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from markupsafe import Markup

from ..digest import ruleset_stamp
from ..scoring import families
from ..tiles import ALL_TILES, GHOST, tile_en, tile_to_text, tile_zh
from . import calculator_snapshot, calculator_words, i18n, svg, urls
from .i18n import N_
from .i18n import gettext as _

URL = urls.CALCULATOR
PYODIDE_VERSION = "314.0.7"
NPM_INSTALL = f"npm install --prefix .cache/npm pyodide@{PYODIDE_VERSION}"
RUNTIME_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json",
                 "package.json")
"""What the browser needs of the npm package (package.json only says which version and licence it is)."""

_PACKAGE = Path(__file__).resolve().parent.parent  # generator/
_ROOT = _PACKAGE.parent
ENTRY = "atlas_calc.py"
_ZIP_TIME = (1980, 1, 1, 0, 0, 0)


def runtime_dir() -> Path | None:
    """The npm package's folder: $ATLAS_PYODIDE_DIR, else .cache/npm/node_modules/pyodide; None if absent or
    not the pinned version."""
    env = os.environ.get("ATLAS_PYODIDE_DIR")
    folder = Path(env) if env else _ROOT / ".cache" / "npm" / "node_modules" / "pyodide"
    if not all((folder / name).is_file() for name in RUNTIME_FILES):
        return None
    if f'"version": "{PYODIDE_VERSION}"' not in (folder / "package.json").read_text(encoding="utf-8"):
        return None
    return folder


def _imported(path: Path) -> set[Path]:
    """The package's modules that `path` imports (absolute `generator.…` or relative), as files."""
    tree = ast.parse(path.read_bytes(), filename=str(path))
    here = path.parent.relative_to(_PACKAGE).parts
    names: set[tuple[str, ...]] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(tuple(a.name.split(".")) for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = ("generator", *here[:len(here) - node.level + 1])
            else:
                base = ()
            module = (*base, *node.module.split(".")) if node.module else base
            names.add(module)
            names.update((*module, a.name) for a in node.names)  # `from . import x` may name a module
    found: set[Path] = set()
    for name in names:
        if name[:1] != ("generator",) or len(name) < 2:
            continue
        rel = Path(*name[1:])
        for candidate in (_PACKAGE / rel.with_suffix(".py"), _PACKAGE / rel / "__init__.py"):
            if candidate.is_file():
                found.add(candidate)
    return found


def engine_sources() -> dict[str, Path]:
    """The engine modules scoring needs, by their path in the bundle (generator/…): every module the worker's
    entry module imports, and every family module (the registry imports those by name when first asked for, the
    one import by computed name in the package: tests/test_structure.py), followed to the end."""
    todo = [_PACKAGE / "__init__.py", _PACKAGE / "site" / "calculator_engine.py",
            *(_PACKAGE / "scoring" / f"{name}.py" for name in families.BUILT_IN)]
    seen: set[Path] = set()
    while todo:
        path = todo.pop()
        if path not in seen:
            seen.add(path)
            todo.extend(_imported(path))
    seen.discard(_PACKAGE / "site" / "calculator_engine.py")  # bundled as the entry module (ENTRY)
    return {f"generator/{p.relative_to(_PACKAGE).as_posix()}": p for p in sorted(seen)}


_ZIPPED: dict[str, bytes] = {}


def _zip(members: dict[str, bytes]) -> bytes:
    """A deterministic zip (fixed times, sorted names): the same sources give the same bytes and name (kept per
    process by the members' digest: a build asks for it twice)."""
    h = hashlib.sha256()
    for name in sorted(members):
        h.update(name.encode() + b"\0" + hashlib.sha256(members[name]).digest())
    key = h.hexdigest()
    if key not in _ZIPPED:
        _ZIPPED[key] = _zip_now(members)
    return _ZIPPED[key]


def _zip_now(members: dict[str, bytes]) -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as z:
        for name in sorted(members):
            info = zipfile.ZipInfo(name, _ZIP_TIME)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            z.writestr(info, members[name], compresslevel=9)
    return out.getvalue()


def bundle_members(content: Path) -> dict[str, bytes]:
    members = {name: path.read_bytes() for name, path in engine_sources().items()}
    for path in sorted((content / "rulesets").glob("*.toml")):
        members[f"content/rulesets/{path.name}"] = path.read_bytes()
    members[ENTRY] = (_PACKAGE / "site" / "calculator_engine.py").read_bytes()
    return members


def _short(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()[:12]


@dataclass(frozen=True)
class Assets:
    runtime: str | None  # the runtime folder's URL, None when the build has no runtime
    bundle: str  # the engine bundle's URL
    files: tuple[tuple[str, bytes], ...]  # output path -> bytes
    snapshot: str | None = None  # the memory snapshot's URL, None without the runtime or Node
    lock: str | None = None  # the runtime's lock file's "info" as JSON (calculator-worker.js: options)


@functools.lru_cache(maxsize=4)
def _runtime(folder: str, stamp: tuple[tuple[str, int, int], ...]) -> tuple[str, tuple[tuple[str, bytes], ...]]:
    """The runtime's URL and files; cached per folder and file state (a build asks twice)."""
    files = [(name, (Path(folder) / name).read_bytes()) for name in RUNTIME_FILES]
    h = hashlib.sha256()
    for name, data in files:
        h.update(name.encode() + b"\0" + data + b"\0")
    url = f"/pyodide/{PYODIDE_VERSION}-{h.hexdigest()[:10]}/"
    return url, tuple((url.lstrip("/") + name, data) for name, data in files)


def _runtime_state(folder: Path) -> tuple[tuple[str, int, int], ...]:
    return tuple((n, (folder / n).stat().st_size, (folder / n).stat().st_mtime_ns) for n in RUNTIME_FILES)


_warned: set[str] = set()


def assets(content: Path) -> Assets:
    """Everything the calculator adds to the site (warns once per process when the runtime is missing)."""
    zipped = _zip(bundle_members(content))
    bundle = f"/calculator/engine-{_short(zipped)}.zip"
    files: list[tuple[str, bytes]] = [(bundle.lstrip("/"), zipped)]
    folder = runtime_dir()
    runtime = snapshot = lock = None
    if folder is not None:
        runtime, runtime_files = _runtime(str(folder), _runtime_state(folder))
        files.extend(runtime_files)
        made = calculator_snapshot.snapshot(folder, runtime, zipped)  # `runtime` names the files' digest
        if made is not None:
            snapshot = f"/calculator/snapshot-{_short(made)}.bin"
            files.append((snapshot.lstrip("/"), made))
        lock = _lock_info(dict(runtime_files))
    elif "runtime" not in _warned:
        _warned.add("runtime")
        print(f"warning: no Pyodide {PYODIDE_VERSION} runtime found, so the calculator page cannot score in the "
              f"browser (to enable it: {NPM_INSTALL}, then build again)", file=sys.stderr)
    return Assets(runtime, bundle, tuple(files), snapshot, lock)


def _lock_info(files: dict[str, bytes]) -> str:
    """The lock file's "info" (versions and ABI), which the runtime checks; the worker passes it with no packages
    so that the runtime need not fetch the whole lock file."""
    lock = next(data for name, data in files.items() if name.endswith("/pyodide-lock.json"))
    return json.dumps(json.loads(lock)["info"], sort_keys=True, separators=(",", ":"))


def runtime_key() -> str:
    """What the runtime adds to the whole-build cache key: installing it later must rebuild the site."""
    folder = runtime_dir()
    return "none" if folder is None else repr(_runtime_state(folder))


def asset_files(data: Any) -> dict[str, bytes]:
    """The calculator's files for the build (`data`: the gathered SiteData)."""
    return dict(assets(data.content).files)


# ----------------------------------------------------------------------------- the page


WIND_CHOICES = (("E", N_("East")), ("S", N_("South")), ("W", N_("West")), ("N", N_("North")))
BOOL_TOGGLES = (
    ("tsumo", N_("Self-drawn (tsumo, 自摸)")),
    ("last-tile", N_("Last tile of the wall")),
    ("after-kong", N_("On the replacement tile after a kong")),
    ("robbing-kong", N_("Robbing a kong")),
    ("last-copy", N_("Last copy of the tile (和绝张)")),
    ("first-turn", N_("First turn")),
    ("dealer", N_("Winner is the dealer")),
)
RIICHI_TOGGLES = (
    ("riichi", N_("Riichi declared (立直)")),
    ("double-riichi", N_("Double riichi, on the first turn (两立直)")),
    ("ippatsu", N_("Ippatsu: within a go-around of riichi (一发)")),
)
"""Riichi's declarations, in a group of their own: every other rule set reads past them (推倒和 reads riichi as 报听)."""
MELD_MODES = (
    ("tile", N_("Standing tile"), "", N_("a tile in the concealed hand")),
    ("chow", N_("Chow"), "吃", N_("a claimed run of three in one suit: tap its lowest tile")),
    ("pung", N_("Pung"), "碰", N_("a claimed set of three alike")),
    ("kong", N_("Kong"), "明杠", N_("a claimed set of four alike")),
    ("ckong", N_("Concealed kong"), "暗杠", N_("four alike from the wall, declared")),
    ("win", N_("Winning tile"), "和", N_("the tile that completed the hand; else the last tile tapped")),
    ("dora", N_("Dora indicator"), "宝牌指示牌", N_("Riichi: a tile shown on the dead wall (the next tile is dora)")),
    ("ura", N_("Ura-dora indicator"), "里宝牌指示牌", N_("Riichi: the tile under it, turned over after a riichi win")),
)
"""What a tap on a tile adds: id, name, Chinese name, and what it means, printed on the button (not only in a
tooltip: phones and keyboards have none)."""
SUIT_ROWS = (("m", N_("Characters 万")), ("p", N_("Dots 筒")), ("s", N_("Bamboo 条")), ("z", N_("Honours 字")))


def _lang() -> svg.Lang:
    """The page's language, as the tile pictures label themselves."""
    return "en" if i18n.current() == i18n.DEFAULT else "zh-Hans"


def palette() -> list[dict[str, Any]]:
    """The tile picker: every tile as prerendered SVG, by suit, labelled in the page's language."""
    lang = _lang()
    rows = []
    for letter, label in SUIT_ROWS:
        tiles = [{"text": tile_to_text(t), "en": tile_en(t), "zh": tile_zh(t), "svg": Markup(svg.render_tile(t, lang=lang))}
                 for t in ALL_TILES if tile_to_text(t).endswith(letter)]
        rows.append({"suit": letter, "label": _(label), "tiles": tiles})
    fives = [t for t in ALL_TILES if tile_to_text(t) in ("5m", "5p", "5s")]
    rows.append({"suit": "0", "label": _("Red fives 赤五 (Riichi)"), "tiles": [
        {"text": "0" + tile_to_text(t)[1], "en": "red " + tile_en(t), "zh": "赤" + tile_zh(t),
         "svg": Markup(svg.render_red_five(t, lang=lang))} for t in fives]})
    rows.append({"suit": "8", "label": _("Ghost 鬼牌 (Guangdong 2023)"), "tiles": [
        {"text": "8z", "en": tile_en(GHOST), "zh": tile_zh(GHOST), "svg": Markup(svg.render_tile(GHOST, lang=lang))}]})
    return rows


def flower_tiles() -> list[dict[str, Any]]:
    return [{"n": n, "svg": Markup(svg.render_flower(n, lang=_lang()))} for n in range(1, 9)]


def _said(choices: tuple[tuple[str, str], ...]) -> list[tuple[str, str]]:
    """(value, label) pairs with the label in the page's language."""
    return [(value, _(label)) for value, label in choices]


def view(data: Any) -> dict[str, Any]:
    a = assets(data.content)
    return {
        "runtime": a.runtime, "bundle": a.bundle, "snapshot": a.snapshot, "lock": a.lock, "npm_install": NPM_INSTALL, "pyodide_version": PYODIDE_VERSION,
        "palette": palette(), "flowers": flower_tiles(), "toggles": _said(BOOL_TOGGLES),
        "riichi_toggles": _said(RIICHI_TOGGLES), "winds": _said(WIND_CHOICES),
        "modes": [(value, _(label), zh, _(what)) for value, label, zh, what in MELD_MODES],
        "stamps": {rs.id: ruleset_stamp(rs) for rs in data.rulesets.values()},
        "example": "123m456p789s111z2z+2z tsumo", "back": Markup(svg.render_back(lang=_lang())),
        "words": calculator_words.words(i18n.current(), _engine_files()),
    }


def _engine_files() -> tuple[Path, ...]:
    """The modules the engine runs in the browser (the bundle's and its entry module), whose words the page gives
    it."""
    return (*engine_sources().values(), _PACKAGE / "site" / "calculator_engine.py")
