"""A language's glossary of game terms, and the check that a catalog keeps to it.

A glossary is a Markdown table — ``| English | French | Why |`` — one row per game term. The
project's own decks share ``docs/glossary-<lang>.md``, one section per deck (its heading names
the deck folder, e.g. ``decks/falling``); any deck may carry its own
``locale/glossary-<lang>.md`` instead (the whole file applies to it).

A capitalised English term (a card, a card type, a game term the rules capitalise) is checked
twice wherever it appears in an English string:

- the translation must use the chosen word (any of the forms given, separated by ``/``; a plural
  ``s``/``x`` is allowed). The first letter may be either case, except for a card's name written
  with a capital in the glossary: card names keep their capital in running text, so « le sol »
  (the floor) is not the card « Sol ». One use only is exempt: the term opening a sentence as a
  verb — singular and followed by a lowercase word, as in "Hit the ground last." ("Rider, laid
  sideways", "Riders laid: …", "Reach 1: …" and "Attack 7" after a colon are all checked);
- the English word itself must not be left in the translation (when no chosen form is that
  word), wherever the English has it — "Reach 1 : soigne 5." fails although it opens the string;
  words in quotation marks (« Full Damage », an original cited) are not counted.

Lowercase rows document the wording and are not checked.
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

    def found_in(self, translation: str, *, keep_case: bool = False) -> bool:
        """Whether ``translation`` uses one of the chosen forms (a capitalised form keeps its capital
        when ``keep_case``: a card's name)."""
        return any(pattern.search(translation) for pattern in _form_patterns(self.forms, keep_case))

    def left_in(self, translation: str) -> bool:
        """Whether the English word is still in ``translation``, outside quotation marks (a quoted
        original is fine); never when a chosen form is that word."""
        if any(form.lower() in (self.english.lower(), self.english.lower() + "s") for form in self.forms):
            return False
        return bool(self.english_pattern().search(_QUOTED.sub(" ", translation)))


@cache
def _form_patterns(forms: tuple[str, ...], keep_case: bool) -> tuple[re.Pattern[str], ...]:
    """Where each chosen form is written in a translation, with an optional plural ending (built once
    per term, not once per string)."""
    patterns = []
    for form in forms:
        first, rest = form[:1], re.escape(form[1:])
        initial = re.escape(first) if keep_case and first.isupper() else f"[{first.lower()}{first.upper()}]"
        patterns.append(re.compile(rf"(?<![\w-]){initial}{rest}(?:s|x)?(?![\w-])"))
    return tuple(patterns)


@cache
def _english_pattern(english: str) -> re.Pattern[str]:
    """Where a term is written in an English string (built once per term, not once per string)."""
    return re.compile(rf"(?<![\w-]){re.escape(english)}s?(?![\w-])")


_QUOTED = re.compile(r'«[^»]*»|“[^”]*”|„[^“”]*[“”]|"[^"]*"|‹[^›]*›')
"""Text quoted in a translation (« Full Damage »): an original cited, not English left by mistake."""

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


@dataclass(frozen=True)
class Glossary:
    """The terms that apply to one deck and language, and where they come from (said to the user)."""

    terms: list[Term]
    source: str
    """'docs/glossary-fr.md § decks/falling', or why there is none."""


def _project_glossary(deck: DeckSpec, language: str) -> tuple[Path, str] | None:
    """The nearest ``docs/glossary-<lang>.md`` above the deck, and the deck's section name in it
    (its folder relative to that project: ``decks/falling``)."""
    folder = deck.folder.resolve()
    for root in folder.parents:
        candidate = root / "docs" / f"glossary-{language}.md"
        if candidate.is_file():
            return candidate, folder.relative_to(root).as_posix()
    return None


def load_glossary(deck: DeckSpec, language: str) -> Glossary:
    """``deck``'s glossary for ``language``: its own ``locale/glossary-<lang>.md``, else its section of
    the nearest project glossary (``docs/glossary-<lang>.md`` in a folder above the deck)."""
    own = deck.folder / "locale" / f"glossary-{language}.md"
    found = (own, None) if own.is_file() else _project_glossary(deck, language)
    if found is None:
        return Glossary([], f"no glossary, game terms not checked (no {display_path(own)}, "
                            f"no docs/glossary-{language}.md above the deck)")
    path, section = found
    if path.stat().st_size > MAX_GLOSSARY_BYTES:
        raise I18nError(f"glossary larger than {MAX_GLOSSARY_BYTES // 1024} KiB", path=display_path(path))
    terms = parse_glossary(path.read_text(encoding="utf-8"), path, section=section)
    if not terms:
        why = f"no section `{section}`" if section else "no terms"
        return Glossary([], f"no glossary, game terms not checked ({display_path(path)} has {why})")
    where = f"{display_path(path)} § {section}" if section else str(display_path(path))
    return Glossary(terms, f"glossary {where}, {sum(term.checked for term in terms)} terms checked")


_SENTENCE_START = re.compile(r"(?:^|[.!?]\s+)$")
_VERB_AFTER = re.compile(r" [a-z{]")  # "Hit the ground", "Draw {count} cards"


def _uses_term(term: Term, english: str) -> bool:
    """Whether ``english`` uses ``term`` as the game term (not as a sentence's opening verb)."""
    for match in term.english_pattern().finditer(english):
        opening = _SENTENCE_START.search(english[:match.start()])
        singular = match.end() - match.start() == len(term.english)
        if opening and singular and _VERB_AFTER.match(english, match.end()):
            continue  # "Hit the ground last.": the verb, not the card
        return True
    return False


def glossary_problem(term: Term, english: str, translation: str, *, card_names: frozenset[str] = frozenset()) -> str | None:
    """Why ``translation`` breaks the glossary for ``term`` (None when it keeps to it).

    ``card_names`` are the deck's card names: those terms must keep a capitalised form's capital.
    """
    if term.english not in english or not term.checked or not term.english_pattern().search(english):
        return None  # (the pattern needs the term as written: most strings are ruled out by that test alone)
    if term.left_in(translation):
        problem = "the English word is left in this translation"
    elif _uses_term(term, english) and not term.found_in(translation, keep_case=term.english in card_names):
        problem = "this translation does not use it"
    else:
        return None
    chosen = " / ".join(f"'{form}'" for form in term.forms)
    return f"glossary: '{term.english}' is translated {chosen} (see {display_path(term.path)}:{term.line}), but {problem}"
