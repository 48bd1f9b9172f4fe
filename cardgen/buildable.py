"""Every check ``build`` depends on, run before anything is written — and by ``validate``.

``cardgen validate`` passing means ``cardgen build`` succeeds on the same deck: both call
:func:`check_buildable`, which loads every layout, checks each language (a known code, a catalog
that parses and covers the deck), that a card fits the paper, and that the rulebook's text
renders (its Jinja values, card names, directives) in every language. Art files are decoded
and SVGs parsed when the deck loads.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from cardgen.errors import CardgenError, DeckError, ProblemList
from cardgen.layout.sizes import PAPER_SIZES
from cardgen.model.deck import DeckSpec

if TYPE_CHECKING:
    from cardgen.render.card_renderer import Translate


@dataclass
class Checked:
    """What the checks made on the way, for the build to reuse: a translator and notes per language."""

    translators: dict[str, Translate] = field(default_factory=dict)
    notes: dict[str, list[str]] = field(default_factory=dict)


def deck_error(deck: DeckSpec, key: tuple[str | int, ...], message: str, *, hint: str | None = None) -> DeckError:
    """An error at the position of ``key`` in the deck file (or its nearest located parent)."""
    probe = tuple(key)
    line = col = None
    while probe:
        if probe in deck._positions:
            line, col = deck._positions[probe]
            break
        probe = probe[:-1]
    field = ".".join(str(k) if not isinstance(k, int) else f"[{k}]" for k in key).replace(".[", "[")
    return DeckError(message, path=deck.file, line=line, col=col, field=field or None, hint=hint)


def check_paper(deck: DeckSpec, paper: str) -> None:
    """The card, with its bleed, fits at least once on ``paper``."""
    from cardgen.layout.imposition import grid
    from cardgen.layout.units import format_mm

    size = deck.print.size
    try:
        grid(PAPER_SIZES[paper], size, deck.print.bleed)
    except ValueError:
        raise deck_error(deck, ("print", "card"),
                         f"a {format_mm(size.width_pt)} × {format_mm(size.height_pt)} card does not fit on {paper} paper",
                         hint="use a larger --paper or a smaller card") from None


def check_languages(deck: DeckSpec, languages: list[str] | None, *, allow_untranslated: bool = False,
                    translators: dict[str, Translate] | None = None,
                    notes: dict[str, list[str]] | None = None) -> list[CardgenError]:
    """Each language is a known code with a usable catalog (English needs none).

    The translators made on the way are stored in ``translators`` by language, with what the user
    should know about each (strings left in English) in ``notes``.
    """
    from cardgen.i18n.translator import translator_for

    problems: list[CardgenError] = []
    translators = translators if translators is not None else {}
    for index, language in enumerate(languages or deck.languages):
        try:
            if language != "en":  # the source language: known, and it needs no catalog (nor Babel)
                from cardgen.i18n.catalogs import check_language

                check_language(language)
        except CardgenError as error:
            key: tuple[str | int, ...] = ("languages", index) if languages is None else ()
            problems.append(deck_error(deck, key, error.message, hint=error.hint) if key else error)
            continue
        try:
            heard: list[str] = []
            translators[language] = translator_for(deck, language, allow_untranslated=allow_untranslated, notes=heard)
            if notes is not None:
                notes[language] = heard
        except CardgenError as error:
            problems.extend(error.problems)
    return problems


def check_rulebook(deck: DeckSpec, translators: dict[str, Translate], *, paper: str) -> None:
    """The rulebook's text renders in each language (without typesetting it or drawing its diagrams;
    nothing is written): :func:`cardgen.rulebook.builder.check_story`."""
    from cardgen.i18n.messages import rulebook_path

    if not rulebook_path(deck).exists() and not rulebook_path(deck).is_symlink():
        return
    from cardgen.rulebook.builder import check_story

    for language, translate in translators.items():
        check_story(deck, translate=translate, language=language, paper=paper)


def check_buildable(deck: DeckSpec, *, languages: list[str] | None = None, paper: str | None = "a4",
                    allow_untranslated: bool = False, rulebook: bool = True, walkthrough: bool = True) -> Checked:
    """Raise a :class:`CardgenError` (all problems found) unless every product of ``deck`` can be built.

    ``paper=None`` skips the imposition check (a rulebook or single-card output); ``rulebook=False``
    skips the rulebook, ``walkthrough=False`` the files a game's walkthrough reads.
    """
    from cardgen.loading.deck_loader import load_deck_layouts

    load_deck_layouts(deck)
    checked = Checked()
    translators = checked.translators
    problems = check_languages(deck, languages, allow_untranslated=allow_untranslated, translators=translators,
                               notes=checked.notes)
    if paper is not None:
        try:
            check_paper(deck, paper)
        except CardgenError as error:
            problems.extend(error.problems)
    if walkthrough and not problems:
        from cardgen.walkthrough.registry import find_walkthrough_check

        check = find_walkthrough_check(deck.game)
        if check is not None:
            try:
                check(deck)
            except CardgenError as error:
                problems.extend(error.problems)
    if rulebook and not problems:
        try:
            check_rulebook(deck, translators, paper=paper or "a4")
        except CardgenError as error:
            problems.extend(error.problems)
    if len(problems) == 1:
        raise problems[0]
    if problems:
        raise ProblemList(f"{len(problems)} problems", items=problems)
    return checked
