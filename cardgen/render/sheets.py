"""Card sheets as PDF: duplex (fronts, then mirrored backs), gutterfold, or one card per page.

Every face and back used more than once is drawn once into a Form XObject and placed by
reference, so FALLING × 100 stores 8 faces and one back; a face used once is drawn in place (a
form would only add an object). Art files are embedded once, named after their bytes (``pdf_images.py``). Pages are written with ``invariant=1``: the same deck gives the same bytes.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Literal, Protocol

from reportlab import rl_config
from reportlab.pdfgen.canvas import Canvas as RLCanvas

from cardgen.layout.imposition import PRINTER_MARGIN, Flip, Sheet, Slot, gutterfold, grid, mirror
from cardgen.layout.sizes import PAPER_SIZES, Size
from cardgen.loading.deck_loader import load_deck_layouts
from cardgen.model.deck import CardSpec, DeckSpec
from cardgen.output import atomic_path
from cardgen.render.canvas import Canvas
from cardgen.render.card_renderer import CardRenderer, Translate, no_translation
from cardgen.render.fonts import BODY, register_fonts
from cardgen.render.marks import draw_crop_marks, draw_cut_lines, draw_fold_line, draw_label_line, label_bands
from cardgen.render.pdf_forms import end_form
from cardgen.render.reportlab_canvas import ReportlabCanvas
from cardgen.render.tee_canvas import TeeCanvas, Watcher

SheetLayout = Literal["duplex", "gutterfold", "single"]
Progress = Callable[[int, int], None]


class FaceWatch(Protocol):
    """Measures each distinct face and back as the sheets draw it (the preflight's single pass)."""

    def watcher(self, key: str, card: str, layout: str) -> Watcher:
        """A fresh measuring canvas for the face ``key`` (``face:<card>`` or ``back:<layout>``)."""
        ...


BeforeCommit = Callable[[CardRenderer], None]
"""Called once the PDF is complete but not yet in place; raising leaves nothing written."""


@dataclass(frozen=True)
class SheetsResult:
    """The card sheets written: where, how many pages and cards, and how many cards a page holds."""

    path: Path
    pages: int
    cards: int
    per_page: int
    paper: Size


@dataclass(frozen=True)
class SheetOptions:
    """How to lay the cards out on sheets: paper, duplex or not, marks, labels, theme, printer margin."""

    paper: str = "a4"
    layout: SheetLayout = "duplex"
    flip: Flip = "long"
    back_offset: tuple[float, float] = (0.0, 0.0)
    crop_marks: bool = True
    cut_lines: bool = False
    labels: bool = True
    theme: str = "default"
    guides: bool = False
    printer_margin: float = PRINTER_MARGIN
    """Paper edge a printer cannot print on: no mark, label or bleed is put there."""
    backs: bool = True
    """Duplex: False leaves out the backs pages (single-sided pieces such as markers)."""
    butted: bool = False
    """Cards edge to edge with shared cut lines (more per page; each card's bleed is cut away by its
    neighbour, so a missed cut shows a sliver of the next card): crop marks only around the grid."""
    opaque: bool = False
    """No transparency in the file (PDF/X-1a): translucent elements drawn pre-mixed with the flat fill
    under them (see :class:`~cardgen.render.card_renderer.CardRenderer`)."""


def new_canvas(path: Path, *, pagesize: tuple[float, float], title: str, author: str, subject: str,
               lang: str | None = None) -> RLCanvas:
    """A reportlab canvas with cardgen's defaults: invariant output and the bundled font; ``lang``
    (the text's language, e.g. ``fr``) goes into the document catalog for screen readers."""
    register_fonts()
    # Binary streams: ASCII85 encoding runs in pure Python and doubles the time (DESIGN.md).
    rl_config.useA85 = 0
    c = RLCanvas(str(path), pagesize=pagesize, invariant=1, initialFontName=BODY, initialFontSize=10, pageCompression=1,
                 lang=lang)
    c.setTitle(title)
    c.setAuthor(author)
    c.setSubject(subject)
    c.setCreator("cardgen")
    c.setProducer("cardgen (reportlab)")
    return c


class _FormCache:
    """Places faces and backs: a Form XObject for one used more than once, drawn in place otherwise.

    ``uses`` counts how often each face/back name is placed (see :func:`face_uses`). A face
    placed once gains nothing from a form and costs an object, a dictionary and a content stream
    in the PDF; it is drawn straight onto the page, clipped to the same bleed box a form would
    clip to, so the page looks the same. Without ``uses`` every face becomes a form.
    """

    def __init__(self, canvas: RLCanvas, renderer: CardRenderer, uses: Mapping[str, int] | None = None,
                 watch: FaceWatch | None = None) -> None:
        self.c = canvas
        self.rc = ReportlabCanvas(canvas, language=renderer.language)
        self.renderer = renderer
        self.made: set[str] = set()
        self.uses = uses
        self.watch = watch
        self._direct: dict[str, Callable[[], None]] = {}

    def _target(self, key: str, card: str, layout: str) -> Canvas:
        """Where a face is drawn: the PDF, watched by the preflight's measuring canvas if there is one."""
        if self.watch is None:
            return self.rc
        return TeeCanvas(self.rc, self.watch.watcher(key, card, layout))

    def _form(self, name: str, draw: Callable[[], None]) -> str:
        if self.uses is not None and self.uses.get(name, 0) == 1:
            self._direct[name] = draw
            return name
        if name not in self.made:
            r = self.renderer
            self.c.beginForm(name, -r.bleed, -r.bleed, r.width + r.bleed, r.height + r.bleed)
            draw()
            end_form(self.c, name)
            self.made.add(name)
        return name

    def face(self, card: CardSpec) -> str:
        r = self.renderer
        return self._form(face_name(card), lambda: r.draw_face(
            self._target(f"face:{card.id}", card.id, r.deck.face_layout(card)), card))

    def back(self, card: CardSpec) -> str:
        r = self.renderer
        layout = r.back_layout_name(card)
        return self._form(back_name(layout), lambda: r.draw_back(self._target(f"back:{layout}", "", layout), layout))

    def place(self, form: str, slot: Slot) -> None:
        c = self.c
        c.saveState()
        x0, y0, x1, y1 = slot.clip
        path = c.beginPath()
        path.rect(x0, y0, x1 - x0, y1 - y0)
        c.clipPath(path, stroke=0, fill=0)
        if slot.turn == 90:  # top edge to the left
            c.translate(slot.x + slot.width, slot.y)
            c.rotate(90)
        elif slot.turn == -90:  # top edge to the right
            c.translate(slot.x, slot.y + slot.height)
            c.rotate(-90)
        else:
            c.translate(slot.x, slot.y)
        draw = self._direct.pop(form, None)
        if draw is None:
            c.doForm(form)
        else:  # a face used once: drawn in place, clipped to the same bleed box as its form would be
            r = self.renderer
            box = c.beginPath()
            box.rect(-r.bleed, -r.bleed, r.width + 2 * r.bleed, r.height + 2 * r.bleed)
            c.clipPath(box, stroke=0, fill=0)
            draw()
        c.restoreState()


def face_name(card: CardSpec) -> str:
    return f"face_{card.id}"


def back_name(layout: str) -> str:
    return f"back_{layout}"


def face_uses(cards: Sequence[CardSpec], renderer: CardRenderer) -> Counter[str]:
    """How often each face and back is placed on the sheets (a form pays off only above one)."""
    uses: Counter[str] = Counter()
    for card in cards:
        uses[face_name(card)] += 1
        uses[back_name(renderer.back_layout_name(card))] += 1
    return uses


SHEET_LABELS = {
    "sheet:label": "{title} · sheet {number}/{count}",
    "sheet:label.fronts": "{title} · sheet {number}/{count} · fronts",
    "sheet:label.backs": "{title} · sheet {number}/{count} · backs",
    "sheet:fold": "fold here",
}
"""Page furniture of card sheets (context → English); a deck's catalog may translate them."""

SHEET_SUBJECTS = {
    "sheet:subject.duplex": "Card sheets (duplex)",
    "sheet:subject.gutterfold": "Card sheets (gutterfold)",
    "sheet:subject.single": "Single cards with bleed",
}
"""The PDF's Subject (document properties) per layout (context → English); translated like the labels."""

SCALE_NOTE = "100 % · 10 mm"
"""Beside the 10 mm scale bar: print at 100 %, and the bar measures 10 mm (the same in every language)."""


def sheet_text(translate: Translate, context: str, **values: object) -> str:
    """A sheet label in the deck's language (English when the catalog has no entry for it)."""
    source = SHEET_LABELS.get(context) or SHEET_SUBJECTS[context]
    try:
        return translate(context, source).format(**values)
    except (KeyError, IndexError, ValueError):
        return source.format(**values)


def _label(rc: Canvas, sheet: Sheet, text: str, scale: str) -> None:
    """The sheet's label line in the bottom margin: title and page, "print at 100 %", a 10 mm bar."""
    draw_label_line(rc, label_bands(sheet, "bottom"), text, scale, scale_bar=True)


def impose(paper: str, card: Size, bleed: float, options: SheetOptions) -> tuple[Sheet, Sheet]:
    """The fronts and backs sheets of a grid layout: slot i of backs lies behind slot i of fronts."""
    page = PAPER_SIZES[paper]
    if options.layout == "gutterfold":
        return gutterfold(page, card, bleed, printer_margin=options.printer_margin, butted=options.butted)
    fronts = grid(page, card, bleed, printer_margin=options.printer_margin, butted=options.butted,
                  crop_marks=options.crop_marks)
    backs = Sheet(paper=fronts.paper, cols=fronts.cols, rows=fronts.rows, bleed=bleed,
                  printer_margin=options.printer_margin, butted=options.butted,
                  slots=tuple(mirror(s, fronts.paper, flip=options.flip, offset=options.back_offset)
                              for s in fronts.slots))
    return fronts, backs


def _chunks(cards: Sequence[CardSpec], size: int) -> list[Sequence[CardSpec]]:
    return [cards[i:i + size] for i in range(0, len(cards), size)]


def write_sheets(deck: DeckSpec, target: Path, *, options: SheetOptions = SheetOptions(),
                 translate: Translate = no_translation, language: str = "en",
                 progress: Progress | None = None, watch: FaceWatch | None = None,
                 before_commit: BeforeCommit | None = None) -> SheetsResult:
    """Impose every card of ``deck`` onto printable pages and write the PDF atomically.

    ``watch`` measures every distinct face as it is drawn; ``before_commit`` runs when the PDF
    is complete, before it replaces ``target`` (the preflight: an exception leaves nothing written).
    """
    register_fonts()
    layouts = load_deck_layouts(deck)
    renderer = CardRenderer(deck, layouts[deck.layout], layouts, translate=translate, language=language,
                            theme=options.theme, opaque=options.opaque)
    card_size = deck.print.size
    bleed = deck.print.bleed
    cards = deck.expanded()
    title = translate("deck:title", deck.title)
    author = f"{deck.designer}" + (f" ({deck.publisher})" if deck.publisher else "")
    with atomic_path(Path(target)) as tmp:
        if options.layout == "single":
            result = _write_single(deck, tmp, cards, renderer, title=title, author=author, progress=progress,
                                   guides=options.guides, watch=watch)
        else:
            fronts, backs = impose(options.paper, card_size, bleed, options)
            result = _write_grid(tmp, cards, renderer, fronts, backs, options, title=title, author=author,
                                 progress=progress, watch=watch)
        if before_commit is not None:
            before_commit(renderer)
    return SheetsResult(path=Path(target), pages=result[0], cards=len(cards), per_page=result[1], paper=result[2])


def _write_grid(path: Path, cards: list[CardSpec], renderer: CardRenderer, fronts: Sheet, backs: Sheet,
                options: SheetOptions, *, title: str, author: str, progress: Progress | None,
                watch: FaceWatch | None = None) -> tuple[int, int, Size]:
    paper = fronts.paper
    c = new_canvas(path, pagesize=(paper.width_pt, paper.height_pt), title=title, author=author,
                   subject=sheet_text(renderer.translate, f"sheet:subject.{options.layout}"), lang=renderer.language)
    forms = _FormCache(c, renderer, face_uses(cards, renderer), watch)
    rc = forms.rc
    chunks = _chunks(cards, fronts.per_page)
    with_backs = options.layout == "duplex" and options.backs
    total_pages = len(chunks) * (2 if with_backs else 1)
    pages = 0
    for number, chunk in enumerate(chunks, start=1):
        for slot, card in zip(fronts.slots, chunk):
            forms.place(forms.face(card), slot)
        if options.layout == "gutterfold":
            for slot, card in zip(backs.slots, chunk):
                forms.place(forms.back(card), slot)
        context = "sheet:label.fronts" if options.layout == "duplex" else "sheet:label"
        draw_front_furniture(rc, fronts, backs, options, len(chunk), safe=renderer.safe,
                             label=sheet_text(renderer.translate, context, title=title, number=number, count=len(chunks)),
                             fold_label=sheet_text(renderer.translate, "sheet:fold"), translate=renderer.translate)
        c.showPage()
        pages += 1
        if with_backs:
            for slot, card in zip(backs.slots, chunk):
                forms.place(forms.back(card), slot)
            draw_back_furniture(rc, backs, options, len(chunk), safe=renderer.safe,
                                label=sheet_text(renderer.translate, "sheet:label.backs", title=title, number=number,
                                                 count=len(chunks)), translate=renderer.translate)
            c.showPage()
            pages += 1
        if progress:
            progress(pages, total_pages)
    c.save()
    return pages, fronts.per_page, paper


def _owner(c: Canvas, what: str) -> None:
    """Tell a measuring canvas (preflight) which piece of sheet furniture the next ink belongs to."""
    owner = getattr(c, "owner", None)
    if owner is not None:
        owner("sheet", what)


def draw_front_furniture(c: Canvas, fronts: Sheet, backs: Sheet, options: SheetOptions, count: int, *,
                         label: str, fold_label: str, safe: float = 0.0, translate: Translate = no_translation) -> None:
    """Everything on a fronts page but the cards: marks for the ``count`` cards placed, fold line, label
    (``translate``: the guides' legend in the sheets' language)."""
    used_fronts, used_backs = fronts.slots[:count], backs.slots[:count]
    if options.layout == "gutterfold":
        _owner(c, "fold-line")
        draw_fold_line(c, fronts, fold_label)
        # one set of marks around both halves: none in the fold gutter
        _marks(c, fronts, options, used_fronts + used_backs, safe=safe, translate=translate)
    else:
        _marks(c, fronts, options, used_fronts, safe=safe, translate=translate)
    if options.labels:
        _owner(c, "label")
        _label(c, fronts, label, SCALE_NOTE)


def draw_back_furniture(c: Canvas, backs: Sheet, options: SheetOptions, count: int, *, safe: float = 0.0,
                        label: str | None = None, translate: Translate = no_translation) -> None:
    """Everything on a duplex backs page but the backs: their marks, and the label with its scale bar.

    The label is drawn in the back page's own frame, along its bottom margin, clear of the backs'
    marks: turned over the edge the sheets were imposed for, the back page is upright and so is
    its label (on a landscape sheet turned over its long edge it lies behind the fronts' top margin).
    """
    # the backs' marks move with --back-offset: cut back at the printer margin (nobody cuts from the back)
    _marks(c, backs, options, backs.slots[:count], safe=safe, inside_printable=True, translate=translate)
    if options.labels and label is not None:
        _owner(c, "label")
        _label(c, backs, label, SCALE_NOTE)


def _marks(c: Canvas, sheet: Sheet, options: SheetOptions, used: tuple[Slot, ...], *, safe: float = 0.0,
           inside_printable: bool = False, translate: Translate = no_translation) -> None:
    if options.cut_lines:
        _owner(c, "cut-lines")
        draw_cut_lines(c, sheet, used)
    if options.crop_marks:
        _owner(c, "crop-marks")
        draw_crop_marks(c, sheet, used, inside_printable=inside_printable)
    if options.guides:
        from cardgen.render.guides import draw_legend, draw_slot_guides  # (--guides only)

        _owner(c, "guides")
        for slot in used:
            draw_slot_guides(c, slot, bleed=sheet.bleed, safe=safe)
        draw_legend(c, sheet, translate)
    c.set_stroke("#000000", 0.3)


def _write_single(deck: DeckSpec, path: Path, cards: list[CardSpec], renderer: CardRenderer, *, title: str,
                  author: str, progress: Progress | None, guides: bool = False,
                  watch: FaceWatch | None = None) -> tuple[int, int, Size]:
    """One card per page with its bleed: front, back, front, back … TrimBox and BleedBox set."""
    b = renderer.bleed
    page = Size(renderer.width + 2 * b, renderer.height + 2 * b)
    c = new_canvas(path, pagesize=(page.width_pt, page.height_pt), title=title, author=author,
                   subject=sheet_text(renderer.translate, "sheet:subject.single"), lang=renderer.language)
    forms = _FormCache(c, renderer, face_uses(cards, renderer), watch)
    slot = Slot(b, b, renderer.width, renderer.height, (0.0, 0.0, page.width_pt, page.height_pt))
    pages = 0
    for card in cards:
        for form in (forms.face(card), forms.back(card)):
            c.setTrimBox((b, b, b + renderer.width, b + renderer.height))
            c.setBleedBox((0, 0, page.width_pt, page.height_pt))
            forms.place(form, slot)
            if guides:
                from cardgen.render.guides import draw_slot_guides

                draw_slot_guides(forms.rc, slot, bleed=b, safe=renderer.safe)
            c.showPage()
            pages += 1
        if progress:
            progress(pages, 2 * len(cards))
    c.save()
    return pages, 1, page
