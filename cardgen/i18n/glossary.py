"""A language's glossary of game terms, and the check that a catalog keeps to it.

A glossary is a Markdown table — ``| English | French | Why |`` — one row per game term. The
project's own decks share ``docs/glossary-<lang>.md``, one section per deck (its heading names
the deck folder, e.g. ``decks/falling``); any deck may carry its own
``locale/glossary-<lang>.md`` instead (the whole file applies to it).

A capitalised English term (a card, a card type, a game term the rules capitalise) is checked:
wherever it appears in an English string, the translation must use the chosen word (any of the
forms given, separated by ``/``; a plural ``s``/``x`` is allowed; the first letter may be either
case). A term at the very start of a sentence is skipped, since "Hit the ground" is not the card
Hit. Lowercase rows document the wording and are not checked.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from cardgen.errors import I18nError
from cardgen.loading.deck_loader import display_path
from cardgen.model.deck import DeckSpec

MAX_GLOSSARY_BYTES = 256 * 1024
MAX_TERMS = 500


@dataclass(frozen=True)
class Term:
    english: str
    forms: tuple[str, ...]
    path: Path
    line: int

    @property
    def checked(self) -> bool:
        return self.english[:1].isupper()

    def english_pattern(self) -> re.Pattern[str]:
        return _english_pattern(self.english)

    def found_in(self, translation: str) -> bool:
        for form in self.forms:
            first, rest = form[:1], re.escape(form[1:])
            pattern = rf"(?<![\w-])[{first.lower()}{first.upper()}]{rest}(?:s|x)?(?![\w-])"
            if re.search(pattern, translation):
                return True
        return False


@cache
def _english_pattern(english: str) -> re.Pattern[str]:
    """Where a term is written in an English string (built once per term, not once per string)."""
    return re.compile(rf"(?<![\w-]){re.escape(english)}s?(?![\w-])")


_ROW = re.compile(r"^\|(.+)\|\s*$")


def _cells(line: str) -> list[str]:
    return [cell.strip() for cell in line.strip().strip("|").split("|")]


def _clean(cell: str) -> str:
    return re.sub(r"[*_`]", "", cell).strip()


def parse_glossary(text: str, path: Path, *, section: str | None = None) -> list[Term]:
    """The terms of a glossary file (only those under the heading mentioning ``section``, if given)."""
    terms: list[Term] = []
    inside = section is None
    for number, line in enumerate(text.splitlines(), start=1):
        if line.startswith("#"):
            if section is not None:
                inside = f"`{section}`" in line
            continue
        if not inside or not _ROW.match(line):
            continue
        cells = _cells(line)
        if len(cells) < 2 or set(cells[0]) <= set("-: ") or _clean(cells[0]).lower() == "english":
            continue
        english = _clean(cells[0])
        forms = tuple(form for form in (_clean(f) for f in re.split(r"\s/\s", cells[1])) if form)
        if english and forms:
            terms.append(Term(english, forms, path, number))
            if len(terms) > MAX_TERMS:
                raise I18nError(f"more than {MAX_TERMS} glossary terms", path=display_path(path), line=number)
    return terms


def glossary_files(deck: DeckSpec, language: str) -> list[tuple[Path, str | None]]:
    """Where ``deck``'s glossary for ``language`` is: its own file, else its section of the project's."""
    own = deck.folder / "locale" / f"glossary-{language}.md"
    if own.is_file():
        return [(own, None)]
    project = deck.folder.parent.parent / "docs" / f"glossary-{language}.md"
    if project.is_file():
        return [(project, f"{deck.folder.parent.name}/{deck.folder.name}")]
    return []


def load_glossary(deck: DeckSpec, language: str) -> list[Term]:
    terms: list[Term] = []
    for path, section in glossary_files(deck, language):
        if path.stat().st_size > MAX_GLOSSARY_BYTES:
            raise I18nError(f"glossary larger than {MAX_GLOSSARY_BYTES // 1024} KiB", path=display_path(path))
        terms += parse_glossary(path.read_text(encoding="utf-8"), path, section=section)
    return terms


_SENTENCE_START = re.compile(r"(?:^|[.!?:]\s+)$")


def _uses_term(term: Term, english: str) -> bool:
    if english.strip() == term.english or english.strip() == term.english + "s":
        return True
    for match in term.english_pattern().finditer(english):
        if not _SENTENCE_START.search(english[:match.start()]):
            return True
    return False


def glossary_problem(term: Term, english: str, translation: str) -> str | None:
    """Why ``translation`` breaks the glossary for ``term`` (None when it keeps to it)."""
    if not term.checked or not _uses_term(term, english):
        return None
    if term.found_in(translation):
        return None
    chosen = " / ".join(f"'{form}'" for form in term.forms)
    return (f"glossary: '{term.english}' is translated {chosen} (see {display_path(term.path)}:{term.line}), "
            "but this translation does not use it")
