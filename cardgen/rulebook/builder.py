"""A deck's rulebook.md → a typeset PDF in one language (or an imposed booklet).

Each unit of the Markdown is translated (``translate(context, English)``), its Jinja values are
filled in a sandbox, its inline Markdown becomes escaped reportlab markup; blocks become
Platypus flowables. Headings keep with what follows, chapters become PDF bookmarks and
table-of-contents entries, pages are numbered, paragraphs are hyphenated in the book's language.
"""

from __future__ import annotations

import difflib
import io
import re
from dataclasses import dataclass, replace
from functools import partial
from pathlib import Path
from collections.abc import Callable
from typing import Any

from reportlab import rl_config
from reportlab.lib.colors import HexColor
from reportlab.lib.enums import TA_CENTER, TA_RIGHT
from reportlab.platypus import CondPageBreak, Flowable, PageBreak, Paragraph, Spacer, Table, TableStyle
from reportlab.platypus.flowables import HRFlowable

from cardgen.errors import DeckError
from cardgen.i18n.messages import rulebook_path
from cardgen.i18n.typography import apply_typography, lining_figures
from cardgen.i18n.units import Block, Document, Unit, parse_rulebook
from cardgen.loading.deck_loader import display_path
from cardgen.model.deck import DeckSpec
from cardgen.output import atomic_path
from cardgen.render.card_renderer import Translate, no_translation
from cardgen.render.fonts import BODY, BODY_BOLD, register_fonts
from cardgen.rulebook.booklet import back_cover_page
from cardgen.rulebook.card_tables import DIRECTIVE_TABLES, clarification_box
from cardgen.rulebook.components import components_table, label, teaching_items
from cardgen.rulebook.contents_seed import seed_contents
from cardgen.rulebook.diagrams import DIAGRAMS, DRAWN_TO_CHECK, DiagramMaker, ready_diagram, typeset_drawing
from cardgen.rulebook.flowables import (BACK_COVER_VIEW, BackCoverEntry, BookCanvas, BookDoc, FloatingFigure, Heading,
                                        LongTable, contents_table, icon_painter, icon_row)
from cardgen.rulebook.inline import to_markup, to_plain
from cardgen.rulebook.styles import ACCENT, RULE, TINT, Geometry, Styles, geometry, make_styles
from cardgen.rulebook.values import book_values, render_unit
from cardgen.xml_escape import escape

DIRECTIVES = ("title", "contents", "components", "teaching", "diagram", "page-break", "card-types", "stats-table",
              "card-faces")


@dataclass(frozen=True)
class RulebookResult:
    path: Path
    pages: int
    sheets: int | None
    language: str


