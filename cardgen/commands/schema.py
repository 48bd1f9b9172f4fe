"""``cardgen schema``: the JSON Schema of deck files (for editor autocompletion)."""

from __future__ import annotations

import json
from typing import Any

import click

from cardgen.model.deck import DeckSpec

SCHEMA_ID = "https://cardgen.invalid/schema/deck.schema.json"


def deck_schema() -> dict[str, Any]:
    schema = DeckSpec.model_json_schema()
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    schema["$id"] = SCHEMA_ID
    schema["title"] = "cardgen deck file"
    return schema


def schema_text() -> str:
    return json.dumps(deck_schema(), indent=2, ensure_ascii=False, sort_keys=True) + "\n"


@click.command("schema")
def command() -> None:
    """Print the JSON Schema of deck files.

    Deck files start with '# yaml-language-server: $schema=../../cardgen/schema/deck.schema.json'
    so editors with the YAML language server autocomplete and check them.
    """
    click.echo(schema_text(), nl=False)
