"""``--cards hit,stop:3``: print only some cards of a deck (a reprint of damaged cards, a test sheet).

``ID`` is one copy of that card, ``ID:N`` is N copies; naming a card twice adds the copies.
The deck keeps its order, types, layouts and back; only its card list changes.
"""

from __future__ import annotations

import difflib
import re

from cardgen.model.deck import MAX_CARD_COUNT, MAX_DECK_CARDS, DeckSpec

_ITEM = re.compile(r"^\s*([^\s:,]+)\s*(?::\s*(\d+)\s*)?$")


class SelectionError(ValueError):
    """A ``--cards`` value that names no card or gives a bad count; the message says which and why."""


def parse_selection(text: str) -> dict[str, int]:
    """``hit,stop:3,hit`` → {"hit": 2, "stop": 3}, in the order first named."""
    chosen: dict[str, int] = {}
    items = [item for item in text.split(",") if item.strip()]
    if not items:
        raise SelectionError("name at least one card id, e.g. --cards hit,stop:3")
    for item in items:
        match = _ITEM.match(item)
        if not match:
            raise SelectionError(f"'{item.strip()}' is not ID or ID:COPIES (e.g. stop:3)")
        copies = int(match.group(2)) if match.group(2) is not None else 1
        if not 1 <= copies <= MAX_CARD_COUNT:
            raise SelectionError(f"'{item.strip()}': copies must be 1 to {MAX_CARD_COUNT}")
        chosen[match.group(1)] = chosen.get(match.group(1), 0) + copies
    if sum(chosen.values()) > MAX_DECK_CARDS:
        raise SelectionError(f"{sum(chosen.values())} cards in all: at most {MAX_DECK_CARDS}")
    return chosen


def select_cards(deck: DeckSpec, chosen: dict[str, int]) -> DeckSpec:
    """A copy of ``deck`` holding only the chosen cards, with the chosen copies of each."""
    known = [card.id for card in deck.cards]
    for card_id in chosen:
        if card_id not in known:
            close = difflib.get_close_matches(card_id, known, n=1)
            hint = f" — did you mean '{close[0]}'?" if close else f" (the deck's cards: {', '.join(known[:12])}" \
                                                                  f"{' …' if len(known) > 12 else ''})"
            raise SelectionError(f"no card '{card_id}' in {deck.deck}{hint}")
    cards = [card.model_copy(update={"count": chosen[card.id]}) for card in deck.cards if card.id in chosen]
    selected = deck.model_copy(update={"cards": cards})
    selected._whole_deck = deck.whole
    return selected
