"""The small interface between the card renderer and the element kinds other modules add.

An element kind (``cardgen.render.elements.*``) is a function ``draw(renderer, canvas, element,
card, kind)`` registered with :func:`element_kind`. It sees the renderer only through
:class:`ElementRenderer` — the deck, the language, the card's boxes and colours — so element
modules depend on this module, never on the renderer that imports them.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

from cardgen.model.deck import CardSpec, CardTypeSpec, DeckSpec
from cardgen.model.layout import ElementSpec
from cardgen.render import fonts
from cardgen.render.canvas import Canvas

Translate = Callable[[str, str], str]
ElementDrawer = Callable[["ElementRenderer", Canvas, ElementSpec, "CardSpec | None", "CardTypeSpec | None"], None]


@dataclass(frozen=True)
class StatProblem:
    """A card value an element cannot show: the card, the key inside it (``("stats", "push")``), why."""

    card: str
    key: tuple[str | int, ...]
    message: str
    hint: str | None = None


ElementCheck = Callable[[DeckSpec, ElementSpec, CardSpec], list[StatProblem]]

BUILTIN_KINDS = ("fill", "pattern", "frame", "text", "icon", "symbol", "art", "rule", "back-motif")

ELEMENT_KINDS: dict[str, ElementDrawer] = {}
"""Element kinds added by other modules (e.g. stat blocks): ``kind`` → drawing function.

Register with :func:`element_kind`; built-in kinds are the ``_draw_<kind>`` methods of
:class:`cardgen.render.card_renderer.CardRenderer`.
"""

ELEMENT_CHECKS: dict[str, ElementCheck] = {}
"""``kind`` → a function listing the card values an element of that kind cannot show (run by the loader)."""


def element_kind(name: str, *, check: ElementCheck | None = None) -> Callable[[ElementDrawer], ElementDrawer]:
    """Decorator registering a drawing function for layout elements of ``kind: name``.

    ``check(deck, element, card)`` validates the card values the element shows, so that a bad
    value is reported at its line in deck.yaml when the deck is loaded, not mid-build.
    """

    def register(fn: ElementDrawer) -> ElementDrawer:
        ELEMENT_KINDS[name] = fn
        if check is not None:
            ELEMENT_CHECKS[name] = check
        return fn

    return register



FONT_NAMES = {
    "display": fonts.DISPLAY,
    "display-regular": fonts.DISPLAY_REGULAR,
    "body": fonts.BODY,
    "body-bold": fonts.BODY_BOLD,
    "body-italic": fonts.BODY_ITALIC,
    "black": fonts.BLACK,
}


def no_translation(context: str, source: str) -> str:
    return source


@dataclass(frozen=True)
class Box:
    """An element's box on the card, in points from the card's lower left corner."""

    x: float
    y: float
    w: float
    h: float


class ElementRenderer(Protocol):
    """What an element kind may ask of the renderer drawing it."""

    deck: DeckSpec
    language: str
    width: float
    height: float
    translate: Translate
    opaque: bool
    """The file allows no transparency (PDF/X-1a): draw a translucent colour as its blend over what lies under it."""

    def box(self, element: ElementSpec) -> Box:
        """The element's box on the card, in points from the card's bottom-left corner."""
        ...

    def safe_box(self, box: Box) -> Box:
        """``box`` clipped to the safe zone."""
        ...

    def color(self, value: str, kind: CardTypeSpec | None) -> str:
        """A layout colour (``type``, ``type-light``, ``#rrggbb`` …) resolved for the card's type."""
        ...

    def label(self, key: str) -> str:
        """A word of the deck's ``labels`` in the card's language."""
        ...

    def font_name(self, font: str) -> str:
        """The registered font for a layout's font role or a deck font's name."""
        ...
