"""What the walkthrough's sentences say agrees with the simulated game's events, in English and French:
the case a caption picks (first stack or lost stacks, own Rider, one card or several), the clock a
question cites, and the grammar French needs around card names (F4–F7, F17, F19, F26)."""

from __future__ import annotations

import re

import pytest

from cardgen.build import translator_for
from cardgen.games.falling import replay
from cardgen.games.falling.captions import Narrator
from cardgen.games.falling.texts import BY_CONTEXT
from cardgen.i18n.catalogs import catalog_path, read_catalog
from cardgen.walkthrough.table_view import format_clock


def _context_marks(context: str, text: str) -> str:
    """A 'translation' that shows which string a caption used."""
    return f"[{context}]"


@pytest.fixture(scope="module")
def told(deck, games) -> list[tuple[object, int, str, object]]:  # type: ignore[no-untyped-def]
    """(event, index, context of its caption, table before it) for every event of every stage's game."""
    out = []
    for game in games:
        events = game.record.events
        narrator = Narrator(deck, _context_marks, events, stage_rules=game.rules)
        tables = [table for _, table in replay(events)]
        for index, event in enumerate(events):
            caption, _ = narrator.caption(index, tables[index])
            match = re.match(r"\[(caption:[^\]]+)\]", caption)
            out.append((event, index, match.group(1) if match else "", tables[index - 1] if index else None, events))
    return out


def test_a_first_stack_and_a_lost_stack_are_told_apart(told) -> None:  # type: ignore[no-untyped-def]
    """F7: « Ann n’a plus de pile » at 00:00 said Ann had lost stacks she never had."""
    seen = set()
    for event, index, context, _, events in told:
        if context not in ("caption:CardDealt.first_stack", "caption:CardDealt.new_stack"):
            continue
        dealt_before = any(e.kind == "CardDealt" and e["player"] == event["player"] for e in events[:index])
        assert dealt_before == (context == "caption:CardDealt.new_stack"), (index, context)
        seen.add(context)
    assert "caption:CardDealt.first_stack" in seen


def test_an_extra_on_ones_own_rider_and_one_swept_card_have_their_own_sentences(told) -> None:  # type: ignore[no-untyped-def]
    """F5 and F6: « Ann pose la carte Extra sur la consigne Scission devant Ann »; « balaie Extra »."""
    seen = set()
    for event, _, context, _, _ in told:
        if event.kind == "ExtraAttached":
            assert context == ("caption:ExtraAttached.self" if event["by"] == event["on"] else "caption:ExtraAttached")
            seen.add(context)
        if event.kind == "CardsSwept":
            assert context == ("caption:CardsSwept.one" if len(event["cards"]) == 1 else "caption:CardsSwept")
            seen.add(context)
    assert {"caption:ExtraAttached.self", "caption:CardsSwept.one", "caption:CardsSwept"} <= seen


def test_the_winner_named_is_the_one_player_still_in(deck, games) -> None:  # type: ignore[no-untyped-def]
    for game in games:
        events = game.record.events
        narrator = Narrator(deck, translator_for(deck, "fr"), events)
        end = next(i for i, e in enumerate(events) if e.kind == "GameEnded")
        table = [t for _, t in replay(events)][end]
        still_in = [s.seat for s in table.seats if not s.out]
        caption = _plain(narrator.caption(end, table)[0])
        assert still_in == [events[end]["winner"]]
        assert caption.startswith("Tous les autres ont touché le sol : " + narrator.name(still_in[0]) + " gagne.")


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_each_question_cites_the_clock_of_a_frame_of_its_game(plans, lang: str) -> None:  # type: ignore[no-untyped-def]
    """F17: « au tour de donne de 00:55,7 » when the frame showing it reads 00:57,2."""
    cited = 0
    for plan in plans[lang]:
        shown = {format_clock(view.clock_ms) for view in plan.frames}
        for question in plan.questions:
            for reading in re.findall(r"\d\d:\d\d\.\d", question.text):
                assert reading in shown, (question.text, sorted(shown))
                cited += 1
    assert cited >= 6


def _plain(text: str) -> str:
    """Text with its no-break spaces as plain spaces."""
    return text.replace("\u00a0", " ").replace("\u202f", " ")


# -- French grammar round card names ------------------------------------------------------------
BEFORE_A_CARD_NAME = {"carte", "cartes", "consigne", "son", "sa", "la", "le", "l’", "un", "une", "et", "de", "du"}
"""Words a bare card name may follow in a French sentence (« la carte **Prise** », « avec son **Extra** »)."""


def _french_texts(plans) -> list[str]:  # type: ignore[no-untyped-def]
    out = []
    for plan in plans["fr"]:
        out += [view.caption for view in plan.frames] + [q.text + " " + q.answer for q in plan.questions]
    return out


