"""Benchmark: cardgen's card sheets against a bare reportlab script, measured in the same run.

For 54, 540 and 5,400 cards (the FALLING deck with every count multiplied, each card carrying a
shared 600 px illustration) it builds A4 duplex sheets with crop marks twice: with cardgen, and
with a plain reportlab script that draws the same elements card by card (TTF title, wrapped
text, band, illustration by path, crop marks, a back page), set up the fast way
(``rl_config.useA85 = 0``). Each run is a fresh process; runs alternate A, B, A, B and the
median is kept. Prints time, the ratio cardgen/bare, cards/s, peak memory and PDF size.

    python bench/sheets.py            # 3 repetitions
    python bench/sheets.py --reps 5
"""

from __future__ import annotations

import argparse
import json
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SIZES = (54, 540, 5400)


def make_deck(folder: Path, factor: int) -> Path:
    """The FALLING deck with counts × factor and a shared illustration on every card."""
    from PIL import Image, ImageDraw

    deck = folder / f"deck-{factor}"
    shutil.copytree(ROOT / "decks" / "falling", deck)
    (deck / "art").mkdir(exist_ok=True)
    image = Image.new("RGB", (600, 400), "#cfe0f5")
    draw = ImageDraw.Draw(image)
    for i in range(0, 600, 24):
        draw.ellipse([i, 120 + (i % 96), i + 90, 200 + (i % 96)], fill="#ffffff")
    image.save(deck / "art" / "sky.png")
    text = (deck / "deck.yaml").read_text()
    lines = []
    for line in text.splitlines():
        if line.startswith("    count: "):
            count = int(line.split(":")[1])
            line = f"    count: {count * factor}\n    art: art/sky.png"
        lines.append(line)
    (deck / "deck.yaml").write_text("\n".join(lines) + "\n")
    return deck


def run_cardgen(deck: Path, out: Path) -> dict[str, float]:
    from cardgen.loading import load_deck
    from cardgen.render.sheets import write_sheets

    start = time.perf_counter()
    spec = load_deck(deck)
    write_sheets(spec, out)
    return {"seconds": time.perf_counter() - start, "cards": spec.total_cards}


def run_bare(deck: Path, out: Path) -> dict[str, float]:
    """What a careful hand-written reportlab script would do for the same sheets."""
    from reportlab import rl_config
    from reportlab.lib.colors import HexColor
    from reportlab.lib.pagesizes import A4
    from reportlab.lib.styles import ParagraphStyle
    from reportlab.lib.units import mm
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont
    from reportlab.pdfgen.canvas import Canvas
    from reportlab.platypus import Paragraph
    from ruamel.yaml import YAML

    start = time.perf_counter()
    rl_config.useA85 = 0
    fonts = ROOT / "cardgen" / "fonts"
    # the same four faces the cards use: title, type label, rule text (with bold), back tagline
    for name, file in (("Lato", "Lato-Regular"), ("Lato-Bold", "Lato-Bold"), ("Lato-Italic", "Lato-Italic"),
                       ("Vollkorn-Bold", "Vollkorn-Bold")):
        pdfmetrics.registerFont(TTFont(name, str(fonts / f"{file}.ttf")))
    pdfmetrics.registerFontFamily("Lato", normal="Lato", bold="Lato-Bold", italic="Lato-Italic", boldItalic="Lato-Bold")
    data = YAML(typ="safe").load((deck / "deck.yaml").read_text())
    types = data["types"]
    cards = [c for c in data["cards"] for _ in range(c["count"])]
    art = str(deck / "art" / "sky.png")
    w, h, bleed = 63.5 * mm, 88.9 * mm, 3 * mm
    cols, rows = 3, 3
    gap = 1.75 * mm
    x0 = (A4[0] - (cols * w + (cols - 1) * gap)) / 2
    y0 = (A4[1] - (rows * h + (rows - 1) * 2 * bleed)) / 2
    style = ParagraphStyle("t", fontName="Lato", fontSize=9, leading=11, alignment=1)
    c = Canvas(str(out), pagesize=A4, invariant=1, initialFontName="Lato")

    def slots() -> list[tuple[float, float]]:
        return [(x0 + col * (w + gap), y0 + (rows - 1 - row) * (h + 2 * bleed)) for row in range(rows) for col in range(cols)]

    for first in range(0, len(cards), 9):
        chunk = cards[first:first + 9]
        for (x, y), card in zip(slots(), chunk):
            colour = HexColor(types[card["type"]]["color"])
            c.saveState()
            c.setFillColor(HexColor("#fbf8f1"))
            c.rect(x - bleed, y - bleed, w + 2 * bleed, h + 2 * bleed, stroke=0, fill=1)
            c.setFillColor(colour)
            c.rect(x - bleed, y + h * 0.81, w + 2 * bleed, h * 0.19 + bleed, stroke=0, fill=1)
            c.rect(x - bleed, y - bleed, w + 2 * bleed, h * 0.11 + bleed, stroke=0, fill=1)
            c.drawImage(art, x + w * 0.09, y + h * 0.37, w * 0.82, h * 0.36)
            c.setFillColor(HexColor("#ffffff"))
            c.setFont("Vollkorn-Bold", 20)
            c.drawCentredString(x + w / 2, y + h * 0.87, card["name"])
            c.setFont("Lato", 5.6)
            c.drawCentredString(x + w / 2, y + h * 0.06, data["credit"])
            c.setFillColor(colour)
            c.setFont("Lato-Bold", 7.5)
            c.drawCentredString(x + w / 2, y + h * 0.765, types[card["type"]]["label"].upper())
            text = card["text"].replace("**", "<b>", 1).replace("**", "</b>", 1)
            p = Paragraph(text, style)
            p.wrap(w * 0.84, h * 0.22)
            p.drawOn(c, x + w * 0.08, y + h * 0.14)
            c.restoreState()
            for mx in (x, x + w):
                c.line(mx, A4[1] - 4 * mm, mx, A4[1] - 2 * mm)
                c.line(mx, 2 * mm, mx, 4 * mm)
            for my in (y, y + h):
                c.line(2 * mm, my, 4 * mm, my)
                c.line(A4[0] - 4 * mm, my, A4[0] - 2 * mm, my)
        c.showPage()
        for (x, y), _ in zip(slots(), chunk):
            c.setFillColor(HexColor("#14213d"))
            c.rect(A4[0] - x - w - bleed, y - bleed, w + 2 * bleed, h + 2 * bleed, stroke=0, fill=1)
            c.setFillColor(HexColor("#f4b942"))
            c.setFont("Vollkorn-Bold", 24)
            c.drawCentredString(A4[0] - x - w / 2, y + h / 2, data["title"])
            c.setFont("Lato-Italic", 7)
            c.drawCentredString(A4[0] - x - w / 2, y + h * 0.42, data["back"]["text"])
        c.showPage()
    c.save()
    return {"seconds": time.perf_counter() - start, "cards": len(cards)}


