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


_MARKER_IN_A_FRESH_PROCESS = """
import base64, json, sys
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.utils import ImageReader
from reportlab.platypus import Paragraph
from cardgen.rulebook.inline import MARKERS, marker_uri
uri = marker_uri("hit")
paragraph = Paragraph(f'play <img src="{uri}" width="9" height="9" valign="middle"/> now', ParagraphStyle("p"))
image = [frag for frag in paragraph.frags if getattr(frag, "cbDefn", None)][0].cbDefn.image
opened = [name for name in ("urllib.request", "http.client", "ssl") if name in sys.modules]
decoded = base64.b64decode(uri.split(",", 1)[1])
same = image._image.tobytes() == ImageReader(__import__("io").BytesIO(decoded))._image.tobytes()
print(json.dumps([opened, MARKERS[image.fileName], image.getSize(), image.fp.getvalue() == decoded, same]))
"""


def test_a_marker_is_read_as_its_png_without_reportlabs_url_opener() -> None:
    """A paragraph with a card icon reads the marker's own bytes (what the URI holds) and loads no URL
    machinery (urllib.request, http.client, ssl: ~20 ms of CPU)."""
    import json

    from tests.conftest import ROOT

    out = subprocess.run([sys.executable, "-c", _MARKER_IN_A_FRESH_PROCESS], capture_output=True, text=True,
                         check=True, env=dict(os.environ, PYTHONPATH=str(ROOT)), cwd=ROOT)
    opened, card, size, same_bytes, same_pixels = json.loads(out.stdout)
    assert opened == [] and card == "hit" and size == [1, 1] and same_bytes and same_pixels


def test_any_other_data_uri_is_still_read_by_reportlab() -> None:
    """Only cardgen's own markers skip reportlab's reader: another data: URI (the scheme cardgen trusts)
    is decoded by reportlab, and the reader is cardgen's again afterwards."""
    import base64
    import io

    from reportlab.lib import utils

    marker_uri("hit")  # installs the reader
    buffer = io.BytesIO()
    Image.new("RGB", (3, 2), (200, 10, 10)).save(buffer, format="PNG")
    other = "data:image/png;base64," + base64.b64encode(buffer.getvalue()).decode("ascii")
    assert other not in MARKERS
    assert ImageReader(other).getSize() == (3, 2)
    assert getattr(utils.rlUrlRead, "cardgen_markers", False)
    assert ImageReader(marker_uri("stop")).getSize() == (1, 1)
