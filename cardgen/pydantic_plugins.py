"""cardgen's processes do not look for pydantic plugins: no installed package is scanned for them.

The first time a pydantic model is built, pydantic asks ``importlib.metadata`` for every
installed distribution's entry points in the ``pydantic`` group (plugins that observe validation,
such as tracing tools). Importing ``importlib.metadata`` (it pulls in ``email``, ``zipfile``,
``socket``…) and reading every ``*.dist-info`` folder on ``sys.path`` costs about 0.04–0.06 s of
CPU in a virtual environment of 80 packages — a tenth of ``cardgen validate`` or of ``cardgen
sheets`` on a small deck — and grows with every package installed beside cardgen. cardgen is an
application whose models validate deck files; a plugin would only watch that.
``PYDANTIC_DISABLE_PLUGINS`` (pydantic's own switch) skips the scan but not the import.

:func:`install` therefore puts a stand-in for ``pydantic.plugin._loader`` into ``sys.modules``
before pydantic is imported: its ``get_plugins()`` answers "none", as pydantic's own does under
``PYDANTIC_DISABLE_PLUGINS=__all__``. Anything else asked of the stand-in comes from pydantic's
real module, loaded on demand, so a pydantic release that uses more of it keeps working (and
tests/test_pydantic_plugins.py says the saving is gone). ``CARDGEN_PYDANTIC_PLUGINS=1`` keeps
pydantic's discovery, for someone who really wants a plugin to watch cardgen.
"""

from __future__ import annotations

import importlib.util
import os
import sys
from collections.abc import Iterable
from types import ModuleType
from typing import Any

LOADER = "pydantic.plugin._loader"


class NoPluginLoader(ModuleType):
    """``pydantic.plugin._loader`` without plugin discovery; other names come from the real module."""

    def __init__(self) -> None:
        super().__init__(LOADER, __doc__)
        self._real: ModuleType | None = None

    @staticmethod
    def get_plugins() -> Iterable[Any]:
        return ()

    def __getattr__(self, name: str) -> Any:
        if name.startswith("__"):
            raise AttributeError(name)
        return getattr(self.real(), name)

    def real(self) -> ModuleType:
        """pydantic's own ``_loader`` module, loaded under its name's spec but not put in ``sys.modules``."""
        if self._real is None:
            spec = importlib.util.find_spec("pydantic.plugin")
            folder = spec.submodule_search_locations[0] if spec and spec.submodule_search_locations else None
            if folder is None:
                raise AttributeError(f"{LOADER} cannot be found")
            loader_spec = importlib.util.spec_from_file_location(LOADER, os.path.join(folder, "_loader.py"))
            if loader_spec is None or loader_spec.loader is None:
                raise AttributeError(f"{LOADER} cannot be loaded")
            module = importlib.util.module_from_spec(loader_spec)
            loader_spec.loader.exec_module(module)
            self._real = module
        return self._real


def install() -> bool:
    """Put the stand-in in place unless pydantic's loader is already imported or plugins are wanted."""
    if LOADER in sys.modules or os.environ.get("CARDGEN_PYDANTIC_PLUGINS") == "1":
        return False
    sys.modules[LOADER] = NoPluginLoader()
    return True
