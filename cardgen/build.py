"""Building a deck's products (card sheets, rulebooks, walkthroughs) into its output folder.

Each product is a function registered in :data:`PRODUCTS`; ``cardgen build`` runs all of them
for every language of the deck. Later features add their product here.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from cardgen.buildable import Checked, check_buildable
from cardgen.i18n.translator import translator_for, typeset_english  # noqa: F401  (the build's translators)
from cardgen.model.deck import DeckSpec
from cardgen.output import remove_stale_temps, staged_folder
from cardgen.render.card_renderer import Translate
from cardgen.render.sheets import Progress, SheetOptions, write_sheets


@dataclass
class BuildContext:
    """What every product builder gets: the deck, the language, its translator, options."""

    deck: DeckSpec
    language: str
    translate: Translate
    out_dir: Path
    paper: str = "a4"
    progress: Progress | None = None
    notes: list[str] = field(default_factory=list)
    theme: str = "default"
    guides: bool = False
    butted: bool = False
    """Card sheets with the cards edge to edge (``--butted``)."""
    selected: bool = False
    """The deck holds only the cards chosen with --cards."""


ProductBuilder = Callable[[BuildContext], Path | None]


def sheets_name(language: str, *, theme: str = "default", guides: bool = False, selected: bool = False,
                butted: bool = False) -> str:
    """``cards-en.pdf``; a theme, guides, --butted or --cards add to the name so the print-ready sheets
    (cards with a gutter) are never replaced."""
    extras = ([theme] if theme != "default" else []) + (["butted"] if butted else []) + \
        (["guides"] if guides else []) + (["selected"] if selected else [])
    return "-".join(["cards", language, *extras]) + ".pdf"


def build_card_sheets(ctx: BuildContext) -> Path:
    target = ctx.out_dir / sheets_name(ctx.language, theme=ctx.theme, guides=ctx.guides, selected=ctx.selected,
                                       butted=ctx.butted)
    write_sheets(ctx.deck, target, options=SheetOptions(paper=ctx.paper, theme=ctx.theme, guides=ctx.guides,
                                                        butted=ctx.butted),
                 translate=ctx.translate, language=ctx.language, progress=ctx.progress)
    return target


def build_rulebook(ctx: BuildContext) -> Path | None:
    """``rulebook-<lang>.pdf``, for decks that have a rulebook.md."""
    from cardgen.i18n.messages import rulebook_path
    from cardgen.rulebook.builder import write_rulebook

    if not rulebook_path(ctx.deck).is_file():
        return None
    target = ctx.out_dir / f"rulebook-{ctx.language}.pdf"
    write_rulebook(ctx.deck, target, translate=ctx.translate, language=ctx.language, paper=ctx.paper)
    return target


def build_walkthrough(ctx: BuildContext) -> Path | None:
    """``walkthrough-<lang>.pdf``, for decks whose game has a walkthrough writer."""
    from cardgen.walkthrough.registry import WalkthroughOptions, find_walkthrough

    writer = find_walkthrough(ctx.deck.game)
    if writer is None:
        return None
    target = ctx.out_dir / f"walkthrough-{ctx.language}.pdf"
    result = writer(ctx.deck, target, translate=ctx.translate, language=ctx.language,
                    options=WalkthroughOptions(paper=ctx.paper))
    ctx.notes.extend(result.notes + [f"{target.name}: text cut: {cut}" for cut in result.cut_text])
    return target


PRODUCTS: dict[str, ProductBuilder] = {
    "cards": build_card_sheets,
    "rulebook": build_rulebook,
    "walkthrough": build_walkthrough,
}


def build_deck(deck: DeckSpec, out_dir: Path, *, languages: list[str] | None = None, only: list[str] | None = None,
               paper: str = "a4", allow_untranslated: bool = False,
               progress: Progress | None = None, on_product: Callable[[Path], None] | None = None,
               on_note: Callable[[str], None] | None = None, theme: str = "default",
               guides: bool = False, selected: bool = False, butted: bool = False) -> list[Path]:
    """Build every product of ``deck`` in each language; returns the files written.

    Every check is made first (:func:`cardgen.buildable.check_buildable`, what ``validate``
    runs); the products are then written into a folder inside ``out_dir`` and moved into place
    together once all of them are done, so a failed build writes nothing. ``on_product``
    hears each file once it is in place. ``on_note`` hears what the user should know but is
    not an error (e.g. how many strings fell back to English with ``allow_untranslated``).
    """
    checked = check_buildable(deck, languages=languages, paper=paper, allow_untranslated=allow_untranslated,
                    rulebook=not only or "rulebook" in only, walkthrough=not only or "walkthrough" in only)
    remove_stale_temps(out_dir)
    with staged_folder(out_dir) as stage:
        staged = _build_into(deck, stage, languages=languages, only=only, paper=paper,
                             allow_untranslated=allow_untranslated, progress=progress, on_note=on_note, theme=theme,
                             guides=guides, checked=checked, selected=selected, butted=butted)
    written = [out_dir / path.name for path in staged]
    for path in written if on_product else ():
        on_product(path)
    return written


def _build_into(deck: DeckSpec, out_dir: Path, *, languages: list[str] | None, only: list[str] | None, paper: str,
                allow_untranslated: bool, progress: Progress | None, on_note: Callable[[str], None] | None,
                theme: str, guides: bool, checked: Checked, selected: bool = False,
                butted: bool = False) -> list[Path]:
    written: list[Path] = []
    for language in languages or deck.languages:
        notes: list[str] = list(checked.notes.get(language, []))
        translate = checked.translators.get(language) or translator_for(
            deck, language, allow_untranslated=allow_untranslated, notes=notes)
        for note in notes if on_note else ():
            on_note(note)
        ctx = BuildContext(deck=deck, language=language, translate=translate, out_dir=out_dir, paper=paper,
                           progress=progress, notes=notes, theme=theme, guides=guides,
                           selected=selected, butted=butted)
        for name, builder in PRODUCTS.items():
            if only and name not in only:
                continue
            path = builder(ctx)
            if path is not None:
                written.append(path)
    return written


def find_decks(root: Path) -> list[Path]:
    """Every deck folder (one holding deck.yaml) directly under ``root``."""
    if not root.is_dir():
        return []
    return sorted(p for p in root.iterdir() if (p / "deck.yaml").is_file())
