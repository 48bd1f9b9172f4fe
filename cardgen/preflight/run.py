"""Running every preflight rule over a deck, in each language, paper and sheet layout."""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace

from cardgen.color import DEFAULT_INK_LIMIT
from cardgen.layout.imposition import PRINTER_MARGIN
from cardgen.model.deck import DeckSpec
from cardgen.preflight.art import svg_filter_notes
from cardgen.preflight.colours import (
    check_colours,
    print_colour_notes,
    print_transparency_notes,
)
from cardgen.preflight.faces import Face, quoted_snippet, check_faces, draw_faces
from cardgen.preflight.measure import Ink
from cardgen.preflight.problems import Problem, element_source
from cardgen.preflight.sheets import check_sheets
from cardgen.render.card_renderer import CardRenderer
from cardgen.render.sheets import SheetOptions, sheet_text

PAPERS = ("a4", "letter")
LAYOUTS = ("duplex", "gutterfold", "single")
CARD_MIN_SIZE = 6.5
"""Smallest text on a card, in points (handouts and rulebooks: 8 pt)."""


@dataclass(frozen=True)
class PreflightOptions:
    """What to check a deck for: its languages, papers and sheet layouts, and the printer's limits."""

    languages: tuple[str, ...] = ()
    """Empty: every language of the deck."""
    papers: tuple[str, ...] = PAPERS
    layouts: tuple[str, ...] = LAYOUTS
    printer_margin: float = PRINTER_MARGIN
    min_card_size: float = CARD_MIN_SIZE
    allow_untranslated: bool = False
    """Draw missing translations in English (and report them as untranslated) instead of failing."""
    butted: bool = False
    """Sheets with the cards edge to edge (``--butted``): no gutter is asked of them."""
    crop_marks: bool = True
    print_notes: bool = True
    """Also note key colours that move more than ΔE 10 in CMYK (informational: never a problem)."""
    ink_limit: int = DEFAULT_INK_LIMIT
    """Total ink of the print condition those notes are about (bundled CGATS TR 001 profile)."""


@dataclass
class PreflightResult:
    """What a preflight found: the problems it reports, the faces it measured and its notes."""

    problems: list[Problem]
    faces: dict[str, list[Face]]
    """Language → the faces drawn (for the proof report)."""
    detailed: list[Problem]
    """Every finding on every face, before folding (the proof report outlines each)."""
    notes: list[Problem] = field(default_factory=list)
    """Informational findings (``print-colour``, ``print-transparency``, ``svg-filter``): shown with ``note:``, not counted by
    ``--strict``."""


def preflight_deck(deck: DeckSpec, options: PreflightOptions = PreflightOptions(),
                   drawn: Mapping[str, tuple[list[Face], CardRenderer]] | None = None) -> PreflightResult:
    """Every rule over ``deck``; problems on many cards are folded into one line each.

    ``drawn`` holds, per language, faces already measured while the sheets drew them
    (:class:`~cardgen.preflight.faces.SheetFaceWatch`) and their renderer: those are not drawn again.
    """
    from cardgen.i18n.translator import translator_for

    problems: list[Problem] = list(check_colours(deck))
    faces_by_language: dict[str, list[Face]] = {}
    english: list[Face] | None = None
    for language in options.languages or tuple(deck.languages):
        translate = translator_for(deck, language, allow_untranslated=options.allow_untranslated)
        faces, renderer = (drawn or {}).get(language) or draw_faces(deck, language=language, translate=translate)
        faces_by_language[language] = faces
        problems.extend(check_faces(deck, faces, renderer, language=language, min_size=options.min_card_size))
        if language == "en":
            english = faces
        else:
            if english is None:
                english, _ = draw_faces(deck)
            problems.extend(check_untranslated(deck, english, faces, language))
        title = translate("deck:title", deck.title)
        for paper in options.papers:
            for layout in options.layouts:
                sheet_options = SheetOptions(paper=paper, layout=layout, printer_margin=options.printer_margin,  # type: ignore[arg-type]
                                             butted=options.butted, crop_marks=options.crop_marks)
                label = sheet_text(translate, "sheet:label.fronts", title=title, number=99, count=99)
                problems.extend(check_sheets(deck, sheet_options, language=language, label=label,
                                             fold_label=sheet_text(translate, "sheet:fold"),
                                             back_label=sheet_text(translate, "sheet:label.backs", title=title,
                                                                   number=99, count=99),
                                             min_size=options.min_card_size))
    notes = (print_colour_notes(deck, options.ink_limit) + print_transparency_notes(deck) + svg_filter_notes(deck)
             if options.print_notes else [])
    return PreflightResult(fold(problems), faces_by_language, problems, notes)


_COMMON_WORD = re.compile(r"\b[a-z]{3,}\b")


def check_untranslated(deck: DeckSpec, english: Sequence[Face], faces: Sequence[Face], language: str) -> list[Problem]:
    """Text drawn identically in English and in ``language`` that holds an ordinary English word.

    Names (capitalised words, numbers) may stay as they are; a lower-case word of three letters
    or more that did not change is English left in the other language.
    """
    before = {(face.key, ink.element, index): ink.text for face in english
              for index, ink in enumerate(i for i in face.ink if i.kind == "text")}
    problems = []
    for face in faces:
        for index, ink in enumerate(i for i in face.ink if i.kind == "text"):
            source = before.get((face.key, ink.element, index))
            if source is not None and source == ink.text and _COMMON_WORD.search(ink.text.replace("*", "")):
                problems.append(Problem("untranslated", f"{quoted_snippet(ink.text, 40)} is still in English",
                                        _text_source(deck, face, ink),
                                        card=face.card or face.key, language=language, element=ink.element or "",
                                        bbox=ink.bbox, face=face.key))
    return problems


def fold(problems: list[Problem], shown: int = 3) -> list[Problem]:
    """One line per problem: the same finding on many cards becomes one line naming them."""
    groups: dict[tuple[str, str, str, str, str], list[Problem]] = defaultdict(list)
    for problem in problems:
        groups[(problem.rule, problem.source, problem.element, problem.language, problem.message)].append(problem)
    out = []
    for group in groups.values():
        cards = list(dict.fromkeys(p.card for p in group if p.card))
        if len(cards) > 1:
            names = ", ".join(cards[:shown]) + (f" and {len(cards) - shown} more" if len(cards) > shown else "")
            out.append(replace(group[0], card=names))
        else:
            out.append(group[0])
    return out


def exit_code(problems: list[Problem], *, strict: bool) -> int:
    return 1 if strict and problems else 0


def _text_source(deck: DeckSpec, face: Face, ink: Ink) -> str:
    """The card's own entry for its name or text (where the words are written), else the layout element."""
    from cardgen.loading.deck_loader import load_deck_layouts
    from cardgen.preflight.problems import card_source

    layout = load_deck_layouts(deck).get(ink.layout or face.layout)
    element = layout.elements.get(ink.element or "") if layout else None
    if face.card and element is not None and element.field in ("name", "text"):
        return card_source(deck, face.card, element.field)
    return element_source(deck, ink.layout or face.layout, ink.element or "")
