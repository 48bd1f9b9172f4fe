"""Each stage's game is chosen so that every rule the stage adds is shown, and only its cards play."""

from __future__ import annotations

import re

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


@pytest.fixture(scope="module")
def painter(deck):  # type: ignore[no-untyped-def]
    from cardgen.loading.deck_loader import load_deck_layouts
    from cardgen.render.card_renderer import CardRenderer
    from cardgen.walkthrough.frames import FramePainter

    layouts = load_deck_layouts(deck)
    return FramePainter(CardRenderer(deck, layouts[deck.layout], layouts))


@pytest.mark.parametrize("stage", [1, 2, 3])
def test_each_caption_names_players_and_cards_the_frame_draws(plans, deck, painter, stage: int) -> None:  # type: ignore[no-untyped-def]
    """Every card a caption names in bold is drawn in its frame (where it lies, or as the ghost of
    where it was), every player it names has a seat, and every card the event moved has an arrow."""
    import re

    from cardgen.render.recording_canvas import RecordingCanvas
    from cardgen.walkthrough.frames import frame_size

    names = {card.name: card.id for card in deck.cards}
    for view in plans["en"][stage - 1].frames:
        width, height = frame_size(len(view.seats))
        painter.draw(RecordingCanvas(), view, width=width, height=height)
        drawn = {kind_of(p.card) for p in painter.placed + painter.ghosts}
        for name in re.findall(r"\*\*(.+?)\*\*", view.caption):
            assert names[name] in drawn, (view.caption, name, drawn)
        seat_names = {seat.name for seat in view.seats}
        for word in re.findall(r"\b(Ann|Bob|Cleo|Dan|Eve|Finn|Gus|Hana|Ivan|Jo)\b", view.caption):
            assert word in seat_names
        assert sorted(a.card for a in painter.arrows) == sorted(m.card for m in view.moves), view.caption


@pytest.mark.parametrize("stage", [1, 2, 3])
def test_no_card_appears_from_nowhere(plans, stage: int) -> None:  # type: ignore[no-untyped-def]
    """A card on the table that the previous frame did not show either moved in this frame (an
    arrow) or is accounted for by the frame's "meanwhile" line."""
    def on_table(view):  # type: ignore[no-untyped-def]
        cards = {s.held for s in view.seats} | {s.rider for s in view.seats} | {k.top for s in view.seats for k in s.stacks}
        return {c for c in cards if c}

    frames = plans["en"][stage - 1].frames
    for before, after in zip(frames, frames[1:]):
        new = on_table(after) - on_table(before) - {m.card for m in after.moves}
        assert not new or after.meanwhile.startswith("Meanwhile"), (after.caption, new)
    assert any(re.search(r"\b\d+ cards? dealt\b", view.meanwhile) for view in frames)
