"""Benchmark: what a command costs before it does anything big — ``cardgen --help`` and
``cardgen validate`` on each shipped deck — against the floor every command pays.

Each run is a fresh process, imports included; its CPU seconds (user + system) and wall seconds
come from ``os.wait4`` for that child alone. The commands alternate (A, B, C, …, A, B, C, …) so
that the machine's load falls on all of them alike; each figure is the median of ``--reps``
runs, and each ratio is the median of the ratios of the runs of one round (measured back to
back) to the baseline's run of that round. The baseline is ``python -c "import
reportlab.pdfgen.canvas"``: the floor any command that writes a PDF pays.

Python's compiled bytecode is used as an installed package has it (``pip install`` compiles
it): the runs share a private ``PYTHONPYCACHEPREFIX`` that a first untimed round fills, so
no run pays for compiling cardgen's sources (when ``PYTHONDONTWRITEBYTECODE`` is set, as in
some development shells, every module is otherwise compiled again on each run).

    python bench/startup.py            # 7 rounds
    python bench/startup.py --reps 11
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BASELINE = "import reportlab.pdfgen.canvas"


def commands() -> dict[str, list[str]]:
    """Name → argv of each timed process; the baseline first."""
    cli = [sys.executable, "-m", "cardgen.cli"]
    out = {"baseline": [sys.executable, "-c", BASELINE], "cardgen --help": [*cli, "--help"]}
    for deck in sorted(p for p in (ROOT / "decks").iterdir() if (p / "deck.yaml").is_file()):
        out[f"cardgen validate decks/{deck.name}"] = [*cli, "validate", str(deck)]
    return out


def run(argv: list[str], env: dict[str, str]) -> tuple[float, float]:
    """(CPU seconds, wall seconds) of one process; it must succeed."""
    start = time.perf_counter()
    proc = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env, cwd=ROOT)
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - start
    errors = proc.stderr.read().decode() if proc.stderr else ""
    if proc.stderr:
        proc.stderr.close()
    if os.waitstatus_to_exitcode(status) != 0:
        raise SystemExit(f"{' '.join(argv)} failed:\n{errors}")
    return usage.ru_utime + usage.ru_stime, wall


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--reps", type=int, default=7)
    args = parser.parse_args()
    todo = commands()
    with tempfile.TemporaryDirectory() as cache:
        env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
        env.update(PYTHONPATH=str(ROOT), PYTHONPYCACHEPREFIX=cache)
        for argv in todo.values():  # untimed: fills the bytecode cache
            run(argv, env)
        runs: dict[str, list[tuple[float, float]]] = {name: [] for name in todo}
        for _ in range(args.reps):
            for name, argv in todo.items():
                runs[name].append(run(argv, env))
    base = runs["baseline"]
    print(f"Whole processes, imports included; median of {args.reps} alternating rounds; "
          f"baseline: python -c \"{BASELINE}\"")
    print("| command | CPU s | wall s | CPU ÷ baseline |")
    print("|---|---:|---:|---:|")
    for name, results in runs.items():
        cpu = statistics.median(r[0] for r in results)
        wall = statistics.median(r[1] for r in results)
        ratio = statistics.median(r[0] / b[0] for r, b in zip(results, base))
        shown = f"`python -c \"{BASELINE}\"` (baseline)" if name == "baseline" else f"`{name}`"
        print(f"| {shown} | {cpu:.3f} | {wall:.3f} | {ratio:.2f} |")


if __name__ == "__main__":
    main()
