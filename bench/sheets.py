"""Benchmark: cardgen's card sheets against a bare reportlab script, whole processes, one run.

For decks of 108, 540, 5,400 and 20,000 cards with *distinct* faces (every card its own title
and text), and for the same sizes with 12 faces repeated, it writes A4 duplex sheets with crop
marks twice: with ``cardgen sheets`` and with ``bench/bare_sheets.py``, a plain reportlab
script drawing the same design and the same pages card for card (``bench/bench_deck.py`` makes
the decks; this script hands the bare one cardgen's imposition, computed before any timing). Each
run is a fresh process timed from its start, imports included, with bytecode cached as an
installed package has it: CPU seconds (user + system, from ``os.wait4``'s rusage of that child
alone), wall seconds and peak RSS. After one untimed run of each, runs alternate A, B, A, B and
the median is kept. Ratios are cardgen/bare CPU, each pair measured back to back, so the
noise of a shared machine falls on both sides alike.

The ``floor`` column is the bare script run after importing only what any cardgen command needs
before it reads a deck (click, pydantic and the deck model; see :data:`FLOOR_IMPORTS`), ÷ the bare script:
the ratio cardgen would reach if its own code cost nothing.

    python bench/sheets.py                  # 3 repetitions of every size
    python bench/sheets.py --reps 5 --sizes 108 540
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
sys.path.insert(0, str(ROOT / "bench"))

from bench_deck import make_deck

SIZES = (108, 540, 5400, 20000)


BYTECODE = Path(tempfile.mkdtemp(prefix="cardgen-bench-pycache-"))
"""A private bytecode cache, filled by an untimed first run: no timed run compiles cardgen's
sources, as none does once cardgen is installed (``PYTHONDONTWRITEBYTECODE``, set in some shells,
would otherwise make every cardgen run recompile it — about 0.2 s the bare script never pays)."""


def run(argv: list[str]) -> dict[str, float]:
    """Run one process to its end: CPU seconds, wall seconds and peak RSS (MB) of that process alone."""
    env = {key: value for key, value in os.environ.items() if key != "PYTHONDONTWRITEBYTECODE"}
    env.update(PYTHONPATH=str(ROOT), PYTHONPYCACHEPREFIX=str(BYTECODE))
    start = time.perf_counter()
    proc = subprocess.Popen(argv, cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - start
    proc.returncode = os.waitstatus_to_exitcode(status)
    if proc.returncode:
        raise SystemExit(f"{' '.join(argv)} failed: {proc.stderr.read().decode() if proc.stderr else ''}")
    return {"cpu": usage.ru_utime + usage.ru_stime, "wall": wall, "rss": usage.ru_maxrss / 1024}


PREFLIGHT = True
"""Whether cardgen runs its preflight before writing, as it does by default (``--no-preflight`` below)."""


def write_geometry(deck: Path) -> Path:
    """The pages cardgen imposes for ``deck`` (slots, crop marks, label band), for the bare script.

    Computed here, outside the timed runs, with cardgen's own imposition: the bare script then
    draws the very pages cardgen draws (the same cards per page, marks inside the printer margin,
    the label lines of fronts and backs), so the two PDFs hold the same pages and the ratio compares drawing with drawing.
    """
    import json

    from cardgen.loading import load_deck
    from cardgen.render.fonts import register_fonts
    from cardgen.render.marks import LABEL_SIZE, SCALE_BAR, crop_mark_segments, label_bands
    from cardgen.render.sheets import SheetOptions, impose

    register_fonts()
    spec = load_deck(deck)
    fronts, backs = impose("a4", spec.print.size, spec.print.bleed, SheetOptions())
    if any(slot.turn for slot in fronts.slots + backs.slots):
        raise SystemExit("the bare script draws upright cards only")
    band = label_bands(fronts, "bottom")[0]
    back_band = label_bands(backs, "bottom")[0]
    geometry = {
        "page": [fronts.paper.width_pt, fronts.paper.height_pt],
        "fronts": [[slot.x, slot.y] for slot in fronts.slots],
        "backs": [[slot.x, slot.y] for slot in backs.slots],
        "front_marks": [crop_mark_segments(fronts, fronts.slots[:n]) for n in range(len(fronts.slots) + 1)],
        "back_marks": [crop_mark_segments(backs, backs.slots[:n]) for n in range(len(backs.slots) + 1)],
        "label": {"x": band[0].x, "y": band[0].y, "depth": band[0].depth, "end": band[-1].x + band[-1].length,
                  "size": LABEL_SIZE, "bar": SCALE_BAR},
        "back_label": {"x": back_band[0].x, "y": back_band[0].y, "depth": back_band[0].depth,
                       "end": back_band[-1].x + back_band[-1].length, "size": LABEL_SIZE, "bar": SCALE_BAR},
    }
    path = deck / "geometry.json"
    path.write_text(json.dumps(geometry))
    return path


FLOOR_IMPORTS = "click"
"""What every cardgen command needs before it can read a deck, beside what the bare script imports
itself (ruamel.yaml, reportlab): click, and pydantic building the deck model (``bench/floor.py`` adds
it). The floor run is the bare script after those imports, the way cardgen makes them (collector
paused, then frozen); no code of cardgen's own runs beyond building its deck model, so ``floor ÷
bare`` is what those imports alone cost: the ratio cardgen could reach if everything else it does
cost nothing."""


def commands(deck: Path, out: Path) -> dict[str, list[str]]:
    skip = [] if PREFLIGHT else ["--no-preflight"]
    bare = [str(ROOT / "bench" / "bare_sheets.py"), str(deck), str(out / "bare.pdf")]
    return {
        "cardgen": [sys.executable, "-m", "cardgen.cli", "sheets", str(deck), *skip, "-o", str(out / "cardgen.pdf")],
        "bare": [sys.executable, *bare],
        "floor": [sys.executable, str(ROOT / "bench" / "floor.py"), FLOOR_IMPORTS, "--", *bare[:-1],
                  str(out / "floor.pdf")],
    }


def measure(deck: Path, out: Path, reps: int) -> dict[str, float]:
    """Median figures of ``reps`` interleaved runs of each side, and the median of the paired ratios."""
    argv = commands(deck, out)
    runs: dict[str, list[dict[str, float]]] = {kind: [] for kind in argv}
    for kind in argv:  # untimed: fills the bytecode cache and the file cache
        run(argv[kind])
    for rep in range(reps):
        order = ("cardgen", "bare", "floor") if rep % 2 == 0 else ("floor", "bare", "cardgen")
        for kind in order:
            runs[kind].append(run(argv[kind]))
    result = {f"{kind}_{key}": statistics.median(r[key] for r in runs[kind]) for kind in runs for key in ("cpu", "wall", "rss")}
    result["ratio"] = statistics.median(a["cpu"] / b["cpu"] for a, b in zip(runs["cardgen"], runs["bare"]))
    result["floor"] = statistics.median(a["cpu"] / b["cpu"] for a, b in zip(runs["floor"], runs["bare"]))
    result["cardgen_kb"] = (out / "cardgen.pdf").stat().st_size / 1024
    result["bare_kb"] = (out / "bare.pdf").stat().st_size / 1024
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--reps", type=int, default=3)
    parser.add_argument("--sizes", type=int, nargs="+", default=list(SIZES))
    parser.add_argument("--no-preflight", action="store_true",
                        help="time 'cardgen sheets --no-preflight' (drawing alone, no checks before writing)")
    args = parser.parse_args()
    global PREFLIGHT
    PREFLIGHT = not args.no_preflight
    print(f"{'cards':>6} {'faces':>9} {'cg CPU s':>9} {'bare CPU s':>10} {'ratio':>6} {'floor':>6} {'cg wall s':>9} "
          f"{'cards/CPU s':>11} {'cg MB':>6} {'bare MB':>7} {'cg PDF KB':>10} {'bare PDF KB':>11}")
    with tempfile.TemporaryDirectory() as tmp_name:
        tmp = Path(tmp_name)
        for total in args.sizes:
            for distinct in (True, False):
                deck = make_deck(tmp, total, distinct=distinct)
                write_geometry(deck)
                out = tmp / f"out-{total}-{distinct}"
                out.mkdir()
                r = measure(deck, out, args.reps)
                faces = "distinct" if distinct else "repeated"
                print(f"{total:>6} {faces:>9} {r['cardgen_cpu']:>9.2f} {r['bare_cpu']:>10.2f} {r['ratio']:>6.2f} {r['floor']:>6.2f} "
                      f"{r['cardgen_wall']:>9.2f} {total / r['cardgen_cpu']:>11.0f} {r['cardgen_rss']:>6.0f} "
                      f"{r['bare_rss']:>7.0f} {r['cardgen_kb']:>10.0f} {r['bare_kb']:>11.0f}", flush=True)


if __name__ == "__main__":
    main()
