"""``preflight --report FILE.pdf``: a proof to look at, beside the list of problems.

One landscape page per distinct face (and back) in each language: the face at full size with
its bleed, every problem area outlined in red and numbered; beside it the same face as a
greyscale printer gives it, and below as seen with protanopia, deuteranopia and tritanopia
(half size); the problems listed under it. Sheet and colour problems close the report.
"""

from __future__ import annotations

import tempfile
from collections import defaultdict
from pathlib import Path

import pypdfium2
from PIL import Image
from reportlab.lib.utils import ImageReader

from cardgen.layout.units import MM
from cardgen.loading.deck_loader import load_deck_layouts
from cardgen.model.deck import DeckSpec
from cardgen.output import atomic_path
from cardgen.preflight.colours import SIMULATIONS
from cardgen.preflight.problems import Problem
from cardgen.preflight.run import PreflightResult
from cardgen.render.card_renderer import CardRenderer
from cardgen.render.fonts import BODY, BODY_BOLD
from cardgen.render.reportlab_canvas import ReportlabCanvas

DPI = 150
RED = "#e0001b"
TEXT_SIZE = 8.0


def _to_linear() -> list[int]:
    table = [round(255 * ((v / 255) / 12.92 if v / 255 <= 0.04045 else (((v / 255) + 0.055) / 1.055) ** 2.4))
             for v in range(256)]
    return table * 3


def _to_srgb() -> list[int]:
    table = []
    for v in range(256):
        c = v / 255
        table.append(round(255 * (12.92 * c if c <= 0.0031308 else 1.055 * c ** (1 / 2.4) - 0.055)))
    return table * 3


def vision(image: Image.Image, name: str) -> Image.Image:
    """``image`` as seen with the colour-vision deficiency ``name`` (same matrices as the colour rule)."""
    rows = SIMULATIONS[name]
    matrix = tuple(v for row in rows for v in (*row, 0.0))
    return image.point(_to_linear()).convert("RGB", matrix).point(_to_srgb())  # type: ignore[arg-type]


def write_report(deck: DeckSpec, result: PreflightResult, target: Path) -> None:
    """Write the proof PDF atomically."""
    from cardgen.i18n.translator import translator_for
    from cardgen.render.sheets import new_canvas

    by_face: dict[tuple[str, str], list[Problem]] = defaultdict(list)
    others: list[Problem] = []
    for problem in result.detailed:
        if problem.face and problem.face != "sheet" and problem.bbox is not None:
            by_face[(problem.language, problem.face)].append(problem)
    for problem in result.problems:
        if not (problem.face and problem.face != "sheet" and problem.bbox is not None):
            others.append(problem)
    layouts = load_deck_layouts(deck)
    b = deck.print.bleed
    w, h = deck.print.size.width_pt, deck.print.size.height_pt
    page_w, page_h = 297 * MM, 210 * MM
    with atomic_path(Path(target)) as tmp, tempfile.TemporaryDirectory() as scratch:
        c = new_canvas(tmp, pagesize=(page_w, page_h), title=f"{deck.title}: preflight proof", author="cardgen",
                       subject="preflight")
        rc = ReportlabCanvas(c)
        for language, faces in result.faces.items():
            renderer = CardRenderer(deck, layouts[deck.layout], layouts, translate=translator_for(
                deck, language, allow_untranslated=True), language=language)
            images = _rasters(deck, renderer, [face.key for face in faces], Path(scratch) / f"{language}.pdf")
            for face, image in zip(faces, images):
                problems = by_face.get((language, face.key), [])
                x0, y0 = 12 * MM + b, page_h - 22 * MM - h - b
                c.setFont(BODY_BOLD, 11)
                c.drawString(12 * MM, page_h - 14 * MM, f"{face.key} [{language}] — "
                             + (f"{len(problems)} problem{'s' if len(problems) != 1 else ''}" if problems else "passes"))
                c.saveState()
                c.translate(x0, y0)
                c.setStrokeColor("#9a9a9a")
                c.setLineWidth(0.3)
                c.rect(0, 0, w, h)  # the trim line
                path = c.beginPath()
                path.rect(-b, -b, w + 2 * b, h + 2 * b)
                c.clipPath(path, stroke=0, fill=0)
                if face.key.startswith("face:"):
                    renderer.draw_face(rc, deck.card(face.key[5:]))
                else:
                    renderer.draw_back(rc, face.key[5:])
                c.restoreState()
                _outline(c, problems, x0, y0)
                gx = x0 + w + b + 10 * MM
                c.drawImage(ImageReader(image.convert("L").convert("RGB")), gx - b, y0 - b, w + 2 * b, h + 2 * b)
                c.setFont(BODY, TEXT_SIZE)
                c.setFillColor("#000000")
                c.drawString(gx - b, y0 - b - 4 * MM, "greyscale print")
                hx = gx + w + b + 10 * MM
                for index, name in enumerate(SIMULATIONS):
                    sx = hx + index * ((w + 2 * b) / 2 + 5 * MM)
                    sy = y0 + h + b - (h + 2 * b) / 2
                    c.drawImage(ImageReader(vision(image, name)), sx - b, sy - b, (w + 2 * b) / 2, (h + 2 * b) / 2)
                    c.drawString(sx - b, sy - b - 4 * MM, name)
                _legend(c, problems, 12 * MM, y0 - b - 10 * MM)
                c.showPage()
        if others:
            c.setFont(BODY_BOLD, 11)
            c.drawString(12 * MM, page_h - 14 * MM, "Colours, sheets and every other problem")
            _legend(c, others, 12 * MM, page_h - 22 * MM, numbered=False)
            c.showPage()
        if result.notes:  # what the command printed as note: lines (print colours, transparency)
            c.setFont(BODY_BOLD, 11)
            c.drawString(12 * MM, page_h - 14 * MM, "Notes (not counted by --strict)")
            _legend(c, result.notes, 12 * MM, page_h - 22 * MM, numbered=False)
            c.showPage()
        c.save()


