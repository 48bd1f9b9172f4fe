"""The glossary checks a term wherever the English has it: at a string's start, after a colon,
in a label; an English word left in the French fails; the floor « sol » is not the card Sol.

The planted translations are the ones the French review found passing (FINDINGS F2)."""

from __future__ import annotations

import shutil
from pathlib import Path

import polib
import pytest

from cardgen.cli import main
from tests.conftest import ROOT

PLANTED = {
    "falling": {
        "diagram:table.rider": "Rider, posé en travers",
        "meanwhile:placed": "Riders posés : {list}",
        "table:grounds": "Grounds en dessous : {count}",
        "teaching:grounds-and-riders.title": "Les Grounds et les Riders",
        "card:push.text": "Touchez avec elle le Rider posé devant vous et envoyez-le à un joueur qui n’a pas de "
                          "consigne. Puis défaussez la Poussée.",
        "rule:stop_rider": "Stop sur un Rider",
        # the card Ground gone; only the floor (« le sol ») is left
        "rulebook:idea.2": "Le donneur ne joue pas. Tous les autres tombent, et les {{ count.ground }} dernières "
                           "cartes du paquet sont spéciales : un joueur qui en reçoit une a touché le sol et il est "
                           "éliminé. Le dernier à toucher le sol gagne.",
    },
    "fall-damage": {
        "card:medic.abilities.1.text": "Reach 1 : soigne 5.",
        "card:assassins-knife.text": "**Usage unique.** Portée 1 : Attack 7.",
    },
}


def _project_copy(tmp_path: Path, deck: str) -> Path:
    (tmp_path / "docs").mkdir(exist_ok=True)
    shutil.copy(ROOT / "docs" / "glossary-fr.md", tmp_path / "docs")
    folder = tmp_path / "decks" / deck
    shutil.copytree(ROOT / "decks" / deck, folder)
    return folder


@pytest.mark.parametrize("deck", sorted(PLANTED))
def test_every_planted_english_term_is_reported(runner, tmp_path: Path, deck: str) -> None:  # type: ignore[no-untyped-def]
    folder = _project_copy(tmp_path, deck)
    po_path = folder / "locale" / "fr.po"
    po = polib.pofile(str(po_path), wrapwidth=0)
    for entry in po:
        if entry.msgctxt in PLANTED[deck]:
            entry.msgstr = PLANTED[deck][entry.msgctxt]
    po.save(str(po_path))
    result = runner.invoke(main, ["i18n", "check", str(folder), "fr"])
    assert result.exit_code == 1, result.output
    flagged = {line.split(": ")[1] for line in result.output.splitlines() if ": glossary: " in line}
    assert flagged == set(PLANTED[deck]), result.output


def test_a_sentence_opening_verb_and_a_quoted_original_pass() -> None:
    from cardgen.i18n.glossary import Term, glossary_problem

    hit = Term("Hit", ("Frappe",), Path("g.md"), 4)
    assert glossary_problem(hit, "Hit the ground last.", "Touchez le sol en dernier.") is None
    assert glossary_problem(hit, "Hit: play it on a stack.", "Effet : jouez-la sur une pile.") is not None
    damage = Term("Fall Damage", ("Dégâts de chute",), Path("g.md"), 5)
    assert glossary_problem(damage, "All of them mean Fall Damage.",
                            "Tous veulent dire Dégâts de chute (« Fall Damage »).") is None
    ground = Term("Ground", ("Sol",), Path("g.md"), 6)
    cards = frozenset({"Ground"})
    assert glossary_problem(ground, "a Ground", "un sol", card_names=cards) is not None
    assert glossary_problem(ground, "a Ground", "un Sol", card_names=cards) is None
    assert glossary_problem(ground, "the Ground", "le sol") is None  # not a card of this deck: either case
