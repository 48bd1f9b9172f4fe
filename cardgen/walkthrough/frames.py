"""Drawing one walkthrough frame: the dealer and the players round a table, with their cards.

A pure function of a :class:`TableView`, drawn through the Canvas protocol, so the same frame
goes into the PDF handout, a PNG, or a recording for tests. Card faces are the printed deck's
own faces (the same :class:`CardRenderer`), scaled down; each distinct face is stored once per
document and placed by reference.

The picture, seen from above: a round table (from :data:`COMPACT_FROM` players a rectangular one,
four rows of mats, so that two frames still fit a page); the dealer's mat at the top holds the deck (the
Grounds waiting underneath it, their edges showing) and the discard pile; each player's mat,
clockwise from the dealer's left, reads from the outside in: the name and the card in hand,
the stacks (top card visible, height in a badge), then the Rider, sideways, at the end facing the
table, an Extra shifted on it so both can be read. Stacks lie side by side, never over each other
(shrunk, then wrapped onto two rows, when there are many), each with its height written under it.
Every card the shown event moved is drawn where it went, with an arrow from where it was and a faint
ghost of it there when that place is now empty; without moves, a dashed arrow runs from the deck to
the player being dealt to. The clock is top left, the rule at work top right, a "meanwhile" line
sums up what happened since the previous frame, and the caption is underneath.

Text is never smaller than :attr:`FramePainter.min_text` (design points): the handout sets it so
that every word in a frame prints at 8 pt or more once the frame is scaled onto the page.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from cardgen.model.deck import CardSpec
from cardgen.render.canvas import Align, Canvas
from cardgen.render.card_renderer import CardRenderer
from cardgen.render.fonts import BODY, BODY_BOLD
from cardgen.walkthrough.table_view import (Highlight, Place, SeatView, StackView, TableView, format_clock,
                                             kind_of)

HIGHLIGHT = "#e8a317"
INK = "#222222"
MUTED = "#666666"
FELT = "#e4ece0"
FELT_EDGE = "#9aa89a"
MAT = "#f6f3ec"
MAT_EDGE = "#c9c2b3"
OUT_MAT = "#e6e6e6"

HEADER_H = 22.0
CAPTION_H = 64.0
"""The caption box and, above it, the "meanwhile" line."""
MEANWHILE_LEADING = 1.2
"""Line height of a frame's caption and meanwhile line, in text sizes (the text box's own)."""
LINE_OVERHANG = 4.0
"""How far a line of a frame's text may run into the box's 6 pt margin: reportlab's line breaking
round no-break spaces sometimes sets a line up to 2 pt wider than asked."""
MIN_CAPTION_BOX = 30.0
"""The caption box keeps at least this height when a long meanwhile line takes room from it."""
NAME_H = 13.0
PAD = 4.0
STACK_ROOM = 2
"""Stacks a mat has room for at full size; more are shrunk, then wrapped onto two rows, in the same room."""
MAX_STACKS_SHOWN = 8
RING_ROOM = 7.0
"""Room a highlight ring takes round a card (3 pt gap and its 3.2 pt stroke)."""
MIN_TEXT = 8.0
"""The smallest text in a frame, in design points (at scale 1, as printed on an A4 or Letter page)."""
GHOST_ALPHA = 0.62
"""How much white veils the ghost of a card that moved away."""
PILL_PAD = 6.0
"""Room either side of the rule's name in its pill, top right."""
ARROW_CLEARANCE = 1.5
"""How far an arrow's stroke keeps from a label's box: the arrow is broken where it would cross one."""
EXTRA_SHIFT = (0.42, 0.32)
"""How far an Extra is shifted on its sideways Rider, in card heights (x) and widths (y)."""


SCALES = (0.2, 0.185, 0.17, 0.155, 0.14, 0.128, 0.116, 0.105, 0.095, 0.085, 0.076, 0.068, 0.06)
"""Card sizes tried, largest first, until the seats fit round the table without overlapping."""


Box = tuple[float, float, float, float]


@dataclass(frozen=True)
class ClockBadge:
    """Where a frame's clock badge is drawn, from the frame's top left (y down), and its text size."""

    text: str
    left: float
    top: float
    width: float
    height: float
    size: float
"""(centre x, centre y, width, height)."""


def _overlap(a: Box, b: Box) -> bool:
    return abs(a[0] - b[0]) * 2 < a[2] + b[2] and abs(a[1] - b[1]) * 2 < a[3] + b[3]


def _any_overlap(boxes: list[Box]) -> bool:
    """Whether any two boxes overlap."""
    return any(_overlap(a, b) for i, a in enumerate(boxes) for b in boxes[i + 1:])


COMPACT_FROM = 8
"""From this many players the seats sit round a rectangular table (:meth:`FramePainter.layout`):
a ring of nine or more mats in a half page leaves cards too small to read (at eight players the
ring's cards are 17 pt tall, the rectangle's 29 pt)."""


def frame_size(seats: int) -> tuple[float, float]:
    """The frame's design size at which ``seats`` players fit with readable cards and 8 pt text:
    two frames to an A4 or Letter page at every table size (from :data:`COMPACT_FROM` players the
    seats sit round a rectangular table to fit)."""
    return 515.0, 360.0 if seats == 6 else 340.0


def frame_height(seats: int) -> float:
    """The height of :func:`frame_size`."""
    return frame_size(seats)[1]


@dataclass(frozen=True)
class PlacedCard:
    """A card as drawn: its physical id and box (centre, width, height, after any rotation)."""

    card: str
    box: Box
    on_purpose: bool = False
    """Laid over another card on purpose (an Extra on its Rider, a Ground's edge under the deck)."""


@dataclass(frozen=True)
class Arrow:
    card: str
    start: tuple[float, float]
    end: tuple[float, float]


@dataclass(frozen=True)
class Mat:
    """A seat's rectangle (centre and size) and the box its Rider (and Extra) lie in."""

    cx: float
    cy: float
    w: float
    h: float
    rider_x: float
    rider_y: float
    rider_w: float
    rider_h: float

    @property
    def rider_box(self) -> tuple[float, float, float, float]:
        return self.rider_x, self.rider_y, self.rider_w, self.rider_h


