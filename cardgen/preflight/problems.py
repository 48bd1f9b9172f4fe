"""One preflight finding, and where in the deck or layout files it comes from."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from cardgen.loading.layouts import find_template
from cardgen.loading.yaml_source import Located, read_yaml
from cardgen.model.deck import DeckSpec


@dataclass(frozen=True)
class Problem:
    """A defect a print designer would flag: the rule, where it shows, where to fix it."""

    rule: str
    """Short rule name: overflow, tiny-text, safe-zone, overlap, margin-ink, bleed-gap, mark-crosses-bleed,
    greyscale, colour-vision, missing-glyph, untranslated; notes: print-colour, print-transparency, svg-filter."""
    message: str
    source: str = ""
    """``file:line`` of the deck or layout entry that defines what is wrong."""
    card: str = ""
    language: str = ""
    element: str = ""
    bbox: tuple[float, float, float, float] | None = None
    """Where on the face (card coordinates) — for the proof report's outlines."""
    face: str = ""
    """Which face (``face:<card id>``, ``back:<layout>``) the bbox is on."""

    def format(self) -> str:
        """``decks/x/templates/card.yaml:12: card hit [fr] element text: overflow: …``."""
        where = [f"card {self.card}" if self.card else "", f"[{self.language}]" if self.language else "",
                 f"element {self.element}" if self.element else ""]
        subject = " ".join(part for part in where if part)
        head = f"{self.source}: " if self.source else ""
        return f"{head}{subject + ': ' if subject else ''}{self.rule}: {self.message}"


@lru_cache(maxsize=64)
def _located(path: Path) -> Located:
    return read_yaml(path)


def _shown(path: Path, deck: DeckSpec) -> str:
    try:  # find_template gives a resolved path; the deck folder is as the user named it (`decks/x`)
        return str(deck.file.parent / path.resolve().relative_to(deck.folder.resolve()))
    except ValueError:
        return f"cardgen/templates/{path.name}"


def element_source(deck: DeckSpec, layout: str, element: str, key: str | None = None) -> str:
    """``file:line`` of ``element`` (or of its ``key``) in the child-most layout file that sets it."""
    name: str | None = layout
    seen: set[str] = set()
    first = ""
    while name and name not in seen:
        seen.add(name)
        path = find_template(name, deck.folder)
        if path is None:
            break
        located = _located(path)
        first = first or f"{_shown(path, deck)}:1"
        for probe in ((("elements", element, key),) if key else ()) + (("elements", element),):
            if probe in located.positions:
                return f"{_shown(path, deck)}:{located.positions[probe][0]}"
        data = located.data if isinstance(located.data, dict) else {}
        name = data.get("extends")
    return first


def _deck_located(deck: DeckSpec) -> Located:
    """The deck file's positions as the loader kept them (read again only for a deck built in code).

    A preflight problem names the line it is about; reading a 5,000-card deck file a second time
    to find it would cost more than the whole preflight.
    """
    whole = deck.whole
    if whole._positions:
        listed = [{"id": card.id} for card in whole.cards]
        return Located(data={"cards": listed}, path=deck.file, positions=whole._positions)
    return _located(deck.file)


def card_source(deck: DeckSpec, card_id: str, key: str = "id") -> str:
    """``deck.yaml:line`` of a card's ``key`` (its id when the key is not written)."""
    located = _deck_located(deck)
    shown = str(deck.file)
    cards = located.data.get("cards") if isinstance(located.data, dict) else None
    for index, card in enumerate(cards or []):
        if isinstance(card, dict) and card.get("id") == card_id:
            for probe in (("cards", index, key), ("cards", index, "id"), ("cards", index)):
                if probe in located.positions:
                    return f"{shown}:{located.positions[probe][0]}"
    return f"{shown}:1"


def type_source(deck: DeckSpec, type_name: str, key: str = "color") -> str:
    """``deck.yaml:line`` of a card type's ``key``."""
    located = _deck_located(deck)
    line, _ = located.where(("types", type_name, key))
    return f"{deck.file}:{line or 1}"
