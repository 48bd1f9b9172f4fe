"""Where cards go on printed sheets: grids, gutterfold, duplex mirroring, back offset.

Pure geometry in points, origin at the bottom-left of the page. A slot is a card's trim box on
the page plus the clip rectangle its bleed may fill (full bleed on the outside of the grid,
half the gap between neighbours).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Literal

from cardgen.layout.sizes import Size
from cardgen.layout.units import MM

Flip = Literal["long", "short"]
MIN_MARGIN = 3 * MM
"""Space kept between the paper edge and the outer bleed, for crop marks (3x3 poker fits Letter)."""
MARK_GAP = 1.0 * MM
"""Crop marks start this far beyond the bleed, so they never touch the art."""
MARK_LENGTH = 5 * MM


@dataclass(frozen=True)
class Slot:
    x: float
    y: float
    width: float
    height: float
    clip: tuple[float, float, float, float]
    """(x0, y0, x1, y1) the card's bleed may fill."""

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

    @property
    def per_page(self) -> int:
        return len(self.slots)

    def trim_lines(self) -> tuple[list[float], list[float]]:
        """Distinct x and y positions of every trim edge."""
        xs: list[float] = []
        ys: list[float] = []
        for slot in self.slots:
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


def _axis(length: float, card: float, bleed: float, margin: float) -> tuple[int, float, float]:
    """How many cards fit along one axis, the gap between them and the first trim edge."""
    usable = length - 2 * margin - 2 * bleed
    count = int((usable + 1e-6) // card)
    if count < 1:
        return 0, 0.0, 0.0
    gap = 0.0
    if count > 1:
        gap = min(2 * bleed, (usable - count * card) / (count - 1))
    span = count * card + (count - 1) * gap
    return count, gap, (length - span) / 2


def grid(paper: Size, card: Size, bleed: float, *, margin: float = MIN_MARGIN) -> Sheet:
    """The grid that fits the most cards on ``paper``, portrait or landscape, cards upright."""
    best: Sheet | None = None
    for page in (paper, Size(paper.height_pt, paper.width_pt)):
        sheet = _grid_on(page, card, bleed, margin)
        if sheet.per_page and (best is None or sheet.per_page > best.per_page):
            best = sheet
    if best is None:
        raise ValueError("card does not fit on the paper")
    return best


def _grid_on(page: Size, card: Size, bleed: float, margin: float) -> Sheet:
    cols, gap_x, left = _axis(page.width_pt, card.width_pt, bleed, margin)
    rows, gap_y, bottom = _axis(page.height_pt, card.height_pt, bleed, margin)
    slots = []
    for row in range(rows):
        for col in range(cols):
            x = left + col * (card.width_pt + gap_x)
            # reading order: top row first
            y = bottom + (rows - 1 - row) * (card.height_pt + gap_y)
            slots.append(_slot(x, y, card, bleed,
                               left=bleed if col == 0 else gap_x / 2, right=bleed if col == cols - 1 else gap_x / 2,
                               bottom=bleed if row == rows - 1 else gap_y / 2, top=bleed if row == 0 else gap_y / 2))
    return Sheet(paper=page, cols=cols, rows=rows, slots=tuple(slots), bleed=bleed)


def _slot(x: float, y: float, card: Size, bleed: float, *, left: float, right: float, bottom: float, top: float) -> Slot:
    return Slot(x, y, card.width_pt, card.height_pt,
                (x - left, y - bottom, x + card.width_pt + right, y + card.height_pt + top))


def mirror(slot: Slot, paper: Size, *, flip: Flip = "long", offset: tuple[float, float] = (0.0, 0.0)) -> Slot:
    """Where the back of ``slot`` goes on the next page so it lands behind its front.

    Long-edge duplex turns a portrait page about its vertical axis (x mirrors); short-edge
    turns it about its horizontal axis (y mirrors). For landscape pages the long edge is
    horizontal, so the roles swap. ``offset`` shifts every back (printer drift correction).
    """
    landscape = paper.width_pt > paper.height_pt
    mirror_x = (flip == "long") != landscape
    x0, y0, x1, y1 = slot.clip
    dx, dy = offset
    if mirror_x:
        x = paper.width_pt - slot.x - slot.width
        clip = (paper.width_pt - x1, y0, paper.width_pt - x0, y1)
        y = slot.y
    else:
        y = paper.height_pt - slot.y - slot.height
        clip = (x0, paper.height_pt - y1, x1, paper.height_pt - y0)
        x = slot.x
    return replace(slot, x=x + dx, y=y + dy, clip=(clip[0] + dx, clip[1] + dy, clip[2] + dx, clip[3] + dy))


def gutterfold(paper: Size, card: Size, bleed: float, *, margin: float = MIN_MARGIN) -> tuple[Sheet, Sheet]:
    """Fronts on one half of the page, backs mirrored on the other, folded along the middle.

    Returns (fronts, backs): slot i of the backs sheet is the back of slot i of the fronts.
    The fold line is vertical; the page is turned landscape when that fits more cards.
    """
    best: tuple[Sheet, Sheet] | None = None
    for page in (paper, Size(paper.height_pt, paper.width_pt)):
        half = page.width_pt / 2
        # each half keeps `margin` at the paper edge and half of a 2*bleed+2mm gutter at the fold
        gutter = bleed + 2 * MM
        # usable width of a half: from the outer margin and bleed to `gutter` short of the fold
        cols, gap_x, _ = _axis(half + margin + bleed - gutter, card.width_pt, bleed, margin)
        rows, gap_y, bottom = _axis(page.height_pt, card.height_pt, bleed, margin)
        if cols < 1 or rows < 1:
            continue
        fronts: list[Slot] = []
        backs: list[Slot] = []
        for row in range(rows):
            for col in range(cols):
                # fronts on the left half, laid out from the fold outwards
                x = half - gutter - card.width_pt - col * (card.width_pt + gap_x)
                y = bottom + (rows - 1 - row) * (card.height_pt + gap_y)
                edge = bleed if col == cols - 1 else gap_x / 2
                front = _slot(x, y, card, bleed, left=edge, right=bleed if col == 0 else gap_x / 2,
                              bottom=bleed if row == rows - 1 else gap_y / 2, top=bleed if row == 0 else gap_y / 2)
                back = mirror(front, Size(page.width_pt, page.height_pt), flip="long" if page.width_pt <= page.height_pt else "short")
                fronts.append(front)
                backs.append(back)
        sheets = (Sheet(paper=page, cols=cols, rows=rows, slots=tuple(fronts), bleed=bleed, fold_x=half),
                  Sheet(paper=page, cols=cols, rows=rows, slots=tuple(backs), bleed=bleed, fold_x=half))
        if best is None or sheets[0].per_page > best[0].per_page:
            best = sheets
    if best is None:
        raise ValueError("card does not fit on half the paper")
    return best
