"""Plain card text is set and drawn without a Paragraph: the same lines, widths, pixels and bytes as with one."""

from __future__ import annotations

import io
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

from cardgen.render import plain_text, reportlab_canvas
from cardgen.render.fonts import BODY, BODY_BOLD, DISPLAY, ensure_font, register_fonts
from cardgen.render.plain_text import plain_line, set_plain_text
from cardgen.render.reportlab_canvas import ReportlabCanvas, fit_paragraph, paragraph_fit
from tests.conftest import DATA, ROOT
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


# -- several lines: the breaks, widths and fit of Paragraph, without it ------------------------------

_LETTERS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZéèàçœÉÀ0123456789"
_MARKS = ".,;:!?’'\"()«»-–—/%+=#@$€_[]{}|`\\"
WORDS = st.text(alphabet=_LETTERS + _MARKS, min_size=1, max_size=16)
GAPS = st.sampled_from([" ", " ", " ", "  ", "\u00a0", "\u202f", " \u00a0", "\u00a0 "])


@st.composite
def plain_texts(draw: st.DrawFn) -> str:
    words = draw(st.lists(WORDS, min_size=1, max_size=40))
    gaps = draw(st.lists(GAPS, min_size=len(words), max_size=len(words)))
    text = "".join(word + gap for word, gap in zip(words, gaps, strict=True))
    return draw(st.sampled_from(["", " ", "\u00a0"])) + text[: -1 if draw(st.booleans()) else len(text)]


@settings(max_examples=600, deadline=None)
@given(text=plain_texts(), width=st.floats(8, 320), near_a_break=st.one_of(st.none(), st.tuples(st.integers(0, 40),
       st.floats(-1.0, 1.0))), height=st.floats(4, 200), font=st.sampled_from([BODY, BODY_BOLD, DISPLAY]),
       size=st.sampled_from([5.5, 6.5, 7, 8.25, 9.5, 12, 18]), shrink_to=st.sampled_from([None, 0, 1.25, 3]),
       leading=st.sampled_from([1.0, 1.15, 1.22, 1.5]), align=st.sampled_from(["left", "center", "right"]))
def test_plain_text_breaks_exactly_as_a_paragraph(text: str, width: float, near_a_break: tuple[int, float] | None,
                                                  height: float, font: str, size: float, shrink_to: float | None,
                                                  leading: float, align: str) -> None:
    """Line for line, the same words, the same room left (to the bit), the same size and height as
    ``fit_paragraph`` sets them, whatever the text, box, size, shrinking and alignment. Half the
    boxes are within a point of the width of the text's first words, where a line just fits, just
    squeezes its spaces in or just breaks."""
    register_fonts()
    if near_a_break is not None:
        words, delta = text.split(), near_a_break[1]
        width = max(2.0, stringWidth(" ".join(words[: near_a_break[0] % len(words) + 1]), font, size) + delta)
    min_size = None if shrink_to is None else max(1.0, size - shrink_to)
    plain = set_plain_text(text, width, height, font=ensure_font(font), size=size, min_size=min_size, leading=leading,
                           align=align)
    paragraph, used, set_height = fit_paragraph(text, width, height, font=font, size=size, min_size=min_size,
                                                leading=leading, align=align, color="#000000")
    assert plain is not None
    assert paragraph.blPara.kind == 0  # one plain fragment
    assert plain.lines == tuple((extra, tuple(words)) for extra, words in paragraph.blPara.lines)
    assert (plain.size, plain.height) == (used, set_height)
    assert plain.fit == paragraph_fit(paragraph, used, set_height)


def _drawn(texts: list[tuple[str, str]], width: float, height: float, size: float, leading: float) -> bytes:
    register_fonts()
    buffer = io.BytesIO()
    c = Canvas(buffer, pagesize=(400, 400), invariant=1)
    rc = ReportlabCanvas(c)
    for row, (text, align) in enumerate(texts):
        rc.text_box(text, 10.3 + row, 300.7 - row * 60, width, height, font=BODY, size=size, min_size=size - 2,
                    leading=leading, align=align, valign=("top", "middle", "bottom")[row % 3], color="#1f5fbf")
    c.showPage()
    c.save()
    return buffer.getvalue()


@settings(max_examples=120, deadline=None)
@given(texts=st.lists(st.tuples(plain_texts(), st.sampled_from(["left", "center", "right"])), min_size=1, max_size=4),
       width=st.floats(30, 300), height=st.floats(10, 60), size=st.sampled_from([6.5, 9.5, 12]),
       leading=st.sampled_from([1.0, 1.22]))
def test_plain_text_is_drawn_with_the_operators_of_its_paragraph(texts: list[tuple[str, str]], width: float,
                                                                 height: float, size: float, leading: float) -> None:
    """The PDF of text boxes drawn on the fast path is the very PDF their Paragraphs make, byte for byte."""
    fast = _drawn(texts, width, height, size, leading)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(plain_text, "FAST_PATH", False)
        slow = _drawn(texts, width, height, size, leading)
    assert fast == slow


