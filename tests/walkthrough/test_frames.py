"""A frame is a pure function of its TableView: checked through recorded drawing calls."""

from __future__ import annotations

import pytest

from cardgen.loading import load_deck
from cardgen.loading.deck_loader import load_deck_layouts
from cardgen.render.card_renderer import CardRenderer
from cardgen.render.recording_canvas import RecordingCanvas
from cardgen.render.fonts import BODY
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
    from cardgen.walkthrough.frames import CAPTION_H, HEADER_H, _any_overlap, frame_size

    width, height = frame_size(seats)
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


@pytest.mark.parametrize("seats", range(2, 11))
def test_seats_run_clockwise_from_the_dealers_left(painter: FramePainter, seats: int) -> None:
    """Round the ellipse or, from eight players, round the compact rectangle: seat 0 is on the
    dealer's left (the right of the picture) and each next seat further clockwise, as seen from above."""
    import math

    from cardgen.walkthrough.frames import CAPTION_H, HEADER_H, PAD, frame_size

    width, height = frame_size(seats)
    mats = painter.layout(seats, width=width, height=height)
    cx, cy = width / 2, (height - HEADER_H + CAPTION_H + PAD) / 2
    assert abs(mats[0].cx - cx) < 0.01 and mats[0].cy > cy  # the dealer at the top, in the middle
    clockwise = [(90 - math.degrees(math.atan2(m.cy - cy, m.cx - cx))) % 360 for m in mats[1:]]
    assert all(0 < a < 360 for a in clockwise)
    assert clockwise == sorted(clockwise) and len(set(clockwise)) == seats, clockwise
    assert mats[1].cx > cx and mats[-1].cx < cx


@pytest.mark.parametrize("seats, smallest_pt", [(2, 45), (4, 36), (6, 23), (7, 23), (8, 29), (9, 29), (10, 23)])
def test_cards_stay_recognisable_at_the_recommended_frame_height(painter: FramePainter, seats: int,
                                                                 smallest_pt: float) -> None:
    from cardgen.walkthrough.frames import frame_size

    painter.layout(seats, **dict(zip(("width", "height"), frame_size(seats))))
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


@pytest.mark.parametrize("seats", [3, 4, 7])
@pytest.mark.parametrize("origin", ["deck", "discard"])
def test_a_card_from_the_deck_or_discard_to_a_player_is_drawn_from_the_dealers_mat_edge(
        painter: FramePainter, seats: int, origin: str) -> None:
    """A dealt card's arrow (a Hit, a Ground) never crosses the deck and discard counts under the piles."""
    from cardgen.walkthrough.frames import HIGHLIGHT
    from cardgen.walkthrough.table_view import Move, Place

    names = ["Ann", "Bob", "Cleo", "Dan", "Eve", "Finn", "Gus"]
    for dealt in range(seats):
        stacks = tuple((StackView(10 * s, "skip-1", 2),) for s in range(seats))
        view = _view(seats=tuple(SeatView(s, names[s], stacks[s]) for s in range(seats)), highlights=(),
                     moves=(Move("hit-1", Place(origin), Place("stack", dealt, 10 * dealt)),))
        canvas = RecordingCanvas()
        painter.draw(canvas, view, width=480, height=420)
        dealer = painter.layout(seats, width=480, height=420)[0]
        records = canvas.records
        bold = [i for i, (name, args, kwargs) in enumerate(records)
                if name == "set_stroke" and args[:2] == (HIGHLIGHT, 2.0)]
        assert bold, "an arrow is drawn"
        x1, y1, x2, y2 = next(args for name, args, _ in records[bold[-1]:] if name == "line")
        inside = abs(x1 - dealer.cx) < dealer.w / 2 - 0.5 and abs(y1 - dealer.cy) < dealer.h / 2 - 0.5
        assert not inside, (seats, dealt, (x1, y1))


def _boxes_overlap(a, b) -> bool:  # type: ignore[no-untyped-def]
    return abs(a[0] - b[0]) * 2 < a[2] + b[2] - 0.01 and abs(a[1] - b[1]) * 2 < a[3] + b[3] - 0.01


