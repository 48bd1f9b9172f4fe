"""Cards from CSV and XLSX tables: same cards as YAML, errors at the table's row and column."""

from __future__ import annotations

import csv
import hashlib
import shutil
from pathlib import Path

import pytest

from cardgen.cli import main
from cardgen.errors import CardgenError
from cardgen.loading import load_deck
from cardgen.loading.tables import column_letter
from cardgen.render.sheets import write_sheets
from tests.conftest import DATA

CSV_DECK = DATA / "decks" / "csv-cards"
BAD = DATA / "decks" / "bad"


def _sha(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def test_csv_deck_has_the_same_cards_as_the_yaml_deck() -> None:
    from_table = load_deck(CSV_DECK)
    from_yaml = load_deck(CSV_DECK / "same-cards-in-yaml.yaml")
    assert [c.id for c in from_table.cards] == ["hit", "split", "skip", "push", "stop", "ground"]  # '#grab' skipped
    assert from_table.cards == from_yaml.cards
    assert from_table.card("skip").stats == {"speed": "fast"} and from_table.card("hit").stats == {"speed": 3}
    assert "\n" in from_table.card("split").text


def test_csv_deck_builds_byte_identical_sheets_to_the_yaml_deck(tmp_path: Path) -> None:
    write_sheets(load_deck(CSV_DECK), tmp_path / "table.pdf")
    write_sheets(load_deck(CSV_DECK / "same-cards-in-yaml.yaml"), tmp_path / "yaml.pdf")
    assert _sha(tmp_path / "table.pdf") == _sha(tmp_path / "yaml.pdf")


def test_xlsx_deck_has_the_same_cards_as_the_csv_deck(tmp_path: Path) -> None:
    openpyxl = pytest.importorskip("openpyxl")
    deck_dir = tmp_path / "xlsx-cards"
    shutil.copytree(CSV_DECK, deck_dir)
    book = openpyxl.Workbook()
    notes = book.active
    notes.title = "Notes"
    notes.append(["This sheet is not read: deck.yaml picks the Cards sheet"])
    sheet = book.create_sheet("Cards")
    with (CSV_DECK / "cards.csv").open(newline="", encoding="utf-8") as handle:
        for row in csv.reader(handle):
            # numbers as spreadsheet numbers, as a designer's sheet holds them
            sheet.append([int(v) if v.isdigit() else (v or None) for v in row])
    book.save(deck_dir / "cards.xlsx")
    deck_file = deck_dir / "deck.yaml"
    deck_file.write_text(deck_file.read_text().replace("cards_from: cards.csv", "cards_from: cards.xlsx#Cards"))
    assert load_deck(deck_dir).cards == load_deck(CSV_DECK).cards


def test_xlsx_errors_name_the_cell(tmp_path: Path) -> None:
    openpyxl = pytest.importorskip("openpyxl")
    deck_dir = tmp_path / "deck"
    shutil.copytree(CSV_DECK, deck_dir)
    book = openpyxl.Workbook()
    sheet = book.active
    sheet.append(["ID", "Name", "Type", "Count"])  # headers in any case
    sheet.append(["one", "One", "rider", 2])
    sheet.append(["two", "Two", "rider", 2.5])
    book.save(deck_dir / "cards.xlsx")
    deck_file = deck_dir / "deck.yaml"
    deck_file.write_text(deck_file.read_text().replace("cards_from: cards.csv", "cards_from: cards.xlsx"))
    with pytest.raises(CardgenError) as caught:
        load_deck(deck_dir)
    assert caught.value.format().endswith("cards.xlsx:3: count: must be a positive integer (cell D3)")


# case → the one line the user sees (after 'error: <bad folder>/')
BAD_TABLES = {
    "table-bad-count": "table-bad-count.csv:14: count: must be a positive integer (column D)",
    "table-unknown-column": "table-unknown-column.csv:1: cuont: unknown column 'cuont' (column D) — did you mean 'count'?",
    "table-unknown-type": "table-unknown-type.csv:3: type: unknown card type 'bleu' (column C) — did you mean 'blue'?",
    "table-duplicate-id": "table-duplicate-id.csv:3: id: duplicate card id 'one' (column A) — row 2 already uses it",
    "table-semicolons": "table-semicolons.csv:3: count: is required (column D)",
    "table-bad-quote": "table-bad-quote.csv:2: CSV syntax error",
    "table-not-utf8": "table-not-utf8.csv:2: not UTF-8 text (byte 0xe9) — save it as 'CSV UTF-8'",
    "table-outside-folder": "table-outside-folder.yaml:8:13: cards_from: '../outside.csv' must not contain '..'",
    "table-missing-file": "table-missing-file.yaml:8:13: cards_from: table 'no-such-table.csv' not found",
}


@pytest.mark.parametrize("case", sorted(BAD_TABLES))
def test_bad_table_gives_one_line_at_row_and_column(case: str, runner, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    out = tmp_path / "out"
    result = runner.invoke(main, ["build", str(BAD / f"{case}.yaml"), "--out", str(out)])
    assert result.exit_code == 1, result.output
    lines = [line for line in result.output.splitlines() if line]
    assert len(lines) == 1, lines
    assert lines[0].startswith("error: ") and BAD_TABLES[case] in lines[0]
    assert "Traceback" not in result.output
    assert not out.exists() or not any(out.iterdir())


def test_every_bad_row_is_reported(tmp_path: Path) -> None:
    deck_dir = tmp_path / "deck"
    shutil.copytree(CSV_DECK, deck_dir)
    (deck_dir / "cards.csv").write_text("id,name,type,count\nOne,One,rider,2\ntwo,,rider,-1\n")
    with pytest.raises(CardgenError) as caught:
        load_deck(deck_dir)
    lines = [p.format().split("cards.csv:")[1] for p in caught.value.problems]
    assert lines == ["2: id: an id uses lower-case letters, digits, '-' and '_' (e.g. 'extra-hit') (column A)",
                     "3: name: is required (column B)", "3: count: must be a positive integer (column D)"]


def test_table_and_yaml_cards_combine_in_order(tmp_path: Path) -> None:
    deck_dir = tmp_path / "deck"
    shutil.copytree(CSV_DECK, deck_dir)
    deck_file = deck_dir / "deck.yaml"
    deck_file.write_text(deck_file.read_text() + "cards:\n  - {id: extra, name: Extra, type: rider, count: 1}\n")
    assert [c.id for c in load_deck(deck_dir).cards][:2] == ["extra", "hit"]


def test_a_table_symlinked_from_outside_is_refused(tmp_path: Path) -> None:
    deck_dir = tmp_path / "deck"
    shutil.copytree(CSV_DECK, deck_dir)
    outside = tmp_path / "outside.csv"
    shutil.move(deck_dir / "cards.csv", outside)
    (deck_dir / "cards.csv").symlink_to(outside)
    with pytest.raises(CardgenError, match="leads outside the deck folder"):
        load_deck(deck_dir)


def test_column_letters_follow_spreadsheets() -> None:
    assert [column_letter(i) for i in (0, 3, 25, 26, 27, 701, 702)] == ["A", "D", "Z", "AA", "AB", "ZZ", "AAA"]


def test_translators_are_pointed_at_the_table_row() -> None:
    from cardgen.i18n.messages import deck_messages

    where = {m.context: (m.file, m.line) for m in deck_messages(load_deck(CSV_DECK))}
    assert where["card:hit.name"] == ("cards.csv", 2)
    assert where["card:skip.text"] == ("cards.csv", 5)  # after split's two-line cell
    assert where["card:ground.name"] == ("cards.csv", 10)
    assert where["deck:title"] == ("deck.yaml", 5)


def test_schema_accepts_a_deck_whose_cards_come_from_a_table() -> None:
    import json

    jsonschema = pytest.importorskip("jsonschema")
    from cardgen.commands.schema import schema_text
    from cardgen.loading.yaml_source import read_yaml

    schema = json.loads(schema_text())
    assert {"cards_from", "themes"} <= set(schema["properties"])
    data = read_yaml(CSV_DECK / "deck.yaml").data
    jsonschema.validate(data, schema)
    with pytest.raises(jsonschema.ValidationError):  # neither cards nor cards_from
        jsonschema.validate({k: v for k, v in data.items() if k != "cards_from"}, schema)
