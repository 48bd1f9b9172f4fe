"""What one frame of a walkthrough shows: a plain, engine-independent picture of the table.

An adapter turns the engine's snapshot and event into a :class:`TableView`; the frame drawing
is a pure function of it. Card ids are the engine's physical ids (``hit-3``); the deck card a
physical card is a copy of is its prefix (``hit``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from cardgen.i18n.typography import apply_typography

Target = Literal["rider", "stack", "held", "deck", "discard", "seat"]


def kind_of(card: str) -> str:
    """``hit-3`` → ``hit`` (the deck card this physical card is a copy of)."""
    head, _, tail = card.rpartition("-")
    return head if head and tail.isdigit() else card


@dataclass(frozen=True)
class StackView:
    id: int
    top: str | None
    height: int


@dataclass(frozen=True)
class SeatView:
    seat: int
    name: str
    stacks: tuple[StackView, ...] = ()
    held: str | None = None
    rider: str | None = None
    extras: tuple[str, ...] = ()
    out: bool = False
    ground: str | None = None
    being_dealt: bool = False


@dataclass(frozen=True)
class Highlight:
    """The part of the table the caption talks about."""

    target: Target
    seat: int | None = None
    stack: int | None = None


@dataclass(frozen=True)
class Place:
    """Where a card lies: the deck, the discard pile, or a seat's hand, stack, Rider place or mat."""

    target: Target
    seat: int | None = None
    stack: int | None = None


@dataclass(frozen=True)
class Move:
    """A card the shown event moved, from ``origin`` to ``destination`` (drawn as an arrow, with a
    faint ghost of the card where it was when that place is now empty)."""

    card: str
    origin: Place
    destination: Place


@dataclass(frozen=True)
class TableView:
    seats: tuple[SeatView, ...]
    deck_count: int
    grounds_in_deck: int
    discard_top: str | None
    discard_count: int
    clock_ms: int
    caption: str = ""
    highlights: tuple[Highlight, ...] = field(default_factory=tuple)
    rule_label: str | None = None
    """A short label for the rule at work (shown in a tag when the stage introduces it)."""
    moves: tuple[Move, ...] = ()
    """The cards the shown event moved, in order."""
    meanwhile: str = ""
    """One line summing up what happened since the previous frame (empty when nothing was skipped)."""
    stage_label: str = ""
    """Which stage and step this is (``Game 1 · step 3 of 14``), for frames shown on their own."""
    dealer_label: str = "Dealer"
    deck_label: str = "Deck: {count}"
    discard_label: str = "Discard: {count}"
    grounds_label: str = "Grounds at the bottom: {count}"
    held_label: str = "in hand"
    out_label: str = "{name} (out)"
    """Labels in the frame's language; ``{count}`` and ``{name}`` are filled in by the painter."""


def format_clock(ms: int, language: str = "en") -> str:
    """``12400`` → ``00:12.4`` (``00:12,4`` in French): the one way a walkthrough shows a clock.

    A reading put into a caption may stay in English form (``language="en"``): the caption goes
    through the typography pass of its language, which sets the decimal comma. Text drawn as it
    is (the clock badge of a frame, in a PDF, PNG or the HTML player's pictures) passes its language.
    """
    seconds, millis = divmod(max(0, ms), 1000)
    minutes, seconds = divmod(seconds, 60)
    return apply_typography(f"{minutes:02d}:{seconds:02d}.{millis // 100}", language)
