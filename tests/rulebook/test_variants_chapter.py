"""The house-rules chapter names each variant with the option names and values the engine uses."""

from __future__ import annotations

import re

import pytest

from cardgen.i18n.units import parse_rulebook
from tests.conftest import FALLING, ROOT

# The option column of ../shared/RULES.md (D1–D11, A1–A7): name → values the chapter must give.
OPTIONS = {
    "max_extras": {"1", "unlimited"},
    "extra_hit_per_extra": {"+1/stack"},
    "stop_mode": {"destroy_in_place", "counter_on_play"},
    "conflict": {"dealer", "first_wins"},
    "push_scope": {"own", "any"},
    "lockout": {"on", "off"},
    "ground_return": {"top_of_deck"},
    "ground_window_ms": set(),
}


def _option_items() -> dict[str, set[str]]:
    doc = parse_rulebook(FALLING / "rulebook.md")
    items: dict[str, set[str]] = {}
    for unit in doc.units():
        match = re.match(r"`(\w+)` — (.*)", unit.source)
        if unit.context.startswith("rulebook:variants.") and match:
            items[match.group(1)] = set(re.findall(r"`([^`]+)`", match.group(2)))
    return items


def test_every_option_is_named_with_its_values() -> None:
    items = _option_items()
    assert set(items) == set(OPTIONS)
    for name, values in OPTIONS.items():
        assert values <= items[name], name


def test_names_match_the_engine_when_it_is_there() -> None:
    if not (ROOT / "cardgen" / "games" / "falling" / "variants.py").is_file():
        pytest.skip("cardgen.games.falling.variants is not written yet")
    source = (ROOT / "cardgen" / "games" / "falling" / "variants.py").read_text()
    missing = [name for name in OPTIONS if name not in source]
    assert not missing, f"options the rulebook names but the engine does not: {missing}"
