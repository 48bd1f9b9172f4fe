"""Markdown inline → reportlab markup: escaped text, emphasis, code, links and card icons."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from PIL import Image
from reportlab.lib.utils import ImageReader

from cardgen.errors import DeckError
from cardgen.rulebook.inline import MARKERS, marker_uri, to_markup, to_plain


def _markup(text: str) -> str:
    names = {"hit": "Frappe"}

    def name(card_id: str) -> str:
        if card_id not in names:
            raise DeckError(f"unknown card [[{card_id}]]")
        return names[card_id]

    return to_markup(text, card_name=name, icon_size=12)


def test_text_is_escaped_so_nothing_becomes_a_tag() -> None:
    out = _markup('a <img src="x.png"/> & <b>bold</b>')
    assert "<img" not in out.replace("&lt;img", "") and "&lt;img" in out and "&amp;" in out
    assert "<b>bold</b>" not in out


def test_emphasis_code_links_and_breaks() -> None:
    out = _markup("**b** *i* `push_scope` [t](#timing) [w](https://example.com) [bad](javascript:x)")
    assert "<b>b</b>" in out and "<i>i</i>" in out
    assert '<font color="#8a3b12"><b>push_scope</b></font>' in out
    assert "<a href=\"#timing\"" in out and "<a href=\"https://example.com\"" in out
    assert "href=\"javascript" not in out  # shown as text, never a link


def test_card_icons_become_a_marker_and_the_name() -> None:
    out = _markup("play [[hit]] now")
    assert '<b>Frappe</b>' in out
    src = out.split('src="')[1].split('"')[0]
    assert MARKERS[src] == "hit" and src.startswith("data:image/png;card=hit;base64,")
    assert ImageReader(src).getSize() == (1, 1)  # reportlab opens it as it lays out the line


def test_markers_need_no_file_and_reportlab_still_opens_no_other_url(tmp_path: Path) -> None:
    odd = marker_uri("icon:no-los,2")
    assert MARKERS[odd] == "icon:no-los,2" and ImageReader(odd).getSize() == (1, 1)
    secret = tmp_path / "secret.png"
    Image.new("RGB", (3, 2)).save(secret)
    for url in (secret.as_uri(), "http://127.0.0.1:9/x.png", "https://example.com/x.png"):
        with pytest.raises(OSError):
            ImageReader(url)


_KILLED_RUN = """
import os, sys
from cardgen.buildable import check_buildable
from cardgen.loading import load_deck
from cardgen.rulebook.builder import write_rulebook
deck = load_deck("decks/fall-damage")
check_buildable(deck)  # what validate runs
write_rulebook(deck, sys.argv[1])
os._exit(0)  # as a killed run ends: no atexit handler, no cleanup
"""


def test_a_killed_validate_or_rulebook_leaves_nothing_in_the_temp_folder(tmp_path: Path) -> None:
    """Inline icons need no marker folder, so a run killed mid-way cannot leave one in $TMPDIR."""
    from tests.conftest import ROOT

    temp = tmp_path / "tmp"
    temp.mkdir()
    env = {**os.environ, "TMPDIR": str(temp), "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, "-c", _KILLED_RUN, str(tmp_path / "out" / "r.pdf")], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert list(temp.iterdir()) == []
    assert sorted(p.name for p in (tmp_path / "out").iterdir()) == ["r.pdf"]
