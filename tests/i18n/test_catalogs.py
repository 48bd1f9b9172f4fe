"""extract / init / update: the template, a new catalog, and updates that keep translations."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from cardgen.errors import I18nError
from cardgen.i18n import catalogs
from cardgen.loading import load_deck
from tests.i18n.helpers import tiny_deck


def _entries(path: Path) -> dict[str | None, object]:
    with path.open("rb") as handle:
        return {m.context: m for m in read_po(handle) if m.id}


def test_extract_writes_every_string_with_its_location(tmp_path: Path) -> None:
    deck = load_deck(tiny_deck(tmp_path))
    path, count = catalogs.extract(deck)
    assert path == deck.folder / "locale" / "tiny.pot" and count == 25
    text = path.read_text()
    assert '#: deck.yaml:14\n#, python-brace-format\nmsgctxt "card:draw.text"' in text
    assert "Keep as they are: %(name)s, **bold**" in text


def test_extract_twice_leaves_the_file_alone(tmp_path: Path) -> None:
    deck = load_deck(tiny_deck(tmp_path))
    path, _ = catalogs.extract(deck)
    before = path.stat().st_mtime_ns
    assert catalogs.write_catalog(path, catalogs.make_template(deck)) is False
    assert path.stat().st_mtime_ns == before


def test_init_refuses_an_existing_catalog_and_unknown_languages(tmp_path: Path) -> None:
    deck = load_deck(tiny_deck(tmp_path))
    path, count = catalogs.init(deck, "de")
    assert count == 25 and "Language: de" in path.read_text()
    with pytest.raises(I18nError, match="already exists"):
        catalogs.init(deck, "de")
    with pytest.raises(I18nError, match="unknown language code 'xx-yy'"):
        catalogs.init(deck, "xx-yy")
    with pytest.raises(I18nError, match="English is the source language"):
        catalogs.init(deck, "en")


def test_update_keeps_translations_and_marks_changed_english_fuzzy(tmp_path: Path) -> None:
    folder = tiny_deck(tmp_path, "complete")
    deck_file = folder / "deck.yaml"
    text = deck_file.read_text()
    text = text.replace("text: Do nothing this round.", "text: Do nothing at all this round.")
    text = text.replace("  - id: rest\n", "  - id: wait\n    name: Wait\n    type: plain\n    count: 1\n"
                                              "    icon: skip\n    text: Wait.\n  - id: rest\n")
    deck_file.write_text(text)
    [result] = catalogs.update(load_deck(folder))
    assert (result.language, result.new, result.fuzzy, result.obsolete) == ("fr", 2, 1, 0)
    entries = _entries(folder / "locale" / "fr.po")
    assert entries["card:draw.text"].string == "Piochez {count} cartes, puis passez."
    changed = entries["card:rest.text"]
    assert changed.fuzzy and changed.string == "Ne faites rien à ce tour."
    assert '#| msgid "Do nothing this round."' in (folder / "locale" / "fr.po").read_text()
    assert entries["card:wait.name"].string == ""
    # a second update changes nothing, and keeps the previous English of the fuzzy entry
    [again] = catalogs.update(load_deck(folder))
    assert not again.written
    assert '#| msgid "Do nothing this round."' in (folder / "locale" / "fr.po").read_text()


def test_update_keeps_removed_strings_as_obsolete(tmp_path: Path) -> None:
    folder = tiny_deck(tmp_path, "complete")
    deck_file = folder / "deck.yaml"
    text = deck_file.read_text()
    start = text.index("  - id: gift")
    end = text.index("  - id: rest")
    deck_file.write_text(text[:start] + text[end:])
    [result] = catalogs.update(load_deck(folder))
    assert result.obsolete == 2
    assert '#~ msgctxt "card:gift.text"' in (folder / "locale" / "fr.po").read_text()


def test_update_keeps_a_paragraph_that_only_moved(tmp_path: Path, falling_copy: Path) -> None:
    deck = load_deck(falling_copy)
    rulebook = falling_copy / "rulebook.md"
    text = rulebook.read_text()
    rulebook.write_text(text.replace("# Setting up {#setup}\n\n", "# Setting up {#setup}\n\nA brand new first paragraph.\n\n"))
    [result] = catalogs.update(deck)
    entries = _entries(falling_copy / "locale" / "fr.po")
    assert entries["rulebook:setup.1"].string == ""  # the new paragraph
    assert entries["rulebook:setup.2"].string.startswith("Choisissez un donneur")  # moved, kept
    assert not entries["rulebook:setup.2"].fuzzy
    assert result.new == 1 and result.fuzzy == 0


def test_shipped_template_is_up_to_date(falling_dir: Path) -> None:
    """Like ``pybabel update --check``: run 'cardgen i18n update decks/falling' when this fails.
    (Its entries only: whether it is in gettext's line wrapping is test_shipped_catalogs_are_what_the_writer_writes.)"""
    deck = load_deck(falling_dir)
    shipped = catalogs.template_path(deck).read_bytes()
    fresh = catalogs.catalog_bytes(catalogs.make_template(deck))
    assert catalogs.same_entries(shipped, fresh)


def test_the_first_previous_english_survives_further_changes(tmp_path: Path) -> None:
    """FINDINGS F16: the English changes twice before the translator looks; ``#| msgid`` still shows
    the English the translation was made from, and an untranslated entry is not counted as new."""
    folder = tiny_deck(tmp_path, "complete")
    catalogs.init(load_deck(folder), "de")
    deck_file = folder / "deck.yaml"
    for text in ("Do nothing at all this round.", "Do nothing at all during this round."):
        deck_file.write_text(deck_file.read_text().replace(
            "text: Do nothing this round." if "at all" not in deck_file.read_text() else "text: Do nothing at all this round.",
            f"text: {text}"))
        results = {r.language: r for r in catalogs.update(load_deck(folder))}
        assert (results["fr"].fuzzy, results["de"].new) == (1, 0)
    po = (folder / "locale" / "fr.po").read_text()
    assert '#| msgid "Do nothing this round."\nmsgctxt "card:rest.text"\nmsgid "Do nothing at all during this round."' in po
    assert "#| msgid \"Do nothing at all this round.\"" not in po


def _clock_at(when: datetime):  # type: ignore[no-untyped-def]
    """``datetime`` as the catalogs module sees it, with ``now()`` stopped at ``when``."""
    class Clock(datetime):
        @classmethod
        def now(cls, tz=None):  # type: ignore[no-untyped-def, override]
            return when

    return Clock


def test_with_source_date_epoch_a_catalog_made_later_elsewhere_is_the_same_file(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``SOURCE_DATE_EPOCH`` sets the catalogs' dates, so ``i18n init`` is reproducible; without it they
    record the time they were made."""
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000000")  # 2023-11-14 22:13:20 UTC
    made = []
    for place, year in [("a", 2030), ("b", 2031)]:  # two runs, a year apart, in two folders
        monkeypatch.setattr(catalogs, "datetime", _clock_at(datetime(year, 5, 6, 7, 8, tzinfo=UTC)))
        deck = load_deck(tiny_deck(tmp_path / place))
        path, _ = catalogs.init(deck, "de")
        made.append((path.read_bytes(), catalogs.template_path(deck).read_bytes()))
    assert made[0] == made[1]
    assert b'"POT-Creation-Date: 2023-11-14 22:13+0000\\n"' in made[0][0]
    assert b'"PO-Revision-Date: 2023-11-14 22:13+0000\\n"' in made[0][0]
    monkeypatch.delenv("SOURCE_DATE_EPOCH")
    path, _ = catalogs.init(load_deck(tiny_deck(tmp_path / "c")), "de")
    assert b'"POT-Creation-Date: 2031-05-06 07:08+0000\\n"' in path.read_bytes()
