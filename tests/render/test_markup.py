"""Card text emphasis becomes reportlab markup that always parses: nothing a designer types stops a build."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st
from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import Paragraph

from cardgen.cli import main
from cardgen.render.fonts import BODY, register_fonts
from cardgen.render.reportlab_canvas import markup
from tests.pdf_tools import pdf_text


def test_each_kind_of_emphasis_is_marked_up() -> None:
    assert markup("***Bold italic*** rule.") == "<b><i>Bold italic</i></b> rule."
    assert markup("**Hit** then *skip*") == "<b>Hit</b> then <i>skip</i>"
    assert markup("5 * 3 and a*b") == "5 * 3 and a*b"
    assert markup("<img src=x> & co") == "&lt;img src=x&gt; &amp; co"


def test_crossed_emphasis_keeps_the_bold_and_prints_the_stray_stars() -> None:
    assert markup("**a *b** c*") == "<b>a *b</b> c*"


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from(["*", "**", "***", "a", "b", " ", "<", "&", "\n"]), max_size=24))
def test_any_mix_of_stars_and_words_gives_markup_reportlab_parses(tokens: list[str]) -> None:
    text = "".join(tokens)
    register_fonts()
    paragraph = Paragraph(markup(text), ParagraphStyle("t", fontName=BODY, fontSize=9, leading=11))
    paragraph.wrap(150, 500)


def test_a_card_with_bold_italic_text_builds(minimal_copy: Path, tmp_path: Path) -> None:
    deck = minimal_copy / "deck.yaml"
    text = deck.read_text()
    first = next(line for line in text.splitlines() if line.strip().startswith("text:"))
    deck.write_text(text.replace(first, first.split("text:")[0] + "text: \"***Bold italic*** rule, **a *b** c*.\"", 1))
    runner = CliRunner()
    assert runner.invoke(main, ["validate", str(minimal_copy)]).exit_code == 0
    result = runner.invoke(main, ["sheets", str(minimal_copy), "-o", str(tmp_path / "cards.pdf")])
    assert result.exit_code == 0, result.output
    assert "Bold italic rule, a *b c*." in " ".join(pdf_text(tmp_path / "cards.pdf").split())
