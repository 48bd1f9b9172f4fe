"""The house-rules chapters speak the player's words; the engine's names live in docs/simulate.md.

docs/simulate.md maps each house rule as the rulebook names it (and each of its choices) to the
engine's option and values. The rulebook must give each of those names and choices, and no code
name (a `code span` or a snake_case word) may reach the chapter, in English or in French.
"""

from __future__ import annotations

import re

import pytest

from cardgen.i18n.units import parse_rulebook
from tests.conftest import FALLING, ROOT

# The option column of ../shared/RULES.md (D1–D11, A1–A7): name → values the engine takes.
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
FALLING_OFF = ROOT / "decks" / "falling-off"
SNAKE = re.compile(r"\b[a-z]+_[a-z_]+\b")


def _mapping(heading: str) -> dict[str, tuple[str, dict[str, str]]]:
    """docs/simulate.md's table under the row header ``heading``: rulebook name → (option, {words: value})."""
    text = (ROOT / "docs" / "simulate.md").read_text(encoding="utf-8")
    table = text[text.index(f"| {heading} |"):].split("\n\n")[0]
    out: dict[str, tuple[str, dict[str, str]]] = {}
    for row in table.splitlines()[2:]:
        name, option, choices = (cell.strip() for cell in row.strip("|").split("|"))
        words = dict(re.findall(r"([^;→]+?) → `([^`]+)`", choices))
        out[name] = (option.strip("`"), {w.strip(): v for w, v in words.items()})
    return out


def _chapter(deck: object) -> dict[str, str]:
    doc = parse_rulebook(deck / "rulebook.md")  # type: ignore[operator]
    return {unit.context: unit.source for unit in doc.units() if unit.context.startswith("rulebook:variants.")}


def _french(deck: object, contexts: set[str]) -> dict[str, str]:
    import polib

    catalog = polib.pofile(str(deck / "locale" / "fr.po"))  # type: ignore[operator]
    return {e.msgctxt: e.msgstr for e in catalog if e.msgctxt in contexts and not e.obsolete}


@pytest.mark.parametrize("deck, heading", [(FALLING, "house rule (rulebook)"), (FALLING_OFF, "house rule (rules sheet)")])
def test_every_house_rule_is_named_with_its_choices_in_the_players_words(deck: object, heading: str) -> None:
    chapter = list(_chapter(deck).values())
    for name, (_, words) in _mapping(heading).items():
        items = [text for text in chapter if text.startswith(f"**{name}:**")]
        assert items, f"no '**{name}:**' item in the house rules of {deck}"
        for choice in words:
            assert choice.lower() in items[0].lower(), (name, choice)


def test_the_mapping_covers_every_engine_option_with_its_values() -> None:
    mapping = {option: set(words.values()) for option, words in _mapping("house rule (rulebook)").values()}
    assert set(mapping) == set(OPTIONS)
    for option, values in OPTIONS.items():
        assert values <= mapping[option], option


@pytest.mark.parametrize("deck", [FALLING, FALLING_OFF])
def test_no_code_name_reaches_the_players_text(deck: object) -> None:
    chapter = _chapter(deck)
    french = _french(deck, set(chapter))
    assert len(french) == len(chapter)
    for context, text in [*chapter.items(), *french.items()]:
        assert "`" not in text and not SNAKE.search(text), (context, text)


def test_names_match_the_engine() -> None:
    """Every house rule the docs map is a field of the engine's Options, and each value the docs name parses."""
    from dataclasses import fields

    from cardgen.games.falling.variants import Options, parse_value

    engine = {field.name for field in fields(Options)}
    missing = [name for name in OPTIONS if name not in engine]
    assert not missing, f"options docs/simulate.md names but the engine does not: {missing}"
    for name, values in OPTIONS.items():
        for value in values:
            parse_value(name, value)  # raises on a value the engine does not take


def test_falling_open_points_are_this_editions_reading_and_the_stop_timing_is_the_engines() -> None:
    """review-sim F8: Push's scope is an open point of the published text (A1), so the Options list may
    not call one choice "the published rule" while "Settled in this edition" settles it; and a Stop
    counts while the Ground is dealt, up to the engine's answer window after it lands (R46, A3)."""
    from cardgen.games.falling import resolve_options

    english = _chapter(FALLING)
    french = _french(FALLING, set(english))
    push = next(context for context, text in english.items() if text.startswith("**What a Push moves:**"))
    assert "published rule" not in english[push] and "this edition's reading" in english[push]
    assert "règle publiée" not in french[push] and "lecture de cette édition" in french[push]
    assert resolve_options("official", {}).ground_window_ms > 0  # a Stop played just after the Ground lands counts
    timing = [context for context, text in english.items() if "Stop saves" in text and "Ground" in text]
    assert len(timing) == 2  # the house rule and the settled point
    for context in timing:
        assert "before the Ground lands" not in english[context] and "within a moment of its landing" in english[context]
        assert "avant que le Sol ne tombe" not in french[context] and "dans l’instant qui suit sa chute" in french[context]
