"""Cards from a table (``cards_from: cards.csv`` or ``cards.xlsx``), checked exactly like YAML cards.

One row per card; the header row names card fields (``id``, ``name``, ``type``, ``count``,
``text``, ``icon``, ``art``, ``stats.<key>``), in any order and any case. Empty cells take the
field's default, blank rows and columns whose header starts with ``#`` (notes) are skipped.
Each row is validated as a :class:`CardSpec`, so a row fails exactly where the same card would in
YAML, reported at the table's row and column::

    decks/x/cards.csv:14: count: must be a positive integer (column D)
"""

from __future__ import annotations

import csv
import difflib
import io
import re
import warnings
import zipfile
from dataclasses import dataclass, field
from datetime import date, datetime, time
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from cardgen.errors import CardgenError, DeckError, ProblemList
from cardgen.loading.containment import ContainmentError, FileMissing, check_reference, read_deck_file
from cardgen.loading.validation import errors_from_validation
from cardgen.loading.yaml_source import Key, Located
from cardgen.model.deck import MAX_DECK_CARDS, CardSpec

TABLE_SUFFIXES = (".csv", ".tsv", ".xlsx")
MAX_XLSX_UNPACKED = 200_000_000
"""A spreadsheet is a zip archive: refuse one that would unpack to more than this (zip bombs)."""
MAX_ROWS = MAX_DECK_CARDS
_INTEGER = re.compile(r"^[-+]?\d+$")


@dataclass(frozen=True)
class TableRow:
    """One card row: where it is (file line for CSV, sheet row for XLSX) and its non-empty cells."""

    line: int
    cells: dict[str, str]


@dataclass(frozen=True)
class Table:
    """A card table as read: shown path, deck-relative reference, header row and card rows."""

    path: Path
    reference: str
    columns: dict[str, int]
    """Field name → 0-based column index."""
    header_line: int
    rows: list[TableRow]
    spreadsheet: bool

    def where(self, column: str, line: int) -> str:
        """``column D`` (CSV) or ``cell D14`` (XLSX) for a field name, or '' for a missing column."""
        index = self.columns.get(column)
        if index is None:
            return ""
        letter = column_letter(index)
        return f"cell {letter}{line}" if self.spreadsheet else f"column {letter}"

    def error(self, line: int, column: str, message: str, *, hint: str | None = None) -> DeckError:
        where = self.where(column, line)
        return DeckError(message + (f" ({where})" if where else ""), path=self.path, line=line, field=column or None,
                         hint=hint)


def column_letter(index: int) -> str:
    """0 → A, 25 → Z, 26 → AA (spreadsheet column names)."""
    letters = ""
    index += 1
    while index:
        index, rest = divmod(index - 1, 26)
        letters = chr(ord("A") + rest) + letters
    return letters


def card_columns() -> list[str]:
    """The column names a card table accepts (``stats.<key>`` besides these)."""
    return [name for name in CardSpec.model_fields if name != "stats"]


# -- reading ------------------------------------------------------------------------------------
def read_table(folder: Path, reference: str, *, shown_folder: Path, located: Located) -> Table:
    """Read the table ``reference`` (deck-relative, ``file.xlsx#Sheet`` for a sheet) from ``folder``."""
    key: Key = ("cards_from",)
    name, _, sheet = reference.partition("#") if reference.lower().partition("#")[0].endswith(".xlsx") else (reference, "", "")
    try:
        suffix = check_reference(name).suffix.lower()
    except ContainmentError as exc:
        raise located.error(key, f"'{name}' {exc}") from None
    if suffix not in TABLE_SUFFIXES:
        hint = "save it as .xlsx or as CSV UTF-8" if suffix in (".xls", ".ods", ".numbers") else None
        raise located.error(key, f"'{name}' is not a card table", hint=hint or "use a .csv, .tsv or .xlsx file")
    try:
        raw = read_deck_file(folder, name, "table")
    except FileMissing:
        raise located.error(key, f"table '{name}' not found", hint=f"looked in {shown_folder}/") from None
    except ContainmentError as exc:
        raise located.error(key, f"'{name}' {exc}") from None
    shown = shown_folder / name
    if suffix == ".xlsx":
        header, rows, header_line = _xlsx_rows(raw, shown, sheet, located)
    else:
        header, rows, header_line = _csv_rows(raw, shown, tab=suffix == ".tsv")
    columns = _columns(header, shown, header_line, spreadsheet=suffix == ".xlsx")
    table_rows = []
    for line, values in rows:
        cells = {column: values[index].strip() for column, index in columns.items()
                 if index < len(values) and values[index].strip()}
        first = next((v.strip() for v in values if v.strip()), "")
        if not cells or first.startswith("#"):
            continue  # a blank row, or a row commented out
        table_rows.append(TableRow(line, cells))
        if len(table_rows) > MAX_ROWS:
            raise DeckError(f"more than {MAX_ROWS} card rows", path=shown, line=line, hint="split the deck")
    table = Table(path=shown, reference=name, columns=columns, header_line=header_line, rows=table_rows,
                  spreadsheet=suffix == ".xlsx")
    if not table_rows:
        raise DeckError("the table has no card rows", path=shown, line=header_line + 1,
                        hint="add one row per card under the header (id, name, type, count, …)")
    return table


