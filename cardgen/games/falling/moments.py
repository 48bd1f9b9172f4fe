"""Which rule an event shows at work: for walkthroughs that pick a moment per rule.

``find_moments(events)`` labels events of a log with the numbers of ``RULES.md`` they
illustrate (``R26``: an Extra Skip swept only the Extra …). It replays the log to know the table
before each event, so it needs nothing but the log.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from cardgen.games.falling.cards import GROUND, HIT, SKIP, SPLIT, kind_of
from cardgen.games.falling.events import Event
from cardgen.games.falling.replay import replay
from cardgen.games.falling.snatch import snatches

RULE_TITLES: dict[str, str] = {
    "R14": "the deal goes clockwise from the dealer's left",
    "R16": "one card on each stack",
    "R17": "a player with no stack gets a new one",
    "R18": "an empty stack disappears",
    "R21": "Hit: one more card on each stack",
    "R22": "Extra Hit: two more cards on each stack",
    "R23": "Split: a new stack",
    "R24": "Extra Split: two new stacks",
    "R25": "Skip: no cards",
    "R26": "Extra Skip: only the Extra is swept, the Skip stays",
    "R27": "no meddling with the Rider of the player being dealt to",
    "R28": "a Rider laid during that player's deal waits a pass",
    "R29": "never two Riders",
    "R31": "dealt a Ground: out",
    "R33": "an imagined Ground",
    "R37": "a card snatched before the Hit's next card covers it",
    "R43": "Push",
    "R44": "Grab",
    "R45": "Stop destroys a Rider",
    "R46": "Stop sends a Ground back",
    "R47": "one Stop, one Ground",
    "R48": "an Extra laid on a Rider",
    "R49": "an Extra moves with its Rider",
    "R50": "an Extra dies with its Rider",
    "D5": "a Stop counters a card as it is played",
}


@dataclass(frozen=True, slots=True)
class Moment:
    """Event number ``index`` of the log shows rule ``rule`` at work."""

    rule: str
    index: int
    event: Event


def find_moments(events: Iterable[Event]) -> list[Moment]:
    """Every (rule, event) pair of a log, in log order."""
    events = list(events)
    snatched = snatches(events)
    found: list[Moment] = []
    before = None
    deck_grounds: set[str] = set()
    hit_applied = False
    stopped_in_deal: set[int] = set()
    had_stack: set[int] = set()
    for index, (e, after) in enumerate(replay(events)):
        k = e.kind
        rules: list[str] = []
        if k == "GameStarted":
            deck_grounds = {c for c in e["deck"] if kind_of(c) == GROUND}
            had_stack = {s.seat for s in after.seats if s.stacks}
        elif k == "DealStarted":
            hit_applied = False
            stopped_in_deal = set()
            if index <= 2:
                rules.append("R14")
        elif k == "CardDealt" and before is not None:
            seat = before.seats[e["player"]]
            if len(seat.stacks) >= 2 and not hit_applied:
                rules.append("R16")
            if kind_of(e["card"]) == GROUND and e["card"] not in deck_grounds:
                rules.append("R33")
        elif k == "StackStarted" and before is not None:
            if e["player"] in had_stack and not before.seats[e["player"]].stacks:
                rules.append("R17")
            had_stack.add(e["player"])
        elif k == "StackEmptied":
            rules.append("R18")
        elif k == "RiderApplied":
            rider, extras = kind_of(e["rider"]), e["extras"]
            rules.append({(HIT, False): "R21", (HIT, True): "R22", (SPLIT, False): "R23", (SPLIT, True): "R24",
                          (SKIP, False): "R25", (SKIP, True): "R26"}[(rider, bool(extras))])
            hit_applied = rider == HIT
        elif k == "PlayFailed":
            if e["reason"] == "lockout":
                rules.append("R27")
            elif e["reason"] == "occupied":
                rules.append("R29")
            elif e["reason"] in ("answering_ground", "target_answering"):
                rules.append("R31")  # dealt a Ground: only a Stop answers it, nobody plays on them
        elif k == "RiderPlaced" and before is not None and before.dealing_to == e["on"]:
            rules.append("R28")
        elif k == "PlayerGrounded":
            rules.append("R31")
            if e["player"] in stopped_in_deal:
                rules.append("R47")
        elif k == "CardPickedUp" and index in snatched:
            rules.append("R37")
        elif k in ("RiderPushed", "RiderGrabbed") and before is not None:
            rules.append("R43" if k == "RiderPushed" else "R44")
            if before.seats[e["from"]].extras:
                rules.append("R49")
        elif k == "RiderDestroyed":
            rules.append("R45")
            if e["extras"]:
                rules.append("R50")
        elif k == "GroundStopped":
            rules.append("R46")
            stopped_in_deal.add(e["player"])
        elif k == "ExtraAttached":
            rules.append("R48")
        elif k == "PlayCountered":
            rules.append("D5")
        found += [Moment(rule, index, e) for rule in rules]
        before = after
    return found

