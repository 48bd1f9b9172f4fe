"""The translation function a build uses: (context, English) → text in the book's language."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from cardgen.errors import I18nError, ProblemList
from cardgen.i18n.plurals import PluralRule, english_form, plural_rule
from cardgen.i18n.typography import apply_typography

if TYPE_CHECKING:
    from cardgen.model.deck import DeckSpec

Translate = Callable[[str, str], str]
LISTED = 25
"""How many missing strings a failed build lists before saying how many more there are."""


def load_translator(deck: DeckSpec, language: str, *, allow_untranslated: bool = False,
                    notes: list[str] | None = None) -> Translate:
    """Translate with ``locale/<language>.po``, applying the language's typography.

    Raises :class:`I18nError` (a ``ProblemList`` naming each missing, fuzzy, broken or
    English-copied string, and each translation off the glossary — whatever ``i18n check``
    refuses) when the catalog does not cover every string the deck needs — unless
    ``allow_untranslated``: then untranslated strings stay in English, off-glossary ones are used
    as translated, and a note with their counts is added to ``notes``.
    """
    # the catalog machinery (Babel's PO reader, polib): not loaded for English
    from cardgen.i18n.catalogs import catalog_path, check_language
    from cardgen.i18n.checks import check_catalog
    from cardgen.i18n.messages import extract_messages
    from cardgen.loading.deck_loader import display_path

    check_language(language)
    path = catalog_path(deck, language)
    deck_dir = display_path(deck.folder)
    messages = extract_messages(deck)
    if not path.is_file():
        if not allow_untranslated:
            raise I18nError(f"no catalog for language '{language}'", path=display_path(path),
                            hint=f"start one with 'cardgen i18n init {deck_dir} {language}', "
                                 "or build with --allow-untranslated")
        if notes is not None:
            notes.append(f"{language}: no catalog; all {len(messages)} strings are in English")
        usable: dict[tuple[str, str], str] = {}
        plurals: dict[tuple[str, str], tuple[str, ...]] = {}
        rule = plural_rule("(n != 1)")  # no catalog: every counted string is English
    else:
        report = check_catalog(deck, language, messages=messages)
        usable, plurals, rule = report.usable, report.usable_plurals, report.plural_rule
        untranslated = report.total - report.translated
        off_glossary = len({problem.field for problem in report.glossary})
        if (untranslated or off_glossary) and not allow_untranslated:
            listed = [*report.problems, *report.glossary]
            items: list[I18nError] = listed[:LISTED]
            rest = len(listed) - len(items)
            counts = [f"{untranslated} of {report.total} strings are not ready"] if untranslated else []
            counts += [f"{off_glossary} off the glossary"] if off_glossary else []
            items.append(I18nError(
                f"{' and '.join(counts)} in '{language}'" + (f" ({rest} more not listed)" if rest > 0 else ""),
                path=display_path(path),
                hint=f"'cardgen i18n check {deck_dir} {language}' lists them all; "
                     "or build with --allow-untranslated to use English for untranslated strings"))
            raise ProblemList(f"catalog '{language}' is incomplete", items=items)
        if untranslated and notes is not None:
            notes.append(f"{language}: {untranslated} of {report.total} strings are not translated; "
                         "English is used for them")
        from cardgen.i18n.typography import missing_rules

        if missing_rules(language) and notes is not None:
            notes.append(f"{language}: {missing_rules(language)}")
        if off_glossary and notes is not None:
            strings = "1 translated string does" if off_glossary == 1 else f"{off_glossary} translated strings do"
            notes.append(f"{language}: {strings} not keep to the glossary; "
                         f"'cardgen i18n check {deck_dir} {language}' lists them")
    return CatalogTranslator(language, usable, plurals, rule)


class CatalogTranslator:
    """Text in a catalog's language: each usable translation with the language's typography; English
    (typeset) for the rest. Counted strings take the form the catalog's ``Plural-Forms`` picks."""

    def __init__(self, language: str, usable: dict[tuple[str, str], str],
                 plurals: dict[tuple[str, str], tuple[str, ...]], rule: PluralRule) -> None:
        self.language = language
        self._usable = usable
        self._plurals = plurals
        self._rule = rule
        self._cache: dict[tuple[str, str], str] = {}

    def __call__(self, context: str, source: str) -> str:
        key = (context, source)
        text = self._cache.get(key)
        if text is None:
            found = self._usable.get(key)
            text = apply_typography(found, self.language) if found is not None else apply_typography(source, "en")
            self._cache[key] = text
        return text

    def plural(self, context: str, singular: str, plural: str, n: int) -> str:
        """The form for ``n`` of the counted string whose English is ``singular``/``plural``."""
        forms = self._plurals.get((context, singular))
        if forms is None:
            return apply_typography(english_form(singular, plural, n), "en")
        index = self._rule(n)
        return apply_typography(forms[index] if 0 <= index < len(forms) else forms[-1], self.language)


class EnglishTranslator:
    """The English text as written, with the typography pass (curly quotes, minus, no-break spaces)."""

    def __call__(self, context: str, source: str) -> str:
        return apply_typography(source, "en")

    def plural(self, context: str, singular: str, plural: str, n: int) -> str:
        return apply_typography(english_form(singular, plural, n), "en")


typeset_english = EnglishTranslator()
"""The translation function of English, the source language."""


def translator_for(deck: DeckSpec, language: str, *, allow_untranslated: bool = False,
                   notes: list[str] | None = None) -> Translate:
    """The translation function for ``language`` (identity for English, the source language)."""
    if language == "en":
        return typeset_english
    # with --cards, the catalog still covers the whole deck (text may name cards left out)
    return load_translator(deck.whole, language, allow_untranslated=allow_untranslated, notes=notes)
