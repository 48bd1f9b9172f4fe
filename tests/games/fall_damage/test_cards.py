"""The printed cards, checked through recorded drawing calls and the French card sheets."""

from __future__ import annotations

import re
from pathlib import Path

from cardgen.build import translator_for
from cardgen.i18n.typography import apply_typography
from cardgen.loading.deck_loader import load_deck_layouts
from cardgen.model.deck import DeckSpec
from cardgen.render.card_renderer import ELEMENT_KINDS, CardRenderer
from cardgen.render.recording_canvas import RecordingCanvas
from tests.pdf_tools import pdf_text

UNIT_TYPES = ("fighter", "ranger", "caster", "specialist", "summoned")


def _typeset(text: str) -> str:
    """What the English text becomes on the card (curly quotes, no-break spaces)."""
    return apply_typography(text, "en")


def _renderer(deck: DeckSpec, language: str = "en") -> CardRenderer:
    layouts = load_deck_layouts(deck)
    return CardRenderer(deck, layouts[deck.layout], layouts, translate=translator_for(deck, language), language=language)


def test_every_health_track_has_as_many_boxes_as_health(fd_deck: DeckSpec) -> None:
    renderer = _renderer(fd_deck)
    units = [card for card in fd_deck.cards if card.type in UNIT_TYPES]
    assert len(units) == 22
    for card in units:
        element = fd_deck._layouts[fd_deck.face_layout(card)].elements["track"]
        canvas = RecordingCanvas()
        ELEMENT_KINDS[element.kind](renderer, canvas, element, card, fd_deck.types[card.type])
        boxes = [args for name, args, kwargs in canvas.records if name == "rect" and kwargs["stroke"]]
        assert len(boxes) == card.stats["health"], card.id


def test_unit_faces_show_class_stats_abilities_and_footer(fd_deck: DeckSpec) -> None:
    renderer = _renderer(fd_deck)
    for card in (c for c in fd_deck.cards if c.type in UNIT_TYPES):
        canvas = RecordingCanvas()
        renderer.draw_face(canvas, card)
        log = canvas.text_log()
        texts = [args[2] for name, args, _ in canvas.records if name == "text"]
        assert repr(_typeset(card.name)) in log and repr(_typeset(fd_deck.types[card.type].label).upper()) in log
        assert {"MOVE", "JUMP", "HEALTH", "ATTACK", "REACH", "PUSH"} <= set(texts), card.id
        assert str(card.stats["health"]) in texts
        for ability in card.abilities:
            assert repr(_typeset(ability.text))[1:-1] in log, (card.id, ability.name)
        assert repr(_typeset("↓ Fall Damage").upper()) in log
        if "fall" in card.stats:
            assert repr(_typeset(card.stats["fall"])) in log


def test_classes_differ_by_symbol_and_pattern_not_only_colour(fd_deck: DeckSpec) -> None:
    kinds = [fd_deck.types[k] for k in ("fighter", "ranger", "caster", "specialist")]
    assert len({k.symbol for k in kinds}) == 4 and len({k.pattern for k in kinds}) == 4
    categories = [fd_deck.types[k] for k in ("hero", "general", "mystic", "gaia", "troll", "deity")]
    assert len({k.symbol for k in categories}) == 6 and len({k.pattern for k in categories}) == 6


def test_treasure_faces_draw_their_roll_as_dice(fd_deck: DeckSpec) -> None:
    renderer = _renderer(fd_deck)
    for card in (c for c in fd_deck.cards if "roll" in c.stats):
        element = fd_deck._layouts[fd_deck.face_layout(card)].elements["dice"]
        canvas = RecordingCanvas()
        ELEMENT_KINDS["dice"](renderer, canvas, element, card, fd_deck.types[card.type])
        first, second = (int(v) for v in str(card.stats["roll"]).split("-"))
        assert len([r for r in canvas.records if r[0] == "circle"]) == first + second, card.id


def test_the_treasure_table_lists_all_36_in_french(fd_deck: DeckSpec) -> None:
    renderer = _renderer(fd_deck, "fr")
    canvas = RecordingCanvas()
    renderer.draw_face(canvas, fd_deck.card("treasure-table"))  # categories 1-3
    renderer.draw_face(canvas, fd_deck.card("treasure-table-2"))  # categories 4-6
    texts = [args[2] for name, args, _ in canvas.records if name == "text"]
    translate = translator_for(fd_deck, "fr")
    names = [translate(f"card:{c.id}.name", c.name) for c in fd_deck.cards if "roll" in c.stats]
    assert [t for t in texts if t in names] == names  # all 36, in roll order
    sizes = {round(kwargs["size"], 2) for name, args, kwargs in canvas.records if name == "text"}
    assert min(sizes) >= 6.5  # the card minimum


def test_french_cards_have_no_english_card_text(fd_deck: DeckSpec, fd_cards_fr: Path) -> None:
    text = re.sub(r"\s+", " ", pdf_text(fd_cards_fr))
    checked = 0
    for card in fd_deck.cards:
        for english in [card.text] + [a.text for a in card.abilities]:
            if english and len(english.split()) >= 4:
                first_line = english.split("\n")[0]
                assert first_line not in text, card.id
                checked += 1
    assert checked > 60
    for word in ("a game by", "Tick one box", "MOVE", "Fighter", "Hero's Inventory", "Treasure Table"):  # noqa: E501
        assert word not in text, word
    assert "Cochez une case par point de dégâts" in text and "MOUVEMENT" in text


def test_no_two_texts_of_a_face_overlap(fd_deck: DeckSpec) -> None:
    for language in ("en", "fr"):
        renderer = _renderer(fd_deck, language)
        for card in fd_deck.cards:
            canvas = RecordingCanvas()
            renderer.draw_face(canvas, card)
            boxes = [(float(a[1]), float(a[2]), float(a[1]) + float(a[3]), float(a[2]) + float(a[4]))
                     for name, a, _ in canvas.records if name == "text_box"]
            for i, (x0, y0, x1, y1) in enumerate(boxes):
                for (u0, v0, u1, v1) in boxes[i + 1:]:
                    overlap = min(x1, u1) - max(x0, u0), min(y1, v1) - max(y0, v0)
                    assert min(overlap) <= 0.01, (language, card.id)
