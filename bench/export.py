"""Benchmark: ``cardgen export --to png`` against a Pillow-only script, measured in the same run.

Both produce the same files: one PNG per physical card face (``<id>-<copy>.png``) plus the back,
at 300 dpi with 3 mm bleed (821 × 1121 px), PNG zlib level 3, with a dpi tag. The Pillow
baseline is a careful single-process script: it draws each *distinct* card once with
ImageDraw (bleed fill, type band with diagonal stripes, TTF title, type label, rounded panel,
a polygon icon, wrapped rule text, foot band, credit; the back: field, diamond motif, frame,
title, tagline), encodes it once and writes the bytes for every copy. Since 2026-11-24 its icon is
as complex as cardgen's (two stacked cards, an arrow, a plus: before, one 7-point polygon) and it
draws the type symbol on the band and at both ends of the credit as cardgen does; it still sets
the rule text in one weight (cardgen sets ``**bold**`` runs). cardgen draws the
vector cards into a PDF, rasterises each distinct picture once with pdfium (a worker process per
16 pictures, up to one per core; ``cardgen-1``: one process) and writes every copy atomically.
Each run is a whole fresh process, imports included; its CPU seconds (user + system, with its
reaped worker processes) come from ``os.wait4``. Runs alternate cardgen, cardgen-1, Pillow; the
table shows medians, and each ratio is the median of the Pillow ÷ cardgen CPU ratios of
back-to-back runs (the machine is shared, so CPU, not wall time). Decks:

* ``falling``: the FALLING deck, 54 cards, 8 faces + 1 back;
* ``falling x10``: the same with every count × 10 (540 cards, still 9 images to draw);
* ``72 distinct``: 72 different cards, one copy each (72 faces + 1 back to draw).

    python bench/export.py            # 3 repetitions
    python bench/export.py --reps 5
"""

from __future__ import annotations

import argparse
import io
import json
import math
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
DPI = 300
MM = 72 / 25.4
LEVEL = 3


def make_decks(folder: Path) -> dict[str, Path]:
    """The three benchmark decks (copies of FALLING, edited)."""
    decks: dict[str, Path] = {}
    source = (ROOT / "decks" / "falling" / "deck.yaml").read_text()
    base = folder / "falling"
    shutil.copytree(ROOT / "decks" / "falling", base)
    decks["falling"] = base
    times10 = folder / "falling-x10"
    shutil.copytree(ROOT / "decks" / "falling", times10)
    lines = []
    for line in source.splitlines():
        if line.startswith("    count: "):
            line = f"    count: {int(line.split(':')[1]) * 10}"
        lines.append(line)
    (times10 / "deck.yaml").write_text("\n".join(lines) + "\n")
    decks["falling x10"] = times10
    distinct = folder / "distinct-72"
    shutil.copytree(ROOT / "decks" / "falling", distinct)
    head, cards_and_rest = source.split("\ncards:\n", 1)
    icons = ["hit", "split", "skip", "push", "grab", "stop", "extra", "ground"]
    kinds = ["rider", "action", "extra", "ground"]
    cards = []
    for i in range(72):
        cards.append(f"  - id: card-{i:02d}\n    name: Card {i + 1}\n    type: {kinds[i % 4]}\n    count: 1\n"
                     f"    icon: {icons[i % 8]}\n    text: Card number {i + 1} does **one** thing, then another "
                     f"thing, and is discarded.\n")
    (distinct / "deck.yaml").write_text(head + "\ncards:\n" + "".join(cards))
    decks["72 distinct"] = distinct
    return decks


# -- cardgen ---------------------------------------------------------------------------------
def run_cardgen(deck: Path, out: Path, workers: int | None) -> dict[str, float]:
    start = time.perf_counter()
    from cardgen.export.png import export_png
    from cardgen.loading import load_deck

    imported = time.perf_counter()
    spec = load_deck(deck)
    result = export_png(spec, out, dpi=DPI, bleed=True, workers=workers)
    end = time.perf_counter()
    return {"seconds": end - start, "work": end - imported, "cards": spec.total_cards, "files": len(result.images),
            "drawn": len(spec.cards) + 1}


