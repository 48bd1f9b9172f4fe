"""Players' brains: bots that act on what a seated player can see (:class:`.seat_view.SeatView`).

Agents see only what a player at the table could see: the face-up tops and heights of every
stack, every Rider and Extra, their own hand (not what others hold), who is being dealt to, how
many cards the dealer still holds and how many of them are Grounds (they went to the bottom in
view of everyone), the discard pile, a Ground coming to themselves, and plays still being made.
Never the order of the deck or a buried card.

Bots:

- ``random``: picks up any top card and plays it on any target that looks legal.
- ``heuristic``: the published strategy: Hits and Splits on itself early and on the player to
  its left late; Skips and Stops kept for the Grounds (a Stop held in hand, a Skip laid on
  itself late); down to one stack when relying on Stops; never picks up a card it cannot play.
- ``novice``: the heuristic's choices with slower hands, and it sometimes picks up a card it
  cannot play (then it is stuck with it, R39).

Reaction times are :class:`Reaction` profiles (triangular between ``low_ms`` and ``high_ms``),
chosen by name too: ``novice:800-2000``.

For speed, the bundled bots read the live table through their view's internals rather than its
methods; they use only what the methods expose (deck size, Grounds left, Riders and Extras, who
is being dealt to, their own stacks and hand, a Ground coming to them, plays in progress).
"""

from __future__ import annotations

import difflib
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from cardgen.errors import RulesError
from cardgen.games.falling.cards import (
    EXTRA,
    GRAB,
    GROUND,
    HIT,
    PUSH,
    RIDERS,
    SKIP,
    SPLIT,
    STOP,
)
from cardgen.games.falling.rules import Action, PickUp, Play
from cardgen.games.falling.seat_view import SeatView


@dataclass(frozen=True, slots=True)
class Reaction:
    """How long a player takes from seeing something to the card landing: triangular in ms."""

    low_ms: int
    high_ms: int

    def draw(self, rng: random.Random) -> int:
        return self.low_ms + int((self.high_ms - self.low_ms) * (rng.random() + rng.random()) / 2)


def _left_free(v: SeatView, me: int) -> int | None:
    """The first player to my left (clockwise) who has no Rider, other than me."""
    seats = v._st.seats
    n = v.players
    for step in range(1, n):
        other = (me + step) % n
        s = seats[other]
        if not s.out and s.rider is None:
            return other
    return None


class RandomAgent:
    """Picks up any top card and plays it anywhere it looks legal."""

    name = "random"

    def __init__(self, *, reaction: Reaction = Reaction(200, 900), patience: float = 0.25) -> None:
        self.reaction = reaction
        self.patience = patience
        """Chance of waiting instead of acting when woken."""

    def reaction_ms(self, rng: random.Random) -> int:
        return self.reaction.draw(rng)

    def decide(self, v: SeatView, rng: random.Random) -> Action | None:
        held = v.held()
        if held is None:
            tops = [(sid, card) for sid, card in v.tops() if v.kind(card) != GROUND]
            if not tops or rng.random() < self.patience:
                return None
            sid, card = tops[int(rng.random() * len(tops))]
            return PickUp(sid, card)
        options = candidate_plays(v, held)
        if not options or rng.random() < self.patience:
            return None
        return options[int(rng.random() * len(options))]


def candidate_plays(v: SeatView, card: str) -> list[Play]:
    """Every play of ``card`` that is legal right now as far as the player can tell."""
    kind = v.kind(card)
    me = v.seat
    seats = v._st.seats
    opts = v.options
    locked = v.dealing_to() if opts.lockout == "on" else None
    live = [s for s in seats if not s.out]
    if kind in RIDERS:
        return [Play(card, s.seat) for s in live if s.rider is None]
    if kind == EXTRA:
        limit = opts.extra_limit
        return [Play(card, s.seat) for s in live if s.rider is not None and s.seat != locked and len(s.extras) < limit]
    if kind == PUSH:
        sources = [seats[me]] if opts.push_scope == "own" else live
        free = [s.seat for s in live if s.rider is None and s.seat != me]
        return [Play(card, src.seat, to) for src in sources if src.rider is not None and src.seat != locked
                for to in free if to != src.seat]
    if kind == GRAB:
        if seats[me].rider is not None:
            return []
        return [Play(card, s.seat) for s in live if s.seat != me and s.rider is not None and s.seat != locked]
    if kind == STOP:
        plays = [Play(card)] if v.ground_coming() else []
        if opts.stop_mode == "destroy_in_place":
            plays += [Play(card, s.seat) for s in live if s.rider is not None and s.seat != locked]
        else:
            plays += [Play(card, counter=c) for c, _, by, _ in v.plays_in_progress() if by != me]
        return plays
    return []


