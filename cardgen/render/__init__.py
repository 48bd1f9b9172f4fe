"""Drawing: card faces, sheets, fonts and rasterisation."""
