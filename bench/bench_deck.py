"""The deck the sheet benchmark draws: one simple card design, distinct or repeated faces.

Every card has a full-bleed paper fill, a type-coloured band with bleed, a one-line title, a
shared 600 px PNG illustration and two lines of rule text; every back is a full-bleed PNG
image with the deck title over it. ``bench/bare_sheets.py`` draws exactly this design with
plain reportlab, card for card.
"""

from __future__ import annotations

from pathlib import Path

TYPES = {  # lightness L* 42, 64 and 19: distinct greys, so the deck passes the preflight as a designer's would
    "rider": ("Rider", "#1f5fbf"),
    "action": ("Action", "#d98a00"),
    "ground": ("Ground", "#3b2a1e"),
}
WORDS = ("Hit", "Skip", "Split", "Push", "Grab", "Stop", "Extra", "Ground", "Fall", "Drop", "Leap", "Dive")

FACE = """\
description: "Benchmark face, paper, band, title, illustration, two lines of text."
elements:
  paper: {kind: fill, x: 0, y: 0, width: 100%, height: 100%, color: "#fbf8f1", bleed: true}
  band:  {kind: fill, x: 0, y: 0, width: 100%, height: 19%, color: type, bleed: true}
  title: {kind: text, field: name, x: 10%, y: 3.5%, width: 80%, height: 12%, font: display, size: 18pt,
          align: center, valign: middle, color: "#ffffff", leading: 1.0}
  art:   {kind: art, x: 9%, y: 27%, width: 82%, height: 36%}
  text:  {kind: text, field: text, x: 8%, y: 65%, width: 84%, height: 22%, font: body, size: 9.5pt,
          align: center, valign: middle, color: "#1b1b1b", leading: 1.22}
"""

BACK = """\
description: "Benchmark back, a full-bleed image and the deck title."
elements:
  art:   {kind: art, x: 0, y: 0, width: 100%, height: 100%, bleed: true}
  title: {kind: text, field: title, x: 14%, y: 42%, width: 72%, height: 15%, font: display, size: 24pt,
          align: center, valign: middle, color: "#f4b942", leading: 1.0}
"""


def card_text(i: int) -> str:
    return f"Lay it before player {i % 7 + 1}. After the deal, each stack gets {i % 5 + 1} more."


def make_deck(folder: Path, cards: int, *, distinct: bool) -> Path:
    """A deck of ``cards`` cards: all different (``distinct``) or 12 faces repeated."""
    from PIL import Image, ImageDraw

    deck = folder / f"deck-{cards}-{'distinct' if distinct else 'repeated'}"
    (deck / "art").mkdir(parents=True, exist_ok=True)
    (deck / "templates").mkdir(exist_ok=True)
    sky = Image.new("RGB", (600, 400), "#cfe0f5")
    draw = ImageDraw.Draw(sky)
    for i in range(0, 600, 24):
        draw.ellipse([i, 120 + (i % 96), i + 90, 200 + (i % 96)], fill="#ffffff")
    sky.save(deck / "art" / "sky.png")
    back = Image.new("RGB", (300, 420), "#14213d")
    draw = ImageDraw.Draw(back)
    for i in range(0, 420, 30):
        draw.line([0, i, 300, 420 - i], fill="#f4b942", width=3)
    back.save(deck / "art" / "back.png")
    (deck / "templates" / "bench-card.yaml").write_text(FACE)
    (deck / "templates" / "bench-back.yaml").write_text(BACK)
    lines = ["deck: bench", "title: BENCH", "designer: Bench", "credit: A benchmark deck", 'version: "1.0"', "print: {card: poker, bleed: 3mm, safe: 4mm}",
             "layout: bench-card", "back: {layout: bench-back, color: \"#14213d\", accent: \"#f4b942\", art: art/back.png}",
             "types:"]
    names = list(TYPES)
    for key, (label, colour) in TYPES.items():
        lines.append(f'  {key}: {{label: {label}, color: "{colour}", symbol: bar}}')
    lines.append("cards:")
    distinct_count = cards if distinct else 12
    per_card = 1 if distinct else cards // 12
    for i in range(distinct_count):
        lines += [f"  - id: c{i}", f"    name: {WORDS[i % len(WORDS)]} {i + 1}", f"    type: {names[i % len(names)]}",
                  f"    count: {per_card}", "    art: art/sky.png", f"    text: {card_text(i)}"]
    (deck / "deck.yaml").write_text("\n".join(lines) + "\n")
    return deck


if __name__ == "__main__":
    import sys

    print(make_deck(Path(sys.argv[1]), int(sys.argv[2]), distinct=sys.argv[3] == "distinct"))
