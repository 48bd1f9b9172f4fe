from __future__ import annotations

import pytest

from cardgen.layout.units import INCH, MM, UnitError, parse_length


@pytest.mark.parametrize("text,points", [("63.5mm", 63.5 * MM), ("2.5in", 2.5 * INCH), ("3mm", 3 * MM),
                                         ("10pt", 10.0), ("1cm", 10 * MM), ("0", 0.0), (0, 0.0), (" 4 mm ", 4 * MM)])
def test_lengths(text: object, points: float) -> None:
    assert parse_length(text) == pytest.approx(points)


def test_percent_needs_a_reference() -> None:
    assert parse_length("50%", relative_to=200) == 100
    with pytest.raises(UnitError, match="percentage"):
        parse_length("50%")


@pytest.mark.parametrize("bad", ["3", 3, "3 furlongs", "mm", True, None, "-2mm"])
def test_bad_lengths(bad: object) -> None:
    with pytest.raises(UnitError):
        parse_length(bad)
