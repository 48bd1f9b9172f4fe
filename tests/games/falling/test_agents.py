"""Agents: what they can see, the published strategy, and that they use every card.

The walkthrough looks for games that show each rule at work, so with four heuristic players at
least one seed in twenty must show each of the moments below.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from cardgen.errors import RulesError
from cardgen.games.falling import (
    HeuristicAgent,
    NoviceAgent,
    PickUp,
    Play,
    game_from_table,
    kind_of,
    make_agent,
    play_game,
    resolve_options,
)
from cardgen.loading import load_deck
from tests.conftest import FALLING


def moments(events) -> set[str]:  # type: ignore[no-untyped-def]
    found = set()
    for e in events:
        if e.kind == "RiderPushed":
            found.add("push")
        elif e.kind == "RiderGrabbed":
            found.add("grab")
        elif e.kind == "RiderDestroyed":
            found.add("stop a Rider")
        elif e.kind == "GroundStopped":
            found.add("stop a Ground")
        elif e.kind == "RiderApplied" and e["extras"]:
            found.add(f"Extra on a {kind_of(e['rider']).capitalize()}")
        elif e.kind == "CardsSwept" and len(e["cards"]) == 1 and kind_of(e["cards"][0]) == "extra":
            found.add("Extra Skip keeps the Skip")
    return found


def test_heuristic_games_show_every_rule_often() -> None:
    deck = load_deck(FALLING)
    counts: Counter[str] = Counter()
    first: dict[str, int] = {}
    for seed in range(200):
        for moment in moments(play_game(deck, seed=seed, players=4).events):
            counts[moment] += 1
            first.setdefault(moment, seed)
    wanted = ["push", "grab", "stop a Rider", "stop a Ground", "Extra on a Hit", "Extra on a Split",
              "Extra on a Skip", "Extra Skip keeps the Skip"]
    for moment in wanted:
        assert counts[moment] >= 10, (moment, counts)  # at least one seed in twenty
    assert max(first.values()) < 40


def _game(table, deck, agent, *, seat=0):  # type: ignore[no-untyped-def]
    agents = [None] * len(table["seats"])
    agents[seat] = agent
    return game_from_table(table, deck=deck, agents=agents, first_seat=1)


def test_heuristic_plays_hits_on_itself_early_and_on_its_left_late() -> None:
    agent = HeuristicAgent()
    early = _game({"seats": [{"held": "hit-1"}, {}, {}]}, [f"grab-{n}" for n in range(1, 30)], agent)
    assert agent.decide(early.views[0], random.Random(0)) == Play("hit-1", 0)
    late = _game({"seats": [{"held": "hit-1"}, {}, {}]}, ["grab-1", "ground-1", "ground-2"], agent)
    assert agent.decide(late.views[0], random.Random(0)) == Play("hit-1", 1)
    late_left_busy = _game({"seats": [{"held": "hit-1"}, {"rider": "skip-1"}, {}]}, ["grab-1", "ground-1"], agent)
    assert agent.decide(late_left_busy.views[0], random.Random(0)) == Play("hit-1", 2)


def test_heuristic_keeps_skips_and_stops_for_the_grounds() -> None:
    agent = HeuristicAgent()
    early = _game({"seats": [{"stacks": [["skip-1"], ["stop-1"]]}, {}, {}]}, [f"grab-{n}" for n in range(1, 30)], agent)
    assert agent.decide(early.views[0], random.Random(0)) is None  # nothing to play: pick up nothing
    late = _game({"seats": [{"stacks": [["skip-1"], ["stop-1"]]}, {}, {}]}, ["grab-1", "ground-1"], agent)
    assert agent.decide(late.views[0], random.Random(0)) == PickUp(2, "stop-1")
    holding = _game({"seats": [{"held": "stop-1", "rider": "skip-2"}, {"rider": "skip-3"}, {}]}, ["ground-1"], agent)
    assert agent.decide(holding.views[0], random.Random(0)) is None  # kept for the Ground


def test_heuristic_stops_a_ground_it_sees_coming() -> None:
    agent = HeuristicAgent()
    game = game_from_table({"seats": [{"held": "stop-1", "stacks": [["hit-1"]]}, {"stacks": [["hit-2"]]}]},
                           deck=["ground-1", "ground-2"], agents=[agent, None])
    game.run()
    kinds = [e.kind for e in game.events or []]
    assert "GroundStopped" in kinds
    assert game.state.winner == 0


def test_novice_sometimes_picks_up_what_it_cannot_play() -> None:
    table = {"seats": [{"stacks": [["push-1"]]}, {}, {}]}
    deck = [f"grab-{n}" for n in range(1, 30)]
    careful = HeuristicAgent()
    assert careful.decide(_game(table, deck, careful).views[0], random.Random(0)) is None
    novice = NoviceAgent(blunder=1.0)
    assert novice.decide(_game(table, deck, novice).views[0], random.Random(0)) == PickUp(1, "push-1")
    assert NoviceAgent().reaction.low_ms > HeuristicAgent().reaction.low_ms


def test_views_show_only_what_a_seated_player_sees() -> None:
    table = {"seats": [{"stacks": [["skip-1", "hit-1"]], "held": "stop-1"},
                       {"stacks": [["extra-1", "grab-1"]], "held": "push-1"}, {}]}
    deck = ["split-1", "split-2", "hit-9"]
    game = game_from_table(table, deck=deck, first_seat=2)
    view = game.views[0]
    hidden = set(deck) | {"skip-1", "extra-1", "push-1"}  # the deck, buried cards, another's hand
    seen: list[object] = []
    for name in dir(view):
        if name.startswith("_"):
            continue
        member = getattr(view, name)
        if not callable(member):
            seen.append(member)
            continue
        for args in ((), (0,), (1,), (2,)):
            try:
                seen.append(member(*args))
            except (TypeError, KeyError, IndexError):
                continue

    def cards(value: object) -> set[str]:
        if isinstance(value, str):
            return {value}
        if isinstance(value, (list, tuple)):
            return set().union(*(cards(v) for v in value)) if value else set()
        return set()

    visible = set().union(*(cards(v) for v in seen))
    assert not visible & hidden, visible & hidden
    assert {"hit-1", "grab-1", "stop-1"} <= visible
    assert view.deck_count() == 3 and view.holding(1) and view.grounds_in_deck() == 0


def test_unknown_agent_is_a_rules_error() -> None:
    with pytest.raises(RulesError, match="unknown agent 'heuristc'.*did you mean 'heuristic'"):
        make_agent("heuristc")
    with pytest.raises(RulesError, match="LOW-HIGH milliseconds"):
        make_agent("novice:fast")


def test_reaction_times_are_parameters() -> None:
    slow = make_agent("heuristic:900-1900")
    assert isinstance(slow, HeuristicAgent) and slow.reaction.low_ms == 900
    rng = random.Random(1)
    assert all(900 <= slow.reaction_ms(rng) <= 1900 for _ in range(200))
    recipe = {"hit": 8, "skip": 9, "stop": 9, "ground": 5}
    fast = [play_game(recipe, seed=seed, players=4, agents=["heuristic:100-150"], log=False) for seed in range(10)]
    lazy = [play_game(recipe, seed=seed, players=4, agents=["heuristic:1500-2500"]) for seed in range(10)]
    assert lazy[0].events[0]["players"][0]["agent"] == "heuristic:1500-2500"
    # a Stop must land within ground_window_ms (800) of the Ground: slow hands never make it
    assert sum(sum(r.tally.saves) for r in fast) > 0
    assert sum(sum(r.tally.saves) for r in lazy) == 0


def test_moments_label_the_rules_a_game_shows() -> None:
    from cardgen.games.falling import RULE_TITLES, find_moments

    deck = load_deck(FALLING)
    seen: dict[str, int] = {}
    for seed in range(60):
        for moment in find_moments(play_game(deck, seed=seed, players=4).events or []):
            seen[moment.rule] = seen.get(moment.rule, 0) + 1
            assert moment.rule in RULE_TITLES
    for rule in ("R14", "R16", "R17", "R18", "R21", "R22", "R23", "R24", "R25", "R26", "R27", "R31", "R37", "R43",
                 "R44", "R45", "R46", "R48", "R49", "R50"):
        assert seen.get(rule), rule


def test_moments_of_a_scenario() -> None:
    from cardgen.games.falling import find_moments

    game = game_from_table({"seats": [{"stacks": [["hit-1"]], "rider": "skip-1", "extras": ["extra-1"]},
                                      {"stacks": [["hit-2"]], "held": "stop-1"}]}, deck=["ground-1", "ground-2"],
                           options=resolve_options("official", {"deal_interval_ms": "1000"}))
    game.attempt(1, Play("stop-1"), at_ms=1300)
    game.run()
    rules = [(m.rule, m.event.kind) for m in find_moments(game.events or [])]
    assert rules[:3] == [("R14", "DealStarted"), ("R26", "RiderApplied"), ("R46", "GroundStopped")]
    assert ("R31", "PlayerGrounded") in rules


def test_a_play_refused_to_a_player_answering_a_ground_is_an_r31_moment() -> None:
    from cardgen.games.falling import find_moments

    game = game_from_table({"seats": [{"stacks": [["push-1"]], "held": "hit-1"}, {"stacks": [["push-2"]],
                                                                                 "held": "skip-1"}]},
                           deck=["ground-1", "grab-1"])
    game.attempt(0, Play("hit-1", 1), at_ms=100)
    game.attempt(1, Play("skip-1", 0), at_ms=200)
    game.run(until_ms=700)
    moments = [(m.rule, m.event.kind, m.event["reason"]) for m in find_moments(game.events or [])
               if m.event.kind == "PlayFailed"]
    assert moments == [("R31", "PlayFailed", "answering_ground"), ("R31", "PlayFailed", "target_answering")]
