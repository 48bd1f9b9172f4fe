"""French typography by code: no-break spaces before ; : ! ? and inside « », never at a line start."""

from __future__ import annotations

import pytest
from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import Paragraph

from cardgen.i18n.typography import NBSP, NNBSP, apply_typography
from cardgen.render.fonts import BODY, BODY_BOLD, BODY_BOLD_ITALIC, BODY_ITALIC, DISPLAY, has_glyphs, register_fonts


@pytest.mark.parametrize("text, expected", [
    ("Attention ! Vraiment ?", f"Attention{NBSP}! Vraiment{NBSP}?"),
    ("oui; non", f"oui{NBSP}; non"),
    ("Le donneur : il tranche", f"Le donneur{NBSP}: il tranche"),
    ("Le donneur: il tranche", f"Le donneur{NBSP}: il tranche"),
    ("«Frappe»", f"«{NBSP}Frappe{NBSP}»"),
    ("« Frappe »", f"«{NBSP}Frappe{NBSP}»"),
    ("**Joueurs :** 4", f"**Joueurs{NBSP}:** 4"),
    ("**Stop**: fin", f"**Stop**{NBSP}: fin"),
    ("quoi ?!", f"quoi{NBSP}?!"),
    (f"narrow{NNBSP}!", f"narrow{NBSP}!"),
])
def test_french_spaces(text: str, expected: str) -> None:
    assert apply_typography(text, "fr") == expected


PROTECTED_SPANS = ["`lockout`", "{{ count.hit }}", "{% if x %}", "{n}", "%(name)s", "[[hit]]", "[le site](https://example.com)"]
"""Every kind of span the pass leaves alone; the punctuation after one still gets its space."""


@pytest.mark.parametrize("span", PROTECTED_SPANS)
@pytest.mark.parametrize("mark", [":", ";", "!", "?"])
@pytest.mark.parametrize("space", ["", " "])
def test_punctuation_after_a_protected_span_gets_its_no_break_space(span: str, mark: str, space: str) -> None:
    result = apply_typography(f"Voir {span}{space}{mark} la suite", "fr")
    assert result == f"Voir {span}{NBSP}{mark} la suite" or result == f"Voir {span}{NNBSP}{mark} la suite"


@pytest.mark.parametrize("text", [
    "`push_scope: own`", "{{ count.hit }}", "voir https://www.cheapass.com/x?y=1;z", "à 10:30", "[[hit]]",
    "[le site](https://example.com/a:b)",
])
def test_code_values_links_and_times_are_left_alone(text: str) -> None:
    assert apply_typography(text, "fr") == text


def test_typography_is_idempotent_and_french_only() -> None:
    once = apply_typography("Quoi ? « Oui » : non ; si !", "fr")
    assert apply_typography(once, "fr") == once
    assert apply_typography("What? Yes: no!", "en") == "What? Yes: no!"
    assert apply_typography("Was ? Ja : nein", "de") == "Was ? Ja : nein"


def test_bundled_fonts_draw_the_no_break_space() -> None:
    for font in (BODY, BODY_BOLD, BODY_ITALIC, BODY_BOLD_ITALIC, DISPLAY):
        assert has_glyphs(NBSP + "«»’éèêàçœÉÀ", font) == set(), font


def _lines(markup: str, width: float) -> list[str]:
    register_fonts()
    style = ParagraphStyle("t", fontName=BODY, fontSize=10, leading=12, hyphenationLang="fr", embeddedHyphenation=1)
    paragraph = Paragraph(markup, style)
    paragraph.wrap(width, 10_000)
    out = []
    for line in paragraph.blPara.lines:
        if hasattr(line, "words"):
            out.append("".join(getattr(word, "text", "") for word in line.words))
        else:
            out.append(" ".join(line[1]))
    return out


def test_reportlab_never_starts_a_line_with_the_punctuation() -> None:
    text = apply_typography("Le donneur dit <b>Stop</b> : une carte ; et « <i>Saut</i> » ou encore ? fin ! " * 4, "fr")
    for width in range(80, 400, 7):
        for line in _lines(text, width):
            assert not line.strip(" ").startswith((":", ";", "!", "?", "»", NBSP)), (width, line)


def test_reportlab_would_break_at_a_narrow_no_break_space() -> None:
    """Why the code uses U+00A0: reportlab 5 treats U+202F as a place to break lines."""
    text = ("mot" + NNBSP + "! ") * 30
    assert any(line.startswith("!") for width in range(60, 200, 5) for line in _lines(text, width))
