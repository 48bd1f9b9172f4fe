"""cardgen: print-and-play decks, localised rulebooks and teaching kits from YAML."""

__version__ = "0.1.0"

from cardgen.deferred_patterns import install as _defer_reportlab_patterns
from cardgen.pydantic_plugins import install as _skip_pydantic_plugin_discovery

_defer_reportlab_patterns()  # before anything imports reportlab.platypus: see cardgen/deferred_patterns.py
_skip_pydantic_plugin_discovery()  # before pydantic builds a model: see cardgen/pydantic_plugins.py
