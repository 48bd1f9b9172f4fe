"""The note a translator reads beside each string (the ``#.`` comment of its PO entry).

Whoever registers a string writes what it is ("A Push."); this module completes the note with
what the translator must know to write the sentence: what each ``{placeholder}`` will hold (a
player's name, a number, a card's name without an article…), and which placeholders and markup
to keep as they are (``**bold**`` included). A game adds the meanings of its own placeholders
with :func:`register_placeholder_meanings`.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

PLAYER = "a player's name"
NUMBER = "a number"
CARD = ("a card's name as printed, capitalised, without an article; names differ in gender, so write "
        "the sentence so that any of them fits (e.g. 'the card {name}')")

_MEANINGS: dict[str, str] = {
    "{player}": PLAYER, "{by}": PLAYER, "{on}": PLAYER, "{to}": PLAYER, "{from}": PLAYER, "{name}": PLAYER,
    "{winner}": PLAYER, "{players}": "a list of players' names, joined by commas",
    "{designer}": "the designer's name", "{title}": "the game's title", "{stages}": NUMBER,
    "{n}": NUMBER, "{count}": NUMBER, "{number}": NUMBER, "{page}": "a page number", "{step}": NUMBER,
    "{time}": "a clock reading such as 00:25.8",
    "{card}": CARD, "{rider}": CARD, "{extra}": CARD, "{ground}": CARD, "{countered}": CARD, "{skip}": CARD,
    "{cards}": ("a list of card names in bold, joined by commas, with no article and no 'and' before the "
                "last one"),
}
_CARD_NAMES = {"{card}", "{rider}", "{extra}", "{ground}", "{countered}", "{skip}", "{cards}"}
_MARKUP = {"**bold**": "**…** marks bold text: keep the two asterisks on each side of the matching words",
           "*italic*": "*…* marks italic text: keep the asterisk on each side of the matching words"}


def register_placeholder_meanings(meanings: dict[str, str], *, card_names: Iterable[str] = ()) -> None:
    """Say what a game's placeholders hold (``{"{piece}": "a chess piece's name"}``); those in
    ``card_names`` hold a card's name, and always get the no-article advice."""
    _MEANINGS.update(meanings)
    _CARD_NAMES.update(card_names)


def _mentioned(item: str, comment: str) -> bool:
    return item in comment or (item == "**bold**" and "bold" in comment.lower())


def _explained_as_number(item: str, comment: str) -> bool:
    return re.search(re.escape(item) + r"[^.;]*\b(?:numbers?|counts?)\b", comment) is not None


def translator_note(text: str, comment: str) -> str:
    """``comment`` completed for ``text``: the meaning of each placeholder it does not explain, the
    no-article advice for card names, and what to keep as it is."""
    from cardgen.i18n.placeholders import signature

    sig = signature(text)
    description, marker, kept = comment.partition("Keep as they are")
    parts = [description.strip()] if description.strip() else []
    grouped: dict[str, list[str]] = {}
    for item in sig.placeholders:
        meaning = _MEANINGS.get(item)
        if meaning is None or _explained_as_number(item, description):
            continue
        card_advice = item in _CARD_NAMES and "article" not in description
        if not _mentioned(item, description) or card_advice:
            grouped.setdefault(meaning, []).append(item)
    if grouped:
        parts.append("; ".join(f"{', '.join(items)}: {meaning.replace('{name}', items[0])}"
                               for meaning, items in grouped.items()) + ".")
    for item, meaning in _MARKUP.items():
        if item in sig.markup and "asterisk" not in description:
            parts.append(meaning + ".")
    keep = [*sig.placeholders, *sig.markup]
    if marker:
        parts.append((marker + kept).strip())
    elif keep:
        parts.append("Keep as they are: " + ", ".join(keep))
    return " ".join(parts)
