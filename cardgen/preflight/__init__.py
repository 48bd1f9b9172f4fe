"""Preflight: checks a print file (or a deck) before it goes to a printer."""
