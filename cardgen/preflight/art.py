"""Notes on a deck's SVG art: effects that print otherwise than the designer saw them."""

from __future__ import annotations

from pathlib import PurePosixPath

from cardgen.model.deck import DeckSpec
from cardgen.preflight.problems import Problem


def svg_art_references(deck: DeckSpec) -> list[str]:
    """Every SVG art file the deck names (cards' art and icons, the back's art), once each, in deck order."""
    references = [ref for card in deck.cards for ref in (card.art, card.icon) if ref] + \
        ([deck.back.art] if deck.back.art else [])
    return [ref for ref in dict.fromkeys(references) if PurePosixPath(ref).suffix.lower() == ".svg"]


def svg_filter_notes(deck: DeckSpec) -> list[Problem]:
    """An ``svg-filter`` note for every element of the deck's SVG art drawn through a ``<filter>``: svglib
    leaves the filter out, so a blurred shape or a soft drop shadow prints as a hard shape."""
    from cardgen.loading.containment import contained_path
    from cardgen.render.svg_art import filtered_elements

    notes: list[Problem] = []
    for reference in svg_art_references(deck):
        shown = deck.file.parent / reference
        for line, element, target in filtered_elements(str(contained_path(deck.folder, reference, "art"))):
            notes.append(Problem(
                "svg-filter", f"<{element}> is drawn through the <filter> '#{target}' (a blur, a drop shadow…), which "
                "cardgen leaves out: it prints as a hard shape without the effect — make the effect a bitmap "
                "(Inkscape: Edit > Make a Bitmap Copy) or export the art as PNG",
                f"{shown}:{line}" if line else str(shown)))
    return notes
