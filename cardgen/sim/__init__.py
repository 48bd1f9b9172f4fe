"""What every game's statistics share: bar and histogram charts drawn in the books' fonts (reportlab.graphics)."""
