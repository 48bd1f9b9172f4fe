"""reportlab's web-address and CJK patterns are compiled when first used, and behave as compiled ones."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys

from cardgen.deferred_patterns import REPORTLAB_PATTERNS, DeferredPattern
from tests.conftest import ROOT

LOADED = """
import json
import cardgen.cli
from cardgen.commands import export
import reportlab.platypus.paragraph as paragraph, reportlab.lib.textsplit as textsplit
print(json.dumps([type(paragraph.uri_pat).__name__, repr(paragraph.uri_pat), type(textsplit.rx).__name__]))
"""

ADDRESSES = ["https://example.com/a/b/c", "HTTP://Example.COM:8080/path?q=1#top", "ftp://user:pw@192.168.0.1/x",
             "https://bücher.example/straße", "https://[::1]/", "http://localhost", "not a web address",
             "https://-bad-.com", "mailto:someone@example.com", "https://example.c", "https://xn--bcher-kva.example/"]


def test_loading_the_export_command_and_reportlab_leaves_both_patterns_uncompiled() -> None:
    """The saving is there for the reportlab cardgen runs with (a release that changes a pattern fails here)."""
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    out = subprocess.run([sys.executable, "-c", LOADED], capture_output=True, text=True, env=env, cwd=ROOT, check=True)
    uri, uri_repr, cjk = json.loads(out.stdout)
    assert (uri, cjk) == ("DeferredPattern", "DeferredPattern")
    assert "not compiled yet" in uri_repr


def test_a_deferred_pattern_matches_as_the_compiled_one_and_then_leaves_the_cache() -> None:
    source, flags = REPORTLAB_PATTERNS[0]
    real = re.compile(source, flags) if (str, source, flags) not in re._cache else None  # type: ignore[attr-defined]
    if real is None:  # the stand-in is in this process's cache: compile past it
        real = re.compile(source, flags | re.UNICODE)
    deferred = DeferredPattern(source, flags)
    re._cache[(str, source, flags)] = deferred  # type: ignore[attr-defined]
    try:
        for text in ADDRESSES:
            ours, theirs = deferred.match(text), real.match(text)
            assert (ours and (ours.group(0), ours.group(1))) == (theirs and (theirs.group(0), theirs.group(1))), text
        assert any(real.match(text) for text in ADDRESSES) and not all(real.match(text) for text in ADDRESSES)
        assert isinstance(re.compile(source, flags), re.Pattern)  # compiled once, the real pattern is cached
        assert deferred.pattern == source and deferred.flags == flags
    finally:
        re._cache.pop((str, source, flags), None)  # type: ignore[attr-defined]


def test_a_long_web_address_wraps_as_with_the_compiled_pattern() -> None:
    from reportlab.lib.styles import ParagraphStyle
    from reportlab.platypus import Paragraph, paragraph

    source, flags = REPORTLAB_PATTERNS[0]
    text = "See https://example.com/some/rather/long/path/to/a/page/about/falling.html for the rules."

    def lines(pattern: object) -> list[object]:
        original = paragraph.uri_pat
        paragraph.uri_pat = pattern
        try:
            para = Paragraph(text, ParagraphStyle("t", fontSize=9, leading=11, splitLongWords=1, uriWasteReduce=0.3))
            para.wrap(80, 400)
            return [(line[0], line[1]) if isinstance(line, tuple) else line.words for line in para.blPara.lines]
        finally:
            paragraph.uri_pat = original

    deferred = lines(DeferredPattern(source, flags))
    assert deferred == lines(re.compile(source, flags | re.UNICODE))
    assert deferred != lines(re.compile("(?!)"))  # the pattern decides where the address breaks: it was used
