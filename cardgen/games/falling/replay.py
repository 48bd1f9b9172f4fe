"""Replaying a log: the table after each event, rebuilt from the events alone.

The replayer does not run the rules; it moves cards as each event says, and checks that the event
fits the table (the dealt card is the deck's top card, a picked-up card is a stack's top …). A
log that does not fit raises :class:`ReplayError`. So "replaying the log reproduces the final
state" checks that the log tells the whole story.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from typing import Any

from cardgen.errors import RulesError
from cardgen.games.falling.cards import GROUND, kind_of
from cardgen.games.falling.events import Event
from cardgen.games.falling.state import SeatState, Stack, State, TableSnapshot


class ReplayError(RulesError):
    """An event that does not fit the table it is replayed on."""


def state_from_started(started: Event) -> State:
    """The table at the start of a game, from its ``GameStarted`` event."""
    if started.kind != "GameStarted":
        raise ReplayError("a log starts with GameStarted")
    deck = list(started["deck"])
    players = len(started["players"])
    table = started["table"]
    cards = list(deck)
    if table:
        cards += [c for seat in table["seats"] for c in _seat_cards(seat)] + list(table.get("discard", ()))
    state = State(players, deck, {c: kind_of(c) for c in cards})
    state.cards = cards
    state.grounds_total = sum(1 for c in cards if kind_of(c) == GROUND)
    if table:
        load_table(state, table)
    return state


def _seat_cards(seat: Mapping[str, Any]) -> list[str]:
    found = [c for stack in seat.get("stacks", ()) for c in stack]
    found += [c for c in (seat.get("held"), seat.get("rider")) if c]
    return found + list(seat.get("extras", ()))


def load_table(state: State, table: Mapping[str, Any]) -> None:
    """Lay out a hand-made table (a setup's ``table`` mapping) on a fresh state."""
    for index, spec in enumerate(table["seats"]):
        seat: SeatState = state.seats[index]
        for cards in spec.get("stacks", ()):
            seat.stacks.append(Stack(state.next_stack_id, list(cards)))
            state.next_stack_id += 1
        seat.held = spec.get("held")
        seat.rider = spec.get("rider")
        seat.extras = list(spec.get("extras", ()))
        seat.out = bool(spec.get("out", False))
        seat.ground = spec.get("ground")
        if seat.out:
            state.order.append(index)
            state.alive -= 1
    state.discard = list(table.get("discard", ()))
    state.grounds_left = sum(1 for c in state.deck if state.kinds[c] == GROUND)


class Replayer:
    """Applies events one by one to a :class:`State`."""

    def __init__(self, started: Event) -> None:
        self.state = state_from_started(started)

    def apply(self, e: Event) -> None:
        st = self.state
        st.clock_ms = e.t_ms
        handler = getattr(self, "_" + e.kind, None)
        if handler is None:
            raise ReplayError(f"cannot replay {e.kind}")
        handler(e)

    # -- helpers ------------------------------------------------------------------------------
    def _fail(self, e: Event, why: str) -> ReplayError:
        return ReplayError(f"{e!r} does not fit the table: {why}")

    def _take_held(self, e: Event, player: int, card: str) -> None:
        seat = self.state.seats[player]
        if seat.held != card:
            raise self._fail(e, f"seat {player} holds {seat.held}, not {card}")
        seat.held = None

    def _rider_seat(self, e: Event, rider: str) -> SeatState:
        for seat in self.state.seats:
            if seat.rider == rider:
                return seat
        raise self._fail(e, f"no Rider {rider} on the table")

    # -- events -------------------------------------------------------------------------------
    def _GameStarted(self, e: Event) -> None:  # noqa: N802 - named after the events
        pass

    def _DealStarted(self, e: Event) -> None:  # noqa: N802
        self.state.dealing_to = e["player"]

    def _DealEnded(self, e: Event) -> None:  # noqa: N802
        self.state.dealing_to = None

    def _StackStarted(self, e: Event) -> None:  # noqa: N802
        st = self.state
        st.seats[e["player"]].stacks.append(Stack(e["stack"]))
        st.next_stack_id = max(st.next_stack_id, e["stack"] + 1)

    def _StackEmptied(self, e: Event) -> None:  # noqa: N802
        seat = self.state.seats[e["player"]]
        stack = seat.stack(e["stack"])
        if stack is None or stack.cards:
            raise self._fail(e, "no such empty stack")
        seat.stacks.remove(stack)

    def _CardDealt(self, e: Event) -> None:  # noqa: N802
        st = self.state
        card = e["card"]
        if st.deck:
            if st.deck[-1] != card:
                raise self._fail(e, f"the deck's top card is {st.deck[-1]}")
            st.deck.pop()
        else:  # an imagined Ground (R33)
            if kind_of(card) != GROUND or card in st.kinds:
                raise self._fail(e, "the deck is empty and this is not a new Ground")
            st.kinds[card] = GROUND
            st.cards.append(card)
            st.grounds_total += 1
        stack = st.seats[e["player"]].stack(e["stack"])
        if stack is None:
            raise self._fail(e, "no such stack")
        stack.cards.append(card)

    def _CardPickedUp(self, e: Event) -> None:  # noqa: N802
        seat = self.state.seats[e["player"]]
        stack = seat.stack(e["stack"])
        if stack is None or not stack.cards or stack.cards[-1] != e["card"] or seat.held is not None:
            raise self._fail(e, "not a top card, or the hand is full")
        seat.held = stack.cards.pop()

    def _PickUpFailed(self, e: Event) -> None:  # noqa: N802
        pass

    def _PlayFailed(self, e: Event) -> None:  # noqa: N802
        if e["reason"] != "gone" and self.state.seats[e["player"]].held != e["card"]:
            raise self._fail(e, "the card is not in hand")

    def _RiderPlaced(self, e: Event) -> None:  # noqa: N802
        self._take_held(e, e["by"], e["card"])
        target = self.state.seats[e["on"]]
        if target.rider is not None:
            raise self._fail(e, "the target has a Rider")
        target.rider = e["card"]

    def _ExtraAttached(self, e: Event) -> None:  # noqa: N802
        self._take_held(e, e["by"], e["card"])
        target = self.state.seats[e["on"]]
        if target.rider is None:
            raise self._fail(e, "no Rider to attach to")
        target.extras.append(e["card"])

    def _RiderApplied(self, e: Event) -> None:  # noqa: N802
        seat = self.state.seats[e["player"]]
        if seat.rider != e["rider"]:
            raise self._fail(e, f"seat {e['player']}'s Rider is {seat.rider}")

    def _CardsSwept(self, e: Event) -> None:  # noqa: N802
        st = self.state
        seat = st.seats[e["player"]]
        for card in e["cards"]:
            if card == seat.rider:
                seat.rider = None
            elif card in seat.extras:
                seat.extras.remove(card)
            else:
                raise self._fail(e, f"{card} is not in front of seat {e['player']}")
            st.discard.append(card)

    def _move_rider(self, e: Event, source: int, target: int, rider: str) -> None:
        seats = self.state.seats
        src, dst = seats[source], seats[target]
        if src.rider != rider or dst.rider is not None:
            raise self._fail(e, "the Rider cannot move there")
        dst.rider, dst.extras = src.rider, src.extras
        src.rider, src.extras = None, []

    def _RiderPushed(self, e: Event) -> None:  # noqa: N802
        self._take_held(e, e["by"], e["card"])
        self.state.discard.append(e["card"])
        self._move_rider(e, e["from"], e["to"], e["rider"])

    def _RiderGrabbed(self, e: Event) -> None:  # noqa: N802
        self._take_held(e, e["by"], e["card"])
        self.state.discard.append(e["card"])
        self._move_rider(e, e["from"], e["by"], e["rider"])

    def _RiderDestroyed(self, e: Event) -> None:  # noqa: N802
        st = self.state
        self._take_held(e, e["by"], e["card"])
        target = st.seats[e["on"]]
        if target.rider != e["rider"] or tuple(target.extras) != tuple(e["extras"]):
            raise self._fail(e, "that Rider is not there")
        st.discard += [e["card"], target.rider, *target.extras]
        target.rider, target.extras = None, []

    def _PlayCountered(self, e: Event) -> None:  # noqa: N802
        st = self.state
        self._take_held(e, e["by"], e["card"])
        st.discard.append(e["card"])
        countered, rider = e["countered"], e["rider"]
        if rider is None:  # a Stop played on a Ground, already discarded: the Ground is dealt again next
            if countered not in st.discard:
                raise self._fail(e, f"{countered} was not played")
            return
        seat = self._rider_seat(e, rider)
        if e["returned_to"] is not None:
            self._move_rider(e, seat.seat, e["returned_to"], rider)
        elif countered == rider:
            st.discard += [rider, *seat.extras]
            seat.rider, seat.extras = None, []
        else:
            if countered not in seat.extras:
                raise self._fail(e, "that Extra is not there")
            seat.extras.remove(countered)
            st.discard.append(countered)

    def _GroundStopped(self, e: Event) -> None:  # noqa: N802
        st = self.state
        seat = st.seats[e["player"]]
        self._take_held(e, e["player"], e["card"])
        st.discard.append(e["card"])
        for stack in seat.stacks:
            if stack.cards and stack.cards[-1] == e["ground"]:
                stack.cards.pop()
                st.deck.append(e["ground"])
                return
        raise self._fail(e, "the Ground is not on a stack of that player")

    def _PlayerGrounded(self, e: Event) -> None:  # noqa: N802
        st = self.state
        seat = st.seats[e["player"]]
        seat.out = True
        seat.ground = e["ground"]
        st.order.append(e["player"])
        st.alive -= 1

    def _GameEnded(self, e: Event) -> None:  # noqa: N802
        self.state.winner = e["winner"]


def replay(events: Iterable[Event]) -> Iterator[tuple[Event, TableSnapshot]]:
    """(event, table just after it) for every event of a log, the first being ``GameStarted``."""
    replayer: Replayer | None = None
    for event in events:
        if replayer is None:
            replayer = Replayer(event)
        else:
            replayer.apply(event)
        yield event, replayer.state.snapshot()


def final_table(events: Iterable[Event]) -> TableSnapshot:
    """The table after the last event."""
    last = None
    for _, snapshot in replay(events):
        last = snapshot
    if last is None:
        raise ReplayError("the log is empty")
    return last
