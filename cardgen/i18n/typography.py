"""Typography applied by code to translated text, so translators never type special spaces.

French: a no-break space before ``; : ! ?`` and inside ``« »``, so no line can start with one
of them. We use U+00A0 (NO-BREAK SPACE) and turn any U+202F (NARROW NO-BREAK SPACE) a
translator typed into it: reportlab 5.1 breaks lines at U+202F (it is in the whitespace set of
``reportlab.platypus.paragraph``) but never at U+00A0, and the bundled fonts have a glyph for
U+00A0. ``tests/i18n/test_typography.py`` checks both facts.

Code spans, Jinja values (``{{ … }}``), placeholders (``{n}``, ``%(name)s``), card icons
(``[[hit]]``) and URLs are left untouched.
"""

from __future__ import annotations

import re

NBSP = "\u00a0"
NNBSP = "\u202f"

_PROTECTED = re.compile(
    r"`+[^`]*`+"  # code spans
    r"|\{\{.*?\}\}|\{%.*?%\}"  # Jinja
    r"|\{[A-Za-z_][\w.]*\}"  # {name}
    r"|%\([A-Za-z_]\w*\)[sdif]"  # %(name)s
    r"|\[\[[^\]]*\]\]"  # card icons
    r"|\]\([^)]*\)"  # link targets
    r"|[a-z][a-z0-9+.-]*://\S+",  # bare URLs
    re.S,
)
_SPACES = f"[ \t{NBSP}{NNBSP}]"
# a high punctuation mark after a word (or closing markup), with or without a space before it
_BEFORE_HIGH = re.compile(rf"(?<=[^\s{NBSP}]){_SPACES}*([;!?]+)")
_BEFORE_HIGH_SPACED = re.compile(rf"{_SPACES}+([;!?]+)")
_BEFORE_COLON = re.compile(rf"(?<=[^\s{NBSP}:]){_SPACES}*:(?=\s|$|[*_»)\]])")
_BEFORE_COLON_SPACED = re.compile(rf"{_SPACES}+:(?=\s|$|[*_»)\]])")
_OPEN_QUOTE = re.compile(rf"«{_SPACES}*")
_CLOSE_QUOTE = re.compile(rf"{_SPACES}*»")


def _french(segment: str, *, at_start: bool) -> str:
    segment = segment.replace(NNBSP, NBSP)
    segment = _OPEN_QUOTE.sub("«" + NBSP, segment)
    segment = _CLOSE_QUOTE.sub(NBSP + "»", segment)
    segment = _BEFORE_HIGH.sub(NBSP + r"\1", segment)
    segment = _BEFORE_COLON.sub(NBSP + ":", segment)
    if not at_start:
        # a mark right at the start of a segment follows protected text (a code span, a value)
        segment = _BEFORE_HIGH_SPACED.sub(NBSP + r"\1", segment)
        segment = _BEFORE_COLON_SPACED.sub(NBSP + ":", segment)
        segment = re.sub(r"^([;!?])", NBSP + r"\1", segment)
        segment = re.sub(r"^:(?=\s|$)", NBSP + ":", segment)
    return segment


def _apply_outside_protected(text: str, rule: object) -> str:
    out: list[str] = []
    position = 0
    for match in _PROTECTED.finditer(text):
        out.append(rule(text[position:match.start()], at_start=position == 0))  # type: ignore[operator]
        out.append(match.group(0))
        position = match.end()
    out.append(rule(text[position:], at_start=position == 0))  # type: ignore[operator]
    return "".join(out)


def apply_typography(text: str, language: str) -> str:
    """``text`` with the typography rules of ``language`` (French now; others unchanged)."""
    base = language.split("_")[0].split("-")[0].lower()
    if base == "fr":
        return _apply_outside_protected(text, _french)
    return text
