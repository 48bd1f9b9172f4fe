"""Benchmark: ``cardgen export --to png`` against a Pillow-only script, measured in the same run.

Both produce the same files: one PNG per physical card face (``<id>-<copy>.png``) plus the back,
821 x 1121 px (300 dpi, 63.5 x 88.9 mm with 3 mm bleed, rounded once), with a dpi tag. cardgen is
the command a user runs (``python -m cardgen.cli export DECK --to png -o OUT``: the vector cards
drawn into a PDF, measured by the preflight as they are drawn and checked, each distinct picture
rasterised once by pdfium and written by cardgen's PNG writer; ``cg-1``: ``--jobs 1``; ``cg-np``: ``--no-preflight``). The Pillow
baseline is a careful single-process script: it draws each *distinct* card once with ImageDraw
(bleed fill, the type band with the type's own pattern — stripes, dots, checks or zigzag — its
symbol on the band and at both ends of the credit, the title and credit in the type's text
colour, type label, rounded panel, an icon as complex as cardgen's, wrapped rule text, foot band;
the back: field, diamond motif, frame, title, tagline), encodes it once with Pillow at zlib level
3 (Pillow's fastest useful level: its per-row filter search costs the same at 1–3) and writes
the bytes for every copy. It still sets the rule text in one weight (cardgen sets ``**bold**``
runs). ImageDraw does not anti-alias shapes (cardgen's are), which makes its pictures cheaper to
draw and its files smaller; ``Pillow AA`` is the same script drawing every card at twice the size
and halving it (``Image.reduce(2)``), Pillow's way to anti-aliased edges like cardgen's. ``floor`` is
the Pillow script run after importing the libraries cardgen's export needs (:func:`import_floor`).

Each run is a whole fresh process, imports included, with compiled bytecode kept as for an
installed package (one untimed run of each first); its CPU seconds (user + system, with its
reaped worker processes) come from ``os.wait4``. Runs alternate; the table shows medians, and each
ratio is the median of the Pillow / cardgen CPU ratios of back-to-back runs (the machine is
shared, so CPU, not wall time). A last line per deck writes cardgen's own pixels with Pillow
(level 3, and ``optimize``): the same-pixels size comparison. ``--before DIR`` measures another
checkout of cardgen (e.g. ``git archive`` of an older commit) beside this one. Decks:

* ``falling``: the FALLING deck, 54 cards, 8 faces + 1 back;
* ``falling x10``: the same with every count x 10 (540 cards, still 9 images to draw);
* ``72 distinct``: 72 different cards, one copy each (72 faces + 1 back to draw).

    python bench/export.py            # 3 repetitions
    python bench/export.py --reps 5
"""

from __future__ import annotations

import argparse
import hashlib
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
    head = source.split("\ncards:\n", 1)[0]
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
CARDGEN_ARGS = {
    "cardgen": [],  # the command as a user runs it: preflight first, worker processes by default
    "cardgen-1": ["--jobs", "1"],
    "cardgen-np": ["--no-preflight"],
}


BEFORE: Path | None = None
"""With ``--before DIR``: another checkout of cardgen (e.g. ``git archive`` of an older commit),
measured as ``before`` beside this one (its command as a user runs it)."""


def cardgen_command(kind: str, deck: Path, out: Path) -> list[str]:
    """``cardgen export DECK --to png -o OUT`` as a whole process (the code of this checkout)."""
    return [sys.executable, "-m", "cardgen.cli", "export", str(deck), "--to", "png", "-o", str(out),
            *CARDGEN_ARGS.get(kind, [])]