# -- Pillow alone ------------------------------------------------------------------------------
def run_pillow(deck: Path, out: Path) -> dict[str, float]:
    start = time.perf_counter()
    from PIL import Image, ImageDraw, ImageFont
    from ruamel.yaml import YAML

    imported = time.perf_counter()
    data = YAML(typ="safe").load((deck / "deck.yaml").read_text())
    fonts = ROOT / "cardgen" / "fonts"
    px = DPI / 72
    bleed = round(3 * MM * px)
    w, h = round(63.5 * MM * px), round(88.9 * MM * px)
    W, H = w + 2 * bleed, h + 2 * bleed
    title_font = ImageFont.truetype(str(fonts / "Vollkorn-Bold.ttf"), round(20 * px))
    label_font = ImageFont.truetype(str(fonts / "Lato-Bold.ttf"), round(7.5 * px))
    text_font = ImageFont.truetype(str(fonts / "Lato-Regular.ttf"), round(9.5 * px))
    small_font = ImageFont.truetype(str(fonts / "Lato-Regular.ttf"), round(5.6 * px))
    back_title = ImageFont.truetype(str(fonts / "Vollkorn-Bold.ttf"), round(24 * px))
    back_tag = ImageFont.truetype(str(fonts / "Lato-Italic.ttf"), round(7 * px))

    def hex_rgb(value: str) -> tuple[int, int, int]:
        return tuple(int(value[i:i + 2], 16) for i in (1, 3, 5))  # type: ignore[return-value]

    def mix(rgb: tuple[int, int, int], other: tuple[int, int, int], t: float) -> tuple[int, int, int]:
        return tuple(round(a + (b - a) * t) for a, b in zip(rgb, other))  # type: ignore[return-value]

    def wrap(draw: ImageDraw.ImageDraw, text: str, width: float) -> list[str]:
        lines, line = [], ""
        for word in text.replace("**", "").split():
            trial = f"{line} {word}".strip()
            if draw.textlength(trial, font=text_font) <= width or not line:
                line = trial
            else:
                lines.append(line)
                line = word
        return lines + [line]

    def symbol(d: ImageDraw.ImageDraw, x: float, y: float, r: float, fill: str) -> None:
        """A chevron, like the type symbols cardgen draws on the band and in the foot."""
        d.polygon([(x - r, y - r), (x, y - r), (x + r, y), (x, y + r), (x - r, y + r), (x, y)], fill=fill)

    def face(card: dict) -> Image.Image:
        kind = data["types"][card["type"]]
        colour = hex_rgb(kind["color"])
        dark = mix(colour, (0, 0, 0), 0.35)
        image = Image.new("RGB", (W, H), "#fbf8f1")
        d = ImageDraw.Draw(image)
        band = bleed + round(0.19 * h)
        d.rectangle((0, 0, W, band), fill=colour)
        for x in range(-band, W, round(7 * px)):  # stripes
            d.line((x, band, x + band, 0), fill=mix(colour, dark, 0.45), width=round(2.6 * px))
        d.text((W / 2, bleed + 0.095 * h), card["name"], font=title_font, fill="white", anchor="mm")
        d.text((W / 2, bleed + 0.23 * h), kind["label"].upper(), font=label_font, fill=dark, anchor="mm")
        panel = (bleed + 0.09 * w, bleed + 0.27 * h, bleed + 0.91 * w, bleed + 0.63 * h)
        d.rounded_rectangle(panel, radius=round(2.5 * MM * px), fill=mix(colour, (255, 255, 255), 0.86),
                            outline=mix(colour, (255, 255, 255), 0.55), width=round(0.8 * px))
        cx, cy, s = W / 2, (panel[1] + panel[3]) / 2, 0.3 * h
        # the icon, as complex as cardgen's: two stacked cards, an arrow, a plus
        stroke = round(2.2 * px)
        for dx in (-0.22 * s, -0.12 * s):
            d.rounded_rectangle((cx + dx - 0.16 * s, cy - 0.28 * s, cx + dx + 0.16 * s, cy + 0.3 * s),
                                radius=round(1.5 * MM * px), fill="white", outline=dark, width=stroke)
        d.polygon([(cx + 0.3 * s, cy - 0.5 * s), (cx + 0.38 * s, cy - 0.42 * s), (cx + 0.08 * s, cy - 0.12 * s),
                   (cx + 0.14 * s, cy - 0.06 * s), (cx - 0.06 * s, cy - 0.02 * s), (cx - 0.02 * s, cy - 0.22 * s),
                   (cx + 0.04 * s, cy - 0.16 * s)], fill=dark)
        d.rectangle((cx + 0.2 * s, cy + 0.04 * s, cx + 0.26 * s, cy + 0.28 * s), fill=dark)
        d.rectangle((cx + 0.11 * s, cy + 0.13 * s, cx + 0.35 * s, cy + 0.19 * s), fill=dark)
        symbol(d, bleed + 0.13 * w, bleed + 0.085 * h, 0.05 * w, "white")  # the type symbol on the band
        lines = wrap(d, card.get("text", ""), 0.84 * w)
        leading = 9.5 * 1.22 * px
        top = bleed + 0.76 * h - leading * len(lines) / 2
        for n, line in enumerate(lines):
            d.text((W / 2, top + n * leading), line, font=text_font, fill="#1b1b1b", anchor="ma")
        d.rectangle((0, bleed + 0.89 * h, W, H), fill=colour)
        for x in (bleed + 0.1 * w, bleed + 0.9 * w):  # the symbol at both ends of the credit
            symbol(d, x, bleed + 0.93 * h, 0.025 * w, "white")
        d.text((W / 2, bleed + 0.93 * h), data.get("credit", ""), font=small_font, fill="white", anchor="mm")
        return image

    def back() -> Image.Image:
        field, accent = hex_rgb(data["back"]["color"]), hex_rgb(data["back"]["accent"])
        image = Image.new("RGB", (W, H), field)
        d = ImageDraw.Draw(image)
        step = 9 * px
        motif = mix(field, accent, 0.35)
        for i in range(-int(W / step), int(W / step) + 1):
            for j in range(-int(H / step), int(H / step) + 1):
                if (i + j) % 2:
                    continue
                x, y = W / 2 + i * step, H / 2 + j * step
                r = (1.0 + 1.6 * (0.5 + 0.5 * math.cos(math.hypot(x - W / 2, y - H / 2) / px / 11))) * px
                d.polygon([(x, y - r), (x + r, y), (x, y + r), (x - r, y)], fill=motif)
        d.rounded_rectangle((bleed + 0.06 * w, bleed + 0.045 * h, bleed + 0.94 * w, bleed + 0.955 * h),
                            radius=round(2.5 * MM * px), outline=accent, width=round(1.2 * px))
        d.rounded_rectangle((bleed + 0.12 * w, bleed + 0.36 * h, bleed + 0.88 * w, bleed + 0.64 * h),
                            radius=round(2 * MM * px), fill=field)
        d.text((W / 2, bleed + 0.455 * h), data["title"], font=back_title, fill=accent, anchor="mm")
        d.text((W / 2, bleed + 0.56 * h), data["back"].get("text", ""), font=back_tag, fill="#dddddd", anchor="mm")
        return image

    def encode(image: Image.Image) -> bytes:
        buffer = io.BytesIO()
        image.save(buffer, "PNG", compress_level=LEVEL, dpi=(DPI, DPI))
        return buffer.getvalue()

    out.mkdir(parents=True, exist_ok=True)
    files = 0
    for card in data["cards"]:
        png = encode(face(card))
        digits = len(str(card["count"]))
        for copy in range(1, card["count"] + 1):
            (out / f"{card['id']}-{copy:0{digits}d}.png").write_bytes(png)
            files += 1
    (out / "back.png").write_bytes(encode(back()))
    end = time.perf_counter()
    return {"seconds": end - start, "work": end - imported, "cards": sum(c["count"] for c in data["cards"]),
            "files": files + 1, "drawn": len(data["cards"]) + 1}


