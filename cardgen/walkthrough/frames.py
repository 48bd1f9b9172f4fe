"""Drawing one walkthrough frame: the dealer, the players round a table, their cards.

A pure function of a :class:`TableView`, drawn through the Canvas protocol, so the same frame
goes into the PDF handout, a PNG, or a recording for tests. Card faces are the printed deck's
own faces (the same :class:`CardRenderer`), scaled down; each distinct face is drawn once per
document and reused.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from cardgen.render.canvas import Canvas
from cardgen.render.card_renderer import CardRenderer
from cardgen.render.fonts import BODY, BODY_BOLD
from cardgen.walkthrough.table_view import Highlight, SeatView, TableView, format_clock, kind_of

HIGHLIGHT = "#e8a317"
INK = "#222222"
FELT = "#e9efe6"
CARD_SCALE = 0.19


@dataclass(frozen=True)
class FrameGeometry:
    """Bands from the bottom: caption, the table with the seats round it, the dealer, the clock."""

    width: float
    height: float
    card_h: float

    caption_h: float = 50.0
    clock_h: float = 28.0

    @property
    def dealer_band(self) -> tuple[float, float]:
        top = self.height - self.clock_h
        return top - (self.card_h + 36), top

    @property
    def centre(self) -> tuple[float, float]:
        bottom, top = self.caption_h, self.dealer_band[0]
        return self.width / 2, (bottom + top) / 2

    @property
    def table_radii(self) -> tuple[float, float]:
        bottom, top = self.caption_h, self.dealer_band[0]
        return self.width * 0.22, (top - bottom) * 0.31

    @property
    def seat_radii(self) -> tuple[float, float]:
        bottom, top = self.caption_h, self.dealer_band[0]
        return self.width * 0.33, (top - bottom) / 2 - self.card_h / 2 + 2

    def seat_point(self, angle: float) -> tuple[float, float]:
        cx, cy = self.centre
        rx, ry = self.seat_radii
        return cx + rx * math.cos(math.radians(angle)), cy + ry * math.sin(math.radians(angle)) + 6


class FramePainter:
    """Draws frames with one deck's card faces."""

    def __init__(self, renderer: CardRenderer) -> None:
        self.renderer = renderer
        self.card_w = renderer.width * CARD_SCALE
        self.card_h = renderer.height * CARD_SCALE

    # -- cards ------------------------------------------------------------------------------
    def face(self, c: Canvas, card: str, x: float, y: float, *, rotate: float = 0.0) -> None:
        """A small card face centred at (x, y), rotated by ``rotate`` degrees."""
        deck = self.renderer.deck
        kind = kind_of(card)
        try:
            spec = deck.card(kind)
        except KeyError:
            spec = None
        c.save()
        c.translate(x, y)
        if rotate:
            c.rotate(rotate)
        c.translate(-self.card_w / 2, -self.card_h / 2)
        c.scale(CARD_SCALE, CARD_SCALE)
        w, h = self.renderer.width, self.renderer.height
        if spec is None:
            c.group("back", (0, 0, w, h), lambda cc: self._back(cc))
        else:
            c.group(f"face-{kind}", (0, 0, w, h), lambda cc: self._face(cc, spec))
        c.restore()
        c.set_stroke("#555555", 0.4)
        # thin outline so white edges read on the felt

    def _face(self, c: Canvas, spec) -> None:  # type: ignore[no-untyped-def]
        c.save()
        c.clip_rect(0, 0, self.renderer.width, self.renderer.height)
        self.renderer.draw_face(c, spec)
        c.restore()

    def _back(self, c: Canvas) -> None:
        c.save()
        c.clip_rect(0, 0, self.renderer.width, self.renderer.height)
        self.renderer.draw_back(c, self.renderer.deck.back.layout)
        c.restore()

    def back(self, c: Canvas, x: float, y: float) -> None:
        c.save()
        c.translate(x - self.card_w / 2, y - self.card_h / 2)
        c.scale(CARD_SCALE, CARD_SCALE)
        c.group("back", (0, 0, self.renderer.width, self.renderer.height), lambda cc: self._back(cc))
        c.restore()

    # -- frame ------------------------------------------------------------------------------
    def draw(self, c: Canvas, view: TableView, *, width: float, height: float) -> None:
        """Draw ``view`` in the box (0, 0, width, height)."""
        geo = FrameGeometry(width, height, self.card_h)
        cx, cy = geo.centre
        c.save()
        c.set_fill("#ffffff")
        c.rect(0, 0, width, height, fill=True)
        c.set_fill(FELT)
        c.set_stroke("#9aa89a", 1.2)
        rx, ry = geo.table_radii
        k = 0.5523  # Bézier circle constant
        c.bezier_path((cx + rx, cy), [((cx + rx, cy + ry * k), (cx + rx * k, cy + ry), (cx, cy + ry)),
                                      ((cx - rx * k, cy + ry), (cx - rx, cy + ry * k), (cx - rx, cy)),
                                      ((cx - rx, cy - ry * k), (cx - rx * k, cy - ry), (cx, cy - ry)),
                                      ((cx + rx * k, cy - ry), (cx + rx, cy - ry * k), (cx + rx, cy))],
                      fill=True, stroke=True)
        self._dealer(c, view, geo)
        n = len(view.seats)
        for index, seat in enumerate(view.seats):
            self._seat(c, view, seat, self._angle(index, n), geo)
        self._clock(c, view, width, height)
        self._caption(c, view, width)
        c.restore()

    @staticmethod
    def _angle(index: int, count: int) -> float:
        """Seat angles: the dealer sits at the top (90°); seat 0 is on the dealer's left,
        then clockwise as seen from above (the dealer faces the table, so their left is to
        the right of the picture)."""
        return 90.0 - 360.0 * (index + 1) / (count + 1)

    def _highlighted(self, view: TableView, target: str, seat: int | None = None, stack: int | None = None) -> bool:
        return any(h.target == target and (h.seat is None or h.seat == seat) and (h.stack is None or h.stack == stack)
                   for h in view.highlights)

    def _ring(self, c: Canvas, x: float, y: float, w: float, h: float) -> None:
        """A highlight: thick amber outline with a dark dashed edge (visible in greyscale)."""
        c.set_stroke(HIGHLIGHT, 3.2)
        c.rect(x - w / 2 - 3, y - h / 2 - 3, w + 6, h + 6, radius=3, fill=False, stroke=True)
        c.set_stroke(INK, 0.9, dash=(2.5, 2))
        c.rect(x - w / 2 - 3, y - h / 2 - 3, w + 6, h + 6, radius=3, fill=False, stroke=True)
        c.set_stroke(INK, 0.5)

    def _dealer(self, c: Canvas, view: TableView, geo: FrameGeometry) -> None:
        cx, _ = geo.centre
        band_bottom, band_top = geo.dealer_band
        y = band_top - self.card_h / 2 - 4
        c.set_fill(INK)
        c.text(cx, y - 3, view.dealer_label, font=BODY_BOLD, size=9, align="center")
        # the deck, with the Grounds waiting at the bottom (fanned out below it)
        deck_x = cx - self.card_w * 1.3
        for i in range(min(view.grounds_in_deck, 5)):
            self.face(c, "ground", deck_x - 10 + i * 5, y - self.card_h * 0.22)
        if view.deck_count > view.grounds_in_deck:
            self.back(c, deck_x, y)
        c.set_fill(INK)
        c.text(deck_x, y - self.card_h / 2 - 18, f"{view.deck_label}: {view.deck_count}", font=BODY, size=6.5,
               align="center")
        if view.grounds_in_deck:
            c.text(deck_x, y - self.card_h / 2 - 25, f"{view.grounds_label}: {view.grounds_in_deck}", font=BODY,
                   size=5.5, align="center")
        if self._highlighted(view, "deck"):
            self._ring(c, deck_x, y, self.card_w, self.card_h)
        pile_x = cx + self.card_w * 1.3
        if view.discard_top:
            self.face(c, view.discard_top, pile_x, y)
        else:
            c.set_stroke("#999999", 0.6, dash=(2, 2))
            c.rect(pile_x - self.card_w / 2, y - self.card_h / 2, self.card_w, self.card_h, radius=2, fill=False,
                   stroke=True)
        c.set_fill(INK)
        c.text(pile_x, y - self.card_h / 2 - 18, f"{view.discard_label}: {view.discard_count}", font=BODY, size=6.5,
               align="center")
        if self._highlighted(view, "discard"):
            self._ring(c, pile_x, y, self.card_w, self.card_h)

    def _seat(self, c: Canvas, view: TableView, seat: SeatView, angle: float, geo: FrameGeometry) -> None:
        cx, cy = geo.centre
        px, py = geo.seat_point(angle)
        inward = -1 if px > cx + 1 else 1  # towards the middle of the picture
        spacing = self.card_w + 4
        shown = seat.stacks[:4]
        row = [(px + (i - (len(shown) - 1) / 2) * spacing, py) for i in range(len(shown))]
        for (x, y), stack in zip(row, shown):
            if stack.top:
                self.face(c, stack.top, x, y)
            c.set_fill(INK)
            c.circle(x + self.card_w / 2 - 1, y + self.card_h / 2 - 1, 5.0, fill=True)
            c.set_fill("#ffffff")
            c.text(x + self.card_w / 2 - 1, y + self.card_h / 2 - 3.2, str(stack.height), font=BODY_BOLD, size=6.5,
                   align="center")
            if self._highlighted(view, "stack", seat.seat, stack.id):
                self._ring(c, x, y, self.card_w, self.card_h)
        if len(seat.stacks) > len(shown):
            c.set_fill(INK)
            c.text(row[-1][0] + self.card_w / 2 + 8, py, f"+{len(seat.stacks) - len(shown)}", font=BODY_BOLD, size=7)
        if not shown and not seat.out:
            c.set_stroke("#999999", 0.6, dash=(2, 2))
            c.rect(px - self.card_w / 2, py - self.card_h / 2, self.card_w, self.card_h, radius=2, fill=False, stroke=True)
        # name under the row; an arrow when the dealer is dealing to this player
        ny = py - self.card_h / 2 - 11
        c.set_fill("#888888" if seat.out else INK)
        name = seat.name + (f" ({view.out_label})" if seat.out else "")
        c.text(px, ny, name, font=BODY_BOLD, size=8.5, align="center")
        if seat.being_dealt:
            c.set_fill(HIGHLIGHT)
            width = len(name) * 4.4 + 8
            c.polygon([(px - width / 2 - 9, ny + 6), (px - width / 2 - 1, ny + 3), (px - width / 2 - 9, ny)], fill=True)
        # the card in hand, beside the row on the side facing the middle of the picture
        if seat.held:
            edge = (len(shown) or 1) * spacing / 2
            hx, hy = px - inward * (edge + self.card_w / 2 + 2), py - 6
            self.face(c, seat.held, hx, hy, rotate=-10 * inward)
            c.set_fill(INK)
            c.text(hx, hy - self.card_h / 2 - 8, view.held_label, font=BODY, size=6, align="center")
            if self._highlighted(view, "held", seat.seat):
                self._ring(c, hx, hy, self.card_w, self.card_h)
        # the Rider, sideways, between the player and the dealer; an Extra off-centre on it
        if seat.rider:
            t = 0.5
            tx, ty = cx + (px - cx) * (1 - t), cy + (py - cy) * (1 - t)
            self.face(c, seat.rider, tx, ty, rotate=90)
            for j, extra in enumerate(seat.extras):
                self.face(c, extra, tx + self.card_h * 0.5 + 3 * j, ty - self.card_w * 0.3 - 3 * j, rotate=90)
            if self._highlighted(view, "rider", seat.seat):
                extra_w = self.card_h * 0.5 if seat.extras else 0
                extra_h = self.card_w * 0.3 if seat.extras else 0
                self._ring(c, tx + extra_w / 2, ty - extra_h / 2, self.card_h + extra_w, self.card_w + extra_h)
        if seat.out and seat.ground:
            self.face(c, seat.ground, px, py)
        if self._highlighted(view, "seat", seat.seat):
            self._ring(c, px, ny + 3, 70, 13)

    def _clock(self, c: Canvas, view: TableView, width: float, height: float) -> None:
        c.set_fill(INK)
        c.rect(6, height - 22, 62, 16, radius=3, fill=True)
        c.set_fill("#ffffff")
        c.text(37, height - 17.5, format_clock(view.clock_ms), font=BODY_BOLD, size=10, align="center")
        if view.rule_label:
            c.set_fill(HIGHLIGHT)
            c.rect(width - 6 - 150, height - 22, 150, 16, radius=3, fill=True)
            c.set_fill(INK)
            c.text(width - 6 - 75, height - 17.5, view.rule_label, font=BODY_BOLD, size=8.5, align="center")

    def _caption(self, c: Canvas, view: TableView, width: float) -> None:
        if view.caption:
            c.set_fill("#f4f1ea")
            c.rect(6, 4, width - 12, 42, radius=3, fill=True)
            c.text_box(view.caption, 12, 6, width - 24, 38, font=BODY, size=9.5, min_size=7, align="left", valign="middle",
                       color=INK)


__all__ = ["FramePainter", "Highlight"]
