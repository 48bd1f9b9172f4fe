"""How complete and how sound a language's catalog is.

For each string the deck needs: translated, fuzzy (the English changed since it was
translated), or missing (no entry, an empty one, or the English copied unchanged: see
:func:`english_copy`). A translation whose placeholders or markup differ from the English, whose
leading or trailing line breaks or whose format string ``msgfmt -c`` refuses, or that uses a
character the bundled fonts cannot draw, is a problem too. Problems carry ``file:line`` of the
PO entry — or of the English source when the catalog has no entry for it yet.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from babel.messages.catalog import Catalog, Message

from cardgen.errors import I18nError
from cardgen.i18n.catalogs import catalog_path, msgid_of, read_catalog
from cardgen.i18n.glossary import glossary_problem, load_glossary
from cardgen.i18n.messages import SourceMessage, extract_messages
from cardgen.i18n.placeholders import differences
from cardgen.i18n.plurals import PluralRule, english_rule, plural_rule
from cardgen.i18n.typography import base_language, missing_rules
from cardgen.loading.deck_loader import display_path
from cardgen.model.deck import DeckSpec

CHECKED_FONTS = ("Lato", "Lato-Bold", "Lato-Italic", "Lato-BoldItalic", "Vollkorn-Bold")
"""Every face a translated string can be set in (body, emphasis, headings and card titles)."""


@dataclass
class CatalogReport:
    language: str
    path: Path
    total: int = 0
    translated: int = 0
    fuzzy: int = 0
    missing: int = 0
    obsolete: int = 0
    problems: list[I18nError] = field(default_factory=list)
    glossary: list[I18nError] = field(default_factory=list)
    """Translations that do not use the glossary's word for a game term (``i18n check`` fails)."""
    warnings: list[I18nError] = field(default_factory=list)
    """Translations that fight the typography pass (they still build)."""
    usable: dict[tuple[str, str], str] = field(default_factory=dict)
    """(context, English) → translation, for every entry that is translated and sound."""
    usable_plurals: dict[tuple[str, str], tuple[str, ...]] = field(default_factory=dict)
    """(context, English singular) → the forms of a counted string (``msgstr[0]``, ``msgstr[1]`` …)."""
    plural_rule: PluralRule = field(default=english_rule)
    """The catalog's ``Plural-Forms``: a number → the index of its form."""
    typography_note: str | None = None
    """Said once when the typography pass has no rules for the language (:func:`missing_rules`)."""
    glossary_source: str = ""
    """Which glossary the check used ('glossary docs/glossary-fr.md § decks/falling: 12 terms checked'),
    or that there is none."""

    @property
    def percent(self) -> float:
        return 100.0 * self.translated / self.total if self.total else 100.0

    @property
    def percent_shown(self) -> str:
        """Rounded, but 100% only when every string is translated (257/258 is 99%), 0% only when none is."""
        shown = round(self.percent)
        if self.translated < self.total:
            shown = min(shown, 99)
        if self.translated:
            shown = max(shown, 1)
        return f"{shown}%"

    @property
    def ok(self) -> bool:
        return not self.problems and not self.glossary

    def summary(self) -> str:
        glossary = f", {len(self.glossary)} off the glossary" if self.glossary else ""
        return (f"{self.language}: {self.translated}/{self.total} translated ({self.percent_shown}), "
                f"{self.fuzzy} fuzzy, {self.missing} missing, {self.invalid} with problems{glossary}"
                f" — {display_path(self.path)}" + (f"; {self.glossary_source}" if self.glossary_source else ""))

    @property
    def invalid(self) -> int:
        """Entries whose translation has placeholder, markup or glyph problems."""
        return len({p.field for p in self.problems
                    if p.message.startswith(("placeholder", "markup", "character", "line break", "format"))})


_NOT_WORDS = re.compile(r"\{\{.*?\}\}|\{%.*?%\}|\{[^{}]*\}|%\([A-Za-z_]\w*\)[sdif]|\[\[[^\]]*\]\]|`[^`]*`|\]\([^)]*\)", re.DOTALL)
_WORD = re.compile(r"[^\W\d_]+")
_ENGLISH_WORD = re.compile(r"[a-z]{3,}")


