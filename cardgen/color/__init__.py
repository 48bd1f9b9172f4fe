"""Print colour: CMYK output profiles, the RGB → CMYK path for vectors and images, soft proofs."""

DEFAULT_INK_LIMIT = 300
"""Total ink (C+M+Y+K, percent) of the bundled print condition: importable without Pillow's colour engine."""
