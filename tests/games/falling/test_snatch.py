"""R37 read from the events (review-sim F2): a snatch is a pick-up between a card's dealing and the next
card the Hit deals onto the same stack, also before the Hit is announced; picking up the Hit's last
card is not one. The walkthrough's caption and ``find_moments`` agree with that reading."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from cardgen.games.falling import (
    PickUp,
    find_moments,
    game_from_table,
    kind_of,
    play_game,
    replay,
    resolve_options,
)
from cardgen.games.falling.captions import Narrator
from cardgen.games.falling.events import Event
from cardgen.games.falling.snatch import snatches
from cardgen.loading import load_deck
from tests.conftest import FALLING


def _hit_game(pick_up_at: int, card: str) -> list[Event]:
    """Ann (Hit in front of her, one stack) is dealt split-1, then the Hit's skip-1 300 ms later."""
    game = game_from_table({"seats": [{"stacks": [["push-1"]], "rider": "hit-1"}, {"stacks": [["push-2"]]}]},
                           deck=["split-1", "skip-1", "grab-1"],
                           options=resolve_options("official", {"hit_interval_ms": "300"}))
    game.attempt(0, PickUp(1, card), at_ms=pick_up_at)
    game.run(until_ms=2000)
    return list(game.events or [])


def _pick_up(events: Sequence[Event], card: str) -> int:
    return next(i for i, e in enumerate(events) if e.kind == "CardPickedUp" and e["card"] == card)


def _caption_kind(events: Sequence[Event], index: int) -> str:
    narrator = Narrator(load_deck(FALLING), lambda context, text: f"[{context}]", events)
    tables = [table for _, table in replay(events)]
    return narrator.caption(index, tables[index])[0]


def test_the_first_card_taken_before_the_hit_is_announced_is_a_snatch() -> None:
    events = _hit_game(200, "split-1")
    index = _pick_up(events, "split-1")
    applied = next(i for i, e in enumerate(events) if e.kind == "RiderApplied")
    assert index < applied  # the real snatch happens before the Hit is announced
    assert snatches(events) == {index}
    assert ("R37", index) in [(m.rule, m.index) for m in find_moments(events)]
    assert _caption_kind(events, index) == "[caption:CardPickedUp.snatch]"


def test_the_hits_last_card_taken_is_no_snatch() -> None:
    """The old reading tagged this one: nothing was left to cover the card."""
    events = _hit_game(500, "skip-1")
    index = _pick_up(events, "skip-1")
    assert snatches(events) == frozenset()
    assert "R37" not in [m.rule for m in find_moments(events)]
    assert _caption_kind(events, index) == "[caption:CardPickedUp]"


def _covered_later(events: Sequence[Event], index: int) -> bool | None:
    """Independent oracle: True if a card of the owner's Hit lands on the picked card's stack after the
    pick-up in the same deal; False if no Hit card can come (no Hit, or the card was dealt before
    this deal); None when the stack vanished (undecided by this oracle)."""
    e = events[index]
    start = max(i for i in range(index) if events[i].kind == "DealStarted")
    end = next((i for i in range(index, len(events)) if events[i].kind == "DealEnded"), len(events))
    player = events[start]["player"]
    dealt = [i for i in range(start, index) if events[i].kind == "CardDealt" and events[i]["stack"] == e["stack"]]
    if not dealt or events[dealt[-1]]["card"] != e["card"] or events[dealt[-1]]["player"] != player:
        return False
    hit = [i for i in range(start, end) if events[i].kind == "RiderApplied" and kind_of(str(events[i]["rider"])) == "hit"]
    if not hit:
        return False
    if any(events[i].kind == "CardDealt" and events[i]["stack"] == e["stack"] for i in range(max(index, hit[0]) + 1, end)):
        return True
    if any(events[i].kind == "StackEmptied" and events[i]["stack"] == e["stack"] for i in range(index, end)):
        return None
    return False


@pytest.mark.parametrize("players", [4, 6])
def test_snatches_of_simulated_games_are_the_cards_a_hit_would_have_covered(players: int) -> None:
    deck = load_deck(FALLING)
    counts = {True: 0, False: 0}
    for seed in range(25):
        events = play_game(deck, seed=seed, players=players).events or []
        found = snatches(events)
        moments = {m.index for m in find_moments(events) if m.rule == "R37"}
        assert moments == set(found), seed
        narrator = Narrator(deck, lambda context, text: f"[{context}]", events)
        tables = [table for _, table in replay(events)]
        for index, e in enumerate(events):
            if e.kind != "CardPickedUp":
                continue
            captioned = narrator.caption(index, tables[index])[0] == "[caption:CardPickedUp.snatch]"
            assert captioned == (index in found), (seed, index, e)
            oracle = _covered_later(events, index)
            if oracle is not None:
                assert (index in found) == oracle, (seed, index, e)
                counts[oracle] += 1
    assert counts[True] >= 3 and counts[False] >= 100, counts
