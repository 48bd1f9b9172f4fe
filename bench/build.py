"""Benchmark: ``cardgen build`` of the shipped decks on one core against all cores, in one run.

Builds every product of the three shipped decks (card sheets, rulebooks, walkthroughs in each
language) with ``--jobs 1`` and with ``--jobs N`` (N = the cores), and the FALLING kit alone
(sheets, 2 rulebooks, 2 walkthroughs) the same two ways. Each build is a fresh ``cardgen``
process; runs alternate sequential, parallel, sequential, parallel … and the median is kept.
Reports wall seconds (what the user waits), CPU seconds of the whole process tree (the worker
processes are reaped, so ``os.wait4`` counts them) and the parallel/sequential wall ratio of
each back-to-back pair (median, and the best pair: on a shared machine, the pair the neighbours
disturbed least). It also checks that both builds wrote the same bytes.

On a machine shared with other work, wall times say more about the neighbours than about the
build, so it also reports the parallel build's *CPU critical path*, read from the job timeline
``cardgen build -v`` prints: the CPU seconds of the command's own process (imports, loading the
decks, starting the pool, moving the files into place: serial work) plus the CPU seconds of the
jobs the busiest worker ran. That is the
wall time the parallel build would take on idle cores, and ``path/seq`` divides it by the
sequential build's CPU seconds (its wall time on an idle core).

    python bench/build.py               # 3 repetitions
    python bench/build.py --reps 5
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


JOB_LINE = re.compile(r"worker (\d+)\s+([\d.]+) CPU s")
"""A line of the ``-v`` timeline: ``  0.90 –  2.32 s  worker 1   0.35 CPU s  fall-damage check``."""
PARENT_LINE = re.compile(r"this process: ([\d.]+) CPU s")


BYTECODE = Path(tempfile.mkdtemp(prefix="cardgen-bench-pycache-"))
"""A private bytecode cache, filled by an untimed first build: no timed run compiles cardgen's sources,
as none does once cardgen is installed (``PYTHONDONTWRITEBYTECODE`` would otherwise make each run do so)."""


def run(argv: list[str], cwd: Path) -> dict[str, float]:
    env = {key: value for key, value in os.environ.items() if key != "PYTHONDONTWRITEBYTECODE"}
    env.update(PYTHONPATH=str(ROOT), PYTHONPYCACHEPREFIX=str(BYTECODE))
    start = time.perf_counter()
    with tempfile.TemporaryFile() as err:
        proc = subprocess.Popen(argv, cwd=cwd, env=env, stdout=subprocess.DEVNULL, stderr=err)
        _, status, usage = os.wait4(proc.pid, 0)
        wall = time.perf_counter() - start
        err.seek(0)
        stderr = err.read().decode()
    if os.waitstatus_to_exitcode(status):
        raise SystemExit(f"{' '.join(argv)} failed: {stderr}")
    cpu = usage.ru_utime + usage.ru_stime
    busy: dict[str, float] = {}
    for worker, seconds in JOB_LINE.findall(stderr):
        busy[worker] = busy.get(worker, 0.0) + float(seconds)
    parent = PARENT_LINE.search(stderr)
    path = (float(parent.group(1)) if parent else cpu) + max(busy.values(), default=0.0)
    return {"cpu": cpu, "wall": wall, "rss": usage.ru_maxrss / 1024, "path": path}


def same_bytes(a: Path, b: Path) -> bool:
    files = sorted(p.relative_to(a) for p in a.rglob("*.pdf"))
    return files == sorted(p.relative_to(b) for p in b.rglob("*.pdf")) and all(
        (a / f).read_bytes() == (b / f).read_bytes() for f in files)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--reps", type=int, default=3)
    args = parser.parse_args()
    cores = len(os.sched_getaffinity(0))
    cases = {"3 decks": [str(p) for p in sorted((ROOT / "decks").iterdir()) if (p / "deck.yaml").is_file()],
             "FALLING kit": [str(ROOT / "decks" / "falling")]}
    print(f"{cores} cores; wall and CPU seconds, median of {args.reps}")
    print(f"{'build':>12} {'seq wall':>9} {'par wall':>9} {'ratio':>6} {'best':>5} {'seq CPU':>8} {'par CPU':>8} "
          f"{'par path':>8} {'path/seq':>8} {'same bytes':>10}")
    with tempfile.TemporaryDirectory() as tmp_name:
        tmp = Path(tmp_name)
        for name, decks in cases.items():
            runs: dict[str, list[dict[str, float]]] = {"seq": [], "par": []}
            warm = tmp / f"{name}-warm"
            warm.mkdir()
            run([sys.executable, "-m", "cardgen.cli", "build", *decks, "--jobs", "1", "-v"], warm)  # untimed
            for rep in range(args.reps):
                for kind in (("seq", "par") if rep % 2 == 0 else ("par", "seq")):
                    jobs = "1" if kind == "seq" else str(cores)
                    out = tmp / f"{name}-{kind}"  # the build writes output/<deck>/ in this working folder
                    out.mkdir(exist_ok=True)
                    runs[kind].append(run([sys.executable, "-m", "cardgen.cli", "build", *decks, "--jobs", jobs, "-v"],
                                          out))
            seq, par = runs["seq"], runs["par"]
            ratios = [p["wall"] / s["wall"] for s, p in zip(seq, par)]
            ratio = statistics.median(ratios)
            same = same_bytes(tmp / f"{name}-seq", tmp / f"{name}-par")
            print(f"{name:>12} {statistics.median(r['wall'] for r in seq):>9.2f} "
                  f"{statistics.median(r['wall'] for r in par):>9.2f} {ratio:>6.2f} {min(ratios):>5.2f} "
                  f"{statistics.median(r['cpu'] for r in seq):>8.2f} {statistics.median(r['cpu'] for r in par):>8.2f} "
                  f"{statistics.median(r['path'] for r in par):>8.2f} "
                  f"{statistics.median(p['path'] / s['cpu'] for s, p in zip(seq, par)):>8.2f} "
                  f"{'yes' if same else 'NO':>10}", flush=True)


if __name__ == "__main__":
    main()
