"""Which teaching rules a FALLING game shows, read from its event log.

Each card kind a stage adds brings rules the walkthrough must show at work at least once:
Grounds and the three Riders at stage 1; Push, Grab and both uses of Stop at stage 2; the
Extra on each Rider at stage 3 (on a Skip, with the Skip staying after the pass).
"""

from __future__ import annotations

from collections.abc import Sequence

from cardgen.games.falling import Event, kind_of

RULES_BY_KIND: dict[str, tuple[str, ...]] = {
    "ground": ("ground",),
    "hit": ("hit",),
    "split": ("split",),
    "skip": ("skip",),
    "push": ("push",),
    "grab": ("grab",),
    "stop": ("stop_rider", "stop_ground"),
    "extra": ("extra_hit", "extra_split", "extra_skip"),
}
"""Card kind → the rules a walkthrough shows when that kind is new."""


def rules_for(kinds: Sequence[str]) -> list[str]:
    """The rules to show for newly added ``kinds``, in a stable order."""
    return [rule for kind in kinds for rule in RULES_BY_KIND.get(kind, ())]


def rule_of(events: Sequence[Event], index: int) -> str | None:
    """The teaching rule event ``index`` shows at work, if any."""
    event = events[index]
    kind = event.kind
    if kind == "PlayerGrounded":
        return "ground"
    if kind == "RiderPushed":
        return "push"
    if kind == "RiderGrabbed":
        return "grab"
    if kind == "RiderDestroyed":
        return "stop_rider"
    if kind == "GroundStopped":
        return "stop_ground"
    if kind == "RiderApplied":
        rider = kind_of(event["rider"])
        if rider not in ("hit", "split", "skip"):
            return None
        if not event["extras"]:
            return rider
        if rider != "skip":
            return f"extra_{rider}"
        return "extra_skip" if _skip_stays(events, index) else None
    return None


def _skip_stays(events: Sequence[Event], index: int) -> bool:
    """After an Extra Skip is applied, the sweep of that player takes the Extra, not the Skip."""
    player, rider = events[index]["player"], events[index]["rider"]
    for later in events[index + 1:]:
        if later.kind == "CardsSwept" and later["player"] == player:
            return rider not in later["cards"]
        if later.kind == "RiderApplied" and later["player"] == player:
            return False
    return False


def shown_rules(events: Sequence[Event]) -> dict[str, list[int]]:
    """Rule → the indices of the events that show it, in order."""
    found: dict[str, list[int]] = {}
    for index in range(len(events)):
        rule = rule_of(events, index)
        if rule is not None:
            found.setdefault(rule, []).append(index)
    return found
