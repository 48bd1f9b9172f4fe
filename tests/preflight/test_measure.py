"""The preflight measures plain text without a Paragraph and finds the very ink it would have found with one."""

from __future__ import annotations

import pytest

from cardgen.preflight.measure import MeasuringCanvas
from cardgen.render import plain_text
from cardgen.render.fonts import BODY, DISPLAY

BOXES = [  # text, width, height, font, size, min size, align
    ("Lay it before player 3. After the deal, each stack gets 2 more.", 150, 30, BODY, 9.5, None, "center"),
    ("Posez-la en travers devant un joueur : il reçoit « une carte » de plus !", 120, 40, BODY, 9, 7, "left"),
    ("Throw out any Rider, with its Extra, when a Ground comes to you.", 90, 20, BODY, 9, 6.5, "right"),  # overflows
    ("Incomprehensibilities", 40, 30, DISPLAY, 12, 8, "left"),  # one word wider than its box, at any size
]


def _ink(language: str) -> list[object]:
    canvas = MeasuringCanvas(language=language)
    for row, (text, width, height, font, size, min_size, align) in enumerate(BOXES):
        canvas.text_box(text, 10, 10 + row * 50, width, height, font=font, size=size, min_size=min_size, align=align)
    return canvas.ink


@pytest.mark.parametrize("language", ["en", "fr"])
def test_plain_text_is_measured_as_its_paragraph_measures(language: str, monkeypatch: pytest.MonkeyPatch) -> None:
    fast = _ink(language)
    monkeypatch.setattr(plain_text, "FAST_PATH", False)
    assert fast == _ink(language)
    assert [ink.fits for ink in fast] == [True, True, False, False]  # type: ignore[attr-defined]
