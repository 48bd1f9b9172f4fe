"""Booklet imposition: half-size pages two to a side, in saddle-stitch order.

With N pages (padded with blanks to a multiple of 4), sheet s carries on its front pages
N−2s (left) and 1+2s (right), and on its back 2+2s (left) and N−1−2s (right). Print the sheets
double-sided flipping on the short edge, keep them in order, fold the stack in half and staple
the fold: the pages read 1, 2, 3 … Every side carries fold marks: short dashed lines on the
fold, at the top and bottom edges, outside the pages' text. Links and bookmarks follow their
pages: each points at the side where its page landed, zoomed to that half. Uses pypdf (pure
Python); the output is deterministic.
"""

from __future__ import annotations

import io
from dataclasses import dataclass
from pathlib import Path
from typing import Any

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


def back_cover_page(body_pages: int) -> int:
    """The page number of the back cover of a booklet whose body has ``body_pages`` pages: the last
    page, after the blanks that make the page count a multiple of 4."""
    return (body_pages + 1 + 3) // 4 * 4


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
    # a link names its target page; merged as is it would drag the un-imposed page into the file
    # outside the page tree, so the links are taken off and put back pointing at the sides
    links = [_take_links(page) for page in reader.pages]
    landing: dict[int, Landing] = {}
    for left, right in sides:
        side = writer.add_blank_page(width=width, height=height)
        for index, x in ((left, 0.0), (right, width / 2)):
            if index is None:
                continue
            page = reader.pages[index]
            page_width = float(page.mediabox.width)
            offset = x + (width / 2 - page_width) / 2
            side.merge_transformed_page(page, Transformation().translate(offset, 0))
            landing[index] = Landing(len(writer.pages) - 1, offset, (x, 0.0, x + width / 2, height))
        side.merge_page(marks)
    page_of = {page.indirect_reference.idnum: i for i, page in enumerate(reader.pages)  # type: ignore[union-attr]
               if page.indirect_reference is not None}
    for index, taken in enumerate(links):
        for annotation in taken:
            _put_link(writer, annotation, landing[index], landing, page_of)
    _copy_outline(reader, writer, reader.outline, None, landing)
    page_mode = reader.trailer["/Root"].get("/PageMode")
    if page_mode is not None:
        from pypdf.generic import NameObject

        writer._root_object[NameObject("/PageMode")] = NameObject(str(page_mode))
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


@dataclass(frozen=True)
class Landing:
    """Where a booklet page went: the side's index, how far it moved right, and the half it fills."""

    side: int
    offset: float
    half: tuple[float, float, float, float]


def _take_links(page: Any) -> list[Any]:
    """The page's annotations, removed from it (the imposed side gets them back re-targeted)."""
    from pypdf.generic import NameObject

    annotations = page.get("/Annots")
    if annotations is None:
        return []
    taken = [a.get_object() for a in annotations.get_object()]
    del page[NameObject("/Annots")]
    return taken


def _target(destination: Any, landing: dict[int, Landing], page_of: dict[int, int]) -> Landing | None:
    """The landing of the page an explicit destination ``[page /Fit …]`` names (None: no such page)."""
    try:
        reference = destination[0]
    except (IndexError, KeyError, TypeError):
        return None
    index = page_of.get(getattr(reference, "idnum", -1))
    return None if index is None else landing.get(index)


def _fit(target: Landing) -> Any:
    from pypdf.generic import Fit

    x0, y0, x1, y1 = target.half
    return Fit.fit_rectangle(x0, y0, x1, y1)


def _put_link(writer: Any, annotation: Any, here: Landing, landing: dict[int, Landing],
              page_of: dict[int, int]) -> None:
    """``annotation`` on the side its page landed on, moved with the page; a link inside the book
    points at the half of the side where its target page landed. Others are left out."""
    from pypdf.annotations import Link
    from pypdf.generic import NameObject, TextStringObject

    if annotation.get("/Subtype") != "/Link":
        return
    x0, y0, x1, y1 = (float(v) for v in annotation["/Rect"])
    rect = (x0 + here.offset, y0, x1 + here.offset, y1)
    action = annotation.get("/A")
    action = action.get_object() if action is not None else None
    if action is not None and action.get("/S") == "/URI":
        link = Link(rect=rect, url=str(action["/URI"]))
    else:
        destination = annotation.get("/Dest")
        if destination is None and action is not None and action.get("/S") == "/GoTo":
            destination = action.get("/D")
        target = _target(destination.get_object(), landing, page_of) if destination is not None else None
        if target is None:
            return
        link = Link(rect=rect, target_page_index=target.side, fit=_fit(target))
    link[NameObject("/Border")] = annotation.get("/Border", link.get("/Border"))
    if "/Contents" in annotation:
        link[NameObject("/Contents")] = TextStringObject(str(annotation["/Contents"]))
    writer.add_annotation(here.side, link)


def _copy_outline(reader: Any, writer: Any, outline: list[Any], parent: Any, landing: dict[int, Landing]) -> None:
    """The book's bookmarks, each pointing at the half of the side its heading's page landed on."""
    last = parent
    for item in outline:
        if isinstance(item, list):
            _copy_outline(reader, writer, item, last, landing)
            continue
        index = reader.get_destination_page_number(item)
        target = landing.get(index) if index is not None else None
        if target is None:
            continue
        last = writer.add_outline_item(title=str(item.title), page_number=target.side, parent=parent, fit=_fit(target))
