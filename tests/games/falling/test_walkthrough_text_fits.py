"""Every caption and meanwhile line of the shipped FALLING walkthrough is printed whole (F23), and the
frame clock is written the way the captions write it, in each language (F1)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from cardgen.build import translator_for
from cardgen.cli import main
from cardgen.walkthrough.registry import WalkthroughOptions
from tests.conftest import FALLING
from tests.pdf_tools import pdf_text


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_no_caption_or_meanwhile_line_is_cut_or_covered(deck, tmp_path: Path, lang: str, paper: str) -> None:  # type: ignore[no-untyped-def]
    from cardgen.games.falling.walkthrough import write_falling_walkthrough

    target = tmp_path / f"walkthrough-{lang}.pdf"
    result = write_falling_walkthrough(deck, target, translate=translator_for(deck, lang), language=lang,
                                       options=WalkthroughOptions(paper=paper))
    assert result.cut_text == []
    # the clock badge and the captions agree: a decimal comma in French, a point in English
    text = pdf_text(target)
    readings = re.findall(r"\b\d\d:\d\d([.,])\d\b", text)
    assert len(readings) > 40
    assert set(readings) == ({","} if lang == "fr" else {"."})


def test_preflight_books_reports_a_cut_caption(monkeypatch: pytest.MonkeyPatch) -> None:
    """With the meanwhile line squeezed to nothing, every one of them is reported, with its page and step."""
    from cardgen.walkthrough import frames

    monkeypatch.setattr(frames, "MIN_CAPTION_BOX", frames.CAPTION_H - 4)
    result = CliRunner().invoke(main, ["preflight", str(FALLING), "--books", "--lang", "en", "--strict"])
    assert result.exit_code == 1
    cut = [line for line in result.stdout.splitlines() if ": text-cut: " in line]
    assert cut and all(line.startswith("walkthrough-en.pdf: [en]: text-cut: page ") for line in cut)
    assert re.search(r"page \d+, Step \d+ of \d+: the meanwhile “Meanwhile, ", cut[0])


def test_the_html_player_clock_has_a_decimal_comma_in_french(tmp_path: Path) -> None:
    target = tmp_path / "learn-fr.html"
    result = CliRunner().invoke(main, ["walkthrough", str(FALLING), "--lang", "fr", "--format", "html", "-o", str(target)])
    assert result.exit_code == 0, result.output
    badges = re.findall(r"<text [^>]*>(\d\d:\d\d[.,]\d)</text>", target.read_text(encoding="utf-8"))
    assert len(badges) > 40 and all("," in badge for badge in badges), badges[:3]
