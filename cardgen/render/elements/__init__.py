"""Extra layout element kinds for cards that carry game stats (registered on import).

- ``stat-block``: a grid of stat tiles (label and value; pushes with a small arrow diagram);
- ``health-track``: one tick box per point of a stat, for pencil tracking;
- ``push-arrow``: a push (``B2``) as a small diagram;
- ``dice``: a roll of two dice (``3-5``) drawn with pips;
- ``roll-table``: every card of the deck that has a roll, as a table grouped by the first die;
- ``abilities``: a card's named rules with their icons (uses the action, no line of sight, tip).

Each kind checks the values it draws when the deck is loaded (see ``element_kind(check=…)``).
"""

from cardgen.render.elements import (
    abilities,
    dice,
    health_track,
    push_arrow,
    roll_table,
    stat_block,
)

__all__ = ["abilities", "dice", "health_track", "push_arrow", "roll_table", "stat_block"]
