"""A frame is a pure function of its TableView: checked through recorded drawing calls."""

from __future__ import annotations

import pytest

from cardgen.loading import load_deck
from cardgen.loading.deck_loader import load_deck_layouts
from cardgen.render.card_renderer import CardRenderer
from cardgen.render.recording_canvas import RecordingCanvas
from cardgen.walkthrough.frames import FramePainter
from cardgen.walkthrough.table_view import Highlight, SeatView, StackView, TableView, format_clock, kind_of
from tests.conftest import FALLING


@pytest.fixture(scope="module")
def painter() -> FramePainter:
    deck = load_deck(FALLING)
    layouts = load_deck_layouts(deck)
    return FramePainter(CardRenderer(deck, layouts[deck.layout], layouts))


def _view(**changes) -> TableView:  # type: ignore[no-untyped-def]
    seats = (
        SeatView(0, "Ann", (StackView(1, "hit-2", 3),), held="stop-1", rider="split-1", extras=("extra-2",)),
        SeatView(1, "Bob", (StackView(2, "skip-3", 2), StackView(5, "push-1", 1))),
        SeatView(2, "Cleo", (), out=True, ground="ground-1"),
    )
    base = dict(seats=seats, deck_count=20, grounds_in_deck=4, discard_top="hit-5", discard_count=7, clock_ms=12400,
                caption="Ann lays an Extra on her Split.", highlights=(Highlight("rider", 0),), rule_label="Extra")
    base.update(changes)
    return TableView(**base)


def _record(painter: FramePainter, view: TableView) -> RecordingCanvas:
    canvas = RecordingCanvas()
    painter.draw(canvas, view, width=480, height=420)
    return canvas


def test_same_view_same_drawing(painter: FramePainter) -> None:
    assert _record(painter, _view()).text_log() == _record(painter, _view()).text_log()


def test_frame_shows_clock_names_caption_and_counts(painter: FramePainter) -> None:
    log = _record(painter, _view()).text_log()
    for text in ("'00:12.4'", "'Ann'", "'Bob'", "'Cleo (out)'", "'Ann lays an Extra on her Split.'", "'Deck: 20'",
                 "'Discard: 7'", "'Extra'", "'3'"):
        assert text in log, text


def test_cards_are_the_printed_faces(painter: FramePainter) -> None:
    groups = {line for line in _record(painter, _view()).calls if line.startswith("group(")}
    assert groups == {"group('face-hit')", "group('face-stop')", "group('face-split')", "group('face-extra')",
                      "group('face-skip')", "group('face-push')", "group('face-ground')", "group('back')"}


def test_rider_is_drawn_sideways(painter: FramePainter) -> None:
    calls = _record(painter, _view()).calls
    index = calls.index("group('face-split')")
    assert "rotate(90.00)" in calls[index - 4:index]


def test_highlight_changes_the_drawing(painter: FramePainter) -> None:
    plain = _record(painter, _view(highlights=())).text_log()
    marked = _record(painter, _view()).text_log()
    assert plain != marked
    assert marked.count("dash=(2.50,2)") > plain.count("dash=(2.50,2)")


def test_helpers() -> None:
    assert format_clock(12400) == "00:12.4"
    assert format_clock(61_000) == "01:01.0"
    assert kind_of("hit-3") == "hit" and kind_of("extra") == "extra" and kind_of("x-y-12") == "x-y"


@pytest.mark.parametrize("seats", range(2, 11))
def test_no_mat_overlaps_another_riders_lie_in_their_mats_and_all_stay_in_the_frame(painter: FramePainter, seats: int) -> None:
    from cardgen.walkthrough.frames import CAPTION_H, HEADER_H, _any_overlap, frame_height

    width, height = 515, frame_height(seats)
    mats = painter.layout(seats, width=width, height=height)
    assert len(mats) == seats + 1
    boxes = [(m.cx, m.cy, m.w, m.h) for m in mats]
    for mat in mats[1:]:  # the Rider's place is inside its player's mat
        rx, ry, rw, rh = mat.rider_box
        assert mat.cx - mat.w / 2 <= rx - rw / 2 and rx + rw / 2 <= mat.cx + mat.w / 2
    assert not _any_overlap(boxes)
    for x, y, w, h in boxes:
        assert 0 <= x - w / 2 and x + w / 2 <= width
        assert CAPTION_H <= y - h / 2 and y + h / 2 <= height - HEADER_H


