"""Enemy Action: Kharkov (German-player solo rules): scenario format, zones of control,
supply, retreats, advances and stacking."""

from adjudicator.games import DiceSpec, Game, register

CORE = ("core/base.lp", "eak/base.lp")

GAME = register(
    Game(
        id="eak",
        title="Enemy Action: Kharkov",
        dice=DiceSpec(sides=10, count=1, note="one ten-sided die per roll; a 0 reads as 10"),
        queries={
            "validate": CORE,
<<<<<<< HEAD
            "zoc": (*CORE, "core/hexsides.lp", "eak/zoc.lp"),
            "terms": (*CORE, "core/hexsides.lp", "eak/zoc.lp", "eak/terms.lp"),
=======
            "zoc": (*CORE, "eak/zoc.lp"),
            "terms": (*CORE, "eak/zoc.lp", "eak/terms.lp"),
            "supply": (*CORE, "eak/zoc.lp", "eak/supply.lp"),
            "stacking": (*CORE, "eak/stacking.lp"),
            "retreat": (*CORE, "eak/zoc.lp", "eak/supply.lp", "eak/stacking.lp",
                        "eak/retreat.lp"),
            "advance": (*CORE, "eak/zoc.lp", "eak/supply.lp", "eak/stacking.lp",
                        "eak/advance.lp"),
>>>>>>> eak
        },
        show="eak/show.lp",
        package=__name__,
        demo="eak_demo.yaml",
        sides=("german", "soviet"),
        scenario="adjudicator.games.eak.scenario:Scenario",
    )
)
