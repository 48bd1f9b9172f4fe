"""R37 read from a log: which pick-ups snatched a card before the Hit's next card covered it.

During a Hit the dealer deals the normal card onto each stack, announces the Hit (``RiderApplied``)
and then, in quick succession, one more card onto each stack per round (two rounds for an Extra Hit).
A *snatch* is a pick-up of a card between its dealing and the next card the Hit deals onto the same
stack: the normal card taken in the window before the Hit is even announced, or a Hit card taken
before the next round of an Extra Hit. Picking up the Hit's last card, which nothing will cover, is an
ordinary pick-up.

When the snatch empties the stack, no later card lands on it (the dealer passes over a stack that
vanished, or starts a new one for a player left without any); the pick-up still counts when the Hit
went on to a later round.
"""

from __future__ import annotations

from collections.abc import Sequence

from cardgen.games.falling.cards import HIT, kind_of
from cardgen.games.falling.events import Event


def snatches(events: Sequence[Event]) -> frozenset[int]:
    """Indices of the ``CardPickedUp`` events of ``events`` that are R37 snatches."""
    found: set[int] = set()
    start = 0
    for index, e in enumerate(events):
        if e.kind == "DealStarted":
            start = index
        elif e.kind == "DealEnded":
            found |= _snatches_in_deal(events, start, index)
            start = index + 1
    if start < len(events):
        found |= _snatches_in_deal(events, start, len(events))
    return frozenset(found)


def _snatches_in_deal(events: Sequence[Event], start: int, end: int) -> set[int]:
    """The snatches among events ``start``..``end`` (one player's deal)."""
    if start >= len(events) or events[start].kind != "DealStarted":
        return set()
    player = events[start]["player"]
    hit_at, rounds = _hit_of_deal(events, start, end, player)
    if hit_at is None:
        return set()
    round_of = _rounds_of_cards(events, start, end, player, hit_at)
    found: set[int] = set()
    for index in range(start, end):
        e = events[index]
        if e.kind != "CardPickedUp":
            continue
        dealt_at = _dealing_of(events, start, index, e["stack"], e["card"])
        if dealt_at is None or events[dealt_at]["player"] != player:
            continue
        card_round = round_of[dealt_at]
        if card_round >= rounds:
            continue  # the Hit's last card on that stack: nothing will cover it
        later = [i for i in range(index + 1, end) if events[i].kind == "CardDealt" and events[i]["player"] == player]
        if any(events[i]["stack"] == e["stack"] for i in later if i > hit_at) or \
                any(round_of[i] > card_round for i in later):
            found.add(index)
    return found


def _hit_of_deal(events: Sequence[Event], start: int, end: int, player: int) -> tuple[int | None, int]:
    """Where the deal's Hit is announced and how many rounds of cards it brings (1 + its Extras)."""
    for index in range(start, end):
        e = events[index]
        if e.kind == "RiderApplied" and e["player"] == player:
            if kind_of(str(e["rider"])) != HIT:
                return None, 0
            return index, 1 + len(e["extras"] or ())
    return None, 0


def _rounds_of_cards(events: Sequence[Event], start: int, end: int, player: int, hit_at: int) -> dict[int, int]:
    """The round of each card dealt to ``player`` in the deal: 0 for the normal deal, 1.. for the Hit's.

    Within a round the dealer goes through the player's stacks in order, so a round begins where the
    stack dealt to is not after the previous one, or where a new stack is started for a player left
    without any.
    """
    rounds: dict[int, int] = {}
    current, previous_stack, new_stack = 0, None, False
    for index in range(start, end):
        e = events[index]
        if index > hit_at and e.kind == "StackStarted" and e["player"] == player:
            new_stack = True
        if e.kind != "CardDealt" or e["player"] != player:
            continue
        if index > hit_at and (previous_stack is None or new_stack or e["stack"] <= previous_stack):
            current += 1
        if index > hit_at:
            previous_stack, new_stack = e["stack"], False
        rounds[index] = current
    return rounds


def _dealing_of(events: Sequence[Event], start: int, index: int, stack: int, card: str) -> int | None:
    """Where in this deal ``card`` was dealt onto ``stack`` and stayed on top until ``index``."""
    for earlier in range(index - 1, start - 1, -1):
        e = events[earlier]
        if e.kind == "CardDealt" and e["stack"] == stack:
            return earlier if e["card"] == card else None
    return None
