"""Variants by name and house-rule options by the names the rulebook uses."""

from __future__ import annotations

import pytest

from cardgen.errors import RulesError
from cardgen.games.falling import Options, find_variant, resolve_options
from cardgen.games.falling.variants import CHOICES, OPTION_NAMES, MemoryVariant, OfficialVariant, parse_overrides
from tests.rulebook.test_variants_chapter import OPTIONS as RULEBOOK_OPTIONS


def test_variants_are_found_by_name_and_alias() -> None:
    assert find_variant("official") is OfficialVariant
    assert find_variant("Published") is OfficialVariant
    assert find_variant("memory") is MemoryVariant
    assert find_variant(" from-memory ") is MemoryVariant


def test_unknown_variant_names_the_close_one() -> None:
    with pytest.raises(RulesError) as info:
        find_variant("memroy")
    assert "unknown variant 'memroy'" in str(info.value) and "did you mean 'memory'" in str(info.value)


def test_every_rulebook_option_is_an_engine_option_with_the_same_values() -> None:
    for name, values in RULEBOOK_OPTIONS.items():
        assert name in OPTION_NAMES
        if values:
            assert {str(v) for v in CHOICES[name]} == values, name


def test_official_defaults_are_the_published_rules() -> None:
    o = OfficialVariant.options
    assert (o.max_extras, o.stop_mode, o.conflict, o.push_scope, o.lockout, o.ground_return) == (
        1, "destroy_in_place", "dealer", "own", "on", "top_of_deck")


def test_memory_variant_is_the_from_memory_rules() -> None:
    o = MemoryVariant.options
    assert o.max_extras == "unlimited" and o.extra_limit > 100  # D1
    assert o.stop_mode == "counter_on_play"  # D5
    assert o.conflict == "first_wins"  # D6
    assert o.lockout == "off"  # D11
    assert o.push_scope == "own"  # D7: pushes your own Rider


def test_options_can_be_overridden_one_by_one() -> None:
    o = resolve_options("memory", {"lockout": "on", "max_extras": "2", "ground_window_ms": "450"})
    assert (o.lockout, o.max_extras, o.ground_window_ms, o.stop_mode) == ("on", 2, 450, "counter_on_play")
    assert resolve_options("official", {}) == Options()


@pytest.mark.parametrize("name,value,needle", [
    ("lockout", "maybe", "lockout cannot be 'maybe'"),
    ("max_extras", "0", "max_extras must be 1"),
    ("ground_window_ms", "-5", "whole number of milliseconds"),
    ("deal_interval_ms", "0", "from 1 to 60000"),
    ("lockot", "on", "did you mean 'lockout'"),
])
def test_bad_options_are_rules_errors_with_a_hint(name: str, value: str, needle: str) -> None:
    with pytest.raises(RulesError) as info:
        resolve_options("official", {name: value})
    assert needle in str(info.value)


def test_option_syntax_is_name_equals_value() -> None:
    assert parse_overrides(["lockout=off", " stop_mode = counter_on_play"]) == {
        "lockout": "off", "stop_mode": "counter_on_play"}
    with pytest.raises(RulesError, match="not name=value"):
        parse_overrides(["lockout"])
