"""Benchmark: what a command costs before it does anything big — ``cardgen --help`` and
``cardgen validate`` on each shipped deck — against the floor every command pays.

Each run is a fresh process, imports included; its CPU seconds (user + system) and wall seconds
come from ``os.wait4`` for that child alone. The commands alternate (A, B, C, …, A, B, C, …) so
that the machine's load falls on all of them alike; each figure is the median of ``--reps``
runs, and each ratio is the median of the ratios of the runs of one round (measured back to
back) to the baseline's run of that round. The baseline is ``python -c "import
reportlab.pdfgen.canvas"``: the floor any command that writes a PDF pays. Each ``validate`` also
gets its own floor (:data:`FLOOR`): every module of a library (or of Python's) that the command
loaded, imported alone, with the deck model built: what it would cost if cardgen's own modules and
checks cost nothing.

Python's compiled bytecode is used as an installed package has it (``pip install`` compiles
it): the runs share a private ``PYTHONPYCACHEPREFIX`` that a first untimed round fills, so
no run pays for compiling cardgen's sources (when ``PYTHONDONTWRITEBYTECODE`` is set, as in
some development shells, every module is otherwise compiled again on each run).

    python bench/startup.py            # 7 rounds
    python bench/startup.py --reps 11
    python bench/startup.py --before /tmp/cardgen-old   # also time another copy of the code (a
        # folder holding its cardgen package, e.g. from 'git archive'), in the same rounds
"""

from __future__ import annotations

import argparse
import json
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
    # an English-only deck (no catalog to check) with a one-page rulebook
    out["cardgen validate tests/data/decks/minimal"] = [*cli, "validate", str(ROOT / "tests" / "data" / "decks" / "minimal")]
    return out


PROBE = """
import json, sys
from cardgen.cli import main
try:
    main(sys.argv[1:])
except SystemExit:
    pass
print(json.dumps(sorted(m for m in sys.modules if m.split(".")[0] not in ("cardgen", "__main__"))))
"""
"""Runs a cardgen command, then prints every module it loaded that is not cardgen's own."""

FLOOR = ROOT / "bench" / "floor.py"
"""The floor under a command: importing every library module (standard library included) the command
loaded, alone, with the deck model built (``bench/floor.py``), none of cardgen's checks run: what the
command would cost if its checks and its own modules cost nothing."""


def floor(argv: list[str], env: dict[str, str], root: Path = ROOT) -> list[str]:
    """The argv of the floor of the cardgen command ``argv``: its libraries' modules, imported alone."""
    cli = argv.index("cardgen.cli")
    probe = subprocess.run([sys.executable, "-c", PROBE, *argv[cli + 1:]], capture_output=True, text=True,
                           env=dict(env, PYTHONPATH=str(root)), cwd=root, check=True)
    modules = json.loads(probe.stdout.strip().splitlines()[-1])
    return [sys.executable, str(FLOOR), "--skip-missing", ",".join(modules)]


def run(argv: list[str], env: dict[str, str], root: Path = ROOT) -> tuple[float, float]:
    """(CPU seconds, wall seconds) of one process run with ``root`` on PYTHONPATH; it must succeed."""
    env = dict(env, PYTHONPATH=str(root))
    start = time.perf_counter()
    proc = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env, cwd=root)
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
    parser.add_argument("--before", type=Path, help="a folder holding another copy of the cardgen package to time too")
    args = parser.parse_args()
    todo = {name: (argv, ROOT) for name, argv in commands().items()}
    if args.before:
        todo.update({f"{name} (before)": (argv, args.before.resolve()) for name, argv in commands().items()
                     if name != "baseline"})
    with tempfile.TemporaryDirectory() as cache:
        env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
        env.update(PYTHONPYCACHEPREFIX=cache)
        for name in [n for n in todo if n.startswith("cardgen validate")]:
            argv, root = todo[name]
            todo[f"floor of {name.removeprefix('cardgen ')}"] = (floor(argv, env, root), root)
        for argv, root in todo.values():  # untimed: fills the bytecode cache
            run(argv, env, root)
        runs: dict[str, list[tuple[float, float]]] = {name: [] for name in todo}
        for _ in range(args.reps):
            for name, (argv, root) in todo.items():
                runs[name].append(run(argv, env, root))
    base = runs["baseline"]
    print(f"Whole processes, imports included; median of {args.reps} alternating rounds; "
          f"baseline: python -c \"{BASELINE}\"")
    print("| command | CPU s | wall s | CPU ÷ baseline |")
    print("|---|---:|---:|---:|")
    for name, results in runs.items():
        cpu = statistics.median(r[0] for r in results)
        wall = statistics.median(r[1] for r in results)
        ratio = statistics.median(r[0] / b[0] for r, b in zip(results, base))
        shown = (f"`python -c \"{BASELINE}\"` (baseline)" if name == "baseline"
                 else name if name.startswith("floor of") else f"`{name}`")
        print(f"| {shown} | {cpu:.3f} | {wall:.3f} | {ratio:.2f} |")
    if args.before:
        print(f"\nNow ÷ before ({args.before}), median of the ratios of each round's runs:")
        for name in commands():
            if name != "baseline":
                now, then = runs[name], runs[f"{name} (before)"]
                print(f"  {name}: {statistics.median(a[0] / b[0] for a, b in zip(now, then)):.2f}")


if __name__ == "__main__":
    main()
