"""Rules engines, one package per game (``falling`` …). They never import reportlab."""
