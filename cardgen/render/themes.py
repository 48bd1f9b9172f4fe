"""Themes: how a card's layout is inked for one printing (``--theme NAME``).

``default`` draws layouts as designed. ``ink-saver`` is for home printers: dark fills become
light tints outlined where they meet the rest of the card, nothing runs into the bleed, near-white
backgrounds are left as paper, and light text or strokes that sat on a dark fill turn dark.
Types stay apart by their symbol and band pattern (drawn light), besides their tinted colour.

A deck's ``themes:`` section overrides a built-in theme or adds one (see ``model/theme.py``).
The renderer asks :meth:`Theme.restyle` for the elements to draw in place of each layout element.
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Literal

from cardgen.errors import DeckError
from cardgen.model.deck import CardTypeSpec, DeckSpec
from cardgen.model.layout import ElementSpec
from cardgen.model.theme import BUILTIN_THEMES, ThemeBackSpec, ThemeSpec, ThemeTypeSpec
from cardgen.render.colors import darken, lighten, luminance, mix

if TYPE_CHECKING:
    from cardgen.render.element_kit import Box, ElementRenderer

LIGHT = 0.85
"""Fills at least this light are already a tint: kept as they are."""
PAPER = 0.965
"""Fills at least this light are taken for the paper itself: not printed under ink-saver."""
LIGHT_INK = 0.6
"""Text and strokes lighter than this were meant for a dark fill: darkened under ink-saver."""
OUTLINE_WIDTH = "0.8pt"
PATTERN_LIGHTEN = 0.62
"""Band patterns are drawn this much lighter, opaque: a light second cue under dark text."""


@dataclass(frozen=True)
class Theme:
    """A resolved theme: the built-in behaviour plus a deck's overrides."""

    name: str
    fills: Literal["solid", "tint"] = "solid"
    tint: float = 0.9
    bleed: bool = True
    types: dict[str, ThemeTypeSpec] = field(default_factory=dict)
    back: ThemeBackSpec | None = None

    @property
    def identity(self) -> bool:
        """True when the theme changes nothing (layouts drawn exactly as designed)."""
        return self.fills == "solid" and self.bleed and not self.types and self.back is None

    def deck_for(self, deck: DeckSpec) -> DeckSpec:
        """``deck`` with this theme's colour overrides applied (the same object when there are none)."""
        if not self.types and self.back is None:
            return deck
        types = dict(deck.types)
        for key, override in self.types.items():
            if key in types:
                types[key] = types[key].model_copy(update=override.model_dump(exclude_none=True))
        back = deck.back
        if self.back is not None:
            back = back.model_copy(update=self.back.model_dump(exclude_none=True))
        return deck.model_copy(update={"types": types, "back": back})

    def restyle(self, element: ElementSpec, renderer: ElementRenderer, kind: CardTypeSpec | None) -> list[ElementSpec]:
        """The elements to draw for ``element`` under this theme (most often just ``element``)."""
        if self.fills == "solid" and self.bleed:
            return [element]
        update: dict[str, object] = {}
        if not self.bleed and element.bleed:
            update["bleed"] = False
        if self.fills == "tint":
            if element.kind == "fill":
                return self._tinted_fill(element, renderer, kind, update)
            if element.kind == "pattern":
                update["color"] = lighten(renderer.color(element.color, kind), PATTERN_LIGHTEN)
                update["opacity"] = 1.0
            elif element.kind == "back-motif":
                update["color"] = lighten(_dark_ink(renderer, kind), 0.45)
                update["opacity"] = min(element.opacity, 0.5)
            elif element.kind in ("text", "symbol", "frame", "rule"):
                key = "stroke" if element.kind == "frame" and element.stroke else "color"
                colour = renderer.color(getattr(element, key), kind)
                if luminance(colour) > LIGHT_INK:
                    update[key] = _dark_ink(renderer, kind)
        return [element.model_copy(update=update)] if update else [element]

    def _tinted_fill(self, element: ElementSpec, renderer: ElementRenderer, kind: CardTypeSpec | None,
                     update: dict[str, object]) -> list[ElementSpec]:
        colour = renderer.color(element.color, kind)
        light = luminance(colour)
        if light >= PAPER or _covers_card(renderer.box(element), renderer):
            return []  # the card's background: the paper itself will do
        if light >= LIGHT:
            return [element.model_copy(update=update)]
        tint = mix(colour, "#ffffff", self.tint)
        filled = element.model_copy(update={**update, "color": tint, "opacity": 1.0})
        return [filled, *_outline(element, renderer, colour)]


