"""The typeset rulebook as a reader sees it: chapters, contents, bookmarks, pages, fonts, language."""

from __future__ import annotations

import hashlib
import re
from pathlib import Path

import pypdf
import pytest

from cardgen.build import translator_for
from cardgen.i18n.messages import extract_messages
from cardgen.i18n.units import parse_rulebook
from cardgen.loading import load_deck
from cardgen.rulebook.builder import write_rulebook
from cardgen.rulebook.inline import to_plain
from cardgen.rulebook.styles import geometry, make_styles
from cardgen.rulebook.values import book_values, render_unit
from tests.conftest import FALLING
from tests.pdf_tools import all_fonts, font_is_embedded
from tests.rulebook.conftest import letters

DECK = load_deck(FALLING)
DOC = parse_rulebook(FALLING / "rulebook.md")


def _rendered(unit_text: str, lang: str) -> str:
    translate = translator_for(DECK, lang)
    return render_unit(unit_text, book_values(DECK, translate), path="rulebook.md", line=None, context="", translated=False)


def _first_paragraphs() -> dict[str, str]:
    """Each chapter's anchor → the context of its first paragraph."""
    firsts: dict[str, str] = {}
    chapter = None
    for block in DOC.blocks:
        if block.kind == "heading" and block.level == 1:
            chapter = block.anchor
        elif chapter and chapter not in firsts and block.kind == "paragraph":
            firsts[chapter] = block.units[0].context
    return firsts


def test_both_rulebooks_are_a4_with_several_pages(rulebooks) -> None:  # type: ignore[no-untyped-def]
    for result in rulebooks.values():
        reader = pypdf.PdfReader(result.path)
        assert len(reader.pages) == result.pages >= 6
        assert [round(float(v)) for v in reader.pages[0].mediabox[2:]] == [595, 842]


def test_every_chapter_is_a_bookmark_in_the_books_language(rulebooks) -> None:  # type: ignore[no-untyped-def]
    for lang, result in rulebooks.items():
        translate = translator_for(DECK, lang)
        reader = pypdf.PdfReader(result.path)
        top = [item.title for item in reader.outline if not isinstance(item, list)]
        assert top == [translate(c.units[0].context, c.units[0].source) for c in DOC.chapters()]
        assert reader.trailer["/Root"]["/Lang"] == lang


def test_contents_lists_chapters_with_page_numbers(rulebook_text) -> None:  # type: ignore[no-untyped-def]
    first_page = rulebook_text["fr"].split("\f")[0]
    assert "Sommaire" in first_page
    assert re.search(r"La donne[ .]+\d", first_page)
    assert re.search(r"Règles maison[ .]+\d", first_page)


def test_pages_are_numbered(rulebooks) -> None:  # type: ignore[no-untyped-def]
    reader = pypdf.PdfReader(rulebooks["en"].path)
    texts = [page.extract_text() for page in reader.pages]
    for number, text in enumerate(texts[1:], start=2):
        assert f"FALLING · {number}" in text


def test_french_rulebook_has_french_text_for_every_chapter(rulebook_text) -> None:  # type: ignore[no-untyped-def]
    translate = translator_for(DECK, "fr")
    text = letters(rulebook_text["fr"])
    units = {u.context: u for u in DOC.units()}
    for chapter in DOC.chapters():
        title = chapter.units[0]
        assert letters(translate(title.context, title.source)) in text, title.context
    for chapter, context in _first_paragraphs().items():
        french = to_plain(_rendered(translate(context, units[context].source), "fr"),
                          card_name=lambda card_id: translate(f"card:{card_id}.name", DECK.card(card_id).name))
        assert letters(french) in text, context


def test_french_rulebook_has_no_english_paragraphs(rulebook_text) -> None:  # type: ignore[no-untyped-def]
    translate = translator_for(DECK, "fr")
    text = letters(rulebook_text["fr"])
    checked = 0
    for message in extract_messages(DECK):
        if translate(message.context, message.text) == message.text or len(message.text.split()) < 3:
            continue
        english = letters(_rendered(message.text, "en").replace("{", "").replace("}", ""))
        assert english not in text, message.context
        checked += 1
    assert checked > 100
    for word in ("Dealer", "Player", "Rider", "Discard", "Contents", "Copies", "stacks"):
        assert not re.search(rf"\b{word}\b", rulebook_text["fr"]), word


def test_no_heading_is_left_at_the_foot_of_a_page(rulebooks) -> None:  # type: ignore[no-untyped-def]
    for lang, result in rulebooks.items():
        translate = translator_for(DECK, lang)
        headings = {translate(b.units[0].context, b.units[0].source)
                    for b in DOC.blocks if b.kind == "heading" and b.units[0].translatable}
        for page in pypdf.PdfReader(result.path).pages[1:]:
            lines = [line.strip() for line in page.extract_text().splitlines() if line.strip()]
            body = [line for line in lines if not line.startswith("FALLING · ")]
            assert body[-1] not in headings, (lang, body[-1])


def test_fonts_are_the_bundled_ones_and_embedded(rulebooks) -> None:  # type: ignore[no-untyped-def]
    for result in rulebooks.values():
        fonts = all_fonts(pypdf.PdfReader(result.path))
        assert fonts and all(font_is_embedded(font) for font in fonts.values())
        assert not [name for name in fonts if "Helvetica" in name]


def test_rebuild_is_byte_identical(rulebooks, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    again = write_rulebook(DECK, tmp_path / "again.pdf", translate=translator_for(DECK, "fr"), language="fr")
    digest = lambda path: hashlib.sha256(Path(path).read_bytes()).hexdigest()  # noqa: E731
    assert digest(again.path) == digest(rulebooks["fr"].path)


def test_hyphenation_follows_the_language() -> None:
    geo = geometry("a4", booklet=False)
    assert make_styles(geo, "fr").body.hyphenationLang == "fr"
    assert make_styles(geo, "en").body.hyphenationLang == "en"
    assert make_styles(geo, "xx").body.hyphenationLang is None


def test_french_text_is_hyphenated_at_french_syllables(rulebook_text) -> None:  # type: ignore[no-untyped-def]
    # pdfium marks a hyphenated line break with U+FFFE
    breaks = re.findall(r"(\w+)\ufffe(\w+)", rulebook_text["fr"])
    assert breaks, "no word was hyphenated"
    import pyphen

    dic = pyphen.Pyphen(lang="fr")
    for left, right in breaks:
        assert len(left) in dic.positions(left + right), (left, right)


@pytest.mark.parametrize("paper, size", [("letter", (612, 792)), ("a4", (595, 842))])
def test_paper_sizes(paper: str, size: tuple[int, int], tmp_path: Path) -> None:
    result = write_rulebook(DECK, tmp_path / "book.pdf", paper=paper)
    page = pypdf.PdfReader(result.path).pages[0]
    assert (round(float(page.mediabox.width)), round(float(page.mediabox.height))) == size


def test_a_misspelt_directive_is_named_with_the_nearest(runner, minimal_copy: Path) -> None:  # type: ignore[no-untyped-def]
    # round-5 review: `contnets` listed every directive but did not say which one was meant
    from cardgen.cli import main

    (minimal_copy / "rulebook.md").write_text("# Rules\n\n```cardgen\ncontnets\n```\n", encoding="utf-8")
    result = runner.invoke(main, ["validate", str(minimal_copy)])
    assert result.exit_code == 1
    assert result.output == (f"error: {minimal_copy / 'rulebook.md'}:3: unknown directive 'contnets' — "
                             "did you mean 'contents'?\n")
