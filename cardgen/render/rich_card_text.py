"""Card text with inline icons: ``[[hit]]`` and ``[[icon:action]]``, the rulebook's syntax, on cards.

``[[card-id]]`` is that card's icon on a rounded square of its type colour, then its name in bold
(in the card's language); ``[[icon:NAME]]`` is an icon alone, in the text colour: an ability icon
(``action``, ``no-los``, ``tip``) or a built-in card icon (``hit``, ``stop`` …). Icons are drawn at
the text size, inside the line, and shrink with the text when a box is tight.

Icons ride on reportlab's ``<img>`` tag as in rulebooks (:mod:`cardgen.rulebook.inline`): the
paragraph reserves their room with a 1×1 marker image, and the marker is replaced by the vector
icon as it is drawn. Text without ``[[`` never comes here.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

from cardgen.errors import DeckError

if TYPE_CHECKING:
    from cardgen.model.deck import CardSpec, CardTypeSpec
    from cardgen.model.layout import ElementSpec
    from cardgen.render.canvas import Canvas
    from cardgen.render.element_kit import Box, ElementRenderer

INLINE = re.compile(r"\[\[([^\[\]]+)\]\]")
ICON_SCALE = 1.15
"""An inline icon's side, in font sizes: a little taller than capitals, inside the line's leading."""


def has_inline_icons(text: str) -> bool:
    return "[[" in text and INLINE.search(text) is not None


def _icon_names() -> tuple[dict[str, Any], dict[str, Any]]:
    from cardgen.render.elements.ability_icons import ABILITY_ICONS
    from cardgen.render.icons import ICONS

    return ABILITY_ICONS, ICONS


def check_reference(renderer: ElementRenderer, reference: str, card: CardSpec | None) -> None:
    """Refuse ``[[reference]]`` naming no card and no icon, with what it could be."""
    abilities, icons = _icon_names()
    if reference.startswith("icon:"):
        if reference[5:] in abilities or reference[5:] in icons:
            return
        known = ", ".join(sorted(set(abilities) | set(icons)))
        problem = f"[[{reference}]] names no icon"
        hint = f"icons: {known}"
    else:
        if renderer.deck.any_card(reference) is not None:
            return
        problem = f"[[{reference}]] names no card of the deck"
        hint = "write [[card-id]] for a card's icon and name, or [[icon:NAME]] for an icon alone"
    where = f"cards.{card.id}.text" if card is not None else "text"
    raise DeckError(problem, path=str(renderer.deck.file), field=where, hint=hint)


def _markup(text: str, *, size: float, name_of: Callable[[str], str]) -> str:
    """Escaped paragraph markup of ``text`` (**bold**, *italic*) with ``<img>`` markers for icons."""
    from cardgen.render.reportlab_canvas import markup
    from cardgen.rulebook.inline import marker_uri

    side = f"{size * ICON_SCALE:.2f}"

    def icon(match: re.Match[str]) -> str:
        reference = match.group(1).strip()
        tag = f'<img src="{marker_uri(reference)}" width="{side}" height="{side}" valign="middle"/>'
        if reference.startswith("icon:"):
            return tag
        return f"{tag}\u2009<b>{name_of(reference)}</b>"  # name_of's text is escaped by the caller

    return INLINE.sub(icon, markup(text))


def plain_text(text: str, name_of: Callable[[str], str]) -> str:
    """The text with each card reference as its name and icons left out (canvases that only record)."""
    return INLINE.sub(lambda m: "" if m.group(1).startswith("icon:") else name_of(m.group(1).strip()), text)


@contextmanager
def _painting_icons(rl_canvas: Any, paint: Callable[[Any, str, float, float, float, float], None]) -> Iterator[None]:
    """While drawing one paragraph, markers handed to ``drawImage`` become vector icons."""
    from reportlab.lib.utils import ImageReader

    from cardgen.rulebook.inline import MARKERS

    original = rl_canvas.drawImage

    def draw_image(image: Any, x: float, y: float, width: float | None = None, height: float | None = None,
                   *args: Any, **kwargs: Any) -> Any:
        name = getattr(image, "fileName", image if isinstance(image, str) else "")
        reference = MARKERS.get(name) if isinstance(image, (ImageReader, str)) else None
        if reference is not None and width and height:
            paint(rl_canvas, reference, x, y, width, height)
            return (width, height)
        return original(image, x, y, width, height, *args, **kwargs)

    rl_canvas.drawImage = draw_image
    try:
        yield
    finally:
        del rl_canvas.drawImage  # back to the class's method


def draw_rich_text(renderer: ElementRenderer, c: Canvas, e: ElementSpec, text: str, box: Box,
                   card: CardSpec | None, kind: CardTypeSpec | None, *, font: str, size: float,
                   min_size: float | None, color: str) -> None:
    """Draw ``text`` with its inline icons in ``box``, shrinking to ``min_size`` to fit, like plain text."""
    from cardgen.render.reportlab_canvas import ReportlabCanvas
    from cardgen.render.tee_canvas import TeeCanvas
    from cardgen.xml_escape import escape

    if isinstance(c, TeeCanvas):  # drawn with its icons, and measured as any other canvas measures it
        for each in (c.watcher, c.drawn):
            draw_rich_text(renderer, each, e, text, box, card, kind, font=font, size=size, min_size=min_size,
                           color=color)
        return
    if e.upper:  # the text was set in capitals, references too: ids and icon names are lower-case
        text = INLINE.sub(lambda m: f"[[{m.group(1).lower()}]]", text)
    for match in INLINE.finditer(text):
        check_reference(renderer, match.group(1).strip(), card)

    def name_of(card_id: str) -> str:
        named = renderer.deck.any_card(card_id)
        assert named is not None  # checked above
        name = renderer.translate(f"card:{card_id}.name", named.name)
        return name.upper() if e.upper else name

    if not isinstance(c, ReportlabCanvas):  # a recording or other canvas: the words, without icons
        c.text_box(plain_text(text, name_of), box.x, box.y, box.w, box.h, font=font, size=size, min_size=min_size,
                   leading=e.leading, align=e.align, valign=e.valign, color=color, language=renderer.language)
        return
    paragraph, height = _fit(text, box, font=font, size=size, min_size=min_size, e=e, color=color,
                             name_of=lambda cid: escape(name_of(cid)))
    if e.valign == "top":
        top = box.y + box.h
    elif e.valign == "middle":
        top = box.y + (box.h + height) / 2
    else:
        top = box.y + height
    with _painting_icons(c.c, _painter(renderer, color)):
        paragraph.drawOn(c.c, box.x, top - height)


def _fit(text: str, box: Box, *, font: str, size: float, min_size: float | None, e: ElementSpec, color: str,
         name_of: Callable[[str], str]) -> tuple[Any, float]:
    from reportlab.lib.colors import HexColor
    from reportlab.lib.styles import ParagraphStyle
    from reportlab.platypus import Paragraph

    from cardgen.render.fonts import ensure_font
    from cardgen.render.reportlab_canvas import _ALIGN, line_too_wide, untie_wide_runs

    ensure_font(font)
    current, smallest = size, (min_size if min_size is not None else size)
    while True:
        style = ParagraphStyle("cardgen-rich", fontName=font, fontSize=current, leading=current * e.leading,
                               alignment=_ALIGN[e.align], textColor=HexColor(color), allowWidows=0,
                               splitLongWords=0)  # a word is never cut: it stays whole (see fit_paragraph)
        paragraph = Paragraph(_markup(untie_wide_runs(text, box.w, font=font, size=current), size=current,
                                      name_of=name_of), style)
        _, height = paragraph.wrap(box.w, box.h)
        too_wide = any(line_too_wide(line) for line in getattr(paragraph.blPara, "lines", []))
        if (height <= box.h + 0.01 and not too_wide) or current <= smallest:
            return paragraph, height
        current = max(smallest, current - 0.25)


def _painter(renderer: ElementRenderer, ink: str) -> Callable[[Any, str, float, float, float, float], None]:
    """Draws one inline icon in place of its marker: a card's on its type colour, an icon alone in ``ink``."""
    from cardgen.render.reportlab_canvas import ReportlabCanvas

    abilities, icons = _icon_names()

    def paint(rl_canvas: Any, reference: str, x: float, y: float, w: float, h: float) -> None:
        rc = ReportlabCanvas(rl_canvas)
        s = min(w, h)
        y0 = y + (h - s) / 2
        rc.save()
        if reference.startswith("icon:"):
            name = reference[5:]
            draw = abilities.get(name) or icons[name]
            draw(rc, x, y0, s, ink, "#ffffff")
        else:
            card = renderer.deck.any_card(reference)
            assert card is not None
            colour = renderer.deck.types[card.type].color
            rc.set_fill(colour)
            rc.rect(x, y0, s, s, radius=s * 0.2, fill=True)
            if card.icon in icons:
                pad = s * 0.14
                icons[card.icon](rc, x + pad, y0 + pad, s - 2 * pad, "#ffffff", colour)
        rc.restore()

    return paint
