"""The floor: a careful hand-written reportlab script drawing the benchmark deck's cards.

It draws what ``bench/bench_deck.py``'s layouts draw, card for card (no reuse of faces): a
full-bleed paper fill, a type band with bleed, a one-line title, the shared illustration by
path (embedded once), two lines of wrapped rule text (a Paragraph), and on the mirrored back
page a full-bleed back image with the deck title; crop marks, TrimBox/BleedBox, duplex. It draws
the pages cardgen imposes (``geometry.json`` in the deck folder, written by ``bench/sheets.py``
outside the timed runs): the same cards per page, the marks inside the printer margin, the label
line with its 10 mm bar on fronts and backs. It is
set up the fast way (``rl_config.useA85 = 0``, DESIGN.md "Performance facts").

    python bench/bare_sheets.py DECK_DIR OUT.pdf
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from reportlab import rl_config
from reportlab.lib.colors import HexColor
from reportlab.lib.enums import TA_CENTER
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
    geometry = json.loads((deck / "geometry.json").read_text())  # cardgen's pages: see bench/sheets.py
    page = tuple(geometry["page"])
    fronts, backs = geometry["fronts"], geometry["backs"]
    per_page = len(fronts)
    style = ParagraphStyle("text", fontName="Lato", fontSize=9.5, leading=9.5 * 1.22, alignment=TA_CENTER,
                           textColor=text_colour)
    inner = 4 * mm  # the safe zone text stays inside
    c = Canvas(str(out), pagesize=page, invariant=1, initialFontName="Lato", pageCompression=1)
    xs = [x for x, _ in fronts]
    ys = [y for _, y in fronts]
    trim = (min(xs), min(ys), max(xs) + w, max(ys) + h)

    def boxes() -> None:
        c.setTrimBox(trim)
        c.setBleedBox((trim[0] - bleed, trim[1] - bleed, trim[2] + bleed, trim[3] + bleed))

    def marks(segments: list[list[float]]) -> None:
        c.setStrokeColor(HexColor("#000000"))
        c.setLineWidth(0.3)
        for segment in segments:
            c.line(*segment)

    def label_line(number: int, count: int, side: str = "fronts") -> None:
        label = geometry["label" if side == "fronts" else "back_label"]
        size = label["size"]
        ascent, descent = pdfmetrics.getAscentDescent("Lato", size)
        baseline = label["y"] + (label["depth"] - (ascent - descent)) / 2 - descent
        grey = HexColor("#595959")
        c.setFillColor(grey)
        c.setFont("Lato", size)
        c.drawString(label["x"], baseline, f"{data['title']} · sheet {number}/{count} · {side}")
        end = label["end"] - 0.5
        start, mid = end - label["bar"], baseline + size * 0.3
        c.setStrokeColor(grey)
        c.setLineWidth(0.5)
        c.line(start, mid, end, mid)
        c.line(start, mid - mm, start, mid + mm)
        c.line(end, mid - mm, end, mid + mm)
        c.drawRightString(start - 2 * mm, baseline, "100 % · 10 mm")

    count = -(-len(cards) // per_page)
    for first in range(0, len(cards), per_page):
        chunk = cards[first:first + per_page]
        boxes()
        for (x, y), card in zip(fronts, chunk):
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
        marks(geometry["front_marks"][len(chunk)])
        label_line(first // per_page + 1, count)
        c.showPage()
        boxes()
        for (x, y), _ in zip(backs, chunk):  # already mirrored for a long-edge flip
            c.saveState()
            c.translate(x, y)
            c.drawImage(back_art, -bleed, -bleed, w + 2 * bleed, h + 2 * bleed, mask="auto")
            c.setFillColor(accent)
            c.setFont("Vollkorn-Bold", 24)
            c.drawCentredString(w / 2, h * 0.505 - 8, data["title"])
            c.restoreState()
        _ = back_colour
        marks(geometry["back_marks"][len(chunk)])
        label_line(first // per_page + 1, count, "backs")
        c.showPage()
    c.save()


if __name__ == "__main__":
    main(Path(sys.argv[1]), Path(sys.argv[2]))
