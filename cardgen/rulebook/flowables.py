"""Platypus pieces of a rulebook: the document, its canvas, headings, card faces, icon rows."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from reportlab.graphics.shapes import Drawing, Group
from reportlab.lib.utils import ImageReader
from reportlab.pdfgen.canvas import Canvas as RLCanvas
from reportlab.platypus import BaseDocTemplate, Flowable, Frame, KeepTogether, PageTemplate, Paragraph, Table
from reportlab.platypus.tableofcontents import TableOfContents

from cardgen.model.deck import CardSpec, DeckSpec
from cardgen.render.card_renderer import CardRenderer
from cardgen.render.fonts import BODY
from cardgen.render.icons import ICONS
from cardgen.render.reportlab_canvas import ReportlabCanvas
from cardgen.rulebook.inline import MARKERS
from cardgen.rulebook.shapes_canvas import ShapesCanvas
from cardgen.rulebook.styles import MUTED, Geometry
from cardgen.xml_escape import escape

IconPainter = Callable[[RLCanvas, str, float, float, float, float], None]


class BookCanvas(RLCanvas):
    """A reportlab canvas that draws inline card icons where their marker images would go."""

    def __init__(self, *args: Any, icon_painter: IconPainter | None = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.icon_painter = icon_painter

    def drawImage(self, image: Any, x: float, y: float, width: float | None = None, height: float | None = None,  # noqa: N802
                  *args: Any, **kwargs: Any) -> Any:
        card_id = MARKERS.get(getattr(image, "fileName", "")) if isinstance(image, ImageReader) else None
        if card_id is not None and self.icon_painter is not None and width and height:
            self.icon_painter(self, card_id, x, y, width, height)
            return (width, height)
        return super().drawImage(image, x, y, width, height, *args, **kwargs)


def icon_painter(deck: DeckSpec) -> IconPainter:
    """Draws a card's inline icon: its icon in white on a rounded square of its type colour."""

    def paint(canvas: RLCanvas, card_id: str, x: float, y: float, w: float, h: float) -> None:
        if card_id.startswith("icon:"):  # an ability icon, drawn alone in the book's ink
            from cardgen.render.elements.ability_icons import ABILITY_ICONS

            s = min(w, h) * 0.92
            ABILITY_ICONS[card_id[len("icon:"):]](ReportlabCanvas(canvas), x, y + (h - s) / 2, s, "#14213d", "#ffffff")
            return
        card = deck.card(card_id)
        color = deck.types[card.type].color
        s = min(w, h) * 0.86
        rc = ReportlabCanvas(canvas)
        rc.save()
        rc.set_fill(color)
        rc.rect(x, y + (h - s) / 2, s, s, radius=s * 0.2, fill=True)
        if card.icon in ICONS:
            pad = s * 0.14
            ICONS[card.icon](rc, x + pad, y + (h - s) / 2 + pad, s - 2 * pad, "#ffffff", color)
        rc.restore()

    return paint


class Heading(Paragraph):
    """A heading that becomes a PDF bookmark (and a table-of-contents entry when ``toc_level``)."""

    def __init__(self, text: str, style: Any, *, key: str, plain: str, outline_level: int | None,
                 toc_level: int | None) -> None:
        super().__init__(text, style)
        self.key = key
        self.plain = plain
        self.outline_level = outline_level
        self.toc_level = toc_level


class BackCoverEntry(Flowable):
    """Never placed: the contents entry and the bookmark of a chapter a booklet prints apart, on its
    back cover (:func:`~cardgen.rulebook.booklet.back_cover_page`, after the page the book ends on;
    :meth:`BookDoc.handle_flowable` notes them there).

    The bookmark's destination is a stand-in on this page, told apart by its ``/FitB`` view
    (:data:`BACK_COVER_VIEW`; headings use ``/Fit``): the booklet points it at the back cover once
    that page is added (``builder._booklet_pages``)."""

    def __init__(self, *, key: str, plain: str) -> None:
        super().__init__()
        self.key = key
        self.plain = plain

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        return 0.0, 0.0

    def draw(self) -> None:
        pass


BACK_COVER_VIEW = "FitB"
"""The view of :class:`BackCoverEntry`'s stand-in destination (no heading bookmark uses it)."""