@pytest.mark.parametrize("seats, smallest_pt", [(2, 45), (4, 36), (6, 30), (8, 22), (10, 17)])
def test_cards_stay_recognisable_at_the_recommended_frame_height(painter: FramePainter, seats: int,
                                                                 smallest_pt: float) -> None:
    from cardgen.walkthrough.frames import frame_height

    painter.layout(seats, width=515, height=frame_height(seats))
    assert painter.card_h >= smallest_pt  # 36 pt = 12.7 mm: type colour, icon and title band read


def test_the_layout_does_not_move_when_stacks_and_riders_change(painter: FramePainter) -> None:
    def mat_rects(view: TableView) -> list[str]:
        log = _record(painter, view).calls
        return [line for line in log if line.startswith("rect(") and "radius=4" in line]

    busy = _view()
    quiet = _view(seats=tuple(SeatView(s.seat, s.name) for s in busy.seats))
    assert mat_rects(busy) == mat_rects(quiet)


def test_an_arrow_points_from_the_deck_to_the_player_being_dealt_to(painter: FramePainter) -> None:
    dealt = _view(seats=tuple(SeatView(s.seat, s.name, s.stacks, being_dealt=(s.seat == 1)) for s in _view().seats))
    assert "dash=(4,2.50)" in _record(painter, dealt).text_log()
    assert "dash=(4,2.50)" not in _record(painter, _view()).text_log()


@pytest.mark.parametrize("seats", [3, 4, 7, 10])
def test_the_deal_arrow_starts_outside_the_dealers_mat_and_labels(painter: FramePainter, seats: int) -> None:
    """Aimed from the deck but drawn from the mat's edge: it never crosses the deck and discard counts."""
    names = ["Ann", "Bob", "Cleo", "Dan", "Eve", "Finn", "Gus", "Hana", "Ivan", "Jo"]
    for dealt in range(seats):
        view = _view(seats=tuple(SeatView(s, names[s], (), being_dealt=(s == dealt)) for s in range(seats)),
                     highlights=())
        canvas = RecordingCanvas()
        painter.draw(canvas, view, width=480, height=420)
        dealer = painter.layout(seats, width=480, height=420)[0]
        records = canvas.records
        dashed = [i for i, (name, _, kwargs) in enumerate(records) if name == "set_stroke" and kwargs.get("dash") == (4, 2.5)]
        assert dashed, "an arrow is drawn"
        x1, y1, x2, y2 = next(args for name, args, _ in records[dashed[-1]:] if name == "line")
        inside = abs(x1 - dealer.cx) < dealer.w / 2 and abs(y1 - dealer.cy) < dealer.h / 2
        assert not inside, (seats, dealt, (x1, y1))


def test_the_held_cards_label_stays_clear_of_its_highlight(painter: FramePainter) -> None:
    """'in hand' sits under the held card's ring, not beneath it."""
    from cardgen.walkthrough.frames import HIGHLIGHT

    view = _view(highlights=(Highlight("held", 0),))
    canvas = RecordingCanvas()
    painter.draw(canvas, view, width=480, height=420)
    records = canvas.records
    label = next(args for name, args, _ in records if name == "text" and args[2] == view.held_label)
    ring_bottoms = [args[1] for i, (name, args, _) in enumerate(records)
                    if name == "rect" and any(r[0] == "set_stroke" and r[1] and r[1][0] == HIGHLIGHT
                                              for r in records[max(0, i - 3):i])]
    assert ring_bottoms, "the held card is ringed"
    text_top = label[1] + 6 * 0.75  # baseline plus the cap height of 6 pt text
    assert min(ring_bottoms) - 1.5 > text_top  # the ring's outer edge (3 pt stroke) clears the text
