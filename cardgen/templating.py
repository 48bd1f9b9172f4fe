"""Jinja2 for text users write (rulebook units, translations): sandboxed, and bounded.

Jinja's :class:`~jinja2.sandbox.SandboxedEnvironment` refuses attribute tricks such as
``''.__class__.__mro__``, but not work without end: ``{{ 9**9**9 }}``, ``{{ 'x' * 10**9 }}``,
nested ``range`` loops or a macro calling itself. :func:`render_limited` adds the bounds:

- a wall-clock deadline (``TIME_LIMIT_S``) checked on every loop step and operator;
- a budget of loop steps over ``range`` for the whole render (``MAX_LOOP_STEPS``);
- a cap on the size of any string or list built with ``*``, ``+``, ``~``, ``%``, a filter
  (``center``, ``join``, ``format``, ``indent``, ``replace`` …) or a string method, checked from
  the sizes of the operands *before* the result is built, and of the output (``MAX_OUTPUT``);
- ``**`` only for results under ``MAX_POWER_BITS`` bits; recursion turned into an error.

Arithmetic mistakes (``1/0``, a float overflow) raise :class:`TemplateArithmeticError`.

Each limit raises :class:`TemplateLimitError`, which callers report like any template error.
"""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from contextvars import ContextVar
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from jinja2 import StrictUndefined, TemplateError, nodes
from jinja2.compiler import CodeGenerator, Frame
from jinja2.sandbox import SandboxedEnvironment, SecurityError

TIME_LIMIT_S = 2.0
MAX_LOOP_STEPS = 10_000
MAX_OUTPUT = 100_000
MAX_POWER_BITS = 4096


class TemplateLimitError(SecurityError):
    """A template did too much work (time, loop steps, size or recursion)."""


class TemplateArithmeticError(TemplateError):
    """A template's arithmetic failed (division by zero, overflow)."""


class TemplateUsageError(TemplateError):
    """A filter, tag or value used the wrong way (``{% include %}``, ``3|join``, ``'a' - 1``)."""


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


def text_size(value: Any, limit: int = MAX_OUTPUT) -> int:
    """How many characters ``str(value)`` would have, counted without building it (stops past ``limit``)."""
    if isinstance(value, str):
        return len(value)
    if isinstance(value, (list, tuple, set, frozenset, dict)):
        total = 2
        items = value.items() if isinstance(value, dict) else value
        for item in items:
            total += 2 + text_size(item, limit)
            if total > limit:
                return total
        return total
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > MAX_POWER_BITS:
        return limit + 1
    return len(str(value))


def _bounded(value: Any, what: str) -> Any:
    if text_size(value) > MAX_OUTPUT:
        raise TemplateLimitError(f"{what} longer than {MAX_OUTPUT} characters")
    return value


_FORMAT_WIDTH = re.compile(r"(\d{6,}|\*)")
_NESTED_FIELD = re.compile(r"\{[^{}]*\{")


def _check_format_spec(text: str) -> None:
    """A %-format or str.format string with a width or precision past the output cap."""
    if _FORMAT_WIDTH.search(text.replace("{", " ").replace("}", " ")) and ("%" in text or "{" in text):
        raise TemplateLimitError(f"a format width over {MAX_OUTPUT} characters")
    if _NESTED_FIELD.search(text):
        raise TemplateLimitError("a format width taken from an argument ('{0:{1}}') is not allowed")


def _guard_filter(name: str, filter_function: Any) -> Any:
    """The filter ``name`` with its inputs and size arguments checked before it runs."""

    def guarded(*args: Any, **kwargs: Any) -> Any:
        _tick()
        values = [a for a in args if not hasattr(a, "environment")]  # skip the context/environment argument
        for value in values:
            _bounded(value, f"input of |{name}")
        numbers = [v for v in list(values[1:]) + list(kwargs.values()) if isinstance(v, int) and not isinstance(v, bool)]
        if name in ("center", "indent", "wordwrap", "truncate", "filesizeformat") and any(
                abs(n) > MAX_OUTPUT for n in numbers):
            raise TemplateLimitError(f"|{name} width over {MAX_OUTPUT}")
        if name == "format" and values and isinstance(values[0], str):
            _check_format_spec(values[0])
        if name == "join" and values:
            sequence = list(values[0])[: MAX_OUTPUT + 1]
            separator = values[1] if len(values) > 1 and isinstance(values[1], str) else ""
            _bounded(sequence, "|join result")
            if len(separator) * len(sequence) > MAX_OUTPUT:
                raise TemplateLimitError(f"|join result longer than {MAX_OUTPUT} characters")
        if name == "replace" and len(values) >= 3 and all(isinstance(v, str) for v in values[:3]):
            text, old, new = values[:3]
            if old and text.count(old) * len(new) > MAX_OUTPUT or not old and len(text) * len(new) > MAX_OUTPUT:
                raise TemplateLimitError(f"|replace result longer than {MAX_OUTPUT} characters")
        if name in ("indent",) and values and isinstance(values[0], str):
            width = next(iter(numbers), 4) if numbers else 4
            if values[0].count("\n") * (width if isinstance(width, int) else len(str(width))) > MAX_OUTPUT:
                raise TemplateLimitError(f"|indent result longer than {MAX_OUTPUT} characters")
        return _bounded(filter_function(*args, **kwargs), f"result of |{name}")

    for attribute in ("jinja_pass_arg",):
        if hasattr(filter_function, attribute):
            setattr(guarded, attribute, getattr(filter_function, attribute))
    return guarded


