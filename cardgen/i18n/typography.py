"""The typography pass: plain typed text → the characters a typesetter would set, per language.

Translators and rule writers type plain text (``'``, ``"``, ``-1``, ``10 x 10``, ``Effet :``);
every string that reaches a page goes through :func:`apply_typography` on its way there. The
pass is idempotent (running it twice changes nothing), so a string translated with it and
drawn with it again is unharmed.

Every language:

- apostrophes ``'`` → ``’``; double quotes → ``“…”`` (English) or ``«…»`` (French);
- a hyphen before a number (``-1``, ``(-4)``) → the minus sign ``−``;
- no-break spaces where a line break misleads: number–unit (``10 mm``, ``3 s``, ``50 %``),
  around ``×`` between numbers, word–number (``Game 1``, ``Attack 7``), number–noun
  (``2 cards``), an initial and the name after it (``J. Ernest``), and two short capitalised
  words (``Jasper Wentworth``).

French adds: a narrow no-break space (U+202F) before ``; ! ?`` and a no-break space (U+00A0)
before ``:`` and inside ``« »`` (Lexique des règles typographiques de l'Imprimerie nationale);
a decimal comma in numbers and times (``1.5`` → ``1,5``; ``00:25.8`` → ``00:25,8``).

Reportlab paragraphs would break a line at U+202F; :mod:`cardgen.render.narrow_space` stops
that, so the narrow space is safe in every drawing path.

Left untouched: code spans, Jinja (``{{ … }}``, ``{% … %}``), placeholders (``{n}``,
``%(name)s``), card icons (``[[hit]]``), Markdown link targets, URLs, and reportlab markup tags
and entities (``<b>``, ``&amp;``), so the pass can run on Markdown or on paragraph markup.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable

NBSP = "\u00a0"
NNBSP = "\u202f"
MINUS = "\u2212"

_PROTECTED = re.compile(
    r"`+[^`]*`+"  # code spans
    r"|\{\{.*?\}\}|\{%.*?%\}"  # Jinja
    r"|\{[A-Za-z_][\w.]*\}"  # {name}
    r"|%\([A-Za-z_]\w*\)[sdif]"  # %(name)s
    r"|\[\[[^\]]*\]\]"  # card icons
    r"|\]\([^)]*\)"  # link targets
    r"|<[A-Za-z/!?][^<>]*>"  # paragraph markup tags
    r"|&(?:#\d+|#x[0-9a-fA-F]+|[A-Za-z]+);"  # entities
    r"|[a-z][a-z0-9+.-]*://\S+",  # bare URLs
    re.S,
)
_SPACES = f"[ \t{NBSP}{NNBSP}]"
_LETTER = r"[^\W\d_]"

# -- every language ---------------------------------------------------------------------------
_OPENING_SINGLE = re.compile(r"(?:(?<=^)|(?<=[*\s(\[{—–/\"“«" + NBSP + NNBSP + r"]))'(?=[^\W\d_])")
"""A ' that opens a quotation: at the start or after a space or an opening mark, before a letter
(a ' before a digit is an elision, as in ’90s)."""
_APOSTROPHE = re.compile(r"'")
_OPENING_DOUBLE = re.compile(r'(?:(?<=^)|(?<=[\s(\[{—–/' + NBSP + NNBSP + r']))"')
_MINUS = re.compile(r"(?<![\w.,)\]])-(?=\d)")
_UNITS = r"(?:mm|cm|m|km|ms|s|min|h|pt|px|in|%|°|€|\$|×|x)"
_NUMBER_UNIT = re.compile(rf"(?<=\d)[ \t]+(?={_UNITS}(?![^\W\d_]))")
_TIMES_NUMBER = re.compile(r"(?<=×)[ \t]+(?=\d)")
# "Game 1", "Attaque 7." — only when the number ends the phrase; "2 cards" binds the other way
_WORD_NUMBER = re.compile(rf"(?<={_LETTER})[ \t]+(?=\d{{1,3}}(?!\d|[.,:]\d|[ \t]+{_LETTER}))")
_NUMBER_WORD = re.compile(rf"(?<![\d.,:])(\d{{1,3}})[ \t]+(?={_LETTER})")
_INITIAL = re.compile(r"(?<![\w.])([A-Z]\.)[ \t]+(?=[A-Z])")
_CAPITALISED_RUN = re.compile(r"(?<![\w’'-])[A-Z][a-zà-ÿ]*(?:[ \t]+[A-Z][a-zà-ÿ]*)+(?![\w’'-])")
_SHORT_FIRST = re.compile(r"[A-Z][a-zà-ÿ]{1,5}")
_NAME_SECOND = re.compile(r"[A-Z][a-zà-ÿ]{2,11}")


def _tie_short_name(match: re.Match[str]) -> str:
    """A two-word name with a short first word ("Jasper Wentworth", "Magic Weapon") stays on one line;
    a longer run of capitalised words (a title: "Moon Ore Sharpening Stone") is left breakable."""
    words = match.group().split()
    if len(words) == 2 and _SHORT_FIRST.fullmatch(words[0]) and _NAME_SECOND.fullmatch(words[1]):
        return words[0] + NBSP + words[1]
    return match.group()

# -- French -----------------------------------------------------------------------------------
_BEFORE_HIGH = re.compile(rf"(?<=[^\s{NBSP}{NNBSP}]){_SPACES}*([;!?]+)")
_BEFORE_HIGH_SPACED = re.compile(rf"{_SPACES}+([;!?]+)")
_BEFORE_COLON = re.compile(rf"(?<=[^\s{NBSP}{NNBSP}:\d]){_SPACES}*:(?=\s|$|[*_»)\]])")
_BEFORE_COLON_SPACED = re.compile(rf"{_SPACES}+:(?=\s|$|[*_»)\]])")
_OPEN_QUOTE = re.compile(rf"«{_SPACES}*")
_CLOSE_QUOTE = re.compile(rf"{_SPACES}*»")
_DECIMAL_POINT = re.compile(r"(?<![\w.])(\d+)\.(\d+)(?![\d.]|\.\d)")  # not in v1.2 or 1.2.3


def _common(segment: str, *, opening: str, closing: str) -> str:
    segment = _OPENING_SINGLE.sub("‘", segment)
    segment = _APOSTROPHE.sub("’", segment)
    segment = _OPENING_DOUBLE.sub(opening, segment)
    segment = segment.replace('"', closing)
    segment = _MINUS.sub(MINUS, segment)
    segment = _NUMBER_UNIT.sub(NBSP, segment)
    segment = _TIMES_NUMBER.sub(NBSP, segment)
    segment = _WORD_NUMBER.sub(NBSP, segment)
    segment = _NUMBER_WORD.sub(r"\1" + NBSP, segment)
    segment = _INITIAL.sub(r"\1" + NBSP, segment)
    segment = _CAPITALISED_RUN.sub(_tie_short_name, segment)
    return segment


def _english(segment: str, *, at_start: bool) -> str:
    return _common(segment, opening="“", closing="”")


def _french(segment: str, *, at_start: bool) -> str:
    segment = _common(segment, opening="«", closing="»")
    segment = _DECIMAL_POINT.sub(r"\1,\2", segment)
    segment = _OPEN_QUOTE.sub("«" + NBSP, segment)
    segment = _CLOSE_QUOTE.sub(NBSP + "»", segment)
    segment = _BEFORE_HIGH.sub(NNBSP + r"\1", segment)
    segment = _BEFORE_COLON.sub(NBSP + ":", segment)
    if not at_start:
        # a mark right at the start of a segment follows protected text (a code span, a value, a tag)
        segment = _BEFORE_HIGH_SPACED.sub(NNBSP + r"\1", segment)
        segment = _BEFORE_COLON_SPACED.sub(NBSP + ":", segment)
        segment = re.sub(r"^([;!?])", NNBSP + r"\1", segment)
        segment = re.sub(r"^:(?=\s|$)", NBSP + ":", segment)
    return segment


def _apply_outside_protected(text: str, rule: Callable[..., str]) -> str:
    out: list[str] = []
    position = 0
    for match in _PROTECTED.finditer(text):
        out.append(rule(text[position:match.start()], at_start=position == 0))
        out.append(match.group(0))
        position = match.end()
    out.append(rule(text[position:], at_start=position == 0))
    return "".join(out)


def base_language(language: str) -> str:
    """``fr`` for ``fr``, ``fr_CA`` or ``fr-BE``."""
    return language.split("_")[0].split("-")[0].lower()


RULED_LANGUAGES = ("en", "fr")
"""Languages the pass has rules for; any other is set with the English rules (see :func:`missing_rules`)."""


def missing_rules(language: str) -> str | None:
    """What a translator into ``language`` should know when the pass has no rules for it (None when it has)."""
    base = base_language(language)
    if base in RULED_LANGUAGES:
        return None
    return (f"cardgen has no typography rules for '{base}': its text is set with the English ones (straight "
            "quotes become “ ”, ' becomes ’, a decimal point stays a point, no space is added before : ; ! ?); "
            "type your language's quotation marks (such as „ “ or « »), decimal commas and spaces yourself")


def apply_typography(text: str, language: str) -> str:
    """``text`` set with the typography of ``language`` (French rules for ``fr``, English otherwise:
    :func:`missing_rules` says so to the translator)."""
    if not text:
        return text
    return _typeset(text, base_language(language) == "fr")


@functools.lru_cache(maxsize=65_536)
def _typeset(text: str, french: bool) -> str:
    """The pass itself, remembered: a deck draws the same labels, credits and names on many cards."""
    return _apply_outside_protected(text, _french if french else _english)


def lining_figures(markup: str, face: str) -> str:
    """Paragraph ``markup`` with each run of digits set in ``face`` (a font with lining figures).

    Vollkorn's default figures are old-style (a 1 reads like a small-capital I in "Game 1"); its
    lining figures sit behind an OpenType feature reportlab cannot switch on, so headings borrow
    the digits of a lining face instead. Tags and entities are left alone.
    """
    out: list[str] = []
    position = 0
    for match in re.finditer(r"<[^<>]*>|&[#\w]+;", markup):
        out.append(re.sub(r"\d+(?:[.,:]\d+)*", lambda m: f'<font name="{face}">{m.group(0)}</font>',
                          markup[position:match.start()]))
        out.append(match.group(0))
        position = match.end()
    out.append(re.sub(r"\d+(?:[.,:]\d+)*", lambda m: f'<font name="{face}">{m.group(0)}</font>', markup[position:]))
    return "".join(out)