class _Story:
    """Turns the blocks of one document into flowables in one language."""

    def __init__(self, deck: DeckSpec, document: Document, *, translate: Translate, language: str,
                 geo: Geometry, styles: Styles) -> None:
        self.deck = deck
        self.document = document
        self.translate = translate
        self.language = language
        self.geo = geo
        self.styles = styles
        self.values = book_values(deck, translate)
        self.source = display_path(document.path)
        self.card_ids = {card.id for card in deck.cards}
        self.anchors = _anchors(document.blocks)

    # -- text ---------------------------------------------------------------------------------
    def _card_name(self, unit: Unit) -> Any:
        def name(card_id: str) -> str:
            if card_id.startswith("icon:"):
                from cardgen.render.elements.ability_icons import ABILITY_ICONS

                if card_id[len("icon:"):] not in ABILITY_ICONS:
                    raise DeckError(f"unknown icon [[{card_id}]]", path=self.source, line=unit.line, field=unit.context,
                                    hint="icons: " + ", ".join(f"[[icon:{n}]]" for n in ABILITY_ICONS))
                return ""
            if card_id not in self.card_ids:
                close = difflib.get_close_matches(card_id, sorted(self.card_ids), n=1)
                raise DeckError(f"unknown card [[{card_id}]]", path=self.source, line=unit.line, field=unit.context,
                                hint=f"did you mean [[{close[0]}]]?" if close else f"cards: {', '.join(sorted(self.card_ids))}")
            card = self.deck.card(card_id)
            return self.translate(f"card:{card_id}.name", card.name)

        return name

    def text(self, unit: Unit) -> str:
        """The unit in the book's language with its values filled in (still Markdown)."""
        text = self.translate(unit.context, unit.source) if unit.translatable else unit.source
        filled = render_unit(text, self.values, path=self.source, line=unit.line, context=unit.context,
                             translated=text != apply_typography(unit.source, "en"))
        return apply_typography(filled, self.language)  # values (numbers, times) are filled in after translation

    def markup(self, unit: Unit) -> str:
        markup = to_markup(self.text(unit), card_name=self._card_name(unit), icon_size=self.styles.icon_size)
        # a link to a chapter this document does not hold (a booklet's back cover) keeps its words only
        return _LOCAL_LINK.sub(lambda m: m.group(2) if m.group(1) not in self.anchors else m.group(0), markup)

    def plain(self, unit: Unit) -> str:
        return to_plain(self.text(unit), card_name=self._card_name(unit))

    # -- blocks -------------------------------------------------------------------------------
    def build(self) -> list[Flowable]:
        story: list[Flowable] = []
        blocks = self.document.blocks
        index = 0
        while index < len(blocks):
            block = blocks[index]
            following = blocks[index + 1] if index + 1 < len(blocks) else None
            flowables = self.block(block, following)
            if block.kind == "directive" and block.name == "diagram":
                if following is not None and following.kind == "paragraph" and "caption" in following.classes:
                    flowables = flowables + self.block(following, None)
                    index += 1
                # the text after a figure, up to the next chapter or figure, may flow up past it
                text: list[Flowable] = []
                while index + 1 < len(blocks) and not _ends_floating_text(blocks[index + 1]):
                    index += 1
                    text.extend(self.block(blocks[index], blocks[index + 1] if index + 1 < len(blocks) else None))
                flowables = [FloatingFigure(flowables, text)]
            story.extend(flowables)
            index += 1
        return story

    def block(self, block: Block, following: Block | None) -> list[Flowable]:
        s = self.styles
        if block.kind == "heading":
            unit = block.units[0]
            if block.level == 1:
                heading = Heading(lining_figures(self.markup(unit), BODY_BOLD), s.chapter, key=block.anchor, plain=self.plain(unit),
                                  outline_level=0, toc_level=0)
                return [CondPageBreak(self.geo.frame_height * 0.18), heading]
            if block.level == 2:
                return [Heading(lining_figures(self.markup(unit), BODY_BOLD), s.section, key=block.anchor, plain=self.plain(unit),
                                outline_level=1, toc_level=None)]
            return [Paragraph(self.markup(block.units[0]), s.minor)]
        if block.kind == "paragraph":
            if "clarification" in block.classes:
                return [clarification_box(self.markup(block.units[0]), self.translate, s, width=self.geo.frame_width)]
            paragraph = Paragraph(self.markup(block.units[0]), s.for_class(block.classes))
            if following is not None and following.kind == "list" and self.plain(block.units[0]).rstrip().endswith(":"):
                paragraph.keepWithNext = 1  # a line that announces a list ("Height matters:") stays with it
            return [paragraph]
        if block.kind == "list":
            return self.list_items(block, following)
        if block.kind == "table":
            return [self.table(block)]
        if block.kind == "quote":
            return [self.quote(block)]
        if block.kind == "rule":
            return [HRFlowable(width="100%", thickness=0.6, color=RULE, spaceBefore=4, spaceAfter=8)]
        return self.directive(block, following)

    def list_items(self, block: Block, following: Block | None = None) -> list[Flowable]:
        """A list, one Paragraph per item; its last item never opens a page alone, nor does a note
        that follows it (``{.note}`` right after the list): each is kept with what comes before."""
        s = self.styles
        out: list[Flowable] = []
        numbers: dict[int, int] = {}
        indent = s.body.fontSize * (1.7 if block.ordered else 1.3)
        for unit, depth in zip(block.units, block.depths):
            numbers = {d: n for d, n in numbers.items() if d <= depth}
            numbers[depth] = numbers.get(depth, 0) + 1
            bullet = f"{numbers[depth]}." if block.ordered and depth == 0 else ("•" if depth == 0 else "–")
            style = s.bullet.clone(f"bullet{depth}", leftIndent=indent * (depth + 1), bulletIndent=indent * depth + 1)
            out.append(Paragraph(self.markup(unit), style, bulletText=bullet))
        if out:
            out[-1].style = out[-1].style.clone("last", spaceAfter=s.body.spaceAfter)
        if len(out) > 1:
            out[-2].keepWithNext = 1
        if out and following is not None and following.kind == "paragraph" and "note" in following.classes:
            out[-1].keepWithNext = 1
        return out

    def table(self, block: Block) -> Table:
        s = self.styles
        columns = max(1, block.columns)
        aligns = {"center": TA_CENTER, "right": TA_RIGHT}
        cells = []
        for i, unit in enumerate(block.units):
            style = s.cell_head if i < columns else s.cell
            align = block.align[i % columns] if i % columns < len(block.align) else "left"
            if align in aligns:
                style = style.clone(f"{style.name}-{align}", alignment=aligns[align])
            cells.append(Paragraph(self.markup(unit), style))
        rows = [cells[i:i + columns] for i in range(0, len(cells), columns)]
        lengths = [max(len(self.plain(block.units[r * columns + c])) for r in range(len(rows)))
                   for c in range(columns)]
        weights = [min(max(n, 8), 60) for n in lengths]
        width = self.geo.frame_width
        widths = [width * w / sum(weights) for w in weights]
        table = LongTable(rows, colWidths=widths, repeatRows=1, hAlign="LEFT")
        table.setStyle(TableStyle([
            ("FONT", (0, 0), (-1, -1), BODY),
            ("VALIGN", (0, 0), (-1, -1), "TOP"),
            ("BACKGROUND", (0, 0), (-1, 0), TINT),
            ("LINEBELOW", (0, 0), (-1, 0), 0.8, HexColor("#14213d")),
            ("LINEBELOW", (0, 1), (-1, -1), 0.4, RULE),
            ("TOPPADDING", (0, 0), (-1, -1), 3),
            ("BOTTOMPADDING", (0, 0), (-1, -1), 4),
        ]))
        table.spaceAfter = s.body.spaceAfter
        return table

    def quote(self, block: Block) -> Flowable:
        inner: list[Flowable] = []
        for child in block.children:
            if child.kind == "paragraph":
                inner.append(Paragraph(self.markup(child.units[0]), self.styles.quote))
            else:
                inner.extend(self.block(child, None))
        box = Table([[inner]], colWidths=[self.geo.frame_width])
        box.setStyle(TableStyle([
            ("FONT", (0, 0), (-1, -1), BODY),
            ("BACKGROUND", (0, 0), (-1, -1), TINT),
            ("LINEBEFORE", (0, 0), (0, -1), 2.2, ACCENT),
            ("LEFTPADDING", (0, 0), (-1, -1), 10),
            ("RIGHTPADDING", (0, 0), (-1, -1), 10),
            ("TOPPADDING", (0, 0), (-1, -1), 6),
            ("BOTTOMPADDING", (0, 0), (-1, -1), 3),
        ]))
        box.spaceBefore = 2
        box.spaceAfter = self.styles.body.spaceAfter * 1.4
        return box

    def diagram(self, block: Block) -> DiagramMaker:
        """The maker of a ``diagram:`` directive; a DeckError if there is none or the deck lacks its cards."""
        which = block.args.get("value", "")
        maker = ready_diagram(self.deck, which)
        if maker is None:
            raise DeckError(f"unknown diagram '{which}'", path=self.source, line=block.line,
                            hint="diagrams: " + ", ".join(sorted(DIAGRAMS)))
        return maker

    # -- checking -----------------------------------------------------------------------------
    def check(self) -> None:
        """Raise what :meth:`build` raises, more cheaply: every unit of text is translated, filled in
        and turned into markup as :meth:`block` does, and every directive is built, but text blocks
        are not made into paragraphs (their markup is escaped and balanced by construction,
        :func:`~cardgen.rulebook.inline.to_markup`) and diagrams are not drawn (a diagram draws for
        every deck holding the cards it needs, which :meth:`diagram` checks) unless registered
        ``draw_to_check``."""
        for block in self.document.blocks:
            self._check(block)

    def _check(self, block: Block) -> None:
        if block.kind in ("heading", "paragraph", "list", "table"):
            for unit in block.units:
                self.markup(unit)
                if block.kind == "table" or (block.kind == "heading" and block.level <= 2):
                    self.plain(unit)
        elif block.kind == "quote":
            for child in block.children:
                self._check(child)
        elif block.kind == "directive" and block.name == "diagram":
            maker = self.diagram(block)
            if block.args.get("value", "") in DRAWN_TO_CHECK:
                maker(self.deck, self.translate, width=self.geo.frame_width)
        elif block.kind == "directive":
            self.directive(block, None)

    def directive(self, block: Block, following: Block | None) -> list[Flowable]:
        s = self.styles
        name = block.name
        width = self.geo.frame_width
        if name == "title":
            title = self.translate("deck:title", self.deck.title)
            return [Spacer(1, s.body.fontSize * 2), icon_row(self.deck, width=width, size=s.body.fontSize * 2.4),
                    Spacer(1, s.body.fontSize * 1.4), Paragraph(lining_figures(escape(title), BODY_BOLD), s.title)]
        if name == "contents":
            return [Paragraph(escape(label(self.translate, "book:contents")), s.toc_title),
                    contents_table(s.toc_levels)]
        if name == "components":
            table = components_table(self.deck, self.translate, s, width=width, language=self.language)
            table.spaceBefore = 4
            table.spaceAfter = s.body.spaceAfter * 1.5
            return [table]
        if name == "teaching":
            items = teaching_items(self.deck, self.translate, language=self.language, icon_size=s.icon_size)
            indent = s.body.fontSize * 1.7
            style = s.bullet.clone("teaching", leftIndent=indent, bulletIndent=1)
            out: list[Flowable] = [Paragraph(item, style, bulletText=f"{n}.") for n, item in enumerate(items, start=1)]
            if out:
                out[-1].style = out[-1].style.clone("teaching-last", spaceAfter=s.body.spaceAfter)
            return out
        if name == "diagram":
            maker = self.diagram(block)
            drawing = typeset_drawing(maker(self.deck, self.translate, width=width), self.language)
            drawing.hAlign = "CENTER"
            return [Spacer(1, 4), drawing]
        if name == "page-break":
            return [PageBreak()]
        if name in DIRECTIVE_TABLES:
            return DIRECTIVE_TABLES[name](self.deck, self.translate, s, width=width, args=block.args,
                                          language=self.language)
        close = difflib.get_close_matches(name, list(DIRECTIVES), n=1)
        raise DeckError(f"unknown directive '{name}'", path=self.source, line=block.line,
                        hint=f"did you mean '{close[0]}'?" if close else "directives: " + ", ".join(DIRECTIVES))


