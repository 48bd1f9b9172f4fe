"""Benchmark: the DriveThruCards export with its PDF/X-1a file against the RGB-PDF export it replaced.

Both runs write FALLING's 55 PNG images at 825 × 1125 px and a one-card-per-page PDF with bleed:

* ``rgb (before)``: the export as it was — reportlab's RGB PDF, no output intent;
* ``pdfx-1a``: ``cardgen export --to pod --vendor drivethrucards`` — the same PDF converted to
  CMYK PDF/X-1a:2003 with pikepdf (colour operators, output intent, profile, fixed ID).

And the PDF step alone (no PNGs): ``cardgen sheets --layout single`` against the same with
``--pdfx x1a --ink-limit 240``. Each run is a fresh process (imports included); runs alternate
A, B, A, B; the median CPU seconds (the process and its workers) and wall seconds are kept.

    python bench/pdfx.py            # 5 repetitions
    python bench/pdfx.py --reps 3
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
DECK = ROOT / "decks" / "falling"

BEFORE = """
import sys
from pathlib import Path
from cardgen.export.common import card_pages
from cardgen.export.manifest import write_manifest
from cardgen.export.png import image_size, write_card_images
from cardgen.export.pod import at_shop_size, check_card_size, choose_product
from cardgen.loading import load_deck
from cardgen.render.sheets import SheetOptions, write_sheets

deck, folder = load_deck(sys.argv[1]), Path(sys.argv[2])
preset = choose_product(deck, "drivethrucards")
check_card_size(deck, preset)
shop = at_shop_size(deck, preset)
with card_pages(shop, translate=lambda c, s: s, language="en") as pages:
    size = image_size(pages, dpi=300, bleed=True)
    files, rows = write_card_images(pages, folder, bleed=True, size=size, dpi=300)
write_manifest(folder, rows)
write_sheets(shop, folder / "falling-drivethrucards.pdf", options=SheetOptions(layout="single"))
"""


def run(command: list[str]) -> tuple[float, float]:
    """(CPU seconds of the process and its children, wall seconds)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return cpu, wall


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--reps", type=int, default=5)
    args = parser.parse_args()
    cardgen = [sys.executable, "-m", "cardgen.cli"] if not Path(sys.executable).with_name("cardgen").exists() \
        else [str(Path(sys.executable).with_name("cardgen"))]
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp)
        pairs = {
            "export --to pod drivethrucards": (
                [sys.executable, "-c", BEFORE, str(DECK), str(out / "before")],
                cardgen + ["export", str(DECK), "--to", "pod", "--vendor", "drivethrucards", "-o", str(out / "after")]),
            "PDF alone (sheets --layout single)": (
                cardgen + ["sheets", str(DECK), "--layout", "single", "-o", str(out / "rgb.pdf")],
                cardgen + ["sheets", str(DECK), "--layout", "single", "--pdfx", "x1a", "--ink-limit", "240",
                           "-o", str(out / "x1a.pdf")]),
        }
        print("| run | before CPU s | PDF/X CPU s | CPU ratio | before wall s | PDF/X wall s |")
        print("|---|---:|---:|---:|---:|---:|")
        for name, (before, after) in pairs.items():
            a: list[tuple[float, float]] = []
            b: list[tuple[float, float]] = []
            run(before), run(after)  # warm the file cache
            for _ in range(args.reps):
                a.append(run(before))
                b.append(run(after))
            cpu_a, cpu_b = statistics.median(x[0] for x in a), statistics.median(x[0] for x in b)
            wall_a, wall_b = statistics.median(x[1] for x in a), statistics.median(x[1] for x in b)
            print(f"| {name} | {cpu_a:.2f} | {cpu_b:.2f} | {cpu_b / cpu_a:.2f} | {wall_a:.2f} | {wall_b:.2f} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