# -- Pillow alone ------------------------------------------------------------------------------
def run_pillow(deck: Path, out: Path, scale: int = 1) -> dict[str, float]:
    """Draw and write the deck's PNGs with Pillow alone; with ``scale`` 2, every card is drawn at twice
    the size and halved (``Image.reduce``): Pillow's way to anti-alias shapes, as cardgen's are."""
    start = time.perf_counter()
    from PIL import Image, ImageDraw, ImageFont
    from ruamel.yaml import YAML

    imported = time.perf_counter()
    data = YAML(typ="safe").load((deck / "deck.yaml").read_text())
    fonts = ROOT / "cardgen" / "fonts"
    px = DPI / 72
    # the whole card with its bleed rounded once, as cardgen sizes its images: 821 x 1121 px
    bleed, W, H = round(3 * MM * px), round((63.5 + 6) * MM * px), round((88.9 + 6) * MM * px)
    px, bleed, W, H = px * scale, bleed * scale, W * scale, H * scale
    w, h = W - 2 * bleed, H - 2 * bleed
    title_font = ImageFont.truetype(str(fonts / "Vollkorn-Bold.ttf"), round(18 * px))
    label_font = ImageFont.truetype(str(fonts / "Lato-Bold.ttf"), round(7.5 * px))
    text_font = ImageFont.truetype(str(fonts / "Lato-Regular.ttf"), round(9.5 * px))
    small_font = ImageFont.truetype(str(fonts / "Lato-Regular.ttf"), round(6.5 * px))
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

    def symbol(d: ImageDraw.ImageDraw, name: str, x: float, y: float, r: float, fill: object) -> None:
        """The type's symbol (chevron, diamond, plus or bar), as cardgen draws it on the band and in the foot."""
        if name == "diamond":
            d.polygon([(x, y - r), (x + r, y), (x, y + r), (x - r, y)], fill=fill)
        elif name == "plus":
            d.rectangle((x - r, y - 0.34 * r, x + r, y + 0.34 * r), fill=fill)
            d.rectangle((x - 0.34 * r, y - r, x + 0.34 * r, y + r), fill=fill)
        elif name == "bar":
            d.rectangle((x - r, y - 0.4 * r, x + r, y + 0.4 * r), fill=fill)
        else:
            d.polygon([(x - r, y - r), (x, y - r), (x + r, y), (x, y + r), (x - r, y + r), (x, y)], fill=fill)

    def pattern(d: ImageDraw.ImageDraw, name: str, band: int, fill: tuple[int, int, int]) -> None:
        """The type's band pattern, as cardgen draws it: stripes, dots, checks or a zigzag (7 pt apart)."""
        step = 7 * px
        if name == "dots":
            r = 1.2 * px
            for row in range(int(band / step) + 1):
                y = band - (row + 0.5) * step
                for col in range(int(W / step) + 2):
                    x = col * step + (step / 2 if row % 2 else 0)
                    d.ellipse((x - r, y - r, x + r, y + r), fill=fill)
        elif name == "checks":
            size = 0.9 * step
            for row in range(int(band / size) + 1):
                for col in range(row % 2, int(W / size) + 2, 2):
                    d.rectangle((col * size, band - (row + 1) * size, (col + 1) * size, band - row * size), fill=fill)
        elif name == "zigzag":
            for row in range(int(band / step) + 1):
                y = band - (row + 0.5) * step
                points = [(i * step / 2, y + (2 if i % 2 else -2) * px) for i in range(int(W / (step / 2)) + 3)]
                d.line(points, fill=fill, width=round(1.6 * px))
        else:
            for x in range(-band, W, round(step)):
                d.line((x, band, x + band, 0), fill=fill, width=round(2.6 * px))

    def face(card: dict) -> Image.Image:
        kind = data["types"][card["type"]]
        colour = hex_rgb(kind["color"])
        dark = mix(colour, (0, 0, 0), 0.35)
        ink = kind.get("text_color", "#ffffff")  # the title's and the credit's colour on the band
        light_band = ink != "#ffffff"
        image = Image.new("RGB", (W, H), "#fbf8f1")
        d = ImageDraw.Draw(image)
        band = bleed + round(0.19 * h)
        d.rectangle((0, 0, W, band), fill=colour)
        pattern(d, kind.get("pattern", "stripes"), band,
                mix(colour, (255, 255, 255), 0.3) if light_band else mix(colour, dark, 0.45))
        d.text((W / 2, bleed + 0.095 * h), card["name"], font=title_font, fill=ink, anchor="mm")
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
        shape = kind.get("symbol", "chevron")
        symbol(d, shape, bleed + 0.13 * w, bleed + 0.085 * h, 0.05 * w, ink)  # the type symbol on the band
        lines = wrap(d, card.get("text", ""), 0.84 * w)
        leading = 9.5 * 1.22 * px
        top = bleed + 0.76 * h - leading * len(lines) / 2
        for n, line in enumerate(lines):
            d.text((W / 2, top + n * leading), line, font=text_font, fill="#1b1b1b", anchor="ma")
        d.rectangle((0, bleed + 0.89 * h, W, H), fill=colour)
        for x in (bleed + 0.1 * w, bleed + 0.9 * w):  # the symbol at both ends of the credit
            symbol(d, shape, x, bleed + 0.93 * h, 0.025 * w, ink)
        d.text((W / 2, bleed + 0.93 * h), data.get("credit", ""), font=small_font, fill=ink, anchor="mm")
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
        if scale > 1:
            image = image.reduce(scale)
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


