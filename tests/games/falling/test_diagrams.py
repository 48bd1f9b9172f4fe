"""Diagrams are vector Drawings, labelled in the book's language, in the bundled fonts only."""

from __future__ import annotations

from pathlib import Path

from reportlab.graphics.shapes import Drawing, Group, Image, String

from cardgen.build import translator_for
from cardgen.loading import load_deck
from cardgen.render.fonts import _FILES
from cardgen.games.falling.diagrams import riders_diagram, table_diagram


def _walk(node):  # type: ignore[no-untyped-def]
    for child in getattr(node, "contents", []):
        yield child
        if isinstance(child, Group):
            yield from _walk(child)


def _strings(drawing: Drawing) -> list[String]:
    return [node for node in _walk(drawing) if isinstance(node, String)]


def test_table_diagram_labels_every_seat_in_french(falling_dir: Path) -> None:
    deck = load_deck(falling_dir)
    drawing = table_diagram(deck, translator_for(deck, "fr"), width=340)
    texts = " ".join(s.text for s in _strings(drawing))
    for n in range(1, 6):
        assert f"Joueur {n}" in texts
    for word in ("Donneur", "Paquet", "Défausse", "Consigne, posée en travers", "Extra, décalé sur sa consigne"):
        assert word in texts
    assert "Player" not in texts and "Dealer" not in texts
    assert round(drawing.width) == 340


def test_diagrams_are_vector_and_use_bundled_fonts(falling_dir: Path) -> None:
    deck = load_deck(falling_dir)
    for make in (table_diagram, riders_diagram):
        drawing = make(deck, translator_for(deck, "en"), width=460)
        nodes = list(_walk(drawing))
        assert not [n for n in nodes if isinstance(n, Image)]
        assert {s.fontName for s in _strings(drawing)} <= set(_FILES)


def test_riders_diagram_shows_each_rider_alone_and_with_an_extra(falling_dir: Path) -> None:
    deck = load_deck(falling_dir)
    texts = [s.text for s in _strings(riders_diagram(deck, translator_for(deck, "fr"), width=460))]
    for rider in ("Frappe", "Scission", "Saut"):
        assert rider in texts and f"{rider} + Extra" in texts
    assert "aucune carte à ce tour" in " ".join(texts)


def test_a_rider_is_drawn_sideways(falling_dir: Path) -> None:
    """Riders lie across the player's line: some card group is turned by neither 0 nor 180 degrees
    relative to the stacks, i.e. its transform differs from theirs by a quarter turn."""
    import math

    deck = load_deck(falling_dir)
    drawing = table_diagram(deck, translator_for(deck, "en"), width=460)
    angles = set()
    for node in _walk(drawing):
        if isinstance(node, Group) and node.transform[:4] != (1, 0, 0, 1):
            a, b = node.transform[0], node.transform[1]
            angles.add(round(math.degrees(math.atan2(b, a))) % 360)
    seats = (210, 150, 90, 30, 330)
    assert any(seat % 360 in angles and (seat + 90) % 360 in angles for seat in seats)
