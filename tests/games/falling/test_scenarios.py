"""One scenario per rule of play (R14–R52) and per variant option, from hand-made tables.

Each fixture in ``scenarios/`` is named after the rule it tests; R35 (one hand) is about the
players' timing, so it is tested here in Python with an agent.
"""

from __future__ import annotations

import random

import pytest

from cardgen.games.falling import PickUp, conservation_problems, final_table, game_from_table, resolve_options
from tests.games.falling.scenario import HERE, check_expectations, check_final, load_scenarios, run_scenario

SCENARIOS = load_scenarios()


@pytest.mark.parametrize("sc", [s for _, s in SCENARIOS], ids=[name for name, _ in SCENARIOS])
def test_scenario(sc) -> None:  # type: ignore[no-untyped-def]
    game = run_scenario(sc)
    events = game.events
    assert events is not None
    problems = check_expectations(sc, events) + check_final(sc, game.state.snapshot())
    log = "\n".join(repr(e) for e in events)
    assert not problems, f"{sc['rule']}: {sc['title']}\n" + "\n".join(problems) + "\n--- log ---\n" + log
    # the log tells the whole story: replaying it gives the same table, every card in one place
    replayed = final_table(events)
    live = game.state.snapshot()
    assert replayed.seats == live.seats and replayed.deck == live.deck and replayed.discard == live.discard
    assert conservation_problems(live, game.state.cards) == []


def test_every_rule_of_play_has_a_scenario() -> None:
    covered = {sc["rule"] for _, sc in SCENARIOS} | {"R35"}
    wanted = {f"R{n}" for n in range(14, 53)}
    assert wanted <= covered, sorted(wanted - covered)
    for path in HERE.glob("r*.yaml"):
        number = path.name.split("-")[0].upper()
        assert number in wanted, path.name


class Greedy:
    """Always wants to pick up or play something: shows that one hand means one attempt at a time."""

    name = "greedy"

    def __init__(self) -> None:
        self.decisions: list[int] = []

    def reaction_ms(self, rng: random.Random) -> int:
        return 300

    def decide(self, view, rng):  # type: ignore[no-untyped-def]
        self.decisions.append(view.now_ms())
        tops = view.tops()
        if view.held() is None and tops:
            return PickUp(*tops[0])
        return None


def test_r35_one_hand_one_attempt_at_a_time() -> None:
    greedy = Greedy()
    table = {"seats": [{"stacks": [["hit-1", "hit-2", "hit-3"], ["skip-1", "skip-2"]]}, {"stacks": [["push-1"]]}]}
    game = game_from_table(table, deck=["grab-1", "grab-2", "grab-3"], agents=[greedy, None], first_seat=1,
                           options=resolve_options("official", {"conflict": "first_wins"}))
    game.run(until_ms=2500)
    picks = [e for e in game.events or [] if e.kind in ("CardPickedUp", "PickUpFailed") and e["player"] == 0]
    assert [e.kind for e in picks] == ["CardPickedUp"]  # the hand is full after one card
    assert picks[0].t_ms == 300
    # it decided at the start and again when its hand came back; never while a card was on its way
    assert greedy.decisions[:2] == [0, 300]
