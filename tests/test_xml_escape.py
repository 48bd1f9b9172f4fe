"""cardgen's ``escape`` and ``quoteattr`` give exactly what :mod:`xml.sax.saxutils` gives."""

from __future__ import annotations

import subprocess
import sys
from xml.sax import saxutils

from hypothesis import given
from hypothesis import strategies as st

from cardgen.xml_escape import escape, quoteattr
from tests.conftest import ROOT

texts = st.lists(st.sampled_from(list("&<>\"'\n\r\t ;#aé\u00a0") + ["&amp;", "&lt;"]), max_size=30).map("".join) | st.text()


@given(texts)
def test_escape_is_the_standard_library_s(text: str) -> None:
    assert escape(text) == saxutils.escape(text)


@given(texts)
def test_quoteattr_is_the_standard_library_s(text: str) -> None:
    assert quoteattr(text) == saxutils.quoteattr(text)


def test_importing_it_imports_no_network_module() -> None:
    code = "import sys, cardgen.xml_escape; print(sorted(m for m in ('urllib.request', 'http.client', 'ssl') if m in sys.modules))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT,
                         env={"PYTHONPATH": str(ROOT), "PATH": ""}).stdout
    assert out.strip() == "[]"
