"""cardgen: print-and-play decks, localised rulebooks and teaching kits from YAML."""

__version__ = "0.1.0"

from cardgen.deferred_patterns import install as _defer_reportlab_patterns

_defer_reportlab_patterns()  # before anything imports reportlab.platypus: see cardgen/deferred_patterns.py