def _dark_ink(renderer: ElementRenderer, kind: CardTypeSpec | None) -> str:
    """A dark colour of the card: its type's, else the back's, else near-black."""
    base = kind.color if kind is not None else renderer.deck.back.color
    dark = darken(base, 0.35)
    return dark if luminance(dark) < 0.45 else "#1b1b1b"


def _covers_card(box: Box, renderer: ElementRenderer) -> bool:
    eps = 0.01
    return (box.x <= eps and box.y <= eps and box.x + box.w >= renderer.width - eps
            and box.y + box.h >= renderer.height - eps)


def _outline(element: ElementSpec, renderer: ElementRenderer, colour: str) -> list[ElementSpec]:
    """Thin lines along the edges of a fill's box that do not lie on the trim line.

    A band across the top of the card gets one line under it; a panel inside the card a frame
    with its corner radius; a fill covering the whole card none (the cut is its edge).
    """
    box = renderer.box(element)
    width, height = renderer.width, renderer.height
    eps = 0.01
    left, right = box.x <= eps, box.x + box.w >= width - eps
    bottom, top = box.y <= eps, box.y + box.h >= height - eps
    base = {"kind": "frame", "color": colour, "stroke": None, "stroke_width": OUTLINE_WIDTH, "bleed": False,
            "opacity": 1.0}
    y_top = height - (box.y + box.h)  # layouts measure y from the top edge

    def edge(x: float, y: float, w: float, h: float) -> ElementSpec:
        return ElementSpec.model_validate({**base, "x": f"{x:.3f}pt", "y": f"{y:.3f}pt", "width": f"{w:.3f}pt",
                                           "height": f"{h:.3f}pt", "radius": "0"})

    if not (left or right or top or bottom):
        return [ElementSpec.model_validate({**base, "x": f"{box.x:.3f}pt", "y": f"{y_top:.3f}pt",
                                            "width": f"{box.w:.3f}pt", "height": f"{box.h:.3f}pt",
                                            "radius": element.radius})]
    edges = []
    if not top:
        edges.append(edge(box.x, y_top, box.w, 0))
    if not bottom:
        edges.append(edge(box.x, y_top + box.h, box.w, 0))
    if not left:
        edges.append(edge(box.x, y_top, 0, box.h))
    if not right:
        edges.append(edge(box.x + box.w, y_top, 0, box.h))
    return edges


BUILTIN: dict[str, Theme] = {
    "default": Theme("default"),
    "ink-saver": Theme("ink-saver", fills="tint", tint=0.9, bleed=False),
}
assert tuple(BUILTIN) == BUILTIN_THEMES


def theme_names(deck: DeckSpec) -> list[str]:
    """Every theme name ``--theme`` accepts for ``deck``."""
    return list(BUILTIN) + [name for name in deck.themes if name not in BUILTIN]


def resolve_theme(deck: DeckSpec, name: str) -> Theme:
    """The built-in theme ``name`` with the deck's overrides, or the deck's own theme ``name``."""
    spec: ThemeSpec | None = deck.themes.get(name)
    if spec is None and name not in BUILTIN:
        names = theme_names(deck)
        close = difflib.get_close_matches(name, names, n=1)
        raise DeckError(f"unknown theme '{name}'", path=deck.file, field="themes",
                        hint=f"did you mean '{close[0]}'?" if close else f"themes: {', '.join(names)}")
    base = BUILTIN[spec.base] if spec is not None and spec.base else BUILTIN.get(name, BUILTIN["default"])
    if spec is None:
        return base
    return Theme(
        name=name,
        fills=spec.fills or base.fills,
        tint=spec.tint if spec.tint is not None else base.tint,
        bleed=spec.bleed if spec.bleed is not None else base.bleed,
        types=dict(spec.types),
        back=spec.back,
    )
