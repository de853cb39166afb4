"""Streets of Stalingrad (Phalanx/L2 Design, rules v2.0): line of sight, spotting,
zones of control, stacking, isolation, retreats and advances, fire combat up to the CRT
column, unit integrity, breakthroughs, opportunity fire and ammunition."""

from adjudicator.games import DiceSpec, Game, register

GAME = register(
    Game(
        id="sos",
        title="Streets of Stalingrad",
        dice=DiceSpec(sides=10, count=2,
                      note="ten-sided dice printed 0-9; a 0 reads as 10"),
        queries={
            "los": ("sos/los.lp",),
            "zoc": ("sos/base.lp", "sos/zoc.lp"),
            "stacking": ("sos/base.lp", "sos/stacking.lp"),
            "isolation": ("sos/base.lp", "sos/zoc.lp", "sos/isolation.lp"),
            "retreats": ("sos/base.lp", "sos/zoc.lp", "sos/stacking.lp", "sos/crossing.lp",
                         "sos/retreat.lp"),
            "advances": ("sos/base.lp", "sos/zoc.lp", "sos/crossing.lp", "sos/advance.lp"),
        },
        show="sos/show.lp",
        package=__name__,
        demo="sos_demo.yaml",
        sides=("german", "soviet"),
        scenario="adjudicator.games.sos.scenario:Scenario",
    )
)
