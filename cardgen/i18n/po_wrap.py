"""A PO string written as GNU gettext writes it (msgmerge, msgcat, msginit, Poedit's gettext).

gettext wraps ``msgid``/``msgstr`` lines at 79 columns: the string is cut after each ``\\n``,
each piece is escaped (``\\"``, ``\\\\``, ``\\n``, ``\\t`` take two columns and are never split),
and line breaks go where the Unicode line-breaking rules allow one (UAX #14, as implemented by
GNU libunistring: its pair table, with a break allowed after ``.``/``:`` before a letter). A
string that does not fit on its keyword's line, or that has a line break inside, starts with an
empty ``msgid ""``. Writing catalogs the same way means a round trip through msgmerge or Poedit
changes no line, and a diff shows only what a translator changed.

Sources: gettext-tools ``write-po.c`` (``wrap``), libunistring ``unilbrk`` (``lbrktables.c``,
``u8-possible-linebreaks.c``, ``u8-width-linebreaks.c``). The class table below covers ASCII,
Latin-1 and the general punctuation a card text uses; other characters take their class from
their Unicode category (letters AL, digits NU, combining marks CM, wide characters ID), which
is what LineBreak.txt gives them for Latin, Greek and Cyrillic text.
"""

from __future__ import annotations

import unicodedata
from functools import lru_cache
from itertools import pairwise

PAGE_WIDTH = 79
"""gettext's default ``--width``."""

_CLASSES = ["WJ", "GL", "B2", "BA", "BB", "HY", "CL", "CP", "EX", "IN", "NS", "OP", "QU", "IS", "NU", "PO", "PR",
            "SY", "AL", "H2", "H3", "ID", "JL", "JV", "JT", "HL", "RI"]
_INDEX = {name: i for i, name in enumerate(_CLASSES)}
# libunistring's pair table (rows: class before, columns: class after). D: a break is allowed,
# I: only after spaces, P: never. libunistring sets (IS, AL) to D, so "Use it.</P>" and
# "types.white" may break after the point.
_PAIRS = """
WJ PIIIIIPPPIIIIPIIIPIIIIIIIII
GL PIIIIIPPPIIIIPIIIPIIIIIIIII
B2 PIPIDIPPPIIDIPDDDPDDDDDDDDD
BA PDDIDIPPPIIDIPDDDPDDDDDDDDD
BB PIIIIIPPPIIIIPIIIPIIIIIIIII
HY PDDIDIPPPIIDIPIDDPDDDDDDDDD
CL PIDIDIPPPIPDIPDIIPDDDDDDDDD
CP PIDIDIPPPIPDIPIIIPIDDDDDDID
EX PIDIDIPPPIIDIPDDDPDDDDDDDDD
IN PIDIDIPPPIIDIPDDDPDDDDDDDDD
NS PIDIDIPPPIIDIPDDDPDDDDDDDDD
OP PPPPPPPPPPPPPPPPPPPPPPPPPPP
QU PIIIIIPPPIIPIPIIIPIIIIIIIII
IS PIDIDIPPPIIDIPIDDPDDDDDDDDD
NU PIDIDIPPPIIIIPIIIPIDDDDDDID
PO PIDIDIPPPIIIIPIDDPIDDDDDDID
PR PIDIDIPPPIIIIPIDDPIIIIIIIID
SY PIDIDIPPPIIDIPIDDPDDDDDDDID
AL PIDIDIPPPIIIIPIIIPIDDDDDDID
H2 PIDIDIPPPIIDIPDIDPDDDDDIIDD
H3 PIDIDIPPPIIDIPDIDPDDDDDDIDD
ID PIDIDIPPPIIDIPDIDPDDDDDDDDD
JL PIDIDIPPPIIDIPDIDPDIIDIIDDD
JV PIDIDIPPPIIDIPDIDPDDDDDIIDD
JT PIDIDIPPPIIDIPDIDPDDDDDDIDD
HL PIDIDIPPPIIIIPIIIPIDDDDDDID
RI PIDIDIPPPIIDIPDDDPDDDDDDIDI
"""
_TABLE = {row.split()[0]: row.split()[1] for row in _PAIRS.strip().splitlines()}

_ASCII = {" ": "SP", "!": "EX", '"': "QU", "$": "PR", "%": "PO", "'": "QU", "(": "OP", ")": "CP",
          "+": "PR", ",": "IS", "-": "HY", ".": "IS", "/": "SY", ":": "IS", ";": "IS", "?": "EX",
          "[": "OP", "\\": "PR", "]": "CP", "{": "OP", "|": "BA", "}": "CL", "\t": "BA"}
_OTHER = {
    "\u00a0": "GL", "\u00a1": "OP", "\u00a2": "PO", "\u00a3": "PR", "\u00a4": "PR", "\u00a5": "PR",
    "\u00ab": "QU", "\u00ad": "BA", "\u00b0": "PO", "\u00b1": "PR", "\u00b4": "BB", "\u00bb": "QU",
    "\u00bf": "OP", "\u2002": "BA", "\u2003": "BA", "\u2004": "BA", "\u2005": "BA", "\u2006": "BA",
    "\u2007": "GL", "\u2008": "BA", "\u2009": "BA", "\u200a": "BA", "\u200b": "ZW", "\u2010": "BA",
    "\u2011": "GL", "\u2012": "BA", "\u2013": "BA", "\u2014": "B2", "\u2018": "QU", "\u2019": "QU",
    "\u201a": "OP", "\u201b": "QU", "\u201c": "QU", "\u201d": "QU", "\u201e": "OP", "\u201f": "QU",
    "\u2024": "IN", "\u2025": "IN", "\u2026": "IN", "\u2027": "BA", "\u202f": "GL", "\u2030": "PO",
    "\u2031": "PO", "\u2032": "PO", "\u2033": "PO", "\u2034": "PO", "\u2039": "QU", "\u203a": "QU",
    "\u203c": "NS", "\u2044": "IS", "\u2060": "WJ", "\u20ac": "PR", "\u2116": "PR", "\u2212": "PR",
    "\u3001": "CL", "\u3002": "CL", "\ufeff": "WJ",
}


