"""Every shipped PDF in every language, built into a temporary folder, read back as a reader would.

From the extracted text: no straight apostrophe or double quote anywhere; in French no letter
directly followed by ``; : ! ?`` and no ``snake_case`` word (a code name in a player's text).
From the rendered pages: no rulebook page is left under :data:`MIN_FILL` of its frame, except the
last one, which holds more than a stray closing section.
"""

from __future__ import annotations

import re
from pathlib import Path

import pypdfium2 as pdfium
import pytest

from cardgen.build import build_deck
from cardgen.loading import load_deck
from cardgen.rulebook.styles import geometry
from tests.conftest import ROOT

DECKS = ("falling", "fall-damage", "falling-off")
MIN_FILL = 0.70
"""The share of a rulebook page's frame, top to lowest ink, that every page but the last must use."""
MIN_LAST_FILL = 0.25
"""The last page too: a short closing section (the credits) joins the page before instead."""
FRENCH_SNAKE = re.compile(r"\b[a-z]+_[a-z_]+\b")
GLUED_MARK = re.compile(r"[^\W\d_][;:!?]")


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> dict[str, list[Path]]:
    out = tmp_path_factory.mktemp("shipped")
    return {name: sorted(build_deck(load_deck(ROOT / "decks" / name), out / name)) for name in DECKS}


def _pages(path: Path) -> list[str]:
    pdf = pdfium.PdfDocument(str(path))
    try:
        return [pdf[i].get_textpage().get_text_range() for i in range(len(pdf))]
    finally:
        pdf.close()


def _near(text: str, start: int) -> str:
    return text[max(0, start - 30):start + 30].replace("\n", " ").replace("\r", " ")


@pytest.mark.parametrize("deck", DECKS)
def test_every_pdf_has_set_quotes_and_french_spacing(built: dict[str, list[Path]], deck: str) -> None:
    pdfs = [p for p in built[deck] if p.suffix == ".pdf"]
    assert {p.stem.rsplit("-", 1)[1] for p in pdfs} == {"en", "fr"}
    problems = []
    for path in pdfs:
        french = path.stem.endswith("-fr")
        for number, text in enumerate(_pages(path), start=1):
            for match in re.finditer(r"['\"]", text):
                problems.append(f"{path.name} p{number}: straight quote in '{_near(text, match.start())}'")
            if french:
                for match in GLUED_MARK.finditer(text):
                    problems.append(f"{path.name} p{number}: no space before the mark in '{_near(text, match.start())}'")
                for match in FRENCH_SNAKE.finditer(text):
                    problems.append(f"{path.name} p{number}: code name '{match.group(0)}'")
    assert not problems, "\n".join(problems[:20])


def _fill(path: Path, *, top: float, bottom: float) -> list[float]:
    """Per page: how far down its frame the lowest ink goes (0 = nothing, 1 = the bottom margin)."""
    pdf = pdfium.PdfDocument(str(path))
    scale = 40 / 72
    out = []
    try:
        for i in range(len(pdf)):
            image = pdf[i].render(scale=scale, grayscale=True).to_pil().convert("L")
            width, height = image.size
            first, last = int(top * scale), int(height - bottom * scale)
            pixels = image.load()
            inked = [y for y in range(first, last + 2) if sum(pixels[x, y] < 200 for x in range(0, width, 2)) > 1]
            out.append((inked[-1] - first) / (last - first) if inked else 0.0)
    finally:
        pdf.close()
    return out


@pytest.mark.parametrize("deck", DECKS)
def test_no_rulebook_page_but_the_last_is_left_half_empty(built: dict[str, list[Path]], deck: str) -> None:
    geo = geometry("a4", booklet=False)
    for path in (p for p in built[deck] if p.name.startswith("rulebook-")):
        fills = _fill(path, top=geo.margin_top, bottom=geo.margin_bottom)
        low = [(number, round(f, 2)) for number, f in enumerate(fills[:-1], start=1) if f < MIN_FILL]
        assert not low, f"{path.name}: pages under {MIN_FILL:.0%} of the frame: {low}"
        assert fills[-1] >= MIN_LAST_FILL, f"{path.name}: the last page holds only {fills[-1]:.0%} of a page"
