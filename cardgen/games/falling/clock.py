"""Real time as a discrete-event clock in milliseconds: the dealer's pace and the players' hands.

Three kinds of happening are queued by time (ties in the order they were queued):

- the dealer's next step, one card every ``deal_interval_ms`` (R14–R26);
- a player's attempt landing: a player decides on what they see, and the pick-up or play lands
  after their reaction delay; if it is no longer legal then, it fails and the card stays in
  hand (R39). One attempt at a time per player: one hand (R35);
- the end of the window in which a Ground being dealt can still be answered with a Stop (A3).

How the open points are modelled:

- **The deal.** The dealer addresses each falling player in turn from the dealer's left (R14):
  ``DealStarted``, one card on each stack (a new stack for a player with none), then the Rider:
  Hit = one more round per Hit and Extra, Split = one new stack per Split and Extra; then the
  Rider and its Extras are swept. Each card takes one interval (``deal_interval_ms``) except the
  extra cards of a Hit, which follow in quick succession (``hit_interval_ms``, R21, R37: only a
  fast hand snatches the first card before the second covers it); the dealer turns to the next
  player one interval after the last card (``DealEnded``). A Skip takes one interval and deals
  nothing. A stack that vanishes before its card comes is passed over, unless that card is a
  Ground: a player due two Grounds (two stacks, or a Hit) is not saved by one Stop (R47), even
  when picking up that Stop emptied the other stack, so the Ground starts a new stack (R17).
- **Lockout** (``lockout: on``, R27–R28): from ``DealStarted`` to ``DealEnded`` nobody may
  Push, Grab, Stop or add an Extra to that player's Rider, and the Rider the dealer carries out is
  the one that was there at ``DealStarted``: one laid during the deal waits for the next pass.
  With ``lockout: off`` the dealer reads a Skip at ``DealStarted`` and a Hit or Split after the
  normal round, whatever lies there then. Whatever the lockout, a Hit or Split being carried out
  (from ``RiderApplied`` to its ``CardsSwept``) cannot be moved, Stopped or given an Extra: it is
  swept as part of carrying it out, so one Rider acts once (R20).
- **Grounds** (R31, R46, A3): a Ground dealt to a player lies on their stack for
  ``ground_window_ms``; a Stop played in that time sends it back on top of the deck, otherwise the
  player is out and any Rider in front of them is swept. From the moment the Ground is dealt the
  player may do nothing but answer it (pick up a Stop, play it on the Ground), and nobody may
  play on them. The dealer waits for the outcome before the next card.
- **Conflicts** (``conflict``, D6, R11): attempts are ordered by landing time, so the first card
  played wins and later contradictory ones fail. Under ``dealer`` the dealer cannot tell apart
  plays closer than ``dealer_judgement_ms`` and rules on them: each landing gets a seeded random
  offset below that, so the dealer's call decides close races. Under ``first_wins`` the true
  order decides.
- **Counters** (``stop_mode: counter_on_play``, D5): any card as it is being played (a Rider,
  Extra, Push, Grab, or a Stop played on a Ground) can be countered by another player's Stop
  landing within ``counter_window_ms`` of it. A countered Stop on a Ground lets the Ground
  through: its player is out at once.
"""

from __future__ import annotations

import heapq
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Protocol

from cardgen.games.falling import rules
from cardgen.games.falling.cards import GROUND, HIT, KINDS, SKIP, SPLIT
from cardgen.games.falling.events import Event
from cardgen.games.falling.rules import NEW_STACK, Action, PickUp, Play, Recent
from cardgen.games.falling.seat_view import SeatView
from cardgen.games.falling.state import State
from cardgen.games.falling.variants import Options

_DEAL, _LAND, _GROUND = 0, 1, 2
_ROUND, _RIDER, _SWEEP, _END = -1, -2, -3, -4

MAX_GAME_MS = 6 * 3_600_000
"""A safety bound: a game that has not ended after six simulated hours is a bug."""


class Agent(Protocol):
    """A player's brain: what to do, from what the player sees, and how fast."""

    name: str

    def decide(self, view: SeatView, rng: random.Random) -> Action | None: ...

    def reaction_ms(self, rng: random.Random) -> int: ...


class GameOverrun(RuntimeError):
    """The game did not end within :data:`MAX_GAME_MS` (a bug, never a user mistake)."""