def english_copy(source: str, translation: str) -> bool:
    """Whether ``translation`` is the English ``source`` copied unchanged (a PO editor's "copy
    source"), not a translation.

    A string may rightly stay the same when it holds only names, numbers and placeholders
    ("FALLING", "Extra", "Jasper Wentworth", "{title} · {page}", "Pause"): the copy counts as
    English only when, outside placeholders, values, card icons and code, it has two words or more
    and one of them is an ordinary lower-case word of three letters or more ("fold here", "The game
    ends when …") — the rule the preflight's ``untranslated`` check applies to card faces.
    """
    if translation.strip() != source.strip():
        return False
    words = _WORD.findall(_NOT_WORDS.sub(" ", source))
    return len(words) >= 2 and any(_ENGLISH_WORD.fullmatch(word) for word in words)


_PRINTF_DIRECTIVE = re.compile(r"%(?:%|\([A-Za-z_]\w*\)[#0 +-]*(?:\d+|\*)?(?:\.(?:\d+|\*))?[hlL]?[diouxXeEfFgGcrsa])")


def format_problems(source: str, translation: str) -> list[str]:
    """What ``msgfmt -c`` refuses in a format string the source's flags announce: a ``{``-format
    translation Python cannot parse (a lone brace), a ``%``-format one with a ``%`` that starts no
    named directive (``50 %`` must be ``50 %%`` there)."""
    from string import Formatter

    from cardgen.i18n.placeholders import format_flags

    flags = format_flags(source)
    problems = []
    if "python-brace-format" in flags:
        try:
            list(Formatter().parse(translation))
        except ValueError as error:
            problems.append(f"format: {str(error)[0].lower()}{str(error)[1:]}; write {{{{ or }}}} for a brace "
                            "of the text (msgfmt -c refuses the catalog)")
    if "python-format" in flags:
        position = 0
        while (found := translation.find("%", position)) != -1:
            directive = _PRINTF_DIRECTIVE.match(translation, found)
            if directive is None:
                problems.append(f"format: the '%' at character {found + 1} starts no %(name)s placeholder; write "
                                "'%%' for a percent sign in this string (msgfmt -c refuses the catalog)")
                break
            position = directive.end()
    return problems


def line_break_problems(source: str, translation: str) -> list[str]:
    """What ``msgfmt -c`` refuses: a translation that does not begin, or end, with a line break
    exactly when its source does."""
    problems = []
    for end, test in (("begin", str.startswith), ("end", str.endswith)):
        if test(source, "\n") != test(translation, "\n"):
            has, lacks = ("the source", "the translation") if test(source, "\n") else ("the translation", "the source")
            problems.append(f"line break: {has} {end}s with a line break and {lacks} does not "
                            "(msgfmt -c refuses the catalog); remove it or add it to match")
    return problems


def _source_location(deck: DeckSpec, message: SourceMessage) -> Path:
    if message.file.startswith("cardgen/"):
        return Path(message.file)
    return display_path(deck.folder / message.file)


def _missing_glyphs(text: str, deck_fonts: tuple[str, ...] = ()) -> set[str]:
    from cardgen.render.fonts import has_glyphs

    missing: set[str] = set()
    for font in CHECKED_FONTS + deck_fonts:
        missing |= has_glyphs(text, font)
    return missing


class _GlyphCheck:
    """:func:`_missing_glyphs` for many strings, each distinct character looked up in the fonts once."""

    def __init__(self, deck_fonts: tuple[str, ...]) -> None:
        self.deck_fonts = deck_fonts
        self.missing: dict[str, bool] = {}
        """Character → True when a checked font cannot draw it."""

    def __call__(self, text: str) -> set[str]:
        new = {ch for ch in text if ch not in self.missing}
        if new:
            undrawable = _missing_glyphs("".join(sorted(new)), self.deck_fonts)
            self.missing.update((ch, ch in undrawable) for ch in new)
        return {ch for ch in text if self.missing[ch]}


_TYPED_SPACES = {"\u00a0": "no-break space", "\u202f": "narrow no-break space", "\u2009": "thin space",
                 "\u2007": "figure space", "\u200a": "hair space"}