def _rasters(deck: DeckSpec, renderer: CardRenderer, keys: list[str], pdf: Path) -> list[Image.Image]:
    """Each face with its bleed, rendered by pdfium at ``DPI`` (for the greyscale and colour-vision views)."""
    from cardgen.render.sheets import new_canvas

    b = deck.print.bleed
    w, h = deck.print.size.width_pt, deck.print.size.height_pt
    c = new_canvas(pdf, pagesize=(w + 2 * b, h + 2 * b), title="faces", author="cardgen", subject="preflight")
    rc = ReportlabCanvas(c)
    for key in keys:
        c.translate(b, b)
        if key.startswith("face:"):
            renderer.draw_face(rc, deck.card(key[5:]))
        else:
            renderer.draw_back(rc, key[5:])
        c.showPage()
    c.save()
    document = pypdfium2.PdfDocument(str(pdf))
    try:
        return [document[i].render(scale=DPI / 72).to_pil().convert("RGB") for i in range(len(document))]
    finally:
        document.close()


def _outline(c, problems: list[Problem], x0: float, y0: float) -> None:  # type: ignore[no-untyped-def]
    """Each problem's area: a red frame on a white one (visible on any colour), and its number."""
    c.setFont(BODY_BOLD, 9)
    for number, problem in enumerate(problems, start=1):
        assert problem.bbox is not None
        bx0, by0, bx1, by1 = problem.bbox
        for colour, width in (("#ffffff", 2.4), (RED, 1.0)):
            c.setStrokeColor(colour)
            c.setLineWidth(width)
            c.rect(x0 + bx0 - 1, y0 + by0 - 1, max(bx1 - bx0, 1.0) + 2, max(by1 - by0, 1.0) + 2, stroke=1, fill=0)
        c.setFillColor("#ffffff")
        c.rect(x0 + bx1 + 1.5, y0 + by1 - 8.5, 7, 9.5, stroke=0, fill=1)
        c.setFillColor(RED)
        c.drawString(x0 + bx1 + 2, y0 + by1 - 7, str(number))


def _legend(c, problems: list[Problem], x: float, top: float, *, numbered: bool = True) -> None:  # type: ignore[no-untyped-def]
    """The problems as numbered lines (wrapped by hand to the page width)."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    c.setFillColor("#000000")
    c.setFont(BODY, TEXT_SIZE)
    y = top
    width = 297 * MM - x - 12 * MM
    for number, problem in enumerate(problems, start=1):
        words = (f"{number}. " if numbered else "• ") + problem.format()
        line = ""
        for word in words.split(" "):
            trial = f"{line} {word}".strip()
            if stringWidth(trial, BODY, TEXT_SIZE) > width and line:
                c.drawString(x, y, line)
                y -= TEXT_SIZE * 1.3
                line = "    " + word
            else:
                line = trial
        c.drawString(x, y, line)
        y -= TEXT_SIZE * 1.5
        if y < 12 * MM:
            c.showPage()
            c.setFont(BODY, TEXT_SIZE)
            y = 210 * MM - 15 * MM
