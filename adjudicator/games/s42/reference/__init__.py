"""An independent reference adjudicator for Stalingrad '42, in plain Python and networkx.

Written from the rulebook text (and the knowledge base's own-words summaries and named
readings), deliberately *not* from the ASP encodings, so that the two can check each other
on random positions (``tests/s42/test_differential_*.py``) and the reference can serve as the
baseline in the benchmark (``python3 -m bench``).

It may import only ``adjudicator.scenario``, ``adjudicator.hexgrid``, the standard library
and networkx. Each area is one module returning plain data with the rule ids that decide
every finding:

* :mod:`.board`: the map and position, precomputed once (terrain of hexsides, the season).
  Written as a careful Python developer would for speed, so that the benchmark's ratios
  are honest: tables of the map are built once per map (neighbours, hexside terrain by hex
  pair, what a Line of Supply may cross), what a position decides (ZOC, bonds, the hexes
  each side holds, each side's supply net) once per position (``board_for`` keeps the
  boards of recent positions), and supply is one backward search per side from every hex
  where a line can end, not one search per unit.
* :mod:`.zoc`: zones of control (6.1 and the sections it cites).
* :mod:`.bonds`: ZOC bonds (7.x).
* :mod:`.supply`: Line of Supply and supply status (16.x).
* :mod:`.retreat`: retreat options (12.x).
* :mod:`.advance`: Advance After Combat options (14.x).
"""

from adjudicator.games.s42.reference.board import DEFAULT_READINGS, Board

__all__ = ["Board", "DEFAULT_READINGS"]