def typography_warnings(translation: str, language: str = "fr") -> list[str]:
    """Ways ``translation`` does the typography pass's job by hand (and may fight it).

    Only French has spaces the pass places itself (before ``; : ! ?`` and inside « »); in another
    language a typed no-break space is the translator's own choice, and is left alone.
    """
    out = []
    if base_language(language) == "fr":
        for char, name in _TYPED_SPACES.items():
            if char in translation:
                out.append(f"warning: typography: types its own {name} (U+{ord(char):04X}); type a plain space "
                           "(or none) — the typography pass places French spaces itself")
    if "\u2212" in translation:
        out.append("warning: typography: types its own minus sign (U+2212); type a hyphen, the pass sets the minus")
    return out


def _plural_rule(catalog: Catalog, report: CatalogReport, shown: Path) -> tuple[PluralRule, int] | None:
    """The catalog header's plural rule and number of forms (Babel's for the language when the header
    has none); None, and a problem, for a header gettext cannot use (then no counted string of the
    catalog is usable). A number of forms other than Babel's (from the CLDR) for the language is a
    warning."""
    from babel.messages.plurals import get_plural

    header = catalog.plural_forms
    try:
        rule = plural_rule(catalog.plural_expr)
        nplurals = int(catalog.num_plurals)
        if not 1 <= nplurals <= 6:
            raise ValueError(f"nplurals={nplurals}")
        for n in range(200):
            if not 0 <= rule(n) < nplurals:
                raise ValueError(f"the expression gives {rule(n)} for n = {n}, but nplurals={nplurals}")
    except (ValueError, RecursionError, SyntaxError) as error:
        report.problems.append(I18nError(
            f"'{header}' is not a plural rule gettext can use ({error}); no counted string is used", path=shown,
            line=_header_line(report.path, "Plural-Forms"),
            field="Plural-Forms", hint="copy the line Babel or msginit writes for the language, e.g. French "
                                       "'nplurals=2; plural=(n > 1);'"))
        return None
    report.plural_rule = rule
    if catalog.locale is not None:
        expected = get_plural(catalog.locale)
        if expected.num_plurals != nplurals:
            report.warnings.append(I18nError(
                f"warning: Plural-Forms: {nplurals} forms, but {catalog.locale.english_name} has {expected.num_plurals} "
                f"in the CLDR ('{expected.plural_forms}')", path=shown, line=_header_line(report.path, "Plural-Forms"),
                field="Plural-Forms"))
    return rule, nplurals


def _header_line(path: Path, name: str) -> int | None:
    """The line of the header field ``name`` (a PO header is within its first lines)."""
    try:
        with path.open(encoding="utf-8", errors="replace") as lines:
            for number, text in enumerate(lines, start=1):
                if text.startswith(f'"{name}:'):
                    return number
                if number > 40:
                    break
    except OSError:
        pass
    return None


def _forms(message: SourceMessage, entry: Message, rule: PluralRule, nplurals: int) -> list[tuple[str, str, str]]:
    """(label, English, translation) for each form of an entry: one, unlabelled, for a plain string;
    ``msgstr[i]`` for each form of a counted one, with the English it translates (the singular for the
    form 1 takes, the plural for the others)."""
    if not message.plural:
        string = entry.string if isinstance(entry.string, str) else (entry.string[0] if entry.string else "")
        return [("", message.text, string or "")]
    strings = list(entry.string) if isinstance(entry.string, (list, tuple)) else [entry.string or ""]
    one = rule(1)
    return [(f"msgstr[{index}]", message.text if index == one else message.plural,
             (strings[index] if index < len(strings) else "") or "") for index in range(nplurals)]


