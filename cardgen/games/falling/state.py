"""The table as plain data: the live, mutable state the engine updates, and frozen snapshots.

The live :class:`State` is built for speed (lists, no copies per step). :meth:`State.snapshot`
returns a :class:`TableSnapshot`: tuples and frozen dataclasses, safe to keep and share.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from cardgen.games.falling.cards import GROUND


class Stack:
    """A face-up pile in front of a player; ``cards`` bottom → top."""

    __slots__ = ("id", "cards")

    def __init__(self, stack_id: int, cards: list[str] | None = None) -> None:
        self.id = stack_id
        self.cards: list[str] = cards if cards is not None else []


class SeatState:
    """One player's cards: stacks, the card in hand, the Rider in front of them and its Extras."""

    __slots__ = ("seat", "stacks", "held", "rider", "extras", "out", "ground")

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.stacks: list[Stack] = []
        self.held: str | None = None
        self.rider: str | None = None
        self.extras: list[str] = []
        self.out = False
        self.ground: str | None = None

    def stack(self, stack_id: int) -> Stack | None:
        for stack in self.stacks:
            if stack.id == stack_id:
                return stack
        return None


class State:
    """Everything on the table. ``deck`` has its top card at the *end* (``deck[-1]``)."""

    __slots__ = ("clock_ms", "seats", "deck", "discard", "dealing_to", "next_stack_id", "kinds", "cards",
                 "winner", "order", "grounds_total", "grounds_left", "alive", "answering", "carrying_out")

    def __init__(self, players: int, deck_top_first: list[str], kinds: dict[str, str]) -> None:
        self.clock_ms = 0
        self.seats = [SeatState(i) for i in range(players)]
        self.deck: list[str] = list(reversed(deck_top_first))
        self.discard: list[str] = []
        self.dealing_to: int | None = None
        self.next_stack_id = 1
        self.kinds = kinds
        self.cards: list[str] = list(deck_top_first)
        """Every card of the game (the deck's, then imagined Grounds), for conservation checks."""
        self.winner: int | None = None
        self.order: list[int] = []
        """Seats in the order they hit the Ground."""
        self.grounds_total = sum(1 for c in deck_top_first if kinds[c] == GROUND)
        self.grounds_left = self.grounds_total
        """Grounds in the deck (kept up to date by the rules; public knowledge at the table)."""
        self.alive = players
        """Players not yet grounded (kept up to date by the rules)."""
        self.answering: int | None = None
        """The seat that has been dealt a Ground and not yet answered it (R31, A3): it may do
        nothing but answer it with a Stop, and nobody may play on it."""
        self.carrying_out: int | None = None
        """The seat whose Hit or Split the dealer is carrying out: that Rider cannot be moved,
        Stopped or given an Extra until it is swept (R20), whatever the lockout option."""

    # -- reading ------------------------------------------------------------------------------
    def active(self) -> list[int]:
        return [s.seat for s in self.seats if not s.out]

    def grounds_in_deck(self) -> int:
        """Counted from the deck itself (the rules keep :attr:`grounds_left` equal to it)."""
        kinds = self.kinds
        return sum(1 for c in self.deck if kinds[c] == GROUND)

    def imagine_ground(self) -> str:
        """A new Ground id when the deck is empty (R33: the supply of ground is unlimited)."""
        self.grounds_total += 1
        card = f"{GROUND}-{self.grounds_total}"
        while card in self.kinds:  # a deck whose Ground numbers were not 1..n
            self.grounds_total += 1
            card = f"{GROUND}-{self.grounds_total}"
        self.kinds[card] = GROUND
        self.cards.append(card)
        self.grounds_left += 1
        return card

    def copy(self) -> State:
        """An independent copy."""
        other = State.__new__(State)
        other.clock_ms = self.clock_ms
        other.seats = []
        for s in self.seats:
            t = SeatState(s.seat)
            t.stacks = [Stack(k.id, list(k.cards)) for k in s.stacks]
            t.held, t.rider, t.extras, t.out, t.ground = s.held, s.rider, list(s.extras), s.out, s.ground
            other.seats.append(t)
        other.deck = list(self.deck)
        other.discard = list(self.discard)
        other.dealing_to = self.dealing_to
        other.next_stack_id = self.next_stack_id
        other.kinds = dict(self.kinds)
        other.cards = list(self.cards)
        other.winner = self.winner
        other.order = list(self.order)
        other.grounds_total = self.grounds_total
        other.grounds_left = self.grounds_left
        other.alive = self.alive
        other.answering = self.answering
        other.carrying_out = self.carrying_out
        return other

    def snapshot(self) -> TableSnapshot:
        seats = tuple(
            SeatSnapshot(seat=s.seat, stacks=tuple(StackSnapshot(k.id, tuple(k.cards)) for k in s.stacks),
                         held=s.held, rider=s.rider, extras=tuple(s.extras), out=s.out, ground=s.ground,
                         being_dealt=self.dealing_to == s.seat)
            for s in self.seats)
        return TableSnapshot(clock_ms=self.clock_ms, seats=seats, deck=tuple(reversed(self.deck)),
                             grounds_in_deck=self.grounds_in_deck(), discard=tuple(self.discard),
                             dealing_to=self.dealing_to, winner=self.winner, order=tuple(self.order))


