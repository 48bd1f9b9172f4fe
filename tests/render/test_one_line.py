"""One plain line of card text is drawn without a Paragraph, and lands on exactly the same pixels."""

from __future__ import annotations

from pathlib import Path

import pytest
from reportlab.pdfgen.canvas import Canvas

from cardgen.render import reportlab_canvas
from cardgen.render.fonts import BODY, BODY_BOLD, DISPLAY, register_fonts
from cardgen.render.one_line import plain_line
from cardgen.render.reportlab_canvas import ReportlabCanvas
from tests.pdf_tools import render_page

BOXES = [  # text, font, size, align, valign
    ("Hit", DISPLAY, 20, "center", "middle"),
    ("RIDER", BODY_BOLD, 7.5, "center", "middle"),
    ("FALLING by James Ernest · Cheapass Games", BODY, 5.6, "left", "top"),
    ("Lead  Shoes", DISPLAY, 14, "right", "bottom"),
    ("Grêle d’acier", BODY, 9, "center", "top"),
    ("27\u00a0cards, 5\u00a0Grounds", BODY, 9, "left", "middle"),
    ("Attention\u202f!", BODY_BOLD, 9, "right", "top"),
]


def _sheet(path: Path) -> None:
    register_fonts()
    c = Canvas(str(path), pagesize=(200, 300), invariant=1)
    rc = ReportlabCanvas(c)
    for row, (text, font, size, align, valign) in enumerate(BOXES):
        rc.text_box(text, 10.3, 10.7 + row * 55, 150.2, 30.1, font=font, size=size, leading=1.2, align=align,
                    valign=valign, color="#1f5fbf")
    c.showPage()
    c.save()


def test_plain_one_line_texts_look_exactly_as_their_paragraphs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _sheet(tmp_path / "fast.pdf")
    monkeypatch.setattr(reportlab_canvas, "plain_line", lambda *args, **kwargs: None)
    _sheet(tmp_path / "paragraph.pdf")
    fast, slow = render_page(tmp_path / "fast.pdf", 0, scale=4), render_page(tmp_path / "paragraph.pdf", 0, scale=4)
    assert fast.getbbox() is not None and fast.convert("L").getextrema()[0] < 128  # text was drawn
    assert fast.tobytes() == slow.tobytes()


def test_plain_words_on_one_line_take_the_fast_path() -> None:
    register_fonts()
    line = plain_line("Lead  Shoes ", 150, 30, font=DISPLAY, size=14, leading=1.2)
    assert line is not None and line.text == "Lead Shoes" and line.height == pytest.approx(16.8)


@pytest.mark.parametrize("text", ["**Hit** hard", "*soft*", "a & b", "<b>x</b>", "snake_case", ":hit: icon", "[[hit]]", "one\\ntwo",
                                  "hy\u00adphen", "tab\\there"])
def test_markup_and_special_spaces_go_to_paragraph(text: str) -> None:
    register_fonts()
    assert plain_line(text.replace("\\n", "\n").replace("\\t", "\t"), 150, 30, font=BODY, size=9, leading=1.2) is None


def test_a_line_too_wide_or_too_tall_goes_to_paragraph() -> None:
    register_fonts()
    assert plain_line("Lay it sideways before a player after the deal", 60, 30, font=BODY, size=9, leading=1.2) is None
    assert plain_line("Hit", 60, 10, font=DISPLAY, size=20, leading=1.0) is None


@pytest.mark.parametrize("language", ["en", "fr"])
def test_a_text_box_without_a_language_takes_its_canvas_language(tmp_path: Path, language: str) -> None:
    """French text drawn on a French canvas gets French spacing even when the caller names no language."""
    from cardgen.preflight.measure import MeasuringCanvas
    from tests.pdf_tools import pdf_text

    register_fonts()
    c = Canvas(str(tmp_path / "box.pdf"), pagesize=(200, 100), invariant=1)
    rc = ReportlabCanvas(c, language=language)
    rc.text_box("Frappe ! Et « vite » ?", 10, 10, 180, 30, font=BODY, size=9)
    c.showPage()
    c.save()
    drawn = pdf_text(tmp_path / "box.pdf")
    measured = MeasuringCanvas(language=language)
    measured.text_box("Frappe ! Et « vite » ?", 10, 10, 180, 30, font=BODY, size=9)
    if language == "fr":
        assert "Frappe\u202f!" in drawn and "»\u202f?" in drawn
    else:
        assert "Frappe ! Et" in drawn
    assert rc.last_fit is not None and measured.ink[0].bbox[2] - measured.ink[0].bbox[0] == pytest.approx(
        180 - rc.last_fit.spare[0], abs=0.01)  # measured as drawn: the same width