_LOCAL_LINK = re.compile(r'<a href="#([^"]*)"[^>]*>(.*?)</a>', re.DOTALL)


def _anchors(blocks: tuple[Block, ...]) -> set[str]:
    found: set[str] = set()
    for block in blocks:
        if block.anchor:
            found.add(block.anchor)
        found |= _anchors(block.children)
    return found


def _ends_floating_text(block: Block) -> bool:
    """A chapter heading or another directive (a figure, a table, a page break) stops a figure's text."""
    return block.kind == "directive" or (block.kind == "heading" and block.level == 1)


def load_document(deck: DeckSpec) -> Document:
    path = rulebook_path(deck)
    if not path.is_file():
        raise DeckError("this deck has no rulebook", path=display_path(path),
                        hint="write rulebook.md beside deck.yaml (see decks/falling/rulebook.md)")
    return parse_rulebook(path, display=display_path(path))


BACK_COVER = "credits"
"""The anchor of the chapter a booklet prints on its back cover (``# Credits {#credits}``)."""


def split_back_cover(document: Document) -> tuple[Document, Document | None]:
    """The document without its back-cover chapter, and that chapter alone (None when there is none)."""
    body: list[Block] = []
    back: list[Block] = []
    inside = False
    for block in document.blocks:
        if block.kind == "heading" and block.level == 1:
            inside = block.anchor == BACK_COVER
        (back if inside else body).append(block)
    if not back:
        return document, None
    return replace(document, blocks=tuple(body)), replace(document, blocks=tuple(back))


