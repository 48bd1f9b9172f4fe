"""The rules of play as functions of the table: no clock, no randomness, no I/O.

Each function takes the live :class:`~.state.State`, the time of the change and an event list
(``None`` in the fast, log-free mode), updates the state in place and appends the events that
describe the change. A play or pick-up that is not legal changes nothing but the log
(``PlayFailed`` / ``PickUpFailed``) and returns the reason. :func:`apply` wraps them as a pure
function that leaves its input untouched. Timing (who acts when, the dealer's pace, how long a
Ground can be answered) lives in :mod:`.clock`.

Rule numbers refer to ``RULES.md``; option names to :mod:`.variants`.
"""

from __future__ import annotations

from typing import NamedTuple

from cardgen.games.falling.cards import EXTRA, GRAB, GROUND, PUSH, RIDERS, SKIP, STOP
from cardgen.games.falling.events import Event
from cardgen.games.falling.state import Stack, State
from cardgen.games.falling.variants import Options

NEW_STACK = 0
"""Stack id meaning "start a new stack" (R17, R23)."""


class PickUp(NamedTuple):
    """Take the top card ``card`` of one of your stacks into your hand (R34, R36, R38)."""

    stack: int
    card: str


class Play(NamedTuple):
    """Play the card in your hand.

    - Rider (Hit, Split, Skip): ``on`` = the seat it is laid in front of (R30).
    - Extra: ``on`` = the seat whose Rider it joins (R48).
    - Push: ``on`` = the seat whose Rider moves (your own under ``push_scope: own``), ``to`` = where (R43).
    - Grab: ``on`` = the seat whose Rider you take (R44).
    - Stop: ``on`` = the seat whose Rider it destroys (R45, ``stop_mode: destroy_in_place``);
      ``on=None`` = the Ground being dealt to you (R46); ``counter`` = the card it counters as
      it is being played (``stop_mode: counter_on_play``, D5).
    """

    card: str
    on: int | None = None
    to: int | None = None
    counter: str | None = None


Action = PickUp | Play


class Recent(NamedTuple):
    """A play that can still be countered (``stop_mode: counter_on_play``)."""

    t_ms: int
    by: int
    card: str
    kind: str
    rider: str
    source: int | None
    target: int


# -- the dealer's side ------------------------------------------------------------------------

def start_deal(st: State, player: int, t: int, ev: list[Event] | None) -> None:
    """The dealer turns to ``player`` (R14); while it lasts, their Rider is locked (R27)."""
    st.dealing_to = player
    if ev is not None:
        ev.append(Event(t, "DealStarted", (player,)))


def end_deal(st: State, player: int, t: int, ev: list[Event] | None) -> None:
    st.dealing_to = None
    if ev is not None:
        ev.append(Event(t, "DealEnded", (player,)))


def deal_card(st: State, player: int, stack_id: int, t: int, ev: list[Event] | None) -> str:
    """One card face up on a stack of ``player`` (R15); ``NEW_STACK`` or a vanished stack starts one (R17).

    When the deck is empty a Ground is imagined (R33). Returns the card.
    """
    seat = st.seats[player]
    stack = None
    if stack_id != NEW_STACK:
        for s in seat.stacks:
            if s.id == stack_id:
                stack = s
                break
    if stack is None:
        stack = Stack(st.next_stack_id)
        st.next_stack_id += 1
        seat.stacks.append(stack)
        if ev is not None:
            ev.append(Event(t, "StackStarted", (player, stack.id)))
    card = st.deck.pop() if st.deck else st.imagine_ground()
    if st.kinds[card] == GROUND:
        st.grounds_left -= 1
    stack.cards.append(card)
    if ev is not None:
        ev.append(Event(t, "CardDealt", (player, stack.id, card)))
    return card