def worker(deck: Path, out: Path, scale: int, *, floor: bool = False) -> None:
    if floor:
        import_floor()
    print(json.dumps(run_pillow(deck, out, scale)))


FLOOR_IMPORTS = ("click", "pypdfium2_raw", "reportlab.pdfgen.canvas")
"""What ``cardgen export --to png`` cannot do without beside Pillow: click, reportlab's canvas (cardgen
draws its cards as vector PDF), pdfium's C API (which rasterises them), and pydantic building the deck
model (``bench/floor.py`` adds it). The ``floor`` run is the Pillow script after these imports, the way
cardgen makes them: ``Pillow/floor`` is what the imports alone cost against Pillow."""


def import_floor() -> None:
    """Import :data:`FLOOR_IMPORTS` as cardgen does (``bench/floor.py``)."""
    from floor import import_as_cardgen

    import_as_cardgen(FLOOR_IMPORTS)


ENV = dict(os.environ)
"""The measured processes' environment: Python's compiled bytecode is kept (in a folder of the
benchmark's, see :func:`main`), as it is for an installed cardgen and for Pillow; where
PYTHONDONTWRITEBYTECODE is set, cardgen's ~80 modules would otherwise be compiled from source
in every run (~0.1 s) while the site-packages' stay compiled."""


def measure(kind: str, deck: Path, out: Path) -> dict[str, float]:
    """One whole process (imports included): its CPU seconds (user + system, its reaped workers
    included, from ``os.wait4``), wall seconds, and the files it wrote."""
    shutil.rmtree(out, ignore_errors=True)
    command = (cardgen_command(kind, deck, out) if kind in CARDGEN_ARGS or kind == "before"
               else [sys.executable, __file__, "--worker", str(deck), str(out), "2" if kind == "pillow-aa" else "1",
                     *(["--floor"] if kind == "floor" else [])])
    root = BEFORE if kind == "before" and BEFORE is not None else ROOT
    env = dict(ENV, PYTHONPATH=str(root)) if kind == "before" else ENV
    with tempfile.TemporaryFile("w+") as errors:
        start = time.perf_counter()
        proc = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=errors, text=True, cwd=root, env=env)
        _, status, usage = os.wait4(proc.pid, 0)
        wall = time.perf_counter() - start
        proc.returncode = os.waitstatus_to_exitcode(status)
        if proc.returncode:
            errors.seek(0)
            raise SystemExit(f"{kind} failed on {deck}:\n{errors.read()}")
    pngs = sorted(out.glob("*.png"))
    return {"wall": wall, "cpu": usage.ru_utime + usage.ru_stime, "files": len(pngs),
            "cards": sum(1 for f in pngs if not f.name.startswith("back")),
            "drawn": len({hashlib.sha256(f.read_bytes()).digest() for f in pngs}),
            "bytes": sum(f.stat().st_size for f in pngs)}


