"""What a seated player can see of a game in progress: :class:`SeatView`.

The clock builds one view per seat and hands it to that seat's agent; the agents read it. The
view knows the game only through :class:`TableSource`, so neither the clock nor the view
imports the agents, and the agents do not import the clock.

A view shows what a player at the table could see: the face-up tops and heights of every
stack, every Rider and Extra, their own hand (not what others hold), who is being dealt to, how
many cards the dealer still holds and how many of them are Grounds (they went to the bottom in
view of everyone), the discard pile, a Ground coming to themselves, and plays still being made.
Never the order of the deck or a buried card.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from cardgen.games.falling.rules import Recent
from cardgen.games.falling.state import State
from cardgen.games.falling.variants import Options


class TableSource(Protocol):
    """The parts of a game in progress a view reads (the clock's :class:`~.clock.Game` is one)."""

    state: State
    options: Options
    recent: Sequence[Recent]

    @property
    def now(self) -> int: ...

    @property
    def pending_ground(self) -> tuple[int, int, str] | None: ...


class SeatView:
    """The table as seen from one seat. Read-only; reads the live game, so it is always current."""

    __slots__ = ("_game", "_st", "seat", "players", "options")

    def __init__(self, game: TableSource, seat: int) -> None:
        self._game = game
        self._st = game.state
        self.seat = seat
        self.players = len(game.state.seats)
        self.options = game.options

    # -- me -------------------------------------------------------------------------------------
    def held(self) -> str | None:
        return self._st.seats[self.seat].held

    def tops(self) -> list[tuple[int, str]]:
        """(stack id, top card) of each of my stacks."""
        return [(s.id, s.cards[-1]) for s in self._st.seats[self.seat].stacks]

    def ground_coming(self) -> bool:
        """A Ground is being dealt to me and a Stop can still send it back."""
        pending = self._game.pending_ground
        return pending is not None and pending[0] == self.seat

    # -- the table ------------------------------------------------------------------------------
    def kind(self, card: str) -> str:
        return self._st.kinds[card]

    def now_ms(self) -> int:
        return self._game.now

    def out(self, seat: int) -> bool:
        return self._st.seats[seat].out

    def rider(self, seat: int) -> str | None:
        return self._st.seats[seat].rider

    def extras(self, seat: int) -> int:
        return len(self._st.seats[seat].extras)

    def stacks(self, seat: int) -> list[tuple[int, str, int]]:
        """(stack id, top card, height) of a player's stacks."""
        return [(s.id, s.cards[-1], len(s.cards)) for s in self._st.seats[seat].stacks]

    def holding(self, seat: int) -> bool:
        """Whether a player holds a card (not which one)."""
        return self._st.seats[seat].held is not None

    def dealing_to(self) -> int | None:
        return self._st.dealing_to

    def deck_count(self) -> int:
        return len(self._st.deck)

    def grounds_in_deck(self) -> int:
        return self._st.grounds_left

    def discard(self) -> tuple[str, ...]:
        return tuple(self._st.discard)

    def active(self) -> list[int]:
        return [s.seat for s in self._st.seats if not s.out]

    def left_of(self, seat: int) -> int | None:
        """The next falling player clockwise (to the left) of ``seat``."""
        seats = self._st.seats
        n = len(seats)
        for step in range(1, n):
            other = (seat + step) % n
            if not seats[other].out:
                return other
        return None

    def plays_in_progress(self) -> list[tuple[str, str, int, int]]:
        """(card, kind, by, target) of plays a ``counter_on_play`` Stop could still counter."""
        window = self.options.counter_window_ms
        now = self._game.now
        return [(r.card, r.kind, r.by, r.target) for r in self._game.recent if now - r.t_ms <= window]