@lru_cache(maxsize=4096)
def line_break_class(char: str) -> str:
    """The UAX #14 class of ``char`` as libunistring resolves it for UTF-8 text."""
    if char in _ASCII:
        return _ASCII[char]
    if char in _OTHER:
        return _OTHER[char]
    category = unicodedata.category(char)
    if category in ("Mn", "Me", "Mc") or char == "\u200d":
        return "CM"
    if category == "Nd":
        return "NU"
    if unicodedata.east_asian_width(char) in ("W", "F"):
        return "ID"
    return "AL"  # letters, symbols, and AI/XX/SA resolved as libunistring does outside CJK encodings


def _width(char: str) -> int:
    if unicodedata.category(char) in ("Mn", "Me", "Cf") or char == "\u200b":
        return 0
    return 2 if unicodedata.east_asian_width(char) in ("W", "F") else 1


def _possible_breaks(text: str) -> list[bool]:
    """``breaks[i]``: a line may start at ``text[i]`` (libunistring's u8_possible_linebreaks)."""
    breaks = [False] * len(text)
    last = "BK"
    seen_space = False  # a space since the last other character
    for i, char in enumerate(text):
        kind = line_break_class(char)
        if kind == "SP":
            seen_space = True
            continue
        if kind == "ZW":
            last, seen_space = "ZW", False
            continue
        if kind == "CM":
            if last == "ZW":
                breaks[i], last = True, "ID"
                continue
            if seen_space:  # a mark after a space stands alone, as a letter (UAX #14 LB10), after a break
                breaks[i], last, seen_space = last != "BK", "AL", False
            elif last == "BK":
                last = "AL"
            continue  # otherwise a mark binds to its letter
        if last == "ZW":
            breaks[i] = True
        elif last != "BK":
            rule = _TABLE[last][_INDEX[kind]]
            breaks[i] = rule == "D" or (rule == "I" and seen_space)
        last, seen_space = kind, False
    return breaks


_ESCAPES = {"\a": "a", "\b": "b", "\f": "f", "\n": "n", "\r": "r", "\t": "t", "\v": "v", "\\": "\\", '"': '"'}


def _escaped(piece: str) -> tuple[str, list[bool | None]]:
    """``piece`` as written between quotes, and where it may not break (None: as the rules say;
    an escape sequence is never split)."""
    out: list[str] = []
    overrides: list[bool | None] = []
    for char in piece:
        if char in _ESCAPES:
            out += ["\\", _ESCAPES[char]]
            overrides += [None, False]
        else:
            out.append(char)
            overrides.append(None)
    return "".join(out), overrides


def _line_starts(text: str, overrides: list[bool | None], width: int, start_column: int) -> list[int]:
    """Where gettext starts a new line in ``text`` (libunistring's u8_width_linebreaks)."""
    possible = _possible_breaks(text)
    for i, override in enumerate(overrides):
        if override is not None:
            possible[i] = override
    starts: list[int] = []
    last_p: int | None = None
    last_column, piece_width = start_column, 0
    for i, char in enumerate(text):
        if possible[i]:
            if last_p is not None and last_column + piece_width > width:
                starts.append(last_p)
                last_column = 0
            last_p = i
            last_column += piece_width
            piece_width = 0
        piece_width += _width(char)
    if last_p is not None and last_column + piece_width > width:
        starts.append(last_p)
    return sorted(set(starts))


def wrap_field(keyword: str, value: str, *, prefix: str = "", page_width: int = PAGE_WIDTH) -> list[str]:
    """The lines gettext writes for ``keyword "value"`` (``prefix`` is ``#| `` or ``#~ `` or empty).

    (gettext 0.21's msgmerge and msgcat break inside a ``{name.attr}`` directive as anywhere
    else: no format directive is protected here either.)
    """
    pieces: list[str] = []
    start = 0
    while True:
        end = value.find("\n", start)
        if end == -1:
            pieces.append(value[start:])
            break
        pieces.append(value[start:end + 1])
        start = end + 1
        if start == len(value):
            break
    lines: list[str] = []
    first = True
    after_break = len(prefix) + 1
    width = page_width - 1 - after_break
    for number, piece in enumerate(pieces):
        text, overrides = _escaped(piece)
        if piece.endswith("\n"):
            overrides[-2] = False  # never break right before the final "\n"
        more = number < len(pieces) - 1
        while True:
            start_column = len(prefix) + (len(keyword) + 1 if first else 0) + 1 - after_break
            starts = _line_starts(text, overrides, width, start_column)
            if first and text and (more or start_column > width or starts):
                lines.append(f'{prefix}{keyword} ""')
                first = False
                continue
            break
        bounds = [0, *starts, len(text)]
        parts = [text[a:b] for a, b in pairwise(bounds)]
        head = f"{prefix}{keyword} " if first else prefix
        lines.append(f'{head}"{parts[0]}"')
        lines += [f'{prefix}"{part}"' for part in parts[1:]]
        first = False
    return lines

