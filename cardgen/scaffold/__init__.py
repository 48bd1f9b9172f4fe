"""Starting a new deck (``cardgen new``) from a template shipped in ``scaffold/templates/``."""

from cardgen.scaffold.new_deck import TEMPLATES, NewDeck, create_deck

__all__ = ["TEMPLATES", "NewDeck", "create_deck"]
