"""How fast the calculator page (/calculator/) answers in headless Chromium, beside its targets.

Prints: time to the first result on a cold cache (a new browser profile) and a warm one (the same profile, browser
restarted: the HTTP cache and V8's code cache on disk), with the worker's own phases; time per complete hand under
every rule set and per 13-tile waits table (asked through the address, measured in the page from the hash change
to the answer on screen, rendering included); and what each visit downloaded.

Targets (issue 35): <= 1.5 s cold, <= 1 s warm, <= 100 ms per hand, <= 500 ms per waits table.

The reference beside the cold start is Pyodide alone: `loadPyodide()` in an empty module worker on a new profile,
served from the same site, with nothing of the atlas loaded. The cold start cannot be faster than it.

    python benchmarks/calculator_speed.py [--site DIR] [--hands N]

Without --site the site is built into a temporary folder first (about a minute; no search index). Needs the Pyodide
runtime (`npm install --prefix .cache/npm pyodide@<version>`) and /usr/bin/chromium.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path
from urllib.parse import quote

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from generator.hand import WaitingHand  # noqa: E402
from generator.notation import format_waiting, parse_hand  # noqa: E402
from generator.site import calculator  # noqa: E402
from generator.site.serve import start_in_thread  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--no-first-run"]
TARGETS = {"cold": 1.5, "warm": 1.0, "hand": 0.100, "waits": 0.500}
FIRST = "123m456p789s111z2z+2z tsumo"

# Resolves when #results answers `h` (data-for), with the time from the hash change in ms.
ASK = """async (h) => {
  const r = document.getElementById('results');
  const t0 = performance.now();
  const done = new Promise((resolve) => {
    const obs = new MutationObserver(() => {
      if (r.dataset.for === h) { obs.disconnect(); resolve(performance.now() - t0); }
    });
    obs.observe(r, { attributes: true, attributeFilter: ['data-for'] });
  });
  location.hash = 'hand=' + encodeURIComponent(h);
  return await done;
}"""

DOWNLOADS = """() => {
  const page = performance.getEntriesByType('resource').concat(performance.getEntriesByType('navigation'));
  const worker = (window.calcEngine && window.calcEngine.resources) || [];
  return page.map(e => ({name: e.name.split('/').pop() || 'calculator/', bytes: e.transferSize, size: e.decodedBodySize}))
    .concat(worker.map(e => ({name: e.name, bytes: e.bytes, size: e.size})));
}"""


def _visit(p, profile: Path, url: str) -> tuple[float, dict, list[dict], object, object]:  # type: ignore[no-untyped-def]
    """Open the calculator on `profile` asking FIRST; seconds to the answer, worker phases, downloads."""
    context = p.chromium.launch_persistent_context(str(profile), executable_path=CHROMIUM, args=ARGS, headless=True)
    page = context.new_page()
    start = time.perf_counter()
    page.goto(f"{url}/calculator/#hand={quote(FIRST)}")
    page.wait_for_function("h => document.getElementById('results').dataset.for === h", arg=FIRST, timeout=180000,
                           polling=10)
    seconds = time.perf_counter() - start
    info = page.evaluate("window.calcEngine")
    phases = dict(info.get("phases", {}))
    phases.pop("began", None)
    for mark in ("workerAt", "startAt", "readyAt", "answeredAt"):  # ms since the navigation began, as the page saw them
        phases[mark] = int(page.evaluate(f"document.getElementById('calculator').dataset.{mark}"))
    return seconds, phases, page.evaluate(DOWNLOADS), context, page


# Times loadPyodide alone in an empty module worker: [ms inside the worker, ms from the page's request].
BARE = """async (runtime) => {
  const t0 = performance.now();
  const code = `const t0 = performance.now();
    const { loadPyodide } = await import(${JSON.stringify(runtime + "pyodide.mjs")});
    await loadPyodide({ indexURL: ${JSON.stringify(runtime)}, packages: [] });
    self.postMessage(performance.now() - t0);`;
  const worker = new Worker(URL.createObjectURL(new Blob([code], { type: "text/javascript" })), { type: "module" });
  const inside = await new Promise((resolve, reject) => { worker.onmessage = (e) => resolve(e.data);
                                                           worker.onerror = (e) => reject(e.message); });
  worker.terminate();
  return [inside, performance.now() - t0];
}"""


def _bare_pyodide(p, profile: Path, url: str, runtime_dir: str) -> tuple[float, float]:  # type: ignore[no-untyped-def]
    """Seconds Pyodide alone takes to start on a cold profile (inside the worker, and as the page sees it)."""
    context = p.chromium.launch_persistent_context(str(profile), executable_path=CHROMIUM, args=ARGS, headless=True)
    page = context.new_page()
    page.goto(f"{url}/404.html")
    inside, seen = page.evaluate(BARE, f"{url}/{runtime_dir}/")
    context.close()
    return inside / 1000, seen / 1000


def _hands(site: Path, n: int) -> tuple[list[str], list[str]]:
    """Complete hands from the site's examples, and the 13-tile hands they were waiting as (winning tile taken)."""
    examples = json.loads((site / "data" / "examples.json").read_text(encoding="utf-8"))
    step = max(1, len(examples) // n)
    complete = [h for h in dict.fromkeys(e["hand"] for e in examples[::step]) if h != FIRST][:n]
    waiting = []
    for text in complete:
        h = parse_hand(text)
        waiting.append(format_waiting(WaitingHand(h.concealed, h.melds, h.context)))
    return complete, list(dict.fromkeys(waiting))[: max(5, n // 3)]


def _kb(n: int) -> str:
    return f"{n / 1024:,.0f} KiB" if n < 1024 * 1024 else f"{n / 1024 / 1024:,.2f} MiB"


def _verdict(value: float, target: float) -> str:
    return "meets the target" if value <= target else \
        f"MISSES the target by {value - target:.2f} s ({value / target:.2f}x)" if target >= 1 else \
        f"MISSES the target by {value / target:.1f}x"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", type=Path, help="an already built site (default: build one into a temp folder)")
    parser.add_argument("--hands", type=int, default=30, help="complete hands to time (default 30)")
    args = parser.parse_args()
    if calculator.runtime_dir() is None:
        print(f"error: no Pyodide runtime ({calculator.NPM_INSTALL})", file=sys.stderr)
        return 1
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory(prefix="calc-speed-") as tmp:
        site = args.site
        if site is None:
            from generator.site.build import NO_CACHE, build

            site = Path(tmp) / "site"
            t = time.perf_counter()
            assert build(str(site), index=False, cache=NO_CACHE) == 0
            print(f"built the site in {time.perf_counter() - t:.0f} s")
        files = {p.relative_to(site).as_posix(): p.stat().st_size for p in site.rglob("*") if p.is_file()}
        runtime = {k: v for k, v in files.items() if k.startswith("pyodide/")}
        bundle = {k: v for k, v in files.items() if k.startswith(("calculator/engine-", "calculator/snapshot-"))}
        complete, waiting = _hands(site, args.hands)
        server, url = start_in_thread(site)
        profile = Path(tmp) / "profile"
        try:
            with sync_playwright() as p:
                runtime_dir = sorted({k.split("/")[1] for k in runtime})[0]
                bare_inside, bare_seen = _bare_pyodide(p, Path(tmp) / "bare-profile", url, f"pyodide/{runtime_dir}")
                cold, cold_phases, cold_dl, context, page = _visit(p, profile, url)
                page.wait_for_function("document.getElementById('calculator').dataset.snapshot", timeout=60000)
                saved = page.evaluate("document.getElementById('calculator').dataset.snapshot")
                context.close()
                warm, warm_phases, warm_dl, context, page = _visit(p, profile, url)
                engine_ms = "Number(document.getElementById('calculator').dataset.engineMs)"
                per_hand, engine_hand, per_waits, engine_waits = [], [], [], []
                for h in complete:
                    per_hand.append(page.evaluate(ASK, h) / 1000)
                    engine_hand.append(page.evaluate(engine_ms) / 1000)
                for h in waiting:
                    per_waits.append(page.evaluate(ASK, h) / 1000)
                    engine_waits.append(page.evaluate(engine_ms) / 1000)
                context.close()
        finally:
            server.shutdown()
            server.server_close()

    print(f"Calculator speed (Pyodide {calculator.PYODIDE_VERSION}, headless Chromium, site served on 127.0.0.1)")
    print(f"  first result, cold cache   {cold:6.2f} s   target <= {TARGETS['cold']} s: {_verdict(cold, TARGETS['cold'])}")
    print(f"      worker phases (ms): {cold_phases}; memory snapshot: {saved} (built: the build's; saved: kept "
          f"by this browser for the next visit)")
    gap = cold - bare_seen
    print(f"  reference: Pyodide alone, cold cache {bare_seen:6.2f} s as the page sees it ({bare_inside:.2f} s inside "
          f"its worker): the atlas's first answer comes {abs(gap):.2f} s {'after' if gap > 0 else 'before'} its boot "
          f"(the memory snapshot skips it)")
    print(f"  first result, warm cache   {warm:6.2f} s   target <= {TARGETS['warm']} s: {_verdict(warm, TARGETS['warm'])}")
    print(f"      worker phases (ms): {warm_phases}")
    med_hand, med_waits = statistics.median(per_hand), statistics.median(per_waits)
    print(f"  per hand, all rule sets    {med_hand * 1000:6.0f} ms median, {max(per_hand) * 1000:.0f} ms worst "
          f"({len(per_hand)} example hands)   target <= {TARGETS['hand'] * 1000:.0f} ms: "
          f"{_verdict(med_hand, TARGETS['hand'])}")
    print(f"  per 13-tile waits table    {med_waits * 1000:6.0f} ms median, {max(per_waits) * 1000:.0f} ms worst "
          f"({len(per_waits)} hands)   target <= {TARGETS['waits'] * 1000:.0f} ms: "
          f"{_verdict(med_waits, TARGETS['waits'])}")
    print(f"      of which the engine in the worker: {statistics.median(engine_hand) * 1000:.0f} ms per hand, "
          f"{statistics.median(engine_waits) * 1000:.0f} ms per waits table (median; the rest is messaging and "
          f"drawing the receipts)")
    print("  download sizes (files as served, uncompressed):")
    for name, size in sorted(runtime.items()) + sorted(bundle.items()):
        print(f"      {name:<52} {_kb(size):>10}")
    print(f"      runtime total {_kb(sum(runtime.values()))}, engine bundle and snapshot {_kb(sum(bundle.values()))}")
    for label, dl in (("cold", cold_dl), ("warm", warm_dl)):
        fetched = sum(d["bytes"] for d in dl)
        cached = [d["name"] for d in dl if d["bytes"] == 0 and d["size"]]
        print(f"  {label} visit transferred {_kb(fetched)} over the network in {len(dl)} requests"
              + (f"; from cache: {', '.join(sorted(cached))}" if cached else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