@pytest.mark.parametrize("seats", [2, 4, 6, 8, 10])
@pytest.mark.parametrize("stacks", [1, 3, 5, 8])
def test_no_two_cards_overlap_unless_laid_on_purpose(painter: FramePainter, seats: int, stacks: int) -> None:
    """Stacks lie side by side (shrunk or wrapped when many), never over one another or the hand or Rider."""
    from cardgen.walkthrough.frames import frame_size

    kinds = ["hit", "skip", "split", "push", "grab", "stop"]
    view = _view(seats=tuple(SeatView(s, f"P{s}", tuple(StackView(10 * s + k, f"{kinds[k % 6]}-{k}", k + 1)
                                                          for k in range(stacks)),
                                      held="stop-9", rider="skip-9", extras=("extra-9",)) for s in range(seats)))
    width, height = frame_size(seats)
    painter.draw(RecordingCanvas(), view, width=width, height=height)
    cards = [p for p in painter.placed if not p.on_purpose]
    assert len(cards) == 1 + seats * (2 + stacks)  # the discard, and each seat's hand, Rider and stacks
    for i, a in enumerate(cards):
        for b in cards[i + 1:]:
            assert not _boxes_overlap(a.box, b.box), (a, b)


def test_each_stack_has_its_height_written_under_it(painter: FramePainter) -> None:
    view = _view(seats=(SeatView(0, "Ann", (StackView(1, "hit-1", 4), StackView(2, "skip-1", 7),
                                            StackView(3, "split-1", 9))),))
    canvas = RecordingCanvas()
    painter.draw(canvas, view, width=515, height=340)
    stacks = [p for p in painter.placed if p.card in ("hit-1", "skip-1", "split-1")]
    texts = {args[2]: args for name, args, _ in canvas.records if name == "text"}
    for placed, height in zip(stacks, ("4", "7", "9")):
        x, y, w, h = placed.box
        tx, ty = texts[height][0], texts[height][1]
        assert abs(tx - x) < 0.01 and ty < y - h / 2  # centred under its card


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("seats", [2, 4, 5, 6, 7, 8, 9, 10])
def test_no_text_in_a_frame_prints_under_8_pt_two_frames_to_a_page(painter: FramePainter, seats: int, paper: str) -> None:
    """At every table size a page holds two frames, and every word of them prints at 8 pt or more."""
    from cardgen.walkthrough.frames import frame_size
    from cardgen.walkthrough.handout import FrameFlowable, handout_geometry

    geo = handout_geometry(paper)
    view = _view(seats=tuple(SeatView(s, f"P{s}", (StackView(s, "hit-1", 3),)) for s in range(seats)),
                 meanwhile="Meanwhile, from 00:01.0 to 00:02.0: 3 cards dealt.")
    half_page = (geo.frame_height - 2 * 8) / 2 - 1
    frame = FrameFlowable(painter, view, width=geo.frame_width, seats=seats, label="", max_height=half_page)
    assert 2 * (frame.height + 8) <= geo.frame_height and frame.width <= geo.frame_width + 1e-6
    painter.min_text = 8.0 / min(frame.scale, 1.0)
    canvas = RecordingCanvas()
    painter.draw(canvas, view, width=frame_size(seats)[0], height=frame_size(seats)[1])
    painter.min_text = 8.0
    # text inside the card faces is the printed card's own; the frame's own text is checked here
    sizes = [kwargs["size"] for name, _, kwargs in canvas.records if name in ("text", "text_box")]
    assert sizes and min(sizes) * frame.scale >= 8.0 - 1e-6, (seats, min(sizes), frame.scale)


def test_every_moved_card_has_an_arrow_and_a_ghost_where_it_left_a_place_empty(painter: FramePainter) -> None:
    from cardgen.walkthrough.table_view import Move, Place

    base = _view()
    seats = (SeatView(0, "Ann", (StackView(1, "hit-2", 3),), held=None, rider=None),  # pushed its Rider away
             SeatView(1, "Bob", (StackView(2, "skip-3", 2),), rider="split-1"),
             SeatView(2, "Cleo", (StackView(4, "hit-7", 1),)))
    moves = (Move("push-1", Place("held", 0), Place("discard")), Move("split-1", Place("rider", 0), Place("rider", 1)),
             Move("hit-7", Place("deck"), Place("stack", 2, 4)))
    view = TableView(**{**base.__dict__, "seats": seats, "moves": moves, "discard_top": "push-1"})
    canvas = RecordingCanvas()
    painter.draw(canvas, view, width=515, height=340)
    assert [a.card for a in painter.arrows] == ["push-1", "split-1", "hit-7"]
    assert {g.card for g in painter.ghosts} == {"push-1", "split-1"}  # the deck is not empty: no ghost there
    spots = {p.card: p.box for p in painter.placed}
    for arrow in painter.arrows[1:]:
        x, y = spots[arrow.card][:2]
        assert abs(arrow.end[0] - x) < 0.01 and abs(arrow.end[1] - y) < 0.01  # it ends where the card now lies
    plain = RecordingCanvas()
    painter.draw(plain, TableView(**{**view.__dict__, "moves": ()}), width=515, height=340)
    assert canvas.text_log().count("line(") >= plain.text_log().count("line(") + 3


