"""Plain card text set and drawn without a Platypus Paragraph, exactly as the Paragraph would.

A card's title is a few plain words on one line; its rule text is often a sentence or two of
plain words on two or three lines. Laying either out as a Paragraph (parse markup, build
fragments, break lines, build a text object) costs several times what drawing it does, and
importing ``reportlab.platypus`` costs ~0.03 CPU s of every process (more without a bytecode
cache); for a deck of distinct cards that is much of the drawing time. This module sets such
texts itself:

- :func:`plain_line`: a text that fits its box on one line at the requested size, drawn with
  one text object (the operators of a Paragraph's line, with one graphics-state save fewer);
- :func:`set_plain_text`: a text on one or several lines, broken as reportlab 4–5 breaks a
  single-fragment paragraph with cardgen's style (greedy, words whole — ``splitLongWords=0`` —,
  a line may squeeze its spaces by ``rl_config.spaceShrinkage``, no-break spaces tie words
  unless :func:`untie_wide_runs` unties them) and shrunk from ``size`` to ``min_size`` by
  0.25 pt as :func:`~cardgen.render.reportlab_canvas.fit_paragraph` does, with the same
  floating-point sums, so its :class:`~cardgen.render.canvas.TextFit` is Paragraph's to the bit;
- :func:`draw_plain_text`: draws it with the very operators ``Paragraph.drawOn`` emits, so the
  PDF is byte-identical.

A text qualifies only if it is plain — no markup, no soft hyphen, no control character, no
whitespace but plain and no-break spaces —, left, centred or right aligned, and reportlab's
hyphenation settings are off; anything else (rich text, justified text, hyphenation) goes to
Paragraph, which knows what it means. ``tests/render/test_plain_text.py`` compares the breaks,
widths and fit with Paragraph's on random texts and boxes, and the PDFs byte for byte.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from reportlab import rl_config
from reportlab.pdfbase.pdfmetrics import stringWidth

from cardgen.render.canvas import TextFit

FAST_PATH = True
"""Whether :func:`set_plain_text` sets texts at all; tests switch it off to get Paragraph's output."""

_NOT_PLAIN = re.compile(r"[*<>&\\_`:|\[\]{}\xad\u200b]|[^\S \u00a0\u202f]")
"""For :func:`plain_line`: characters that may be markup (bold, italic, tags, escapes, inline items
such as ``[[card]]``), a soft hyphen, or whitespace other than a plain or no-break space (a line
break, a tab, a zero-width space, which Paragraph breaks at and prints as a space). Such a text
goes to :func:`set_plain_text` or Paragraph. The typography pass puts no-break spaces in most
texts ("27 cards", "Frappe !"); on one line they are characters like any other."""

_NOT_PLAIN_TEXT = re.compile(r"[*<>&\xad\u200b\x00-\x1f\x7f]|[^\S \u00a0\u202f]")
"""For :func:`set_plain_text`: what ``markup()`` and Paragraph give a meaning to — emphasis stars,
tags, entities, a soft hyphen, control characters, and every space Paragraph may break at but the
plain one. A colon, an underscore or a bracket is a character like any other for a text box (inline
icons never reach one), so French text, with its "mot : suite", stays plain; the one-line path keeps
its narrower test so that one-line texts are drawn as before (its operators differ by a saved
state). No-break spaces tie words, as they do in Paragraph with :mod:`cardgen.render.narrow_space`."""

_ALIGNS = ("left", "center", "right")


@dataclass(frozen=True)
class PlainLine:
    """One line of plain text as Paragraph would set it: its words, width and height."""

    text: str
    """The words joined by single spaces, as Paragraph would set them."""
    width: float
    height: float
    """The line's height in the box: ``size × leading``, as Paragraph measures one line."""


def plain_line(text: str, width: float, height: float, *, font: str, size: float, leading: float) -> PlainLine | None:
    """``text`` as one line if Paragraph would set it on one line at ``size``; otherwise None."""
    if _NOT_PLAIN.search(text):
        return None
    words = text.split(" ")
    if "" in words:
        words = [word for word in words if word]
        if not words:
            return None
    line = " ".join(words)
    line_width = stringWidth(line, font, size)
    line_height = size * leading
    # strictly inside: Paragraph lets a line 5 % of a space too long squeeze in, and that one it
    # draws with narrower spaces; leave those to set_plain_text
    if line_width > width - 1e-6 or line_height > height + 0.01:
        return None
    return PlainLine(line, line_width, line_height)


@dataclass(frozen=True)
class PlainText:
    """A plain text broken into lines at the size that fits, as Paragraph would have set it."""

    lines: tuple[tuple[float, tuple[str, ...]], ...]
    """Per line, the width left over (negative: squeezed or too wide) and its words."""
    font: str
    size: float
    leading: float
    """In points: ``size × leading factor``."""
    height: float
    """``number of lines × leading``, as ``Paragraph.wrap`` returns it."""
    align: str

    @property
    def fit(self) -> TextFit:
        return TextFit(tuple(extra for extra, _ in self.lines), self.size, self.height)