def check_catalog(deck: DeckSpec, language: str, *, messages: list[SourceMessage] | None = None,
                  catalog: Catalog | None = None, path: Path | None = None) -> CatalogReport:
    """Compare ``language``'s catalog with the strings the deck needs."""
    path = path or catalog_path(deck, language)
    shown = display_path(path)
    if catalog is None:
        catalog = read_catalog(path)
    needed = messages if messages is not None else extract_messages(deck)
    report = CatalogReport(language=language, path=path, total=len(needed), typography_note=missing_rules(language))
    from cardgen.render.deck_fonts import deck_font_faces

    deck_fonts = tuple(deck_font_faces(deck))  # the deck's own fonts draw its text too
    missing_glyphs = _GlyphCheck(deck_fonts)
    glossary = load_glossary(deck, language)
    report.glossary_source = glossary.source
    terms = glossary.terms
    card_names = frozenset(card.name for card in deck.cards)
    entries = {(m.context, msgid_of(m)): m for m in catalog if m.id}
    plurals = _plural_rule(catalog, report, shown)
    rule, nplurals = plurals or (english_rule, 2)
    used: set[tuple[str | None, str]] = set()
    for message in needed:
        key = (message.context, message.text)
        entry = entries.get(key)
        if entry is None:
            report.missing += 1
            report.problems.append(I18nError(
                f"missing: not in {path.name} (run 'cardgen i18n update {display_path(deck.folder)}')",
                path=_source_location(deck, message), line=message.line, field=message.context))
            continue
        used.add(key)
        if entry.fuzzy:
            report.fuzzy += 1
            report.problems.append(I18nError(
                "fuzzy: the English changed since this was translated; check the translation, "
                "then remove the fuzzy flag", path=shown, line=entry.lineno, field=message.context))
            continue
        if bool(message.plural) != isinstance(entry.id, (list, tuple)):
            report.missing += 1
            report.problems.append(I18nError(
                "missing: the English " + ("now counts (msgid_plural)" if message.plural else "no longer counts")
                + f"; run 'cardgen i18n update {display_path(deck.folder)}'", path=shown, line=entry.lineno,
                field=message.context))
            continue
        forms = _forms(message, entry, rule, nplurals)
        strings = [string for _, _, string in forms]
        if not all(string.strip() for string in strings):
            report.missing += 1
            empty = [label for label, _, string in forms if not string.strip()]
            report.problems.append(I18nError(
                "missing: not translated yet" if len(empty) == len(forms) else
                f"missing: {', '.join(empty)} not translated yet (the language has {nplurals} plural forms)",
                path=shown, line=entry.lineno, field=message.context))
            continue
        copied = [label for label, _, string in forms
                  if english_copy(message.text, string) or (message.plural and english_copy(message.plural, string))]
        if copied:
            report.missing += 1
            report.problems.append(I18nError(
                "untranslated: the translation is the English text, unchanged; translate it (only names, "
                "numbers and placeholders may stay as they are)" + (f" ({', '.join(copied)})" if message.plural else ""),
                path=shown, line=entry.lineno, field=message.context))
            continue
        problems = []
        for label, source, string in forms:
            found = (differences(message.plural or message.text, string) + line_break_problems(source, string)
                     + format_problems(message.plural or message.text, string))
            glyphs = missing_glyphs(string)
            if glyphs:
                listed = " ".join(f"'{ch}' (U+{ord(ch):04X})" for ch in sorted(glyphs))
                where = "the bundled fonts or the deck's own fonts" if deck_fonts else "the bundled fonts"
                found.append(f"character {listed} is not in {where}")
            problems += [f"{problem} ({label})" if label else problem for problem in found]
        for problem in problems:
            report.problems.append(I18nError(problem, path=shown, line=entry.lineno, field=message.context))
        if not problems and (plurals is not None or not message.plural):
            report.translated += 1
            if message.plural:
                report.usable_plurals[key] = tuple(strings)
            else:
                report.usable[key] = strings[0]
        for label, source, string in forms:
            for term in terms:
                broken = glossary_problem(term, source, string, card_names=card_names)
                if broken:
                    report.glossary.append(I18nError(f"{broken} ({label})" if label else broken, path=shown,
                                                     line=entry.lineno, field=message.context))
            for warning in typography_warnings(string, language):
                report.warnings.append(I18nError(f"{warning} ({label})" if label else warning, path=shown,
                                                 line=entry.lineno, field=message.context))
    report.obsolete = len([key for key in entries if key not in used]) + len(catalog.obsolete)
    return report
