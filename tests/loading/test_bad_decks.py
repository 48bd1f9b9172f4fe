"""Every kind of bad deck input gives one clear line with file:line:col, exit 1, no output file."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from cardgen.cli import main
from tests.conftest import DATA

BAD = DATA / "decks" / "bad"

# case → (line, col, text the message must contain)
CASES = {
    "yaml-syntax-error": (20, 9, "YAML syntax error"),
    "unknown-key": (19, 5, "cards[0].cuont: unknown key 'cuont' — did you mean 'count'?"),
    "wrong-type": (25, 12, "cards[1].count: must be a positive integer"),
    "zero-count": (19, 12, "cards[0].count: must be a positive integer"),
    "negative-count": (25, 12, "cards[1].count: must be a positive integer"),
    "huge-count": (25, 12, "cards[1].count: must be at most 10000"),
    "unknown-size-preset": (9, 9, "print.card: unknown value 'pokr' — did you mean 'poker'?"),
    "length-without-unit": (10, 10, "print.bleed: a length needs a unit"),
    "missing-art-file": (26, 10, "cards[1].art: art file 'art/missing.png' not found"),
    "art-absolute-path": (26, 10, "not an absolute path"),
    "art-dotdot-path": (26, 10, "must not contain '..'"),
    "art-symlink-escape": (26, 10, "is a link that leads outside the deck folder"),
    "duplicate-card-ids": (22, 9, "cards[1].id: duplicate card id 'one'"),
    "bleed-too-large": (10, 10, "print.bleed: a bleed of 30.0mm is larger than the card can use"),
    "safe-too-large": (11, 9, "print.safe: a safe margin of 30.0mm leaves no room"),
    "python-tag": (5, 8, "YAML tag '!!python/object/apply:os.system' is not allowed"),
    "unknown-type": (24, 11, "cards[1].type: unknown card type 'bleu' — did you mean 'blue'?"),
    "unknown-layout": (8, 9, "layout: unknown layout 'base-crad' — did you mean 'base-card'?"),
    "bad-colour": (13, 30, "types.red.color: expected a colour"),
    "not-a-mapping": (1, 1, "a deck file must be a mapping"),
    "alias-bomb": (1, 14, "document expands to more than"),
    "decompression-bomb": (26, 10, "image has far too many pixels"),
    "teaching-note-unknown-card": (33, 13, "teaching[0].notes.thre: unknown card id 'thre'"),
}


@pytest.fixture
def bad_dir(tmp_path: Path) -> Path:
    """A private copy of the bad-deck fixtures, with the escaping symlink made for real."""
    target = tmp_path / "bad"
    shutil.copytree(BAD, target)
    outside = tmp_path / "outside.png"
    shutil.copy(BAD / "art" / "pattern.png", outside)
    os.symlink(outside, target / "art" / "escape.png")
    return target


@pytest.mark.parametrize("case", sorted(CASES))
@pytest.mark.parametrize("verb", ["validate", "build"])
def test_bad_deck_gives_one_line_error(case: str, verb: str, bad_dir: Path, tmp_path: Path, runner) -> None:
    line, col, text = CASES[case]
    deck_file = bad_dir / f"{case}.yaml"
    out = tmp_path / "out"
    args = [verb, str(deck_file)] + (["--out", str(out)] if verb == "build" else [])
    result = runner.invoke(main, args)
    assert result.exit_code == 1, result.output
    lines = [l for l in result.stderr.splitlines() if l.strip()]
    assert len(lines) == 1, result.stderr
    assert f"{case}.yaml:{line}:{col}: " in lines[0]
    assert text in lines[0]
    assert "Traceback" not in result.output
    assert not out.exists() or not any(out.iterdir())


def test_sheets_command_writes_nothing_on_bad_input(bad_dir: Path, tmp_path: Path, runner) -> None:
    target = tmp_path / "cards.pdf"
    result = runner.invoke(main, ["sheets", str(bad_dir / "zero-count.yaml"), "-o", str(target)])
    assert result.exit_code == 1
    assert not target.exists()


def test_several_problems_are_all_reported(tmp_path: Path, runner) -> None:
    text = (BAD.parent / "minimal" / "deck.yaml").read_text()
    text = text.replace("    count: 2\n", "    count: 0\n").replace("    count: 3\n", "    cuont: 3\n")
    deck = tmp_path / "deck.yaml"
    deck.write_text(text)
    result = runner.invoke(main, ["validate", str(deck)])
    assert result.exit_code == 1
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 3  # count: 0, the unknown 'cuont', and the now-missing count
    assert any("cards[0].count: must be a positive integer" in l for l in lines)
    assert any("did you mean 'count'?" in l for l in lines)
    assert any("cards[1].count: is required" in l for l in lines)


def test_missing_deck_folder(tmp_path: Path, runner) -> None:
    result = runner.invoke(main, ["validate", str(tmp_path / "nowhere")])
    assert result.exit_code == 1
    assert "deck file not found" in result.stderr


def test_a_deck_named_without_its_folder_is_pointed_at_it(tmp_path: Path, runner, monkeypatch) -> None:
    # round-5 review: `cardgen build my-game` (made by `cardgen new my-game` in decks/) said "try 'cardgen new NAME'"
    shutil.copytree(DATA / "decks" / "minimal", tmp_path / "decks" / "my-game")
    monkeypatch.chdir(tmp_path)
    for typed, meant in (("my-game", "my-game"), ("my-gmae", "my-game")):
        result = runner.invoke(main, ["validate", typed])
        assert result.exit_code == 1
        assert result.stderr == (f"error: {typed}: deck file not found — did you mean "
                                 f"'{Path('decks') / meant}'? A deck is named by its folder\n")


def test_failed_build_keeps_previous_output(falling_copy: Path, tmp_path: Path, runner) -> None:
    out = tmp_path / "out"
    assert runner.invoke(main, ["build", str(falling_copy), "--out", str(out)]).exit_code == 0
    good = (out / "cards-en.pdf").read_bytes()
    deck = falling_copy / "deck.yaml"
    deck.write_text(deck.read_text().replace("count: 8", "count: 0"))
    result = runner.invoke(main, ["build", str(falling_copy), "--out", str(out)])
    assert result.exit_code == 1
    assert (out / "cards-en.pdf").read_bytes() == good
    assert not [p for p in out.iterdir() if p.name.startswith(".")]


def test_a_stage_that_adds_a_card_already_in_play_is_refused(tmp_path: Path, runner) -> None:
    # round-5 review: `add: [strike]` after a stage that had strike was accepted; the rulebook then said "add Strike"
    deck = tmp_path / "deck"
    shutil.copytree(DATA / "decks" / "minimal", deck)
    text = (deck / "deck.yaml").read_text()
    (deck / "deck.yaml").write_text(text + "teaching:\n  - {stage: first, cards: [one]}\n  - {stage: second, add: [one]}\n")
    result = runner.invoke(main, ["validate", str(deck)])
    assert result.exit_code == 1
    line = text.count("\n") + 3
    assert result.stderr == (f"error: {deck / 'deck.yaml'}:{line}:27: teaching[1].add[0]: 'one' is already in play "
                             "from stage 'first' — add only cards that join the game here\n")
