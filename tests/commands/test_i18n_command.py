"""The translator's workflow from the command line: extract, init, update, check, build."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

from babel.messages.pofile import read_po, write_po

from cardgen.cli import main
from tests.conftest import FALLING
from tests.i18n.helpers import tiny_deck


def test_extract_init_update(runner, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    folder = tiny_deck(tmp_path)
    result = runner.invoke(main, ["i18n", "extract", str(folder)])
    assert result.exit_code == 0 and result.output == f"wrote {folder / 'locale' / 'tiny.pot'}: 25 strings\n"
    result = runner.invoke(main, ["i18n", "init", str(folder), "de"])
    assert result.exit_code == 0
    assert result.output.startswith(f"wrote {folder / 'locale' / 'de.po'}: 25 strings to translate\n")
    again = runner.invoke(main, ["i18n", "init", str(folder), "de"])
    assert again.exit_code == 1 and "a catalog for this language already exists" in again.stderr
    result = runner.invoke(main, ["i18n", "update", str(folder)])
    assert result.exit_code == 0
    assert "de: unchanged — 25 kept, 0 fuzzy (English changed), 0 new, 0 obsolete" in result.output


def test_unknown_language_is_a_bad_parameter(runner, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    result = runner.invoke(main, ["i18n", "init", str(tiny_deck(tmp_path)), "klingon"])
    assert result.exit_code == 2
    assert "unknown language code 'klingon'" in result.output + result.stderr


def _translate_some(po: Path, translations: dict[str, str]) -> None:
    with po.open("rb") as handle:
        catalog = read_po(handle)
    for message in catalog:
        if message.context in translations:
            message.string = translations[message.context]
    with po.open("wb") as handle:
        write_po(handle, catalog, width=0)


def test_a_new_language_from_init_to_build(runner, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    deck = tmp_path / "falling"
    shutil.copytree(FALLING, deck)
    assert runner.invoke(main, ["i18n", "init", str(deck), "de"]).exit_code == 0
    _translate_some(deck / "locale" / "de.po", {
        "card:hit.name": "Schlag", "card:stop.name": "Halt", "rulebook:idea.title": "Worum es geht",
        "diagram:table.dealer": "Geber", "diagram:table.player": "Spieler {n}",
    })
    with (deck / "locale" / "de.po").open("rb") as handle:
        total = sum(1 for message in read_po(handle) if message.id)
    missing = total - 5
    out = tmp_path / "out"
    refused = runner.invoke(main, ["build", str(deck), "--lang", "de", "--out", str(out)])
    assert refused.exit_code == 1
    assert re.search(r"de\.po:\d+: deck:title: missing: not translated yet", refused.stderr)
    assert f"{missing} of {total} strings are not ready in 'de'" in refused.stderr
    assert not out.exists() or not list(out.glob("*.pdf"))
    built = runner.invoke(main, ["build", str(deck), "--lang", "de", "--out", str(out), "--allow-untranslated"])
    assert built.exit_code == 0, built.output
    assert f"note: de: {missing} of {total} strings are not translated; English is used for them" in built.stderr
    assert sorted(p.name for p in out.glob("*.pdf")) == ["cards-de.pdf", "rulebook-de.pdf", "walkthrough-de.pdf"]
    from tests.pdf_tools import pdf_text

    text = pdf_text(out / "rulebook-de.pdf")
    assert "Worum es geht" in text and "Spieler 3" in text and "Geber" in text
    checked = runner.invoke(main, ["i18n", "check", str(deck), "de"])
    assert checked.exit_code == 1
    assert checked.output.startswith(f"de: 5/{total} translated ({round(5 * 100 / total)}%), 0 fuzzy, {missing} missing, "
                                     "0 with problems")
