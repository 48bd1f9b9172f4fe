"""``cardgen new``: a deck folder that validates and builds as it is, to edit from there.

Templates live in ``scaffold/templates/<name>/`` (package data). Files ending in ``.j2`` are
filled in with Jinja using ``<< name >>`` delimiters, so the rulebook's own ``{{ … }}`` values and
``{#id}`` anchors pass through untouched; ``templates/card-layout.yaml`` becomes
``templates/<deck>-card.yaml``. The folder is written beside its target under a temporary name and
renamed into place, so an interrupted ``cardgen new`` leaves nothing half-made.

The ``$schema`` comment must lead editors to the deck schema wherever the deck lives:

- a deck made inside the source checkout cardgen runs from (``decks/`` of this repository) points
  at the committed ``cardgen/schema/deck.schema.json`` by a relative path, like the shipped decks,
  so it follows the schema as the code changes;
- anywhere else (cardgen installed from a wheel, a deck in the designer's own folder) the path into
  ``site-packages`` would break as soon as the deck moved, was shared or the environment was
  rebuilt, so the schema is copied beside deck.yaml (``deck.schema.json``) and the comment points
  there: the deck carries its schema along. ``cardgen schema > deck.schema.json`` refreshes it.
"""

from __future__ import annotations

import json
import os
import shutil
import tempfile
from dataclasses import dataclass
from importlib import resources
from pathlib import Path

from jinja2 import Environment, StrictUndefined

from cardgen.errors import DeckError
from cardgen.layout.sizes import CARD_SIZES
from cardgen.loading.deck_loader import display_path

TEMPLATES = ("blank", "falling")
SCHEMA_COPY = "deck.schema.json"
LAYOUT_SOURCE = "templates/card-layout.yaml"


@dataclass(frozen=True)
class NewDeck:
    """What ``create_deck`` made: the folder and the files in it (deck-relative, sorted)."""

    folder: Path
    files: tuple[str, ...]
    schema: str
    """What the ``$schema`` comment points at."""


def templates_dir() -> Path:
    return Path(str(resources.files("cardgen") / "scaffold" / "templates"))


def package_schema() -> Path:
    return Path(str(resources.files("cardgen") / "schema" / "deck.schema.json"))


def source_checkout() -> Path | None:
    """The repository folder holding the ``cardgen`` package, when cardgen runs from a checkout."""
    package = package_schema().resolve().parent.parent
    if any(part in ("site-packages", "dist-packages") for part in package.parts):
        return None
    root = package.parent
    return root if (root / "pyproject.toml").is_file() else None


def schema_reference(folder: Path) -> str:
    """The ``$schema`` target for a deck made in ``folder`` (see the module docstring)."""
    checkout = source_checkout()
    real = folder.resolve()
    if checkout is not None and real.is_relative_to(checkout):
        return Path(os.path.relpath(package_schema().resolve(), real)).as_posix()
    return SCHEMA_COPY


def title_for(name: str) -> str:
    """``my-game`` → ``My Game``."""
    return " ".join(part.capitalize() for part in name.replace("_", "-").split("-") if part) or name


def _environment() -> Environment:
    env = Environment(variable_start_string="<<", variable_end_string=">>", block_start_string="<%",
                      block_end_string="%>", comment_start_string="<#", comment_end_string="#>",
                      undefined=StrictUndefined, keep_trailing_newline=True, autoescape=False)
    env.filters["yaml"] = lambda value: json.dumps(str(value), ensure_ascii=False)  # a safe YAML scalar
    return env


def create_deck(name: str, *, parent: Path, template: str = "blank", size: str = "poker") -> NewDeck:
    """Create ``parent/name`` from ``template``; refuse if that folder (or file) already exists."""
    if template not in TEMPLATES:
        raise ValueError(f"unknown template {template!r}")
    if size not in CARD_SIZES:
        raise ValueError(f"unknown card size {size!r}")
    folder = Path(parent) / name
    shown = display_path(folder)
    if folder.exists() or folder.is_symlink():
        raise DeckError("a deck folder of that name already exists", path=shown,
                        hint="cardgen new never overwrites; pick another name or --dir, or remove the folder")
    folder.parent.mkdir(parents=True, exist_ok=True)
    schema = schema_reference(folder)
    values = {"deck": name, "title": title_for(name), "size": size, "schema": schema, "folder": shown.as_posix()}
    source = templates_dir() / template
    env = _environment()
    tmp = Path(tempfile.mkdtemp(prefix=f".{name}.", suffix=".cardgen-tmp", dir=folder.parent))
    written: list[str] = []
    try:
        for path in sorted(source.rglob("*")):
            if not path.is_file():
                continue
            relative = path.relative_to(source).as_posix()
            if relative.endswith(".j2"):
                relative = relative[: -len(".j2")]
                data = env.from_string(path.read_text(encoding="utf-8")).render(values).encode("utf-8")
            else:
                data = path.read_bytes()
            if relative == LAYOUT_SOURCE:
                relative = f"templates/{name}-card.yaml"
            target = tmp / relative
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(data)
            written.append(relative)
        (tmp / "locale").mkdir()
        if schema == SCHEMA_COPY:
            from cardgen.commands.schema import schema_text

            (tmp / SCHEMA_COPY).write_text(schema_text(), encoding="utf-8")
            written.append(SCHEMA_COPY)
        os.chmod(tmp, 0o777 & ~_umask())
        if folder.exists():  # made by someone else meanwhile: never replace it
            raise DeckError("a deck folder of that name already exists", path=shown, hint="pick another name")
        os.rename(tmp, folder)
    finally:
        if tmp.exists():
            shutil.rmtree(tmp)
    return NewDeck(folder=folder, files=tuple(sorted(written + ["locale/"])), schema=schema)


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask
