"""Benchmark the site build: cold build time, pages per second and peak memory, with the time of each phase.

Run it in a fresh interpreter (that is what makes it cold: no warmed caches):

    python benchmarks/site_build.py            # builds into a temporary folder, then deletes it
    python benchmarks/site_build.py --out DIR  # keeps the result
    python benchmarks/site_build.py --no-index # without the Pagefind search index

Peak memory is the peak resident set size of this process (the Pagefind indexer is a
separate binary and not included).
"""

from __future__ import annotations

import argparse
import resource
import shutil
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from generator.rules import CONTENT_DIR
from generator.site.build import BuildError, render_site, write_site
from generator.site.gather import gather
from generator.site.links import check_links


def _mib(kib: int) -> float:
    return kib / 1024  # Linux reports ru_maxrss in KiB


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", help="output folder (default: a temporary folder, removed afterwards)")
    parser.add_argument("--content", default=str(CONTENT_DIR), help="content folder (default: content/)")
    parser.add_argument("--no-index", action="store_true", help="skip the Pagefind search index")
    args = parser.parse_args()

    tmp = None if args.out else Path(tempfile.mkdtemp(prefix="atlas-bench-"))
    out = Path(args.out) if args.out else tmp / "site"  # type: ignore[operator]
    phases: list[tuple[str, float]] = []
    start = last = time.perf_counter()

    def lap(name: str) -> None:
        nonlocal last
        now = time.perf_counter()
        phases.append((name, now - last))
        last = now

    try:
        data = gather(Path(args.content))
        lap("gather (rule data, examples atlas, prose)")
        files, pages = render_site(data)
        lap("render every page in memory")
        broken = check_links(files)
        if broken:
            raise BuildError(f"{len(broken)} broken links, first: {broken[0]}")
        lap("check links and anchors")
        write_site(out, files, index=not args.no_index)
        lap("write, index and swap in" if not args.no_index else "write and swap in")
    finally:
        if tmp is not None:
            shutil.rmtree(tmp, ignore_errors=True)
    total = time.perf_counter() - start
    render_time = dict(phases)["render every page in memory"]
    size = sum(len(b) for b in files.values())
    html = sum(1 for p in files if p.endswith(".html"))

    print(f"content:            {args.content}")
    print(f"pages:              {len(pages)} HTML pages ({html} files), {len(data.examples)} example hands, "
          f"{size / 1e6:.1f} MB written")
    for name, secs in phases:
        print(f"  {name:<42} {secs:7.2f} s")
    print(f"cold build time:    {total:.2f} s")
    print(f"pages per second:   {len(pages) / total:.1f} overall, {len(pages) / render_time:.1f} rendering only")
    print(f"peak memory:        {_mib(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss):.0f} MiB "
          "(peak RSS of the build process; the Pagefind binary runs apart)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
