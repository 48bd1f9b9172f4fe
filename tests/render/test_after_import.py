"""A module is adjusted the moment it is imported, not imported to be adjusted."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

from cardgen.render.after_import import when_imported
from tests.conftest import ROOT


def test_an_action_waits_for_the_import_then_runs_before_anyone_uses_the_module(tmp_path: Path,
                                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "late_module.py").write_text("VALUE = 'as written'\n", encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.delitem(sys.modules, "late_module", raising=False)
    seen: list[str] = []

    def adjust(module: ModuleType) -> None:
        seen.append(module.VALUE)
        module.VALUE = "adjusted"

    when_imported("late_module", adjust)
    assert seen == [] and "late_module" not in sys.modules  # nothing imported yet
    import late_module  # type: ignore[import-not-found]

    assert seen == ["as written"] and late_module.VALUE == "adjusted"
    when_imported("late_module", adjust)  # already imported: adjusted at once
    assert seen == ["as written", "adjusted"]
    monkeypatch.delitem(sys.modules, "late_module")


def test_reportlab_imported_after_the_fonts_are_registered_is_still_adjusted() -> None:
    """register_fonts no longer imports reportlab.platypus nor reportlab.graphics (~0.03 CPU s together), yet
    a rulebook importing them later gets the narrow no-break space unbroken and Lato as default font."""
    code = ("import sys\nfrom cardgen.render.fonts import register_fonts\nregister_fonts()\n"
            "print(sorted(m for m in sys.modules if m.startswith(('reportlab.platypus', 'reportlab.graphics'))))\n"
            "from reportlab.platypus import Paragraph, paragraph\nfrom reportlab.graphics import renderbase, shapes\n"
            "print(repr(paragraph._wsc.count('\\u202f')), paragraph.split('mot\\u202f! fin'))\n"
            "print(shapes.STATE_DEFAULTS['fontName'], renderbase.STATE_DEFAULTS['fontName'])")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT,
                         env={"PYTHONPATH": str(ROOT), "PATH": ""}).stdout.splitlines()
    assert out == ["[]", "0 ['mot\\u202f!', 'fin']", "Lato Lato"]
