"""Hyphenation never loses the hyphen of a compound word, in any column width."""

from __future__ import annotations

import io
import re

import pypdf
import pytest
from reportlab.platypus import Paragraph, SimpleDocTemplate, Table

from cardgen.layout.sizes import PAPER_SIZES
from cardgen.render.fonts import register_fonts
from cardgen.rulebook.styles import Geometry, make_styles

COMPOUNDS = ["sud-ouest", "nord-est", "là-bas", "sur-le-champ", "retournez-les", "peut-être", "vous-même"]
TEXT = ("<b>Coup :</b> le cavalier part vers le sud-ouest et tombe au nord-est du plateau, là-bas. Il est éliminé "
        "sur-le-champ : retournez-les vous-même, peut-être.")


def _kept(word: str, text: str) -> bool:
    """``word`` is in ``text`` (line breaks removed), with its own hyphens and maybe added ones."""
    pattern = "".join(re.escape(c) + ("" if c == "-" or i + 1 == len(word) or word[i + 1] == "-" else "-?")
                      for i, c in enumerate(word))
    return re.search(pattern, text) is not None


@pytest.mark.parametrize("width", range(50, 200, 4))
def test_compound_words_keep_their_hyphens_in_narrow_columns(width: int) -> None:
    register_fonts()
    styles = make_styles(Geometry(PAPER_SIZES["a4"], 20, 20, 20, 10.0), "fr")
    buffer = io.BytesIO()
    SimpleDocTemplate(buffer, invariant=1).build([Table([[Paragraph(TEXT, styles.body)]], colWidths=[width])])
    text = pypdf.PdfReader(buffer).pages[0].extract_text()
    lines = text.splitlines()
    assert len(lines) > 3, "the column is narrow enough to wrap"
    joined = "".join(lines)
    assert [w for w in COMPOUNDS if not _kept(w, joined)] == [], text.replace("\n", " | ")


def test_a_stat_name_wider_than_its_booklet_column_is_hyphenated_not_cut() -> None:
    """Fall Damage's French booklet: the stats table's « Mouvement » column is narrower than the word;
    it must read « Mouve- / ment » (final review), not « Mouvem / ent »."""
    from pathlib import Path
    from tempfile import TemporaryDirectory

    from cardgen.build import translator_for
    from cardgen.loading import load_deck
    from cardgen.rulebook.builder import write_rulebook
    from tests.conftest import ROOT

    deck = load_deck(ROOT / "decks" / "fall-damage")
    translate = translator_for(deck, "fr")
    names = [translate(f"label:{key}", deck.labels[key]) for key in ("move", "jump", "health", "attack", "reach", "push")]
    with TemporaryDirectory() as folder:
        out = Path(folder) / "booklet.pdf"
        write_rulebook(deck, out, translate=translate, language="fr", booklet=True)
        lines = [line.strip() for page in pypdf.PdfReader(out).pages for line in page.extract_text().splitlines()]
    cut = [(a, b) for a, b in zip(lines, lines[1:]) for name in names
           if a and b and not a.endswith("-") and any(a.endswith(name[:k]) and b.startswith(name[k:])
                                                     for k in range(2, len(name) - 1))]
    assert cut == []
    assert any(line.endswith("Mouve-") for line in lines)  # the narrow column does hyphenate it
