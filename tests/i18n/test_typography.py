"""The typography pass: curly quotes, minus, no-break spaces, French spacing and decimal comma."""

from __future__ import annotations

import pytest
from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import Paragraph

from cardgen.i18n.typography import NBSP, NNBSP, apply_typography
from cardgen.render.fonts import BODY, BODY_BOLD, BODY_BOLD_ITALIC, BODY_ITALIC, DISPLAY, has_glyphs, register_fonts


@pytest.mark.parametrize("text, expected", [
    ("Attention ! Vraiment ?", f"Attention{NNBSP}! Vraiment{NNBSP}?"),
    ("oui; non", f"oui{NNBSP}; non"),
    ("Le donneur : il tranche", f"Le donneur{NBSP}: il tranche"),
    ("Le donneur: il tranche", f"Le donneur{NBSP}: il tranche"),
    ("«Frappe»", f"«{NBSP}Frappe{NBSP}»"),
    ("« Frappe »", f"«{NBSP}Frappe{NBSP}»"),
    ("**Joueurs :** 4", f"**Joueurs{NBSP}:** 4"),
    ("**Stop**: fin", f"**Stop**{NBSP}: fin"),
    ("quoi ?!", f"quoi{NNBSP}?!"),
    (f"wide{NBSP}!", f"wide{NNBSP}!"),
    ('il dit "stop"', f"il dit «{NBSP}stop{NBSP}»"),
    ("l'horloge d'Ana", "l’horloge d’Ana"),
    ("la carte 'Frappe'", "la carte ‘Frappe’"),
    ("à 00:25.8, soit 1.5 s", f"à 00:25,8, soit 1,5{NBSP}s"),
    ("version v1.2, règle 1.2.3", "version v1.2, règle 1.2.3"),
    ("-1 en Mouvement", f"−1{NBSP}en Mouvement"),

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
    "[le site](https://example.com/a:b)", '<font name="Lato">x</font>', "&amp;",
])
def test_code_values_links_and_times_are_left_alone(text: str) -> None:
    assert apply_typography(text, "fr") == text


@pytest.mark.parametrize("text, expected", [
    ("Take another player's Rider", "Take another player’s Rider"),
    ('He said "stop" twice', "He said “stop” twice"),
    ("the others' stacks", "the others’ stacks"),
    ("has -1 Move (-4 in all)", f"has −1{NBSP}Move (−4{NBSP}in all)"),
    ("a 10 × 10 grid, 3 mm bleed", f"a{NBSP}10{NBSP}×{NBSP}10{NBSP}grid, 3{NBSP}mm bleed"),
    ("Game 1, Attack 7.", f"Game{NBSP}1, Attack{NBSP}7."),
    ("Attack 7 Move 3", f"Attack 7{NBSP}Move{NBSP}3"),
    ("by Jasper Wentworth and J. Ernest", f"by Jasper{NBSP}Wentworth and J.{NBSP}Ernest"),
    ("What? Yes: no! 2-4 players, at 00:25.8", f"What? Yes: no! 2-4{NBSP}players, at 00:25.8"),
    ("the 'Rider' card", "the ‘Rider’ card"),
    # a two-word name stays on one line; a longer title stays breakable (“Moon Ore / Sharpening Stone”)
    ("the Moon Ore Sharpening Stone", "the Moon Ore Sharpening Stone"),
    ("Shield Bearer and Jasper Wentworth", f"Shield{NBSP}Bearer and Jasper{NBSP}Wentworth"),
    ("'Hit' first, then James' card", "‘Hit’ first, then James’ card"),
    ("(in the '90s)", "(in the ’90s)"),
    ('"the \'inner\' one"', "“the ‘inner’ one”"),
])
def test_english(text: str, expected: str) -> None:
    assert apply_typography(text, "en") == expected


def test_typography_is_idempotent() -> None:
    for language, text in (("fr", "Quoi ? « Oui » : non ; si ! l'as 1.5 -2 \"x\""),
                           ("en", "It's \"x\" -2 at 10 x 10 mm, Game 1")):
        once = apply_typography(text, language)
        assert apply_typography(once, language) == once
    assert apply_typography("Was ? Ja : nein", "de") == "Was ? Ja : nein"


def test_bundled_fonts_draw_the_no_break_space() -> None:
    for font in (BODY, BODY_BOLD, BODY_ITALIC, BODY_BOLD_ITALIC, DISPLAY):
        assert has_glyphs(NBSP + NNBSP + "«»’“”−×éèêàçœÉÀ", font) == set(), font


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
            assert not line.strip(" ").startswith((":", ";", "!", "?", "»", NBSP, NNBSP)), (width, line)


def test_reportlab_keeps_the_narrow_no_break_space_unbroken() -> None:
    """Reportlab lists U+202F as a break point; cardgen.render.narrow_space (installed by
    register_fonts) takes it out, so "mot ?" never splits."""
    text = ("mot" + NNBSP + "! ") * 30
    lines = [line for width in range(60, 200, 5) for line in _lines(text, width)]
    assert lines and not any(line.lstrip(" ").startswith(("!", NNBSP)) for line in lines)
