"""Lists joined as a language writes them (``A, B, and C``; « A, B et C »): CLDR's list patterns, by Babel.

Babel reads a locale's whole CLDR data to give its list patterns (a pickle of about 200 KB, merged
with its parent's): about 15 ms of CPU for English and French, paid by every ``validate`` and build
of a rulebook with a teaching section. The standard patterns of the languages the shipped decks
use are kept in :data:`PATTERNS`, as the Babel release :data:`BABEL_VERSION` gives them (written by
``python -m cardgen.i18n.lists``; ``tests/i18n/test_lists.py`` compares them with Babel's). Any
other language, and every language under another Babel release, is joined by Babel itself.
"""

from __future__ import annotations

from collections.abc import Sequence

BABEL_VERSION = "2.18.0"
"""The Babel release :data:`PATTERNS` were taken from."""

PATTERNS: dict[str, dict[str, str]] = {
    "en": {"start": "{0}, {1}", "middle": "{0}, {1}", "end": "{0}, and {1}", "2": "{0} and {1}"},
    "fr": {"start": "{0}, {1}", "middle": "{0}, {1}", "end": "{0} et {1}", "2": "{0} et {1}"},
}
"""Locale → Babel's ``list_patterns["standard"]`` for it."""


def format_list(items: Sequence[str], language: str) -> str:
    """``items`` joined as ``language`` (``fr``, ``fr-CA``, ``fr_CA``) writes a list: what
    ``babel.lists.format_list(items, locale=…)`` returns, without loading the locale's data for a
    language of :data:`PATTERNS`."""
    locale = language.replace("-", "_")
    patterns = _known_patterns(locale)
    if patterns is None:
        from babel.lists import format_list as babel_format_list

        return babel_format_list(list(items), locale=locale)
    # babel.lists.format_list, step for step
    if not items:
        return ""
    if len(items) == 1:
        return items[0]
    if len(items) == 2 and "2" in patterns:
        return patterns["2"].format(*items)
    result = patterns["start"].format(items[0], items[1])
    for item in items[2:-1]:
        result = patterns["middle"].format(result, item)
    return patterns["end"].format(result, items[-1])


def _known_patterns(locale: str) -> dict[str, str] | None:
    """The kept patterns of ``locale``; None when there are none, or Babel is another release."""
    if locale not in PATTERNS:
        return None
    from babel import __version__

    return PATTERNS[locale] if __version__ == BABEL_VERSION else None


def babel_patterns(locale: str) -> dict[str, str]:
    """Babel's standard list patterns for ``locale`` (what :data:`PATTERNS` holds)."""
    from babel import Locale

    return dict(Locale.parse(locale).list_patterns["standard"])


def main() -> None:
    """Print :data:`BABEL_VERSION` and :data:`PATTERNS` as the installed Babel gives them, to paste here."""
    from babel import __version__

    print(f"BABEL_VERSION = {__version__!r}")
    print("PATTERNS = {")
    for locale in PATTERNS:
        print(f"    {locale!r}: {babel_patterns(locale)!r},")
    print("}")


if __name__ == "__main__":  # pragma: no cover
    main()
