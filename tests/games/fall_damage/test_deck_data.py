"""The deck against the source: every unit's class and stats, every treasure's category, item and roll.

The tables below are copied from the original rules (seeds/fall-damage.txt), not from the deck,
with the source's own spellings; the deck must match them except where a clarification of this
edition (listed in RESOLVED, and printed in the rulebook) settles a garbled value.
"""

from __future__ import annotations

import re

from cardgen.loading import load_deck
from tests.conftest import ROOT

DECK = load_deck(ROOT / "decks" / "fall-damage")

# name: (class, Move, Jump, Health, Attack, Reach, Push) as printed in the source's unit tables
SOURCE_UNITS: dict[str, tuple[str, object, object, int, int, object, object]] = {
    "Knight": ("fighter", 3, 1, 8, 3, 1, "B1"),
    "Bandit": ("fighter", 4, 1, 5, 5, 1, "L1"),
    "Samurai": ("fighter", 5, 1, 6, 4, 1, "R1"),
    "Shield Bearer": ("fighter", 3, 1, 9, 1, 1, "B1"),
    "Spearman": ("fighter", 4, 1, 6, 3, 2, "B2"),
    "Archer": ("ranger", 4, 2, 6, 3, 4, "B1"),
    "Arbalist": ("ranger", 3, 2, 6, 4, 4, "B1"),
    "Gunner": ("ranger", 3, 1, 6, 5, 3, "B2"),
    "Tinkerer": ("ranger", 3, 1, 6, 0, 3, 0),
    "Splash Mage": ("caster", 3, 1, 5, 0, 3, "B2"),
    "Force Mage": ("caster", 3, 1, 5, 0, 4, "B3"),
    "Space Mage": ("caster", 3, 1, 5, 0, 4, 0),
    "Brick Mage": ("caster", 3, 2, 5, 0, 4, 0),
    "Druid": ("caster", 3, 2, 5, 0, 3, 0),
    "Necromancer": ("caster", 3, 1, 4, 1, 1, "B1"),
    "Assassin": ("specialist", 4, "*", 5, 4, 1, "F1"),
    "Beast": ("specialist", "*", "*", 8, 5, 1, 2),
    "Wrestler": ("specialist", 3, 2, 6, 2, 1, "B2"),
    "Bard": ("specialist", 3, 2, 7, 0, 4, 0),
    "Medic": ("specialist", 5, 1, 6, 0, "*", 0),
    "Apothecary": ("specialist", 5, 1, 6, 0, 1, 0),
}
RESOLVED = {("Beast", "push"): "B2"}  # "Clarifications: the Beast's push" — the source prints a bare 2
STATS = ("move", "jump", "health", "attack", "reach", "push")

# category (first die, in the source's order) → items (second die, in reading order), source spellings
SOURCE_TREASURE: dict[str, list[str]] = {
    "Hero's Inventory": ["Magic Weapon", "Ethereal Weapon", "Moon Ore Sharpening Stone", "Thief's Boots",
                         "Exotic Crampons", "Elixir"],
    "General's Reserves": ["Grenade", "Cannon", "Assassins knife", "Quicksand Urn", "Climbing Rope", "War Drum"],
    "Mystic's Merchandise": ["Astral Projector", "Mimes Gloves", "Magic Mirror", "Celestial Cannon", "Phase sword",
                             "Lead Shoes"],
    "Gaia's Gifts": ["Life Fountain", "Eruption", "Fog", "Geomagnetic Reversal", "Dam Break", "Tectonic shift"],
    "Troll's Paw": ["Satiate The Deity", "Adrenal Depletion", "Blood Contract", "Puzzle Box", "Armor of Thorns",
                    "Botched Augmentation"],
    "Deity's Deals": ["Discorporate", "Ancestral Aid", "Pink Slip", "Unholy Deal", "Southern Wind", "Northern Wind"],
}
MAGES = {"Splash Mage", "Force Mage", "Space Mage", "Brick Mage"}


def _key(name: str) -> str:
    """Names compared without case, spaces or apostrophes ("Assassins knife" = "Assassin's Knife")."""
    return re.sub(r"[^a-z]", "", name.lower())


