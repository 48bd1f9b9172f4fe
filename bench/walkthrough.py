"""Benchmark: ``cardgen walkthrough decks/falling`` in each format, against the PDF handout measured
in the same run, each a fresh process (imports included).

The PDF handout is the baseline: the HTML player draws the same frames again (through SVG), and
rasterises the deck's faces and subsets two fonts on top; the GIF rasterises every frame. CPU
seconds are the child process's user + system time (``resource.RUSAGE_CHILDREN``), which stays
meaningful on a shared machine; wall seconds are beside them. Runs alternate formats and the
median of each is kept. The HTML file's size is reported too (the target: under 2 MB, under 3 s).

    python bench/walkthrough.py            # 3 repetitions
    python bench/walkthrough.py --reps 5
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FORMATS = ("pdf", "html", "gif", "png")


def run(fmt: str, out: Path) -> tuple[float, float]:
    """(CPU seconds, wall seconds) of one ``cardgen walkthrough`` process."""
    target = out / (f"learn.{fmt}" if fmt in ("pdf", "html") else fmt)
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    wall = time.perf_counter()
    subprocess.run([sys.executable, "-m", "cardgen.cli", "walkthrough", str(ROOT / "decks" / "falling"),
                    "--format", fmt, "-o", str(target)], check=True, env=env, capture_output=True)
    wall = time.perf_counter() - wall
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime, wall


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--reps", type=int, default=3)
    args = parser.parse_args()
    cpu: dict[str, list[float]] = {fmt: [] for fmt in FORMATS}
    wall: dict[str, list[float]] = {fmt: [] for fmt in FORMATS}
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder)
        for _ in range(args.reps):
            for fmt in FORMATS:
                c, w = run(fmt, out)
                cpu[fmt].append(c)
                wall[fmt].append(w)
        size = (out / "learn.html").stat().st_size
    base = statistics.median(cpu["pdf"])
    print(f"{'format':8} {'CPU s':>7} {'wall s':>7} {'CPU vs pdf':>11}")
    for fmt in FORMATS:
        c, w = statistics.median(cpu[fmt]), statistics.median(wall[fmt])
        print(f"{fmt:8} {c:7.2f} {w:7.2f} {c / base:10.2f}x")
    print(f"HTML file: {size / 1e6:.2f} MB")


if __name__ == "__main__":
    main()
