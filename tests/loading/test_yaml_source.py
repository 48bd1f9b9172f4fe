from __future__ import annotations

from pathlib import Path

import pytest

from cardgen.errors import DeckError
from cardgen.loading.yaml_source import format_key, parse_yaml


def test_positions_are_recorded_for_values_and_keys() -> None:
    doc = parse_yaml("cards:\n  - id: x\n    count: 3\n", path=Path("d.yaml"))
    assert doc.data == {"cards": [{"id": "x", "count": 3}]}
    assert doc.where(("cards", 0, "count")) == (3, 12)
    assert doc.where(("cards", 0, "count", "<key>")) == (3, 5)


def test_unknown_position_falls_back_to_parent() -> None:
    doc = parse_yaml("a:\n  b: 1\n", path=Path("d.yaml"))
    assert doc.where(("a", "zzz")) == (2, 3)


@pytest.mark.parametrize("text", ["a: !!python/object:os.system x", "a: !custom 3", "a: !!binary aGVsbG8="])
def test_tags_are_rejected(text: str) -> None:
    with pytest.raises(DeckError, match="is not allowed"):
        parse_yaml(text, path=Path("d.yaml"))


def test_duplicate_keys_are_rejected() -> None:
    with pytest.raises(DeckError, match="duplicate key 'a'") as info:
        parse_yaml("a: 1\na: 2\n", path=Path("d.yaml"))
    assert info.value.line == 2


def test_scalars_follow_yaml_core_schema() -> None:
    doc = parse_yaml("i: 12\nf: 2.5\nb: true\nn: null\ns: '12'\nh: 0x10\n", path=Path("d.yaml"))
    assert doc.data == {"i": 12, "f": 2.5, "b": True, "n": None, "s": "12", "h": 16}


def test_deep_nesting_is_refused() -> None:
    with pytest.raises(DeckError, match="nesting"):
        parse_yaml("a: " + "[" * 100 + "]" * 100, path=Path("d.yaml"))


def test_format_key() -> None:
    assert format_key(("cards", 3, "count")) == "cards[3].count"
    assert format_key(()) == ""


# round-5 review: the two YAML slips a newcomer makes most, each with the hint that fixes it
COLOUR_HINT = "'#' after a space starts a YAML comment: put the colour in quotes, color: \"#b22222\""


@pytest.mark.parametrize(("before", "after", "position", "message"), [
    ('red:  {label: Red,  color: "#b22222",', "red:  {label: Red,  color: #b22222,", "13:30", "YAML syntax error"),
    ('  red:  {label: Red,  color: "#b22222", symbol: circle, pattern: stripes}',
     "  red:\n    label: Red\n    color: #b22222\n    symbol: circle", "15:11", "types.red.color"),
])
def test_an_unquoted_colour_is_explained(runner, minimal_copy: Path, before: str, after: str, position: str,
                                         message: str) -> None:
    from cardgen.cli import main

    deck = minimal_copy / "deck.yaml"
    deck.write_text(deck.read_text().replace(before, after))
    result = runner.invoke(main, ["validate", str(minimal_copy)])
    assert result.exit_code == 1
    assert len(result.output.splitlines()) == 1
    assert result.output.startswith(f"error: {deck}:{position}")
    assert message in result.output
    assert result.output.rstrip().endswith(f"— {COLOUR_HINT}")


def test_a_colon_inside_an_unquoted_value_is_explained(runner, minimal_copy: Path) -> None:
    from cardgen.cli import main

    deck = minimal_copy / "deck.yaml"
    deck.write_text(deck.read_text().replace("text: The first card.", "text: Note: the first card."))
    result = runner.invoke(main, ["validate", str(minimal_copy)])
    assert result.exit_code == 1
    assert result.output == (f"error: {deck}:21:15: YAML syntax error: mapping values are not allowed in this "
                             "context — a value holding ': ' needs quotes: text: \"Note: the first card.\"\n")


@pytest.mark.parametrize(("before", "after", "hint"), [
    ("name: One", "name: 42", "YAML read 42 as a number: put it in quotes, name: \"42\""),
    ("name: One", "name: true", "YAML read true as true or false: put it in quotes, name: \"true\""),
    ("text: The first card.", "text:", "the value is empty: write text: \"\" or leave the key out"),
])
def test_a_value_yaml_read_as_another_type_says_how_to_quote_it(runner, minimal_copy: Path, before: str,
                                                                after: str, hint: str) -> None:
    # round-5 review: `name: 42` → "must be text", with nothing to say why a 42 is not text
    from cardgen.cli import main

    deck = minimal_copy / "deck.yaml"
    deck.write_text(deck.read_text().replace(before, after, 1))
    result = runner.invoke(main, ["validate", str(minimal_copy)])
    assert result.exit_code == 1
    assert len(result.output.splitlines()) == 1 and "must be text" in result.output
    assert result.output.rstrip().endswith(f"— {hint}")


def test_a_card_size_mapping_missing_a_side_is_one_error(runner, minimal_copy: Path) -> None:
    # round-5 review: {width: 2.5in} also got "has an unexpected value — expected one of: poker, …"
    from cardgen.cli import main

    deck = minimal_copy / "deck.yaml"
    deck.write_text(deck.read_text().replace("card: poker", "card: {width: 2.5in}"))
    result = runner.invoke(main, ["validate", str(minimal_copy)])
    assert result.exit_code == 1
    assert result.output == f"error: {deck}:9:9: print.card.height: is required\n"
