"""The fast path for a text that is one plain line: ``drawString`` instead of a Platypus Paragraph.

A card title or a type label is a few plain words on one line. Laying it out as a Paragraph
(parse markup, break lines, build a text object) costs about ten times what drawing it does;
for a deck of distinct cards that is most of the drawing time. :func:`plain_line` decides
whether a text qualifies — no markup, no whitespace but plain spaces, fitting the box on one
line at the requested size — and returns what to draw; the caller draws it exactly where the
Paragraph would have put it (same baseline, same alignment offset, same font and colour), so
the page looks the same. Anything else (rich text, several lines, shrinking) goes to Paragraph.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from reportlab.pdfbase.pdfmetrics import stringWidth

_NOT_PLAIN = re.compile(r"[*<>&\\_`:|\[\]{}\xad]|[^\S \u00a0\u202f]")
"""Characters that may be markup (bold, italic, tags, escapes, inline items such as ``:icon:`` or
``[[card]]``), a soft hyphen, or whitespace other than a plain or no-break space (a line break, a
tab). Such a text goes to Paragraph, which knows what they mean. The typography pass puts no-break
spaces in most texts ("27 cards", "Frappe !"); on one line they are characters like any other."""


@dataclass(frozen=True)
class PlainLine:
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
    # draws with narrower spaces; leave those to it
    if line_width > width - 1e-6 or line_height > height + 0.01:
        return None
    return PlainLine(line, line_width, line_height)
