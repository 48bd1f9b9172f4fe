"""Layouts are documented: ``cardgen schema --layout``, and docs/layouts.md names every key and kind."""

from __future__ import annotations

import json
import re
from pathlib import Path

import jsonschema
import pytest
from click.testing import CliRunner
from ruamel.yaml import YAML

from cardgen.cli import main
from cardgen.model.layout import ElementSpec
from cardgen.render.card_renderer import element_kinds
from tests.conftest import ROOT

DOC = ROOT / "docs" / "layouts.md"
LAYOUT_FILES = sorted([*ROOT.glob("cardgen/templates/*.yaml"), *ROOT.glob("decks/*/templates/*.yaml"),
                       *ROOT.glob("tests/data/decks/*/templates/*.yaml")])


def _yaml(text: str) -> object:
    return YAML(typ="safe").load(text)


@pytest.fixture(scope="module")
def layout_schema() -> dict[str, object]:
    result = CliRunner().invoke(main, ["schema", "--layout"])
    assert result.exit_code == 0
    schema = json.loads(result.output)
    jsonschema.Draft202012Validator.check_schema(schema)
    return schema


def test_every_key_of_the_layout_model_is_documented() -> None:
    text = DOC.read_text(encoding="utf-8")
    documented = set(re.findall(r"^\| `([a-z_]+)` \|", text, re.MULTILINE))
    assert set(ElementSpec.model_fields) <= documented, set(ElementSpec.model_fields) - documented


def test_every_element_kind_is_documented_with_an_example() -> None:
    text = DOC.read_text(encoding="utf-8")
    for kind in element_kinds():
        section = re.search(rf"^### `{re.escape(kind)}`\n(.*?)(?=^### |\Z)", text, re.MULTILINE | re.DOTALL)
        assert section is not None, f"docs/layouts.md has no section for kind '{kind}'"
        example = re.search(r"```yaml\n(.*?)```", section.group(1), re.DOTALL)
        assert example is not None, f"no example for kind '{kind}'"
        [element] = dict(_yaml(example.group(1))).values()  # type: ignore[arg-type]
        assert ElementSpec.model_validate(element).kind == kind


def test_every_shipped_layout_validates_against_the_schema(layout_schema: dict[str, object]) -> None:
    validator = jsonschema.Draft202012Validator(layout_schema)
    assert LAYOUT_FILES
    for path in LAYOUT_FILES:
        errors = [e.message for e in validator.iter_errors(_yaml(path.read_text(encoding="utf-8")))]
        assert not errors, (path, errors)


def test_the_schema_refuses_what_the_loader_refuses(layout_schema: dict[str, object]) -> None:
    validator = jsonschema.Draft202012Validator(layout_schema)
    assert not list(validator.iter_errors({"extends": "base-card", "elements": {"title": {"size": "20pt"},
                                                                                "credit": None}}))
    assert list(validator.iter_errors({"extends": "base-card", "title": {"size": "20pt"}}))  # not under elements:
    assert list(validator.iter_errors({"elements": {"title": {"szie": "20pt"}}}))
    assert list(validator.iter_errors({"elements": {"title": {"align": "middle"}}}))


def test_the_documented_layout_file_example_loads(tmp_path: Path, runner: CliRunner, minimal_copy: Path) -> None:
    example = re.search(r"```yaml\n(# decks/my-game/templates/my-game-card.yaml\n.*?)```", DOC.read_text(), re.DOTALL)
    assert example is not None
    (minimal_copy / "templates").mkdir()
    (minimal_copy / "templates" / "my-game-card.yaml").write_text(example.group(1))
    deck_file = minimal_copy / "deck.yaml"
    deck_file.write_text(deck_file.read_text().replace("credit: Minimal test deck\n",
                                                       "credit: Minimal test deck\nlayout: my-game-card\n"))
    result = runner.invoke(main, ["sheets", str(minimal_copy), "-o", str(tmp_path / "x.pdf")])
    assert result.exit_code == 0, result.output
