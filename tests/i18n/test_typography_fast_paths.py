"""The typography pass skips a rule when its text lacks the character the rule needs: the result is
the same as running every rule on every segment (the pass as written before the shortcut, below)."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from cardgen.i18n import typography as t

ROOT = Path(__file__).resolve().parents[2]
MARKS = "aAzZéÉ '\"-.,:;!?×x0123456789٣«»`{}%[]()<>&/\t*_—–’‘“" + t.NBSP + t.NNBSP
"""Letters, digits (one of them Arabic-Indic: ``\\d`` matches it too), every rule's trigger and every
protected span's opening character."""
WORDS = ["mm", "s", "Game", "Moon Ore", "Jasper Wentworth", "J.", "{name}", "{{ x }}", "`code`", "[[hit]]",
         "<b>", "&amp;", "](url)", "%(n)s", "http://x.y/z", "v1.2", "00:25.8", "-1", "10 x 10", "2 cards"]

texts = st.lists(st.one_of(st.sampled_from(list(MARKS)), st.sampled_from(WORDS)), max_size=24).map("".join)


def every_rule(segment: str, *, opening: str, closing: str) -> str:
    """:func:`cardgen.i18n.typography._common` with no shortcut."""
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
    return t._CAPITALISED_RUN.sub(t._tie_short_name, segment)


def every_french_rule(segment: str, *, at_start: bool) -> str:
    segment = every_rule(segment, opening="«", closing="»")
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


def every_segment(text: str, rule: Callable[..., str]) -> str:
    """:func:`cardgen.i18n.typography._apply_outside_protected` splitting every text at its protected spans."""
    out: list[str] = []
    position = 0
    for match in t._PROTECTED.finditer(text):
        out.append(rule(text[position:match.start()], at_start=position == 0))
        out.append(match.group(0))
        position = match.end()
    out.append(rule(text[position:], at_start=position == 0))
    return "".join(out)


@settings(max_examples=1500, deadline=None)
@given(texts)
def test_english_shortcuts_change_nothing(text: str) -> None:
    expected = every_segment(text, lambda s, at_start: every_rule(s, opening="“", closing="”"))
    assert t._apply_outside_protected(text, t._english) == expected


@settings(max_examples=1500, deadline=None)
@given(texts)
def test_french_shortcuts_change_nothing(text: str) -> None:
    assert t._apply_outside_protected(text, t._french) == every_segment(text, every_french_rule)


def test_the_oracle_sees_the_rules_at_work() -> None:
    """The reference does set text (so the comparisons above compare something)."""
    assert every_segment('l\'as "x" -1 J. Doe 10 mm', lambda s, at_start: every_rule(s, opening="“", closing="”")) \
        == f"l’as “x” {t.MINUS}1{t.NBSP}J.{t.NBSP}Doe{t.NBSP}10{t.NBSP}mm"
    assert every_segment("Effet: 1.5 ; «a»", every_french_rule) == \
        f"Effet{t.NBSP}: 1,5{t.NNBSP}; «{t.NBSP}a{t.NBSP}»"


def test_english_text_compiles_no_french_rule_nor_the_protected_spans() -> None:
    """Setting plain English compiles neither the French rules nor the protected-span pattern; French
    text and a text with a placeholder do (a fresh interpreter: other tests compile them)."""
    code = ("from cardgen.i18n import typography as t\n"
            "t.apply_typography('Push a rider off the ground.', 'en')\n"
            "print(t._BEFORE_HIGH._compiled is None, t._PROTECTED._compiled is None)\n"
            "t.apply_typography('Effet : {n} cartes !', 'fr')\n"
            "print(t._BEFORE_HIGH._compiled is None, t._PROTECTED._compiled is None)\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         env={**os.environ, "PYTHONPATH": str(ROOT)}).stdout.split("\n")
    assert out[:2] == ["True True", "False False"]
