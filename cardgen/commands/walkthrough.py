"""``cardgen walkthrough DECK --lang fr [--players 4] [--seed N] [--format pdf|html|png|gif] -o FILE``."""

from __future__ import annotations

from pathlib import Path

import click

from cardgen.build import translator_for
from cardgen.buildable import check_buildable
from cardgen.commands import console
from cardgen.commands.options import (
    OutputPath,
    deck_argument,
    file_path,
    folder_path,
    paper_option,
)
from cardgen.errors import DeckError
from cardgen.loading import load_deck
from cardgen.loading.deck_loader import display_path
from cardgen.output import remove_stale_temps, staged_folder
from cardgen.walkthrough.registry import (
    WalkthroughOptions,
    find_walkthrough,
    known_games,
)


@click.command("walkthrough")
@deck_argument
@click.option("--lang", default="en", show_default=True, help="Language of the handout (a catalog in locale/, or en).")
@click.option("--players", type=click.IntRange(2, 10), default=None, help="Players at the table (the game's default if not given).")
@click.option("--seed", type=click.IntRange(0), default=None,
              help="Start the search for a good game at this seed (the same seed gives the same handout).")
@paper_option
@click.option("--format", "image_format", type=click.Choice(["pdf", "html", "png", "gif"], case_sensitive=False),
              default="pdf", show_default=True,
              help="pdf: the printed handout; html: one self-contained page to step through or play; "
                   "png: one image per frame; gif: one animation per game, for slides or chat.")
@click.option("--allow-untranslated", is_flag=True, help="Use English for strings the catalog lacks, and say how many.")
@click.option("-o", "--output", "--out", "output", type=OutputPath(path_type=Path), default=None,
              help="PDF or HTML file to write (.pdf or .html added when the name has no ending), or the folder for --format png or gif "
                   "(default: output/<deck>/walkthrough-<lang>.pdf, .html, or output/<deck>/walkthrough-<lang>/).")
def command(deck_dir: Path, lang: str, players: int | None, seed: int | None, paper: str, image_format: str,
            allow_untranslated: bool, output: Path | None) -> None:
    """Write an illustrated, step-by-step teaching walkthrough of DECK_DIR's game."""
    if output is not None:
        output = _output(output, image_format.lower())
    deck = load_deck(deck_dir)
    writer = find_walkthrough(deck.game)
    if deck.game is None:
        raise DeckError("this deck names no game, and a walkthrough plays the deck's game", path=display_path(deck.file),
                        field="game", hint="add a 'game:' line to deck.yaml; games with a walkthrough: "
                        + ", ".join(known_games()))
    if writer is None:
        raise DeckError(f"no walkthrough for game '{deck.game}'", path=display_path(deck.file), field="game",
                        hint="games with a walkthrough: " + ", ".join(known_games()))
    check_buildable(deck, languages=[lang], paper=None, allow_untranslated=allow_untranslated, rulebook=False)
    notes: list[str] = []
    translate = translator_for(deck, lang, allow_untranslated=allow_untranslated, notes=notes)
    suffix = {"pdf": ".pdf", "html": ".html"}.get(image_format, "")
    default = Path("output") / deck.deck / f"walkthrough-{lang}{suffix}"
    options = WalkthroughOptions(players=players, seed=seed, paper=paper, image_format=image_format)  # type: ignore[arg-type]
    target = output or default
    if image_format in ("png", "gif"):  # a set of files: written into a staging folder inside, moved in together
        remove_stale_temps(target)
        with staged_folder(target, "cardgen-walkthrough") as stage:
            result = writer(deck, stage, translate=translate, language=lang, options=options)
        result.files = [target / path.relative_to(stage) for path in result.files]
    else:
        result = writer(deck, target, translate=translate, language=lang, options=options)
    for note in notes + result.notes + [f"text cut: {cut}" for cut in result.cut_text]:
        console.note(note)
    if image_format in ("png", "gif"):
        folder = (output or default)
        what = "frames" if image_format == "png" else "animation" if len(result.files) == 1 else "animations"
        console.say(f"wrote {len(result.files)} {what} to {display_path(folder)}")
    else:
        for path in result.files:
            console.say(f"wrote {display_path(path)}")


def _output(output: Path, image_format: str) -> Path:
    """``-o`` as the format needs it: a PDF or HTML file (the ending added when missing, a contradicting one
    refused), or for png and gif a folder (a name ending like a file's is refused)."""
    try:
        if image_format == "pdf":
            return file_path(output, (".pdf",), what="a PDF file")
        if image_format == "html":
            return file_path(output, (".html", ".htm"), what="an HTML page")
        return folder_path(output, writes=f"a folder of {'frames' if image_format == 'png' else 'animations'} "
                                          f"with --format {image_format}")
    except click.BadParameter as error:
        error.param_hint = "-o"
        raise