def build_story(deck: DeckSpec, *, translate: Translate = no_translation, language: str = "en", paper: str = "a4",
                booklet: bool = False, spacing: float = 1.0, part: str = "all") -> tuple[list[Flowable], Geometry]:
    """The flowables of the rulebook (useful on its own in tests); ``part`` is ``all``, or for a booklet
    ``body`` (everything but the back-cover chapter) or ``back`` (that chapter alone)."""
    register_fonts()
    geo = geometry(paper, booklet=booklet)
    styles = make_styles(geo, language, spacing=spacing)
    document = load_document(deck)
    back = None
    if part != "all":
        body, back = split_back_cover(document)
        document = body if part == "body" else (back or replace(document, blocks=()))
    story = _Story(deck, document, translate=translate, language=language, geo=geo, styles=styles)
    flowables = story.build()
    if part == "body" and back is not None:  # the back cover's chapter in the contents and bookmarks too
        heading = back.blocks[0]
        flowables.append(BackCoverEntry(key=heading.anchor or BACK_COVER, plain=story.plain(heading.units[0])))
    return flowables, geo


def check_story(deck: DeckSpec, *, translate: Translate = no_translation, language: str = "en",
                paper: str = "a4") -> None:
    """Raise every error :func:`build_story` would raise for ``language`` (its values, card names,
    directives, tables, diagrams' cards) without typesetting the text or drawing the diagrams."""
    register_fonts()
    geo = geometry(paper, booklet=False)
    story = _Story(deck, load_document(deck), translate=translate, language=language, geo=geo,
                   styles=make_styles(geo, language))
    story.check()


