"""Enemy Action: Kharkov (German-player solo rules): scenario format, zones of control,
supply, retreats, advances and stacking."""

from adjudicator.games import DiceSpec, Game, register

CORE = ("core/base.lp", "eak/base.lp")
#: what eak/zoc.lp builds on: adjacency through passable hexsides (core/hexsides.lp)
ZOC = (*CORE, "core/hexsides.lp")

GAME = register(
    Game(
        id="eak",
        title="Enemy Action: Kharkov",
        dice=DiceSpec(sides=10, count=1, note="one ten-sided die per roll; a 0 reads as 10"),
        queries={
            "validate": CORE,
            "zoc": (*ZOC, "eak/zoc.lp"),
            "terms": (*ZOC, "eak/zoc.lp", "eak/terms.lp"),
            "supply": (*ZOC, "eak/zoc.lp", "eak/supply.lp"),
            "stacking": (*CORE, "eak/stacking.lp"),
            "retreat": (*ZOC, "eak/zoc.lp", "eak/supply.lp", "eak/stacking.lp",
                        "eak/retreat.lp"),
            "advance": (*ZOC, "eak/zoc.lp", "eak/supply.lp", "eak/stacking.lp",
                        "eak/advance.lp"),
        },
        show="eak/show.lp",
        package=__name__,
        demo="eak_demo.yaml",
        sides=("german", "soviet"),
        scenario="adjudicator.games.eak.scenario:Scenario",
    )
)