_STR_SIZE_ARGS = {"center", "ljust", "rjust", "zfill", "expandtabs"}


def _check_str_method(method: Any, args: tuple[Any, ...], kwargs: dict[str, Any]) -> None:
    """``'x'.center(10**9)``, ``','.join(huge)``, ``'{:>999999999}'.format(1)``: refused before running."""
    owner = getattr(method, "__self__", None)
    name = getattr(method, "__name__", "")
    if not isinstance(owner, str):
        return
    numbers = [v for v in list(args) + list(kwargs.values()) if isinstance(v, int) and not isinstance(v, bool)]
    if name in _STR_SIZE_ARGS and any(abs(n) > MAX_OUTPUT for n in numbers):
        raise TemplateLimitError(f"str.{name} width over {MAX_OUTPUT}")
    if name in ("format", "format_map"):
        _check_format_spec(owner)
    if name == "join" and args:
        sequence = list(args[0])[: MAX_OUTPUT + 1]
        _bounded(sequence, "join result")
        if len(owner) * len(sequence) > MAX_OUTPUT:
            raise TemplateLimitError(f"join result longer than {MAX_OUTPUT} characters")
    if name == "replace" and len(args) >= 2 and isinstance(args[0], str) and isinstance(args[1], str):
        old, new = args[0], args[1]
        if (owner.count(old) if old else len(owner) + 1) * len(new) > MAX_OUTPUT:
            raise TemplateLimitError(f"replace result longer than {MAX_OUTPUT} characters")


class _BoundedCodeGenerator(CodeGenerator):
    """Compiles ``a ~ b`` to a concatenation that checks the size of the result first."""

    def visit_Concat(self, node: nodes.Concat, frame: Frame) -> None:
        self.write("environment.bounded_concat((")
        for argument in node.nodes:
            self.visit(argument, frame)
            self.write(", ")
        self.write("))")


class LimitedSandbox(SandboxedEnvironment):
    """A sandbox whose operators, filters, string methods and ``range`` cannot run away."""

    intercepted_binops = frozenset({"*", "**", "+", "%"})
    code_generator_class = _BoundedCodeGenerator

    def __init__(self) -> None:
        super().__init__(undefined=StrictUndefined, autoescape=False, keep_trailing_newline=False,
                         finalize=lambda value: _bounded(value, "value"))
        self.globals = {"range": _bounded_range}  # no lipsum(), cycler(), joiner(), dict()
        self.filters = {name: _guard_filter(name, function) for name, function in self.filters.items()}

    @staticmethod
    def bounded_concat(values: tuple[Any, ...]) -> str:
        _tick()
        if sum(text_size(value) for value in values) > MAX_OUTPUT:
            raise TemplateLimitError(f"result longer than {MAX_OUTPUT} characters")
        return "".join(str(value) for value in values)

    def wrap_str_format(self, value: Any) -> Any:
        """``'{:>999999999}'.format`` is refused when the method is looked up, before any call."""
        if getattr(value, "__name__", "") in ("format", "format_map") and isinstance(getattr(value, "__self__", None), str):
            _check_format_spec(value.__self__)
        return super().wrap_str_format(value)

    def call(self, context: Any, obj: Any, /, *args: Any, **kwargs: Any) -> Any:
        _tick()
        _check_str_method(obj, args, kwargs)
        return _bounded(super().call(context, obj, *args, **kwargs), "result")

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
                if size is not None and isinstance(times, int) and text_size(sequence) * times > MAX_OUTPUT:
                    raise TemplateLimitError(f"result longer than {MAX_OUTPUT} characters")
        elif operator == "+":
            if _size(left) is not None and _size(right) is not None and text_size(left) + text_size(right) > MAX_OUTPUT:
                raise TemplateLimitError(f"result longer than {MAX_OUTPUT} characters")
        elif operator == "%" and isinstance(left, str):
            _check_format_spec(left)
            _bounded(right, "format argument")
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
    except (TypeError, LookupError, AttributeError) as exc:  # {% include %} (no loader), 3|join, a wrong value type
        raise TemplateUsageError(str(exc).split("\n")[0][:200]) from None
    finally:
        _budget.reset(token)
