"""The card renderer is a pure function of the deck: checked through recorded drawing calls."""

from __future__ import annotations

from cardgen.loading import load_deck
from cardgen.loading.deck_loader import load_deck_layouts
from cardgen.render.card_renderer import CardRenderer
from cardgen.render.recording_canvas import RecordingCanvas
from tests.conftest import FALLING


def _renderer(translate=None):  # type: ignore[no-untyped-def]
    deck = load_deck(FALLING)
    layouts = load_deck_layouts(deck)
    kwargs = {"translate": translate} if translate else {}
    return deck, CardRenderer(deck, layouts[deck.layout], layouts, **kwargs)


def test_face_shows_name_type_text_credit() -> None:
    deck, renderer = _renderer()
    for card in deck.cards:
        canvas = RecordingCanvas()
        renderer.draw_face(canvas, card)
        log = canvas.text_log()
        assert repr(card.name) in log
        assert repr(deck.types[card.type].label.upper()) in log
        assert repr(card.text) in log
        assert "James Ernest" in log and "Cheapass Games" in log


DRAW_EVERY_FACE = """
import sys
from cardgen.loading import load_deck
from cardgen.loading.deck_loader import load_deck_layouts
from cardgen.render.card_renderer import CardRenderer
from cardgen.render.recording_canvas import RecordingCanvas
deck = load_deck(sys.argv[1])
layouts = load_deck_layouts(deck)
renderer = CardRenderer(deck, layouts[deck.layout], layouts)
canvas = RecordingCanvas()
for card in deck.cards:
    renderer.draw_face(canvas, card)
for name in sorted({renderer.back_layout_name(card) for card in deck.cards}):
    renderer.draw_back(canvas, name)
sys.stdout.write(canvas.text_log())
"""


def test_drawing_is_the_same_in_every_process() -> None:
    """Every face and back, drawn in two fresh interpreters with different hash seeds, makes the same calls."""
    import os
    import subprocess
    import sys

    from tests.conftest import ROOT

    logs = []
    for seed in ("0", "31337"):
        env = {**os.environ, "PYTHONPATH": str(ROOT), "PYTHONHASHSEED": seed}
        result = subprocess.run([sys.executable, "-c", DRAW_EVERY_FACE, str(FALLING)], capture_output=True, text=True,
                                env=env, timeout=120, check=True)
        logs.append(result.stdout)
    assert logs[0].count("\n") > 500
    assert logs[0] == logs[1]


def test_types_differ_in_shape_not_only_colour() -> None:
    """Greyscale-safe: each type draws a different symbol/pattern geometry."""
    deck, renderer = _renderer()
    shapes = {}
    for type_key in deck.types:
        card = next(c for c in deck.cards if c.type == type_key)
        canvas = RecordingCanvas()
        renderer.draw_face(canvas, card)
        geometry = [c for c in canvas.calls if c.startswith(("polygon", "circle", "rect")) and "set_fill" not in c]
        shapes[type_key] = "\n".join(geometry)
    assert len(set(shapes.values())) == len(shapes)


def test_text_stays_inside_the_safe_zone() -> None:
    deck, renderer = _renderer()
    canvas = RecordingCanvas()
    renderer.draw_face(canvas, deck.card("hit"))
    safe = deck.print.safe
    boxes = [args[1:5] for name, args, _ in canvas.records if name == "text_box"]
    assert len(boxes) >= 4
    for x, y, w, h in boxes:
            assert x >= safe - 0.01 and y >= safe - 0.01
            assert x + w <= renderer.width - safe + 0.01 and y + h <= renderer.height - safe + 0.01


def test_translation_is_applied_by_context() -> None:
    seen = []

    def translate(context: str, source: str) -> str:
        seen.append(context)
        return f"«{source}»"

    deck, renderer = _renderer(translate)
    canvas = RecordingCanvas()
    renderer.draw_face(canvas, deck.card("hit"))
    assert {"card:hit.name", "card:hit.text", "type:rider.label", "deck:credit"} <= set(seen)
    assert "'«Hit»'" in canvas.text_log()


def test_user_markup_is_escaped() -> None:
    from cardgen.render.reportlab_canvas import markup

    assert markup('<img src="/etc/passwd"/> & **bold**') == '&lt;img src="/etc/passwd"/&gt; &amp; <b>bold</b>'


def test_a_card_with_neither_icon_nor_art_shows_its_type_symbol_in_the_panel() -> None:
    from cardgen.preflight.measure import MeasuringCanvas

    deck = load_deck(FALLING)
    layouts = load_deck_layouts(deck)
    renderer = CardRenderer(deck, layouts[deck.layout], layouts)
    bare = deck.cards[0].model_copy(update={"icon": None, "art": None})
    canvas = MeasuringCanvas()
    renderer.draw_face(canvas, bare)
    icon = [ink for ink in canvas.ink if ink.element == "icon"]
    assert icon, "the icon panel is empty"
    box = renderer.box(layouts[deck.layout].elements["icon"])
    for ink in icon:
        x0, y0, x1, y1 = ink.bbox
        assert box.x - 0.5 <= x0 and x1 <= box.x + box.w + 0.5 and box.y - 0.5 <= y0 and y1 <= box.y + box.h + 0.5
