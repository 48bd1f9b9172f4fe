"""Each stage's game is chosen so that every rule the stage adds is shown, and only its cards play."""

from __future__ import annotations

import pytest

from cardgen.games.falling import kind_of
from cardgen.games.falling.walkthrough_plan import choose_frames, find_game, tables
from cardgen.games.falling.rules_shown import rules_for
from cardgen.games.falling.texts import BY_CONTEXT

LATER_CARDS = {1: {"push", "grab", "stop", "extra"}, 2: {"extra"}, 3: set()}


def _everywhere(table) -> set[str]:  # type: ignore[no-untyped-def]
    """Every card on the table, the deck and the discard pile included."""
    return {card for card, _ in table.locations()}


@pytest.mark.parametrize("stage", [1, 2, 3])
def test_a_stage_uses_none_of_the_cards_of_later_stages(games, stage: int) -> None:  # type: ignore[no-untyped-def]
    game = games[stage - 1]
    snapshots = tables(game.record)
    for table_index, _ in choose_frames(game):
        kinds = {kind_of(card) for card in _everywhere(snapshots[table_index])}
        assert not kinds & LATER_CARDS[stage], (stage, kinds & LATER_CARDS[stage])


def test_stages_add_the_cards_the_deck_file_names(games) -> None:  # type: ignore[no-untyped-def]
    assert [game.new_kinds for game in games] == [("ground", "hit", "split", "skip"), ("push", "grab", "stop"),
                                                   ("extra",)]
    assert games[1].rules == ("push", "grab", "stop_rider", "stop_ground")
    assert games[2].rules == ("extra_hit", "extra_split", "extra_skip")


@pytest.mark.parametrize("stage", [1, 2, 3])
def test_every_rule_a_stage_adds_is_at_work_in_one_of_its_frames(plans, games, stage: int) -> None:  # type: ignore[no-untyped-def]
    game = games[stage - 1]
    assert not game.missing
    plan = plans["en"][stage - 1]
    tags = {view.rule_label for view in plan.frames if view.rule_label}
    assert tags == {BY_CONTEXT[f"rule:{rule}"].text for rule in game.rules}
    assert plan.rules_shown == game.rules


def test_the_extra_skip_frame_is_followed_by_the_sweep_that_leaves_the_skip(games) -> None:  # type: ignore[no-untyped-def]
    game = games[2]
    events = game.record.events
    applied = game.shown["extra_skip"][0]
    frames = choose_frames(game)
    captions = [caption for _, caption in frames]
    assert applied in captions
    sweep = next(c for c in captions if c > applied and events[c].kind == "CardsSwept")
    skip = events[applied]["rider"]
    snapshot = tables(game.record)[dict((c, t) for t, c in frames)[sweep]]
    assert snapshot.seats[events[applied]["player"]].rider == skip


def test_frames_follow_the_clock_and_each_stage_ends_with_its_winner(plans, games) -> None:  # type: ignore[no-untyped-def]
    for plan, game in zip(plans["en"], games):
        clocks = [view.clock_ms for view in plan.frames]
        assert clocks == sorted(clocks)
        assert 6 <= len(plan.frames) <= 18
        assert plan.frames[-1].caption.startswith(f"{('Ann', 'Bob', 'Cleo', 'Dan')[game.record.winner]} is the last")


def test_no_frame_shows_an_empty_stack(plans) -> None:  # type: ignore[no-untyped-def]
    for plan in plans["en"]:
        for view in plan.frames:
            assert all(stack.height > 0 for seat in view.seats for stack in seat.stacks)


def test_the_search_reports_what_a_game_cannot_show(deck) -> None:  # type: ignore[no-untyped-def]
    # with the first stage's cards only, no game can show a Push: the search says so
    game = find_game(deck, "grounds-and-riders", ["ground", "hit", "split", "skip"], ["push"], players=4,
                     start_seed=1, max_seeds=3)
    assert game.rules == tuple(rules_for(["push"])) and game.missing == ["push"] and game.seeds_tried == 3


def test_the_same_seed_gives_the_same_games_and_another_seed_may_not(deck, games) -> None:  # type: ignore[no-untyped-def]
    from cardgen.games.falling.walkthrough import play_stages

    again = play_stages(deck, players=4, seed=1)
    assert [g.record.events for g in again] == [g.record.events for g in games]
    other = play_stages(deck, players=4, seed=50)
    assert [g.seed for g in other] != [g.seed for g in games]
