"""``cardgen i18n extract|init|update|check``: the translator's workflow for a deck's catalogs."""

from __future__ import annotations

from pathlib import Path

import click

from cardgen.commands import console
from cardgen.commands.options import deck_argument
from cardgen.errors import CardgenError, I18nError
from cardgen.i18n import catalogs
from cardgen.i18n.checks import check_catalog
from cardgen.i18n.messages import extract_messages
from cardgen.loading import load_deck
from cardgen.loading.deck_loader import display_path


@click.group("i18n")
def command() -> None:
    """Translate a deck: card text, rulebook and diagram labels, one PO file per language.

    \b
    cardgen i18n extract DECK        write locale/<deck>.pot (every English string)
    cardgen i18n init DECK LANG      start locale/LANG.po
    cardgen i18n update DECK         bring every locale/*.po up to date (changed English → fuzzy)
    cardgen i18n check DECK [LANG]   what is translated, fuzzy, missing or broken (exit 1 on any)
    """


@command.command("extract")
@deck_argument
def extract(deck_dir: Path) -> None:
    """Write the template of DECK_DIR's strings (locale/<deck>.pot)."""
    deck = load_deck(deck_dir)
    path, count = catalogs.extract(deck)
    console.say(f"wrote {display_path(path)}: {count} strings")


def _language(ctx: click.Context, param: click.Parameter, value: str | None) -> str | None:
    if value is None:
        return None
    try:
        catalogs.check_language(value)
    except I18nError as error:
        raise click.BadParameter(f"{error.message} — {error.hint}") from None
    return value


@command.command("init")
@deck_argument
@click.argument("language", callback=_language)
def init(deck_dir: Path, language: str) -> None:
    """Start the catalog of LANGUAGE (e.g. de) for DECK_DIR, every string untranslated."""
    deck = load_deck(deck_dir)
    path, count = catalogs.init(deck, language)
    console.say(f"wrote {display_path(path)}: {count} strings to translate")
    from cardgen.i18n.typography import missing_rules

    if missing_rules(language):
        console.note(missing_rules(language))
    console.say(f"next: translate it (Poedit, Lokalize, any text editor), then run "
               f"'cardgen i18n check {display_path(deck.folder)} {language}'")


@command.command("update")
@deck_argument
def update(deck_dir: Path) -> None:
    """Re-extract DECK_DIR's strings and update every catalog, keeping translations."""
    deck = load_deck(deck_dir)
    results = catalogs.update(deck)
    console.say(f"template: {display_path(catalogs.template_path(deck))}")
    if not results:
        console.say(f"no catalogs yet: start one with 'cardgen i18n init {display_path(deck.folder)} LANG'")
    for result in results:
        state = ("reformatted (gettext's line wrapping; no entry changed)" if result.reformatted
                 else "updated" if result.written else "unchanged")
        console.say(f"{result.language}: {state} — {result.kept} kept, {result.fuzzy} fuzzy (English changed), "
                   f"{result.new} new, {result.obsolete} obsolete — {display_path(result.path)}")


@command.command("check")
@deck_argument
@click.argument("language", required=False, callback=_language)
def check(deck_dir: Path, language: str | None) -> None:
    """Report, per language, translated %, fuzzy, missing, and broken placeholders or markup.

    Each problem is one line, 'file:line: context: problem'. Exits 1 if there is any.
    """
    deck = load_deck(deck_dir)
    languages = [language] if language else catalogs.catalog_languages(deck)
    if not languages:
        click.echo(f"no catalogs in {display_path(catalogs.locale_dir(deck))}/ "
                   f"(start one with 'cardgen i18n init {display_path(deck.folder)} LANG')")
        return
    messages = extract_messages(deck)
    failed = False
    for lang in languages:
        try:
            report = check_catalog(deck, lang, messages=messages)
        except CardgenError as error:
            click.echo(f"{lang}: {error.format()}")
            failed = True
            continue
        click.echo(report.summary())
        for problem in [*report.problems, *report.glossary, *report.warnings]:
            click.echo(problem.format())
        if report.typography_note:
            click.echo(f"note: {report.typography_note}")
        failed = failed or not report.ok
    if failed:
        raise click.exceptions.Exit(1)
