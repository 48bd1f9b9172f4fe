"""Benchmark: what preflight adds to ``cardgen build decks/falling``.

Runs ``cardgen build decks/falling`` (every product, every language) as a fresh process, with
and without ``--no-preflight``, alternating A, B, A, B; keeps the median CPU seconds (user +
system of the child) and wall seconds of each, and prints the overhead as a ratio measured in
the same run.

    python bench/preflight.py            # 5 repetitions
    python bench/preflight.py --reps 9
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


def run(extra: list[str], out: Path) -> tuple[float, float]:
    """(CPU seconds, wall seconds) of one ``cardgen build`` process."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    subprocess.run([sys.executable, "-m", "cardgen.cli", "build", str(ROOT / "decks" / "falling"), "--out", str(out),
                    *extra], check=True, capture_output=True, env=env, cwd=ROOT)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime), wall


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--reps", type=int, default=5)
    args = parser.parse_args()
    results: dict[str, list[tuple[float, float]]] = {"without": [], "with": []}
    with tempfile.TemporaryDirectory() as scratch:
        for rep in range(args.reps):
            for name, extra in (("without", ["--no-preflight"]), ("with", [])):
                results[name].append(run(extra, Path(scratch) / f"{name}-{rep}"))
    cpu = {name: statistics.median(r[0] for r in runs) for name, runs in results.items()}
    wall = {name: statistics.median(r[1] for r in runs) for name, runs in results.items()}
    print(f"cardgen build decks/falling, median of {args.reps} fresh processes each")
    for name in ("without", "with"):
        print(f"  {name:>7} preflight: {cpu[name]:6.2f} s CPU  {wall[name]:6.2f} s wall")
    print(f"  preflight adds {100 * (cpu['with'] / cpu['without'] - 1):.1f}% CPU, "
          f"{100 * (wall['with'] / wall['without'] - 1):.1f}% wall")


if __name__ == "__main__":
    main()