class LongTable(Table):
    """A table with a header row repeated on every page it runs onto (``repeatRows=1``).

    Its cells default to the body font: reportlab's own default, Helvetica, would be an
    unembedded font in the PDF.
    """

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        from reportlab.platypus import TableStyle

        style = kwargs.pop("style", None)
        super().__init__(*args, **kwargs)
        self.setStyle(TableStyle([("FONT", (0, 0), (-1, -1), BODY)]))
        if style is not None:  # the caller's style comes after the default, so it wins
            self.setStyle(style)

    min_rows = 2
    """Body rows that must stay together on either side of a page break (no orphan, no widow)."""
    footer_rows = 0
    """Rows at the end (a total) that do not count as body rows: they never go over alone."""

    def start_height(self) -> float:
        """The header and the first rows: what must fit under a heading kept with this table."""
        return float(sum(self._rowHeights[: self.repeatRows + self.min_rows]))

    def split(self, availWidth: float, availHeight: float) -> list[Flowable]:
        """Reportlab's split, moved up a row or two so that neither page holds a lone body row."""
        parts = super().split(availWidth, availHeight)
        if len(parts) < 2:
            return parts
        first = len(parts[0]._cellvalues)
        body = len(self._cellvalues) - self.repeatRows - self.footer_rows
        head_rows = first - self.repeatRows
        tail_rows = body - head_rows
        if head_rows < self.min_rows:
            return []
        if tail_rows >= self.min_rows:
            return parts
        give = self.min_rows - max(tail_rows, 0)
        if head_rows - give < self.min_rows:
            return []
        return super().split(availWidth, float(sum(self._rowHeights[: first - give])) + 0.5)


class KeepWithStart(KeepTogether):
    """reportlab's keepWithNext group, except that a :class:`LongTable` at its end needs only its
    start on the page: a heading moves with a table's first rows, not with the whole table."""

    def wrap(self, aW: float, aH: float) -> tuple[float, float]:  # noqa: N803 (reportlab's names)
        result = super().wrap(aW, aH)
        last = self._content[-1]
        if len(self._content) > 1 and isinstance(last, LongTable):
            self._H -= last._height - last.start_height()
        return result


FOOTER_MIN_SIZE = 8.0
"""No text in a handout under 8 pt (the preflight's book rule), the page footer included."""


class BookDoc(BaseDocTemplate):
    """One frame per page, a footer from page 2 on, bookmarks and contents from the headings."""

    def __init__(self, filename: Any, *, geo: Geometry, footer: Callable[[int], str], **kwargs: Any) -> None:
        super().__init__(filename, pagesize=(geo.page.width_pt, geo.page.height_pt), leftMargin=geo.margin_x,
                         rightMargin=geo.margin_x, topMargin=geo.margin_top, bottomMargin=geo.margin_bottom,
                         invariant=1, initialFontName=BODY, pageCompression=1, keepTogetherClass=KeepWithStart,
                         **kwargs)
        self.geo = geo
        self.footer = footer
        frame = Frame(geo.margin_x, geo.margin_bottom, geo.frame_width, geo.frame_height, id="body",
                      leftPadding=0, rightPadding=0, topPadding=0, bottomPadding=0)
        self.addPageTemplates([PageTemplate(id="page", frames=[frame], onPage=self._page_furniture)])

    def _page_furniture(self, canvas: RLCanvas, doc: Any) -> None:
        page = canvas.getPageNumber()
        if page == 1:
            return
        canvas.saveState()
        canvas.setFont(BODY, max(FOOTER_MIN_SIZE, self.geo.body_size * 0.8))  # a booklet's 9.4 pt body: 8, not 7.5
        canvas.setFillColor(MUTED)
        canvas.drawCentredString(self.geo.page.width_pt / 2, self.geo.margin_bottom * 0.45, self.footer(page))
        canvas.restoreState()

    def beforeDocument(self) -> None:
        self.used: dict[int, float] = {}
        """Page number → how much of the frame's height its flowables used (0–1), for the last pass."""

    def handle_flowable(self, flowables: list[Any]) -> None:
        """A :class:`BackCoverEntry` is noted on the page the book ends on, never placed: a full last
        page would otherwise refuse even a flowable of no height and start an empty one."""
        if flowables and isinstance(flowables[0], BackCoverEntry):
            from cardgen.rulebook.booklet import back_cover_page

            entry = flowables.pop(0)
            self.canv.bookmarkPage(entry.key, fit=BACK_COVER_VIEW)
            self.canv.addOutlineEntry(entry.plain, entry.key, level=0, closed=False)
            self.notify("TOCEntry", (0, escape(entry.plain), back_cover_page(self.page), entry.key))
            return
        super().handle_flowable(flowables)

    def afterFlowable(self, flowable: Any) -> None:  # noqa: N802 (reportlab's name)
        frame = getattr(self, "frame", None)
        if frame is not None and frame._height:
            used = (frame._y1 + frame._height - frame._y) / frame._height
            self.used[self.page] = max(self.used.get(self.page, 0.0), used)
        if not isinstance(flowable, Heading):
            return
        canvas = self.canv
        if flowable.outline_level is not None:
            canvas.bookmarkPage(flowable.key)
            canvas.addOutlineEntry(flowable.plain, flowable.key, level=flowable.outline_level, closed=False)
        if flowable.toc_level is not None:
            self.notify("TOCEntry", (flowable.toc_level, escape(flowable.plain), self.page, flowable.key))


