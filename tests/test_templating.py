"""The bounded sandbox: each limit stops a template quickly, and ordinary templates are untouched."""

from __future__ import annotations

import pytest

from cardgen import templating
from cardgen.templating import TemplateLimitError, render_limited


def test_the_deadline_stops_a_template_that_runs_too_long(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(templating, "TIME_LIMIT_S", -1.0)
    with pytest.raises(TemplateLimitError, match="took longer"):
        render_limited("{% for n in range(3) %}{{ n }}{% endfor %}", {})


def test_the_loop_budget_is_shared_by_nested_loops() -> None:
    with pytest.raises(TemplateLimitError, match="loop steps"):
        render_limited("{% for a in range(200) %}{% for b in range(200) %}{% endfor %}{% endfor %}", {})


def test_a_budget_does_not_leak_into_the_next_render() -> None:
    with pytest.raises(TemplateLimitError):
        render_limited("{% for a in range(20000) %}{% endfor %}", {})
    assert render_limited("{% for a in range(9000) %}{% endfor %}done", {}) == "done"
