"""The floor: a careful hand-written reportlab script drawing the benchmark deck's cards.

It draws what ``bench/bench_deck.py``'s layouts draw, card for card (no reuse of faces): a
full-bleed paper fill, a type band with bleed, a one-line title, the shared illustration by
path (embedded once), two lines of wrapped rule text (a Paragraph), and on the mirrored back
page a full-bleed back image with the deck title; crop marks, TrimBox/BleedBox, duplex. It is
set up the fast way (``rl_config.useA85 = 0``, DESIGN.md "Performance facts").

    python bench/bare_sheets.py DECK_DIR OUT.pdf
"""

from __future__ import annotations

import sys
from pathlib import Path

from reportlab import rl_config
from reportlab.lib.colors import HexColor
from reportlab.lib.enums import TA_CENTER
from reportlab.lib.pagesizes import A4
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Paragraph
from ruamel.yaml import YAML

FONTS = Path(__file__).resolve().parent.parent / "cardgen" / "fonts"


def main(deck: Path, out: Path) -> None:
    rl_config.useA85 = 0
    pdfmetrics.registerFont(TTFont("Lato", str(FONTS / "Lato-Regular.ttf")))
    pdfmetrics.registerFont(TTFont("Vollkorn-Bold", str(FONTS / "Vollkorn-Bold.ttf")))
    data = YAML(typ="safe").load((deck / "deck.yaml").read_text())
    types = {key: (value["label"], HexColor(value["color"])) for key, value in data["types"].items()}
    cards = [card for card in data["cards"] for _ in range(card["count"])]
    art, back_art = str(deck / data["cards"][0]["art"]), str(deck / data["back"]["art"])
    paper_colour, text_colour, white = HexColor("#fbf8f1"), HexColor("#1b1b1b"), HexColor("#ffffff")
    back_colour, accent = HexColor("#14213d"), HexColor("#f4b942")
    w, h, bleed = 63.5 * mm, 88.9 * mm, 3 * mm
    cols, rows = 3, 3
    pitch_x, pitch_y = w + 2 * bleed, h + 2 * bleed
    x0 = (A4[0] - cols * pitch_x) / 2 + bleed
    y0 = (A4[1] - rows * pitch_y) / 2 + bleed
    slots = [(x0 + col * pitch_x, y0 + (rows - 1 - row) * pitch_y) for row in range(rows) for col in range(cols)]
    style = ParagraphStyle("text", fontName="Lato", fontSize=9.5, leading=9.5 * 1.22, alignment=TA_CENTER,
                           textColor=text_colour)
    inner = 4 * mm  # the safe zone text stays inside
    c = Canvas(str(out), pagesize=A4, invariant=1, initialFontName="Lato", pageCompression=1)

    def boxes() -> None:
        c.setTrimBox((x0, y0, x0 + cols * pitch_x - 2 * bleed, y0 + rows * pitch_y - 2 * bleed))
        c.setBleedBox((x0 - bleed, y0 - bleed, x0 + cols * pitch_x - bleed, y0 + rows * pitch_y - bleed))

    def marks() -> None:
        c.setStrokeColor(HexColor("#000000"))
        c.setLineWidth(0.3)
        for col in range(cols):
            for mx in (x0 + col * pitch_x, x0 + col * pitch_x + w):
                c.line(mx, A4[1] - 4 * mm, mx, A4[1] - 1 * mm)
                c.line(mx, 1 * mm, mx, 4 * mm)
        for row in range(rows):
            for my in (y0 + row * pitch_y, y0 + row * pitch_y + h):
                c.line(1 * mm, my, 4 * mm, my)
                c.line(A4[0] - 4 * mm, my, A4[0] - 1 * mm, my)

    for first in range(0, len(cards), cols * rows):
        chunk = cards[first:first + cols * rows]
        boxes()
        for (x, y), card in zip(slots, chunk):
            c.saveState()
            c.translate(x, y)
            c.setFillColor(paper_colour)
            c.rect(-bleed, -bleed, w + 2 * bleed, h + 2 * bleed, stroke=0, fill=1)
            c.setFillColor(types[card["type"]][1])
            c.rect(-bleed, h * 0.81, w + 2 * bleed, h * 0.19 + bleed, stroke=0, fill=1)
            c.setFillColor(white)
            c.setFont("Vollkorn-Bold", 18)
            c.drawCentredString(w / 2, h * (1 - 0.095) - 6, card["name"])
            c.drawImage(art, w * 0.09, h * 0.37, w * 0.82, h * 0.36, mask="auto")
            paragraph = Paragraph(card["text"], style)
            _, used = paragraph.wrap(w * 0.84, h * 0.22)
            paragraph.drawOn(c, w * 0.08, h * 0.13 + max(inner - h * 0.13, 0) + (h * 0.22 - used) / 2)
            c.restoreState()
        marks()
        c.showPage()
        boxes()
        for (x, y), _ in zip(slots, chunk):
            bx = A4[0] - x - w  # mirrored for a long-edge flip
            c.saveState()
            c.translate(bx, y)
            c.drawImage(back_art, -bleed, -bleed, w + 2 * bleed, h + 2 * bleed, mask="auto")
            c.setFillColor(accent)
            c.setFont("Vollkorn-Bold", 24)
            c.drawCentredString(w / 2, h * 0.505 - 8, data["title"])
            c.restoreState()
        _ = back_colour
        marks()
        c.showPage()
    c.save()


if __name__ == "__main__":
    main(Path(sys.argv[1]), Path(sys.argv[2]))
