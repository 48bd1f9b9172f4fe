"""Draws one card face or back from its layout, through the Canvas protocol.

The card's trim box is ``(0, 0, width, height)`` in points; elements marked ``bleed`` extend up
to ``bleed`` beyond the trim edges they touch. Text boxes are clipped to the safe zone. The
renderer is pure: same spec in, same drawing calls out.
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import NamedTuple

from cardgen.model.deck import CardSpec, CardTypeSpec, DeckSpec
from cardgen.model.layout import ElementSpec, LayoutSpec
from cardgen.render.canvas import Canvas
from cardgen.render.colors import darken, lighten, luminance, mix
from cardgen.render.element_kit import (  # noqa: F401
    BUILTIN_KINDS,
    ELEMENT_CHECKS,
    ELEMENT_KINDS,
    FONT_NAMES,
    Box,
    ElementCheck,
    ElementDrawer,
    StatProblem,
    Translate,
    element_kind,
    no_translation,
)
from cardgen.render.icons import ICONS, draw_symbol
from cardgen.render.resolved import length, position
from cardgen.render.themes import Theme, resolve_theme


def element_kinds() -> list[str]:
    """Every kind a layout may use: the built-in ones and the registered ones."""
    import cardgen.render.elements  # noqa: F401  (registers the bundled extra kinds)

    return sorted(set(BUILTIN_KINDS) | set(ELEMENT_KINDS))



def _deck_fonts(deck: DeckSpec) -> dict[str, str]:
    from cardgen.render.deck_fonts import deck_font_names

    return deck_font_names(deck)


PAPER = "#ffffff"
"""What lies under a card's first element: the sheet of paper it is printed on."""