SHORT_LAST_PAGE = 0.3
"""A last page using less than this share of its frame is pulled back onto the one before, if it can be."""
MIN_INNER_PAGE = 0.7
"""A page before the last using less than this share of its frame is worth tightening the book for."""
SPACINGS = (1.0, 0.8, 0.6)
"""Space around blocks tried, in order, to pull a short last page back (see :func:`make_styles`)."""


class _FirstPassEnough(Exception):
    """Raised between a book's layout passes once the first has shown that its PDF will not be kept."""


def _render(deck: DeckSpec, target: Any, *, translate: Translate, language: str, paper: str, booklet: bool,
            part: str = "all") -> int:
    """Typeset the book into ``target``; a short last page (a closing section alone) is pulled back onto the
    page before by tightening the space around blocks, when that saves the page. A page-size book with a
    page left under ``MIN_INNER_PAGE`` full before its last (a figure that did not fit after a list kept
    together) is tightened too, when that fills it without adding a page.

    The first layout pass already gives the book's pages and how full each is (the contents are seeded,
    see contents_seed.py; the second pass only writes the contents' page numbers). So a spacing whose
    PDF will not be kept — the first, when the book will be tightened; a later one that is no better —
    stops after that pass, and the first is laid out in full again only if no tighter spacing is better.
    """
    title = translate("deck:title", deck.title)
    rl_config.useA85 = 0
    first: tuple[int, bool] | None = None
    """The first spacing's pages, and whether a page before its last is under MIN_INNER_PAGE."""

    def attempt(spacing: float, keep: Callable[[Any], bool]) -> tuple[Any, io.BytesIO, bool]:
        """Lay the book out at ``spacing``; stop after the first pass unless ``keep(doc)`` says its PDF may be used."""
        story, geo = build_story(deck, translate=translate, language=language, paper=paper, booklet=booklet,
                                 spacing=spacing, part=part)
        buffer = io.BytesIO()
        doc = BookDoc(buffer, geo=geo, footer=lambda page: label(translate, "book:footer", title=title, page=page),
                      title=title, author=deck.designer + (f" ({deck.publisher})" if deck.publisher else ""),
                      subject=label(translate, "book:subject", title=title), creator="cardgen", lang=language,
                      displayDocTitle=1)

        def between_passes(kind: str, value: Any) -> None:
            if kind == "PASS" and value == 2 and not keep(doc):
                raise _FirstPassEnough

        if seed_contents(story):  # two layout passes instead of three (contents_seed.py) …
            doc.setProgressCallBack(between_passes)  # … of which the first gives the pages as they will be
        try:
            doc.multiBuild(story, canvasmaker=partial(BookCanvas, icon_painter=icon_painter(deck)), maxPasses=6)
        except _FirstPassEnough:
            return doc, buffer, False
        return doc, buffer, True

    def short_inner(doc: Any) -> bool:
        pages = int(doc.page)
        return not booklet and any(doc.used.get(page, 1.0) < MIN_INNER_PAGE for page in range(2, pages))

    def settled(doc: Any) -> bool:
        """Whether the first spacing's book is kept without trying a tighter one."""
        pages = int(doc.page)
        return pages <= 2 or len(SPACINGS) == 1 or (doc.used.get(pages, 1.0) >= SHORT_LAST_PAGE and not short_inner(doc))

    def better(doc: Any) -> bool:
        assert first is not None
        pages = int(doc.page)
        return pages < first[0] or (first[1] and not short_inner(doc) and pages <= first[0])

    doc, buffer, complete = attempt(SPACINGS[0], settled)
    first = (int(doc.page), short_inner(doc))
    if not settled(doc):
        first_pdf = buffer.getvalue() if complete else None  # a book without contents is done in one pass
        for spacing in SPACINGS[1:]:
            doc, buffer, complete = attempt(spacing, better)
            if better(doc):
                break
            pages = int(doc.page)
            if pages <= 2 or (doc.used.get(pages, 1.0) >= SHORT_LAST_PAGE and not first[1]):
                break
        if not better(doc):  # no tighter spacing did better: the first spacing's book
            if first_pdf is None:
                doc, buffer, _ = attempt(SPACINGS[0], lambda doc: True)
            else:
                buffer = io.BytesIO(first_pdf)
                doc = None
    pdf = buffer.getvalue()
    pages = first[0] if doc is None else int(doc.page)
    if isinstance(target, (str, Path)):
        Path(target).write_bytes(pdf)
    else:
        target.write(pdf)
    return pages


