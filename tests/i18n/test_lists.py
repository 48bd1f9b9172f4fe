"""Lists are joined exactly as Babel joins them, without Babel's locale data for the kept languages."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import babel
import pytest
from babel.lists import format_list as babel_format_list

from cardgen.i18n import lists
from cardgen.i18n.lists import PATTERNS, babel_patterns, format_list
from tests.conftest import ROOT

ITEMS = ["<b>Hit</b>", "**Stop**", "Grab", "Push {n}", "Extra"]


def test_the_kept_patterns_are_the_installed_babels() -> None:
    """Under the Babel release they were taken from, the kept patterns are Babel's (else Babel is asked)."""
    if babel.__version__ != lists.BABEL_VERSION:
        assert all(lists._known_patterns(locale) is None for locale in PATTERNS)
        pytest.skip(f"Babel {babel.__version__}, patterns kept from {lists.BABEL_VERSION}: "
                    "run 'python -m cardgen.i18n.lists' and paste its output into cardgen/i18n/lists.py")
    assert {locale: babel_patterns(locale) for locale in PATTERNS} == PATTERNS


@pytest.mark.parametrize("language", ["en", "fr", "fr-CA", "fr_BE", "de", "pl", "ja"])
def test_lists_of_every_length_are_joined_as_babel_joins_them(language: str) -> None:
    for count in range(len(ITEMS) + 1):
        assert format_list(ITEMS[:count], language) == babel_format_list(
            ITEMS[:count], locale=language.replace("-", "_")), (language, count)


def test_another_babel_release_is_asked_itself(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(PATTERNS, "fr", {**PATTERNS["fr"], "end": "{0} + {1}"})  # what an older table would say
    assert format_list(["a", "b", "c"], "fr") == "a, b + c"
    monkeypatch.setattr(lists, "BABEL_VERSION", "0.0")
    assert format_list(["a", "b", "c"], "fr") == "a, b et c"


JOIN_IN_A_FRESH_PROCESS = """
import json
from babel import localedata
from cardgen.i18n.lists import format_list
out = [format_list(["a", "b", "c"], "fr"), format_list(["a", "b"], "en"), format_list(["a", "b", "c"], "en")]
print(json.dumps([out, sorted(localedata._cache)]))
"""


def test_english_and_french_lists_load_no_locale_data() -> None:
    out = subprocess.run([sys.executable, "-c", JOIN_IN_A_FRESH_PROCESS], capture_output=True, text=True, check=True,
                         env=dict(os.environ, PYTHONPATH=str(ROOT)), cwd=ROOT)
    joined, loaded = json.loads(out.stdout)
    assert joined == ["a, b et c", "a and b", "a, b, and c"]
    if babel.__version__ == lists.BABEL_VERSION:
        assert loaded == []
