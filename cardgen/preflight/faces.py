"""Preflight of card faces: every distinct face and back, drawn into a measuring canvas.

Rules: text that does not fit its box even at the layout's smallest size (``overflow``), text
under the minimum size (``tiny-text``), text outside the safe zone (``safe-zone``), two
elements whose ink overlaps (``overlap``; text with text, or text with an icon or symbol),
one element set at several sizes across the cards of a family (``type-scale``), and glyphs the
font lacks (``missing-glyph``).
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field

from cardgen.loading.deck_loader import load_deck_layouts
from cardgen.model.deck import DeckSpec
from cardgen.preflight.measure import BBox, Ink, MeasuringCanvas, intersect
from cardgen.preflight.problems import Problem, card_source, element_source
from cardgen.render.card_renderer import CardRenderer, Translate, no_translation
from cardgen.render.fonts import has_glyphs

BACKGROUND_KINDS = frozenset({"fill", "pattern", "frame", "art", "back-motif", "rule"})
"""Element kinds that are painted under others by design: never an overlap."""
TOLERANCE = 0.3
"""Points of slack for safe-zone and overlap tests (anti-aliasing and rounding, not design)."""


@dataclass
class Face:
    """One distinct face or back as drawn: its ink, and what it belongs to."""

    key: str
    card: str
    layout: str
    ink: list[Ink] = field(default_factory=list)


def draw_faces(deck: DeckSpec, *, language: str = "en", translate: Translate = no_translation) -> tuple[list[Face], CardRenderer]:
    """Every card's face (once per card, not per copy) and every back layout, measured."""
    layouts = load_deck_layouts(deck)
    renderer = CardRenderer(deck, layouts[deck.layout], layouts, translate=translate, language=language)
    return _measured(deck, renderer, {}), renderer


def _measured(deck: DeckSpec, renderer: CardRenderer, known: dict[str, Face]) -> list[Face]:
    """Every card's face (once per card) and every back layout: from ``known``, else drawn and measured now."""
    out = []
    for card in deck.cards:
        face = known.get(f"face:{card.id}")
        if face is None:
            canvas = MeasuringCanvas(language=renderer.language)
            renderer.draw_face(canvas, card)
            face = Face(f"face:{card.id}", card.id, deck.face_layout(card), canvas.ink)
        out.append(face)
    for name in dict.fromkeys(renderer.back_layout_name(card) for card in deck.cards):
        face = known.get(f"back:{name}")
        if face is None:
            canvas = MeasuringCanvas(language=renderer.language)
            renderer.draw_back(canvas, name)
            face = Face(f"back:{name}", "", name, canvas.ink)
        out.append(face)
    return out


class SheetFaceWatch:
    """The faces the card sheets draw, measured as they are drawn (:class:`~cardgen.render.sheets.FaceWatch`).

    Passed to :func:`~cardgen.render.sheets.write_sheets`, it gives every distinct face and
    back a measuring canvas that watches the PDF drawing; :meth:`faces` then returns them in
    :func:`draw_faces`'s order, drawing any the sheets left out (backs with ``--no-backs``).
    """

    def __init__(self, deck: DeckSpec) -> None:
        self._faces: dict[str, Face] = {}
        # the face rules look at the text of a background element, never at its paint: not measured
        self._text_only = frozenset((name, element) for name, layout in load_deck_layouts(deck).items()
                                    for element, spec in layout.elements.items() if spec.kind in BACKGROUND_KINDS)

    def watcher(self, key: str, card: str, layout: str) -> MeasuringCanvas:
        canvas = MeasuringCanvas(text_only=self._text_only)
        self._faces[key] = Face(key, card, layout, canvas.ink)
        return canvas

    def faces(self, deck: DeckSpec, renderer: CardRenderer) -> list[Face]:
        """Every card's face and every back layout, as :func:`draw_faces` lists them."""
        return _measured(deck, renderer, self._faces)


def quoted_snippet(text: str, length: int = 28) -> str:
    """``text`` quoted on one line, cut between words (mid-word only for a word longer than half) with '…'."""
    flat = " ".join(text.split())
    if len(flat) <= length:
        return f"“{flat}”"
    cut = flat[:length - 1]
    if flat[length - 1] != " " and cut.rfind(" ") > length // 2:
        cut = cut[:cut.rfind(" ")]
    return f"“{cut.rstrip()}…”"


