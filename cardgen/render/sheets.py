"""Card sheets as PDF: duplex (fronts, then mirrored backs), gutterfold, or one card per page.

Every face and back used more than once is drawn once into a Form XObject and placed by
reference, so FALLING × 100 stores 8 faces and one back; a face used once is drawn in place (a
form would only add an object). Art files are embedded once (reportlab keys images by path). Pages are written with ``invariant=1``: the same deck gives the same bytes.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from reportlab import rl_config
from reportlab.pdfgen.canvas import Canvas as RLCanvas

from cardgen.layout.imposition import Flip, Sheet, Slot, grid, gutterfold, mirror
from cardgen.layout.sizes import PAPER_SIZES, Size
from cardgen.loading.deck_loader import load_deck_layouts
from cardgen.model.deck import CardSpec, DeckSpec
from cardgen.output import atomic_path
from cardgen.render.card_renderer import CardRenderer, Translate, no_translation
from cardgen.render.fonts import BODY, register_fonts
from cardgen.render.guides import draw_guides, draw_slot_guides
from cardgen.render.marks import draw_crop_marks, draw_cut_lines, draw_fold_line
from cardgen.render.pdf_forms import end_form
from cardgen.render.reportlab_canvas import ReportlabCanvas

SheetLayout = Literal["duplex", "gutterfold", "single"]
Progress = Callable[[int, int], None]


@dataclass(frozen=True)
class SheetsResult:
    path: Path
    pages: int
    cards: int
    per_page: int
    paper: Size


@dataclass(frozen=True)
class SheetOptions:
    paper: str = "a4"
    layout: SheetLayout = "duplex"
    flip: Flip = "long"
    back_offset: tuple[float, float] = (0.0, 0.0)
    crop_marks: bool = True
    cut_lines: bool = False
    labels: bool = True
    theme: str = "default"
    guides: bool = False


def new_canvas(path: Path, *, pagesize: tuple[float, float], title: str, author: str, subject: str) -> RLCanvas:
    """A reportlab canvas with cardgen's defaults: invariant output and the bundled font."""
    register_fonts()
    # Binary streams: ASCII85 encoding runs in pure Python and doubles the time (DESIGN.md).
    rl_config.useA85 = 0
    c = RLCanvas(str(path), pagesize=pagesize, invariant=1, initialFontName=BODY, initialFontSize=10, pageCompression=1)
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

    def __init__(self, canvas: RLCanvas, renderer: CardRenderer, uses: Mapping[str, int] | None = None) -> None:
        self.c = canvas
        self.rc = ReportlabCanvas(canvas, language=renderer.language)
        self.renderer = renderer
        self.made: set[str] = set()
        self.uses = uses
        self._direct: dict[str, Callable[[], None]] = {}

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
        return self._form(face_name(card), lambda: self.renderer.draw_face(self.rc, card))

    def back(self, card: CardSpec) -> str:
        layout = self.renderer.back_layout_name(card)
        return self._form(back_name(layout), lambda: self.renderer.draw_back(self.rc, layout))

    def place(self, form: str, slot: Slot) -> None:
        c = self.c
        c.saveState()
        x0, y0, x1, y1 = slot.clip
        path = c.beginPath()
        path.rect(x0, y0, x1 - x0, y1 - y0)
        c.clipPath(path, stroke=0, fill=0)
        c.translate(slot.x, slot.y)
        draw = self._direct.pop(form, None)
        if draw is None:
            c.doForm(form)
        else:
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
    "sheet:fold": "fold here",
}
"""Page furniture of card sheets (context → English); a deck's catalog may translate them."""


def sheet_text(translate: Translate, context: str, **values: object) -> str:
    """A sheet label in the deck's language (English when the catalog has no entry for it)."""
    source = SHEET_LABELS[context]
    try:
        return translate(context, source).format(**values)
    except (KeyError, IndexError, ValueError):
        return source.format(**values)


def _label(c: RLCanvas, sheet: Sheet, text: str) -> None:
    """A small page label in the top margin, centred over the first column (clear of marks)."""
    first = sheet.slots[0]
    top = sheet.extent()[3]
    room = sheet.paper.height_pt - top
    if room < 7:
        return
    c.saveState()
    c.setFillGray(0.35)
    c.setFont(BODY, 5.5)
    c.drawCentredString(first.x + first.width / 2, top + min(room / 2, 9), text)
    c.restoreState()


def _chunks(cards: Sequence[CardSpec], size: int) -> list[Sequence[CardSpec]]:
    return [cards[i:i + size] for i in range(0, len(cards), size)]


