"""Nine and ten players: the seats sit round a compact rectangle, so the handout keeps two frames
to a portrait page, and every real frame still draws what its caption says without overlaps."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from cardgen.build import translator_for
from cardgen.games.falling import kind_of
from cardgen.games.falling.walkthrough import play_stages
from cardgen.games.falling.walkthrough_plan import stage_plan
from cardgen.model.deck import DeckSpec
from cardgen.walkthrough.handout import StagePlan


@pytest.fixture(scope="module")
def ten_player_plans(deck: DeckSpec) -> list[StagePlan]:
    games = play_stages(deck, players=10, seed=1)
    translate = translator_for(deck, "en")
    return [stage_plan(deck, game, translate=translate, number=n) for n, game in enumerate(games, start=1)]


def _overlap(a, b) -> bool:  # type: ignore[no-untyped-def]
    return abs(a[0] - b[0]) * 2 < a[2] + b[2] - 0.01 and abs(a[1] - b[1]) * 2 < a[3] + b[3] - 0.01


def test_every_ten_player_frame_draws_its_caption_with_arrows_8_pt_text_and_no_overlaps(deck, ten_player_plans) -> None:  # type: ignore[no-untyped-def]
    from cardgen.loading.deck_loader import load_deck_layouts
    from cardgen.render.card_renderer import CardRenderer
    from cardgen.render.recording_canvas import RecordingCanvas
    from cardgen.walkthrough.frames import FramePainter, frame_size

    layouts = load_deck_layouts(deck)
    painter = FramePainter(CardRenderer(deck, layouts[deck.layout], layouts))
    names = {card.name: card.id for card in deck.cards}
    width, height = frame_size(10)
    for plan in ten_player_plans:
        for view in plan.frames:
            assert len(view.seats) == 10
            canvas = RecordingCanvas()
            painter.draw(canvas, view, width=width, height=height)  # at A4 a frame prints at scale 1
            sizes = [kwargs["size"] for name, _, kwargs in canvas.records if name in ("text", "text_box")]
            assert min(sizes) >= 8.0, view.caption
            drawn = {kind_of(p.card) for p in painter.placed + painter.ghosts}
            for name in re.findall(r"\*\*(.+?)\*\*", view.caption):
                assert names[name] in drawn, (view.caption, name)
            seat_names = {seat.name for seat in view.seats}
            for word in re.findall(r"\b(Ann|Bob|Cleo|Dan|Eve|Finn|Gus|Hana|Ivan|Jo)\b", view.caption):
                assert word in seat_names
            assert sorted(a.card for a in painter.arrows) == sorted(m.card for m in view.moves), view.caption
            cards = [p for p in painter.placed if not p.on_purpose]
            for i, a in enumerate(cards):
                for b in cards[i + 1:]:
                    assert not _overlap(a.box, b.box), (view.caption, a, b)
            for p in painter.placed:  # every card inside the frame
                x, y, w, h = p.box
                assert 0 <= x - w / 2 and x + w / 2 <= width and 0 <= y - h / 2 and y + h / 2 <= height


@pytest.mark.parametrize("players", [9, 10])
def test_big_tables_print_two_frames_to_a_portrait_page(runner, players: int, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    import pypdfium2 as pdfium

    from cardgen.cli import main
    from tests.conftest import FALLING

    target = tmp_path / "w.pdf"
    result = runner.invoke(main, ["walkthrough", str(FALLING), "--players", str(players), "-o", str(target)])
    assert result.exit_code == 0, result.output
    pdf = pdfium.PdfDocument(str(target))
    frames_per_page = []
    for page in pdf:
        width, height = page.get_size()
        assert (round(width), round(height)) == (595, 842), "every page is A4 portrait"
        frames_per_page.append(len(re.findall(r"Step \d+ of \d+", page.get_textpage().get_text_range())))
    pdf.close()
    frames = sum(frames_per_page)
    pages_with_frames = [n for n in frames_per_page if n]
    assert max(pages_with_frames) == 2
    # each of the three games may leave one frame alone (beside its key or at its end), no more
    assert len(pages_with_frames) <= -(-frames // 2) + 3, frames_per_page
    assert len(frames_per_page) <= 34  # was 56 and 59 with one frame to a landscape page
