"""Opaque drawing (PDF/X-1a): a translucent element is drawn as its blend over the flat fill under it."""

from __future__ import annotations

import pytest

from cardgen.loading import load_deck
from cardgen.loading.deck_loader import load_deck_layouts
from cardgen.render.card_renderer import CardRenderer
from cardgen.render.colors import darken, mix
from cardgen.render.recording_canvas import RecordingCanvas
from tests.conftest import FALLING, ROOT


class PaintLog(RecordingCanvas):
    """A recording canvas that also keeps each stroke's alpha (the plain one leaves it out of its log)."""

    def set_stroke(self, color, width, *, dash=None, alpha=1.0, cap="butt") -> None:  # type: ignore[override]
        self.records.append(("set_stroke", (color, float(width)), {"alpha": float(alpha)}))


def _renderer(deck_dir, *, opaque: bool) -> CardRenderer:
    deck = load_deck(deck_dir)
    layouts = load_deck_layouts(deck)
    return CardRenderer(deck, layouts[deck.layout], layouts, opaque=opaque)


def _paints(canvas: PaintLog) -> list[tuple[str, str, float]]:
    return [(name, args[0], kwargs.get("alpha", 1.0)) for name, args, kwargs in canvas.records
            if name in ("set_fill", "set_stroke")]


def test_the_hit_band_pattern_is_the_45_percent_blend_drawn_opaque() -> None:
    renderer = _renderer(FALLING, opaque=True)
    hit = next(card for card in renderer.deck.cards if card.id == "hit")
    rider = renderer.deck.types[hit.type]
    canvas = PaintLog()
    renderer.draw_face(canvas, hit)
    blend = mix(rider.color, darken(rider.color, 0.35), 0.45)  # type-dark at 45 % over the band
    strokes = [(colour, alpha) for name, colour, alpha in _paints(canvas) if name == "set_stroke"]
    assert (blend, 1.0) in strokes
    assert all(alpha == 1.0 for _, _, alpha in _paints(canvas))

    designed = PaintLog()
    _renderer(FALLING, opaque=False).draw_face(designed, hit)
    assert (darken(rider.color, 0.35), 0.45) in [(c, a) for n, c, a in _paints(designed) if n == "set_stroke"]


def test_the_back_motif_is_the_35_percent_blend_over_the_field() -> None:
    renderer = _renderer(FALLING, opaque=True)
    canvas = PaintLog()
    renderer.draw_back(canvas, renderer.deck.back.layout)
    back = renderer.deck.back
    assert ("set_fill", mix(back.color, back.accent, 0.35), 1.0) in _paints(canvas)


@pytest.mark.parametrize("deck", ["falling", "fall-damage", "falling-off"])
def test_nothing_of_a_shipped_deck_stays_translucent(deck: str) -> None:
    renderer = _renderer(ROOT / "decks" / deck, opaque=True)
    canvas = PaintLog()
    for card in renderer.deck.cards:
        renderer.draw_face(canvas, card)
        renderer.draw_back(canvas, renderer.back_layout_name(card))
    assert [paint for paint in _paints(canvas) if paint[2] < 1] == []
    assert renderer.flatten_notes == []
    assert _renderer(ROOT / "decks" / deck, opaque=True).check_opaque() == []  # what preflight notes
