"""Booklet imposition: half-size pages two to a side, in saddle-stitch order.

With N pages (padded with blanks to a multiple of 4), sheet s carries on its front pages
N−2s (left) and 1+2s (right), and on its back 2+2s (left) and N−1−2s (right). Print the sheets
double-sided flipping on the short edge, keep them in order, fold the stack in half and staple
the fold: the pages read 1, 2, 3 … Every side carries fold marks: short dashed lines on the
fold, at the top and bottom edges, outside the pages' text. Uses pypdf (pure Python); the output
is deterministic.
"""

from __future__ import annotations

import io
from pathlib import Path

from cardgen.layout.sizes import PAPER_SIZES


def saddle_stitch_order(pages: int) -> list[tuple[int | None, int | None]]:
    """(left, right) 0-based page indexes for each side of each sheet; None is a blank."""
    total = (pages + 3) // 4 * 4
    sides: list[tuple[int | None, int | None]] = []

    def page(number: int) -> int | None:  # 1-based → 0-based, blank when past the end
        return number - 1 if number <= pages else None

    for s in range(total // 4):
        sides.append((page(total - 2 * s), page(1 + 2 * s)))
        sides.append((page(2 + 2 * s), page(total - 1 - 2 * s)))
    return sides


FOLD_MARK_MM = 7.0
"""Length of each fold mark, from the paper's edge (inside the pages' 14 mm top and bottom margins)."""


def fold_marks(width: float, height: float) -> bytes:
    """A transparent page of ``width`` × ``height`` with dashed fold marks at its centre line."""
    from reportlab.pdfgen.canvas import Canvas

    from cardgen.layout.units import MM

    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=(width, height), invariant=1, pageCompression=1)
    canvas.setStrokeColorRGB(0.3, 0.3, 0.3)
    canvas.setLineWidth(0.6)
    canvas.setDash([2, 1.5])
    length = FOLD_MARK_MM * MM
    for y0, y1 in ((0, length), (height - length, height)):
        canvas.line(width / 2, y0, width / 2, y1)
    canvas.showPage()
    canvas.save()
    return buffer.getvalue()


def impose(pdf: bytes, target: Path, *, paper: str) -> int:
    """Impose the half-size pages of ``pdf`` on ``paper`` sheets (landscape); returns sheets."""
    from pypdf import PdfReader, PdfWriter, Transformation

    reader = PdfReader(io.BytesIO(pdf))
    sheet = PAPER_SIZES[paper]
    width, height = sheet.height_pt, sheet.width_pt  # landscape
    writer = PdfWriter()
    marks = PdfReader(io.BytesIO(fold_marks(width, height))).pages[0]
    sides = saddle_stitch_order(len(reader.pages))
    for left, right in sides:
        side = writer.add_blank_page(width=width, height=height)
        for index, x in ((left, 0.0), (right, width / 2)):
            if index is None:
                continue
            page = reader.pages[index]
            page_width = float(page.mediabox.width)
            offset = x + (width / 2 - page_width) / 2
            side.merge_transformed_page(page, Transformation().translate(offset, 0))
        side.merge_page(marks)
    metadata = reader.metadata or {}
    writer.add_metadata({key: str(value) for key, value in metadata.items()
                         if key in ("/Title", "/Author", "/Subject", "/Creator")} | {"/Producer": "cardgen (reportlab, pypdf)"})
    language = reader.trailer["/Root"].get("/Lang")
    if language is not None:  # the book's language, for screen readers, as the page-by-page PDF has it
        from pypdf.generic import NameObject, TextStringObject

        writer._root_object[NameObject("/Lang")] = TextStringObject(str(language))
    with open(target, "wb") as handle:
        writer.write(handle)
    return len(sides) // 2
