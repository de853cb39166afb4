"""Stalingrad '42 (GMT Games, rules v2.0): the flagship game."""

from adjudicator.games import DiceSpec, Game, register

CORE = ("core/base.lp", "s42/terrain.lp")

GAME = register(
    Game(
        id="s42",
        title="Stalingrad '42",
        dice=DiceSpec(
            sides=6,
            count=1,
            note="one six-sided die per roll; the game ships two because a Planned "
            "Offensive rolls extra dice and keeps one result (26.2)",
        ),
        queries={
            "validate": CORE,
            "zoc": (*CORE, "s42/zoc.lp"),
            "bonds": (*CORE, "s42/zoc.lp", "s42/bonds.lp"),
            "retreat": (*CORE, "s42/zoc.lp", "s42/bonds.lp", "s42/supply.lp", "s42/retreat.lp"),
            "retreat-nolos": (*CORE, "s42/zoc.lp", "s42/bonds.lp", "s42/retreat.lp"),
            "check": (*CORE, "s42/zoc.lp", "s42/bonds.lp"),
            "advance": (*CORE, "s42/zoc.lp", "s42/bonds.lp", "s42/advance.lp"),
            "breakthrough": (*CORE, "s42/zoc.lp", "s42/bonds.lp", "s42/advance.lp",
                             "s42/breakthrough.lp"),
            "supply": (*CORE, "s42/zoc.lp", "s42/bonds.lp", "s42/supply_all.lp",
                       "s42/supply.lp"),
            "attrition": (*CORE, "s42/zoc.lp", "s42/bonds.lp", "s42/supply_all.lp",
                          "s42/supply.lp", "s42/attrition.lp"),
            "moves": (*CORE, "s42/zoc.lp", "s42/bonds.lp", "s42/move.lp"),
        },
        # The breakthrough answer walks the advance paths as well; the attrition answer
        # reads the supply answer too.
        shows={"breakthrough": ("s42/advance.lp", "s42/breakthrough.lp"),
               "attrition": ("s42/supply.lp", "s42/attrition.lp")},
        # A retreat traces the Lines of Supply of the retreating sides only: the
        # sides are the scope of its question (sup_trace/1, asp/s42/supply.lp).
        scoped={"retreat": (("sup_trace", 1),)},
        static=("s42/static.lp",),
        show="s42/show.lp",
        package=__name__,
        demo="s42_demo.yaml",
        sides=("axis", "soviet"),
        default=True,
        scenario="adjudicator.games.s42.scenario:Scenario",
    )
)
