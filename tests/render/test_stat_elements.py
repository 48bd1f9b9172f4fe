"""The element kinds that draw card stats: what they draw (recorded calls) and what they refuse."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardgen.cli import main
from cardgen.errors import CardgenError
from cardgen.loading import load_deck
from cardgen.loading.deck_loader import load_deck_layouts
from cardgen.model.stat_values import StatValueError, parse_push, parse_roll
from cardgen.render.card_renderer import ELEMENT_KINDS, CardRenderer
from cardgen.render.elements.health_track import track_geometry
from cardgen.render.recording_canvas import RecordingCanvas
from tests.conftest import DATA

DECKS = DATA / "decks" / "stat-values"


def _renderer(path: Path = DECKS / "valid.yaml"):  # type: ignore[no-untyped-def]
    deck = load_deck(path)
    layouts = load_deck_layouts(deck)
    return deck, CardRenderer(deck, layouts[deck.layout], layouts)


def _draw(element_name: str, card_id: str, *, layout: str = "stats-card") -> RecordingCanvas:
    """Draw one element of a layout for one card, alone, on a recording canvas."""
    deck, renderer = _renderer()
    element = deck._layouts[layout].elements[element_name]
    card = deck.card(card_id)
    canvas = RecordingCanvas()
    ELEMENT_KINDS[element.kind](renderer, canvas, element, card, deck.types[card.type])
    return canvas


def _calls(canvas: RecordingCanvas, name: str) -> list[tuple[tuple[object, ...], dict[str, object]]]:
    return [(args, kwargs) for call, args, kwargs in canvas.records if call == name]


@pytest.mark.parametrize(("text", "push"), [("B2", ("B", 2)), ("L1", ("L", 1)), ("R3", ("R", 3)), ("F1", ("F", 1)),
                                            ("0", (None, 0)), (0, (None, 0))])
def test_push_notation(text: str | int, push: tuple[str | None, int]) -> None:
    parsed = parse_push(text)
    assert (parsed.direction, parsed.distance) == push


@pytest.mark.parametrize("text", ["2", 2, "X2", "B0", "B10", "F2", "b2", "B"])
def test_bad_pushes_are_refused(text: str | int) -> None:
    with pytest.raises(StatValueError):
        parse_push(text)


def test_rolls_are_two_dice_in_order() -> None:
    assert parse_roll("3-5") == (3, 5) and parse_roll("5-3") == (5, 3)
    for bad in ("0-1", "3-7", "35", "three-five"):
        with pytest.raises(StatValueError):
            parse_roll(bad)


def test_health_track_draws_one_box_per_point() -> None:
    for card_id, health in (("knight", 8), ("beast", 5)):
        boxes = _calls(_draw("track", card_id), "rect")
        assert len(boxes) == health
        sides = {round(float(args[2]), 2) for args, _ in boxes}
        assert len(sides) == 1 and 6.5 <= sides.pop() <= 13.0


def test_health_track_wraps_long_tracks_into_rows_of_legible_boxes() -> None:
    cols, rows, side, _ = track_geometry(30, 150.0, 40.0, None)
    assert cols * rows >= 30 and rows > 1 and side >= 6.5
    assert track_geometry(8, 150.0, 16.0, None)[:2] == (8, 1)


def test_dice_show_the_roll_with_pips() -> None:
    canvas = _draw("dice", "beast")  # roll 6-3
    dice = _calls(canvas, "rect")
    pips = _calls(canvas, "circle")
    assert len(dice) == 2 and len(pips) == 6 + 3
    first, second = (float(args[0]) for args, _ in dice)
    assert first < second  # the first die on the left


def test_push_arrow_points_the_way_of_the_push() -> None:
    deck, renderer = _renderer()
    element = deck._layouts["stats-card"].elements["push"]
    tips = {}
    for push in ("B2", "L1", "R1"):
        card = deck.card("knight").model_copy(update={"stats": {**deck.card("knight").stats, "push": push}})
        canvas = RecordingCanvas()
        ELEMENT_KINDS["push-arrow"](renderer, canvas, element, card, deck.types["unit"])
        arrow = [args[0] for args, kwargs in _calls(canvas, "polygon") if kwargs.get("fill")][-1]
        target = [args for args, kwargs in _calls(canvas, "circle") if kwargs.get("stroke")][-1]
        tip = max(arrow, key=lambda p: ((p[0] - target[0]) ** 2 + (p[1] - target[1]) ** 2))
        tips[push] = (tip[0] - target[0], tip[1] - target[1])
    assert tips["B2"][1] > abs(tips["B2"][0])  # straight up, away from the attacker below
    assert tips["L1"][0] < -abs(tips["L1"][1])
    assert tips["R1"][0] > abs(tips["R1"][1])


def test_stat_block_shows_labels_values_and_a_star_for_star() -> None:
    knight = _draw("stats", "knight")
    texts = [args[2] for args, _ in _calls(knight, "text")]
    assert texts == ["MOVE", "3", "PUSH", "B2"]
    beast = _draw("stats", "beast")
    assert "*" not in [args[2] for args, _ in _calls(beast, "text")]
    assert len(_calls(beast, "line")) == 3  # the star is drawn: three strokes


def test_abilities_show_name_text_and_icons() -> None:
    canvas = _draw("abilities", "knight")
    (args, kwargs), = _calls(canvas, "text_box")
    assert args[0] == "**Vanguard.** First activated, +1 Move."
    assert 6.0 <= kwargs["size"] <= 8.0
    assert _calls(canvas, "circle")  # the action icon is a disc


def test_roll_table_lists_every_rolled_card_in_order() -> None:
    canvas = _draw("table", "rolls", layout="table-card")
    names = [args[2] for args, _ in _calls(canvas, "text")]
    assert names == ["Unit", "Knight", "Unit", "Beast"]


def test_types_and_cards_choose_their_face_layout() -> None:
    deck, renderer = _renderer()
    assert deck.face_layout(deck.card("knight")) == "stats-card"
    assert deck.face_layout(deck.card("rolls")) == "table-card"
    canvas = RecordingCanvas()
    renderer.draw_face(canvas, deck.card("rolls"))
    assert "Knight" in canvas.text_log() and "MOVE" not in canvas.text_log()


BAD = {
    "bad-push-without-direction": ("cards[0].stats.push", "a push of 2 has no direction"),
    "bad-push-unknown-direction": ("cards[0].stats.push", "'X2' is not a push"),
    "bad-health-not-a-number": ("cards[0].stats.health", "Health must be a whole number, not 'lots'"),
    "bad-health-missing": ("cards[0].stats.health", "missing stat 'health'"),
    "bad-roll-out-of-range": ("cards[1].stats.roll", "'7-3': each die shows 1 to 6"),
    "bad-roll-twice": ("cards[1].stats.roll", "the roll 1-2 already picks 'knight'"),
    "bad-stat-not-a-number": ("cards[1].stats.move", "move must be a whole number or '*', not 'fast'"),
    "bad-type-layout-unknown": ("types.table.layout", "unknown layout 'table-crad'"),
}


@pytest.mark.parametrize("case", sorted(BAD))
def test_bad_stats_are_one_line_with_file_line_field(case: str, runner, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    field, message = BAD[case]
    with pytest.raises(CardgenError) as info:
        load_deck(DECKS / f"{case}.yaml")
    assert [p.field for p in info.value.problems] == [field]
    result = runner.invoke(main, ["sheets", str(DECKS / f"{case}.yaml"), "-o", str(tmp_path / "out.pdf")])
    assert result.exit_code == 1
    lines = [line for line in result.output.splitlines() if line.strip()]
    assert len(lines) == 1 and "Traceback" not in result.output
    line = lines[0].replace("\\", "/")
    assert f"stat-values/{case}.yaml:" in line and f": {field}: {message}" in line
    assert line.split(f"{case}.yaml:")[1].split(":")[0].isdigit()  # the line number
    assert not (tmp_path / "out.pdf").exists()


def test_unknown_element_kind_and_bad_stat_entry_point_at_the_layout(tmp_path: Path) -> None:
    from cardgen.errors import LayoutError
    from cardgen.loading.layouts import load_layout

    (tmp_path / "templates").mkdir()
    (tmp_path / "templates" / "typo.yaml").write_text("elements:\n  stats: {kind: stat-blok}\n")
    (tmp_path / "templates" / "entry.yaml").write_text("elements:\n  stats: {kind: stat-block, fields: [move, 'push:arrow']}\n")
    with pytest.raises(LayoutError) as info:
        load_layout("typo", deck_folder=tmp_path)
    assert info.value.line == 2 and info.value.field == "elements.stats.kind" and "did you mean 'stat-block'" in str(info.value)
    with pytest.raises(LayoutError) as info:
        load_layout("entry", deck_folder=tmp_path)
    assert info.value.line == 2 and "'push:arrow' is not a stat key" in str(info.value)