def test_several_plain_lines_take_the_fast_path_and_markup_does_not() -> None:
    register_fonts()
    text = "Lay it before player 3. After the deal, each stack gets 2\u00a0more: «\u202fvite\u202f»."
    plain = set_plain_text(text, 150, 40, font=BODY, size=9.5, min_size=None, leading=1.22, align="center")
    assert plain is not None and len(plain.lines) == 3 and plain.size == 9.5 and plain.height <= 40
    assert plain.lines[2][1] == ("«\u202fvite\u202f».",)  # the narrow no-break spaces tie
    assert " ".join(" ".join(words) for _, words in plain.lines) == text
    for special in ("**each**", "a & b", "<b>x</b>", "hy\u00adphen", "one\ntwo", "tab\there", "zero\u200bwidth"):
        assert set_plain_text(f"{text} {special}", 150, 30, font=BODY, size=9.5, min_size=None, leading=1.22,
                              align="left") is None, special
    assert set_plain_text(text, 150, 30, font=BODY, size=9.5, min_size=None, leading=1.22, align="justify") is None


def test_a_text_too_tall_shrinks_by_quarter_points_to_its_minimum() -> None:
    register_fonts()
    text = "Lay it before player 3. After the deal, each stack gets 2 more cards, and then the next one."
    plain = set_plain_text(text, 120, 24, font=BODY, size=9.5, min_size=6.5, leading=1.2, align="left")
    assert plain is not None and plain.size < 9.5 and (9.5 - plain.size) % 0.25 == 0 and plain.height <= 24.01
    larger = set_plain_text(text, 120, 24, font=BODY, size=plain.size + 0.25, min_size=plain.size + 0.25, leading=1.2,
                            align="left")
    assert larger is not None and larger.height > 24.01  # the next size up does not fit


def test_plain_sheets_are_written_without_importing_platypus(tmp_path: Path) -> None:
    """A deck whose texts are all plain gets its sheets (and their preflight) without reportlab's
    layout engine or its graphics (each costs ~0.06 s to import), in a fresh interpreter."""
    deck = tmp_path / "plain"
    shutil.copytree(DATA / "decks" / "minimal", deck)
    yaml = deck / "deck.yaml"
    yaml.write_text(yaml.read_text(encoding="utf-8").replace(
        "text: The second card, with art.",
        "text: The second card, with art, says more than one line can hold, so it wraps onto a second one and a third."),
        encoding="utf-8")
    target = tmp_path / "cards.pdf"
    code = ("import sys\nfrom cardgen.cli import main\nfrom cardgen.render import plain_text\n"
            "set_texts = []\noriginal = plain_text.set_plain_text\n"
            "def watched(*args, **kwargs):\n    set_texts.append(original(*args, **kwargs))\n    return set_texts[-1]\n"
            "plain_text.set_plain_text = watched\n"
            "import cardgen.render.reportlab_canvas as rc\nrc.set_plain_text = watched\n"
            f"try: main(['sheets', {str(deck)!r}, '-o', {str(target)!r}])\nexcept SystemExit as exit: assert not exit.code\n"
            "print(max(len(t.lines) for t in set_texts if t is not None))\n"
            "print(sorted(m for m in sys.modules if m.startswith(('reportlab.platypus', 'reportlab.graphics'))))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT,
                         env={**os.environ, "PYTHONPATH": str(ROOT)}).stdout.splitlines()
    assert target.stat().st_size > 10_000
    assert int(out[-2]) >= 3  # the long text was set on several lines
    assert out[-1] == "[]"


def _own_font_deck_with_long_texts(folder: Path) -> Path:
    """The own-font fixture with its rule text set in the deck's font, long enough to wrap and shrink."""
    deck = folder / "own-font"
    shutil.copytree(DATA / "decks" / "own-font", deck)
    (deck / "templates" / "own-font-card.yaml").write_text(
        "extends: base-card\nelements:\n  title: {font: hand}\n  text: {font: hand}\n", encoding="utf-8")
    yaml = deck / "deck.yaml"
    long = "says more than one line can hold, so it wraps onto a second line, a third and maybe a fourth one."
    yaml.write_text(yaml.read_text(encoding="utf-8").replace("text: The first card.", f"text: The first card {long}")
                    .replace("text: The second card, with art.", f"text: The second card, with art, {long} {long}"),
                    encoding="utf-8")
    return deck


@pytest.mark.parametrize("deck, language", [("fall-damage", "en"), ("fall-damage", "fr"), ("falling", "fr"),
                                            ("own-font", "en")])
def test_shipped_sheets_are_byte_identical_with_and_without_the_fast_path(deck: str, language: str, tmp_path: Path,
                                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    """Fall Damage's unit texts and FALLING's French rule texts wrap onto several plain lines; so do
    a deck's texts in its own font (a family of its own, mapped as Paragraph maps it)."""
    from click.testing import CliRunner

    from cardgen.cli import main

    set_texts: list[object] = []
    original = plain_text.set_plain_text

    def watched(*args: object, **kwargs: object) -> object:
        set_texts.append(original(*args, **kwargs))  # type: ignore[arg-type]
        return set_texts[-1]

    monkeypatch.setattr(reportlab_canvas, "set_plain_text", watched)
    runner = CliRunner()
    folder = _own_font_deck_with_long_texts(tmp_path) if deck == "own-font" else ROOT / "decks" / deck
    args = ["sheets", str(folder), "--lang", language, "--no-preflight", "-o"]
    assert runner.invoke(main, [*args, str(tmp_path / "fast.pdf")]).exit_code == 0
    assert sum(1 for text in set_texts if text is not None and len(text.lines) > 1) >= 1  # type: ignore[attr-defined]
    monkeypatch.setattr(plain_text, "FAST_PATH", False)
    assert runner.invoke(main, [*args, str(tmp_path / "paragraph.pdf")]).exit_code == 0
    assert (tmp_path / "fast.pdf").read_bytes() == (tmp_path / "paragraph.pdf").read_bytes()