def announce_rider(st: State, player: int, t: int, ev: list[Event] | None, opts: Options) -> tuple[str, int]:
    """The dealer reads the Rider in front of ``player``: its kind and how many Extras count (R20, R52)."""
    seat = st.seats[player]
    rider = seat.rider
    assert rider is not None
    extras = min(len(seat.extras), opts.extra_limit)
    if ev is not None:
        ev.append(Event(t, "RiderApplied", (player, rider, tuple(seat.extras))))
    return st.kinds[rider], extras


def apply_skip(st: State, player: int, t: int, ev: list[Event] | None, opts: Options) -> None:
    """Skip: no cards at all (R25). With Extras, only one Extra is swept and the Skip stays (R26, D3)."""
    seat = st.seats[player]
    announce_rider(st, player, t, ev, opts)
    if seat.extras:
        swept = [seat.extras.pop()]
    else:
        swept = [seat.rider]  # type: ignore[list-item]
        seat.rider = None
    st.discard.extend(swept)  # type: ignore[arg-type]
    if ev is not None:
        ev.append(Event(t, "CardsSwept", (player, tuple(swept))))


def sweep_rider(st: State, player: int, rider: str, t: int, ev: list[Event] | None) -> None:
    """After carrying out a Hit or Split, sweep it and its Extras (R20–R24) if it is still there."""
    seat = st.seats[player]
    if st.carrying_out == player:
        st.carrying_out = None
    if seat.rider != rider:
        return
    swept = [rider, *seat.extras]
    seat.rider = None
    seat.extras = []
    st.discard.extend(swept)
    if ev is not None:
        ev.append(Event(t, "CardsSwept", (player, tuple(swept))))


def ground_player(st: State, player: int, ground: str, t: int, ev: list[Event] | None) -> None:
    """``player`` is out (R31); their cards stay where they are, under the Ground (R32).

    A Rider still in front of them (laid before the Ground came, or the Hit whose card was the
    Ground) is swept with its Extras, as the dealer sweeps any Rider that has had its turn.
    """
    seat = st.seats[player]
    seat.out = True
    seat.ground = ground
    st.order.append(player)
    st.alive -= 1
    if st.answering == player:
        st.answering = None
    if st.carrying_out == player:
        st.carrying_out = None
    if ev is not None:
        ev.append(Event(t, "PlayerGrounded", (player, ground)))
    if seat.rider is not None:
        swept = [seat.rider, *seat.extras]
        seat.rider, seat.extras = None, []
        st.discard.extend(swept)
        if ev is not None:
            ev.append(Event(t, "CardsSwept", (player, tuple(swept))))


def end_if_over(st: State, t: int, ev: list[Event] | None) -> bool:
    """When one player is left falling, that player wins (A4): logs ``GameEnded``, returns True."""
    alive = [s.seat for s in st.seats if not s.out]
    if len(alive) > 1:
        return False
    st.winner = alive[0] if alive else None
    if ev is not None:
        ev.append(Event(t, "GameEnded", (st.winner, tuple(st.order))))
    return True


# -- the players' side ------------------------------------------------------------------------

def pick_up(st: State, player: int, stack_id: int, card: str, t: int, ev: list[Event] | None) -> str | None:
    """Take a top card into an empty hand (R34, R36, R38, R39). Returns a reason when it fails."""
    seat = st.seats[player]
    reason = None
    stack = None
    if seat.out:
        reason = "out"
    elif seat.held is not None:
        reason = "hand_full"
    else:
        for s in seat.stacks:
            if s.id == stack_id:
                stack = s
                break
        if stack is None:
            reason = "gone"
        elif stack.cards[-1] != card:
            reason = "covered" if card in stack.cards else "gone"
        elif st.kinds[card] == GROUND:
            reason = "gone"
        elif st.answering == player and st.kinds[card] != STOP:
            reason = "answering_ground"  # R31: dealt a Ground, only a Stop may answer it
    if reason is not None or stack is None:
        if ev is not None:
            ev.append(Event(t, "PickUpFailed", (player, stack_id, card, reason)))
        return reason
    stack.cards.pop()
    seat.held = card
    if ev is not None:
        ev.append(Event(t, "CardPickedUp", (player, stack_id, card)))
    if not stack.cards:  # R18, A6: a stack vanishes with its last card
        seat.stacks.remove(stack)
        if ev is not None:
            ev.append(Event(t, "StackEmptied", (player, stack_id)))
    return None