def set_plain_text(text: str, width: float, height: float, *, font: str, size: float, min_size: float | None,
                   leading: float, align: str) -> PlainText | None:
    """``text`` set as ``fit_paragraph`` would set it, or None when it is not plain (Paragraph's job).

    ``text`` has had its typography pass; ``font`` is registered. It is set in ``font`` itself.
    Paragraph's parser maps its style's font through reportlab's family table and back
    (``tt2ps(ps2tt(font))``), which gives the same face for every font of one deck; but a deck's
    own fonts registered earlier in the same process can leave a bundled face mapped to another
    deck's (seen in the test suite: ``Lato-Bold`` drawn as a deck's hand-written font), and that
    this path does not copy.
    """
    if not FAST_PATH or align not in _ALIGNS or width < 1.0 or _NOT_PLAIN_TEXT.search(text) or not _plain_settings():
        return None
    if not any(text.split(" ")):
        return None
    shrink = rl_config.spaceShrinkage
    current = size
    smallest = min_size if min_size is not None else size
    while True:
        lines = break_lines(untie_wide_runs(text, width, font=font, size=current).split(" "), width, font=font,
                            size=current, shrink=shrink)
        line_leading = current * leading
        set_height = len(lines) * line_leading
        too_wide = any(extra < -1.0 for extra, _ in lines)  # fit_paragraph's line_too_wide for plain lines
        if (set_height <= height + 0.01 and not too_wide) or current <= smallest:
            return PlainText(lines, font, current, line_leading, set_height, align)
        current = max(smallest, current - 0.25)


def _plain_settings() -> bool:
    """Whether reportlab's defaults break plain words as :func:`break_lines` does (no hyphenation)."""
    return not (rl_config.hyphenationLang or rl_config.uriWasteReduce or rl_config.embeddedHyphenation)


def break_lines(words: list[str], width: float, *, font: str, size: float,
                shrink: float) -> tuple[tuple[float, tuple[str, ...]], ...]:
    """Greedy breaks of ``words`` (empty strings skipped) into lines of ``width``, as
    ``Paragraph.breakLines`` makes them for one plain fragment: a word goes on the line if the line
    with it is no wider than ``width`` plus ``shrink`` of a space per space already on the line; a
    line holds at least one word, however wide. The sums are reportlab's, term for term."""
    space = stringWidth(" ", font, size, "utf8")
    squeeze = shrink * space
    lines: list[tuple[float, tuple[str, ...]]] = []
    line: list[str] = []
    current = -space  # reportlab's start: the first word adds a space it does not have
    for word in words:
        if not word:
            continue
        word_width = stringWidth(word, font, size, "utf8")
        widened = current + space + word_width
        if widened <= width + squeeze * len(line) or not line:
            line.append(word)
            current = widened
        else:
            lines.append((width - current, tuple(line)))
            line = [word]
            current = word_width
    if line:
        lines.append((width - current, tuple(line)))
    return tuple(lines)


def draw_plain_text(c: Any, text: PlainText, x: float, y: float, colour: Any) -> None:
    """Draw ``text`` with its box's bottom-left at (``x``, ``y``): ``Paragraph.drawOn``'s operators.

    A saved state moved to the origin, a second saved state, the fill colour, one text object
    at the first baseline (``height − size``) with the leading, then per line the
    alignment's cursor moves (reportlab's ``_left/_center/_rightDrawParaLine``, word spacing for
    a squeezed line included) and the words joined by single spaces, ``T*`` after each.
    """
    c.saveState()
    c.translate(x, y)
    c.saveState()
    c.setFillColor(colour)
    tx = c.beginText(0, text.height - text.size)
    tx.setFont(text.font, text.size, text.leading)
    for extra, words in text.lines:
        _draw_line(tx, text.align, extra, words)
    c.drawText(tx)
    c.restoreState()
    c.restoreState()


def _draw_line(tx: Any, align: str, extra: float, words: tuple[str, ...]) -> None:
    """One line at offset 0, as reportlab's ``_leftDrawParaLine`` and its centre and right siblings draw it."""
    line = " ".join(words)
    spaces = 0 if extra > -1e-8 else len(words) + line.count("\xa0") - 1
    if spaces <= 0:  # nothing to squeeze: the room left moves the line
        move = 0.0 if align == "left" else 0.5 * extra if align == "center" else extra
        _set_x(tx, move)
        tx._textOut(line, 1)
        _set_x(tx, -move)
    else:  # squeezed: narrower spaces, from the left edge
        tx.setWordSpace(extra / float(spaces))
        tx._textOut(line, 1)
        tx.setWordSpace(0)


def _set_x(tx: Any, dx: float) -> None:
    if dx > 1e-6 or dx < -1e-6:
        tx.setXPos(dx)


_TIE = re.compile(r"(?<=\w)\u00a0(?=\w)")
"""A no-break space between two words (not the ones French puts before ``:`` or inside « »)."""
_MARKUP_CHARS = re.compile(r"[*_]")


def untie_wide_runs(text: str, width: float, *, font: str, size: float) -> str:
    """``text`` with the no-break spaces between words made plain wherever the words they tie are
    wider than ``width`` at ``size``: such a run cannot stay on one line, and breaking it between
    its words is better than cutting one of them."""
    if "\u00a0" not in text:
        return text

    def untie(run: str) -> str:
        if "\u00a0" in run and stringWidth(_MARKUP_CHARS.sub("", run), font, size) > width:
            return _TIE.sub(" ", run)
        return run

    return "".join(untie(part) for part in re.split(r"([ \n\t]+)", text))
