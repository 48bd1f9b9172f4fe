"""From an event and the table after it to a frame: caption, highlights, the rule at work.

Captions are catalog templates (:mod:`cardgen.games.falling.texts`) filled with player
names and card names in the handout's language. The narrator reads the events around the one it
captions to say *why* (a card dealt because of a Hit, a Rider placed while its target is being
dealt to, a sweep that leaves the Skip behind).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from cardgen.games.falling import Event, TableSnapshot, kind_of
from cardgen.model.deck import DeckSpec
from cardgen.render.card_renderer import Translate
from cardgen.games.falling.rules_shown import rule_of
from cardgen.games.falling.snatch import snatches
from cardgen.games.falling.texts import BY_CONTEXT
from cardgen.i18n.plurals import label_text
from cardgen.walkthrough.table_view import Highlight, Move, SeatView, StackView, TableView, format_clock

NAMES = ("Ann", "Bob", "Cleo", "Dan", "Eve", "Finn", "Gus", "Hana", "Ivan", "Jo")
"""Seat names for captions (presentation only: the log uses seat numbers)."""


def join_list(items: Sequence[str], language: str) -> str:
    """``A, B and C`` as ``language`` writes a list (« A, B et C »); one item alone as it is."""
    from cardgen.i18n.lists import format_list

    return format_list(list(items), language) if items else ""


def fill(template: str, values: dict[str, object]) -> str:
    """Replace ``{name}`` placeholders (never ``str.format``: translations may hold other braces)."""
    out = template
    for key, value in values.items():
        out = out.replace("{" + key + "}", str(value))
    return out


@dataclass
class Narrator:
    """Tells one game in one language."""

    deck: DeckSpec
    translate: Translate
    events: Sequence[Event]
    stage_rules: tuple[str, ...] = ()
    language: str = "en"
    """The handout's language: how a list of names is joined (“A, B and C”, « A, B et C »)."""
    _snatches: frozenset[int] | None = field(default=None, init=False, repr=False, compare=False)

    def is_snatch(self, index: int) -> bool:
        """Whether pick-up number ``index`` took a card before the Hit's next card covered it (R37)."""
        if self._snatches is None:
            self._snatches = snatches(self.events)
        return index in self._snatches

    def text(self, context: str, **values: object) -> str:
        """A label filled with ``values``; a counted label in the form for its ``count``."""
        count = values.get("count")
        return fill(label_text(self.translate, BY_CONTEXT[context], count if isinstance(count, int) else None), values)

    def name(self, seat: int | None) -> str:
        return NAMES[seat % len(NAMES)] if seat is not None else ""

    def card(self, card: str) -> str:
        kind = kind_of(card)
        try:
            spec = self.deck.card(kind)
        except KeyError:
            return kind
        return self.translate(f"card:{spec.id}.name", spec.name)

    def cards(self, cards: Sequence[str]) -> str:
        """Bold card names, joined the way the handout's language joins a list."""
        return self.join([f"**{self.card(c)}**" for c in cards])

    def join(self, items: Sequence[str]) -> str:
        """``A, B and C`` in the handout's language (Babel's list patterns from the CLDR)."""
        return join_list(items, self.language)

    def clock(self, ms: int) -> str:
        return format_clock(ms)

    # -- captions -------------------------------------------------------------------------------
    def caption(self, index: int, table: TableSnapshot) -> tuple[str, tuple[Highlight, ...]]:
        """The caption of event ``index`` and the parts of the table it talks about."""
        e = self.events[index]
        kind = e.kind
        handler = getattr(self, f"_{kind}", None)
        if handler is None:
            return "", ()
        return handler(e, index, table)  # type: ignore[no-any-return]

    def _GameStarted(self, e: Event, index: int, table: TableSnapshot) -> tuple[str, tuple[Highlight, ...]]:  # noqa: N802
        # one sentence per number, each in the form its count takes
        return (" ".join((self.text("caption:GameStarted", count=len(table.seats)),
                          self.text("caption:GameStarted.deck", count=len(table.deck)),
                          self.text("caption:GameStarted.grounds", count=table.grounds_in_deck))), (Highlight("deck"),))

    def _DealStarted(self, e: Event, index: int, table: TableSnapshot) -> tuple[str, tuple[Highlight, ...]]:  # noqa: N802
        return self.text("caption:DealStarted", player=self.name(e["player"])), (Highlight("seat", e["player"]),)

    def _CardDealt(self, e: Event, index: int, table: TableSnapshot) -> tuple[str, tuple[Highlight, ...]]:  # noqa: N802
        player, card = e["player"], e["card"]
        marks = (Highlight("stack", player, e["stack"]),)
        applied = self._rider_being_applied(index, player)
        if applied is not None:
            return self.text("caption:CardDealt.rider", rider=self.card(applied), player=self.name(player),
                             card=self.card(card)), marks
        if self._stack_started_here(index, player, e["stack"]):
            first = not any(earlier.kind == "CardDealt" and earlier["player"] == player for earlier in self.events[:index])
            context = "caption:CardDealt.first_stack" if first else "caption:CardDealt.new_stack"
            return self.text(context, player=self.name(player), card=self.card(card)), marks
        return self.text("caption:CardDealt", player=self.name(player), card=self.card(card)), marks

    def _rider_being_applied(self, index: int, player: int) -> str | None:
        for earlier in reversed(self.events[:index]):
            if earlier.kind in ("StackStarted", "CardDealt", "CardPickedUp", "StackEmptied", "PickUpFailed",
                                "PlayFailed"):
                continue
            if earlier.kind == "RiderApplied" and earlier["player"] == player:
                return str(earlier["rider"])
            return None
        return None

    def _stack_started_here(self, index: int, player: int, stack: int) -> bool:
        previous = self.events[index - 1] if index else None
        if not (previous is not None and previous.kind == "StackStarted" and previous["stack"] == stack):
            return False
        return not any(e.kind == "CardDealt" and e["player"] == player for e in self.events[max(0, index - 2):index]) \
            and self._rider_being_applied(index, player) is None

    def _StackEmptied(self, e: Event, index: int, table: TableSnapshot) -> tuple[str, tuple[Highlight, ...]]:  # noqa: N802
        return self.text("caption:StackEmptied", player=self.name(e["player"])), (Highlight("seat", e["player"]),)

    def _CardPickedUp(self, e: Event, index: int, table: TableSnapshot) -> tuple[str, tuple[Highlight, ...]]:  # noqa: N802
        player, card = e["player"], e["card"]
        marks = (Highlight("held", player),)
        if self.is_snatch(index):
            return self.text("caption:CardPickedUp.snatch", player=self.name(player), card=self.card(card)), marks
        return self.text("caption:CardPickedUp", player=self.name(player), card=self.card(card)), marks

    def _RiderPlaced(self, e: Event, index: int, table: TableSnapshot) -> tuple[str, tuple[Highlight, ...]]:  # noqa: N802
        by, on, card = e["by"], e["on"], e["card"]
        marks = (Highlight("rider", on),)
        if table.dealing_to == on:
            context = "caption:RiderPlaced.mid_deal_self" if by == on else "caption:RiderPlaced.mid_deal"
            return self.text(context, by=self.name(by), on=self.name(on), card=self.card(card)), marks
        if by == on:
            return self.text("caption:RiderPlaced.self", by=self.name(by), card=self.card(card)), marks
        return self.text("caption:RiderPlaced", by=self.name(by), on=self.name(on), card=self.card(card)), marks

    def _ExtraAttached(self, e: Event, index: int, table: TableSnapshot) -> tuple[str, tuple[Highlight, ...]]:  # noqa: N802
        on = e["on"]
        rider = table.seats[on].rider or ""
        rider_kind = kind_of(rider)
        effect_context = f"caption:effect.{rider_kind}" if rider_kind in ("hit", "split", "skip") else "caption:effect.other"
        context = "caption:ExtraAttached.self" if e["by"] == on else "caption:ExtraAttached"
        return (self.text(context, by=self.name(e["by"]), on=self.name(on), card=self.card(e["card"]),
                          rider=self.card(rider), effect=self.text(effect_context)), (Highlight("rider", on),))

    def _RiderApplied(self, e: Event, index: int, table: TableSnapshot) -> tuple[str, tuple[Highlight, ...]]:  # noqa: N802
        player, rider, extras = e["player"], str(e["rider"]), tuple(e["extras"])
        kind = kind_of(rider)
        if kind not in ("hit", "split", "skip"):
            return "", ()
        context = f"caption:RiderApplied.{kind}" + ("_extra" if extras else "")
        marks = (Highlight("rider", player),) + tuple(Highlight("stack", player, s.id) for s in table.seats[player].stacks
                                                      if kind == "hit")
        return (self.text(context, rider=self.card(rider), extra=self.card(extras[0]) if extras else "",
                          player=self.name(player)), marks)

    def _CardsSwept(self, e: Event, index: int, table: TableSnapshot) -> tuple[str, tuple[Highlight, ...]]:  # noqa: N802
        cards = list(e["cards"])
        if len(cards) == 1:
            return self.text("caption:CardsSwept.one", card=self.card(cards[0])), (Highlight("discard"),)
        return self.text("caption:CardsSwept", cards=self.cards(cards)), (Highlight("discard"),)

    def _RiderPushed(self, e: Event, index: int, table: TableSnapshot) -> tuple[str, tuple[Highlight, ...]]:  # noqa: N802
        return (self.text("caption:RiderPushed", by=self.name(e["by"]), to=self.name(e["to"]), card=self.card(e["card"]),
                          rider=self.card(e["rider"])), (Highlight("rider", e["to"]),))

    def _RiderGrabbed(self, e: Event, index: int, table: TableSnapshot) -> tuple[str, tuple[Highlight, ...]]:  # noqa: N802
        return (self.text("caption:RiderGrabbed", by=self.name(e["by"]), card=self.card(e["card"]),
                          rider=self.card(e["rider"]), **{"from": self.name(e["from"])}), (Highlight("rider", e["by"]),))

    def _RiderDestroyed(self, e: Event, index: int, table: TableSnapshot) -> tuple[str, tuple[Highlight, ...]]:  # noqa: N802
        return (self.text("caption:RiderDestroyed", by=self.name(e["by"]), on=self.name(e["on"]), card=self.card(e["card"]),
                          rider=self.card(e["rider"])), (Highlight("discard"), Highlight("seat", e["on"])))

    def _PlayCountered(self, e: Event, index: int, table: TableSnapshot) -> tuple[str, tuple[Highlight, ...]]:  # noqa: N802
        return (self.text("caption:PlayCountered", by=self.name(e["by"]), card=self.card(e["card"]),
                          countered=self.card(e["countered"])), (Highlight("discard"),))

    def _GroundStopped(self, e: Event, index: int, table: TableSnapshot) -> tuple[str, tuple[Highlight, ...]]:  # noqa: N802
        return (self.text("caption:GroundStopped", player=self.name(e["player"]), card=self.card(e["card"])),
                (Highlight("deck"), Highlight("seat", e["player"])))

    def _PlayFailed(self, e: Event, index: int, table: TableSnapshot) -> tuple[str, tuple[Highlight, ...]]:  # noqa: N802
        reason = REASON_CONTEXTS.get(str(e["reason"]), "reason:other")
        return (self.text("caption:PlayFailed", player=self.name(e["player"]), card=self.card(e["card"]),
                          reason=self.text(reason)), (Highlight("held", e["player"]),))

    def _PlayerGrounded(self, e: Event, index: int, table: TableSnapshot) -> tuple[str, tuple[Highlight, ...]]:  # noqa: N802
        return (self.text("caption:PlayerGrounded", player=self.name(e["player"]), ground=self.card(e["ground"])),
                (Highlight("seat", e["player"]),))

    def _GameEnded(self, e: Event, index: int, table: TableSnapshot) -> tuple[str, tuple[Highlight, ...]]:  # noqa: N802
        return self.text("caption:GameEnded", player=self.name(e["winner"])), (Highlight("seat", e["winner"]),)

    # -- frames ---------------------------------------------------------------------------------
    def rule_label(self, index: int) -> str | None:
        """The tag of the stage's new rule this event shows, if any."""
        rule = rule_of(self.events, index)
        if rule is None or rule not in self.stage_rules:
            return None
        return self.text(f"rule:{rule}")

    def view(self, index: int, table: TableSnapshot, *, caption_index: int | None = None,
             moves: tuple[Move, ...] = (), meanwhile: str = "") -> TableView:
        """The frame for event ``caption_index`` (default ``index``), showing the table ``table``,
        the cards moved on the way there, and the summary of what happened since the previous frame."""
        told = index if caption_index is None else caption_index
        caption, marks = self.caption(told, table)
        seats = tuple(SeatView(seat=s.seat, name=self.name(s.seat),
                               stacks=tuple(StackView(k.id, k.top, len(k.cards)) for k in s.stacks),
                               held=s.held, rider=s.rider, extras=tuple(s.extras), out=s.out, ground=s.ground,
                               being_dealt=(table.dealing_to == s.seat))
                      for s in table.seats)
        return TableView(seats=seats, deck_count=len(table.deck), grounds_in_deck=table.grounds_in_deck,
                         discard_top=table.discard[-1] if table.discard else None, discard_count=len(table.discard),
                         clock_ms=table.clock_ms, caption=caption, highlights=marks, rule_label=self.rule_label(told),
                         dealer_label=self.text("table:dealer"), deck_label=self.text("table:deck"),
                         discard_label=self.text("table:discard"), grounds_label=self.text("table:grounds"),
                         held_label=self.text("table:held"), out_label=self.text("table:out"), moves=moves,
                         meanwhile=meanwhile)


REASON_CONTEXTS: dict[str, str] = {
    "occupied": "reason:has_rider",
    "own_rider": "reason:own_rider",
    "not_own": "reason:not_own",
    "hand_full": "reason:hand_full",
    "covered": "reason:covered",
    "no_rider": "reason:no_rider",
    "gone": "reason:no_rider",
    "lockout": "reason:lockout",
    "target_out": "reason:out",
    "out": "reason:out",
    "extra_limit": "reason:has_extra",
}
"""The engine's ``PlayFailed`` reasons → the phrase a caption gives (others: ``reason:other``)."""