def play(st: State, player: int, action: Play, t: int, ev: list[Event] | None, opts: Options,
         *, pending_ground: tuple[int, int, str] | None = None, recent: list[Recent] | None = None) -> str | None:
    """Play the held card (R34, R41). Returns None on success, else the reason it failed (card kept, R39).

    ``pending_ground`` is (seat, stack, card) of a Ground being dealt and still answerable with a
    Stop (R46, A3); ``recent`` the plays a ``counter_on_play`` Stop can still counter (D5). Both
    are kept by the clock; on success the caller learns what changed from the state.
    """
    reason = _play(st, player, action, t, ev, opts, pending_ground, recent)
    if reason is not None and ev is not None:
        ev.append(Event(t, "PlayFailed", (player, action.card, reason)))
    return reason


def _play(st: State, player: int, action: Play, t: int, ev: list[Event] | None, opts: Options,
          pending_ground: tuple[int, int, str] | None, recent: list[Recent] | None) -> str | None:
    seats = st.seats
    me = seats[player]
    card = action.card
    if me.out:
        return "out"
    if me.held != card:
        return "gone"
    kind = st.kinds[card]
    on = action.on
    lock = opts.lockout == "on"
    counterable = opts.stop_mode == "counter_on_play"
    # R31: from the moment a Ground is dealt, its player may only answer it, and nobody plays on them
    answering = st.answering if st.answering is not None else pending_ground[0] if pending_ground else None
    if answering == player and not (kind == STOP and on is None and action.counter is None):
        return "answering_ground"
    carrying = st.carrying_out  # R20: a Rider being carried out stays put until swept
    if kind in RIDERS:  # R29, R30; a Rider laid during that player's deal waits a pass (R28, in clock)
        if on is None or not 0 <= on < len(seats):
            return "no_target"
        target = seats[on]
        if target.out:
            return "target_out"
        if on == answering:
            return "target_answering"
        if target.rider is not None:
            return "occupied"
        me.held = None
        target.rider = card
        if ev is not None:
            ev.append(Event(t, "RiderPlaced", (player, on, card)))
        if counterable and recent is not None:
            recent.append(Recent(t, player, card, kind, card, None, on))
        return None
    if kind == EXTRA:  # R48–R51, D1
        if on is None or not 0 <= on < len(seats):
            return "no_target"
        target = seats[on]
        if target.out:
            return "target_out"
        if on == answering:
            return "target_answering"
        if target.rider is None:
            return "no_rider"
        if lock and st.dealing_to == on:
            return "lockout"
        if carrying == on:
            return "carrying_out"
        if len(target.extras) >= opts.extra_limit:
            return "extra_limit"
        me.held = None
        target.extras.append(card)
        if ev is not None:
            ev.append(Event(t, "ExtraAttached", (player, on, card)))
        if counterable and recent is not None:
            recent.append(Recent(t, player, card, kind, target.rider, None, on))
        return None
    if kind == PUSH:  # R43, A1/D7, R49
        source = player if on is None else on
        if opts.push_scope == "own" and source != player:
            return "not_own"
        if not 0 <= source < len(seats):
            return "no_target"
        src = seats[source]
        if src.out:
            return "target_out"
        if source == answering:
            return "target_answering"
        if src.rider is None:
            return "no_rider"
        if lock and st.dealing_to == source:
            return "lockout"
        if carrying == source:
            return "carrying_out"
        to = action.to
        if to is None or not 0 <= to < len(seats) or to == player:
            return "no_target"
        dst = seats[to]
        if dst.out:
            return "target_out"
        if to == answering:
            return "target_answering"
        if dst.rider is not None or to == source:
            return "occupied"
        rider = src.rider
        dst.rider, dst.extras = rider, src.extras
        src.rider, src.extras = None, []
        me.held = None
        st.discard.append(card)
        if ev is not None:
            ev.append(Event(t, "RiderPushed", (player, source, to, card, rider)))
        if counterable and recent is not None:
            recent.append(Recent(t, player, card, kind, rider, source, to))
        return None
    if kind == GRAB:  # R44, D8
        if on is None or not 0 <= on < len(seats) or on == player:
            return "no_target"
        if me.rider is not None:
            return "own_rider"
        src = seats[on]
        if src.out:
            return "target_out"
        if on == answering:
            return "target_answering"
        if src.rider is None:
            return "no_rider"
        if lock and st.dealing_to == on:
            return "lockout"
        if carrying == on:
            return "carrying_out"
        rider = src.rider
        me.rider, me.extras = rider, src.extras
        src.rider, src.extras = None, []
        me.held = None
        st.discard.append(card)
        if ev is not None:
            ev.append(Event(t, "RiderGrabbed", (player, on, card, rider)))
        if counterable and recent is not None:
            recent.append(Recent(t, player, card, kind, rider, on, player))
        return None
    if kind == STOP:
        if action.counter is not None:
            return _counter(st, player, action.counter, t, ev, opts, recent, answering)
        if on is None:
            return _stop_ground(st, player, card, t, ev, pending_ground, recent if counterable else None)
        if opts.stop_mode != "destroy_in_place":  # D5: in place Riders cannot be removed
            return "stop_mode"
        if not 0 <= on < len(seats):
            return "no_target"
        target = seats[on]
        if target.out:
            return "target_out"
        if on == answering:
            return "target_answering"
        if target.rider is None:
            return "no_rider"
        if lock and st.dealing_to == on:
            return "lockout"
        if carrying == on:
            return "carrying_out"
        rider, extras = target.rider, target.extras
        target.rider, target.extras = None, []
        me.held = None
        st.discard.append(card)
        st.discard.append(rider)
        st.discard.extend(extras)
        if ev is not None:  # R45, R50
            ev.append(Event(t, "RiderDestroyed", (player, on, card, rider, tuple(extras))))
        return None
    return "no_target"