def _csv_rows(raw: bytes, shown: Path, *, tab: bool) -> tuple[list[str], list[tuple[int, list[str]]], int]:
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        good = raw[: exc.start].decode("utf-8-sig", errors="replace")
        raise DeckError(f"not UTF-8 text (byte 0x{raw[exc.start]:02x})", path=shown, line=good.count("\n") + 1,
                        hint="save it as 'CSV UTF-8' (Excel) or choose UTF-8 when exporting") from None
    if "\x00" in text:
        raise DeckError("not a text table (it contains NUL bytes)", path=shown, hint="save it as CSV UTF-8")
    first_line = text.split("\n", 1)[0]
    delimiter = "\t" if tab else max(",;\t", key=first_line.count)
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter, strict=True)
    records: list[tuple[int, list[str]]] = []
    while True:
        start = reader.line_num + 1
        try:
            values = next(reader)
        except StopIteration:
            break
        except csv.Error as exc:
            raise DeckError(f"CSV syntax error: {exc}", path=shown, line=start,
                            hint="a cell holding the delimiter, a quote or a line break must be in double quotes, "
                                 'with quotes inside it doubled ("")') from None
        records.append((start, values))
    while records and not any(v.strip() for v in records[0][1]):
        records.pop(0)
    if not records:
        raise DeckError("the table is empty", path=shown, line=1,
                        hint="the first row names the columns: id, name, type, count, text …")
    (header_line, header), rest = records[0], records[1:]
    return header, rest, header_line


def _xlsx_rows(raw: bytes, shown: Path, sheet: str, located: Located) -> tuple[list[str], list[tuple[int, list[str]]], int]:
    try:
        with zipfile.ZipFile(io.BytesIO(raw)) as archive:
            unpacked = sum(info.file_size for info in archive.infolist())
    except (zipfile.BadZipFile, OSError):
        raise DeckError("not a readable .xlsx workbook", path=shown, hint="save it again from your spreadsheet as .xlsx") from None
    if unpacked > MAX_XLSX_UNPACKED:
        raise DeckError(f"the workbook unpacks to more than {MAX_XLSX_UNPACKED // 1_000_000} MB", path=shown)
    import openpyxl

    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # openpyxl warns about styles and extensions it does not read
            book = openpyxl.load_workbook(io.BytesIO(raw), read_only=True, data_only=True)
    except Exception as exc:  # openpyxl raises many kinds for a damaged file
        raise DeckError(f"not a readable .xlsx workbook ({exc.__class__.__name__})", path=shown,
                        hint="save it again from your spreadsheet as .xlsx") from None
    try:
        if sheet:
            if sheet not in book.sheetnames:
                close = difflib.get_close_matches(sheet, book.sheetnames, n=1)
                raise located.error(("cards_from",), f"no sheet '{sheet}' in '{shown.name}'",
                                    hint=f"did you mean '{close[0]}'?" if close else f"sheets: {', '.join(book.sheetnames)}")
            worksheet = book[sheet]
        else:
            worksheet = book.worksheets[0]
        records = [(number, [_cell_text(v) for v in values])
                   for number, values in enumerate(worksheet.iter_rows(min_row=1, values_only=True), start=1)]
    finally:
        book.close()
    records = [(n, v) for n, v in records if any(cell.strip() for cell in v)]
    if not records:
        raise DeckError("the sheet is empty", path=shown, line=1,
                        hint="the first row names the columns: id, name, type, count, text …")
    (header_line, header), rest = records[0], records[1:]
    return header, rest, header_line


