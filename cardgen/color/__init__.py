"""Print colour: CMYK output profiles, the RGB → CMYK path for vectors and images, soft proofs."""
