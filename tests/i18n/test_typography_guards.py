"""The typography pass skips a rule when a segment lacks the character its pattern needs: it sets
every string exactly as running every rule does (the pass as it was before the guards, kept here)."""

from __future__ import annotations

import re

import polib
from hypothesis import given, settings
from hypothesis import strategies as st

from cardgen.i18n import typography as t
from tests.conftest import ROOT


def _every_rule_common(segment: str, *, opening: str, closing: str) -> str:
    segment = t._OPENING_SINGLE.sub("‘", segment)
    segment = t._APOSTROPHE.sub("’", segment)
    segment = t._OPENING_DOUBLE.sub(opening, segment)
    segment = segment.replace('"', closing)
    segment = t._MINUS.sub(t.MINUS, segment)
    segment = t._NUMBER_UNIT.sub(t.NBSP, segment)
    segment = t._TIMES_NUMBER.sub(t.NBSP, segment)
    segment = t._WORD_NUMBER.sub(t.NBSP, segment)
    segment = t._NUMBER_WORD.sub(r"\1" + t.NBSP, segment)
    segment = t._INITIAL.sub(r"\1" + t.NBSP, segment)
    segment = t._CAPITALISED_RUN.sub(t._tie_short_name, segment)
    return segment


def _every_rule_english(segment: str, *, at_start: bool) -> str:
    return _every_rule_common(segment, opening="“", closing="”")


def _every_rule_french(segment: str, *, at_start: bool) -> str:
    segment = _every_rule_common(segment, opening="«", closing="»")
    segment = t._DECIMAL_POINT.sub(r"\1,\2", segment)
    segment = t._OPEN_QUOTE.sub("«" + t.NBSP, segment)
    segment = t._CLOSE_QUOTE.sub(t.NBSP + "»", segment)
    segment = t._BEFORE_HIGH.sub(t.NNBSP + r"\1", segment)
    segment = t._BEFORE_COLON.sub(t.NBSP + ":", segment)
    if not at_start:
        segment = t._BEFORE_HIGH_SPACED.sub(t.NNBSP + r"\1", segment)
        segment = t._BEFORE_COLON_SPACED.sub(t.NBSP + ":", segment)
        segment = re.sub(r"^([;!?])", t.NNBSP + r"\1", segment)
        segment = re.sub(r"^:(?=\s|$)", t.NBSP + ":", segment)
    return segment


def assert_set_as_by_every_rule(text: str) -> None:
    for rule, reference in ((t._english, _every_rule_english), (t._french, _every_rule_french)):
        for at_start in (True, False):
            assert rule(text, at_start=at_start) == reference(text, at_start=at_start), (rule.__name__, at_start, text)
        assert t._apply_outside_protected(text, rule) == t._apply_outside_protected(text, reference), text


def shipped_strings() -> list[str]:
    """Every English and French string of the shipped decks: catalogs, rulebooks, deck files."""
    found: list[str] = []
    for po in sorted(ROOT.glob("decks/*/locale/*.po")):
        for entry in polib.pofile(str(po)):
            found += [entry.msgid, entry.msgstr, entry.msgid_plural, *entry.msgstr_plural.values()]
    for source in sorted([*ROOT.glob("decks/*/rulebook.md"), *ROOT.glob("decks/*/deck.yaml")]):
        found += source.read_text(encoding="utf-8").splitlines()
    return [text for text in found if text]


def test_the_shipped_strings_are_set_as_by_every_rule() -> None:
    strings = shipped_strings()
    assert len(strings) > 1000
    for text in strings:
        assert_set_as_by_every_rule(text)


TYPOGRAPHIC = "aZéJ'\"-.,12×x:;!?«»“”’ \t\u00a0\u202fmss%(){}[]`*<>&/—"


@settings(max_examples=3000, deadline=None)
@given(st.text(alphabet=TYPOGRAPHIC, max_size=24))
def test_any_string_of_the_characters_the_rules_look_for_is_set_as_by_every_rule(text: str) -> None:
    assert_set_as_by_every_rule(text)