def _units() -> dict[str, object]:
    return {card.name: card for card in DECK.cards if card.type in ("fighter", "ranger", "caster", "specialist")}


def test_every_source_unit_is_in_the_deck_with_its_class_and_stats() -> None:
    units = _units()
    assert sorted(units) == sorted(SOURCE_UNITS)
    for name, (klass, *values) in SOURCE_UNITS.items():
        card = units[name]
        assert card.type == klass, name  # type: ignore[attr-defined]
        for stat, value in zip(STATS, values):
            expected = RESOLVED.get((name, stat), value)
            assert card.stats[stat] == expected, (name, stat)  # type: ignore[attr-defined]


def test_only_the_listed_clarifications_differ_from_the_source() -> None:
    units = _units()
    differences = {(name, stat) for name, (_, *values) in SOURCE_UNITS.items()
                   for stat, value in zip(STATS, values) if units[name].stats[stat] != value}  # type: ignore[attr-defined]
    assert differences == set(RESOLVED)


def test_unit_counts_two_of_each_for_two_teams() -> None:
    classes = {"fighter": 5, "ranger": 4, "caster": 6, "specialist": 6}
    for klass, distinct in classes.items():
        cards = [card for card in DECK.cards if card.type == klass]
        assert len(cards) == distinct, klass
        assert all(card.count == 2 for card in cards), klass
    skeleton = DECK.card("skeleton")
    necromancer = DECK.card("necromancer")
    assert skeleton.type == "summoned" and skeleton.count == 4
    assert all(skeleton.stats[s] == necromancer.stats[s] for s in STATS)  # "of the same stats"
    assert not any(a.name == "Raise" for a in skeleton.abilities)


def test_treasures_are_six_categories_of_six_with_their_rolls() -> None:
    treasures = [card for card in DECK.cards if "roll" in card.stats]
    assert len(treasures) == 36 and all(card.count == 1 for card in treasures)
    for first, (category, items) in enumerate(SOURCE_TREASURE.items(), start=1):
        for second, item in enumerate(items, start=1):
            matches = [card for card in treasures if _key(card.name) == _key(item)]
            assert len(matches) == 1, item
            card = matches[0]
            assert DECK.types[card.type].label == category, item
            assert card.stats["roll"] == f"{first}-{second}", item
            assert card.text, item


def test_the_treasure_table_and_reference_cards_are_in_the_kit() -> None:
    tables = [DECK.card("treasure-table"), DECK.card("treasure-table-2")]  # categories 1-3, then 4-6
    assert [(t.layout, t.count) for t in tables] == [("fd-treasure-table", 1), ("fd-treasure-table-2", 1)]
    references = {card.id: card for card in DECK.cards if card.type == "reference" and not card.id.startswith("treasure-table")}
    assert {"ref-turn", "ref-push", "ref-fall", "ref-terrain"} <= set(references)
    assert DECK.total_cards % 9 == 0  # full sheets of nine poker cards
    assert "two" in references["ref-turn"].text and "one move and one action" in references["ref-turn"].text
    assert "1 damage per tile" in references["ref-fall"].text and "Water" in references["ref-fall"].text
    terrain = references["ref-terrain"].text
    for word in ("Lava", "Water", "Trees", "Bridges", "Castle Spires"):
        assert word in terrain, word
    assert set(references["ref-push"].stats.values()) == {"B2", "L1", "R1", "F1"}


def test_only_the_four_mages_carry_the_fall_damage_bonus() -> None:
    with_bonus = {card.name for card in DECK.cards if "+2" in str(card.stats.get("fall", ""))}
    assert with_bonus == MAGES
    assert "none" in str(DECK.card("wrestler").stats["fall"])


def test_ability_icons_where_the_source_says() -> None:
    archer = DECK.card("archer").abilities
    assert "no-los" in archer[0].icons  # "Arrow's Arc: No LOS"
    for card in DECK.cards:
        for ability in card.abilities:
            assert not ({"action", "tip"} <= set(ability.icons)), (card.id, ability.name)  # a tip is not a rule
    tips = {card.id for card in DECK.cards for a in card.abilities if "tip" in a.icons}
    assert {"bandit", "spearman", "gunner"} <= tips  # the source's "tip only" units
