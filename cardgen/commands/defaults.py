"""``cardgen.toml``: saved defaults for any option, in the working folder or the deck folder.

::

    paper = "letter"                 # every command with --paper
    back-offset = "0.4mm,-0.2mm"     # written by 'cardgen calibrate --save 0.4mm,-0.2mm'
    [sheets]                         # one command's own defaults
    flip = "short"
    [export]
    jobs = 2

Keys are option names (``back-offset`` or ``back_offset``). The deck folder's file wins over the
working folder's, a command's table over the top level, and the command line over both: the
values become Click's ``default_map``, so they go through the same checks as typed options.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import click

from cardgen.errors import CardgenError

CONFIG_NAME = "cardgen.toml"
MAX_CONFIG_BYTES = 64 * 1024


def _option_keys(command: click.Command) -> dict[str, str]:
    """Every spelling of each option of ``command`` (``back-offset``, ``back_offset``) → its parameter name."""
    keys: dict[str, str] = {}
    for param in command.params:
        if not isinstance(param, click.Option) or not param.expose_value or param.name in (None, "help"):
            continue
        for opt in param.opts:
            if opt.startswith("--"):
                keys[opt[2:]] = param.name
                keys[opt[2:].replace("-", "_")] = param.name
    return keys


def read_config(path: Path) -> dict[str, Any]:
    """The TOML file as a dict; a broken or oversized file is a one-line error naming it."""
    import tomllib  # only when a defaults file exists (most runs have none)

    try:
        size = path.stat().st_size
        if size > MAX_CONFIG_BYTES:
            raise CardgenError(f"{size:,} bytes: a defaults file is at most {MAX_CONFIG_BYTES:,}", path=str(path))
        return tomllib.loads(path.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as error:
        raise CardgenError(f"not valid TOML: {error}", path=str(path),
                           hint="write key = \"value\" lines, e.g. paper = \"letter\"") from None
    except UnicodeDecodeError:
        raise CardgenError("not UTF-8 text", path=str(path)) from None


def config_files(args: list[str]) -> list[Path]:
    """The defaults files that apply: the working folder's, then the deck folder's (named in ``args``)."""
    found = [Path(CONFIG_NAME)] if Path(CONFIG_NAME).is_file() else []
    decks = [Path(a) for a in args if not a.startswith("-") and (Path(a) / "deck.yaml").is_file()]
    if len(decks) == 1:
        own = decks[0] / CONFIG_NAME
        if own.is_file() and own.resolve() not in {p.resolve() for p in found}:
            found.append(own)
    return found


def command_defaults(command: click.Command, name: str, files: list[Path], every_command: dict[str, click.Command]) \
        -> dict[str, Any]:
    """The default values for ``command`` from ``files`` (later files win), checked against its options."""
    keys = _option_keys(command)
    every_key = {key for cmd in every_command.values() for key in _option_keys(cmd)}
    defaults: dict[str, Any] = {}
    for path in files:
        data = read_config(path)
        for key, value in data.items():
            if isinstance(value, dict):
                if key not in every_command:
                    raise CardgenError(f"[{key}] is not a cardgen command", path=str(path), field=key,
                                       hint=_close(key, every_command))
                continue
            if key not in every_key:
                raise CardgenError(f"'{key}' is not an option of any command", path=str(path), field=key,
                                   hint=_close(key, every_key))
            if key in keys:
                defaults[keys[key]] = _checked(command, keys[key], value, path, key)
        own = data.get(name, {})
        if isinstance(own, dict):
            for key, value in own.items():
                if key not in keys:
                    raise CardgenError(f"'{key}' is not an option of 'cardgen {name}'", path=str(path),
                                       field=f"{name}.{key}", hint=_close(key, keys))
                defaults[keys[key]] = _checked(command, keys[key], value, path, f"{name}.{key}")
    return defaults


def _checked(command: click.Command, param_name: str, value: Any, path: Path, field: str) -> Any:
    """``value`` if the option accepts it; otherwise an error naming the file and key (not the option)."""
    param = next(p for p in command.params if p.name == param_name)
    try:
        param.type_cast_value(click.Context(command), value)
    except click.BadParameter as error:
        choices = getattr(param.type, "choices", None)
        close = _close(value, choices) if isinstance(value, str) and choices else None
        raise CardgenError(error.message.rstrip(".") if close else error.message, path=str(path), field=field,
                           hint=close) from None
    return value


def _close(word: str, known: Any) -> str | None:
    import difflib

    match = difflib.get_close_matches(word, sorted(known), n=1)
    return f"did you mean '{match[0]}'?" if match else None


def save_default(key: str, value: str, *, folder: Path = Path(".")) -> Path:
    """Set top-level ``key = "value"`` in ``folder/cardgen.toml``, keeping the rest of the file and its comments."""
    import tomlkit

    from cardgen.output import write_bytes_atomic

    path = folder / CONFIG_NAME
    document = tomlkit.parse(path.read_text(encoding="utf-8")) if path.is_file() else tomlkit.document()
    if path.is_file():
        read_config(path)  # a broken file is reported, not overwritten
    document[key] = value  # tomlkit puts a new top-level key before the first table
    write_bytes_atomic(path, tomlkit.dumps(document).encode("utf-8"))
    return path