class HeuristicAgent:
    """The published strategy (see the module docstring)."""

    name = "heuristic"

    def __init__(self, *, reaction: Reaction = Reaction(250, 700), late_passes: float = 3.0) -> None:
        self.reaction = reaction
        self.late_passes = late_passes
        """The game is "late" when fewer than this many passes of cards are left before the Grounds."""

    def reaction_ms(self, rng: random.Random) -> int:
        return self.reaction.draw(rng)

    # -- judgement --------------------------------------------------------------------------
    def late(self, v: SeatView) -> bool:
        st = v._st
        return len(st.deck) - st.grounds_left <= self.late_passes * st.alive

    @staticmethod
    def value(kind: str, late: bool) -> int:
        """How good a Rider of ``kind`` is for the player it lies in front of: +1, 0 or -1."""
        if kind == SKIP:
            return 1 if late else -1
        if kind == HIT or kind == SPLIT:
            return -1 if late else 1
        return 0

    def decide(self, v: SeatView, rng: random.Random) -> Action | None:
        st = v._st
        late = len(st.deck) - st.grounds_left <= self.late_passes * st.alive
        held = st.seats[v.seat].held
        if held is not None:
            return self.play(v, held, late)
        return self.pick_up(v, rng, late)

    def pick_up(self, v: SeatView, rng: random.Random, late: bool) -> Action | None:
        st = v._st
        stacks = st.seats[v.seat].stacks
        if not stacks:
            return None
        kinds = st.kinds
        pending = v._game.pending_ground
        coming = pending is not None and pending[0] == v.seat
        best = None
        for s in stacks:
            card = s.cards[-1]
            kind = kinds[card]
            if kind == STOP:
                if late or coming:
                    return PickUp(s.id, card)  # a Stop in hand for the Grounds (R46, A3)
                if self._stop_target(v, late) is None:
                    continue
            elif kind == GROUND or kind == SKIP and not late:
                continue  # Skips are kept in the stacks for the Grounds
            rank = _PICK_ORDER[kind]
            if (best is None or rank < best[0]) and self.play(v, card, late) is not None:
                best = (rank, s.id, card)
        return PickUp(best[1], best[2]) if best else None

    def play(self, v: SeatView, card: str, late: bool) -> Play | None:
        """What to do with ``card`` in hand now, or None to keep holding it."""
        kind = v._st.kinds[card]
        me = v.seat
        seats = v._st.seats
        mine = seats[me]
        opts = v.options
        locked = v._st.dealing_to if opts.lockout == "on" else None
        if kind == STOP:
            pending = v._game.pending_ground
            if pending is not None and pending[0] == me:
                return Play(card)
            if opts.stop_mode == "counter_on_play":
                return self._counter(v, card, late)
            target = self._stop_target(v, late)
            return Play(card, target) if target is not None else None
        if kind in RIDERS:
            if self.value(kind, late) > 0:
                return Play(card, me) if mine.rider is None else None
            target = _left_free(v, me)
            return Play(card, target) if target is not None else None
        if kind == EXTRA:
            if mine.rider is not None and me != locked and len(mine.extras) < opts.extra_limit \
                    and self.value(v._st.kinds[mine.rider], late) > 0:
                return Play(card, me)
            n = v.players
            for step in range(1, n):
                other = seats[(me + step) % n]
                if other.out or other.rider is None or other.seat == locked or len(other.extras) >= opts.extra_limit:
                    continue
                if self.value(v._st.kinds[other.rider], late) < 0:
                    return Play(card, other.seat)
            return None
        if kind == PUSH:
            if mine.rider is None or me == locked or self.value(v._st.kinds[mine.rider], late) >= 0:
                return None
            target = _left_free(v, me)
            return Play(card, me, target) if target is not None else None
        if kind == GRAB:
            if mine.rider is not None:
                return None
            n = v.players
            for step in range(1, n):
                other = seats[(me + step) % n]
                if not other.out and other.rider is not None and other.seat != locked \
                        and self.value(v._st.kinds[other.rider], late) > 0:
                    return Play(card, other.seat)
            return None
        return None

    def _stop_target(self, v: SeatView, late: bool) -> int | None:
        """A Rider worth destroying: a bad one on me, or (late, with time to spare) an opponent's Skip."""
        if v.options.stop_mode != "destroy_in_place":
            return None
        st = v._st
        me = v.seat
        locked = st.dealing_to if v.options.lockout == "on" else None
        mine = st.seats[me]
        spare = len(st.deck) - st.grounds_left >= st.alive
        bad_for_me = mine.rider is not None and self.value(st.kinds[mine.rider], late) < 0
        if bad_for_me and me != locked and (spare or not late):
            return me
        if late and spare:
            for s in st.seats:
                if s.seat != me and not s.out and s.rider is not None and s.seat != locked \
                        and st.kinds[s.rider] == SKIP:
                    return s.seat
        return None

    def _counter(self, v: SeatView, card: str, late: bool) -> Play | None:
        """Counter a play that hurts me as it is being made (``counter_on_play``)."""
        st = v._st
        me = v.seat
        for played, kind, by, target in v.plays_in_progress():
            if by == me:
                continue
            rider = st.seats[target].rider
            if rider is None:
                continue
            value = self.value(st.kinds[rider], late)
            if target == me and value < 0 and kind in (HIT, SPLIT, SKIP, EXTRA, PUSH):
                return Play(card, counter=played)
            if kind == GRAB and target == by and value > 0:
                return Play(card, counter=played)
        return None