class _AtBottom(Flowable):
    """Flowables stacked at the bottom of the frame (a back cover's credits)."""

    def __init__(self, flowables: list[Flowable]) -> None:
        super().__init__()
        self.flowables = flowables

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        self._width, self._room = available_width, available_height
        heights = [f.wrap(available_width, available_height)[1] for f in self.flowables]
        spaces = [f.getSpaceAfter() for f in self.flowables[:-1]] + [0.0]
        self._content = sum(heights) + sum(spaces)
        return available_width, max(self._content, available_height)

    def draw(self) -> None:
        y = self._content
        for index, f in enumerate(self.flowables):
            _, h = f.wrapOn(self.canv, self._width, self._room)
            y -= h
            f.drawOn(self.canv, 0, y)
            y -= f.getSpaceAfter()


def _back_cover(deck: DeckSpec, *, translate: Translate, language: str, paper: str) -> bytes | None:
    """The back-cover page of a booklet (its credits at the foot of the page), or None if it has none
    or they do not fit on one page."""
    story, geo = build_story(deck, translate=translate, language=language, paper=paper, booklet=True, part="back")
    if not story:
        return None
    register_fonts()
    probe = _AtBottom(story)
    probe.wrap(geo.frame_width, geo.frame_height)
    if probe._content > geo.frame_height:
        return None
    buffer = io.BytesIO()
    doc = BookDoc(buffer, geo=geo, footer=lambda page: "", creator="cardgen", lang=language)
    doc.build([_AtBottom(story)])
    return buffer.getvalue() if int(doc.page) == 1 else None


