"""The shipped FALLING walkthrough's frames, EN and FR, measured from what they draw (review-print F14, F3):
the header's clock badge, stage label and rule pill never overlap, and no arrow (shaft or head) is
drawn across a label (a player's name, a stack's height, the dealer's counters)."""

from __future__ import annotations

import math
from typing import Any

import pytest

from cardgen.build import translator_for
from cardgen.games.falling.walkthrough import _labelled
from cardgen.loading.deck_loader import load_deck_layouts
from cardgen.render.card_renderer import CardRenderer
from cardgen.render.fonts import register_fonts
from cardgen.render.recording_canvas import RecordingCanvas
from cardgen.render.reportlab_canvas import text_width
from cardgen.walkthrough.frames import HIGHLIGHT, FramePainter, frame_size

Rect = tuple[float, float, float, float]  # left, bottom, right, top


class MeasuringCanvas(RecordingCanvas):
    """Records text boxes, the rounded rectangles of the header, and the arrows' strokes and heads."""

    def __init__(self) -> None:
        super().__init__()
        self.texts_drawn: list[tuple[str, Rect]] = []
        self.rects: list[tuple[str, Rect]] = []
        self.strokes: list[tuple[tuple[float, float], tuple[float, float], float]] = []
        self.heads: list[list[tuple[float, float]]] = []
        self._stroke, self._width, self._fill, self._transformed = "", 0.0, "", 0

    def save(self) -> None:
        super().save()

    def translate(self, x: float, y: float) -> None:
        super().translate(x, y)
        self._transformed += 1

    def restore(self) -> None:
        super().restore()
        self._transformed = 0

    def set_fill(self, color: str, alpha: float = 1.0) -> None:
        super().set_fill(color, alpha)
        self._fill = color

    def set_stroke(self, color: str, width: float, **kwargs: Any) -> None:  # type: ignore[override]
        super().set_stroke(color, width, **kwargs)
        self._stroke, self._width = color, width

    def rect(self, x: float, y: float, w: float, h: float, **kwargs: Any) -> None:  # type: ignore[override]
        super().rect(x, y, w, h, **kwargs)
        self.rects.append((self._fill, (x, y, x + w, y + h)))

    def line(self, x1: float, y1: float, x2: float, y2: float) -> None:
        super().line(x1, y1, x2, y2)
        if self._stroke in (HIGHLIGHT, "#ffffff") and not self._transformed:
            self.strokes.append(((x1, y1), (x2, y2), self._width))

    def polygon(self, points: Any, **kwargs: Any) -> None:  # type: ignore[override]
        super().polygon(points, **kwargs)
        if self._fill == HIGHLIGHT and len(points) == 3 and not self._transformed:
            self.heads.append([(float(a), float(b)) for a, b in points])

    def text(self, x: float, y: float, text: str, *, font: str, size: float, align: str = "left") -> None:  # type: ignore[override]
        super().text(x, y, text, font=font, size=size, align=align)  # type: ignore[arg-type]
        assert not self._transformed, text
        w = text_width(text, font, size)
        left = x - w / 2 if align == "center" else x - w if align == "right" else x
        self.texts_drawn.append((text, (left, y - 0.2 * size, left + w, y + 0.72 * size)))


def _overlap(a: Rect, b: Rect) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _separated(polygon: list[tuple[float, float]], rect: Rect) -> bool:
    """Separating-axis test of a convex polygon against an axis-aligned rectangle."""
    corners = [(rect[0], rect[1]), (rect[2], rect[1]), (rect[2], rect[3]), (rect[0], rect[3])]
    axes = [(1.0, 0.0), (0.0, 1.0)] + [(-(b[1] - a[1]), b[0] - a[0]) for a, b in zip(polygon, polygon[1:] + polygon[:1])]
    for ax, ay in axes:
        if math.hypot(ax, ay) < 1e-12:
            continue
        p = [x * ax + y * ay for x, y in polygon]
        r = [x * ax + y * ay for x, y in corners]
        if max(p) <= min(r) or max(r) <= min(p):
            return True
    return False


def _stroke_outline(a: tuple[float, float], b: tuple[float, float], half: float) -> list[tuple[float, float]]:
    """The rectangle a stroke of half-width ``half`` covers from ``a`` to ``b`` (caps included)."""
    length = math.hypot(b[0] - a[0], b[1] - a[1]) or 1.0
    ux, uy = (b[0] - a[0]) / length, (b[1] - a[1]) / length
    a = (a[0] - ux * half, a[1] - uy * half)
    b = (b[0] + ux * half, b[1] + uy * half)
    nx, ny = -uy * half, ux * half
    return [(a[0] + nx, a[1] + ny), (b[0] + nx, b[1] + ny), (b[0] - nx, b[1] - ny), (a[0] - nx, a[1] - ny)]


@pytest.fixture(scope="module")
def frames(deck, plans):  # type: ignore[no-untyped-def]
    """(language, where, view, canvas) for every frame of the shipped walkthrough as PNG/GIF frames show it."""
    register_fonts()
    out = []
    for lang in ("en", "fr"):
        translate = translator_for(deck, lang)
        layouts = load_deck_layouts(deck)
        painter = FramePainter(CardRenderer(deck, layouts[deck.layout], layouts, translate=translate, language=lang))
        for n, stage in enumerate(_labelled(plans[lang], translate), start=1):
            for k, view in enumerate(stage.frames, start=1):
                width, height = frame_size(len(view.seats))
                canvas = MeasuringCanvas()
                painter.draw(canvas, view, width=width, height=height)
                out.append((lang, f"{lang} stage{n}-{k:02d}", view, canvas, height))
    return out


def test_the_header_clock_stage_label_and_rule_pill_never_overlap(frames) -> None:  # type: ignore[no-untyped-def]
    checked = 0
    for _, where, view, canvas, height in frames:
        header = [box for _, box in canvas.rects if box[1] >= height - 20]
        stage = [box for text, box in canvas.texts_drawn if text == view.stage_label]
        boxes = header[:2] + stage  # the clock badge, the rule's pill, the stage label
        assert len(header) == (2 if view.rule_label else 1) and len(stage) == 1, where
        for i, a in enumerate(boxes):
            for b in boxes[i + 1:]:
                assert not _overlap(a, b), (where, view.stage_label, view.rule_label, a, b)
        pill_texts = [box for text, box in canvas.texts_drawn if view.rule_label and box[1] > height - 20
                      and text not in (view.stage_label,) and _overlap(box, header[-1])]
        for box in pill_texts:  # the rule's name stays inside its pill
            assert header[-1][0] <= box[0] and box[2] <= header[-1][2], where
        checked += bool(view.rule_label)
    assert checked >= 20


def test_no_arrow_is_drawn_across_a_label(frames) -> None:  # type: ignore[no-untyped-def]
    arrows = 0
    for _, where, _, canvas, _ in frames:
        labels = [(text, box) for text, box in canvas.texts_drawn if box[1] > 64]  # the table, not the caption
        for a, b, width in canvas.strokes:
            outline = _stroke_outline(a, b, width / 2)
            for text, box in labels:
                assert _separated(outline, box), (where, text, a, b)
        for head in canvas.heads:
            for text, box in labels:
                assert _separated(head, box), (where, text, head)
        arrows += len(canvas.heads)
    assert arrows >= 40