class FramePainter:
    """Draws frames with one deck's card faces."""

    def __init__(self, renderer: CardRenderer) -> None:
        self.renderer = renderer
        self.scale = SCALES[0]
        self.min_text = MIN_TEXT
        """Smallest text size in design points; raise it when the frame is printed smaller."""
        self._fitted_text = MIN_TEXT
        self.placed: list[PlacedCard] = []
        """The cards of the last frame drawn, as laid out (for tests and the HTML player)."""
        self.ghosts: list[PlacedCard] = []
        self.arrows: list[Arrow] = []
        self.labels: list[Box] = []
        """The boxes of the last frame's one-line labels (names, counters, stack heights, header)."""
        self._spots: dict[Place, tuple[float, float, bool, float]] = {}
        self.cut_text: list[TextCut] = []
        """Every caption or meanwhile text drawn so far that did not fit its box (a writer reports them)."""
        self.where = ""
        """Where the next frame is printed, for :attr:`cut_text` (``page 3, step 2 of 14``); set by the writer."""
        self.clock_badge: ClockBadge | None = None
        """The last frame's clock badge (the HTML player repeats it where a scrolled table cannot take it away)."""

    def pt(self, size: float) -> float:
        """A text size: ``size``, or the smallest allowed if that is larger."""
        return max(size, self.min_text)

    @property
    def name_h(self) -> float:
        return max(NAME_H, self.pt(8.5) + 4.5)

    @property
    def label_h(self) -> float:
        return self.pt(6.5) + 3.5

    @property
    def card_w(self) -> float:
        return self.renderer.width * self.scale

    @property
    def card_h(self) -> float:
        return self.renderer.height * self.scale

    # -- cards ------------------------------------------------------------------------------
    def face(self, c: Canvas, card: str, x: float, y: float, *, rotate: float = 0.0, factor: float = 1.0,
             on_purpose: bool = False, ghost: bool = False) -> None:
        """The printed face of ``card`` (a physical id such as ``hit-3``), small, centred at (x, y);
        ``factor`` shrinks it further. Recorded in :attr:`placed` (or :attr:`ghosts`)."""
        spec = self._spec(card)
        w_box, h_box = self.card_w * factor, self.card_h * factor
        if abs(rotate) > 45:
            w_box, h_box = h_box, w_box
        (self.ghosts if ghost else self.placed).append(PlacedCard(card, (x, y, w_box, h_box), on_purpose))
        mark = getattr(c, "mark_card", None)
        if mark is not None and kind_of(card) != card:  # the HTML player follows each physical card
            mark("ghost-" + card if ghost else card)
        c.save()
        c.translate(x, y)
        if rotate:
            c.rotate(rotate)
        c.translate(-self.card_w * factor / 2, -self.card_h * factor / 2)
        c.scale(self.scale * factor, self.scale * factor)
        w, h = self.renderer.width, self.renderer.height
        if spec is None:
            c.group("back", (0, 0, w, h), self._back)
        else:
            c.group(f"face-{spec.id}", (0, 0, w, h), lambda cc: self._face(cc, spec))
        if ghost:
            c.set_fill("#ffffff", alpha=GHOST_ALPHA)
            c.rect(0, 0, w, h, radius=w * 0.05, fill=True)
            c.set_fill("#ffffff")
        c.restore()
        if ghost:
            c.set_stroke(MUTED, 0.7, dash=(1.5, 1.5))
            c.rect(x - w_box / 2, y - h_box / 2, w_box, h_box, radius=2, fill=False, stroke=True)

    def back(self, c: Canvas, x: float, y: float) -> None:
        """The card back, small, centred at (x, y)."""
        c.save()
        c.translate(x - self.card_w / 2, y - self.card_h / 2)
        c.scale(self.scale, self.scale)
        c.group("back", (0, 0, self.renderer.width, self.renderer.height), self._back)
        c.restore()

    def _spec(self, card: str) -> CardSpec | None:
        try:
            return self.renderer.deck.card(kind_of(card))
        except KeyError:
            return None

    def _face(self, c: Canvas, spec: CardSpec) -> None:
        c.save()
        c.clip_rect(0, 0, self.renderer.width, self.renderer.height)
        self.renderer.draw_face(c, spec)
        c.restore()

    def _back(self, c: Canvas) -> None:
        c.save()
        c.clip_rect(0, 0, self.renderer.width, self.renderer.height)
        self.renderer.draw_back(c, self.renderer.deck.back.layout)
        c.restore()

    def _slot(self, c: Canvas, x: float, y: float, *, rotate: bool = False, factor: float = 1.0) -> None:
        """A dashed empty place for a card."""
        w, h = (self.card_h, self.card_w) if rotate else (self.card_w, self.card_h)
        w, h = w * factor, h * factor
        c.set_stroke("#9a9a9a", 0.6, dash=(2, 2))
        c.rect(x - w / 2, y - h / 2, w, h, radius=2, fill=False, stroke=True)

    # -- frame ------------------------------------------------------------------------------
    def draw(self, c: Canvas, view: TableView, *, width: float, height: float) -> None:
        """Draw ``view`` in the box (0, 0, width, height)."""
        self.placed, self.ghosts, self.arrows, self.labels, self._spots = [], [], [], [], {}
        self.clock_badge = None
        c.save()
        c.set_fill("#ffffff")
        c.rect(0, 0, width, height, fill=True)
        cx, cy = width / 2, (height - HEADER_H + CAPTION_H + PAD) / 2
        mats = self.layout(len(view.seats), width=width, height=height)
        wanted, self.min_text = self.min_text, self._fitted_text
        dealer = mats[0]
        rx, ry = self._table_radii(mats, cx, cy)
        self._table(c, cx, cy, rx, ry)
        self._dealer(c, view, dealer)
        for seat, mat in zip(view.seats, mats[1:]):
            self._seat(c, view, seat, mat)
            self._rider(c, view, seat, mat)
        if view.moves:
            self._moves(c, view, dealer)
        else:
            self._deal_arrow(c, view, dealer, mats[1:])
        self._header(c, view, width, height)
        self._caption(c, view, width)
        self.min_text = wanted
        c.restore()

    @staticmethod
    def angle(index: int, count: int) -> float:
        """Seat angles in degrees: the dealer sits at the top (90°); seat 0 is on the dealer's
        left and the others follow clockwise as seen from above. The dealer faces the table, so
        their left is the right of the picture."""
        return 90.0 - 360.0 * (index + 1) / (count + 1)

    def _mat_size(self, *, dealer: bool, slots: int) -> tuple[float, float]:
        """Every seat's mat has the same size all game long, so frames do not jump about."""
        if dealer:  # deck and discard side by side, two lines of labels under them
            return (max(2 * self.card_w + 3 * PAD + 44, 15 * self.pt(6.5)),
                    self.card_h + self.name_h + 2 * PAD + 2 * self.label_h + 6 + RING_ROOM)
        rider_w, _ = self.rider_size()
        width = PAD + self.card_w + 2 * PAD + slots * (self.card_w + PAD) + 8 + rider_w + 2 * PAD
        # room under the cards for the stacks' heights
        return max(width, 92.0), self.card_h + self.name_h + 2 * PAD + self.label_h

    def layout(self, seats: int, *, width: float, height: float) -> list[Mat]:
        """The dealer's mat, then each seat's, round an ellipse that fits a width × height frame
        (from :data:`COMPACT_FROM` players round a rectangle, :meth:`_grid_of_mats`), with the
        largest cards for which no mat or Rider overlaps another. It depends only on the number of
        seats, so every frame of a game has the same layout. Sets the card scale."""
        top, bottom = height - HEADER_H, CAPTION_H + PAD
        arrange = self._grid_of_mats if seats >= COMPACT_FROM else self._ring_of_mats
        wanted = self.min_text
        # if even the smallest cards do not fit with text this large, the text gives way, to 6.5 pt at most
        for text in (wanted, wanted - 0.5, wanted - 1.0, wanted - 1.5):
            self.min_text = max(text, 6.5)
            for scale in SCALES:
                self.scale = scale
                mats = arrange(seats, width, top, bottom)
                if not _any_overlap([(m.cx, m.cy, m.w, m.h) for m in mats]):
                    self.min_text = wanted
                    self._fitted_text = max(text, 6.5)
                    return mats
        self.min_text = wanted
        self._fitted_text = 6.5
        return mats

    def _ring_of_mats(self, count: int, width: float, top: float, bottom: float) -> list[Mat]:
        cx, cy = width / 2, (top + bottom) / 2
        dealer_w, dealer_h = self._mat_size(dealer=True, slots=0)
        seat_w, seat_h = self._mat_size(dealer=False, slots=STACK_ROOM)
        rx = width / 2 - max(dealer_w, seat_w) / 2 - PAD
        ry = (top - bottom) / 2 - max(dealer_h, seat_h) / 2 - 2
        mats = []
        for index in range(count + 1):
            angle = 90.0 if index == 0 else self.angle(index - 1, count)
            mx = cx + rx * math.cos(math.radians(angle))
            my = cy + ry * math.sin(math.radians(angle))
            if index == 0:
                mats.append(Mat(mx, my, dealer_w, dealer_h, mx, my, 0.0, 0.0))
                continue
            # the Rider lies between the player and the table: at the mat's inner end
            mats.append(self._seat_mat(mx, my, seat_w, seat_h, cx))
        return mats

    def _grid_of_mats(self, count: int, width: float, top: float, bottom: float) -> list[Mat]:
        """The compact table for many players: four rows of mats round a rectangle. The dealer
        sits in the middle of the top row with one player on each side; two players sit down each
        side of the table and the rest along the bottom. Seat 0 is on the dealer's left (the
        right of the picture) and the others follow clockwise, as round the ellipse."""
        dealer_w, dealer_h = self._mat_size(dealer=True, slots=0)
        seat_w, seat_h = self._mat_size(dealer=False, slots=STACK_ROOM)
        left, right = PAD + seat_w / 2, width - PAD - seat_w / 2
        cx = width / 2
        # four rows of seat mats from the top edge to the bottom one, equal gaps between them
        gap = (top - bottom - 4 * seat_h) / 3
        rows = [top - seat_h / 2 - k * (seat_h + gap) for k in range(4)]
        along_bottom = count - 6
        bottom_xs = ([cx] if along_bottom == 1 else
                     [right - k * (right - left) / (along_bottom - 1) for k in range(along_bottom)])
        spots = ([(right, rows[0]), (right, rows[1]), (right, rows[2])]
                 + [(x, rows[3]) for x in bottom_xs]
                 + [(left, rows[2]), (left, rows[1]), (left, rows[0])])
        mats = [Mat(cx, top - dealer_h / 2, dealer_w, dealer_h, cx, top - dealer_h / 2, 0.0, 0.0)]
        mats += [self._seat_mat(mx, my, seat_w, seat_h, cx) for mx, my in spots[:count]]
        return mats

    def _seat_mat(self, mx: float, my: float, seat_w: float, seat_h: float, cx: float) -> Mat:
        """A player's mat centred at (mx, my), the Rider at the end nearer the middle of the table."""
        rider_w, rider_h = self.rider_size()
        inward = 1.0 if mx <= cx + 1 else -1.0
        rider_x = mx + inward * (seat_w / 2 - PAD - rider_w / 2)
        rider_y = my - (self.name_h - self.label_h) / 2
        return Mat(mx, my, seat_w, seat_h, rider_x, rider_y, rider_w, rider_h)

    def rider_size(self) -> tuple[float, float]:
        """The box of a sideways Rider with an Extra shifted on it (see :meth:`_rider`)."""
        return self.card_h * (1 + EXTRA_SHIFT[0]), self.card_w * (1 + EXTRA_SHIFT[1])

    def _table_radii(self, mats: list[Mat], cx: float, cy: float) -> tuple[float, float]:
        far_x = max(abs(m.cx - cx) for m in mats)
        far_y = max(abs(m.cy - cy) for m in mats)
        if len(mats) - 1 >= COMPACT_FROM:  # round a rectangle: the felt fills the space between the rows
            seat = mats[1]
            return far_x - seat.w * 0.25, far_y - seat.h * 0.25
        return far_x * 0.82, far_y * 0.8

    @staticmethod
    def _table(c: Canvas, cx: float, cy: float, rx: float, ry: float) -> None:
        k = 0.5523  # Bézier circle constant
        c.set_fill(FELT)
        c.set_stroke(FELT_EDGE, 1.2)
        c.bezier_path((cx + rx, cy), [((cx + rx, cy + ry * k), (cx + rx * k, cy + ry), (cx, cy + ry)),
                                      ((cx - rx * k, cy + ry), (cx - rx, cy + ry * k), (cx - rx, cy)),
                                      ((cx - rx, cy - ry * k), (cx - rx * k, cy - ry), (cx, cy - ry)),
                                      ((cx + rx * k, cy - ry), (cx + rx, cy - ry * k), (cx + rx, cy))],
                      fill=True, stroke=True)

    def _highlighted(self, view: TableView, target: str, seat: int | None = None, stack: int | None = None) -> bool:
        return any(h.target == target and (h.seat is None or h.seat == seat) and (h.stack is None or h.stack == stack)
                   for h in view.highlights)

    @staticmethod
    def _ring(c: Canvas, x: float, y: float, w: float, h: float) -> None:
        """A highlight: a thick amber outline with a dark dashed edge (it shows in greyscale too)."""
        c.set_stroke(HIGHLIGHT, 3.2)
        c.rect(x - w / 2 - 3, y - h / 2 - 3, w + 6, h + 6, radius=3, fill=False, stroke=True)
        c.set_stroke(INK, 0.9, dash=(2.5, 2))
        c.rect(x - w / 2 - 3, y - h / 2 - 3, w + 6, h + 6, radius=3, fill=False, stroke=True)

    @staticmethod
    def _mat(c: Canvas, mat: Mat, *, out: bool = False) -> None:
        c.set_fill(OUT_MAT if out else MAT)
        c.set_stroke(MAT_EDGE, 0.8)
        c.rect(mat.cx - mat.w / 2, mat.cy - mat.h / 2, mat.w, mat.h, radius=4, fill=True, stroke=True)

    # -- the dealer -------------------------------------------------------------------------
    def deck_point(self, mat: Mat) -> tuple[float, float]:
        top = mat.cy + mat.h / 2 - self.name_h - PAD
        return mat.cx - self.card_w / 2 - PAD - 14, top - self.card_h / 2

    def _dealer(self, c: Canvas, view: TableView, mat: Mat) -> None:
        self._mat(c, mat)
        c.set_fill(INK)
        self._label(c, mat.cx, mat.cy + mat.h / 2 - self.name_h + 3, view.dealer_label, font=BODY_BOLD, size=self.pt(8.5),
               align="center")
        dx, dy = self.deck_point(mat)
        self._spots[Place("deck")] = (dx, dy, False, 1.0)
        # the Grounds wait under the deck: one brown edge per Ground shows beneath it
        grounds = min(view.grounds_in_deck, view.deck_count)
        for i in range(grounds, 0, -1):
            self.face(c, "ground", dx, dy - 2.2 * i, on_purpose=True)
        if view.deck_count > grounds:
            self.back(c, dx, dy)
        elif not grounds:
            self._slot(c, dx, dy)
        c.set_fill(INK)
        # under the deck's highlight ring (and the Grounds' edges), never beneath it
        label_y = min(mat.cy - mat.h / 2 + self.label_h + 3 + RING_ROOM,
                      dy - self.card_h / 2 - 2.2 * grounds - RING_ROOM - 0.75 * self.pt(6.5))
        self._label(c, dx, label_y, view.deck_label.replace("{count}", str(view.deck_count)), font=BODY_BOLD,
               size=self.pt(6.5), align="center")
        if grounds:
            c.set_fill("#3b2a1e")
            self._label(c, mat.cx, label_y - self.label_h, view.grounds_label.replace("{count}", str(grounds)), font=BODY,
                   size=self.pt(5.8), align="center")
        if self._highlighted(view, "deck"):
            self._ring(c, dx, dy - 1.1 * grounds, self.card_w, self.card_h + 2.2 * grounds)
        px, py = mat.cx + self.card_w / 2 + PAD + 14, dy
        self._spots[Place("discard")] = (px, py, False, 1.0)
        if view.discard_top:
            self.face(c, view.discard_top, px, py)
        else:
            self._slot(c, px, py)
        c.set_fill(INK)
        self._label(c, px, label_y, view.discard_label.replace("{count}", str(view.discard_count)), font=BODY,
               size=self.pt(6.5), align="center")
        if self._highlighted(view, "discard"):
            self._ring(c, px, py, self.card_w, self.card_h)

    def _deal_arrow(self, c: Canvas, view: TableView, dealer: Mat, mats: list[Mat]) -> None:
        targets = [mat for seat, mat in zip(view.seats, mats) if seat.being_dealt]
        if not targets:
            return
        dx, dy = self.deck_point(dealer)
        target = targets[0]
        tx, ty = target.cx, target.cy + (target.h / 2 if target.cy < dy else 0)
        length = math.hypot(tx - dx, ty - dy)
        if length < 1:
            return
        ux, uy = (tx - dx) / length, (ty - dy) / length
        # aimed from the deck, drawn from where that line leaves the dealer's mat: it never
        # crosses the deck's labels
        leave = _leaving(dealer, (dx, dy), (ux, uy)) + 2
        if leave >= length - 14:
            return
        sx, sy = dx + ux * leave, dy + uy * leave
        ex, ey = self._clear_tip((sx, sy), (tx - ux * 4, ty - uy * 4), head=8.0, half_width=4.0)
        c.set_stroke(HIGHLIGHT, 1.6, dash=(4, 2.5))
        self._broken_line(c, (sx, sy), (ex - ux * 6, ey - uy * 6), half_width=0.8)
        c.set_fill(HIGHLIGHT)
        c.polygon([(ex, ey), (ex - ux * 8 - uy * 4, ey - uy * 8 + ux * 4), (ex - ux * 8 + uy * 4, ey - uy * 8 - ux * 4)],
                  fill=True)

    # -- moves ------------------------------------------------------------------------------
    def _spot(self, place: Place) -> tuple[float, float, bool, float] | None:
        """Where ``place`` is drawn; a stack that is gone falls back to its player's stack row."""
        spot = self._spots.get(place)
        if spot is None and place.target == "stack":
            spot = self._spots.get(Place("seat", place.seat))
        return spot

    def _is_empty(self, place: Place, view: TableView) -> bool:
        """Whether nothing lies at ``place`` now (so the ghost of what left it can be drawn there)."""
        seat = next((s for s in view.seats if s.seat == place.seat), None)
        if place.target == "held":
            return seat is not None and seat.held is None
        if place.target == "rider":
            return seat is not None and seat.rider is None
        if place.target == "stack":
            return seat is not None and all(k.id != place.stack for k in seat.stacks) and not seat.out
        return False

    def _moves(self, c: Canvas, view: TableView, dealer: Mat) -> None:
        """Each moved card: a ghost where it was (if that place is now empty) and an arrow to
        where it went. Several cards along the same path share one arrow; one from the deck or
        the discard to a player starts where it leaves the dealer's mat, clear of the pile labels."""
        drawn: set[tuple[tuple[float, float], tuple[float, float]]] = set()
        ghosted: set[Place] = set()
        for move in view.moves:
            origin, destination = self._spot(move.origin), self._spot(move.destination)
            if origin is None or destination is None:
                continue
            ox, oy, sideways, factor = origin
            if move.origin not in ghosted and self._is_empty(move.origin, view):
                ghosted.add(move.origin)
                self.face(c, move.card, ox, oy, rotate=90 if sideways else 0, factor=factor, ghost=True)
        for move in view.moves:
            origin, destination = self._spot(move.origin), self._spot(move.destination)
            if origin is None or destination is None:
                continue
            start, end = (origin[0], origin[1]), (destination[0], destination[1])
            self.arrows.append(Arrow(move.card, start, end))
            if (start, end) in drawn:
                continue
            drawn.add((start, end))
            factors = (origin[3], destination[3])
            if move.origin.target in ("deck", "discard") and not _inside(dealer, end):
                length = math.hypot(end[0] - start[0], end[1] - start[1])
                ux, uy = (end[0] - start[0]) / length, (end[1] - start[1]) / length
                leave = _leaving(dealer, start, (ux, uy)) + 2
                if leave < length - self.card_h * destination[3] * 0.3 - 14:
                    start, factors = (start[0] + ux * leave, start[1] + uy * leave), (0.0, destination[3])
            self._arrow(c, start, end, factors)

    def _arrow(self, c: Canvas, start: tuple[float, float], end: tuple[float, float],
               factors: tuple[float, float]) -> None:
        """A bold arrow from near the centre of one card to the edge of another, over a white casing."""
        (sx, sy), (ex, ey) = start, end
        length = math.hypot(ex - sx, ey - sy)
        if length < 2:
            return
        ux, uy = (ex - sx) / length, (ey - sy) / length
        trim_start = min(length * 0.3, self.card_w * factors[0] * 0.25)
        trim_end = min(length * 0.3, self.card_h * factors[1] * 0.3)
        sx, sy = sx + ux * trim_start, sy + uy * trim_start
        ex, ey = ex - ux * trim_end, ey - uy * trim_end
        head = 8.0
        ex, ey = self._clear_tip((sx, sy), (ex, ey), head=head, half_width=4.5)
        bx, by = ex - ux * head, ey - uy * head
        for colour, width in (("#ffffff", 4.2), (HIGHLIGHT, 2.0)):
            c.set_stroke(colour, width, cap="round")
            self._broken_line(c, (sx, sy), (bx, by), half_width=2.1)
        points = [(ex, ey), (bx - uy * 4.5, by + ux * 4.5), (bx + uy * 4.5, by - ux * 4.5)]
        c.set_stroke(INK, 0.6)
        c.set_fill(HIGHLIGHT)
        c.polygon(points, fill=True, stroke=True)

    def _clear_tip(self, start: tuple[float, float], end: tuple[float, float], *, head: float,
                   half_width: float) -> tuple[float, float]:
        """Where an arrow from ``start`` to ``end`` should stop so that its head covers no label:
        ``end``, or just before the label nearest the tip that the head would touch (when the
        arrow keeps a shaft; otherwise ``end``)."""
        (sx, sy), (ex, ey) = start, end
        length = math.hypot(ex - sx, ey - sy)
        clear = _outside_boxes(start, end, self.labels, half_width + ARROW_CLEARANCE)
        blocked = [(a[1], b[0]) for a, b in zip([(0.0, 0.0)] + clear, clear + [(1.0, 1.0)]) if b[0] > a[1]]
        tip = 1.0
        for low, high in reversed(blocked):
            if high > tip - head / length and low < tip:
                tip = low - 0.5 / length
        if tip * length < head + 6:
            return end
        return sx + (ex - sx) * tip, sy + (ey - sy) * tip

    def _broken_line(self, c: Canvas, start: tuple[float, float], end: tuple[float, float], *,
                     half_width: float) -> None:
        """A line from ``start`` to ``end``, left out where it would cross a label."""
        (sx, sy), (ex, ey) = start, end
        length = math.hypot(ex - sx, ey - sy)
        for low, high in _outside_boxes(start, end, self.labels, half_width + ARROW_CLEARANCE):
            if (high - low) * length >= 1.5:
                c.line(sx + (ex - sx) * low, sy + (ey - sy) * low, sx + (ex - sx) * high, sy + (ey - sy) * high)

    # -- the players ------------------------------------------------------------------------
    def _seat(self, c: Canvas, view: TableView, seat: SeatView, mat: Mat) -> None:
        """A mat, read from the outside in: the card in hand, the stacks, then the Rider slot."""
        self._mat(c, mat, out=seat.out)
        left, top = mat.cx - mat.w / 2, mat.cy + mat.h / 2
        inner_right = mat.rider_x > mat.cx
        name = view.out_label.replace("{name}", seat.name) if seat.out else seat.name
        c.set_fill(MUTED if seat.out else INK)
        name_y = top - self.name_h + 3.5
        if inner_right:
            self._label(c, left + PAD + 2, name_y, name, font=BODY_BOLD, size=self.pt(8.5))
        else:
            self._label(c, left + mat.w - PAD - 2, name_y, name, font=BODY_BOLD, size=self.pt(8.5), align="right")
        if self._highlighted(view, "seat", seat.seat):
            self._ring(c, mat.cx, mat.cy, mat.w - 6, mat.h - 6)
        row_y = mat.cy - (self.name_h - self.label_h) / 2
        # the card in hand, at the outer end, tilted as if held
        hx = left + PAD + self.card_w / 2 if inner_right else left + mat.w - PAD - self.card_w / 2
        self._spots[Place("held", seat.seat)] = (hx, row_y, False, 1.0)
        if seat.held:
            self.face(c, seat.held, hx, row_y + 1, rotate=-6)
            if self._highlighted(view, "held", seat.seat):
                self._ring(c, hx, row_y, self.card_w + 4, self.card_h + 2)
        else:
            self._slot(c, hx, row_y)
        # the stacks, next in, side by side, each with its height under it
        direction = 1.0 if inner_right else -1.0
        room = STACK_ROOM * (self.card_w + PAD) - PAD
        first_edge = hx + direction * (self.card_w / 2 + 2 * PAD)
        room_centre = first_edge + direction * room / 2
        self._spots[Place("seat", seat.seat)] = (room_centre, row_y, False, 1.0)
        if seat.out and seat.ground:
            self.face(c, seat.ground, first_edge + direction * self.card_w / 2, row_y)
            return
        shown = seat.stacks[:MAX_STACKS_SHOWN]
        if not shown:
            self._slot(c, first_edge + direction * self.card_w / 2, row_y)
            return
        factor, _, per_row = self.stack_grid(len(shown))
        cw, ch = self.card_w * factor, self.card_h * factor
        gap = PAD * max(factor, 0.5)
        row_h = ch + self.label_h
        band_top = row_y + self.card_h / 2
        for i, stack in enumerate(shown):
            row, col = divmod(i, per_row)
            x = first_edge + direction * (col * (cw + gap) + cw / 2)
            y = band_top - row * (row_h + 1) - ch / 2
            self._spots[Place("stack", seat.seat, stack.id)] = (x, y, False, factor)
            if stack.top:
                self.face(c, stack.top, x, y, factor=factor)
            else:
                self._slot(c, x, y, factor=factor)
            c.set_fill(INK)
            self._label(c, x, y - ch / 2 - self.label_h + 3, str(stack.height), font=BODY_BOLD, size=self.pt(6.5),
                   align="center")
            if self._highlighted(view, "stack", seat.seat, stack.id):
                self._ring(c, x, y, cw, ch)
        if len(seat.stacks) > len(shown):
            c.set_fill(INK)
            end = first_edge + direction * room
            self._label(c, end, row_y - self.card_h / 2 - self.label_h + 3, f"+{len(seat.stacks) - len(shown)}",
                   font=BODY_BOLD, size=self.pt(7), align="right" if inner_right else "left")

    def stack_grid(self, count: int) -> tuple[float, int, int]:
        """(card size factor, rows, stacks per row) that fit ``count`` stacks in a mat's stack room
        side by side, each with its height under it: full size up to :data:`STACK_ROOM`, then
        shrunk, then on two rows, whichever leaves the cards larger."""
        if count <= STACK_ROOM:
            return 1.0, 1, max(count, 1)
        room_w = STACK_ROOM * (self.card_w + PAD) - PAD
        room_h = self.card_h + self.label_h
        best = (0.0, 1, count)
        for rows in (1, 2):
            per_row = -(-count // rows)
            by_width = (room_w - (per_row - 1) * PAD * 0.5) / (per_row * self.card_w)
            by_height = (room_h - rows * self.label_h - (rows - 1)) / (rows * self.card_h)
            factor = min(1.0, by_width, by_height)
            if factor > best[0]:
                best = (factor, rows, per_row)
        return best

    def _rider(self, c: Canvas, view: TableView, seat: SeatView, mat: Mat) -> None:
        """The Rider lies sideways at the mat's inner end; an Extra sits on it shifted right and
        down, so both read."""
        shift_x, shift_y = self.card_h * EXTRA_SHIFT[0], self.card_w * EXTRA_SHIFT[1]
        # the slot is centred on the Rider and its Extra together
        x, y = mat.rider_x - shift_x / 2, mat.rider_y + shift_y / 2
        self._spots[Place("rider", seat.seat)] = (x, y, True, 1.0)
        if not seat.rider:
            if not seat.out:
                c.set_stroke("#c9c2b3", 0.6, dash=(1.5, 2))
                c.rect(x - self.card_h / 2, y - self.card_w / 2, self.card_h, self.card_w, radius=2, fill=False,
                       stroke=True)
            return
        self.face(c, seat.rider, x, y, rotate=90)
        for j, extra in enumerate(seat.extras):
            self.face(c, extra, x + shift_x + 4 * j, y - shift_y - 4 * j, rotate=90, on_purpose=True)
        if self._highlighted(view, "rider", seat.seat):
            if seat.extras:
                self._ring(c, *mat.rider_box)
            else:
                self._ring(c, x, y, self.card_h, self.card_w)

    # -- the key --------------------------------------------------------------------------
    KEY_SIZE = (300.0, 92.0)

    def draw_key(self, c: Canvas, *, held: str, stacks: tuple[str, ...], rider: str, extra: str | None,
                 moved: str) -> None:
        """A sample mat in a :attr:`KEY_SIZE` box, its parts numbered (1 hand, 2 stacks, 3 Rider,
        4 a move) for the legend printed before a game's first frame."""
        self.scale, self.placed, self.ghosts, self.arrows, self._spots = SCALES[1], [], [], [], {}
        rider_w, _ = self.rider_size()
        mat_w, mat_h = self._mat_size(dealer=False, slots=STACK_ROOM)
        width, height = self.KEY_SIZE
        mat = Mat(mat_w / 2 + 2, height / 2, mat_w, mat_h, mat_w + 2 - PAD - rider_w / 2 - 2 * PAD,
                  height / 2 - (self.name_h - self.label_h) / 2, rider_w, rider_w)
        seat = SeatView(0, "", tuple(StackView(i, top, 3 - i) for i, top in enumerate(stacks)), held=held,
                        rider=rider, extras=(extra,) if extra else ())
        view = TableView(seats=(seat,), deck_count=0, grounds_in_deck=0, discard_top=None, discard_count=0,
                         clock_ms=0)
        self._seat(c, view, seat, mat)
        self._rider(c, view, seat, mat)
        marks = [self._spots[Place("held", 0)], self._spots[Place("seat", 0)], self._spots[Place("rider", 0)]]
        for number, (x, y, _, _) in enumerate(marks, start=1):
            self._number(c, x, y + self.card_h / 2 + 5, number)
        # 4: a move, beside the mat: a ghost, an arrow, the card where it went
        gx, tx, y = mat_w + 24, width - self.card_w / 2 - 4, height / 2
        self.face(c, moved, gx, y, ghost=True)
        self.face(c, moved, tx, y)
        self._arrow(c, (gx, y), (tx, y), (1.0, 1.0))
        self._number(c, (gx + tx) / 2, y + self.card_h / 2 + 5, 4)

    def _number(self, c: Canvas, x: float, y: float, number: int) -> None:
        c.set_fill(INK)
        c.circle(x, y, self.pt(7) * 0.8, fill=True)
        c.set_fill("#ffffff")
        self._label(c, x, y - self.pt(7) * 0.35, str(number), font=BODY_BOLD, size=self.pt(7), align="center")

    def _label(self, c: Canvas, x: float, y: float, text: str, *, font: str, size: float,
               align: Align = "left") -> None:
        """Draw one line of text at baseline ``y`` and remember its box in :attr:`labels` (arrows keep clear of it)."""
        c.text(x, y, text, font=font, size=size, align=align)
        self.labels.append(label_box(x, y, text, font=font, size=size, align=align))

    # -- furniture --------------------------------------------------------------------------
    def _header(self, c: Canvas, view: TableView, width: float, height: float) -> None:
        """The clock badge top left, the rule at work in a pill top right, the stage label between
        them: centred on the frame when it clears both, else centred in the room they leave. A rule
        too long for the room left is shortened with an ellipsis and reported in :attr:`cut_text`."""
        size, label_size, gap = self.pt(9.5), self.pt(8), 6.0
        top, badge_h = height - 19, 15.0
        clock = format_clock(view.clock_ms, self.renderer.language)
        clock_w = max(size * 5.6, _text_width(clock, BODY_BOLD, size) + 8)
        c.set_fill(INK)
        c.rect(4, top, clock_w, badge_h, radius=3, fill=True)
        self.clock_badge = ClockBadge(clock, 4, height - top - badge_h, clock_w, badge_h, size)
        c.set_fill("#ffffff")
        self._label(c, 4 + clock_w / 2, height - 15, clock, font=BODY_BOLD, size=size, align="center")
        left, right = 4 + clock_w + gap, width - 4
        stage_w = _text_width(view.stage_label, BODY_BOLD, label_size) if view.stage_label else 0.0
        if view.rule_label:
            room = right - left - (stage_w + gap if stage_w else 0.0) - PILL_PAD * 2
            rule = _shortened(view.rule_label, room, font=BODY_BOLD, size=label_size)
            if rule != view.rule_label:
                self.cut_text.append(TextCut("rule", view.rule_label, _text_width(view.rule_label, BODY_BOLD, label_size),
                                             room, self.where))
            label_w = _text_width(rule, BODY_BOLD, label_size) + PILL_PAD * 2
            c.set_fill(HIGHLIGHT)
            c.rect(right - label_w, top, label_w, badge_h, radius=3, fill=True)
            c.set_fill(INK)
            self._label(c, right - label_w / 2, height - 15, rule, font=BODY_BOLD, size=label_size, align="center")
            right -= label_w + gap
        if view.stage_label:
            centre = width / 2
            if centre - stage_w / 2 < left or centre + stage_w / 2 > right:
                centre = (left + right) / 2
            c.set_fill(MUTED)
            self._label(c, centre, height - 15, view.stage_label, font=BODY_BOLD, size=label_size, align="center")

    def _caption(self, c: Canvas, view: TableView, width: float) -> None:
        """The "meanwhile" line over the caption box, at the bottom of the frame, in :data:`CAPTION_H`.

        The meanwhile line gets the two lines it usually needs, or as many as its text takes (a
        translation is often longer); the caption box gets the rest. Text that still does not fit
        its box at the smallest size allowed is recorded in :attr:`cut_text`, never drawn over.
        """
        inner_w, language = width - 20, self.renderer.language
        size = self.pt(7.5)
        meanwhile_h = 2 * MEANWHILE_LEADING * size + 3  # room for two lines
        if view.meanwhile:
            needed = text_height(view.meanwhile, inner_w, font=BODY, size=size, language=language) + 3
            meanwhile_h = max(meanwhile_h, needed)
            box_h = meanwhile_h if not view.caption else min(meanwhile_h, CAPTION_H - MIN_CAPTION_BOX)
            c.set_fill(MUTED)
            c.text_box(view.meanwhile, 10, CAPTION_H - box_h, inner_w, box_h, font=BODY, size=size,
                       min_size=self.min_text, align="left", valign="middle", color=MUTED, language=language)
            self._record_cut("meanwhile", view.meanwhile, needed, box_h)
            meanwhile_h = box_h
        if not view.caption:
            return
        c.set_fill("#f4f1ea")
        box_h = CAPTION_H - meanwhile_h - 2
        c.rect(4, 3, width - 8, box_h - 2, radius=3, fill=True)
        c.text_box(view.caption, 10, 4, inner_w, box_h - 4, font=BODY, size=self.pt(9.5), min_size=self.min_text,
                   align="left", valign="middle", color=INK, language=language)
        smallest = min(self.pt(9.5), self.min_text)
        self._record_cut("caption", view.caption,
                         text_height(view.caption, inner_w, font=BODY, size=smallest, language=language), box_h - 4)

    def _record_cut(self, part: str, text: str, needed: float, room: float) -> None:
        if needed > room + 0.01:
            self.cut_text.append(TextCut(part, text, needed, room, self.where))


@dataclass(frozen=True)
class TextCut:
    """A text of a frame that does not fit its box even at the smallest size allowed."""

    part: str
    """``caption``, ``meanwhile`` or ``rule`` (the rule's pill in the header)."""
    text: str
    needed: float
    room: float
    where: str = ""
    """Where the frame is printed (``page 16, step 11 of 14``), as the writer set :attr:`FramePainter.where`."""

    def describe(self) -> str:
        lines = f"{self.needed:.0f} pt for {self.room:.0f} pt of room"
        shown = self.text if len(self.text) <= 60 else self.text[:59] + "…"
        return f"{self.where + ': ' if self.where else ''}the {self.part} “{shown}” is cut ({lines})"


def text_height(text: str, width: float, *, font: str, size: float, language: str) -> float:
    """The height ``text`` takes wrapped in ``width`` at ``size``, as a frame's text box sets it
    (the language's typography pass, ``**bold**``, :data:`MEANWHILE_LEADING`); a line wider than
    ``width`` by more than :data:`LINE_OVERHANG` (a word that cannot break) counts as not fitting:
    infinite height."""
    from cardgen.i18n.typography import apply_typography
    from cardgen.render.reportlab_canvas import fit_paragraph, paragraph_fit

    paragraph, used, height = fit_paragraph(apply_typography(text, language), width, 1e6, font=font, size=size,
                                            min_size=size, leading=MEANWHILE_LEADING, align="left", color=INK)
    if any(spare < -LINE_OVERHANG for spare in paragraph_fit(paragraph, used, height).spare):
        return math.inf
    return height


__all__ = ["Arrow", "FramePainter", "Highlight", "PlacedCard", "TextCut", "frame_height", "frame_size", "text_height"]


def _text_width(text: str, font: str, size: float) -> float:
    """How wide ``text`` sets in ``font`` at ``size`` (the bundled fonts registered first)."""
    from cardgen.render.fonts import register_fonts
    from cardgen.render.reportlab_canvas import text_width

    register_fonts()
    return text_width(text, font, size)


def label_box(x: float, y: float, text: str, *, font: str, size: float, align: Align = "left") -> Box:
    """The box of one line of ``text`` set at baseline ``y``: from its descenders to its accents."""
    w = _text_width(text, font, size)
    left = x - w / 2 if align == "center" else x - w if align == "right" else x
    bottom, top = y - 0.22 * size, y + 0.8 * size
    return left + w / 2, (bottom + top) / 2, w, top - bottom


def _shortened(text: str, room: float, *, font: str, size: float) -> str:
    """``text``, or as many of its words as fit ``room`` followed by an ellipsis."""
    if _text_width(text, font, size) <= room:
        return text
    words = text.split(" ")
    while len(words) > 1:
        words.pop()
        shorter = " ".join(words).rstrip(" :;,.\u00a0\u202f") + "…"
        if _text_width(shorter, font, size) <= room:
            return shorter
    return "…"


def _outside_boxes(start: tuple[float, float], end: tuple[float, float], boxes: list[Box],
                   margin: float) -> list[tuple[float, float]]:
    """The parts (as fractions 0..1 of the segment ``start``–``end``) that stay ``margin`` clear of every box."""
    (sx, sy), (ex, ey) = start, end
    dx, dy = ex - sx, ey - sy
    cut: list[tuple[float, float]] = []
    for cx, cy, w, h in boxes:
        low, high = 0.0, 1.0
        for d, origin, edge_low, edge_high in ((dx, sx, cx - w / 2 - margin, cx + w / 2 + margin),
                                               (dy, sy, cy - h / 2 - margin, cy + h / 2 + margin)):
            if abs(d) < 1e-9:
                if not edge_low <= origin <= edge_high:
                    low, high = 1.0, 0.0
                continue
            t1, t2 = sorted(((edge_low - origin) / d, (edge_high - origin) / d))
            low, high = max(low, t1), min(high, t2)
        if low < high:
            cut.append((low, high))
    parts, at = [], 0.0
    for low, high in sorted(cut):
        if low > at:
            parts.append((at, low))
        at = max(at, high)
    if at < 1.0:
        parts.append((at, 1.0))
    return parts


def _inside(mat: Mat, point: tuple[float, float]) -> bool:
    """Whether ``point`` lies on ``mat``."""
    return abs(point[0] - mat.cx) <= mat.w / 2 and abs(point[1] - mat.cy) <= mat.h / 2


def _leaving(mat: Mat, start: tuple[float, float], direction: tuple[float, float]) -> float:
    """How far from ``start`` (on ``mat``) a line in ``direction`` (a unit vector) leaves the mat."""
    (x, y), (ux, uy) = start, direction
    exits = [(edge - origin) / u for u, origin, low, high in ((ux, x, mat.cx - mat.w / 2, mat.cx + mat.w / 2),
                                                         (uy, y, mat.cy - mat.h / 2, mat.cy + mat.h / 2))
             if abs(u) > 1e-9 for edge in (low, high) if (edge - origin) / u > 0]
    return min(exits, default=0.0)
