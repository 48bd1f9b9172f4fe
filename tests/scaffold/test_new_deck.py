"""``cardgen new``: the new deck validates and builds as is, and nothing is ever overwritten."""

from __future__ import annotations

import json
from pathlib import Path

import pypdf
import pytest

from cardgen.cli import main
from cardgen.commands.schema import schema_text
from cardgen.layout.sizes import CARD_SIZES
from cardgen.loading import load_deck
from cardgen.loading.yaml_source import read_yaml
from cardgen.render.sheets import write_sheets
from cardgen.scaffold import TEMPLATES, create_deck, new_deck


@pytest.mark.parametrize("template", TEMPLATES)
def test_new_deck_validates_and_builds_cards_and_rulebook(template: str, runner, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    decks = tmp_path / "decks"
    result = runner.invoke(main, ["new", "my-game", "--from", template, "--dir", str(decks)])
    assert result.exit_code == 0, result.output
    folder = decks / "my-game"
    deck = load_deck(folder)
    assert deck.deck == "my-game" and deck.title == "My Game"
    assert {card.type for card in deck.cards} == set(deck.types)  # an example card of each kind
    layout = read_yaml(folder / "templates" / "my-game-card.yaml").data
    assert deck.layout == "my-game-card" and layout["extends"] == "base-card"
    assert (folder / "locale").is_dir() and not any((folder / "locale").iterdir())
    assert (folder / "rulebook.md").read_text().startswith("```cardgen\ntitle\n```")
    assert "#" in (folder / "deck.yaml").read_text().splitlines()[2]  # commented for the designer
    jsonschema = pytest.importorskip("jsonschema")
    jsonschema.validate(read_yaml(folder / "deck.yaml").data, json.loads(schema_text()))
    out = tmp_path / "out"
    result = runner.invoke(main, ["build", str(folder), "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert len(pypdf.PdfReader(out / "cards-en.pdf").pages) >= 2
    assert len(pypdf.PdfReader(out / "rulebook-en.pdf").pages) >= 1
    assert "preflight" not in result.output  # no problem to report: the first build is clean


@pytest.mark.parametrize("size", sorted(CARD_SIZES))
@pytest.mark.parametrize("template", TEMPLATES)
def test_new_deck_passes_a_strict_preflight(template: str, size: str, runner, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """A designer's first deck must not start with problems, at any size ``new`` offers: its type
    colours stay apart in greyscale, its texts fit inside the safe zone at 6.5 pt or more, its text
    colours read on their bands."""
    runner.invoke(main, ["new", "my-game", "--from", template, "--size", size, "--dir", str(tmp_path)])
    result = runner.invoke(main, ["preflight", str(tmp_path / "my-game"), "--strict"])
    assert result.exit_code == 0, result.output
    assert "passes" in result.output


@pytest.mark.parametrize("size", sorted(CARD_SIZES))
def test_every_card_size_builds(size: str, tmp_path: Path) -> None:
    made = create_deck("sized", parent=tmp_path, size=size)
    deck = load_deck(made.folder)
    assert deck.print.card == size
    result = write_sheets(deck, tmp_path / "cards.pdf")
    assert result.cards == deck.total_cards


def test_schema_comment_leads_to_the_schema_wherever_the_deck_lives(tmp_path: Path) -> None:
    jsonschema = pytest.importorskip("jsonschema")
    made = create_deck("travels", parent=tmp_path / "anywhere")
    first = (made.folder / "deck.yaml").read_text().splitlines()[0]
    assert first == "# yaml-language-server: $schema=deck.schema.json"
    copy = made.folder / "deck.schema.json"
    assert copy.read_text() == schema_text()
    jsonschema.validate(read_yaml(made.folder / "deck.yaml").data, json.loads(copy.read_text()))


def test_in_a_source_checkout_the_comment_points_at_the_committed_schema(tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setattr(new_deck, "source_checkout", lambda: tmp_path)
    made = create_deck("local", parent=tmp_path / "decks")
    first = (made.folder / "deck.yaml").read_text().splitlines()[0]
    reference = first.split("$schema=")[1]
    assert not (made.folder / "deck.schema.json").exists()
    assert (made.folder / reference).resolve() == new_deck.package_schema().resolve()


def test_an_existing_folder_is_never_overwritten(runner, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    folder = tmp_path / "my-game"
    folder.mkdir()
    (folder / "deck.yaml").write_text("mine\n")
    result = runner.invoke(main, ["new", "my-game", "--dir", str(tmp_path)])
    assert result.exit_code == 1
    lines = result.output.splitlines()
    assert len(lines) == 1 and "my-game: a deck folder of that name already exists" in lines[0]
    assert (folder / "deck.yaml").read_text() == "mine\n" and sorted(p.name for p in tmp_path.iterdir()) == ["my-game"]


@pytest.mark.parametrize("name", ["My-Game", "../escape", "a b", "-x"])
def test_a_bad_name_is_a_bad_flag(name: str, runner, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    result = runner.invoke(main, ["new", name, "--dir", str(tmp_path)])
    assert result.exit_code == 2
    assert list(tmp_path.iterdir()) == []


def test_a_failure_half_way_leaves_nothing(tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    def broken() -> object:
        raise OSError("disk full")

    monkeypatch.setattr("cardgen.commands.schema.schema_text", broken)
    with pytest.raises(OSError):
        create_deck("half", parent=tmp_path)
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("template", TEMPLATES)
def test_a_long_deck_name_still_starts_clean(template: str, runner, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """The name goes on the back and the rulebook, not into the one-line credit on every face."""
    name = "lighthouse-keepers"  # "Lighthouse Keepers": fits the back of a mini card; with a credit after it, a face's foot would not
    runner.invoke(main, ["new", name, "--from", template, "--size", "mini", "--dir", str(tmp_path)])
    result = runner.invoke(main, ["preflight", str(tmp_path / name), "--strict"])
    assert result.exit_code == 0, result.output


@pytest.mark.parametrize("template", TEMPLATES)
@pytest.mark.parametrize("name", ["x", "my-game", "lighthouse-keepers"])
def test_the_header_comment_lines_its_two_commands_up(template: str, name: str, tmp_path: Path) -> None:
    # round-5 review: "with     cardgen build …" over "with                       cardgen watch …"
    made = create_deck(name, parent=tmp_path, template=template)
    lines = (made.folder / "deck.yaml").read_text().splitlines()[:8]
    build = next(line for line in lines if "cardgen build" in line)
    watch = next(line for line in lines if "cardgen watch" in line)
    assert build.index("cardgen build") == watch.index("cardgen watch")
