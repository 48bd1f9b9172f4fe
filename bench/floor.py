"""The floor under a cardgen command: its libraries imported the way cardgen imports them, and nothing
of cardgen's own run but pydantic building the deck model.

The benchmarks time a baseline script (a bare reportlab script, a Pillow script, nothing at all) after
:func:`import_as_cardgen`: what those imports alone add to the baseline — where the baseline draws as
cardgen draws (the bare reportlab script), the best ratio cardgen could reach if its own modules and
its own work cost nothing. Run as a script, it imports and then runs
another script with its arguments, or stops there::

    python bench/floor.py click -- bench/bare_sheets.py DECK OUT   # bench/sheets.py
    python bench/floor.py --skip-missing click,ruamel.yaml,…        # bench/startup.py
"""

from __future__ import annotations

import gc
import importlib
import runpy
import sys
from collections.abc import Iterable


def import_as_cardgen(modules: Iterable[str], *, skip_missing: bool = False) -> None:
    """Import ``modules`` with the collector paused and then frozen, as ``cardgen.cli`` imports a
    command (after ``cardgen`` itself: its deferred patterns, no scan for pydantic plugins), then the
    deck model, which pydantic builds on import. ``skip_missing``: a module that cannot be imported
    on its own (a list read from another process's ``sys.modules``) is passed over."""
    gc.disable()
    importlib.import_module("cardgen")
    for name in modules:
        try:
            importlib.import_module(name)
        except Exception:
            if not skip_missing:
                raise
    importlib.import_module("cardgen.model.deck")
    importlib.import_module("cardgen.model.layout")
    gc.freeze()
    gc.enable()


def main(argv: list[str]) -> None:
    skip_missing = argv[:1] == ["--skip-missing"]
    argv = argv[1:] if skip_missing else argv
    modules, script = (argv[0], argv[2:]) if argv[1:2] == ["--"] else (argv[0] if argv else "", [])
    import_as_cardgen([name for name in modules.split(",") if name], skip_missing=skip_missing)
    if script:
        sys.argv = script
        runpy.run_path(script[0], run_name="__main__")


if __name__ == "__main__":
    main(sys.argv[1:])
