"""Every PO file cardgen writes is one gettext, polib and Babel accept, across repeated updates.

The round trip a translator lives: the English changes (update), the translator edits the
catalog in a PO editor that wraps lines (polib at 79 columns), the English
changes again (update), and ``msgfmt --check`` still accepts the file, with the old English
kept as ``#| msgid`` beside each fuzzy entry.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import polib
import pytest
from babel.messages.pofile import read_po

from cardgen.i18n import catalogs
from cardgen.i18n.po_wrap import wrap_field
from cardgen.loading import load_deck

LONG_OLD = "Lay it sideways before a player. After their normal deal, **each** of their stacks gets one more card."
LONG_NEW = ('Lay it sideways in front of a player, "quoted" and \\ escaped. After their normal deal, '
            "**each** of their stacks gets one more card.")
MSGFMT = shutil.which("msgfmt")


def _change_english(deck_file: Path, old: str, new: str) -> None:
    text = deck_file.read_text(encoding="utf-8")
    assert old in text
    deck_file.write_text(text.replace(old, new), encoding="utf-8")


def _update(folder: Path) -> catalogs.UpdateResult:
    [result] = catalogs.update(load_deck(folder))
    return result


def _parsed_everywhere(path: Path) -> dict[str | None, polib.POEntry]:
    """The file read by polib and by Babel (both must accept it); polib's entries by context."""
    with path.open("rb") as handle:
        babel_entries = {m.context: m for m in read_po(handle, abort_invalid=True) if m.id}
    entries = {e.msgctxt: e for e in polib.pofile(str(path))}
    assert set(entries) == set(babel_entries)
    return entries


def _msgfmt_check(path: Path) -> None:
    done = subprocess.run([MSGFMT, "--check", "-o", "/dev/null", str(path)], check=False, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr


def _yaml_text(text: str) -> str:
    return "'" + text.replace("'", "''") + "'"


def test_update_edit_update_keeps_old_english_and_parses(falling_copy: Path) -> None:
    deck_file = falling_copy / "deck.yaml"
    po_path = falling_copy / "locale" / "fr.po"
    _change_english(deck_file, f"text: {LONG_OLD}", f"text: {_yaml_text(LONG_NEW)}")
    first = _update(falling_copy)
    assert first.written and first.fuzzy == 1
    entry = _parsed_everywhere(po_path)["card:hit.text"]
    assert entry.fuzzy and entry.previous_msgid == LONG_OLD and entry.msgid == LONG_NEW

    # a second update with nothing changed keeps the old English and says so
    again = _update(falling_copy)
    assert not again.written and again.fuzzy == 1
    assert _parsed_everywhere(po_path)["card:hit.text"].previous_msgid == LONG_OLD

    # the translator edits another entry in an editor that wraps at 79 columns
    po = polib.pofile(str(po_path), wrapwidth=79)
    po.find("Lay it sideways before a player. After their normal deal, one more card starts a **new stack** for them.",
            msgctxt="card:split.text").msgstr = "Posez-la en travers devant un joueur ; une carte de plus ouvre une **nouvelle pile**."
    po.save()
    assert '#| msgid ""' in po_path.read_text(encoding="utf-8")  # the editor wrapped the old English

    # the English changes again elsewhere: both old English strings survive, wrapped as gettext wraps them
    _change_english(deck_file, "Then discard the Push.", "Then discard this Push.")
    third = _update(falling_copy)
    assert third.written and third.fuzzy == 2
    entries = _parsed_everywhere(po_path)
    assert entries["card:hit.text"].previous_msgid == LONG_OLD
    assert entries["card:push.text"].previous_msgid.endswith("Then discard the Push.")
    assert entries["card:split.text"].msgstr.endswith("**nouvelle pile**.")
    assert "\n".join(wrap_field("msgid", LONG_OLD, prefix="#| ")) in po_path.read_text(encoding="utf-8")
    if MSGFMT:
        _msgfmt_check(po_path)
        _msgfmt_check(falling_copy / "locale" / "falling.pot")


@pytest.mark.skipif(MSGFMT is None, reason="gettext's msgfmt is not installed (apt-get install gettext)")
def test_msgfmt_accepts_every_catalog_cardgen_writes(falling_copy: Path) -> None:
    _change_english(falling_copy / "deck.yaml", f"text: {LONG_OLD}", f"text: {_yaml_text(LONG_NEW)}")
    for _ in range(2):
        _update(falling_copy)
        for path in sorted((falling_copy / "locale").iterdir()):
            _msgfmt_check(path)
    deck = load_deck(falling_copy)
    path, _ = catalogs.init(deck, "de")
    _msgfmt_check(path)


def test_shipped_catalogs_are_what_the_writer_writes() -> None:
    """Reading and writing a shipped catalog changes nothing: the writer keeps their format."""
    root = Path(__file__).resolve().parents[2] / "decks"
    for path in sorted(root.glob("*/locale/*.po*")):
        assert catalogs.catalog_bytes(catalogs.read_catalog(path)) == path.read_bytes(), path