@dataclass(frozen=True, slots=True)
class StackSnapshot:
    id: int
    cards: tuple[str, ...]
    """Bottom → top."""

    @property
    def top(self) -> str | None:
        return self.cards[-1] if self.cards else None


@dataclass(frozen=True, slots=True)
class SeatSnapshot:
    seat: int
    stacks: tuple[StackSnapshot, ...]
    held: str | None
    rider: str | None
    extras: tuple[str, ...]
    out: bool
    ground: str | None
    """The Ground that knocked this player out (it lies on one of their stacks)."""
    being_dealt: bool


@dataclass(frozen=True, slots=True)
class TableSnapshot:
    """The whole table at one moment; immutable."""

    clock_ms: int
    seats: tuple[SeatSnapshot, ...]
    deck: tuple[str, ...]
    """Top first."""
    grounds_in_deck: int
    discard: tuple[str, ...]
    """Bottom → top."""
    dealing_to: int | None
    winner: int | None
    order: tuple[int, ...]

    def locations(self) -> list[tuple[str, str]]:
        """(card, where) for every card on the table: deck, discard, or a seat's stack/hand/rider/extra."""
        found: list[tuple[str, str]] = [(c, "deck") for c in self.deck] + [(c, "discard") for c in self.discard]
        for s in self.seats:
            found += [(c, f"seat{s.seat}.stack{k.id}") for k in s.stacks for c in k.cards]
            if s.held:
                found.append((s.held, f"seat{s.seat}.held"))
            if s.rider:
                found.append((s.rider, f"seat{s.seat}.rider"))
            found += [(c, f"seat{s.seat}.extra") for c in s.extras]
        return found


def conservation_problems(snapshot: TableSnapshot, cards: list[str] | tuple[str, ...]) -> list[str]:
    """What is wrong with "every card is in exactly one place" (empty when all is well)."""
    problems: list[str] = []
    seen = Counter(card for card, _ in snapshot.locations())
    expected = Counter(cards)
    for card, n in seen.items():
        if n > 1:
            problems.append(f"{card} is in {n} places")
        if card not in expected:
            problems.append(f"{card} is not a card of this game")
    for card in expected:
        if card not in seen:
            problems.append(f"{card} is nowhere")
    for s in snapshot.seats:
        if s.out and s.ground is None:
            problems.append(f"seat {s.seat} is out without a Ground")
    return problems


