"""Rulebook diagrams: the registry that ``diagram: <name>`` looks up, and the drawing kit games use.

A game registers its diagrams with :func:`register_diagram` (from its ``diagrams`` module,
imported by its plugin); each is a reportlab.graphics Drawing drawn at a fixed design size,
labelled in the book's language (:class:`Labeller`) and scaled to the text width (:func:`scaled`).
A diagram narrower pages would shrink (the booklet's A5) is rearranged for their width, or its
labels enlarged (:func:`label_size`), so that no label prints under 8 pt.
This module knows no game.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from functools import wraps

from reportlab.graphics.shapes import Drawing, Group, Line, Polygon, Rect, String
from reportlab.lib.colors import Color, HexColor
from reportlab.pdfbase.pdfmetrics import stringWidth

from cardgen.errors import DeckError
from cardgen.i18n.typography import apply_typography
from cardgen.model.deck import DeckSpec
from cardgen.render.card_renderer import Translate
from cardgen.render.fonts import BODY
from cardgen.render.icons import ICONS
from cardgen.rulebook.labels import ALL as LABELS
from cardgen.rulebook.labels import Label, register_labels
from cardgen.rulebook.shapes_canvas import ShapesCanvas

INK = HexColor("#222222")
MUTED = HexColor("#5b6470")


class Labeller:
    """Looks up a diagram label in the book's language and fills its placeholders."""

    def __init__(self, translate: Translate) -> None:
        self.translate = translate

    def __call__(self, context: str, **values: object) -> str:
        text = self.translate(context, LABELS[context].text)
        try:
            return text.format(**values) if values else text
        except (KeyError, IndexError, ValueError):
            return LABELS[context].text.format(**values)


@dataclass(frozen=True)
class Painter:
    """Draws mini cards of one deck into a Group."""

    deck: DeckSpec
    translate: Translate

    def card_color(self, card_id: str) -> str:
        return self.deck.types[self.deck.card(card_id).type].color

    def name(self, card_id: str) -> str:
        return self.translate(f"card:{card_id}.name", self.deck.card(card_id).name)

    def card(self, group: Group, card_id: str | None, x: float, y: float, w: float, h: float, *, angle: float = 0.0,
             faded: bool = False, face_down: bool = False) -> None:
        """A mini card centred on (x, y), turned ``angle`` degrees; ``None`` is a blank face."""
        canvas = ShapesCanvas(group)
        canvas.save()
        canvas.translate(x, y)
        if angle:
            canvas.rotate(angle)
        r = min(w, h) * 0.12
        if face_down:
            back = self.deck.back
            canvas.set_fill(back.color)
            canvas.set_stroke("#ffffff", 0.6)
            canvas.rect(-w / 2, -h / 2, w, h, radius=r, fill=True, stroke=True)
            canvas.set_fill(back.accent)
            canvas.polygon([(0, -h * 0.22), (w * 0.22, 0), (0, h * 0.22), (-w * 0.22, 0)], fill=True)
        else:
            color = self.card_color(card_id) if card_id else "#9aa3ad"
            canvas.set_fill("#ffffff")
            canvas.set_stroke(color, 0.7)
            canvas.rect(-w / 2, -h / 2, w, h, radius=r, fill=True, stroke=True)
            canvas.set_fill(color)
            band = h * 0.2
            canvas.rect(-w / 2 + 0.35, h / 2 - band - 0.35, w - 0.7, band, fill=True)
            if card_id:
                icon = self.deck.card(card_id).icon
                if icon in ICONS:
                    s = min(w * 0.78, h * 0.6)
                    ICONS[icon](canvas, -s / 2, -h / 2 + (h - band - s) / 2, s, color, "#ffffff")
        if faded:
            canvas.set_fill("#ffffff", 0.62)
            canvas.rect(-w / 2 - 0.5, -h / 2 - 0.5, w + 1, h + 1, radius=r, fill=True)
        canvas.restore()

    def plain(self, group: Group, x: float, y: float, w: float, h: float, stroke: str, fill: str, *,
              dashed: bool = False) -> None:
        rect = Rect(x - w / 2, y - h / 2, w, h, rx=min(w, h) * 0.12, ry=min(w, h) * 0.12,
                    fillColor=HexColor(fill) if fill else None, strokeColor=HexColor(stroke), strokeWidth=0.8)
        if dashed:
            rect.strokeDashArray = [2.2, 1.6]
        group.add(rect)


def wrap_lines(text: str, font: str, size: float, width: float) -> list[str]:
    lines: list[str] = []
    current = ""
    for word in text.split(" "):
        candidate = f"{current} {word}".strip()
        if current and stringWidth(candidate, font, size) > width:
            lines.append(current)
            current = word
        else:
            current = candidate
    if current:
        lines.append(current)
    return lines


def draw_text(group: Group, x: float, y: float, text: str, *, size: float = 7.5, font: str = BODY, anchor: str = "start",
          color: Color = INK, width: float | None = None, leading: float | None = None) -> float:
    """Text at (x, y) (first baseline), wrapped to ``width``; returns the y below the last line."""
    lines = wrap_lines(text, font, size, width) if width else [text]
    step = leading or size * 1.2
    for i, line in enumerate(lines):
        group.add(String(x, y - i * step, line, fontName=font, fontSize=size, fillColor=color, textAnchor=anchor))
    return y - len(lines) * step


