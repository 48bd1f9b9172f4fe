"""What FALLING adds to cardgen's products: its rulebook diagrams, its teaching walkthrough and
the strings they print. Imported by :func:`cardgen.games.load_games`; everything here is registration.
"""

from __future__ import annotations

from cardgen.games.falling import diagrams  # noqa: F401  (registers the diagrams)
from cardgen.games.falling.texts import ALL
from cardgen.i18n.messages import SourceMessage, register_extractor
from cardgen.model.deck import DeckSpec
from cardgen.walkthrough.registry import register_walkthrough_module

register_walkthrough_module("falling", "cardgen.games.falling.walkthrough")  # imported when a walkthrough is written


@register_extractor
def walkthrough_messages(deck: DeckSpec) -> list[SourceMessage]:
    """Captions, questions and handout furniture, for decks of this game only."""
    if deck.game != "falling":
        return []
    return [SourceMessage(label.context, label.text, label.file, label.line, label.comment, label.plural)
            for label in ALL]