def state_problems(state: State) -> list[str]:
    """Conservation and structure of a live state, quickly (no snapshot): for checks at every step.

    Between two happenings no stack is empty (R18) and the counters agree with the cards.
    """
    found: list[str] = list(state.deck) + state.discard
    problems: list[str] = []
    for s in state.seats:
        for k in s.stacks:
            if not k.cards:
                problems.append(f"seat {s.seat} has an empty stack {k.id}")
            found += k.cards
        if s.held is not None:
            found.append(s.held)
        if s.rider is not None:
            found.append(s.rider)
        elif s.extras:
            problems.append(f"seat {s.seat} has Extras without a Rider")
        found += s.extras
    if len(found) != len(state.cards) or set(found) != set(state.cards):
        problems.append(f"cards: {len(found)} on the table for {len(state.cards)} in the game "
                        f"(missing {sorted(set(state.cards) - set(found))[:5]}, "
                        f"twice {sorted(c for c, n in Counter(found).items() if n > 1)[:5]})")
    if state.grounds_left != state.grounds_in_deck():
        problems.append("grounds_left is wrong")
    if state.alive != sum(1 for s in state.seats if not s.out):
        problems.append("alive is wrong")
    return problems


class AnswerWatch:
    """Checks, step by step, that a player holding an unanswered Ground does nothing but answer it (R31).

    Read from the table alone: a falling player with a Ground on top of a stack has been dealt
    it and not answered it yet. Between two steps their seat may change only by picking up a
    Stop, or by the Stop sending the Ground back; their Rider and Extras stay as they are (nobody
    plays on them) and no card is dealt to them. Call :meth:`problems` after every step.
    """

    __slots__ = ("_seen",)

    def __init__(self) -> None:
        self._seen: dict[int, tuple[str | None, str | None, tuple[str, ...], tuple[tuple[str, ...], ...]]] = {}

    def problems(self, state: State) -> list[str]:
        kinds = state.kinds
        found: list[str] = []
        now: dict[int, tuple[str | None, str | None, tuple[str, ...], tuple[tuple[str, ...], ...]]] = {}
        for s in state.seats:
            before = self._seen.get(s.seat)
            if s.out:
                continue
            after = (s.held, s.rider, tuple(s.extras), tuple(tuple(k.cards) for k in s.stacks))
            if before is not None and before != after:
                problem = _answer_problem(before, after, kinds)
                if problem:
                    found.append(f"seat {s.seat}, holding an unanswered Ground, {problem}")
            if any(k.cards and kinds[k.cards[-1]] == GROUND for k in s.stacks):
                now[s.seat] = after
        self._seen = now
        return found


def _answer_problem(before: tuple, after: tuple, kinds: dict[str, str]) -> str | None:  # type: ignore[type-arg]
    held0, rider0, extras0, stacks0 = before
    held1, rider1, extras1, stacks1 = after
    if (rider0, extras0) != (rider1, extras1):
        return f"had its Rider changed ({rider0} {list(extras0)} → {rider1} {list(extras1)})"
    if held0 is None and held1 is not None:  # a pick-up: only a Stop, only a top card
        if kinds[held1] != "stop":
            return f"picked up {held1}"
        rest = [k[:-1] if k and k[-1] == held1 else k for k in stacks0]
        if tuple(k for k in rest if k) != stacks1:
            return "had its stacks changed while picking up a Stop"
        return None
    if held0 is not None and held1 is None:  # a play: only a Stop on the Ground
        if kinds[held0] != "stop":
            return f"played {held0}"
        grounds0 = sum(1 for k in stacks0 for c in k if kinds[c] == GROUND)
        grounds1 = sum(1 for k in stacks1 for c in k if kinds[c] == GROUND)
        if grounds1 != grounds0 - 1:
            return f"played {held0} on something other than its Ground"
        return None
    if held0 != held1:
        return f"swapped {held0} for {held1}"
    return f"had its stacks changed ({len(stacks0)} → {len(stacks1)} stacks)"