def draw_arrow(group: Group, x1: float, y1: float, x2: float, y2: float, *, color: Color = MUTED, width: float = 0.9,
           head: float = 4.5) -> None:
    angle = math.atan2(y2 - y1, x2 - x1)
    bx, by = x2 - head * math.cos(angle), y2 - head * math.sin(angle)
    group.add(Line(x1, y1, bx, by, strokeColor=color, strokeWidth=width))
    left = (bx + head * 0.55 * math.sin(angle), by - head * 0.55 * math.cos(angle))
    right = (bx - head * 0.55 * math.sin(angle), by + head * 0.55 * math.cos(angle))
    group.add(Polygon([x2, y2, *left, *right], fillColor=color, strokeColor=None))


def mini_icon(group: Group, deck: DeckSpec, card_id: str, x: float, y: float, size: float) -> None:
    """A card's icon in white on a rounded square of its type colour (as in the text)."""
    card = deck.card(card_id)
    color = deck.types[card.type].color
    canvas = ShapesCanvas(group)
    canvas.set_fill(color)
    canvas.rect(x, y, size, size, radius=size * 0.2, fill=True)
    if card.icon in ICONS:
        pad = size * 0.14
        ICONS[card.icon](canvas, x + pad, y + pad, size - 2 * pad, "#ffffff", color)


MIN_PRINTED_LABEL = 8.0
"""No diagram label prints smaller than this, on any paper, in the booklet too."""


def fit_scale(design_width: float, width: float) -> float:
    """How much a drawing ``design_width`` wide shrinks to fit ``width`` (never enlarged)."""
    return min(1.0, width / design_width)


def label_size(size: float, design_width: float, width: float) -> float:
    """The design size of a label meant as ``size`` so that it prints at :data:`MIN_PRINTED_LABEL`
    or more once the drawing is scaled from ``design_width`` to ``width``."""
    return max(size, MIN_PRINTED_LABEL / fit_scale(design_width, width) + 0.01)


def too_narrow(design_width: float, width: float, size: float) -> bool:
    """Whether labels of ``size`` would print under :data:`MIN_PRINTED_LABEL` once a drawing
    ``design_width`` wide is scaled to ``width`` (then the diagram is rearranged for the width)."""
    return size * fit_scale(design_width, width) < MIN_PRINTED_LABEL


def scaled(group: Group, width: float, height: float, target_width: float) -> Drawing:
    scale = fit_scale(width, target_width)
    drawing = Drawing(width * scale, height * scale)
    group.transform = (scale, 0, 0, scale, 0, 0)
    drawing.add(group)
    return drawing


def typeset_drawing(drawing: Drawing, language: str) -> Drawing:
    """``drawing`` with the typography pass applied to every string in it (labels are filled in
    with numbers and names after translation, so the pass runs on the finished drawing)."""
    def walk(node: object) -> None:
        for child in getattr(node, "contents", ()):
            if isinstance(child, String):
                child.text = apply_typography(child.text, language)
            else:
                walk(child)

    walk(drawing)
    return drawing


def require_cards(deck: DeckSpec, name: str, ids: tuple[str, ...]) -> None:
    known = {card.id for card in deck.cards}
    missing = [i for i in ids if i not in known]
    if missing:
        raise DeckError(f"the {name} diagram needs the cards {', '.join(missing)}", path=deck.file,
                        hint="it is drawn for decks of its own game; remove the directive from rulebook.md")


DiagramMaker = Callable[..., Drawing]
"""``maker(deck, translate, *, width) -> Drawing``: a diagram scaled to ``width`` points."""

DIAGRAMS: dict[str, DiagramMaker] = {}
NEEDS: dict[str, tuple[str, ...]] = {}
"""The cards each registered diagram draws (see :func:`register_diagram`)."""
DRAWN_TO_CHECK: set[str] = set()
"""Diagrams that draw more of the deck than its cards' names, colours and icons (see :func:`register_diagram`)."""


def register_diagram(name: str, *, labels: tuple[Label, ...] = (), needs: tuple[str, ...] = (),
                     draw_to_check: bool = False) -> Callable[[DiagramMaker], DiagramMaker]:
    """Decorator: make ``diagram: <name>`` available to rulebooks, with the labels it draws.

    ``needs`` names the cards it draws: the maker returned (and registered) raises a DeckError for a
    deck without them before drawing anything, and :func:`ready_diagram` checks them without drawing.
    A diagram must draw for every deck that has its ``needs`` (``tests/rulebook/test_check_story.py``)
    — unless it is registered with ``draw_to_check`` (it draws the deck's card faces through their
    layout, say): then ``validate`` draws it to check it.
    """

    def register(maker: DiagramMaker) -> DiagramMaker:
        @wraps(maker)
        def checked(deck: DeckSpec, translate: Translate, *, width: float) -> Drawing:
            require_cards(deck, name, needs)
            return maker(deck, translate, width=width)

        DIAGRAMS[name] = checked
        NEEDS[name] = needs
        if draw_to_check:
            DRAWN_TO_CHECK.add(name)
        register_labels(name, labels)
        return checked

    return register


def find_diagram(name: str, game: str | None = None) -> DiagramMaker | None:
    """The diagram registered as ``name``, by this module or by a game's plugin (``game``'s first:
    the deck's own game; every game's when that one has no such diagram)."""
    from cardgen.games import load_registering

    load_registering(name, DIAGRAMS, game)
    return DIAGRAMS.get(name)


def ready_diagram(deck: DeckSpec, name: str) -> DiagramMaker | None:
    """The diagram ``name`` (None when none is registered so); a DeckError when ``deck`` lacks a card
    it draws. Nothing is drawn: this is what ``validate`` checks of a ``diagram:`` directive."""
    maker = find_diagram(name, deck.game)
    if maker is not None:
        require_cards(deck, name, NEEDS[name])
    return maker
