"""Text the rulebook code draws itself: page furniture, generated tables, diagram labels.

Each label is a translatable string with a context (``book:contents``, ``diagram:table.dealer``)
and a note for translators. Only the labels a rulebook uses are extracted: the book's own, and
those of the diagrams its ``diagram:`` directives name.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from cardgen.i18n.units import Document

FILE = "cardgen/rulebook/labels.py"


@dataclass(frozen=True)
class Label:
    context: str
    text: str
    comment: str = ""
    file: str = FILE
    line: int | None = None
    plural: str = ""  # a counted label's English plural (``text`` is then its singular): i18n.plurals


def _label(context: str, text: str, comment: str = "", *, plural: str = "") -> Label:
    return Label(context, text, comment, FILE, sys._getframe(1).f_lineno, plural)


def label_here(context: str, text: str, comment: str = "", *, plural: str = "") -> Label:
    """A label whose source position (for the catalog's ``#:`` line) is the caller's file and line;
    the file is resolved once per module (:func:`_shown_file`), not once per label. (Catalogs show
    the line numbers of this file's labels: keep the lines above them as many as they are.)"""
    frame = sys._getframe(1)
    return Label(context, text, comment, _shown_file(frame.f_code.co_filename), frame.f_lineno, plural)


BOOK: tuple[Label, ...] = (
    _label("book:contents", "Contents", "Heading of the table of contents."),
    _label("book:subject", "The rules of {title}", "PDF document subject. {title} is the game's title."),
    _label("book:footer", "{title} · {page}", "Page footer. {title} is the game's title, {page} the page number."),
    _label("book:components.card", "Card", "Components table: column of small card pictures."),
    _label("book:components.name", "Name", "Components table: card name and type."),
    _label("book:components.count", "Copies", "Components table: how many copies of the card are in the deck."),
    _label("book:components.effect", "What it does", "Components table: the text printed on the card."),
    _label("book:components.total", "In all: {count} card", "Last row of the components table. {count} is a number.", plural="In all: {count} cards"),
    _label("book:teaching.start", "**{title}** — play with {cards} only.",
           "Teaching list, first game. {title} is the stage's name, {cards} the list of two or more card names "
           "(each with its icon, bold, without an article), already joined (“Ground, Hit and Skip”)."),
    _label("book:teaching.start.one", "**{title}** — play with {cards} only.",
           "Teaching list, a first game with one kind of card. {cards} is its name (icon, bold, without an article)."),
    _label("book:teaching.add", "**{title}** — add {cards}.",
           "Teaching list, a later game that adds two or more cards. {title} is the stage's name, {cards} the list of "
           "their names (each with its icon, bold, without an article), already joined (“Push, Grab and Stop”)."),
    _label("book:teaching.add.one", "**{title}** — add {cards}.",
           "Teaching list, a later game that adds one card. {cards} is its name (icon, bold, without an article)."),
)

DIAGRAMS: dict[str, tuple[Label, ...]] = {}
"""Labels of each registered diagram (added by :func:`register_labels`)."""


DIRECTIVES: dict[str, tuple[Label, ...]] = {
    "card-types": (
        _label("book:types.type", "Kind of card", "Card types table: the type's name (e.g. Fighter, Treasure)."),
        _label("book:types.cards", "Cards", "Card types table: the names of the cards of that type."),
        _label("book:types.count", "In the kit", "Card types table: how many cards of that type are printed."),
        _label("book:types.each", "({count} of each)", "Card types table: after a list of names. {count} is a number.", plural="({count} of each)"),
    ),
    "stats-table": (
        _label("book:stats.name", "Name", "Stats table: the card's name and type."),
    ),
}
"""Labels of directives that only some rulebooks use (extracted only when the book uses them)."""

CLASS_LABELS: dict[str, tuple[Label, ...]] = {
    "clarification": (
        _label("book:clarification", "Clarification",
               "Heading of a box where the edition settles a rule the original text leaves unclear or gets wrong."),
    ),
}
"""Labels of paragraph classes that only some rulebooks use (``{.clarification}``)."""


def diagram_labels(name: str, game: str | None = None) -> tuple[Label, ...]:
    """The labels of the diagram ``name`` (``game``'s plugin is asked first, as :func:`find_diagram` does)."""
    from cardgen.games import load_registering

    load_registering(name, DIAGRAMS, game)
    return DIAGRAMS.get(name, ())


def register_labels(diagram: str, labels: tuple[Label, ...]) -> None:
    """Add the labels a game's diagram draws (called by ``cardgen.games.<game>.plugin``)."""
    DIAGRAMS[diagram] = labels
    for item in labels:
        ALL[item.context] = item


def labels_for(document: Document, game: str | None = None) -> list[Label]:
    """The book's labels and those of every diagram the document draws (a book of ``game``'s deck)."""
    out = list(BOOK)
    for block in document.directives():
        found = diagram_labels(block.args.get("value", ""), game) if block.name == "diagram" else DIRECTIVES.get(block.name, ())
        for label in found:
            if label not in out:
                out.append(label)
    classes = {name for block in document.blocks for name in block.classes}
    for name in sorted(classes):
        for label in CLASS_LABELS.get(name, ()):
            if label not in out:
                out.append(label)
    return out


ALL: dict[str, Label] = {label.context: label for label in BOOK + tuple(
    x for groups in (DIAGRAMS, DIRECTIVES, CLASS_LABELS) for group in groups.values() for x in group)}


@cache
def _shown_file(filename: str) -> str:
    """A module's file as catalogs show it: relative to the folder holding the cardgen package."""
    path = Path(filename).resolve()
    root = Path(__file__).resolve().parents[2]  # the folder holding the cardgen package
    return path.relative_to(root).as_posix() if path.is_relative_to(root) else path.name

