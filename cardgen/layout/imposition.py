"""Where cards go on printed sheets: grids, gutterfold, duplex mirroring, back offset.

Pure geometry in points, origin at the bottom-left of the page. A slot is a card's trim box on
the page plus the clip rectangle its bleed may fill: its whole bleed when neighbours are two
bleeds apart (the default), or, when the cards are *butted* edge to edge, the bleed only on the
grid's outer edges (a shared trim is both cards' edge, so each neighbour cuts the other's bleed
away). Every crop mark and label lies inside the printable area (``PRINTER_MARGIN`` from the
paper edge).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Literal

from cardgen.layout.sizes import Size
from cardgen.layout.units import MM

Flip = Literal["long", "short"]
PRINTER_MARGIN = 5 * MM
"""How much of the paper edge a home printer leaves blank; nothing is drawn there."""
MARK_OFFSET = 3 * MM
"""Crop marks start this far outside the trim (or at the bleed edge when the bleed is wider)."""
MARK_LENGTH = 5 * MM
FOLD_GUTTER = 6 * MM
"""Gutterfold: room between the fold and each half's trim, for the fold line and its label."""


def mark_offset(bleed: float) -> float:
    """Where crop marks start, measured out from the trim: never inside the bleed."""
    return max(MARK_OFFSET, bleed)


def outer_margin(bleed: float, printer_margin: float = PRINTER_MARGIN) -> float:
    """The least room between the paper edge and the outermost trim: printer margin plus a crop mark."""
    return printer_margin + mark_offset(bleed) + MARK_LENGTH


@dataclass(frozen=True)
class Slot:
    """Where one card goes on a sheet: its trim box in points from the page's lower left corner."""

    x: float
    y: float
    width: float
    height: float
    clip: tuple[float, float, float, float]
    """(x0, y0, x1, y1) the card's bleed may fill."""
    turn: int = 0
    """Degrees the card is turned on the page (0, 90 or -90, counter-clockwise); width and height
    are its footprint on the page."""

    @property
    def trim(self) -> tuple[float, float, float, float]:
        return (self.x, self.y, self.x + self.width, self.y + self.height)


@dataclass(frozen=True)
class Sheet:
    """One page layout: the paper, the slots in reading order, and the trim lines."""

    paper: Size
    cols: int
    rows: int
    slots: tuple[Slot, ...]
    bleed: float
    fold_x: float | None = None
    """Gutterfold: the x of the fold line."""
    printer_margin: float = PRINTER_MARGIN
    butted: bool = False
    """Cards edge to edge with shared trims (no gutter): only the grid's outer edges keep a bleed."""

    @property
    def per_page(self) -> int:
        return len(self.slots)

    def trim_lines(self, slots: "tuple[Slot, ...] | None" = None) -> tuple[list[float], list[float]]:
        """Distinct x and y positions of every trim edge (of ``slots``, by default all)."""
        xs: list[float] = []
        ys: list[float] = []
        for slot in self.slots if slots is None else slots:
            x0, y0, x1, y1 = slot.trim
            for value, bucket in ((x0, xs), (x1, xs), (y0, ys), (y1, ys)):
                if all(abs(value - v) > 0.05 for v in bucket):
                    bucket.append(value)
        return sorted(xs), sorted(ys)

    def extent(self) -> tuple[float, float, float, float]:
        """The bounding box of every slot's bleed area."""
        x0 = min(s.clip[0] for s in self.slots)
        y0 = min(s.clip[1] for s in self.slots)
        x1 = max(s.clip[2] for s in self.slots)
        y1 = max(s.clip[3] for s in self.slots)
        return x0, y0, x1, y1

    def trim_extent(self) -> tuple[float, float, float, float]:
        """The bounding box of every slot's trim box."""
        return (min(s.x for s in self.slots), min(s.y for s in self.slots),
                max(s.x + s.width for s in self.slots), max(s.y + s.height for s in self.slots))


