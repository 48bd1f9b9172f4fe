"""``cardgen rulebook`` and the rulebook product of ``cardgen build``, as a user runs them."""

from __future__ import annotations

import re
from pathlib import Path

import pypdf
from babel.messages.pofile import read_po

from cardgen.cli import main
from tests.conftest import FALLING
from tests.pdf_tools import pdf_text


def test_rulebook_in_french(runner, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    out = tmp_path / "regles.pdf"
    result = runner.invoke(main, ["rulebook", str(FALLING), "--lang", "fr", "-o", str(out)])
    assert result.exit_code == 0, result.output
    pages = len(pypdf.PdfReader(out).pages)
    assert result.output == f"wrote {out}: {pages} pages\n"
    assert "Le principe du jeu" in pdf_text(out)


def test_rulebook_booklet_on_letter(runner, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    out = tmp_path / "booklet.pdf"
    result = runner.invoke(main, ["rulebook", str(FALLING), "--paper", "letter", "--booklet", "-o", str(out)])
    assert result.exit_code == 0, result.output
    assert re.match(rf"wrote {re.escape(str(out))}: \d+ pages on \d+ sheets \(print double-sided", result.output)
    page = pypdf.PdfReader(out).pages[0]
    assert (round(float(page.mediabox.width)), round(float(page.mediabox.height))) == (792, 612)


def test_bad_flags_exit_2_and_a_deck_without_rulebook_exits_1(runner, tmp_path: Path, minimal_copy: Path) -> None:  # type: ignore[no-untyped-def]
    bad = runner.invoke(main, ["rulebook", str(FALLING), "--paper", "a5", "-o", str(tmp_path / "x.pdf")])
    assert bad.exit_code == 2
    assert bad.output.splitlines()[-1] == "Error: Invalid value for '--paper': 'a5' is not one of 'a4', 'letter'."
    assert not (tmp_path / "x.pdf").exists()
    none = runner.invoke(main, ["rulebook", str(minimal_copy), "-o", str(tmp_path / "x.pdf")])
    assert none.exit_code == 1
    assert none.stderr.strip().endswith("rulebook.md: this deck has no rulebook — write rulebook.md beside deck.yaml "
                                        "(see decks/falling/rulebook.md)")
    assert len(none.stderr.strip().splitlines()) == 1


def test_build_writes_cards_rulebook_and_walkthrough_in_both_languages(runner, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    out = tmp_path / "out"
    result = runner.invoke(main, ["build", str(FALLING), "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert sorted(p.name for p in out.iterdir()) == ["cards-en.pdf", "cards-fr.pdf", "rulebook-en.pdf", "rulebook-fr.pdf",
                                                    "walkthrough-en.pdf", "walkthrough-fr.pdf"]
    # the French card sheet holds French card text and none of the English
    text = pdf_text(out / "cards-fr.pdf")
    with (FALLING / "locale" / "fr.po").open("rb") as handle:
        catalog = read_po(handle)
    for message in catalog:
        if not message.id or not message.context.startswith(("card:", "type:", "deck:")) or message.id == message.string:
            continue
        plain = message.id.replace("**", "")
        if " " in plain:
            assert plain not in text.replace("\r\n", " "), message.context
        else:
            assert not re.search(rf"\b{re.escape(plain)}\b", text), message.context
    assert "Frappe" in text and "Posez-la en travers devant un joueur." in text.replace("\r\n", " ")