def contents_table(styles: tuple[Any, ...]) -> TableOfContents:
    from reportlab.platypus import TableStyle

    # every Table needs FONT: reportlab's cell default is Helvetica, captured at import time
    style = TableStyle([("FONT", (0, 0), (-1, -1), BODY), ("VALIGN", (0, 0), (-1, -1), "TOP"),
                        ("LEFTPADDING", (0, 0), (-1, -1), 0), ("RIGHTPADDING", (0, 0), (-1, -1), 0),
                        ("TOPPADDING", (0, 0), (-1, -1), 0), ("BOTTOMPADDING", (0, 0), (-1, -1), 0)])
    return TableOfContents(levelStyles=list(styles), dotsMinLevel=0, tableStyle=style)


class CardFace(Flowable):
    """A card face drawn small (vector, through the card renderer), clipped to its trim box."""

    def __init__(self, renderer: CardRenderer, card: CardSpec, *, width: float) -> None:
        super().__init__()
        self.renderer = renderer
        self.card = card
        self.scale = width / renderer.width
        self.width = width
        self.height = renderer.height * self.scale

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        return self.width, self.height

    def draw(self) -> None:
        c = self.canv
        c.saveState()
        path = c.beginPath()
        path.roundRect(0, 0, self.width, self.height, 2.2)
        c.clipPath(path, stroke=0, fill=0)
        c.scale(self.scale, self.scale)
        self.renderer.draw_face(ReportlabCanvas(c, language=self.renderer.language), self.card)
        c.restoreState()
        c.saveState()
        c.setStrokeColorRGB(0.75, 0.75, 0.75)
        c.setLineWidth(0.4)
        c.roundRect(0, 0, self.width, self.height, 2.2, stroke=1, fill=0)
        c.restoreState()


def icon_row(deck: DeckSpec, *, width: float, size: float) -> Drawing:
    """Every card's icon on a rounded square of its type colour, in a centred row."""
    gap = size * 0.35
    cards = [card for card in deck.cards if card.icon in ICONS]
    total = len(cards) * size + (len(cards) - 1) * gap
    drawing = Drawing(width, size)
    group = Group()
    canvas = ShapesCanvas(group)
    x = (width - total) / 2
    for card in cards:
        color = deck.types[card.type].color
        canvas.set_fill(color)
        canvas.rect(x, 0, size, size, radius=size * 0.2, fill=True)
        pad = size * 0.15
        ICONS[card.icon or ""](canvas, x + pad, pad, size - 2 * pad, "#ffffff", color)
        x += size + gap
    drawing.add(group)
    return drawing


class FloatingFigure(Flowable):
    """A figure (diagram and caption) with the text that follows it, up to the next heading.

    When the figure does not fit in the room left on the page, the text moves up to fill that
    room and the figure goes to the top of the next page, as figures float in printed books;
    otherwise everything stays in reading order.
    """

    def __init__(self, figure: list[Flowable], text: list[Flowable]) -> None:
        super().__init__()
        self.figure = figure
        self.text = text

    @staticmethod
    def _height(flowables: list[Flowable], width: float, canv: Any) -> float:
        total = 0.0
        for index, f in enumerate(flowables):
            _, h = f.wrapOn(canv, width, 0x7FFFFFFF)
            total += h + f.getSpaceAfter() + (f.getSpaceBefore() if index else 0)
        return total

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        self._width = available_width
        self._total = self._height(self.figure + self.text, available_width, self.canv)
        return available_width, self._total

    def draw(self) -> None:
        y = self._total
        for index, f in enumerate(self.figure + self.text):
            if index:
                y -= f.getSpaceBefore()
            w, h = f.wrapOn(self.canv, self._width, 0x7FFFFFFF)
            y -= h
            x = {"CENTER": (self._width - w) / 2, "RIGHT": self._width - w}.get(str(getattr(f, "hAlign", "LEFT")).upper(), 0.0)
            f.drawOn(self.canv, x, y)
            y -= f.getSpaceAfter()

    def split(self, available_width: float, available_height: float) -> list[Flowable]:
        figure_height = self._height(self.figure, available_width, self.canv)
        if figure_height <= available_height or not self.text:
            return [*self.figure, *self.text] if figure_height <= available_height else []
        moved: list[Flowable] = []
        rest = list(self.text)
        room = available_height
        while rest:
            f = rest[0]
            _, h = f.wrapOn(self.canv, available_width, room)
            need = h + (f.getSpaceBefore() if moved else 0)
            if need <= room:
                moved.append(rest.pop(0))
                room -= need + f.getSpaceAfter()
                continue
            parts = f.split(available_width, room - (f.getSpaceBefore() if moved else 0))
            if len(parts) > 1:
                moved.append(parts[0])
                rest[0:1] = parts[1:]
            break
        while moved and getattr(moved[-1], "getKeepWithNext", lambda: False)():  # no heading ends a page
            rest.insert(0, moved.pop())
        if not moved:
            return []
        from reportlab.platypus import KeepTogether

        return [*moved, KeepTogether(self.figure), *rest]