def test_french_sentences_give_card_names_an_article_or_carte(plans) -> None:  # type: ignore[no-untyped-def]
    """F4: « Prise part à la défausse. », « balaie Extra », « avec Extra ». A bold card name opens
    no sentence (« **Saut** : le donneur… » heads a caption like a label) and follows an article, « carte », « consigne »,
    a possessive or a list's « , » / « et »."""
    bad = []
    for text in _french_texts(plans):
        for match in re.finditer(r"\*\*[^*]+\*\*", text):
            before = text[:match.start()].rstrip()
            if not before or before.endswith(","):
                continue  # a caption headed by its card; a list
            if re.search(r"[.!?]$", before):
                bad.append(text)
                continue
            word = re.split(r"[\s\u00a0\u202f]", before)[-1].lower()
            if word not in BEFORE_A_CARD_NAME:
                bad.append(f"{word} → {text}")
    assert not bad, bad[:5]


def test_french_lists_of_cards_end_with_et(plans) -> None:  # type: ignore[no-untyped-def]
    lines = [_plain(view.meanwhile) for plan in plans["fr"] for view in plan.frames if view.meanwhile]
    lists = [m.group(0) for line in lines for m in re.finditer(r"cartes prises : [^;.]*", line) if "," in m.group(0)]
    assert lists and all(" et " in item for item in lists), lists[:3]
    assert not any(re.search(r"\w \(\d+\), \w+ \(\d+\)$", item) for item in lists)


def test_a_pass_is_a_tour_de_donne_in_french(deck) -> None:  # type: ignore[no-untyped-def]
    """F19: the glossary's *pass* is « tour de donne »; *tour* alone reads as a player's turn, which FALLING has not."""
    wrong = [m.context for m in read_catalog(catalog_path(deck, "fr")) if m.context and m.string
             and re.search(r"\bpass\b", " ".join(m.id) if isinstance(m.id, tuple) else m.id)
             and re.search(r"\btour\b(?! de donne)", " ".join(m.string) if isinstance(m.string, tuple) else m.string)]
    assert wrong == []


def test_the_riders_diagram_has_a_label_for_two_swept_cards(deck) -> None:  # type: ignore[no-untyped-def]
    """F26: « Frappe + Extra / part à la défausse »: two cards take the plural."""
    from cardgen.games.falling.diagrams import riders_diagram

    asked: list[str] = []
    french = translator_for(deck, "fr")

    def translate(context: str, text: str) -> str:
        asked.append(context)
        return french(context, text)

    riders_diagram(deck, translate, width=460)
    assert asked.count("diagram:riders.swept") == 3 and asked.count("diagram:riders.swept.both") == 2
    assert french("diagram:riders.swept.both", "swept to the discard") == "partent à la défausse"


def test_every_new_string_has_a_translators_note(deck) -> None:  # type: ignore[no-untyped-def]
    for context in ("caption:CardDealt.first_stack", "caption:ExtraAttached.self", "caption:CardsSwept.one",
                    "walkthrough:stage_teaches.one"):
        assert BY_CONTEXT[context].comment


def test_a_stage_of_one_new_card_is_told_in_the_singular(deck, tmp_path) -> None:  # type: ignore[no-untyped-def]
    """F6: « Nouvelles cartes : Extra. », « ajoutez Extra. » — one card has its own string in the cover and the rulebook."""
    from cardgen.games.falling.walkthrough import _labels
    from cardgen.rulebook.components import teaching_items
    from cardgen.walkthrough.handout import (
        HandoutPlan,
        StagePlan,
        _Story,
        handout_geometry,
    )

    def items(lang: str) -> list[str]:
        return [_plain(re.sub(r"<[^>]+>", "", item)) for item in
                teaching_items(deck, translator_for(deck, lang), language=lang, icon_size=8)]

    assert items("fr") == ["Les Sols et les consignes — jouez seulement avec les cartes Sol, Frappe, Scission et Saut.",
                           "On ajoute les actions — ajoutez les cartes Poussée, Prise et Stop.",
                           "On ajoute l’Extra — ajoutez la carte Extra."]
    assert items("en")[2] == "Adding the Extra — add Extra."
    for lang, one, many in (("fr", "Partie 3 : On ajoute l’Extra. Nouvelle carte : Extra.",
                             "Partie 2 : On ajoute les actions. Nouvelles cartes : Poussée, Prise et Stop."),
                            ("en", "Game 3: Adding the Extra. New card: Extra.",
                             "Game 2: Adding the Actions. New cards: Push, Grab, and Stop.")):
        translate = translator_for(deck, lang)
        stages = []
        for key, title, cards in (("actions", "teaching:actions.title", ("push", "grab", "stop")),
                                  ("extras", "teaching:extras.title", ("extra",))):
            stage = next(s for s, _ in deck.teaching_stages() if s.stage == key)
            stages.append(StagePlan(key=key, title=translate(title, stage.title), intro="",
                                    new_cards=tuple(type("C", (), {"name": translate(f"card:{c}.name", deck.card(c).name)})()
                                                    for c in cards), frames=()))
        plan = HandoutPlan(title="", subtitle="", lead=(), credit="", stages=(stages[0], stages[0], stages[1]),
                           labels=_labels(translate), language=lang)
        story = _Story(plan, None, handout_geometry("a4"))  # type: ignore[arg-type]
        lines = [_plain(re.sub(r"<[^>]+>", "", p.text)) for p in story.contents() if hasattr(p, "text")]
        assert one in lines and many in lines, lines