def _axis(length: float, card: float, bleed: float, margin: float, *,
          butted: bool = False) -> tuple[int, float, float]:
    """How many cards fit along one axis, the gutter between them and the first trim edge.

    Neighbours are ``2 * bleed`` apart so that each card keeps its whole bleed (``butted``: no
    gutter, they share a trim); the run of cards is centred, with at least ``margin`` between
    each outer trim and the paper edge.
    """
    gap = 0.0 if butted else 2 * bleed
    count = int((length - 2 * margin + gap + 1e-6) // (card + gap))
    if count < 1:
        return 0, 0.0, 0.0
    span = count * card + (count - 1) * gap
    return count, gap, (length - span) / 2


def grid(paper: Size, card: Size, bleed: float, *, printer_margin: float = PRINTER_MARGIN,
         butted: bool = False, crop_marks: bool = True) -> Sheet:
    """The centred grid that fits the most cards on ``paper``, portrait or landscape, cards upright.

    Every card keeps its full bleed (``butted``: cards edge to edge, the bleed kept only on the
    grid's outer edges), every crop mark lies inside the printable area; a landscape page (the
    cards turned on the paper) is chosen only when it holds more cards. Butted cards without crop
    marks (cut along the cut lines) need room only for the printer margin and the outer bleed.
    """
    best: Sheet | None = None
    margin = outer_margin(bleed, printer_margin) if crop_marks or not butted else printer_margin + bleed
    for page in (paper, Size(paper.height_pt, paper.width_pt)):
        sheet = _grid_on(page, card, bleed, margin, printer_margin, butted)
        if sheet.per_page and (best is None or sheet.per_page > best.per_page):
            best = sheet
    if best is None:
        raise ValueError("card does not fit on the paper")
    return best


def _grid_on(page: Size, card: Size, bleed: float, margin: float, printer_margin: float,
             butted: bool = False) -> Sheet:
    cols, gap_x, left = _axis(page.width_pt, card.width_pt, bleed, margin, butted=butted)
    rows, gap_y, bottom = _axis(page.height_pt, card.height_pt, bleed, margin, butted=butted)
    slots = []
    for row in range(rows):
        for col in range(cols):
            x = left + col * (card.width_pt + gap_x)
            # reading order: top row first
            y = bottom + (rows - 1 - row) * (card.height_pt + gap_y)
            slots.append(_slot(x, y, card, bleed))
    placed = butt(tuple(slots), bleed) if butted else tuple(slots)
    return Sheet(paper=page, cols=cols, rows=rows, slots=placed, bleed=bleed, printer_margin=printer_margin,
                 butted=butted)


def _slot(x: float, y: float, card: Size, bleed: float) -> Slot:
    return Slot(x, y, card.width_pt, card.height_pt,
                (x - bleed, y - bleed, x + card.width_pt + bleed, y + card.height_pt + bleed))


def butt(slots: tuple[Slot, ...], bleed: float, tolerance: float = 0.05) -> tuple[Slot, ...]:
    """Each slot's clip cut back to its trim on every edge it shares with another slot.

    Butted cards share their trims; a bleed there would paint over the neighbour, so a card
    keeps its bleed only on the edges that face paper.
    """

    def shares(a: Slot, side: str) -> bool:
        for b in slots:
            if b is a:
                continue
            across_x = min(a.x + a.width, b.x + b.width) - max(a.x, b.x) > tolerance
            across_y = min(a.y + a.height, b.y + b.height) - max(a.y, b.y) > tolerance
            if side == "left" and across_y and abs(b.x + b.width - a.x) < tolerance:
                return True
            if side == "right" and across_y and abs(b.x - (a.x + a.width)) < tolerance:
                return True
            if side == "bottom" and across_x and abs(b.y + b.height - a.y) < tolerance:
                return True
            if side == "top" and across_x and abs(b.y - (a.y + a.height)) < tolerance:
                return True
        return False

    out = []
    for slot in slots:
        x0, y0, x1, y1 = slot.trim
        clip = (x0 if shares(slot, "left") else x0 - bleed, y0 if shares(slot, "bottom") else y0 - bleed,
                x1 if shares(slot, "right") else x1 + bleed, y1 if shares(slot, "top") else y1 + bleed)
        out.append(replace(slot, clip=clip))
    return tuple(out)


def mirror(slot: Slot, paper: Size, *, flip: Flip = "long", offset: tuple[float, float] = (0.0, 0.0)) -> Slot:
    """Where the back of ``slot`` goes on the next page so it lands behind its front.

    Long-edge duplex turns a portrait page about its vertical axis (x mirrors); short-edge
    turns it about its horizontal axis (y mirrors). For landscape pages the long edge is
    horizontal, so the roles swap.

    ``offset`` is the printer's drift as read on the calibration sheet (:func:`back_shift`): where
    the backs land, seen through the paper from the front, right and up positive. Every back
    moves the opposite way, so the drift cancels.
    """
    landscape = paper.width_pt > paper.height_pt
    mirror_x = (flip == "long") != landscape
    x0, y0, x1, y1 = slot.clip
    dx, dy = back_shift(offset, paper, flip=flip)
    if mirror_x:
        x = paper.width_pt - slot.x - slot.width
        clip = (paper.width_pt - x1, y0, paper.width_pt - x0, y1)
        y = slot.y
    else:
        y = paper.height_pt - slot.y - slot.height
        clip = (x0, paper.height_pt - y1, x1, paper.height_pt - y0)
        x = slot.x
    # a turned card's top edge is the same edge of paper on both sides: seen from the back, a
    # left-right mirror turns it the other way
    turn = -slot.turn if mirror_x else slot.turn
    return replace(slot, x=x + dx, y=y + dy, clip=(clip[0] + dx, clip[1] + dy, clip[2] + dx, clip[3] + dy), turn=turn)


def back_shift(reading: tuple[float, float], paper: Size, *, flip: Flip = "long") -> tuple[float, float]:
    """How far to move the backs, in the back page's own coordinates, to cancel a drift ``reading``.

    ``reading`` is the calibration sheet's: how far the back's content lies right of and above
    where it should, seen from the front with the page upright. The backs move by the opposite;
    on the back page the flipped axis runs the other way (long edge of a portrait page: x), so
    that component keeps its sign and the other changes it.
    """
    landscape = paper.width_pt > paper.height_pt
    mirror_x = (flip == "long") != landscape
    rx, ry = reading
    return (rx, -ry) if mirror_x else (-rx, ry)


def gutterfold(paper: Size, card: Size, bleed: float, *,
               printer_margin: float = PRINTER_MARGIN, butted: bool = False) -> tuple[Sheet, Sheet]:
    """Fronts on one half of the page, backs mirrored on the other, folded along the middle.

    Returns (fronts, backs): slot i of the backs sheet is the back of slot i of the fronts.
    The fold line is vertical. The page may be turned landscape and the cards turned a quarter
    when that fits more; the fold keeps ``FOLD_GUTTER`` from the nearest trims (room for its
    label) unless only a gutter of one bleed fits more cards. ``butted``: the cards of each half
    edge to edge (the fold gutter stays), each keeping its bleed only towards the paper.
    """
    best: tuple[tuple[int, float, int], tuple[Sheet, Sheet]] | None = None
    margin = outer_margin(bleed, printer_margin)
    for gutter in (max(FOLD_GUTTER, bleed + 2 * MM), bleed):
        for page in (paper, Size(paper.height_pt, paper.width_pt)):
            for turn in (0, 90):
                sheets = _gutterfold_on(page, card, bleed, margin, gutter, turn, printer_margin, butted)
                if sheets is None:
                    continue
                score = (sheets[0].per_page, gutter, -turn)
                if best is None or score > best[0]:
                    best = (score, sheets)
    if best is None:
        raise ValueError("card does not fit on half the paper")
    return best[1]


def _gutterfold_on(page: Size, card: Size, bleed: float, margin: float, gutter: float, turn: int,
                   printer_margin: float, butted: bool = False) -> tuple[Sheet, Sheet] | None:
    footprint = Size(card.height_pt, card.width_pt) if turn else card
    half = page.width_pt / 2
    gap_x = 0.0 if butted else 2 * bleed
    cols = int((half - gutter - margin + gap_x + 1e-6) // (footprint.width_pt + gap_x))
    rows, gap_y, bottom = _axis(page.height_pt, footprint.height_pt, bleed, margin, butted=butted)
    if cols < 1 or rows < 1:
        return None
    flip: Flip = "long" if page.width_pt <= page.height_pt else "short"
    fronts: list[Slot] = []
    backs: list[Slot] = []
    for row in range(rows):
        for col in range(cols):
            # fronts on the left half, laid out from the fold outwards
            x = half - gutter - footprint.width_pt - col * (footprint.width_pt + gap_x)
            y = bottom + (rows - 1 - row) * (footprint.height_pt + gap_y)
            fronts.append(replace(_slot(x, y, footprint, bleed), turn=turn))
    placed = butt(tuple(fronts), bleed) if butted else tuple(fronts)
    backs = [mirror(front, page, flip=flip) for front in placed]
    return (Sheet(paper=page, cols=cols, rows=rows, slots=placed, bleed=bleed, fold_x=half,
                  printer_margin=printer_margin, butted=butted),
            Sheet(paper=page, cols=cols, rows=rows, slots=tuple(backs), bleed=bleed, fold_x=half,
                  printer_margin=printer_margin, butted=butted))
