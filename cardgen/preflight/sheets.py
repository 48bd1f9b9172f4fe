"""Preflight of card sheets: the imposition and its marks as the printer will meet them.

The page furniture is drawn by the same functions the sheet writer uses, into a measuring
canvas; every card placement counts as ink over its whole bleed. Rules: ink in the printer's
unprintable margin (``margin-ink``), neighbouring trims closer than two bleeds
(``bleed-gap``; not for butted sheets, whose cards share their trims by request), a crop mark across another card's bleed (``mark-crosses-bleed``), sheet text
under the minimum size (``tiny-text``).
"""

from __future__ import annotations

from dataclasses import replace

from cardgen.layout.imposition import Sheet, Slot
from cardgen.layout.units import MM
from cardgen.model.deck import DeckSpec
from cardgen.preflight.measure import BBox, Ink, MeasuringCanvas, intersect
from cardgen.preflight.problems import Problem
from cardgen.render.sheets import SheetOptions, draw_back_furniture, draw_front_furniture, impose

EPSILON = 0.05


def sheet_ink(deck: DeckSpec, options: SheetOptions, *, label: str = "", fold_label: str = "fold here",
              back_label: str = "") -> list[tuple[str, Sheet, list[Ink]]]:
    """(page name, sheet, ink) of a full fronts page, the last (partial) one and their backs.

    Each sheet returned holds only the slots that page fills (both halves on a gutterfold page).
    """
    fronts, backs = impose(options.paper, deck.print.size, deck.print.bleed, options)
    total = len(deck.expanded())
    counts = [min(total, fronts.per_page)]
    if total % fronts.per_page and total > fronts.per_page:
        counts.append(total % fronts.per_page)
    pages = []
    for count in counts:
        canvas = MeasuringCanvas()
        _cards(canvas, fronts.slots[:count], "fronts")
        if options.layout == "gutterfold":
            _cards(canvas, backs.slots[:count], "backs")
        draw_front_furniture(canvas, fronts, backs, options, count, label=label or f"{deck.title} · sheet 1/1",
                             fold_label=fold_label, safe=deck.print.safe)
        used = fronts.slots[:count] + (backs.slots[:count] if options.layout == "gutterfold" else ())
        pages.append((f"fronts ({count} cards)", replace(fronts, slots=used), canvas.ink))
        if options.layout == "duplex":
            canvas = MeasuringCanvas()
            _cards(canvas, backs.slots[:count], "backs")
            draw_back_furniture(canvas, backs, options, count, safe=deck.print.safe,
                                label=back_label or f"{deck.title} · sheet 1/1 · backs")
            pages.append((f"backs ({count} cards)", replace(backs, slots=backs.slots[:count]), canvas.ink))
    return pages


def _cards(canvas: MeasuringCanvas, slots: tuple[Slot, ...], side: str) -> None:
    """A card with its bleed is ink over its whole clip rectangle."""
    canvas.owner("sheet", f"cards ({side})")
    for slot in slots:
        x0, y0, x1, y1 = slot.clip
        canvas.rect(x0, y0, x1 - x0, y1 - y0)


def check_sheets(deck: DeckSpec, options: SheetOptions, *, language: str = "", label: str = "",
                 fold_label: str = "fold here", min_size: float = 6.5, back_label: str = "") -> list[Problem]:
    """Every sheet rule for ``options`` (paper, layout, printer margin)."""
    if options.layout == "single":
        return []  # one card with its bleed per page: for print shops, whose presses print to the edge
    where = f"{options.paper} {options.layout}"
    problems: list[Problem] = []
    seen: set[tuple[str, str]] = set()

    def report(rule: str, element: str, message: str, bbox: BBox | None = None) -> None:
        if (rule, element) not in seen:
            seen.add((rule, element))
            problems.append(Problem(rule, f"{where}: {message}", str(deck.file), language=language, element=element,
                                    bbox=bbox, face="sheet"))

    for page, sheet, ink in sheet_ink(deck, options, label=label, fold_label=fold_label, back_label=back_label):
        width, height = sheet.paper.width_pt, sheet.paper.height_pt
        margin = sheet.printer_margin
        printable = (margin, margin, width - margin, height - margin)
        for mark in ink:
            outside = max(printable[0] - mark.bbox[0], printable[1] - mark.bbox[1], mark.bbox[2] - printable[2],
                          mark.bbox[3] - printable[3])
            if outside > EPSILON:
                report("margin-ink", mark.element or "", f"{page}: {mark.element} reaches {outside / MM:.1f} mm into "
                       f"the {margin / MM:.0f} mm the printer cannot print", mark.bbox)
            if mark.kind == "text" and mark.size < min_size - 0.01:
                report("tiny-text", mark.element or "", f"{page}: “{mark.text}” is {mark.size:g} pt, under {min_size:g} pt",
                       mark.bbox)
        marks = [m for m in ink if m.element == "crop-marks"]
        for mark in marks:
            for slot in sheet.slots:
                if intersect(mark.bbox, _inner(slot.clip)) is not None:
                    report("mark-crosses-bleed", "crop-marks", f"{page}: a crop mark at ({mark.bbox[0] / MM:.1f}, "
                           f"{mark.bbox[1] / MM:.1f}) mm crosses the bleed of the card at ({slot.x / MM:.1f}, "
                           f"{slot.y / MM:.1f}) mm", mark.bbox)
                    break
        gap = None if sheet.butted else _closest_trims(sheet.slots)
        if gap is not None and gap < 2 * sheet.bleed - EPSILON:  # touching trims too, unless butted was asked for
            report("bleed-gap", "imposition", f"{page}: neighbouring trims are {gap / MM:.2f} mm apart, under twice "
                   f"the {sheet.bleed / MM:.1f} mm bleed: a slightly missed cut shows the next card")
    return problems


def _inner(box: BBox) -> BBox:
    return (box[0] + EPSILON, box[1] + EPSILON, box[2] - EPSILON, box[3] - EPSILON)


def _closest_trims(slots: tuple[Slot, ...]) -> float | None:
    """The smallest gap between the trims of two cards side by side or one above the other."""
    best: float | None = None
    for i, a in enumerate(slots):
        for b in slots[i + 1:]:
            overlap_x = min(a.x + a.width, b.x + b.width) - max(a.x, b.x)
            overlap_y = min(a.y + a.height, b.y + b.height) - max(a.y, b.y)
            if overlap_y > 0:
                gap = max(b.x - (a.x + a.width), a.x - (b.x + b.width))
            elif overlap_x > 0:
                gap = max(b.y - (a.y + a.height), a.y - (b.y + b.height))
            else:
                continue
            if gap >= 0 and (best is None or gap < best):
                best = gap
    return best
