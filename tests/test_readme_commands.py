"""Every ``cardgen …`` command the README shows works, so the README cannot drift from the code.

Each command is read from the README (code blocks and inline code). Its command and every option
it names must exist. A concrete command (no placeholder such as DECK or ``[--flag]``) is run, in
README order, in a temporary folder holding a copy of ``decks/`` (later commands use what earlier
ones made, as a reader would); the long-running ones (whole builds, thousands of games, the
watcher) run ``--help`` instead.
"""

from __future__ import annotations

import re
import shlex
import shutil
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from cardgen.cli import main
from tests.conftest import ROOT

README = ROOT / "README.md"
PLACEHOLDER = re.compile(r"\[|…|\\\||\b(?:DECK|FILE|DIR|NAME|LANG|N|L|F|URL|ID)\b")


def readme_commands() -> list[str]:
    """``cardgen …`` commands in the README, in order: code-block lines (without ``$ ``, comments) and inline code."""
    found: list[str] = []
    in_block = False
    for line in README.read_text(encoding="utf-8").splitlines():
        if line.startswith("```"):
            in_block = not in_block
            continue
        if in_block:
            text = line.strip().removeprefix("$ ")
            if "cardgen " in text and (text.startswith("cardgen ") or "&& cardgen " in text):
                text = text[text.index("cardgen "):]
                found.append(re.sub(r"\s+#.*$", "", text).strip())
        else:
            found.extend(match.group(1) for match in re.finditer(r"`(cardgen [^`]+)`", line))
    return found


def _command_path(words: list[str]) -> tuple[list[click.Command], list[str]]:
    """The commands named (``build\\|sheets`` names two) and the words after them."""
    ctx = click.Context(main)
    if words[0].startswith("-"):  # an option of cardgen itself (cardgen --help, --version)
        return [main], words
    names = words[0].replace("\\|", "|").split("|")
    commands = [main.get_command(ctx, name) for name in names]
    assert all(commands), f"README names an unknown command: cardgen {words[0]}"
    rest = words[1:]
    if isinstance(commands[0], click.Group) and rest:
        subs = rest[0].replace("\\|", "|").split("|")
        commands = [commands[0].get_command(ctx, sub) for sub in subs]  # type: ignore[union-attr]
        assert all(commands), f"README names an unknown subcommand: cardgen {words[0]} {rest[0]}"
        rest = rest[1:]
    return commands, rest  # type: ignore[return-value]


def _options_named(rest: list[str]) -> set[str]:
    options = set()
    for word in rest:
        for part in word.strip("[]").replace("\\|", "|").split("|"):
            part = part.strip("[]")
            if re.fullmatch(r"--?[a-zA-Z][\w-]*(=.*)?", part):
                options.add(part.split("=")[0])
    return options


def _is_long(words: list[str]) -> bool:
    """Commands that take more than a few seconds: run --help for them instead."""
    command = words[0]
    deck = next((w for w in words[1:] if w.startswith("decks/")), None)
    return (command in ("watch", "walkthrough", "rulebook")
            or (command in ("build", "export") and deck != "decks/my-game")
            or "--games" in words or "--pace" in words)


COMMANDS = readme_commands()


def test_the_readme_shows_commands() -> None:
    assert len(COMMANDS) > 30
    assert "cardgen simulate decks/falling --players 4 --seed 7" in COMMANDS  # a code-block line, "$ " removed
    assert "cardgen schema > decks/my-game/deck.schema.json" in COMMANDS  # inline code


@pytest.mark.parametrize("line", sorted(set(COMMANDS)))
def test_every_command_and_option_the_readme_names_exists(line: str) -> None:
    words = line.replace(">", " > ").split()[1:]
    words = words[:words.index(">")] if ">" in words else words
    commands, rest = _command_path(words)
    known = set().union(*({opt for p in c.params for opt in (*getattr(p, "opts", []), *getattr(p, "secondary_opts", []))}
                          for c in commands))
    missing = _options_named(rest) - known - {"-h", "--help"}
    assert not missing, f"'{line}': no option {sorted(missing)}"


def test_every_concrete_readme_command_runs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    work = tmp_path / "work"
    work.mkdir()
    shutil.copytree(ROOT / "decks", work / "decks", ignore=shutil.ignore_patterns("output"))
    monkeypatch.chdir(work)
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    runner = CliRunner()
    ran = 0
    for line in COMMANDS:
        if PLACEHOLDER.search(line):
            continue
        target = None
        if " > " in line:
            line, target = (part.strip() for part in line.split(" > ", 1))
        words = [str(Path(w).expanduser()) if w.startswith("~") else w for w in shlex.split(line)[1:]]
        if not words:
            continue
        commands, rest = _command_path(words)
        named_only = not rest and any(isinstance(p, click.Argument) and p.required for p in commands[0].params)
        if _is_long(words) or named_only:  # a long run, or a mention of the command in the text
            args = words[:2] if isinstance(main.get_command(click.Context(main), words[0]), click.Group) else words[:1]
            result = runner.invoke(main, [*args, "--help"])
            assert result.exit_code == 0, (line, result.output)
            continue
        result = runner.invoke(main, words)
        expected = 1 if words[:2] == ["i18n", "check"] else 0  # check exits 1 while anything is untranslated
        assert result.exit_code == expected, (line, result.output)
        assert "internal error" not in result.output and "Traceback" not in result.output, line
        if target:
            Path(target).write_text(result.output, encoding="utf-8")
        ran += 1
    assert ran >= 10