def _stop_ground(st: State, player: int, card: str, t: int, ev: list[Event] | None,
                 pending: tuple[int, int, str] | None, recent: list[Recent] | None) -> str | None:
    """R46, R47, A2, A3: the Ground goes back on top of the deck; one Stop, one Ground.

    Under ``counter_on_play`` (D5) this Stop is itself a card being played: ``recent`` (when
    given) records it so that another player's Stop can counter it and let the Ground through.
    """
    if pending is None or pending[0] != player:
        return "too_late"
    _, stack_id, ground = pending
    seat = st.seats[player]
    stack = seat.stack(stack_id)
    if stack is None or not stack.cards or stack.cards[-1] != ground:
        return "too_late"
    stack.cards.pop()
    st.deck.append(ground)
    st.grounds_left += 1
    seat.held = None
    st.discard.append(card)
    if st.answering == player:
        st.answering = None
    if ev is not None:
        ev.append(Event(t, "GroundStopped", (player, card, ground)))
    if recent is not None:
        recent.append(Recent(t, player, card, STOP, ground, stack_id, player))
    if not stack.cards:
        seat.stacks.remove(stack)
        if ev is not None:
            ev.append(Event(t, "StackEmptied", (player, stack_id)))
    return None


def _counter(st: State, player: int, countered: str, t: int, ev: list[Event] | None, opts: Options,
             recent: list[Recent] | None, answering: int | None) -> str | None:
    """D5: a Stop cancels a card as it is being played; the Stop and that card are discarded.

    Any card: a Rider, an Extra, a Push or a Grab (the Rider goes back), or a Stop played on a
    Ground (the Ground goes through after all: dealt again to its player, who is out). A Stop
    that counters cannot itself be countered: it resolves the play at once, leaving nothing
    "being played" to answer.
    """
    if opts.stop_mode != "counter_on_play":
        return "stop_mode"
    entry = None
    for r in recent or ():
        if r.card == countered and r.by != player and t - r.t_ms <= opts.counter_window_ms:
            entry = r
    if entry is None:
        return "too_late"
    seats = st.seats
    target = seats[entry.target]
    if entry.kind == STOP:
        return _counter_ground_stop(st, player, entry, t, ev, recent)
    if answering is not None and answering in (entry.target, entry.source):
        return "target_answering"
    lock = opts.lockout == "on"
    if lock and st.dealing_to == entry.target:
        return "lockout"
    if st.carrying_out == entry.target:
        return "carrying_out"
    me = seats[player]
    stop = me.held
    assert stop is not None
    returned_to = None
    if entry.kind in RIDERS:
        if target.rider != countered:
            return "too_late"
        swept = [countered, *target.extras]
        target.rider, target.extras = None, []
    elif entry.kind == EXTRA:
        if countered not in target.extras or target.rider != entry.rider:
            return "too_late"
        target.extras.remove(countered)
        swept = [countered]
    else:  # Push or Grab: the Rider goes back where it was; the Action is already discarded
        assert entry.source is not None
        source = seats[entry.source]
        if target.rider != entry.rider or source.rider is not None or source.out:
            return "too_late"
        source.rider, source.extras = target.rider, target.extras
        target.rider, target.extras = None, []
        swept = []
        returned_to = entry.source
    me.held = None
    st.discard.append(stop)
    st.discard.extend(swept)
    if recent is not None:
        recent.remove(entry)
    if ev is not None:
        ev.append(Event(t, "PlayCountered", (player, stop, countered, entry.by, entry.rider, returned_to)))
    return None


