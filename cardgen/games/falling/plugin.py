"""What FALLING adds to cardgen's products: its teaching walkthrough and the strings it prints.

(The FALLING rulebook diagrams are built into :mod:`cardgen.rulebook.diagrams`.)
"""

from __future__ import annotations

from cardgen.i18n.messages import SourceMessage, register_extractor
from cardgen.model.deck import DeckSpec
from cardgen.walkthrough.falling import writer  # noqa: F401  (registers the walkthrough)
from cardgen.walkthrough.falling.texts import ALL


@register_extractor
def walkthrough_messages(deck: DeckSpec) -> list[SourceMessage]:
    """Captions, questions and handout furniture, for decks of this game only."""
    if deck.game != "falling":
        return []
    return [SourceMessage(label.context, label.text, label.file, label.line, label.comment) for label in ALL]