def write_sheets(deck: DeckSpec, target: Path, *, options: SheetOptions = SheetOptions(),
                 translate: Translate = no_translation, language: str = "en",
                 progress: Progress | None = None) -> SheetsResult:
    """Impose every card of ``deck`` onto printable pages and write the PDF atomically."""
    register_fonts()
    layouts = load_deck_layouts(deck)
    renderer = CardRenderer(deck, layouts[deck.layout], layouts, translate=translate, language=language,
                            theme=options.theme)
    card_size = deck.print.size
    bleed = deck.print.bleed
    cards = deck.expanded()
    title = translate("deck:title", deck.title)
    author = f"{deck.designer}" + (f" ({deck.publisher})" if deck.publisher else "")
    with atomic_path(Path(target)) as tmp:
        if options.layout == "single":
            result = _write_single(deck, tmp, cards, renderer, title=title, author=author, progress=progress,
                                   guides=options.guides)
        else:
            paper = PAPER_SIZES[options.paper]
            if options.layout == "gutterfold":
                fronts, backs = gutterfold(paper, card_size, bleed)
            else:
                fronts = grid(paper, card_size, bleed)
                backs = Sheet(paper=fronts.paper, cols=fronts.cols, rows=fronts.rows, bleed=bleed,
                              slots=tuple(mirror(s, fronts.paper, flip=options.flip, offset=options.back_offset)
                                          for s in fronts.slots))
            result = _write_grid(tmp, cards, renderer, fronts, backs, options, title=title, author=author,
                                 progress=progress)
    return SheetsResult(path=Path(target), pages=result[0], cards=len(cards), per_page=result[1], paper=result[2])


def _write_grid(path: Path, cards: list[CardSpec], renderer: CardRenderer, fronts: Sheet, backs: Sheet,
                options: SheetOptions, *, title: str, author: str, progress: Progress | None) -> tuple[int, int, Size]:
    paper = fronts.paper
    c = new_canvas(path, pagesize=(paper.width_pt, paper.height_pt), title=title, author=author,
                   subject=f"Card sheets ({options.layout})")
    forms = _FormCache(c, renderer, face_uses(cards, renderer))
    rc = forms.rc
    chunks = _chunks(cards, fronts.per_page)
    total_pages = len(chunks) * (1 if options.layout == "gutterfold" else 2)
    pages = 0
    for number, chunk in enumerate(chunks, start=1):
        for slot, card in zip(fronts.slots, chunk):
            forms.place(forms.face(card), slot)
        if options.layout == "gutterfold":
            for slot, card in zip(backs.slots, chunk):
                forms.place(forms.back(card), slot)
            draw_fold_line(rc, fronts, sheet_text(renderer.translate, "sheet:fold"))
        _marks(rc, fronts, options, safe=renderer.safe)
        if options.layout == "gutterfold":
            _marks(rc, backs, options, safe=renderer.safe, legend=False)
        if options.labels:
            context = "sheet:label.fronts" if options.layout == "duplex" else "sheet:label"
            _label(c, fronts, sheet_text(renderer.translate, context, title=title, number=number, count=len(chunks)))
        c.showPage()
        pages += 1
        if options.layout == "duplex":
            for slot, card in zip(backs.slots, chunk):
                forms.place(forms.back(card), slot)
            _marks(rc, backs, options, safe=renderer.safe)
            c.showPage()
            pages += 1
        if progress:
            progress(pages, total_pages)
    c.save()
    return pages, fronts.per_page, paper


def _marks(rc: ReportlabCanvas, sheet: Sheet, options: SheetOptions, *, safe: float = 0.0, legend: bool = True) -> None:
    if options.cut_lines:
        draw_cut_lines(rc, sheet)
    if options.crop_marks:
        draw_crop_marks(rc, sheet)
    if options.guides:
        draw_guides(rc, sheet, safe=safe, legend=legend)


def _write_single(deck: DeckSpec, path: Path, cards: list[CardSpec], renderer: CardRenderer, *, title: str,
                  author: str, progress: Progress | None, guides: bool = False) -> tuple[int, int, Size]:
    """One card per page with its bleed: front, back, front, back … TrimBox and BleedBox set."""
    b = renderer.bleed
    page = Size(renderer.width + 2 * b, renderer.height + 2 * b)
    c = new_canvas(path, pagesize=(page.width_pt, page.height_pt), title=title, author=author,
                   subject="Single cards with bleed")
    forms = _FormCache(c, renderer, face_uses(cards, renderer))
    slot = Slot(b, b, renderer.width, renderer.height, (0.0, 0.0, page.width_pt, page.height_pt))
    pages = 0
    for card in cards:
        for form in (forms.face(card), forms.back(card)):
            c.setTrimBox((b, b, b + renderer.width, b + renderer.height))
            c.setBleedBox((0, 0, page.width_pt, page.height_pt))
            forms.place(form, slot)
            if guides:
                draw_slot_guides(forms.rc, slot, bleed=b, safe=renderer.safe)
            c.showPage()
            pages += 1
        if progress:
            progress(pages, 2 * len(cards))
    c.save()
    return pages, 1, page
