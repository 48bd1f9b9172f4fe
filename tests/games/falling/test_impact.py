"""Card impact by ablation and recipe search: same seeds, paired intervals, deck.yaml lines."""

from __future__ import annotations

import pytest

from cardgen.errors import RulesError
from cardgen.games.falling.impact import ablations, card_impact, impact_summary
from cardgen.games.falling.simulation import SimConfig, run_games
from cardgen.games.falling.tuning import deck_yaml_lines, parse_target, tune

RECIPE = {"hit": 8, "split": 5, "skip": 9, "push": 6, "grab": 6, "stop": 9, "extra": 6, "ground": 5}


def run(config: SimConfig) -> list:  # type: ignore[type-arg]
    return run_games(config, workers=1)


def test_each_ablation_takes_out_one_card_of_one_type() -> None:
    config = SimConfig(recipe={**RECIPE, "extra": 0}, games=10, seed=4)
    found = dict(ablations(config))
    assert set(found) == {"hit", "split", "skip", "push", "grab", "stop"}  # no Extra to take out
    for kind, ablated in found.items():
        changed = {k: RECIPE[k] - ablated.recipe[k] for k in ablated.recipe if ablated.recipe[k] != config.recipe[k]}
        assert changed == {kind: 1}
        assert ablated.seed == config.seed and ablated.games == config.games


def test_impact_pairs_the_same_games_and_gives_intervals() -> None:
    config = SimConfig(recipe=RECIPE, games=120, players=(6, 6), seed=2)
    impact = card_impact(config, run)
    rows = {r["kind"]: r for r in impact["removed_one"]}
    assert set(rows) == set(RECIPE) - {"ground"}
    for r in rows.values():
        lo, hi = r["length_change_ci95"]
        assert lo <= r["length_change_seconds"] <= hi and r["games"] == 120
        a_lo, a_hi = r["first_seat_advantage_change_ci95"]
        assert a_lo <= r["first_seat_advantage_change"] <= a_hi
    # one card fewer means fewer cards to deal before the Grounds: games get shorter
    assert sum(r["length_change_seconds"] for r in rows.values()) < 0
    assert "changes the game's length most" in impact_summary(impact)


def test_an_ablated_game_deals_the_full_decks_order_without_the_card() -> None:
    """Review F6: "paired" means the same deal. Game ``i`` without one Hit deals game ``i``'s shuffled
    full deck with that Hit taken out (everything else in its place); a recipe search's moved card
    takes the place of the card it replaces; Grounds stay at the bottom (R12)."""
    import random

    from cardgen.games.falling import new_game
    from cardgen.games.falling.cards import paired_deck, shuffled_deck

    for seed in range(20):
        full = shuffled_deck(RECIPE, random.Random(seed))
        a, b = random.Random(seed), random.Random(seed)
        shuffled_deck(RECIPE, a)
        assert paired_deck(RECIPE, {**RECIPE, "hit": 7}, b) == [c for c in full if c != "hit-8"]
        assert a.random() == b.random()  # the rest of the game draws the same random numbers
        moved = paired_deck(RECIPE, {**RECIPE, "hit": 7, "stop": 10}, random.Random(seed))
        assert moved == ["stop-10" if c == "hit-8" else c for c in full]
        bigger = paired_deck(RECIPE, {**RECIPE, "grab": 7}, random.Random(seed))
        assert [c for c in bigger if c != "grab-7"] == full and bigger[-5:] == [f"ground-{i}" for i in range(1, 6)]
        assert paired_deck(RECIPE, RECIPE, random.Random(seed)) == full
    config = SimConfig(recipe=RECIPE, games=3, players=(6, 6), seed=2)
    ablated = dict(ablations(config))["hit"]
    for index in range(3):
        seed = config.game_seed(index)
        with_card = new_game(RECIPE, seed=seed, players=6).events[0]["deck"]
        without = new_game(ablated.recipe, seed=seed, players=6, paired_with=ablated.paired_with).events[0]["deck"]
        assert list(without) == [c for c in with_card if c != "hit-8"]


def test_recipe_search_moves_towards_the_target_and_keeps_the_deck_size() -> None:
    config = SimConfig(recipe=RECIPE, games=80, players=(6, 6), seed=1)
    result = tune(config, parse_target("length=70s"), run, budget=6)
    assert len(result.trials) <= 6 and result.games == 80 * len(result.trials)
    assert result.best.score <= result.start.score
    assert sum(result.best.recipe.values()) == sum(RECIPE.values()) and result.best.recipe["ground"] == 5
    lines = deck_yaml_lines(result.best.recipe, RECIPE)
    assert lines[0] == "  - id: hit" and lines[1].startswith("    count: ")
    changed = [line for line in lines if "# was" in line]
    assert len(changed) == (0 if result.best is result.start else 2) or len(changed) % 2 == 0


@pytest.mark.parametrize("text", ["length=abc", "speed", "length=2s"])
def test_a_bad_target_is_a_clear_error(text: str) -> None:
    with pytest.raises(RulesError) as info:
        parse_target(text)
    assert info.value.hint
