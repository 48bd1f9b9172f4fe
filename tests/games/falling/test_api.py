"""The public API the walkthrough uses: games from a DeckSpec and a teaching stage, replay, snapshots."""

from __future__ import annotations

import dataclasses

import pytest

from cardgen.errors import RulesError
from cardgen.games import falling
from cardgen.games.falling import PickUp, Play, apply, game_from_table, play_game, replay, resolve_options, stage_kinds
from cardgen.loading import load_deck
from tests.conftest import DATA, FALLING


@pytest.fixture(scope="module")
def deck():  # type: ignore[no-untyped-def]
    return load_deck(FALLING)


def test_stages_follow_the_deck_file(deck) -> None:  # type: ignore[no-untyped-def]
    assert stage_kinds(deck, 1) == ["ground", "hit", "split", "skip"]
    assert stage_kinds(deck, "actions") == ["ground", "hit", "split", "skip", "push", "grab", "stop"]
    assert stage_kinds(deck, 3)[-1] == "extra"
    with pytest.raises(RulesError, match="no teaching stage 4"):
        stage_kinds(deck, 4)


def test_a_game_uses_the_decks_physical_cards_with_grounds_at_the_bottom(deck) -> None:  # type: ignore[no-untyped-def]
    record = play_game(deck, seed=3, players=5)
    started = record.events[0]
    order = list(started["deck"])
    assert len(order) == deck.total_cards == 54
    assert {f"hit-{n}" for n in range(1, 9)} <= set(order) and "hit-9" not in order
    assert order[-5:] == [f"ground-{n}" for n in range(1, 6)]  # R12, R13: the Grounds come last
    assert record.events[1].kind == "DealStarted" and record.events[1]["player"] == 0  # R14


def test_a_teaching_stage_plays_only_its_cards(deck) -> None:  # type: ignore[no-untyped-def]
    record = play_game(deck, seed=1, players=4, kinds=stage_kinds(deck, 1))
    kinds = {falling.kind_of(c) for c in record.events[0]["deck"]}
    assert kinds == {"ground", "hit", "split", "skip"}
    assert len(record.events[0]["deck"]) == 8 + 5 + 9 + 5
    assert not any(e.kind in ("RiderPushed", "RiderGrabbed", "RiderDestroyed", "ExtraAttached") for e in record.events)


def test_unknown_kinds_and_other_games_are_clear_errors(deck) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(RulesError, match="unknown FALLING card kind 'jump'"):
        play_game(deck, seed=1, players=4, kinds=["ground", "jump"])
    with pytest.raises(RulesError, match="does not know the card ids 'one', 'two'") as info:
        play_game(load_deck(DATA / "decks" / "minimal"), seed=1, players=4)
    assert info.value.hint and "hit" in info.value.hint
    with pytest.raises(RulesError, match="with 1 players"):
        play_game(deck, seed=1, players=1)


def test_replay_gives_copy_safe_snapshots_after_each_event(deck) -> None:  # type: ignore[no-untyped-def]
    record = play_game(deck, seed=11, players=4)
    pairs = list(replay(record.events))
    assert [e for e, _ in pairs] == record.events
    first_deal = next(t for e, t in pairs if e.kind == "CardDealt")
    assert first_deal.seats[0].stacks[0].cards == (record.events[0]["deck"][0],)
    assert first_deal.seats[0].being_dealt and first_deal.dealing_to == 0
    assert first_deal.grounds_in_deck == 5 and first_deal.deck[-1] == "ground-5"
    with pytest.raises(dataclasses.FrozenInstanceError):
        first_deal.clock_ms = 5  # type: ignore[misc]
    assert isinstance(first_deal.seats, tuple) and isinstance(first_deal.deck, tuple)
    last_event, last = pairs[-1]
    assert last_event.kind == "GameEnded" and last == record.final
    grounded = [t.seats[e["player"]] for e, t in pairs if e.kind == "PlayerGrounded"]
    assert len(grounded) == 3
    assert all(s.out and s.ground in [c for k in s.stacks for c in k.cards] for s in grounded)


def test_apply_is_pure() -> None:
    table = {"seats": [{"stacks": [["hit-1"]], "held": "skip-1"}, {"stacks": [["hit-2"]]}]}
    game = game_from_table(table, deck=["grab-1"], log=False)
    before = game.state.snapshot()
    after, events = apply(game.state, 0, Play("skip-1", on=1), t_ms=50, options=resolve_options())
    assert game.state.snapshot() == before
    assert after.seats[1].rider == "skip-1" and [e.kind for e in events] == ["RiderPlaced"]
    again, failed = apply(game.state, 0, PickUp(1, "hit-1"), t_ms=60, options=resolve_options())
    assert failed[0].kind == "PickUpFailed" and failed[0]["reason"] == "hand_full"


def test_snapshot_seats_report_the_incoming_deal() -> None:
    table = {"seats": [{"stacks": [["hit-1"], ["hit-2"]]}, {}]}
    game = game_from_table(table, deck=["grab-1", "grab-2", "grab-3"])
    game.run(until_ms=500)
    snap = game.state.snapshot()
    assert snap.seats[0].being_dealt and not snap.seats[1].being_dealt
    assert [k.id for k in snap.seats[0].stacks] == [1, 2] and snap.seats[0].stacks[0].top == "grab-1"


def test_the_engine_and_the_runner_never_import_reportlab() -> None:
    import subprocess
    import sys

    code = ("import sys, cardgen.games.falling, cardgen.games.falling.narrate, cardgen.games.falling.simulation, cardgen.games.falling.balance; "
            "print(sorted(m for m in sys.modules if m.split('.')[0] in ('reportlab', 'click')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"
