"""Errors raised for user mistakes. Only ``cli.py`` turns them into one-line messages."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path


@dataclass
class CardgenError(Exception):
    """A problem in a user's input, located as precisely as we know.

    ``line`` and ``col`` are 1-based. ``field`` is a path such as ``cards[3].count``.
    """

    message: str
    path: Path | str | None = None
    line: int | None = None
    col: int | None = None
    field: str | None = None
    hint: str | None = None

    def __post_init__(self) -> None:
        super().__init__(self.message)

    def __str__(self) -> str:
        return self.format()

    def format(self) -> str:
        """``file:line:col: field: message — hint`` with the parts we know."""
        where = ""
        if self.path is not None:
            where = str(self.path)
            if self.line is not None:
                where += f":{self.line}"
                if self.col is not None:
                    where += f":{self.col}"
            where += ": "
        text = where
        if self.field:
            text += f"{self.field}: "
        text += self.message
        if self.hint:
            text += f" — {self.hint}"
        return _printable(text)

    @property
    def problems(self) -> list["CardgenError"]:
        return [self]


def _printable(text: str) -> str:
    """``text`` on one line: control characters (a form feed in a catalog …) shown as ``\\x0c``."""
    return "".join(f"\\x{ord(ch):02x}" if ord(ch) < 32 or 0x7F <= ord(ch) < 0xA0 or ch in "\u2028\u2029" else ch
                   for ch in text)


class DeckError(CardgenError):
    """A deck file (or a file it refers to) is invalid."""


class LayoutError(CardgenError):
    """A card layout template is invalid."""


class I18nError(CardgenError):
    """A translation catalog is missing, incomplete or broken."""


class RulesError(CardgenError):
    """An engine was asked for an impossible game (bad variant, player count …)."""


@dataclass
class ProblemList(CardgenError):
    """Several problems found at once (validation reports all of them)."""

    items: list[CardgenError] = field(default_factory=list)

    def format(self) -> str:
        return "\n".join(item.format() for item in self.items)

    @property
    def problems(self) -> list[CardgenError]:
        return list(self.items)