_PICK_ORDER = {SKIP: 0, STOP: 1, PUSH: 2, GRAB: 3, EXTRA: 4, HIT: 5, SPLIT: 6}


class NoviceAgent(HeuristicAgent):
    """The heuristic with slower hands, and now and then picking up a card it cannot play."""

    name = "novice"

    def __init__(self, *, reaction: Reaction = Reaction(550, 1400), blunder: float = 0.3) -> None:
        super().__init__(reaction=reaction)
        self.blunder = blunder

    def pick_up(self, v: SeatView, rng: random.Random, late: bool) -> Action | None:
        if rng.random() < self.blunder:
            tops = [(sid, card) for sid, card in v.tops() if v.kind(card) != GROUND]
            if tops:
                sid, card = tops[int(rng.random() * len(tops))]
                return PickUp(sid, card)
        return super().pick_up(v, rng, late)


AGENTS: dict[str, Callable[..., object]] = {
    "random": RandomAgent,
    "heuristic": HeuristicAgent,
    "novice": NoviceAgent,
}
"""Agent names → factories (``cardgen simulate --agents heuristic,random:150-400``)."""


def make_agent(name: str) -> RandomAgent | HeuristicAgent:
    """A new agent by name, optionally with its reaction times: ``heuristic`` or ``novice:800-2000``
    (milliseconds, fastest-slowest). RulesError naming the known agents otherwise."""
    base, sep, profile = name.strip().lower().partition(":")
    factory = AGENTS.get(base)
    if factory is None:
        close = difflib.get_close_matches(base, list(AGENTS), n=1)
        hint = f"did you mean '{close[0]}'?" if close else f"agents are {', '.join(AGENTS)}"
        raise RulesError(f"unknown agent '{name}'", field="agents", hint=hint)
    if not sep:
        return factory()  # type: ignore[return-value]
    low, dash, high = profile.partition("-")
    if not (dash and low.strip().isdigit() and high.strip().isdigit()) or not 1 <= int(low) <= int(high) <= 60_000:
        raise RulesError(f"'{name}': the reaction time must be LOW-HIGH milliseconds, e.g. {base}:300-800",
                         field="agents")
    return factory(reaction=Reaction(int(low), int(high)))  # type: ignore[call-arg, return-value]


def seat_agents(names: Sequence[str], players: int, *, rotate: int = 0) -> list[str]:
    """Agent names for each seat: the line-up (the list repeated round the table, from seat 0) turned
    ``rotate`` seats round the table.

    Turning the whole line-up (not the list) keeps the table's make-up; over ``players`` turns every
    seat takes every place of the line-up once, even when the number of agents does not divide the
    number of players (5 seats of heuristic,random: three heuristics and two random bots every game).
    """
    if not names:
        names = ["heuristic"]
    for name in names:
        make_agent(name)
    line_up = [names[seat % len(names)] for seat in range(players)]
    return [line_up[(seat + rotate) % players] for seat in range(players)]
