"""Every label in every rulebook diagram is at least 8 pt on the printed page — A4, Letter, and the
A5 (or half-Letter) pages of the folded booklet — and no two labels collide or leave the drawing."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from reportlab.graphics.shapes import Drawing, Group, String
from reportlab.pdfbase.pdfmetrics import stringWidth

from cardgen.build import translator_for
from cardgen.loading import load_deck
from cardgen.rulebook.builder import build_story
from tests.conftest import ROOT

MIN_LABEL_PT = 8.0


def _strings(node: object, scale: float = 1.0) -> Iterator[tuple[String, float]]:
    transform = getattr(node, "transform", None)
    if isinstance(node, Group) and transform:
        scale *= abs(transform[0] * transform[3] - transform[1] * transform[2]) ** 0.5
    for child in getattr(node, "contents", []):
        if isinstance(child, String):
            yield child, child.fontSize * scale
        else:
            yield from _strings(child, scale)


def _drawings(flowables: list[object]) -> Iterator[Drawing]:
    for flowable in flowables:
        if isinstance(flowable, Drawing):
            yield flowable
        for attr in ("figure", "text"):
            inner = getattr(flowable, attr, None)
            if isinstance(inner, list):
                yield from _drawings(inner)


def _boxes(node: object, matrix: tuple[float, ...] = (1, 0, 0, 1, 0, 0)) -> Iterator[tuple[str, tuple[float, ...]]]:
    """Each label's text and its box (x0, y0, x1, y1) in the drawing's printed coordinates."""
    transform = getattr(node, "transform", None)
    if isinstance(node, Group) and transform:
        a, b, c, d, e, f = matrix
        ta, tb, tc, td, te, tf = transform
        matrix = (a * ta + c * tb, b * ta + d * tb, a * tc + c * td, b * tc + d * td, a * te + c * tf + e,
                  b * te + d * tf + f)
    for child in getattr(node, "contents", []):
        if isinstance(child, String):
            if not child.text.strip():
                continue
            width = stringWidth(child.text, child.fontName, child.fontSize)
            x0 = child.x - {"start": 0.0, "middle": width / 2, "end": width}[child.textAnchor]
            corners = [(x, y) for x in (x0, x0 + width)
                       for y in (child.y - 0.2 * child.fontSize, child.y + 0.7 * child.fontSize)]
            a, b, c, d, e, f = matrix
            points = [(a * x + c * y + e, b * x + d * y + f) for x, y in corners]
            xs, ys = [p[0] for p in points], [p[1] for p in points]
            yield child.text, (min(xs), min(ys), max(xs), max(ys))
        else:
            yield from _boxes(child, matrix)


def _story_drawings(deck_name: str, language: str, paper: str, booklet: bool) -> list[Drawing]:
    deck = load_deck(ROOT / "decks" / deck_name)
    story, _ = build_story(deck, translate=translator_for(deck, language), language=language, paper=paper,
                           booklet=booklet)
    # the title page's ornament and other drawings without words have nothing to check
    return [d for d in _drawings(story) if any(s.text.strip() for s, _ in _strings(d))]


CASES = [("en", "a4", False), ("fr", "letter", False), ("en", "a4", True), ("fr", "letter", True)]


@pytest.mark.parametrize("deck_name", ["falling", "fall-damage", "falling-off"])
@pytest.mark.parametrize("language, paper, booklet", CASES)
def test_diagram_labels_are_8_pt_or_more(deck_name: str, language: str, paper: str, booklet: bool) -> None:
    drawings = _story_drawings(deck_name, language, paper, booklet)
    assert drawings
    small = [(round(size, 2), string.text) for drawing in drawings for string, size in _strings(drawing)
             if string.text.strip() and size < MIN_LABEL_PT]
    assert not small, f"labels under {MIN_LABEL_PT} pt: {small[:8]}"


@pytest.mark.parametrize("deck_name", ["falling", "fall-damage", "falling-off"])
@pytest.mark.parametrize("language, paper, booklet", CASES)
def test_diagram_labels_neither_collide_nor_leave_the_drawing(deck_name: str, language: str, paper: str,
                                                              booklet: bool) -> None:
    for drawing in _story_drawings(deck_name, language, paper, booklet):
        boxes = list(_boxes(drawing))
        for text, (x0, y0, x1, y1) in boxes:
            assert -0.5 <= x0 and x1 <= drawing.width + 0.5 and -0.5 <= y0 and y1 <= drawing.height + 0.5, \
                (text, (x0, y0, x1, y1), (drawing.width, drawing.height))
        for i, (text, a) in enumerate(boxes):
            for other, b in boxes[i + 1:]:
                overlap = min(a[2], b[2]) - max(a[0], b[0]), min(a[3], b[3]) - max(a[1], b[1])
                assert min(overlap) <= 0.3, (text, other)
