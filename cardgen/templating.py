"""Jinja2 for text users write (rulebook units, translations): sandboxed, and bounded.

Jinja's :class:`~jinja2.sandbox.SandboxedEnvironment` refuses attribute tricks such as
``''.__class__.__mro__``, but not work without end: ``{{ 9**9**9 }}``, ``{{ 'x' * 10**9 }}``,
nested ``range`` loops or a macro calling itself. :func:`render_limited` adds the bounds:

- a wall-clock deadline (``TIME_LIMIT_S``) checked on every loop step and operator;
- a budget of loop steps over ``range`` for the whole render (``MAX_LOOP_STEPS``);
- a cap on the size of any string or list built with ``*`` and of the output (``MAX_OUTPUT``);
- ``**`` only for results under ``MAX_POWER_BITS`` bits; recursion turned into an error.

Arithmetic mistakes (``1/0``, a float overflow) raise :class:`TemplateArithmeticError`.

Each limit raises :class:`TemplateLimitError`, which callers report like any template error.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextvars import ContextVar
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from jinja2 import StrictUndefined, TemplateError
from jinja2.sandbox import SandboxedEnvironment, SecurityError

TIME_LIMIT_S = 2.0
MAX_LOOP_STEPS = 10_000
MAX_OUTPUT = 100_000
MAX_POWER_BITS = 4096


class TemplateLimitError(SecurityError):
    """A template did too much work (time, loop steps, size or recursion)."""


class TemplateArithmeticError(TemplateError):
    """A template's arithmetic failed (division by zero, overflow)."""


@dataclass
class _Budget:
    deadline: float
    steps_left: int

    def tick(self) -> None:
        if time.monotonic() > self.deadline:
            raise TemplateLimitError(f"took longer than {TIME_LIMIT_S:g} s")


_budget: ContextVar[_Budget | None] = ContextVar("cardgen_template_budget", default=None)


def _tick() -> None:
    budget = _budget.get()
    if budget is not None:
        budget.tick()


def _bounded_range(*args: int) -> Iterator[int]:
    """``range`` that spends the render's loop budget and checks its deadline."""
    for value in range(*args):
        budget = _budget.get()
        if budget is not None:
            budget.steps_left -= 1
            if budget.steps_left < 0:
                raise TemplateLimitError(f"more than {MAX_LOOP_STEPS} loop steps")
            budget.tick()
        yield value


def _size(value: Any) -> int | None:
    return len(value) if isinstance(value, (str, list, tuple)) else None


class LimitedSandbox(SandboxedEnvironment):
    """A sandbox whose ``*``, ``**`` and ``range`` cannot run away."""

    intercepted_binops = frozenset({"*", "**"})

    def __init__(self) -> None:
        super().__init__(undefined=StrictUndefined, autoescape=False, keep_trailing_newline=False)
        self.globals["range"] = _bounded_range

    def call_binop(self, context: Any, operator: str, left: Any, right: Any) -> Any:
        _tick()
        if operator == "**":
            if (isinstance(left, int) and isinstance(right, int) and abs(left) > 1
                    and abs(left).bit_length() * right > MAX_POWER_BITS):
                raise TemplateLimitError(f"{left} ** {right} is too large a number")
        elif operator == "*":
            for sequence, times in ((left, right), (right, left)):
                size = _size(sequence)
                if size is not None and isinstance(times, int) and size * times > MAX_OUTPUT:
                    raise TemplateLimitError(f"result longer than {MAX_OUTPUT} characters")
        return super().call_binop(context, operator, left, right)


@lru_cache(maxsize=1)
def environment() -> LimitedSandbox:
    return LimitedSandbox()


def render_limited(text: str, values: dict[str, Any]) -> str:
    """Render ``text`` with ``values`` inside the bounds above.

    Raises Jinja's ``TemplateSyntaxError``/``TemplateError``, ``SecurityError`` for sandbox
    refusals, and :class:`TemplateLimitError` when a bound is crossed.
    """
    template = environment().from_string(text)
    token = _budget.set(_Budget(deadline=time.monotonic() + TIME_LIMIT_S, steps_left=MAX_LOOP_STEPS))
    try:
        size = 0
        parts: list[str] = []
        for chunk in template.generate(values):
            size += len(chunk)
            if size > MAX_OUTPUT:
                raise TemplateLimitError(f"output longer than {MAX_OUTPUT} characters")
            _tick()
            parts.append(chunk)
        return "".join(parts)
    except RecursionError:
        raise TemplateLimitError("calls itself without end") from None
    except (ArithmeticError, ValueError) as exc:  # 1/0, float overflow, int too long to print
        raise TemplateArithmeticError(f"arithmetic error: {exc}") from None
    finally:
        _budget.reset(token)
