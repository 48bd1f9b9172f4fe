"""Page geometry and paragraph styles of a rulebook, per language and page size."""

from __future__ import annotations

from dataclasses import dataclass, replace

import pyphen
from reportlab.lib.colors import HexColor
from reportlab.lib.enums import TA_CENTER, TA_JUSTIFY, TA_LEFT
from reportlab.lib.styles import ParagraphStyle

from cardgen.layout.sizes import PAPER_SIZES, Size
from cardgen.layout.units import MM
from cardgen.render.fonts import BODY, BODY_BOLD, BODY_ITALIC, DISPLAY

INK = HexColor("#1f2328")
HEADING = HexColor("#14213d")
ACCENT = HexColor("#c4561d")
MUTED = HexColor("#5b6470")
TINT = HexColor("#f4efe6")
RULE = HexColor("#d9d3c7")


@dataclass(frozen=True)
class Geometry:
    """Size of one rulebook page and its margins, in points."""

    page: Size
    margin_x: float
    margin_top: float
    margin_bottom: float
    body_size: float

    @property
    def frame_width(self) -> float:
        return self.page.width_pt - 2 * self.margin_x

    @property
    def frame_height(self) -> float:
        return self.page.height_pt - self.margin_top - self.margin_bottom


def geometry(paper: str, *, booklet: bool) -> Geometry:
    """A full page of ``paper``, or half of it (turned) for a folded booklet."""
    sheet = PAPER_SIZES[paper]
    if booklet:
        page = Size(sheet.height_pt / 2, sheet.width_pt)
        return Geometry(page, 14 * MM, 14 * MM, 17 * MM, 9.4)
    return Geometry(sheet, 24 * MM, 20 * MM, 22 * MM, 10.5)


def hyphenation_language(language: str) -> str | None:
    """The pyphen dictionary for a language (``fr`` → ``fr``, ``en`` → ``en``), None if there is none."""
    return pyphen.language_fallback(language.replace("-", "_"))


@dataclass(frozen=True)
class Styles:
    body: ParagraphStyle
    lead: ParagraphStyle
    subtitle: ParagraphStyle
    caption: ParagraphStyle
    note: ParagraphStyle
    center: ParagraphStyle
    chapter: ParagraphStyle
    section: ParagraphStyle
    minor: ParagraphStyle
    bullet: ParagraphStyle
    cell: ParagraphStyle
    cell_head: ParagraphStyle
    title: ParagraphStyle
    toc_title: ParagraphStyle
    toc_levels: tuple[ParagraphStyle, ...]
    quote: ParagraphStyle
    icon_size: float

    def for_class(self, classes: tuple[str, ...]) -> ParagraphStyle:
        for name in classes:
            style = getattr(self, name, None)
            if isinstance(style, ParagraphStyle):
                return style
        return self.body


def make_styles(geo: Geometry, language: str, *, spacing: float = 1.0) -> Styles:
    """The book's paragraph styles; ``spacing`` < 1 tightens the space around blocks (and a little the
    leading) to pull a short last page back onto the one before it."""
    styles = _make_styles(geo, language)
    if spacing == 1.0:
        return styles
    leading = 1.0 - (1.0 - spacing) * 0.12
    changed = {}
    for name in styles.__dataclass_fields__:
        value = getattr(styles, name)
        if isinstance(value, ParagraphStyle):
            changed[name] = value.clone(value.name, spaceBefore=value.spaceBefore * spacing,
                                        spaceAfter=value.spaceAfter * spacing, leading=value.leading * leading)
    return replace(styles, **changed)