def worker(kind: str, deck: Path, out: Path) -> None:
    result = (run_cardgen if kind == "cardgen" else run_bare)(deck, out)
    result["peak_mb"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    result["pdf_bytes"] = out.stat().st_size
    print(json.dumps(result))


def measure(kind: str, deck: Path, out: Path) -> dict[str, float]:
    proc = subprocess.run([sys.executable, __file__, "--worker", kind, str(deck), str(out)], capture_output=True,
                          text=True, check=True, cwd=ROOT)
    return json.loads(proc.stdout.strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--reps", type=int, default=3)
    parser.add_argument("--worker", nargs=3, metavar=("KIND", "DECK", "OUT"))
    args = parser.parse_args()
    if args.worker:
        kind, deck, out = args.worker
        worker(kind, Path(deck), Path(out))
        return
    print(f"{'cards':>6} {'cardgen s':>10} {'bare s':>8} {'ratio':>6} {'cards/s':>8} {'cg MB':>6} {'bare MB':>8} "
          f"{'cg PDF KB':>10} {'bare PDF KB':>12}")
    with tempfile.TemporaryDirectory() as tmp_name:
        tmp = Path(tmp_name)
        for total in SIZES:
            deck = make_deck(tmp, total // 54)
            runs: dict[str, list[dict[str, float]]] = {"cardgen": [], "bare": []}
            for _ in range(args.reps):
                for kind in ("cardgen", "bare"):
                    runs[kind].append(measure(kind, deck, tmp / f"{kind}-{total}.pdf"))
            cg = {k: statistics.median(r[k] for r in runs["cardgen"]) for k in runs["cardgen"][0]}
            bare = {k: statistics.median(r[k] for r in runs["bare"]) for k in runs["bare"][0]}
            ratios = [a["seconds"] / b["seconds"] for a, b in zip(runs["cardgen"], runs["bare"])]
            print(f"{total:>6} {cg['seconds']:>10.3f} {bare['seconds']:>8.3f} {statistics.median(ratios):>6.2f} "
                  f"{total / cg['seconds']:>8.0f} {cg['peak_mb']:>6.0f} {bare['peak_mb']:>8.0f} "
                  f"{cg['pdf_bytes'] / 1024:>10.0f} {bare['pdf_bytes'] / 1024:>12.0f}")


if __name__ == "__main__":
    main()