def _counter_ground_stop(st: State, player: int, entry: Recent, t: int, ev: list[Event] | None,
                         recent: list[Recent] | None) -> str | None:
    """D5 on R46: the Stop that sent a Ground back is cancelled; the Ground lands after all."""
    victim = entry.target
    ground = entry.rider
    if st.seats[victim].out or not st.deck or st.deck[-1] != ground:
        return "too_late"  # the dealer has already dealt the Ground on
    me = st.seats[player]
    stop = me.held
    assert stop is not None
    me.held = None
    st.discard.append(stop)
    if recent is not None:
        recent.remove(entry)
    if ev is not None:
        ev.append(Event(t, "PlayCountered", (player, stop, entry.card, victim, None, None)))
    assert entry.source is not None
    deal_card(st, victim, entry.source, t, ev)
    ground_player(st, victim, ground, t, ev)
    return None


def apply(state: State, player: int, action: Action, *, t_ms: int, options: Options,
          pending_ground: tuple[int, int, str] | None = None,
          recent: list[Recent] | None = None) -> tuple[State, list[Event]]:
    """The pure form: a new state after ``player`` attempts ``action`` at ``t_ms``, and the events.

    ``state`` and ``recent`` are left untouched. A failed attempt gives an unchanged copy and
    one ``PlayFailed``/``PickUpFailed`` event.
    """
    new = state.copy()
    new.clock_ms = t_ms
    events: list[Event] = []
    if isinstance(action, PickUp):
        pick_up(new, player, action.stack, action.card, t_ms, events)
    else:
        play(new, player, action, t_ms, events, options, pending_ground=pending_ground,
             recent=list(recent) if recent is not None else None)
    return new, events


__all__ = ["NEW_STACK", "Action", "PickUp", "Play", "Recent", "SKIP", "announce_rider", "apply", "apply_skip",
           "deal_card", "end_deal", "end_if_over", "ground_player", "pick_up", "play", "start_deal", "sweep_rider"]
