"""Rulebooks: Markdown + Jinja2 source, translated unit by unit, typeset with Platypus."""
