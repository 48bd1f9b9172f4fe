"""The report's pages: no table leaves a lone row on either side of a page break, and no page is
near-empty (round-5 review R13: `simulate --games 1000 --players 4..8` opened page 2 with the seat
table's last row alone; keeping two rows together had grown a near-empty fourth page)."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any, ClassVar

import pytest
from reportlab.platypus import Table

from cardgen.cli import main
from cardgen.games.falling import report
from tests.conftest import ROOT


class _RecordingDoc(report.BookDoc):  # type: ignore[misc,name-defined]
    """The report's document, noting each table part it places: (page, header, body rows)."""

    made: ClassVar[list[_RecordingDoc]] = []

    def __init__(self, target: Any, **kwargs: Any) -> None:
        super().__init__(target, **kwargs)
        self.target = target
        _RecordingDoc.made.append(self)

    def beforeDocument(self) -> None:  # noqa: N802 (reportlab's name)
        super().beforeDocument()
        self.parts: list[tuple[int, tuple[str, ...], int]] = []

    def afterFlowable(self, flowable: Any) -> None:  # noqa: N802 (reportlab's name)
        super().afterFlowable(flowable)
        if isinstance(flowable, Table) and flowable.repeatRows:
            header = tuple(_plain(cell) for cell in flowable._cellvalues[0])
            self.parts.append((self.page, header, len(flowable._cellvalues) - flowable.repeatRows))


def _plain(cell: Any) -> str:
    """A cell's text (reportlab keeps a cell's flowables in a tuple once laid out)."""
    if isinstance(cell, (list, tuple)):
        return " ".join(_plain(part) for part in cell)
    return cell.getPlainText() if hasattr(cell, "getPlainText") else str(cell)


def _written(tmp_path: Path, runner: Any, monkeypatch: pytest.MonkeyPatch, args: list[str]) -> _RecordingDoc:
    """Run `cardgen simulate … --report`; the document whose bytes were written."""
    _RecordingDoc.made = []
    monkeypatch.setattr(report, "BookDoc", _RecordingDoc)
    target = tmp_path / "stats.pdf"
    result = runner.invoke(main, ["simulate", str(ROOT / "decks" / "falling"), *args, "--report", str(target)])
    assert result.exit_code == 0, result.output
    written = target.read_bytes()
    kept = [doc for doc in _RecordingDoc.made if isinstance(doc.target, io.BytesIO) and doc.target.getvalue() == written]
    if not kept and len(_RecordingDoc.made) == 1:  # one layout, written straight to the file
        kept = _RecordingDoc.made
    assert kept, "the written report is none of the layouts made"
    return kept[0]


CASES = [["--games", "1000", "--players", "4..8"], ["--games", "300", "--players", "4..6"],
         ["--games", "200", "--players", "3..10"]]


@pytest.mark.parametrize("args", CASES, ids=[" ".join(a) for a in CASES])
def test_no_table_split_leaves_fewer_than_two_rows_on_a_page(tmp_path: Path, runner: Any,
                                                             monkeypatch: pytest.MonkeyPatch, args: list[str]) -> None:
    doc = _written(tmp_path, runner, monkeypatch, args)
    tables: list[list[tuple[int, int]]] = []  # each table: its parts' (page, body rows)
    previous: tuple[int, tuple[str, ...]] | None = None
    for page, header, rows in doc.parts:
        if previous is not None and previous[1] == header and page == previous[0] + 1:
            tables[-1].append((page, rows))  # the same table, run onto the next page (its header repeated)
        else:
            tables.append([(page, rows)])
        previous = (page, header)
    split = [parts for parts in tables if len(parts) > 1]
    lone = [parts for parts in split if any(rows < 2 for _, rows in parts)]
    assert not lone, f"a table split leaves a lone row: (page, rows) {lone}"


@pytest.mark.parametrize("args", CASES, ids=[" ".join(a) for a in CASES])
def test_no_page_of_the_report_is_near_empty(tmp_path: Path, runner: Any, monkeypatch: pytest.MonkeyPatch,
                                             args: list[str]) -> None:
    doc = _written(tmp_path, runner, monkeypatch, args)
    pages = int(doc.page)
    used = [round(doc.used.get(page, 0.0), 2) for page in range(1, pages + 1)]
    assert all(fill >= report.MIN_INNER_PAGE for fill in used[:-1]), used
    assert used[-1] >= report.SHORT_LAST_PAGE, used