def _make_styles(geo: Geometry, language: str) -> Styles:
    size = geo.body_size
    lead = size * 1.38
    hyph = hyphenation_language(language)
    # embeddedHyphenation stays off: in reportlab 5.1 it loses the hyphen of a compound word hyphenated
    # in a narrow column ("nord-est" printed "nor-dest", "là-bas" printed "làbas"); lines still break
    # after a word's own hyphen without it (tests/rulebook/test_hyphenation.py)
    common = dict(fontName=BODY, fontSize=size, leading=lead, textColor=INK, hyphenationLang=hyph,
                  embeddedHyphenation=0, allowWidows=0, allowOrphans=0, hyphenationMinWordLength=7)
    body = ParagraphStyle("body", alignment=TA_JUSTIFY, spaceAfter=size * 0.6, **common)  # type: ignore[arg-type]
    heading = dict(textColor=HEADING, keepWithNext=1, hyphenationLang=None, allowWidows=0, allowOrphans=0)
    return Styles(
        body=body,
        lead=ParagraphStyle("lead", parent=body, fontSize=size * 1.12, leading=lead * 1.12, alignment=TA_LEFT),
        subtitle=ParagraphStyle("subtitle", parent=body, fontName=BODY_ITALIC, fontSize=size * 1.35,
                                leading=size * 1.8, alignment=TA_CENTER, textColor=MUTED, spaceAfter=size),
        caption=ParagraphStyle("caption", parent=body, fontName=BODY_ITALIC, fontSize=size * 0.86,
                               leading=size * 1.18, alignment=TA_CENTER, textColor=MUTED, spaceBefore=3,
                               spaceAfter=size * 1.1),
        note=ParagraphStyle("note", parent=body, fontSize=size * 0.88, leading=size * 1.22, textColor=MUTED),
        center=ParagraphStyle("center", parent=body, alignment=TA_CENTER),
        chapter=ParagraphStyle("chapter", fontName=DISPLAY, fontSize=size * 1.9, leading=size * 2.3,
                               spaceBefore=size * 1.6, spaceAfter=size * 0.55, **heading),  # type: ignore[arg-type]
        section=ParagraphStyle("section", fontName=DISPLAY, fontSize=size * 1.3, leading=size * 1.65,
                               spaceBefore=size * 0.9, spaceAfter=size * 0.35, **heading),  # type: ignore[arg-type]
        minor=ParagraphStyle("minor", fontName=BODY_BOLD, fontSize=size * 1.05, leading=lead,
                             spaceBefore=size * 0.6, spaceAfter=size * 0.2, **heading),  # type: ignore[arg-type]
        bullet=ParagraphStyle("bullet", parent=body, alignment=TA_LEFT, spaceAfter=size * 0.3, bulletFontName=BODY,
                              bulletFontSize=size),
        cell=ParagraphStyle("cell", parent=body, alignment=TA_LEFT, fontSize=size * 0.92, leading=size * 1.24,
                            spaceAfter=0),
        cell_head=ParagraphStyle("cell_head", parent=body, alignment=TA_LEFT, fontName=BODY_BOLD, fontSize=size * 0.92,
                                 leading=size * 1.24, spaceAfter=0, textColor=HEADING, hyphenationLang=None),
        title=ParagraphStyle("title", fontName=DISPLAY, fontSize=size * 4.6, leading=size * 5.2, alignment=TA_CENTER,
                             textColor=HEADING, spaceAfter=size * 0.5),
        toc_title=ParagraphStyle("toc_title", fontName=DISPLAY, fontSize=size * 1.3, leading=size * 1.65,
                                 textColor=HEADING, spaceBefore=size * 0.8, spaceAfter=size * 0.4),
        toc_levels=(
            ParagraphStyle("toc0", fontName=BODY, fontSize=size, leading=size * 1.45, leftIndent=size * 1.2,
                           firstLineIndent=-size * 1.2, rightIndent=size * 2.5, textColor=INK),
            ParagraphStyle("toc1", fontName=BODY, fontSize=size * 0.9, leading=size * 1.3, leftIndent=size * 2.4,
                           firstLineIndent=-size * 1.2, rightIndent=size * 2.5, textColor=MUTED),
        ),
        quote=ParagraphStyle("quote", parent=body, alignment=TA_LEFT, spaceAfter=size * 0.3),
        icon_size=size * 1.25,
    )