_LONG_MEANWHILE = ("Entre-temps, de 00:57.5 à 01:08.0 : cartes distribuées : 7 ; cartes prises : Ann : 2, Bob : 2, "
                   "Cleo : 1, Dan : 2 ; consignes posées : **Saut** par Bob, **Frappe** par Dan devant Ann, "
                   "**Scission** par Dan devant Bob ; autres cartes jouées : **Stop** par Cleo, **Stop** par Dan, "
                   "**Poussée** par Ann ; cartes balayées vers la défausse : 1.")


def _boxes(canvas: RecordingCanvas) -> dict[str, tuple[float, float, float, float]]:
    """The text boxes the frame's caption area drew, by what they hold: x, y, w, h."""
    return {("meanwhile" if args[0].startswith("Entre") else "caption"): tuple(args[1:5])
            for name, args, _ in canvas.records if name == "text_box"}


def test_a_meanwhile_line_of_three_lines_gets_room_over_the_caption_box(painter: FramePainter) -> None:
    """F23: the French meanwhile line of walkthrough-fr p. 16 needs three lines at the handout's text size;
    the caption box moves down for it, and neither text is cut."""
    from cardgen.walkthrough.frames import frame_size, text_height

    width, height = frame_size(4)
    view = _view(meanwhile=_LONG_MEANWHILE, caption="Un Sol arrive pour Cleo, qui montre aussitôt la carte **Stop** : "
                                                    "le donneur remet le Sol sur le paquet.")
    canvas, painter.cut_text = RecordingCanvas(), []
    painter.draw(canvas, view, width=width, height=height)
    boxes = _boxes(canvas)
    mx, my, mw, mh = boxes["meanwhile"]
    cx, cy, cw, ch = boxes["caption"]
    needed = text_height(_LONG_MEANWHILE, mw, font=BODY, size=8.0, language="fr")
    assert needed > 2 * 1.2 * 8.0 + 3  # three lines, not two
    assert mh >= needed and cy + ch <= my  # the meanwhile box holds it, above the caption's box
    assert painter.cut_text == []


def test_text_that_cannot_fit_is_reported_not_hidden(painter: FramePainter) -> None:
    from cardgen.walkthrough.frames import frame_size

    width, height = frame_size(4)
    painter.min_text = 10.0
    view = _view(meanwhile=_LONG_MEANWHILE * 3, caption="A caption. " * 40)
    canvas, painter.cut_text, painter.where = RecordingCanvas(), [], "page 3, step 2 of 9"
    painter.draw(canvas, view, width=width, height=height)
    painter.min_text, painter.where = 8.0, ""
    cuts = {cut.part: cut for cut in painter.cut_text}
    assert set(cuts) == {"meanwhile", "caption"}
    assert all(cut.needed > cut.room for cut in cuts.values())
    assert cuts["caption"].describe().startswith("page 3, step 2 of 9: the caption “A caption. A caption.")


@pytest.mark.parametrize("width", [515.0, 420.0, 340.0])
def test_the_header_keeps_clock_stage_label_and_rule_apart_at_any_width(painter: FramePainter, width: float) -> None:
    """review-print F14: a long rule's pill covered the centred « … étape 13 sur 16 ». The stage label moves
    into the room the clock and the pill leave; a rule too long for what is left is shortened and reported."""
    from cardgen.walkthrough.frames import label_box

    view = _view(stage_label="Partie 3 : On ajoute l’Extra · étape 13 sur 16", rule_label="Extra sur un Saut : le Saut reste")
    painter.cut_text.clear()
    canvas = RecordingCanvas()
    painter.draw(canvas, view, width=width, height=340)
    badges = [args for name, args, _ in canvas.records if name == "rect" and args[1] >= 340 - 20]
    texts = {args[2]: label_box(args[0], args[1], args[2], font=kw["font"], size=kw["size"], align=kw["align"])
             for name, args, kw in canvas.records if name == "text" and args[1] >= 340 - 20}
    clock, pill = ((x, y, x + w, y + h) for x, y, w, h in badges)
    cx, cy, w, h = texts[view.stage_label]
    stage = (cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2)
    for a, b in ((clock, pill), (clock, stage), (stage, pill)):
        assert a[2] <= b[0] or b[2] <= a[0], (width, a, b)
    rule = next(text for text in texts if text not in (view.stage_label, "00:12.4"))
    assert (rule == view.rule_label) == (not any(cut.part == "rule" for cut in painter.cut_text)), (width, rule)
    if width < 400:
        assert rule.endswith("…") and len(rule) < len(view.rule_label)