class CardRenderer:
    """Draws faces and backs of one deck. ``translate(context, source)`` localises text.

    ``opaque`` is for files that allow no transparency (PDF/X-1a): an element drawn with an
    ``opacity`` below 1 is drawn opaque in the colour the designed blend gives over the flat
    fill under it (a band pattern over its band, a back motif over the back's field), so it prints
    as it looks on screen. Where what lies under it is not one flat colour (art, text, a rounded
    or partial fill), it is drawn as designed and :attr:`flatten_notes` says so.
    """

    def __init__(self, deck: DeckSpec, face: LayoutSpec, backs: dict[str, LayoutSpec], *,
                 translate: Translate = no_translation, language: str = "en", theme: str | Theme = "default",
                 opaque: bool = False) -> None:
        import cardgen.render.elements  # noqa: F401  (registers the bundled extra element kinds)

        self.theme = resolve_theme(deck, theme) if isinstance(theme, str) else theme
        self.deck = deck = self.theme.deck_for(deck)
        self.face = face
        self.backs = backs  # every layout the deck uses, by name (faces of types and cards too)
        self.translate = translate
        self.language = language
        size = deck.print.size
        self.width = size.width_pt
        self.height = size.height_pt
        self.bleed = deck.print.bleed
        self.safe = deck.print.safe
        self.fonts = FONT_NAMES if not deck.fonts else _deck_fonts(deck)
        self._boxes: dict[tuple[object, ...], Box] = {}  # layout lengths → box, resolved once per deck
        self._colors: dict[tuple[object, ...], str] = {}  # (colour name, type colours) → hex
        self._art: dict[str, tuple[Path, float, float]] = {}  # art reference → path and size, checked once per renderer
        self.opaque = opaque
        self._backdrop: str | None = None  # opaque: the flat colour under the element being drawn
        self._flatten_gaps: dict[tuple[str, str, str], FlattenGap] = {}

    @property
    def flatten_gaps(self) -> list[FlattenGap]:
        """Opaque drawing: each translucent element (by layout and what lies under it) that could not be pre-mixed."""
        return list(self._flatten_gaps.values())

    @property
    def flatten_notes(self) -> list[str]:
        """:attr:`flatten_gaps` as one line each."""
        return [gap.text for gap in self._flatten_gaps.values()]

    def check_opaque(self) -> list[FlattenGap]:
        """Every face and back of the deck walked as opaque drawing would draw it (nothing drawn):
        the translucent elements it could not pre-mix."""
        backs: set[str] = set()
        for card in self.deck.cards:
            kind = self.deck.types[card.type]
            name = self.deck.face_layout(card)
            self._walk(self.face if name == self.face.name else self.backs[name], card, kind)
            backs.add(self.back_layout_name(card))
        for name in sorted(backs):
            self._walk(self.backs[name], None, None)
        return self.flatten_gaps

    def _walk(self, layout: LayoutSpec, card: CardSpec | None, kind: CardTypeSpec | None) -> None:
        below: list[_Painted] = []
        for element_name, designed in layout.elements.items():
            for element in self.theme.restyle(designed, self, kind):
                self._backdrop = self._backdrop_for(layout.name, element_name, element, below, card, kind)
                painted = self._painted(element_name, element, card, kind)
                if painted is not None:
                    below.append(painted)
        self._backdrop = None

    def font_name(self, font: str) -> str:
        """The registered font for a layout's ``font:`` (a role, or a name from the deck's ``fonts:``)."""
        return self.fonts[font]

    # -- public -----------------------------------------------------------------------------
    def draw_face(self, c: Canvas, card: CardSpec) -> None:
        kind = self.deck.types[card.type]
        name = self.deck.face_layout(card)
        layout = self.face if name == self.face.name else self.backs[name]
        self._draw_layout(c, layout, card=card, kind=kind)

    def label(self, key: str) -> str:
        """A word of the deck's ``labels`` in the card's language ('' when the deck has none)."""
        text = self.deck.labels.get(key, "")
        return self.translate(f"label:{key}", text) if text else ""

    def back_layout_name(self, card: CardSpec) -> str:
        kind = self.deck.types[card.type]
        return kind.back or self.deck.back.layout

    def draw_back(self, c: Canvas, layout_name: str) -> None:
        self._draw_layout(c, self.backs[layout_name], card=None, kind=None)

    # -- layout -----------------------------------------------------------------------------
    def box(self, element: ElementSpec) -> Box:
        """An element's box in PDF coordinates (points, origin bottom-left of the trim box)."""
        return self._box(element)

    def _box(self, element: ElementSpec) -> Box:
        key = (element.x, element.y, element.width, element.height)
        box = self._boxes.get(key)
        if box is None:
            w_card, h_card = self.width, self.height
            x = position(element.x, w_card, True)
            y = position(element.y, h_card, True)
            w = position(element.width, w_card, False)
            h = position(element.height, h_card, False)
            box = self._boxes[key] = Box(x, h_card - y - h, w, h)  # to PDF coordinates (origin bottom-left)
        return box

    def _bleed_box(self, box: Box) -> Box:
        eps = 0.01
        x0, y0, x1, y1 = box.x, box.y, box.x + box.w, box.y + box.h
        if x0 <= eps:
            x0 -= self.bleed
        if y0 <= eps:
            y0 -= self.bleed
        if x1 >= self.width - eps:
            x1 += self.bleed
        if y1 >= self.height - eps:
            y1 += self.bleed
        return Box(x0, y0, x1 - x0, y1 - y0)

    def safe_box(self, box: Box) -> Box:
        """``box`` clipped to the safe zone (where text goes)."""
        return self._safe_box(box)

    def _safe_box(self, box: Box) -> Box:
        s = self.safe
        x0, y0 = max(box.x, s), max(box.y, s)
        x1, y1 = min(box.x + box.w, self.width - s), min(box.y + box.h, self.height - s)
        return Box(x0, y0, max(0.0, x1 - x0), max(0.0, y1 - y0))

    def color(self, value: str, kind: CardTypeSpec | None) -> str:
        """Resolve a layout colour name ('type', 'type-light', 'back' …) or '#hex'."""
        return self._color(value, kind)

    def _color(self, value: str, kind: CardTypeSpec | None) -> str:
        key = (value, None) if kind is None else (value, kind.color, kind.text_color)
        color = self._colors.get(key)
        if color is None:
            color = self._colors[key] = self._resolve_color(value, kind)
        return color

    def _resolve_color(self, value: str, kind: CardTypeSpec | None) -> str:
        back = self.deck.back
        named = {
            "back": back.color,
            "back-accent": back.accent,
            "back-light": lighten(back.color, 0.85),
        }
        if kind is not None:
            pale = luminance(kind.text_color) < 0.3  # a light type (it prints its words dark)
            named.update({
                "type": kind.color,
                "type-text": kind.text_color,
                "type-light": lighten(kind.color, 0.86),
                "type-mid": lighten(kind.color, 0.55),
                "type-dark": darken(kind.color, 0.62 if pale else 0.35),  # dark enough to read on paper
            })
        if value in named:
            return named[value]
        if value.startswith("#"):
            return value
        return "#000000"

    def _draw_layout(self, c: Canvas, layout: LayoutSpec, *, card: CardSpec | None, kind: CardTypeSpec | None) -> None:
        begin_element = getattr(c, "begin_element", None)  # a measuring canvas (preflight) hears whose drawing follows
        below: list[_Painted] = []  # opaque: what the elements drawn so far cover, bottom first
        for element_name, designed in layout.elements.items():
            if begin_element is not None:
                begin_element(layout.name, element_name)
            for element in self.theme.restyle(designed, self, kind):
                if self.opaque:
                    self._backdrop = self._backdrop_for(layout.name, element_name, element, below, card, kind)
                extra = ELEMENT_KINDS.get(element.kind)
                if extra is not None:
                    extra(self, c, element, card, kind)
                else:
                    getattr(self, "_draw_" + element.kind.replace("-", "_"))(c, element, card, kind)
                if self.opaque:
                    painted = self._painted(element_name, element, card, kind)
                    if painted is not None:
                        below.append(painted)
        self._backdrop = None

    # -- opaque drawing (no transparency in the file) ---------------------------------------
    def with_opacity(self, color: str, opacity: float) -> tuple[str, float]:
        """The colour and alpha to paint ``color`` at ``opacity``: as designed, or (opaque drawing over a
        flat fill) the blend itself, fully opaque."""
        if opacity < 1.0 and self._backdrop is not None:
            return mix(self._backdrop, color, opacity), 1.0
        return color, opacity

    def _painted_box(self, e: ElementSpec) -> Box:
        box = self._box(e)
        return self._bleed_box(box) if e.bleed else box

    def _painted(self, name: str, e: ElementSpec, card: CardSpec | None, kind: CardTypeSpec | None) -> _Painted | None:
        """What ``e`` covers once drawn: its box, and its colour if that box is one flat opaque colour."""
        if e.kind == "fill":
            colour, alpha = self.with_opacity(self._color(e.color, kind), e.opacity)
            flat = colour if alpha == 1.0 and length(e.radius) == 0 else None
            return _Painted(name, self._painted_box(e), flat)
        if e.kind == "art" and not (card.art if card is not None else self.deck.back.art):
            return None  # no art on this card: nothing drawn
        if e.kind == "pattern" and (kind is None or kind.pattern == "solid"):
            return None
        if e.kind == "icon" and (card is None or not (card.icon or (not card.art and kind is not None))):
            return None  # neither an icon nor the type's symbol in place of missing art
        if e.kind == "text" and not self._text_value(e, card, kind):
            return None
        box = self._painted_box(e)
        grow = STROKE_ALLOWANCE  # strokes (frames, rules, outlines) reach past the box
        return _Painted(name, Box(box.x - grow, box.y - grow, box.w + 2 * grow, box.h + 2 * grow), None)

    def _backdrop_for(self, layout: str, name: str, e: ElementSpec, below: list[_Painted], card: CardSpec | None,
                      kind: CardTypeSpec | None) -> str | None:
        """The one flat colour under all of ``e`` (paper when nothing is), else None (and a note if ``e`` is translucent)."""
        box = self._painted_box(e)
        for painted in reversed(below):
            if not _overlap(painted.box, box):
                continue
            if painted.flat is not None and _contains(painted.box, box):
                return painted.flat
            if e.opacity < 1.0 and e.kind in TRANSLUCENT_KINDS:
                self._flatten_gaps[(layout, name, painted.name)] = FlattenGap(layout, name, painted.name, e.opacity)
            return None
        return PAPER

    # -- element kinds ----------------------------------------------------------------------
    def _draw_fill(self, c: Canvas, e: ElementSpec, card: CardSpec | None, kind: CardTypeSpec | None) -> None:
        box = self._box(e)
        if e.bleed:
            box = self._bleed_box(box)
        radius = length(e.radius)
        color, alpha = self.with_opacity(self._color(e.color, kind), e.opacity)
        c.set_fill(color, alpha)
        c.rect(box.x, box.y, box.w, box.h, radius=radius, fill=True)
        if alpha != 1.0:
            c.set_fill("#000000", 1.0)

    def _draw_frame(self, c: Canvas, e: ElementSpec, card: CardSpec | None, kind: CardTypeSpec | None) -> None:
        box = self._box(e)
        c.set_stroke(self._color(e.stroke or e.color, kind), length(e.stroke_width))
        c.rect(box.x, box.y, box.w, box.h, radius=length(e.radius), fill=False, stroke=True)

    def _draw_rule(self, c: Canvas, e: ElementSpec, card: CardSpec | None, kind: CardTypeSpec | None) -> None:
        box = self._box(e)
        c.set_stroke(self._color(e.color, kind), length(e.stroke_width))
        c.line(box.x, box.y + box.h / 2, box.x + box.w, box.y + box.h / 2)

    def _draw_pattern(self, c: Canvas, e: ElementSpec, card: CardSpec | None, kind: CardTypeSpec | None) -> None:
        """The type's band pattern: a second cue besides colour (stripes, dots, checks …)."""
        if kind is None or kind.pattern == "solid":
            return
        box = self._box(e)
        if e.bleed:
            box = self._bleed_box(box)
        c.save()
        c.clip_rect(box.x, box.y, box.w, box.h)
        color = self._color(e.color, kind)
        if e.color == "type-dark" and luminance(kind.text_color) < 0.3:
            color = lighten(kind.color, 0.5)  # on a light band a pale pattern, so the dark words stay legible
        color, alpha = self.with_opacity(color, e.opacity)
        c.set_fill(color, alpha)
        c.set_stroke(color, 1.6, alpha=alpha)
        step = 7.0
        if kind.pattern == "stripes":
            # diagonal stripes: one wide stroked line each
            c.set_stroke(color, 2.6, alpha=alpha)
            n = int((box.w + box.h) / step) + 2
            for i in range(n):
                x0 = box.x - box.h + i * step
                c.line(x0, box.y, x0 + box.h, box.y + box.h)
        elif kind.pattern == "dots":
            # a row of dots is one dashed line with round caps: compact in the PDF
            c.set_stroke(color, 2.4, dash=(0.01, step), alpha=alpha, cap="round")
            for r in range(int(box.h / step) + 2):
                offset = step / 2 if r % 2 else 0.0
                y = box.y + r * step
                c.line(box.x + offset, y, box.x + box.w + step, y)
        elif kind.pattern == "checks":
            size = step * 0.9
            c.set_stroke(color, size, dash=(size, size), alpha=alpha)
            for r in range(int(box.h / size) + 1):
                y = box.y + (r + 0.5) * size
                start = box.x + (size if r % 2 else 0.0)
                c.line(start, y, box.x + box.w + size, y)
        elif kind.pattern in ("waves", "zigzag"):
            rows = int(box.h / step) + 2
            for r in range(rows):
                y = box.y + r * step
                points = [(box.x + i * step / 2, y + (2.0 if i % 2 else -2.0)) for i in range(int(box.w / (step / 2)) + 3)]
                c.polygon(points, fill=False, stroke=True, close=False)
        c.restore()

    def _text_value(self, e: ElementSpec, card: CardSpec | None, kind: CardTypeSpec | None) -> str:
        field = e.field or "name"
        tr = self.translate
        deck = self.deck
        if field == "title":
            return tr("deck:title", deck.title)
        if field == "credit":
            return tr("deck:credit", deck.credit) if deck.credit else ""
        if field == "version":
            return deck.version
        if field == "back.text":
            return tr("deck:back.text", deck.back.text) if deck.back.text else ""
        if field.startswith("labels."):
            return self.label(field[len("labels."):])
        if card is None:
            return ""
        if field == "name":
            return tr(f"card:{card.id}.name", card.name)
        if field == "text":
            return tr(f"card:{card.id}.text", card.text) if card.text else ""
        if field == "type" and kind is not None:
            return tr(f"type:{card.type}.label", kind.label)
        if field == "id":
            return card.id
        if field.startswith("stats."):
            key = field[len("stats."):]
            value = card.stats.get(key, "")
            if isinstance(value, str) and value:
                return tr(f"card:{card.id}.stats.{key}", value)
            return str(value)
        return ""

    def _draw_text(self, c: Canvas, e: ElementSpec, card: CardSpec | None, kind: CardTypeSpec | None) -> None:
        text = self._text_value(e, card, kind)
        if not text:
            return
        if e.upper:
            text = text.upper()
        box = self._safe_box(self._box(e))
        if box.w <= 0 or box.h <= 0:
            return
        size = length(e.size)
        min_size = length(e.min_size) if e.min_size else None
        if "[[" in text:  # inline icons: [[hit]], [[icon:action]] (cardgen/render/rich_card_text.py)
            from cardgen.render.rich_card_text import draw_rich_text, has_inline_icons

            if has_inline_icons(text):
                draw_rich_text(self, c, e, text, box, card, kind, font=self.font_name(e.font), size=size,
                               min_size=min_size, color=self._color(e.color, kind))
                return
        c.text_box(text, box.x, box.y, box.w, box.h, font=self.font_name(e.font), size=size, min_size=min_size,
                   leading=e.leading, align=e.align, valign=e.valign, color=self._color(e.color, kind),
                   language=self.language)

    def _square(self, box: Box) -> tuple[float, float, float]:
        s = min(box.w, box.h)
        return box.x + (box.w - s) / 2, box.y + (box.h - s) / 2, s

    def _draw_symbol(self, c: Canvas, e: ElementSpec, card: CardSpec | None, kind: CardTypeSpec | None) -> None:
        if kind is None:
            return
        x, y, s = self._square(self._box(e))
        draw_symbol(c, kind.symbol, x, y, s, self._color(e.color, kind))

    def _draw_icon(self, c: Canvas, e: ElementSpec, card: CardSpec | None, kind: CardTypeSpec | None) -> None:
        if card is not None and not card.icon and not card.art and kind is not None:
            # neither icon nor art: the type's symbol, so the panel is never an empty box
            x, y, s = self._square(self._box(e))
            draw_symbol(c, kind.symbol, x + s * 0.15, y + s * 0.15, s * 0.7, self._color(e.color, kind))
            return
        if card is None or not card.icon:
            return
        box = self._box(e)
        if card.icon in ICONS:
            x, y, s = self._square(box)
            paper = "#ffffff" if e.stroke is None else self._color(e.stroke, kind)
            ICONS[card.icon](c, x, y, s, self._color(e.color, kind), paper)
        else:
            self._draw_file(c, card.icon, box, fit="contain")

    def _draw_art(self, c: Canvas, e: ElementSpec, card: CardSpec | None, kind: CardTypeSpec | None) -> None:
        reference = (card.art if card is not None else self.deck.back.art)
        if not reference:
            return
        box = self._box(e)
        if e.bleed:
            box = self._bleed_box(box)
        c.save()
        c.clip_rect(box.x, box.y, box.w, box.h)
        self._draw_file(c, reference, box, fit="cover")
        c.restore()

    def _draw_file(self, c: Canvas, reference: str, box: Box, *, fit: str) -> None:
        known = self._art.get(reference)
        if known is None:
            from cardgen.render.art import art_size

            path = self.deck.folder / reference
            known = self._art[reference] = (path, *art_size(path))
        path, width, height = known
        scale = (max if fit == "cover" else min)(box.w / width, box.h / height)
        w, h = width * scale, height * scale
        x, y = box.x + (box.w - w) / 2, box.y + (box.h - h) / 2
        if path.suffix.lower() == ".svg":
            c.drawing(reference, str(path), x, y, w, h)
        else:
            c.image(str(path), x, y, w, h)

    def _draw_back_motif(self, c: Canvas, e: ElementSpec, card: CardSpec | None, kind: CardTypeSpec | None) -> None:
        """A point-symmetric motif of falling cards: looks the same whichever way it is cut or flipped."""
        box = self._box(e)
        if e.bleed:
            box = self._bleed_box(box)
        color, alpha = self.with_opacity(self._color(e.color, kind), e.opacity)
        cx, cy = self.width / 2, self.height / 2
        c.save()
        c.clip_rect(box.x, box.y, box.w, box.h)
        c.set_stroke(color, 0.9, alpha=alpha)
        c.set_fill(color, alpha)
        step = 9.0
        span_x = int((box.w / 2) / step) + 2
        span_y = int((box.h / 2) / step) + 2
        for i in range(-span_x, span_x + 1):
            for j in range(-span_y, span_y + 1):
                if (i + j) % 2:
                    continue
                x = cx + i * step
                y = cy + j * step
                d = math.hypot(x - cx, y - cy)
                r = 1.0 + 1.6 * (0.5 + 0.5 * math.cos(d / 11.0))
                c.polygon([(x, y - r), (x + r, y), (x, y + r), (x - r, y)], fill=True)
        c.restore()