def _booklet_pages(deck: DeckSpec, *, translate: Translate, language: str, paper: str) -> tuple[bytes, int]:
    """The booklet's pages in reading order, its credits on the back cover (the last page, after any
    blank pages the fold needs); returns the PDF and the number of typeset pages."""
    back = _back_cover(deck, translate=translate, language=language, paper=paper)
    buffer = io.BytesIO()
    pages = _render(deck, buffer, translate=translate, language=language, paper=paper, booklet=True,
                    part="all" if back is None else "body")
    if back is None:
        return buffer.getvalue(), pages
    from pypdf import PdfReader, PdfWriter

    body = PdfReader(io.BytesIO(buffer.getvalue()))
    writer = PdfWriter(clone_from=body)
    width, height = (float(v) for v in body.pages[0].mediabox[2:])
    total = back_cover_page(pages)
    for _ in range(total - pages - 1):
        writer.add_blank_page(width=width, height=height)
    cover = writer.add_page(PdfReader(io.BytesIO(back)).pages[0])
    _point_at_back_cover(writer, cover)
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue(), pages + 1


def _point_at_back_cover(writer: Any, cover: Any) -> None:
    """The contents links and the bookmark of the back cover's chapter (:class:`BackCoverEntry`'s
    stand-in destinations, ``/FitB``) pointed at the back cover page ``cover``."""
    from pypdf.generic import ArrayObject, NameObject

    def repoint(destination: Any) -> None:
        if isinstance(destination, ArrayObject) and len(destination) == 2 and destination[1] == f"/{BACK_COVER_VIEW}":
            destination[0] = cover.indirect_reference
            destination[1] = NameObject("/Fit")

    for page in writer.pages:
        for annotation in page.get("/Annots") or []:
            repoint(annotation.get_object().get("/Dest"))
    outlines = writer._root_object.get("/Outlines")
    item = outlines.get_object().get("/First") if outlines is not None else None
    while item is not None:  # the stand-in's bookmark is a top-level one (level 0)
        item = item.get_object()
        repoint(item.get("/Dest"))
        item = item.get("/Next")


def write_rulebook(deck: DeckSpec, target: Path, *, translate: Translate = no_translation, language: str = "en",
                   paper: str = "a4", booklet: bool = False) -> RulebookResult:
    """Typeset the rulebook of ``deck`` in ``language`` and write it atomically to ``target``.

    With ``booklet``, pages are half of ``paper`` and imposed two to a side in saddle-stitch
    order: print double-sided (short-edge flip), fold the stack in half, staple the fold.
    """
    with atomic_path(Path(target)) as tmp:
        if booklet:
            from cardgen.rulebook.booklet import impose

            pdf, pages = _booklet_pages(deck, translate=translate, language=language, paper=paper)
            sheets = impose(pdf, tmp, paper=paper)
        else:
            pages = _render(deck, str(tmp), translate=translate, language=language, paper=paper, booklet=False)
            sheets = None
    return RulebookResult(path=Path(target), pages=pages, sheets=sheets, language=language)
