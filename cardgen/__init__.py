"""cardgen: print-and-play decks, localised rulebooks and teaching kits from YAML."""

__version__ = "0.1.0"