TRANSLUCENT_KINDS = frozenset({"fill", "pattern", "back-motif"})
"""The element kinds that draw with their ``opacity`` (the others ignore it)."""

STROKE_ALLOWANCE = 2.0
"""Points an element other than a fill is taken to reach past its box (a stroke's half width)."""


class FlattenGap(NamedTuple):
    """A translucent element opaque drawing could not pre-mix: what lies under it is not one flat colour."""

    layout: str
    element: str
    under: str
    opacity: float

    @property
    def message(self) -> str:
        return (f"'{self.element}' ({round(self.opacity * 100)}% opaque) lies over '{self.under}', which is not one "
                "flat colour; PDF/X-1a has no transparency, so it prints as a tint over white paper, lighter than "
                "designed")

    @property
    def text(self) -> str:
        return f"layout {self.layout}: {self.message}"


class _Painted(NamedTuple):
    """An element already drawn on the card: its name, the box it covers, its colour if flat and opaque."""

    name: str
    box: Box
    flat: str | None


def _overlap(a: Box, b: Box, eps: float = 0.01) -> bool:
    return (min(a.x + a.w, b.x + b.w) - max(a.x, b.x) > eps) and (min(a.y + a.h, b.y + b.h) - max(a.y, b.y) > eps)


def _contains(outer: Box, inner: Box, eps: float = 0.01) -> bool:
    return (outer.x <= inner.x + eps and outer.y <= inner.y + eps and outer.x + outer.w >= inner.x + inner.w - eps
            and outer.y + outer.h >= inner.y + inner.h - eps)
