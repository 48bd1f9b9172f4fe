"""Every label in every rulebook diagram is at least 8 pt on the printed A4/Letter page."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from reportlab.graphics.shapes import Drawing, Group, String

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


@pytest.mark.parametrize("deck_name", ["falling", "fall-damage", "falling-off"])
@pytest.mark.parametrize("language, paper", [("en", "a4"), ("fr", "letter")])
def test_diagram_labels_are_8_pt_or_more(deck_name: str, language: str, paper: str) -> None:
    deck = load_deck(ROOT / "decks" / deck_name)
    story, _ = build_story(deck, translate=translator_for(deck, language), language=language, paper=paper)
    drawings = list(_drawings(story))
    assert drawings
    small = [(round(size, 2), string.text) for drawing in drawings for string, size in _strings(drawing)
             if string.text.strip() and size < MIN_LABEL_PT]
    assert not small, f"labels under {MIN_LABEL_PT} pt: {small[:8]}"