def worker(kind: str, deck: Path, out: Path) -> None:
    if kind == "pillow":
        result = run_pillow(deck, out)
    else:
        result = run_cardgen(deck, out, workers=1 if kind == "cardgen-1" else None)
    print(json.dumps(result))


def measure(kind: str, deck: Path, out: Path) -> dict[str, float]:
    """One whole process (imports included): its CPU seconds (user + system, its reaped workers
    included, from ``os.wait4``), wall seconds and what it reported."""
    shutil.rmtree(out, ignore_errors=True)
    with tempfile.TemporaryFile("w+") as errors:
        start = time.perf_counter()
        proc = subprocess.Popen([sys.executable, __file__, "--worker", kind, str(deck), str(out)],
                                stdout=subprocess.PIPE, stderr=errors, text=True, cwd=ROOT)
        assert proc.stdout is not None
        stdout = proc.stdout.read()
        _, status, usage = os.wait4(proc.pid, 0)
        wall = time.perf_counter() - start
        proc.returncode = os.waitstatus_to_exitcode(status)
        if proc.returncode:
            errors.seek(0)
            raise SystemExit(f"{kind} failed on {deck}:\n{errors.read()}")
    result = json.loads(stdout.strip().splitlines()[-1])
    result["wall"] = wall
    result["cpu"] = usage.ru_utime + usage.ru_stime
    result["bytes"] = sum(f.stat().st_size for f in out.glob("*.png"))
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--reps", type=int, default=3)
    parser.add_argument("--worker", nargs=3, metavar=("KIND", "DECK", "OUT"))
    args = parser.parse_args()
    if args.worker:
        kind, deck, out = args.worker
        worker(kind, Path(deck), Path(out))
        return
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    print(f"PNG export, {DPI} dpi with bleed (821 x 1121 px), zlib level {LEVEL}, {cores} cores; "
          f"median of {args.reps}, whole processes (imports included), runs alternating.")
    print(f"{'deck':>12} {'cards':>6} {'drawn':>6} {'cg CPU s':>9} {'cg-1 CPU s':>11} {'Pillow CPU s':>13} "
          f"{'ratio':>6} {'ratio-1':>8} {'cg wall s':>10} {'Pillow wall s':>14} {'cg KB':>7} {'Pillow KB':>10}")
    with tempfile.TemporaryDirectory() as tmp_name:
        tmp = Path(tmp_name)
        for label, deck in make_decks(tmp / "decks").items():
            runs: dict[str, list[dict[str, float]]] = {"cardgen": [], "cardgen-1": [], "pillow": []}
            for _ in range(args.reps):
                for kind in runs:
                    runs[kind].append(measure(kind, deck, tmp / "out" / kind))
            cpu = {kind: statistics.median(r["cpu"] for r in rs) for kind, rs in runs.items()}
            wall = {kind: statistics.median(r["wall"] for r in rs) for kind, rs in runs.items()}
            cards = runs["cardgen"][0]["cards"]
            assert runs["cardgen"][0]["files"] == runs["pillow"][0]["files"], "both must write the same files"
            ratio = statistics.median(p["cpu"] / c["cpu"] for c, p in zip(runs["cardgen"], runs["pillow"]))
            ratio_1 = statistics.median(p["cpu"] / c["cpu"] for c, p in zip(runs["cardgen-1"], runs["pillow"]))
            print(f"{label:>12} {cards:>6.0f} {runs['cardgen'][0]['drawn']:>6.0f} {cpu['cardgen']:>9.3f} "
                  f"{cpu['cardgen-1']:>11.3f} {cpu['pillow']:>13.3f} {ratio:>6.2f} {ratio_1:>8.2f} "
                  f"{wall['cardgen']:>10.3f} {wall['pillow']:>14.3f} {runs['cardgen'][0]['bytes'] / 1024:>7.0f} "
                  f"{runs['pillow'][0]['bytes'] / 1024:>10.0f}")
    print("ratio = Pillow CPU s / cardgen CPU s, median of the back-to-back pairs: above 1 means cardgen "
          "spends less CPU; ratio-1 is cardgen with one process (--workers 1).")

if __name__ == "__main__":
    main()
