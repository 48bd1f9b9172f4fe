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


@pytest.mark.parametrize("text", [
    "{{ 'x'|center(10**9) }}",
    "{% set a = ['x' * 90000] * 90000 %}{{ a|join }}",
    "{{ (['ab'] * 50000)|join('x' * 100) }}",
    "{% set a = 'x' * 90000 %}{% set b = a ~ a %}{{ b ~ b }}",
    "{% set a = 'x' * 60000 %}{{ a + a }}",
    "{{ '%999999999s'|format(1) }}",
    "{{ '%999999999s' % 1 }}",
    "{{ 'x'.center(10**9) }}",
    "{{ '{:>999999999}'.format(1) }}",
    "{{ '{0:{1}}'.format(1, 999999999) }}",
    "{{ ('x' * 1000)|replace('x', 'y' * 1000) }}",
    "{{ ['x' * 100000] * 100000 }}",
])
def test_oversize_results_are_refused_before_they_are_built(text: str) -> None:
    import resource

    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    with pytest.raises(TemplateLimitError):
        render_limited(text, {})
    assert resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before < 50_000  # KB: nothing near a gigabyte


def test_include_and_misused_filters_are_template_errors_not_crashes() -> None:
    from jinja2 import TemplateError

    for text in ("{% include 'x' %}", "{{ 3|join }}", "{{ lipsum(10**9) }}"):
        with pytest.raises(TemplateError):
            render_limited(text, {})


def test_ordinary_filters_and_formats_still_work() -> None:
    text = "{{ 'abc'|upper }} {{ [1, 2]|join(', ') }} {{ 'a' ~ 'b' }} {{ '%d'|format(3) }} {{ '{:,}'.format(5000) }}"
    assert render_limited(text, {}) == "ABC 1, 2 ab 3 5,000"
