"""Markdown inline → reportlab markup: escaped text, emphasis, code, links and card icons."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardgen.errors import DeckError
from cardgen.rulebook.inline import MARKERS, to_markup, to_plain


def _markup(text: str) -> str:
    names = {"hit": "Frappe"}

    def name(card_id: str) -> str:
        if card_id not in names:
            raise DeckError(f"unknown card [[{card_id}]]")
        return names[card_id]

    return to_markup(text, card_name=name, icon_size=12)


def test_text_is_escaped_so_nothing_becomes_a_tag() -> None:
    out = _markup('a <img src="x.png"/> & <b>bold</b>')
    assert "<img" not in out.replace("&lt;img", "") and "&lt;img" in out and "&amp;" in out
    assert "<b>bold</b>" not in out


def test_emphasis_code_links_and_breaks() -> None:
    out = _markup("**b** *i* `push_scope` [t](#timing) [w](https://example.com) [bad](javascript:x)")
    assert "<b>b</b>" in out and "<i>i</i>" in out
    assert '<font color="#8a3b12"><b>push_scope</b></font>' in out
    assert "<a href=\"#timing\"" in out and "<a href=\"https://example.com\"" in out
    assert "href=\"javascript" not in out  # shown as text, never a link


def test_card_icons_become_a_marker_and_the_name() -> None:
    out = _markup("play [[hit]] now")
    assert '<b>Frappe</b>' in out
    src = out.split('src="')[1].split('"')[0]
    assert MARKERS[src] == "hit" and Path(src).is_file()
    with pytest.raises(DeckError, match=r"unknown card \[\[hti\]\]"):
        _markup("[[hti]]")


def test_plain_text_for_bookmarks() -> None:
    assert to_plain("**[[hit]]** and `code`", card_name=lambda c: "Hit") == "Hit and code"


def test_an_unknown_card_in_the_rulebook_is_reported_at_its_line(falling_copy: Path, tmp_path: Path) -> None:
    from cardgen.loading import load_deck
    from cardgen.rulebook.builder import write_rulebook

    rulebook = falling_copy / "rulebook.md"
    rulebook.write_text(rulebook.read_text().replace("[[hit]], [[split]]", "[[hti]], [[split]]"))
    line = next(i for i, text in enumerate(rulebook.read_text().splitlines(), 1) if "[[hti]]" in text)
    with pytest.raises(DeckError) as caught:
        write_rulebook(load_deck(falling_copy), tmp_path / "x.pdf")
    assert caught.value.line == line and caught.value.hint == "did you mean [[hit]]?"
    assert not (tmp_path / "x.pdf").exists()


def test_a_translation_with_tags_is_printed_as_text(falling_copy: Path, tmp_path: Path) -> None:
    from cardgen.build import translator_for
    from cardgen.loading import load_deck
    from cardgen.rulebook.builder import write_rulebook
    from tests.pdf_tools import pdf_text

    po = falling_copy / "locale" / "fr.po"
    text = po.read_text()
    start = text.index('msgctxt "rulebook:winning.2"')
    line = text.index("msgstr ", start)
    end = text.index("\n", line)
    po.write_text(text[:line] + 'msgstr "Le gagnant <img src=\\"/etc/passwd\\"/> donne & <b>rejoue</b>."' + text[end:])
    deck = load_deck(falling_copy)
    result = write_rulebook(deck, tmp_path / "fr.pdf", translate=translator_for(deck, "fr"), language="fr")
    assert 'Le gagnant <img src="/etc/passwd"/> donne & <b>rejoue</b>.' in pdf_text(result.path).replace("\r\n", " ")
