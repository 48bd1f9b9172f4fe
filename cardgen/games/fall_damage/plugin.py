"""What FALL DAMAGE adds to cardgen: its two rulebook diagrams (registered on import)."""

from cardgen.games.fall_damage import diagrams

__all__ = ["diagrams"]
