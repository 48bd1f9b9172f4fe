"""What a translation must keep from its source: placeholders and markup.

Placeholders are ``{name}`` (Python format), ``%(name)s`` (printf style) and Jinja values
``{{ count.hit }}``. Markup is **bold**, *italic*, `code` (whose text must stay the same: it
names options and values), links and card icons ``[[hit]]``. :func:`differences` lists what a
translation lost or added, in words a translator understands.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from functools import lru_cache

from markdown_it import MarkdownIt

_JINJA = re.compile(r"\{\{\s*(.*?)\s*\}\}|\{%\s*(.*?)\s*%\}", re.S)
_BRACE = re.compile(r"(?<!\{)\{([A-Za-z_][\w.]*(?:![rsa])?(?::[^{}]*)?)?\}(?!\})")
_PRINTF = re.compile(r"%(?:\(([A-Za-z_]\w*)\))?[sdif]")
_CARD = re.compile(r"\[\[([^\[\]]+)\]\]")
_md = MarkdownIt("commonmark", {"html": False})


@dataclass(frozen=True)
class Signature:
    placeholders: Counter[str]
    markup: Counter[str]


_MAY_BE_MARKUP = re.compile(r"[\n\\`*_\[!<&]")
"""The characters at which a CommonMark inline rule (without HTML) can start: line breaks, escapes,
code, emphasis, links and images, autolinks, entities. A text without any is one plain text token."""


def _inline_markup(text: str) -> tuple[Counter[str], str]:
    """Markup counted from the Markdown inline tokens, and the plain text left over."""
    if not _MAY_BE_MARKUP.search(text):  # most strings: no need to parse them (markdown-it: ~0.2 ms each)
        return Counter(), text
    return _parsed_markup(text)


def _parsed_markup(text: str) -> tuple[Counter[str], str]:
    """:func:`_inline_markup` by parsing ``text`` with markdown-it."""
    markup: Counter[str] = Counter()
    plain: list[str] = []
    tokens = _md.parseInline(text)
    children = (tokens[0].children or []) if tokens else []
    for token in children:
        kind = token.type
        if kind == "strong_open":
            markup["**bold**"] += 1
        elif kind == "em_open":
            markup["*italic*"] += 1
        elif kind == "code_inline":
            markup[f"`{token.content}`"] += 1
        elif kind == "link_open":
            markup[f"link to {token.attrs.get('href', '')}"] += 1
        elif kind == "hardbreak":
            markup["line break"] += 1
        elif kind == "text":
            plain.append(token.content)
        elif kind in ("softbreak",):
            plain.append(" ")
    return markup, "".join(plain)


def signature(text: str) -> Signature:
    """The placeholders and markup of ``text`` (a copy the caller may change)."""
    found = _signature(text)
    return Signature(Counter(found.placeholders), Counter(found.markup))


@lru_cache(maxsize=4096)
def _signature(text: str) -> Signature:
    """Worked out once per string: a deck's English is read both when its strings are extracted and
    when its catalogs are checked against them."""
    placeholders: Counter[str] = Counter()
    for match in _JINJA.finditer(text):
        inner = re.sub(r"\s+", " ", (match.group(1) or match.group(2) or "").strip())
        placeholders["{{ " + inner + " }}" if match.group(1) is not None else "{% " + inner + " %}"] += 1
    rest = _JINJA.sub("value", text)  # a word, so **{{ x }}** still reads as bold
    markup, plain = _inline_markup(rest)
    for match in _CARD.finditer(plain):
        markup[f"[[{match.group(1)}]]"] += 1
    plain = _CARD.sub(" ", plain)
    for match in _BRACE.finditer(plain):
        placeholders["{" + (match.group(1) or "") + "}"] += 1
    for match in _PRINTF.finditer(plain):
        placeholders[match.group(0)] += 1
    return Signature(placeholders, markup)


def _times(count: int) -> str:
    return f"{count}×"


def _placeholder_problems(source: Counter[str], translation: Counter[str]) -> list[str]:
    """Placeholders must be the same set; how often each appears is the translator's choice.

    A value named twice in English may be named once and then referred to by a pronoun, or
    repeated where the language needs it — as ``msgfmt -c`` accepts (it compares names only).
    """
    problems = [f"placeholder {item} of the source is missing from the translation"
                for item in sorted(source) if item not in translation]
    problems += [f"placeholder {item} is not in the source" for item in sorted(translation) if item not in source]
    return problems


def _markup_problems(source: Counter[str], translation: Counter[str]) -> list[str]:
    """Markup must match in kind and number (each **bold** of the English has its own)."""
    problems = []
    for item in sorted(source | translation):
        have, want = translation[item], source[item]
        if have == want:
            continue
        if not have:
            problems.append(f"markup {item} of the source is missing from the translation")
        elif not want:
            problems.append(f"markup {item} is not in the source")
        else:
            problems.append(f"markup {item} appears {_times(have)} in the translation, {_times(want)} in the source")
    return problems


def differences(source: str, translation: str) -> list[str]:
    """Problems of ``translation`` against ``source`` (empty when placeholders and markup match)."""
    a, b = _signature(source), _signature(translation)  # read only: no copies
    return _placeholder_problems(a.placeholders, b.placeholders) + _markup_problems(a.markup, b.markup)


def format_flags(source: str) -> set[str]:
    """gettext flags for PO tools that check placeholders themselves."""
    sig = _signature(source)  # read only: no copy
    flags = set()
    if any(p.startswith("{") and not p.startswith(("{{", "{%")) for p in sig.placeholders):
        flags.add("python-brace-format")
    if any(p.startswith("%") for p in sig.placeholders):
        flags.add("python-format")
    return flags
