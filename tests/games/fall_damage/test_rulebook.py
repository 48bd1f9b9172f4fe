"""The Fall Damage rulebook in English and French: chapters, clarifications, diagrams, no stray English."""

from __future__ import annotations

import re
from pathlib import Path

import pypdf
import pytest
from reportlab.graphics.shapes import Drawing, Group, String

from cardgen.build import translator_for
from cardgen.games.fall_damage.diagrams import PUSH_LABELS, REACH_LABELS
from cardgen.i18n.messages import extract_messages
from cardgen.i18n.plurals import label_english, label_text
from cardgen.i18n.units import parse_rulebook
from cardgen.model.deck import DeckSpec
from cardgen.rulebook.diagrams import find_diagram
from cardgen.rulebook.values import book_values, render_unit
from tests.games.fall_damage.conftest import FALL_DAMAGE
from tests.pdf_tools import pdf_text
from tests.rulebook.conftest import letters

DOC = parse_rulebook(FALL_DAMAGE / "rulebook.md")
CHAPTERS = ["overview", "components", "setup", "round", "moving", "attacking", "reach", "pushing", "fall-damage",
            "terrain", "treasure", "winning", "units", "clarifications", "credits"]


@pytest.fixture(scope="module")
def texts(fd_books: dict[str, Path]) -> dict[str, str]:
    return {lang: pdf_text(path) for lang, path in fd_books.items()}


def test_the_chapters_a_player_needs_in_order() -> None:
    assert [c.anchor for c in DOC.chapters()] == CHAPTERS


def test_bookmarks_are_the_chapters_in_the_books_language(fd_deck: DeckSpec, fd_books: dict[str, Path]) -> None:
    for lang, path in fd_books.items():
        translate = translator_for(fd_deck, lang)
        reader = pypdf.PdfReader(path)
        top = [item.title for item in reader.outline if not isinstance(item, list)]
        assert top == [translate(c.units[0].context, c.units[0].source) for c in DOC.chapters()]
        assert len(reader.pages) >= 8


def test_every_clarification_is_a_marked_box(texts: dict[str, str]) -> None:
    boxes = [b for b in DOC.blocks if b.kind == "paragraph" and "clarification" in b.classes]
    assert len(boxes) >= 15
    assert texts["en"].count("CLARIFICATION") == len(boxes)
    assert texts["fr"].count("PRÉCISION") == len(boxes)
    joined = " ".join(b.units[0].source for b in boxes)
    for source_slip in ("Full Damage", "AOC 1", "AC6 1", "skeletons", "no direction", "Reach 2", "slides on",
                        "8 tiles either along opposite", "Crappling Hook"):
        assert source_slip in joined, source_slip


def test_the_designer_is_credited(texts: dict[str, str]) -> None:
    for text in texts.values():
        assert letters(text).count("jasperwentworth") >= 2


def test_unit_tables_list_every_unit_with_its_stats(fd_deck: DeckSpec, texts: dict[str, str]) -> None:
    for lang in ("en", "fr"):
        translate = translator_for(fd_deck, lang)
        flat = letters(texts[lang])
        for card in fd_deck.cards:
            if "health" not in card.stats:
                continue
            assert letters(translate(f"card:{card.id}.name", card.name)) in flat, (lang, card.id)
            for number, ability in enumerate(card.abilities):
                assert letters(translate(f"card:{card.id}.abilities.{number}.text", ability.text)) in flat, card.id
    # pushes print with the book's direction letters: Back is R (recul) in French
    assert re.search(r"Chevalier.*?\bR1\b", texts["fr"], re.S) and re.search(r"Knight.*?\bB1\b", texts["en"], re.S)


def test_french_rulebook_has_no_english_paragraphs(fd_deck: DeckSpec, texts: dict[str, str]) -> None:
    translate = translator_for(fd_deck, "fr")
    values = book_values(fd_deck, translate)
    french = letters(texts["fr"])
    checked = 0
    for message in extract_messages(fd_deck):
        if translate(message.context, message.text) == message.text or len(message.text.split()) < 4:
            continue
        english = render_unit(message.text, values, path="rulebook.md", line=None, context="", translated=False)
        english = letters(re.sub(r"\[\[[^\]]*\]\]|[{}*]", "", english.split("\n")[0]))
        assert english not in french, message.context
        checked += 1
    assert checked > 150
    for word in ("Contents", "attacker", "Reach", "Health", "Fighter", "Clarification", "damage"):
        assert not re.search(rf"\b{word}\b", texts["fr"]), word


def _strings(node: object) -> list[str]:
    if isinstance(node, String):
        return [node.text]
    if isinstance(node, (Group, Drawing)):
        return [text for child in node.contents for text in _strings(child)]
    return []


@pytest.mark.parametrize(("name", "labels"), [("fall-damage-push", PUSH_LABELS), ("fall-damage-reach", REACH_LABELS)])
def test_every_diagram_label_is_translated_and_drawn_in_french(fd_deck: DeckSpec, name: str, labels: tuple) -> None:  # type: ignore[type-arg]
    translate = translator_for(fd_deck, "fr")
    drawn = " ".join(_strings(find_diagram(name)(fd_deck, translate, width=450)))
    english = " ".join(_strings(find_diagram(name)(fd_deck, lambda c, s: s, width=450)))
    for label in labels:
        french, source = label_text(translate, label, 2), label_english(label, 2)  # a counted label: its plural
        assert french != source, label.context
        assert french.split("{")[0].strip() in drawn, label.context
        assert source.split("{")[0].strip() in english, label.context


def test_diagrams_follow_the_rules_they_illustrate(fd_deck: DeckSpec) -> None:
    push = " ".join(_strings(find_diagram("fall-damage-push")(fd_deck, lambda c, s: s, width=450)))
    assert "falls 3 tiles" in push and "3 damage" in push and "5 if a Mage pushed" in push and "Push B2" in push
    reach = " ".join(_strings(find_diagram("fall-damage-reach")(fd_deck, lambda c, s: s, width=450)))
    assert "clear: a valid target" in reach and "blocked by the tree" in reach
    assert "ABCDEFGHIJ" == "".join(s for s in reach.split() if len(s) == 1 and s.isupper())[:10]


def test_unit_tables_repeat_their_header_on_every_page(fd_deck: DeckSpec, fd_books: dict[str, Path]) -> None:
    """A page that carries on a unit table starts with the column names again."""
    units = [card.name for card in fd_deck.cards if "health" in card.stats]
    header = re.compile(r"Name\s+Move\s+Jump\s+Health\s+Attack\s+Reach\s+Push")
    pages = [page.extract_text() for page in pypdf.PdfReader(fd_books["en"]).pages]
    with_units = [text for text in pages if any(re.search(rf"^{re.escape(u)}\n\S+\n\s*[\d*]", text, re.M) for u in units)]
    assert len(with_units) >= 2, "the unit tables run over more than one page"
    for text in with_units:
        body = text.split("\n", 1)[1]  # after the running footer
        first_unit = min(m.start() for u in units if (m := re.search(rf"^{re.escape(u)}\n", body, re.M)))
        assert header.search(body[:first_unit]), body[:200]
