"""A readable play-by-play of a log: ``00:12.4  Ann places Hit on Bob``.

Player names are presentation only (the log uses seat numbers). Pure text; the CLI prints it.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence

from cardgen.games.falling.cards import kind_of
from cardgen.games.falling.events import FAIL_REASONS, Event

NAMES = ("Ann", "Bob", "Cleo", "Dan", "Eve", "Finn", "Gus", "Hana", "Ivy", "Jon", "Kay", "Leo", "Mia", "Ned",
         "Olga", "Pia", "Quinn", "Rob", "Sue", "Tom", "Uma", "Vic", "Walt", "Xena", "Yan", "Zoe")


def clock(ms: int) -> str:
    """``12400`` → ``00:12.4``."""
    seconds, millis = divmod(max(0, ms), 1000)
    minutes, seconds = divmod(seconds, 60)
    return f"{minutes:02d}:{seconds:02d}.{millis // 100}"


def card_name(card: str) -> str:
    return kind_of(card).capitalize()


def _a(name: str) -> str:
    return ("an " if name[0] in "AEIOU" else "a ") + name


def _rider(rider: str, extras: Sequence[str]) -> str:
    name = card_name(rider)
    if not extras:
        return name
    return ("Extra " if len(extras) == 1 else f"{len(extras)}× Extra ") + name


class Narrator:
    """Turns events into lines; ``verbose`` also tells each deal and stack."""

    def __init__(self, names: Sequence[str] = NAMES, *, verbose: bool = False) -> None:
        self.names = names
        self.verbose = verbose

    def who(self, seat: int | None) -> str:
        if seat is None:
            return "nobody"
        return self.names[seat] if seat < len(self.names) else f"Player {seat + 1}"

    def line(self, e: Event) -> str | None:
        text = self.text(e)
        return None if text is None else f"{clock(e.t_ms)}  {text}"

    def text(self, e: Event) -> str | None:  # noqa: C901 - one branch per event type
        k = e.kind
        who = self.who
        if k == "GameStarted":
            players = ", ".join(f"{who(p['seat'])} ({p['agent']})" for p in e["players"])
            return f"{len(e['players'])} players: {players}; variant {e['variant']}; seed {e['seed']}"
        if k == "CardDealt":
            ground = kind_of(e["card"]) == "ground"
            name = card_name(e["card"])
            return f"Dealer deals {who(e['player'])} {'a GROUND' if ground else _a(name)}"
        if k == "CardPickedUp":
            return f"{who(e['player'])} picks up {card_name(e['card'])}"
        if k == "PickUpFailed":
            return f"{who(e['player'])} reaches for {card_name(e['card'])}, too late ({FAIL_REASONS[e['reason']]})"
        if k == "RiderPlaced":
            return f"{who(e['by'])} places {card_name(e['card'])} on {who(e['on'])}"
        if k == "ExtraAttached":
            return f"{who(e['by'])} adds an Extra to {who(e['on'])}'s Rider"
        if k == "RiderApplied":
            return f"Dealer carries out {who(e['player'])}'s {_rider(e['rider'], e['extras'])}"
        if k == "CardsSwept":
            return f"Dealer sweeps {', '.join(card_name(c) for c in e['cards'])}" if self.verbose else None
        if k == "RiderPushed":
            return f"{who(e['by'])} pushes {who(e['from'])}'s {card_name(e['rider'])} to {who(e['to'])}"
        if k == "RiderGrabbed":
            return f"{who(e['by'])} grabs {who(e['from'])}'s {card_name(e['rider'])}"
        if k == "RiderDestroyed":
            return f"{who(e['by'])} stops {who(e['on'])}'s {_rider(e['rider'], e['extras'])}"
        if k == "PlayCountered":
            return f"{who(e['by'])} counters {who(e['player'])}'s {card_name(e['countered'])} with a Stop"
        if k == "GroundStopped":
            return f"{who(e['player'])} plays a Stop: the Ground goes back on the deck"
        if k == "PlayFailed":
            return f"{who(e['player'])}'s {card_name(e['card'])} fails: {FAIL_REASONS[e['reason']]}"
        if k == "PlayerGrounded":
            return f"{who(e['player'])} hits the Ground"
        if k == "GameEnded":
            order = ", ".join(who(s) for s in e["order"])
            return f"{who(e['winner'])} wins! Hit the ground in this order: {order}"
        if self.verbose:
            if k == "DealStarted":
                return f"Dealer turns to {who(e['player'])}"
            if k == "StackStarted":
                return f"{who(e['player'])} gets a new stack ({e['stack']})"
            if k == "StackEmptied":
                return f"{who(e['player'])}'s stack {e['stack']} is gone"
        return None

    def lines(self, events: Iterable[Event]) -> Iterator[tuple[int, str]]:
        """(time, line) for every event worth a line."""
        for e in events:
            line = self.line(e)
            if line is not None:
                yield e.t_ms, line
