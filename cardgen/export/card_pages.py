"""The deck's distinct faces and backs as a PDF, one card per page with its bleed.

Drawn exactly as ``cardgen sheets --layout single`` draws a card (same renderer, same Form
XObject placement, same TrimBox/BleedBox), but each distinct face and each back layout appears
once: a 5,400-card deck with 8 faces and one back gives 9 pages to rasterise. Two cards whose
faces draw the very same content (same operators, same fonts and images) share one page, so an
export rasterises and encodes that picture once.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from reportlab.pdfbase.pdfdoc import xObjectName

from cardgen.layout.imposition import Slot
from cardgen.loading.deck_loader import load_deck_layouts
from cardgen.model.deck import CardSpec, DeckSpec
from cardgen.output import atomic_path
from cardgen.render.card_renderer import CardRenderer, Translate, no_translation
from cardgen.render.fonts import register_fonts
from cardgen.render.proof_labels import proof_text
from cardgen.render.sheets import FaceWatch, _FormCache, new_canvas

Side = Literal["front", "back"]
Box = tuple[float, float, float, float]
"""x0, y0, x1, y1 in PDF points (origin bottom-left of the page)."""


@dataclass(frozen=True)
class CardPage:
    """One page of the card-pages PDF: a distinct face (``card`` set) or a back layout."""

    index: int
    """The page that shows this image; cards with identical faces share one."""
    side: Side
    key: str
    """The card id for a face, the layout name for a back."""
    name: str
    """The (translated) card name; for a back, "<deck title> back" in the deck's language."""
    count: int
    """Physical cards in the deck that show this image."""
    card: CardSpec | None = None


@dataclass(frozen=True)
class CardPages:
    """Where the pages are and how a card sits on each page."""

    path: Path
    pages: tuple[CardPage, ...]
    width_pt: float
    height_pt: float
    bleed_pt: float

    @property
    def faces(self) -> list[CardPage]:
        return [p for p in self.pages if p.side == "front"]

    @property
    def backs(self) -> list[CardPage]:
        return [p for p in self.pages if p.side == "back"]

    def box(self, *, bleed: bool) -> Box:
        """The page region of one card: the whole page with bleed, else the trim box."""
        b = self.bleed_pt
        if bleed:
            return (0.0, 0.0, self.width_pt + 2 * b, self.height_pt + 2 * b)
        return (b, b, b + self.width_pt, b + self.height_pt)


@dataclass(frozen=True)
class FacesPreflight:
    """The preflight's single pass over the card pages: ``watch`` measures each face and back as the
    pages draw it; ``check`` gets the renderer once every page is drawn, before any image is
    rasterised, and stops the export by raising (``--strict``)."""

    watch: FaceWatch
    check: Callable[[CardRenderer], None]


def back_layouts(deck: DeckSpec) -> dict[str, str]:
    """Card id → the back layout that card uses."""
    return {card.id: deck.types[card.type].back or deck.back.layout for card in deck.cards}


def form_content(canvas: object, form: str) -> tuple[object, ...]:
    """What a finished Form XObject draws: its content stream and the resources it names.

    Font, image and graphics-state names are document-wide, so two forms with equal content draw
    the same picture.
    """
    obj = canvas._doc.idToObject[xObjectName(form)]  # type: ignore[attr-defined]
    return (obj.stream, _plain(obj.XObjects), _plain(getattr(obj, "ExtGState", None)))


def _plain(value: object) -> object:
    """A reportlab PDF value as comparable plain data (its dictionaries by content, not identity)."""
    inner = getattr(value, "dict", None)
    if isinstance(inner, dict):
        value = inner
    if isinstance(value, dict):
        return tuple(sorted((str(k), _plain(v)) for k, v in value.items()))
    if isinstance(value, (list, tuple)):
        return tuple(_plain(v) for v in value)
    if value is None or isinstance(value, (str, bytes, int, float)):
        return value
    return repr(value)  # an unknown object: compared by identity, so never wrongly merged


def write_card_pages(deck: DeckSpec, target: Path, *, translate: Translate = no_translation,
                     language: str = "en", theme: str = "default",
                     preflight: FacesPreflight | None = None) -> CardPages:
    """Write one page per distinct face, then one per back layout used, and describe them.

    With ``preflight``, each face is measured as it is drawn, and checked when the pages are done.
    """
    register_fonts()
    layouts = load_deck_layouts(deck)
    renderer = CardRenderer(deck, layouts[deck.layout], layouts, translate=translate, language=language, theme=theme)
    b, w, h = renderer.bleed, renderer.width, renderer.height
    pages: list[CardPage] = []
    backs = back_layouts(deck)
    back_counts: dict[str, int] = {}
    for card in deck.cards:
        back_counts[backs[card.id]] = back_counts.get(backs[card.id], 0) + card.count
    title = translate("deck:title", deck.title)
    with atomic_path(Path(target)) as tmp:
        c = new_canvas(tmp, pagesize=(w + 2 * b, h + 2 * b), title=title,
                       author=deck.designer, subject="Distinct card faces and backs")
        c.setPageCompression(0)  # a scratch file read once by pdfium: no deflate to write and undo
        forms = _FormCache(c, renderer, watch=preflight.watch if preflight is not None else None)
        slot = Slot(b, b, w, h, (0.0, 0.0, w + 2 * b, h + 2 * b))

        page_count = 0

        def page(form: str) -> int:
            nonlocal page_count
            c.setTrimBox((b, b, b + w, b + h))
            c.setBleedBox((0, 0, w + 2 * b, h + 2 * b))
            forms.place(form, slot)
            c.showPage()
            page_count += 1
            return page_count - 1

        drawn: dict[tuple[object, ...], int] = {}
        for card in deck.cards:
            form = forms.face(card)
            look = form_content(c, form)
            index = drawn.get(look)
            if index is None:
                index = drawn[look] = page(form)
            pages.append(CardPage(index, "front", card.id, translate(f"card:{card.id}.name", card.name),
                                  card.count, card))
        shown: set[str] = set()
        for card in deck.cards:
            layout = backs[card.id]
            if layout in shown:
                continue
            shown.add(layout)
            index = page(forms.back(card))
            name = proof_text(translate, "proof:back", title=title)
            name = name if len(back_counts) == 1 else f"{name} ({layout})"
            pages.append(CardPage(index, "back", layout, name, back_counts[layout]))
        c.save()
        if preflight is not None:
            preflight.check(renderer)
    return CardPages(Path(target), tuple(pages), w, h, b)