@dataclass(slots=True)
class Tally:
    """What Monte Carlo statistics need, counted as the game runs (also in the log-free mode)."""

    players: int
    plays: list[dict[str, int]] = field(default_factory=list)
    """Per seat: successful plays by card kind."""
    pickups: list[int] = field(default_factory=list)
    saves: list[int] = field(default_factory=list)
    """Per seat: Grounds sent back with a Stop."""
    destroyed: list[int] = field(default_factory=list)
    """Per seat: Riders destroyed (or plays countered) by that seat's Stops."""
    failed: int = 0
    decisions: int = 0
    """Attempts that landed: pick-ups and plays, successful or not."""
    cards_dealt: int = 0
    grounded_ms: list[int] = field(default_factory=list)
    """When each player hit the Ground, in order (the last one ends the game)."""

    def __post_init__(self) -> None:
        self.plays = [dict.fromkeys(KINDS, 0) for _ in range(self.players)]
        self.pickups = [0] * self.players
        self.saves = [0] * self.players
        self.destroyed = [0] * self.players


class Game:
    """One game in progress. Build it with :func:`cardgen.games.falling.new_game` or from a setup."""

    def __init__(self, state: State, *, options: Options, agents: Sequence[Agent | None], rng: random.Random,
                 log: bool = True, first_seat: int = 0, start_ms: int = 0) -> None:
        n = len(state.seats)
        if len(agents) != n:
            raise ValueError("one agent (or None) per seat")
        self.state = state
        self.options = options
        self.agents = list(agents)
        self.rng = rng
        self.events: list[Event] | None = [] if log else None
        self.tally = Tally(n)
        self.finished = False
        self._heap: list[tuple[int, int, int, int, Action | None]] = []
        self._seq = 0
        self._now = start_ms
        state.clock_ms = start_ms
        # dealer
        self._last_seat = (first_seat - 1) % n
        self._current: int | None = None
        self._plan: list[int] = []
        self._rider_at_start: str | None = None
        self._applied: str | None = None
        self._deal_t = start_ms
        self._gap = options.deal_interval_ms
        self._quick = False
        self._pending: tuple[int, int, str] | None = None
        self._pending_deadline = 0
        self.recent: list[Recent] = []
        # players
        self._inflight: list[bool] = [False] * n
        self._waiting: list[bool] = [False] * n
        self._wake: list[int] = []
        self._woken: list[bool] = [False] * n
        self.views = [SeatView(self, i) for i in range(n)]
        self._judgement = options.dealer_judgement_ms if options.conflict == "dealer" else 0
        self._started = False

    # -- control ------------------------------------------------------------------------------
    @property
    def now(self) -> int:
        return self._now

    @property
    def pending_ground(self) -> tuple[int, int, str] | None:
        """(seat, stack, Ground) while a Ground being dealt can still be Stopped."""
        return self._pending

    def start(self, started: Event | None = None) -> None:
        """Log ``GameStarted`` (if given), queue the dealer's first card and wake the players."""
        if self._started:
            return
        self._started = True
        if started is not None and self.events is not None:
            self.events.append(started)
        self._push(self._now, _DEAL, -1, None)
        for seat in range(len(self.agents)):
            self._mark(seat)
        self._run_wakes()

    def attempt(self, seat: int, action: Action, *, at_ms: int) -> None:
        """Make ``seat`` attempt ``action`` landing at ``at_ms`` exactly (scripted play, scenarios)."""
        self._push(at_ms, _LAND, seat, action)

    def run(self, *, until_ms: int | None = None, after_step: Callable[[Game], None] | None = None) -> Game:
        """Play until the game ends (or until the clock passes ``until_ms``).

        ``after_step`` is called after every happening (a test hook: invariants at every step).
        """
        self.start()
        heap = self._heap
        pop = heapq.heappop
        while heap and not self.finished:
            if until_ms is not None and heap[0][0] > until_ms:
                self._now = self.state.clock_ms = until_ms
                break
            t, _, what, seat, action = pop(heap)
            if t > MAX_GAME_MS:
                raise GameOverrun(f"the game did not end within {MAX_GAME_MS} ms")
            self._now = t
            self.state.clock_ms = t
            if what == _DEAL:
                self._dealer_step(t)
            elif what == _LAND:
                self._land(seat, action, t)  # type: ignore[arg-type]
            else:
                self._ground_due(t)
            if self._wake:
                self._run_wakes()
            if after_step is not None:
                after_step(self)
        return self

    # -- queue ------------------------------------------------------------------------------
    def _push(self, t: int, what: int, seat: int, action: Action | None) -> None:
        self._seq += 1
        heapq.heappush(self._heap, (t, self._seq, what, seat, action))

    def _mark(self, seat: int) -> None:
        if not self._woken[seat]:
            self._woken[seat] = True
            self._wake.append(seat)

    def _table_changed(self) -> None:
        """Riders moved: every player waiting for a chance looks again."""
        waiting = self._waiting
        woken = self._woken
        for seat in range(len(waiting)):
            if waiting[seat] and not woken[seat]:
                woken[seat] = True
                self._wake.append(seat)

    def _dealer_turned(self, player: int) -> None:
        """The dealer turned to ``player``: they look again, and so does everyone waiting with a card
        in hand (the lockout moved on, and the deck is one card shorter)."""
        self._mark(player)
        waiting = self._waiting
        seats = self.state.seats
        for seat in range(len(waiting)):
            if waiting[seat] and seats[seat].held is not None:
                self._mark(seat)

    def _run_wakes(self) -> None:
        """Let each woken, idle player decide on what they now see (in seat order: deterministic)."""
        wake = self._wake
        if len(wake) > 1:
            wake.sort()
        self._wake = []
        seats = self.state.seats
        agents = self.agents
        views = self.views
        inflight = self._inflight
        woken = self._woken
        waiting = self._waiting
        rng = self.rng
        for seat in wake:
            woken[seat] = False
            agent = agents[seat]
            if agent is None or inflight[seat] or self.finished:
                continue
            me = seats[seat]
            if me.out:
                continue
            action = agent.decide(views[seat], rng)
            if action is None:
                waiting[seat] = me.held is not None or bool(me.stacks)
                continue
            waiting[seat] = False
            inflight[seat] = True
            delay = agent.reaction_ms(rng)
            if self._judgement:
                delay += int(rng.random() * self._judgement)
            self._seq += 1
            heapq.heappush(self._heap, (self._now + (delay if delay > 0 else 1), self._seq, _LAND, seat, action))

    # -- the dealer -------------------------------------------------------------------------
    def _next_seat(self) -> int | None:
        seats = self.state.seats
        n = len(seats)
        for step in range(1, n + 1):
            seat = (self._last_seat + step) % n
            if not seats[seat].out:
                return seat
        return None

    def _dealer_step(self, t: int) -> None:
        st = self.state
        ev = self.events
        opts = self.options
        plan = self._plan
        while True:
            if self._current is None:
                player = self._next_seat()
                if player is None:
                    return
                self._current = self._last_seat = player
                seat = st.seats[player]
                rules.start_deal(st, player, t, ev)
                self._dealer_turned(player)
                self._rider_at_start = seat.rider
                self._applied = None
                self._quick = False
                if seat.rider is not None and st.kinds[seat.rider] == SKIP:
                    rules.apply_skip(st, player, t, ev, opts)
                    plan[:] = [_END]
                    self._deal_t = t
                    self._push(t + opts.deal_interval_ms, _DEAL, -1, None)
                    return
                plan[:] = [_END, _RIDER, _ROUND]
            op = plan.pop()
            player = self._current
            seat = st.seats[player]
            if op == _ROUND:
                plan.extend(reversed([s.id for s in seat.stacks]) if seat.stacks else [NEW_STACK])
                continue
            if op == _RIDER:
                self._rider_step(player)
                continue
            if op == _SWEEP:
                self._quick = False
                if self._applied is not None:
                    rules.sweep_rider(st, player, self._applied, t, ev)
                    self._table_changed()
                continue
            if op == _END:
                rules.end_deal(st, player, t, ev)
                self._current = None
                continue
            if op != NEW_STACK and seat.stack(op) is None:
                if st.deck and st.kinds[st.deck[-1]] != GROUND:
                    continue  # the stack vanished before its card came (R18)
                op = NEW_STACK  # ... but a Ground it was due still comes, on a new stack (R47, R17)
            card = rules.deal_card(st, player, op, t, ev)
            self.tally.cards_dealt += 1
            self._deal_t = t
            self._gap = self._next_gap(player)
            self._mark(player)
            if st.kinds[card] == GROUND:
                stack_id = seat.stacks[-1].id if op == NEW_STACK else op
                self._pending = (player, stack_id, card)
                st.answering = player
                self._pending_deadline = t + opts.ground_window_ms
                self._push(self._pending_deadline, _GROUND, player, None)
                return
            self._push(t + self._gap, _DEAL, -1, None)
            return

    def _next_gap(self, player: int) -> int:
        """How long until the dealer's next step: quick between the cards of a Hit (R21, R37)."""
        plan = self._plan
        opts = self.options
        if plan:
            upcoming = plan[-1]
            if self._quick:
                if upcoming != _SWEEP:
                    return opts.hit_interval_ms
            elif upcoming == _RIDER:
                seat = self.state.seats[player]
                rider = seat.rider
                if rider is not None and self.state.kinds[rider] == HIT and (
                        self.options.lockout != "on" or rider == self._rider_at_start):
                    return opts.hit_interval_ms
        return opts.deal_interval_ms

    def _rider_step(self, player: int) -> None:
        """After the normal round: carry out a Hit or Split (R21–R24, R28, D2, D4)."""
        st = self.state
        seat = st.seats[player]
        rider = seat.rider
        if rider is None:
            return
        kind = st.kinds[rider]
        if self.options.lockout == "on" and rider != self._rider_at_start:
            return  # laid during this deal: it waits for the next pass (R28)
        if kind == SKIP:
            return  # a Skip is read when the dealer turns to the player
        _, extras = rules.announce_rider(st, player, self._now, self.events, self.options)
        self._applied = rider
        st.carrying_out = player
        plan = self._plan
        plan.append(_SWEEP)
        if kind == HIT:
            self._quick = True
            plan.extend([_ROUND] * (1 + extras))
        elif kind == SPLIT:
            plan.extend([NEW_STACK] * (1 + extras))

    def _ground_due(self, t: int) -> None:
        """The window to Stop the Ground has closed: the player is out (R31)."""
        pending = self._pending
        if pending is None or self._pending_deadline != t:
            return
        # The player is out: no more of their cards, so the quick pace of a Hit they had in front of
        # them (``_next_gap``) no longer applies; the dealer turns to the next player one interval
        # after the Ground was dealt, as after any last card (R21, R37: quick only between a Hit's cards).
        self._gap = self.options.deal_interval_ms
        self._ground_resolved(t)
        player, _, ground = pending
        rules.ground_player(self.state, player, ground, t, self.events)
        self._grounded(player, t)

    def _grounded(self, player: int, t: int) -> None:
        """``player`` has just hit the Ground: the dealer turns away from them; is the game over?"""
        st = self.state
        ev = self.events
        self.tally.grounded_ms.append(t)
        if self._current == player:
            self._plan[:] = []
            self._quick = False
            rules.end_deal(st, player, t, ev)
            self._current = None
        if rules.end_if_over(st, t, ev):
            self.finished = True
            return
        self._table_changed()

    def _ground_resolved(self, t: int) -> None:
        self._pending = None
        self.state.answering = None
        self._push(max(t, self._deal_t + self._gap), _DEAL, -1, None)

    # -- the players ----------------------------------------------------------------------------
    def _land(self, seat: int, action: Action, t: int) -> None:
        st = self.state
        self._inflight[seat] = False
        self.tally.decisions += 1
        self._mark(seat)
        if type(action) is PickUp:
            if rules.pick_up(st, seat, action.stack, action.card, t, self.events) is None:
                self.tally.pickups[seat] += 1
            else:
                self.tally.failed += 1
            return
        assert isinstance(action, Play)
        kind = st.kinds.get(action.card, "")
        if self.recent:
            window = self.options.counter_window_ms
            self.recent = [r for r in self.recent if t - r.t_ms <= window]
        alive = st.alive
        reason = rules.play(st, seat, action, t, self.events, self.options, pending_ground=self._pending,
                            recent=self.recent)
        if reason is not None:
            self.tally.failed += 1
            return
        self.tally.plays[seat][kind] += 1
        if kind == "stop":
            if action.on is None and action.counter is None:
                self.tally.saves[seat] += 1
                self._ground_resolved(t)
                return
            self.tally.destroyed[seat] += 1
            if st.alive < alive:  # a countered Stop on a Ground: the Ground went through (D5)
                self.tally.cards_dealt += 1
                self.tally.saves[st.order[-1]] -= 1
                self._grounded(st.order[-1], t)
                return
        self._table_changed()
