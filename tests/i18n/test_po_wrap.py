"""Catalogs are written as GNU gettext writes them, so msgmerge, msgcat or a PO editor's save
changes no line, and ``i18n update`` after such a round trip says ``unchanged`` (FINDINGS F14)."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog

from cardgen.i18n import catalogs
from cardgen.i18n.po_wrap import wrap_field
from cardgen.loading import load_deck
from tests.conftest import ROOT

MSGCAT = shutil.which("msgcat")
MSGMERGE = shutil.which("msgmerge")
needs_gettext = pytest.mark.skipif(MSGCAT is None or MSGMERGE is None,
                                   reason="gettext's msgcat/msgmerge are not installed (apt-get install gettext)")

# what translators type in the languages cardgen is likely to meet, at awkward places for a line end
SAMPLES = [
    "Touchez avec elle la consigne posée devant vous et envoyez-la à un joueur qui n’en a pas. Puis défaussez la Poussée.",
    "Lege sie quer vor einen Spieler. Nach dem normalen Geben bekommt **jeder** seiner Stapel „eine“ Karte mehr – sofort!",
    "¿Quién gana? ¡El último que toca el suelo! Cuenta {count} cartas y «pásalas» al jugador de tu izquierda…",
    "Entre-temps, de 00:57,5 à 01:08,0 : cartes distribuées : 7 ; cartes prises : Ann : 2, Bob : 2, Cleo : 1, Dan : 2",
    'A "quoted" word, a back\\slash, a tab\there, and a line\nbreak, then {{ types.white.count }} light ones for [treasure](#treasure).',
    "The game ends when only one player has not hit the ground:\nthat player wins.\n",
    "Ранний ход: положите карту {card} — и Ω-шаг 3×3 (10 % шанс) https://example.org/a/very/long/path/that/will/not/fit",
    "x" * 90 + " short",
]


def test_short_strings_stay_on_their_keyword_line() -> None:
    assert wrap_field("msgid", "Stop") == ['msgid "Stop"']
    assert wrap_field("msgid", "") == ['msgid ""']
    assert wrap_field("msgstr", "a" * 70) == [f'msgstr "{"a" * 70}"']  # 79 columns with the quotes


def test_long_strings_break_after_spaces_within_79_columns() -> None:
    lines = wrap_field("msgid", SAMPLES[0])
    assert lines[0] == 'msgid ""'
    assert all(len(line) <= 79 for line in lines)
    assert all(line.endswith(' "') for line in lines[1:-1])  # the space stays at the end of a line
    assert "".join(line[1:-1] for line in lines[1:]) == SAMPLES[0]


def test_a_line_break_starts_a_new_line_and_escapes_are_never_split() -> None:
    lines = wrap_field("msgid", "one\ntwo", prefix="#| ")
    assert lines == ['#| msgid ""', '#| "one\\n"', '#| "two"']
    quoted = wrap_field("msgid", "y" * 75 + ' "q"')
    assert not any(line.endswith('\\"') and line.endswith('\\""') for line in quoted)
    assert all(not re.search(r'(?<!\\)\\"$', line) for line in quoted)


@needs_gettext
def test_msgcat_changes_no_line_of_what_cardgen_writes(tmp_path: Path) -> None:
    catalog = Catalog(locale="fr", charset="utf-8")
    for number, text in enumerate(SAMPLES):
        catalog.add(text, SAMPLES[-1 - number], context=f"sample:{number}",
                    flags={"python-brace-format"} if "{" in text else set())
    catalog.add("Old one", "Ancien", context="sample:fuzzy", flags={"fuzzy"}).previous_id = [SAMPLES[1]]
    written = tmp_path / "samples.po"
    written.write_bytes(catalogs.catalog_bytes(catalog))
    for path in [written, *sorted((ROOT / "decks").glob("*/locale/*.po*"))]:
        data = catalogs.catalog_bytes(catalogs.read_catalog(path)) if path != written else written.read_bytes()
        again = subprocess.run([MSGCAT, "-"], input=data, capture_output=True, check=True).stdout
        assert again.decode() == data.decode(), path


@needs_gettext
def test_a_msgmerge_round_trip_leaves_update_with_nothing_to_do(tmp_path: Path) -> None:
    folder = tmp_path / "falling"
    shutil.copytree(ROOT / "decks" / "falling", folder, ignore=shutil.ignore_patterns("output"))
    catalogs.update(load_deck(folder))  # in cardgen's (gettext's) format
    po, pot = folder / "locale" / "fr.po", folder / "locale" / "falling.pot"
    before = po.read_bytes()
    subprocess.run([MSGMERGE, "-q", "--no-fuzzy-matching", "-o", str(po), str(po), str(pot)], check=True)
    assert catalogs._DATE_LINE.sub(b"", po.read_bytes()) == catalogs._DATE_LINE.sub(b"", before)
    [result] = catalogs.update(load_deck(folder))
    assert not result.written and not result.reformatted


def test_update_of_a_file_wrapped_otherwise_says_reformatted(tmp_path: Path) -> None:
    """A catalog an older cardgen wrote (unwrapped lines) is put in gettext's format and said so."""
    import polib

    folder = tmp_path / "falling"
    shutil.copytree(ROOT / "decks" / "falling", folder, ignore=shutil.ignore_patterns("output"))
    catalogs.update(load_deck(folder))
    po = folder / "locale" / "fr.po"
    unwrapped = polib.pofile(str(po), wrapwidth=0)
    unwrapped.wrapwidth = 0
    unwrapped.save(str(po))
    assert max(len(line) for line in po.read_text().splitlines()) > 79
    [result] = catalogs.update(load_deck(folder))
    assert result.written and result.reformatted
    assert max(len(line) for line in po.read_text().splitlines() if not line.startswith("#")) <= 79
