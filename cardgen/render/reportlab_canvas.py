"""The Canvas protocol on a reportlab canvas (PDF output)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from reportlab.lib.enums import TA_CENTER, TA_LEFT, TA_RIGHT
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas as RLCanvas

from cardgen.i18n.typography import apply_typography
from cardgen.render.canvas import Align, Point, TextFit, VAlign
from cardgen.render.fonts import BODY, ensure_font, register_fonts
from cardgen.render.pdf_forms import end_form
from cardgen.render.pdf_images import draw_image_file
from cardgen.render.plain_text import (PlainLine, PlainText, draw_plain_text, plain_line, set_plain_text,
                                      untie_wide_runs)
from cardgen.render.resolved import hex_color
from cardgen.xml_escape import escape

if TYPE_CHECKING:  # reportlab.platypus is imported only when a text needs a Paragraph (see plain_text.py)
    from reportlab.platypus import Paragraph

__all__ = ["ReportlabCanvas", "fit_paragraph", "line_too_wide", "markup", "paragraph_fit", "text_width",
           "untie_wide_runs"]

_ALIGN = {"left": TA_LEFT, "center": TA_CENTER, "right": TA_RIGHT}
_BOLD_ITALIC = re.compile(r"\*\*\*(?!\s)(.+?)(?<!\s)\*\*\*")
_BOLD = re.compile(r"\*\*(.+?)\*\*")
_ITALIC = re.compile(r"(?<![*\w])\*(?!\s)(.+?)(?<!\s)\*(?![*\w])")
_TAG = re.compile(r"<(/?)([bi])>")


def markup(text: str) -> str:
    """Escape user text for reportlab's paragraph markup; then allow ***bold italic***, **bold** and *italic*.

    Nothing the user writes can become a reportlab tag (``<img src=…>`` prints as text). Emphasis
    that crosses (``**a *b** c*``) cannot nest, and reportlab refuses tags that do not: its
    italic markers are then printed as typed, and the bold kept.
    """
    safe = escape(text)
    bold = _BOLD.sub(r"<b>\1</b>", _BOLD_ITALIC.sub(r"<b><i>\1</i></b>", safe))
    marked = _ITALIC.sub(r"<i>\1</i>", bold)
    if not _nested(marked):
        marked = bold if _nested(bold) else safe
    return marked.replace("\n", "<br/>")


def _nested(marked: str) -> bool:
    """Whether every ``<b>``/``<i>`` closes after the tags opened inside it (as reportlab requires)."""
    open_tags: list[str] = []
    for closing, tag in _TAG.findall(marked):
        if not closing:
            open_tags.append(tag)
        elif not open_tags or open_tags.pop() != tag:
            return False
    return not open_tags


class ReportlabCanvas:
    """Implements :class:`~cardgen.render.canvas.Canvas` on ``reportlab.pdfgen.canvas.Canvas``."""

    def __init__(self, canvas: RLCanvas, *, language: str = "en") -> None:
        register_fonts()
        self.c = canvas
        self.language = language  # every string drawn gets this language's typography pass
        # the forms made in this PDF, shared by every wrapper of the canvas (a walkthrough wraps
        # its canvas once per frame and once per printed face: each form is still made once)
        self._forms: set[str] = canvas.__dict__.setdefault("_cardgen_forms", set())
        self._fill = "#000000"
        self._paragraph_cache: dict[Any, tuple[Paragraph, float, float] | PlainText] = {}
        """Per text box: its Paragraph (with the size and height it was set at), or its plain text."""
        self.last_fit: TextFit | None = None
        """How the last ``text_box`` was set (read by a watching measuring canvas)."""

    def save(self) -> None:
        self.c.saveState()

    def restore(self) -> None:
        self.c.restoreState()

    def translate(self, x: float, y: float) -> None:
        self.c.translate(x, y)

    def rotate(self, degrees: float) -> None:
        self.c.rotate(degrees)

    def scale(self, sx: float, sy: float) -> None:
        self.c.scale(sx, sy)

    def set_fill(self, color: str, alpha: float = 1.0) -> None:
        self._fill = color
        self.c.setFillColor(hex_color(color))
        if alpha != 1.0:
            self.c.setFillAlpha(alpha)

    def set_stroke(self, color: str, width: float, *, dash: Sequence[float] | None = None, alpha: float = 1.0,
                   cap: str = "butt") -> None:
        self.c.setStrokeColor(hex_color(color))
        self.c.setLineWidth(width)
        self.c.setDash(list(dash) if dash else [])
        self.c.setLineCap({"butt": 0, "round": 1, "square": 2}[cap])
        if alpha != 1.0:
            self.c.setStrokeAlpha(alpha)

    def rect(self, x: float, y: float, w: float, h: float, *, radius: float = 0, fill: bool = True, stroke: bool = False) -> None:
        if radius > 0:
            self.c.roundRect(x, y, w, h, radius, stroke=int(stroke), fill=int(fill))
        else:
            self.c.rect(x, y, w, h, stroke=int(stroke), fill=int(fill))

    def polygon(self, points: Sequence[Point], *, fill: bool = True, stroke: bool = False, close: bool = True) -> None:
        path = self.c.beginPath()
        path.moveTo(*points[0])
        for point in points[1:]:
            path.lineTo(*point)
        if close:
            path.close()
        self.c.drawPath(path, stroke=int(stroke), fill=int(fill))

    def bezier_path(self, start: Point, segments: Sequence[Any], *, fill: bool = True, stroke: bool = False,
                    close: bool = True) -> None:
        path = self.c.beginPath()
        path.moveTo(*start)
        for segment in segments:
            if len(segment) == 3 and isinstance(segment[0], tuple):
                (x1, y1), (x2, y2), (x3, y3) = segment
                path.curveTo(x1, y1, x2, y2, x3, y3)
            else:
                path.lineTo(*segment)
        if close:
            path.close()
        self.c.drawPath(path, stroke=int(stroke), fill=int(fill))

    def circle(self, x: float, y: float, r: float, *, fill: bool = True, stroke: bool = False) -> None:
        self.c.circle(x, y, r, stroke=int(stroke), fill=int(fill))

    def line(self, x1: float, y1: float, x2: float, y2: float) -> None:
        self.c.line(x1, y1, x2, y2)

    def clip_rect(self, x: float, y: float, w: float, h: float) -> None:
        path = self.c.beginPath()
        path.rect(x, y, w, h)
        self.c.clipPath(path, stroke=0, fill=0)

    def text(self, x: float, y: float, text: str, *, font: str, size: float, align: Align = "left") -> None:
        text = apply_typography(text, self.language)
        self.c.setFont(ensure_font(font), size)
        if align == "center":
            self.c.drawCentredString(x, y, text)
        elif align == "right":
            self.c.drawRightString(x, y, text)
        else:
            self.c.drawString(x, y, text)

    def text_box(self, text: str, x: float, y: float, w: float, h: float, *, font: str, size: float,
                 min_size: float | None = None, leading: float = 1.2, align: Align = "left",
                 valign: VAlign = "top", color: str = "#000000", language: str | None = None) -> float:
        """Wrap ``text`` in the box, shrinking from ``size`` to ``min_size`` until it fits."""
        if not text:
            self.last_fit = None
            return size
        text = apply_typography(text, self.language if language is None else language)
        line = plain_line(text, w, h, font=ensure_font(font), size=size, leading=leading)
        if line is not None:
            self._draw_line(line, x, y, w, h, font=font, size=size, align=align, valign=valign, color=color)
            self.last_fit = TextFit((w - line.width,), size, line.height)
            return size
        key = (text, round(w, 2), round(h, 2), font, size, min_size, leading, align, color)
        cached = self._paragraph_cache.get(key)
        if cached is None:
            cached = set_plain_text(text, w, h, font=ensure_font(font), size=size, min_size=min_size,
                                    leading=leading, align=align)  # plain words: no Paragraph (plain_text.py)
            if cached is None:
                cached = fit_paragraph(text, w, h, font=font, size=size, min_size=min_size, leading=leading,
                                       align=align, color=color)
            self._paragraph_cache[key] = cached
        if isinstance(cached, tuple):
            paragraph, used_size, height = cached
            self.last_fit = paragraph_fit(paragraph, used_size, height)
        else:
            used_size, height = cached.size, cached.height
            self.last_fit = cached.fit
        if valign == "top":
            top = y + h
        elif valign == "middle":
            top = y + (h + height) / 2
        else:
            top = y + height
        if isinstance(cached, tuple):
            cached[0].drawOn(self.c, x, top - height)
        else:
            draw_plain_text(self.c, cached, x, top - height, hex_color(color))
        return used_size

    def _draw_line(self, line: PlainLine, x: float, y: float, w: float, h: float, *, font: str, size: float,
                   align: Align, valign: VAlign, color: str) -> None:
        """One plain line where a one-line Paragraph would put it, with the operators it would use.

        Same origin, text matrix and cursor move as ``Paragraph.drawOn`` (so not one pixel moves
        by rounding), without parsing, line breaking or fragment bookkeeping.
        """
        if valign == "top":
            top = y + h
        elif valign == "middle":
            top = y + (h + line.height) / 2
        else:
            top = y + line.height
        spare = w - line.width
        offset = 0.5 * spare if align == "center" else spare if align == "right" else 0.0
        c = self.c
        c.saveState()
        c.translate(x, top - line.height)
        c.setFillColor(hex_color(color))
        tx = c.beginText(0, line.height - size)
        tx.setFont(font, size, line.height)
        if offset > 1e-6 or offset < -1e-6:
            tx.setXPos(offset)
        tx._textOut(line.text, 1)
        c.drawText(tx)
        c.restoreState()

    def image(self, path: str, x: float, y: float, w: float, h: float) -> None:
        # named after the file's bytes, not its path: see pdf_images.py
        draw_image_file(self.c, path, x, y, w, h)

    def group(self, key: str, bbox: tuple[float, float, float, float], draw: Any) -> None:
        """Draw once into a Form XObject named after ``key``, then place it (here and later)."""
        name = "grp_" + re.sub(r"[^A-Za-z0-9_]", "_", key)
        if name not in self._forms:
            self.c.beginForm(name, *bbox)
            draw(self)
            end_form(self.c, name)
            self._forms.add(name)
        self.c.doForm(name)

    def drawing(self, key: str, svg_path: str, x: float, y: float, w: float, h: float) -> None:
        """Draw an SVG file; it is converted once and stored once as a Form XObject."""
        from cardgen.render.svg_art import svg_form

        name, width, height = svg_form(self.c, svg_path, self._forms)
        self.c.saveState()
        self.c.translate(x, y)
        self.c.scale(w / width, h / height)
        self.c.doForm(name)
        self.c.restoreState()


def fit_paragraph(text: str, w: float, h: float, *, font: str, size: float, min_size: float | None,
                  leading: float, align: str, color: str) -> tuple[Paragraph, float, float]:
    """A Paragraph at the largest size (from ``size`` down to ``min_size``) that fits the box.

    Lines break between words only: a word wider than the box is never cut (reportlab would cut
    it anywhere, without a hyphen); it stays whole, the text shrinks, and at the smallest size
    the line is too wide, which the preflight reports as an overflow. Words tied by no-break
    spaces ("Moon Ore Sharpening") that are wider than the box together break at those spaces.
    """
    from reportlab.lib.colors import HexColor
    from reportlab.lib.styles import ParagraphStyle
    from reportlab.platypus import Paragraph

    ensure_font(font)
    current = size
    smallest = min_size if min_size is not None else size
    while True:
        style = ParagraphStyle("cardgen", fontName=font, fontSize=current, leading=current * leading,
                               alignment=_ALIGN[align], textColor=HexColor(color), allowWidows=0,
                               splitLongWords=0)
        paragraph = Paragraph(markup(untie_wide_runs(text, w, font=font, size=current)), style)
        _, height = paragraph.wrap(w, h)
        too_wide = any(line_too_wide(line) for line in getattr(paragraph.blPara, "lines", []))
        if (height <= h + 0.01 and not too_wide) or current <= smallest:
            return paragraph, current, height
        current = max(smallest, current - 0.25)


def paragraph_fit(paragraph: Paragraph, size: float, height: float) -> TextFit:
    """How a wrapped ``paragraph`` was set: the room left on each of its lines, its size and height."""
    return TextFit(tuple(_extra_space(line) for line in getattr(paragraph.blPara, "lines", [])), size, height)


def line_too_wide(line: Any) -> bool:
    """Whether a wrapped line runs past its box: half a point of slack for a line with markup, a
    point (the preflight's kerning slack) for a plain one, whose spaces reportlab does not squeeze."""
    return _extra_space(line) < (-1.0 if isinstance(line, tuple) else -0.5)


def _extra_space(line: Any) -> float:
    """Room left on a wrapped line: reportlab keeps it as ``line[0]`` for plain text, ``.extraSpace`` for markup."""
    if isinstance(line, tuple):
        return float(line[0])
    return float(getattr(line, "extraSpace", 0.0))


def text_width(text: str, font: str = BODY, size: float = 10) -> float:
    return stringWidth(text, font, size)