def check_faces(deck: DeckSpec, faces: list[Face], renderer: CardRenderer, *, language: str,
                min_size: float = 6.5) -> list[Problem]:
    """Every face rule over ``faces``; one problem per element and rule on each face."""
    layouts = load_deck_layouts(deck)
    safe = renderer.safe
    safe_box = (safe, safe, renderer.width - safe, renderer.height - safe)
    problems: list[Problem] = []
    sizes: dict[tuple[str, str], dict[float, list[str]]] = defaultdict(lambda: defaultdict(list))
    for face in faces:
        reported: set[tuple[str, str | None]] = set()

        def report(rule: str, ink: Ink, message: str, key: str | None = None, *, face: Face = face,
                   reported: set[tuple[str, str | None]] = reported) -> None:
            if (rule, ink.element) in reported:
                return
            reported.add((rule, ink.element))
            problems.append(Problem(rule, message, element_source(deck, ink.layout or face.layout, ink.element or "", key),
                                    card=face.card or face.key, language=language, element=ink.element or "",
                                    bbox=ink.bbox, face=face.key))

        texts = [ink for ink in face.ink if ink.kind == "text"]
        for ink in texts:
            if not ink.fits:
                report("overflow", ink, f"{quoted_snippet(ink.text)} does not fit its box even at {ink.size:g} pt "
                                        "(the layout's smallest size): shorten it, or give the element more room")
            if ink.size < min_size - 0.01:
                report("tiny-text", ink, f"{quoted_snippet(ink.text)} is set at {ink.size:.2g} pt, under the "
                                         f"{min_size:g} pt minimum for cards", "size")
            outside = _outside(ink.bbox, safe_box)
            if outside > TOLERANCE and ink.fits:
                report("safe-zone", ink, f"{quoted_snippet(ink.text)} runs {outside:.1f} pt outside the safe zone "
                                         f"({safe / 2.8346:.1f} mm inside the trim)")
            missing = has_glyphs(ink.text, ink.font)
            if missing:
                report("missing-glyph", ink, f"the font {ink.font} has no glyph for "
                                             + ", ".join(f"'{ch}' (U+{ord(ch):04X})" for ch in sorted(missing)))
            if ink.element and face.card and ink.box is not None:
                sizes[(face.layout, ink.element)][round(ink.size, 2)].append(face.card)
        problems.extend(_overlaps(deck, face, layouts, language))
    for (layout, element), by_size in sizes.items():
        if len(by_size) > 1 and max(by_size) - min(by_size) > 0.3:
            smallest = min(by_size)
            shown = ", ".join(f"{size:g} pt" for size in sorted(by_size))
            problems.append(Problem("type-scale", f"set at {shown} on different cards (e.g. {by_size[smallest][0]} "
                                    f"at {smallest:g} pt): one size per family reads as a system — fit the longest "
                                    "text at one size", element_source(deck, layout, element, "size"),
                                    language=language, element=element))
    return problems


def _outside(box: BBox, limit: BBox) -> float:
    """How far ``box`` reaches beyond ``limit`` (0 when inside)."""
    return max(limit[0] - box[0], limit[1] - box[1], box[2] - limit[2], box[3] - limit[3], 0.0)


def _overlaps(deck: DeckSpec, face: Face, layouts: dict, language: str) -> list[Problem]:  # type: ignore[type-arg]
    """Text that overlaps another element's text, icon or symbol on the same face."""
    layout = layouts.get(face.layout)

    def kind(ink: Ink) -> str:
        source = layouts.get(ink.layout or "") or layout
        element = source.elements.get(ink.element or "") if source else None
        return element.kind if element else "fill"

    # text that overflows is reported once as overflow, not again for everything it runs into
    content = [ink for ink in face.ink if ink.element and kind(ink) not in BACKGROUND_KINDS and ink.fits]
    boxes: dict[str, list[Ink]] = defaultdict(list)
    for ink in content:
        boxes[ink.element or ""].append(ink)
    names = list(boxes)
    problems = []
    for name in names:  # one element's own pieces of text running into each other (a table's columns)
        texts = [ink for ink in boxes[name] if ink.kind == "text"]
        hit = next(((a, b) for i, a in enumerate(texts) for b in texts[i + 1:]
                    if intersect(_shrunk(a.bbox), _shrunk(b.bbox)) is not None), None)
        if hit is not None:
            a, b = hit
            area = intersect(a.bbox, b.bbox)
            problems.append(Problem(
                "overlap", f"{_describe(a)} runs into {_describe(b)} of the same element: give it more room",
                element_source(deck, a.layout or face.layout, name), card=face.card or face.key, language=language,
                element=name, bbox=area, face=face.key))
    for i, first in enumerate(names):
        for second in names[i + 1:]:
            hit = _first_overlap(boxes[first], boxes[second])
            if hit is None:
                continue
            a, b, area = hit  # b is drawn later, over a: report it, where its layout places it
            problems.append(Problem(
                "overlap", f"{_describe(b)} overlaps {first}'s {_describe(a)} by {area[2] - area[0]:.1f} × "
                           f"{area[3] - area[1]:.1f} pt: move or shrink one of them",
                element_source(deck, b.layout or face.layout, second), card=face.card or face.key, language=language,
                element=second, bbox=area, face=face.key))
    return problems


def _shrunk(box: BBox) -> BBox:
    return (box[0] + TOLERANCE, box[1] + TOLERANCE, box[2] - TOLERANCE, box[3] - TOLERANCE)


def _first_overlap(first: list[Ink], second: list[Ink]) -> tuple[Ink, Ink, BBox] | None:
    for a in first:
        for b in second:
            if a.kind != "text" and b.kind != "text":
                continue  # two drawings may be composed on purpose; text over anything is a collision
            shrunk = (a.bbox[0] + TOLERANCE, a.bbox[1] + TOLERANCE, a.bbox[2] - TOLERANCE, a.bbox[3] - TOLERANCE)
            area = intersect(shrunk, b.bbox)
            if area is not None:
                return a, b, area
    return None


def _describe(ink: Ink) -> str:
    return f"text {quoted_snippet(ink.text)}" if ink.kind == "text" else "drawing"


def card_line(deck: DeckSpec, card_id: str) -> str:
    return card_source(deck, card_id)