def pillow_sizes(folder: Path) -> dict[str, int]:
    """Bytes of every PNG in ``folder`` if Pillow wrote the same pixels: at zlib level 3, and with
    ``optimize`` (level 9 and its widest filter search). Each distinct file is re-encoded once."""
    from PIL import Image

    sizes = {"level 3": 0, "optimize": 0}
    seen: dict[bytes, dict[str, int]] = {}
    for png in sorted(folder.glob("*.png")):
        data = png.read_bytes()
        key = hashlib.sha256(data).digest()
        if key not in seen:
            with Image.open(io.BytesIO(data)) as image:
                rgb = image.convert("RGB")
            seen[key] = {}
            for label, options in (("level 3", {"compress_level": 3}), ("optimize", {"optimize": True})):
                buffer = io.BytesIO()
                rgb.save(buffer, "PNG", dpi=(DPI, DPI), **options)
                seen[key][label] = buffer.tell()
        for label in sizes:
            sizes[label] += seen[key][label]
    return sizes


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--reps", type=int, default=3)
    parser.add_argument("--before", type=Path, metavar="DIR",
                        help="another cardgen checkout to measure beside this one (e.g. the code before a change)")
    parser.add_argument("--worker", nargs=3, metavar=("DECK", "OUT", "SCALE"), help=argparse.SUPPRESS)
    parser.add_argument("--floor", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        worker(Path(args.worker[0]), Path(args.worker[1]), int(args.worker[2]), floor=args.floor)
        return
    global BEFORE
    BEFORE = args.before.resolve() if args.before else None
    from PIL import Image
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    print(f"PNG export, {DPI} dpi with bleed (821 x 1121 px), {cores} cores; median of {args.reps}, whole "
          "processes (imports included), runs alternating. cardgen: `cardgen export --to png` as a user runs "
          "it; -1: --jobs 1; -np: --no-preflight. Pillow: shapes drawn at 1x (jagged edges); Pillow AA: drawn at "
          "2x and halved (anti-aliased, like cardgen's). Both Pillow scripts write at zlib level 3.")
    print(f"{'deck':>12} {'run':>12} {'cards':>6} {'drawn':>6} {'CPU s':>7} {'wall s':>7} {'KB':>7} "
          f"{'Pillow/this':>12} {'Pillow AA/this':>15}")
    with tempfile.TemporaryDirectory() as tmp_name:
        tmp = Path(tmp_name)
        ENV.pop("PYTHONDONTWRITEBYTECODE", None)
        ENV["PYTHONPYCACHEPREFIX"] = str(tmp / "pycache")
        for label, deck in make_decks(tmp / "decks").items():
            kinds = ["cardgen", "cardgen-1", "cardgen-np", *(["before"] if BEFORE else []), "pillow", "pillow-aa", "floor"]
            runs: dict[str, list[dict[str, float]]] = {kind: [] for kind in kinds}
            for kind in runs:  # one untimed run each: bytecode compiled, files in the page cache
                measure(kind, deck, tmp / "out" / kind)
            for _ in range(args.reps):
                for kind, results in runs.items():
                    results.append(measure(kind, deck, tmp / "out" / kind))
            for kind in ("cardgen", "pillow", "pillow-aa"):
                with Image.open(next((tmp / "out" / kind).glob("*.png"))) as image:
                    assert image.size == (821, 1121), (kind, image.size)
                assert runs[kind][0]["files"] == runs["cardgen"][0]["files"], "all must write the same files"
            for kind, results in runs.items():
                ratios = [statistics.median(p["cpu"] / c["cpu"] for c, p in zip(results, runs[base]))
                          for base in ("pillow", "pillow-aa")]
                name = {"before": f"before ({BEFORE.name if BEFORE else ''})"}.get(kind, kind)
                print(f"{label:>12} {name:>12} {results[0]['cards']:>6.0f} {results[0]['drawn']:>6.0f} "
                      f"{statistics.median(r['cpu'] for r in results):>7.3f} "
                      f"{statistics.median(r['wall'] for r in results):>7.3f} {results[0]['bytes'] / 1024:>7.0f} "
                      f"{ratios[0]:>12.2f} {ratios[1]:>15.2f}")
            same = pillow_sizes(tmp / "out" / "cardgen")
            print(f"{label:>12} cardgen's own pixels written by Pillow: {same['level 3'] / 1024:.0f} KB at level 3, "
                  f"{same['optimize'] / 1024:.0f} KB with optimize")
    print("Pillow/this = Pillow CPU s / this run's CPU s, median of the back-to-back pairs: above 1 means the "
          "run spends less CPU than the Pillow script. floor: the Pillow script after importing what cardgen "
          "export cannot do without (click, pydantic and the deck model, reportlab's canvas, pdfium): "
          "its Pillow/this is what those imports alone cost against the Pillow script.")


if __name__ == "__main__":
    main()
