"""``cardgen schema [--layout]``: the JSON Schema of deck files, or of layout files (for editors)."""

from __future__ import annotations

import json
from typing import Any

import click

from cardgen.model.deck import DeckSpec

SCHEMA_ID = "https://cardgen.invalid/schema/deck.schema.json"
LAYOUT_SCHEMA_ID = "https://cardgen.invalid/schema/layout.schema.json"


def deck_schema() -> dict[str, Any]:
    schema = DeckSpec.model_json_schema()
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    schema["$id"] = SCHEMA_ID
    schema["title"] = "cardgen deck file"
    return schema


def layout_schema() -> dict[str, Any]:
    """A layout file: ``extends``, ``description`` and ``elements`` (each a partial element, or null).

    An element of a layout that ``extends`` another may give single keys (``title: {size: 20pt}``),
    so no key of an element is required by the schema; the loader checks the merged result.
    """
    from cardgen.model.layout import ElementSpec
    from cardgen.render.card_renderer import element_kinds
    from cardgen.render.deck_fonts import ROLES

    element = ElementSpec.model_json_schema()
    element.pop("required", None)
    element["title"] = "Element"
    element["properties"]["kind"]["examples"] = element_kinds()
    element["properties"]["font"]["examples"] = list(ROLES)
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": LAYOUT_SCHEMA_ID,
        "title": "cardgen layout file",
        "description": "A card face or back: named elements drawn in order, in boxes measured from the card's "
                       "top-left trim corner. See docs/layouts.md.",
        "type": "object",
        "additionalProperties": False,
        "properties": {
            "extends": {"type": "string", "description": "A layout to start from (base-card, base-back or one in the "
                                                         "deck's templates/ folder); keys given here override its."},
            "description": {"type": "string"},
            "elements": {"type": "object", "description": "Named elements; null removes an inherited one.",
                         "additionalProperties": {"anyOf": [{"$ref": "#/$defs/Element"}, {"type": "null"}]}},
        },
        "$defs": {"Element": element},
    }


def schema_text(*, layout: bool = False) -> str:
    schema = layout_schema() if layout else deck_schema()
    return json.dumps(schema, indent=2, ensure_ascii=False, sort_keys=True) + "\n"


@click.command("schema")
@click.option("--layout", is_flag=True, help="The schema of layout files (templates/*.yaml) instead of deck files.")
def command(layout: bool) -> None:
    """Print the JSON Schema of deck files (or, with --layout, of layout files).

    Deck files start with '# yaml-language-server: $schema=../../cardgen/schema/deck.schema.json'
    so editors with the YAML language server autocomplete and check them; a layout file can point
    at 'cardgen schema --layout > layout.schema.json' the same way.
    """
    click.echo(schema_text(layout=layout), nl=False)