def _cell_text(value: Any) -> str:
    """A spreadsheet cell as the text it shows (8.0 → '8')."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    if isinstance(value, (datetime, date, time)):
        return value.isoformat()
    return str(value)


def _columns(header: list[str], shown: Path, line: int, *, spreadsheet: bool) -> dict[str, int]:
    known = card_columns()
    by_lower = {name.lower(): name for name in known}
    columns: dict[str, int] = {}
    for index, raw in enumerate(header):
        title = raw.strip()
        letter = column_letter(index)
        where = f"cell {letter}{line}" if spreadsheet else f"column {letter}"
        if not title or title.startswith("#"):
            continue  # unnamed (trailing empty) columns and note columns
        lowered = title.lower()
        if lowered in by_lower:
            name = by_lower[lowered]
        elif lowered.startswith("stats.") and len(title) > len("stats."):
            name = "stats." + title[len("stats."):]
        else:
            close = difflib.get_close_matches(lowered, known, n=1, cutoff=0.6)
            hint = f"did you mean '{close[0]}'?" if close else (
                f"columns: {', '.join(known)}, stats.<key>; start a header with # for a notes column")
            raise DeckError(f"unknown column '{title}' ({where})", path=shown, line=line, field=title, hint=hint)
        if name in columns:
            raise DeckError(f"column '{title}' appears twice ({where})", path=shown, line=line, field=title,
                            hint=f"the first is column {column_letter(columns[name])}")
        columns[name] = index
    return columns


# -- rows → cards --------------------------------------------------------------------------------
def row_card(row: TableRow) -> dict[str, Any]:
    """A row as the mapping a YAML card would be (``stats.x`` cells gathered, whole numbers as ints)."""
    card: dict[str, Any] = {}
    for column, value in row.cells.items():
        if column.startswith("stats."):
            card.setdefault("stats", {})[column[len("stats."):]] = int(value) if _INTEGER.match(value) else value
        else:
            card[column] = value
    return card


def check_rows(table: Table) -> list[dict[str, Any]]:
    """Every row validated as a card; raises one error per bad cell (all rows are checked)."""
    problems: list[CardgenError] = []
    cards: list[dict[str, Any]] = []
    for row in table.rows:
        card = row_card(row)
        try:
            CardSpec.model_validate(card)
        except ValidationError as exc:
            located_row = Located(data=card, path=table.path, positions={})
            for problem in errors_from_validation(exc, located_row, model=CardSpec):
                column = problem.field or ""
                hint = problem.hint
                if column not in table.columns and problem.message == "is required":
                    hint = f"add a '{column}' column" if column else hint
                problems.append(table.error(row.line, column, problem.message, hint=hint))
            continue
        cards.append(card)
    if problems:
        raise problems[0] if len(problems) == 1 else ProblemList(f"{len(problems)} problems", items=problems)
    return cards


# -- the deck file with its table cards ------------------------------------------------------------
@dataclass
class TableLocated(Located):
    """The deck file's data with the table's cards appended to ``cards``.

    Errors about a table card (unknown type, duplicate id, missing art …) point at its row and
    column in the table; everything else at the deck file as before.
    """

    table: Table | None = None
    first_table_card: int = 0
    table_rows: list[TableRow] = field(default_factory=list)

    def _row(self, key: Key) -> TableRow | None:
        if len(key) >= 2 and key[0] == "cards" and isinstance(key[1], int) and key[1] >= self.first_table_card:
            index = key[1] - self.first_table_card
            if index < len(self.table_rows):
                return self.table_rows[index]
        return None

    def where(self, key: Key) -> tuple[int | None, int | None]:
        if self._row(key) is not None:
            return super().where(("cards_from",))
        return super().where(key)

    def error(self, key: Key, message: str, *, hint: str | None = None, field_name: str | None = None) -> DeckError:
        row = self._row(key)
        if row is None or self.table is None:
            return super().error(key, message, hint=hint, field_name=field_name)
        column = ".".join(str(part) for part in key[2:]) or "id"
        if hint:  # 'cards[3] already uses it' → 'row 5 already uses it'
            hint = re.sub(r"cards\[(\d+)\]", lambda m: self._describe(int(m.group(1))), hint)
        return self.table.error(row.line, column, message, hint=hint)

    def _describe(self, index: int) -> str:
        row = self._row(("cards", index))
        return f"row {row.line}" if row is not None else f"cards[{index}] of {self.path.name}"

    def source(self, key: Key) -> tuple[str, int | None]:
        """(deck-relative file, line) of a key, for translators' references."""
        row = self._row(key)
        if row is not None and self.table is not None:
            return self.table.reference, row.line
        return "", self.where(key)[0]


def with_table_cards(located: Located, *, folder: Path, shown_folder: Path) -> Located:
    """``located`` unchanged, or — when the deck names ``cards_from`` — with the table's cards added."""
    data = located.data
    if not isinstance(data, dict) or data.get("cards_from") is None:
        return located
    reference = data["cards_from"]
    if not isinstance(reference, str) or not reference.strip():
        raise located.error(("cards_from",), "must name a table file, e.g. cards.csv")
    table = read_table(folder, reference.strip(), shown_folder=shown_folder, located=located)
    cards = check_rows(table)
    listed = data.get("cards", [])
    if not isinstance(listed, list):
        return located  # the deck file's own 'cards' is malformed: validation reports that
    merged = {**data, "cards": listed + cards}
    return TableLocated(data=merged, path=located.path, positions=located.positions, text=located.text, table=table,
                        first_table_card=len(listed), table_rows=list(table.rows))
