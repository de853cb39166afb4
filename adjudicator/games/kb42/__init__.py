"""Kharkov Battles: Before and After Fall Blau (Compass Games)."""

from adjudicator.games import DiceSpec, Game, register

CORE = ("core/base.lp", "kb42/terrain.lp")

GAME = register(
    Game(
        id="kb42",
        title="Kharkov Battles: Before and After Fall Blau",
        dice=DiceSpec(sides=10, count=1,
                      note="one ten-sided die read 0-9 for every roll (1.2)", first=0),
        queries={
            "validate": CORE,
            "zoc": (*CORE, "kb42/zoc.lp"),
            "supply": (*CORE, "core/hexsides.lp", "core/reach.lp", "kb42/zoc.lp",
                       "kb42/supply.lp"),
            "retreat": (*CORE, "kb42/zoc.lp", "kb42/retreat.lp"),
            "advance": (*CORE, "kb42/zoc.lp", "kb42/advance.lp"),
            "attack": (*CORE, "kb42/zoc.lp", "kb42/attack.lp"),
            "odds": (*CORE, "kb42/zoc.lp", "kb42/attack.lp", "kb42/odds.lp"),
            "mobile": (*CORE, "kb42/zoc.lp", "kb42/attack.lp", "kb42/odds.lp",
                       "kb42/mobile.lp"),
            "attrition": (*CORE, "core/hexsides.lp", "core/reach.lp", "kb42/zoc.lp",
                          "kb42/supply.lp", "kb42/attrition.lp"),
        },
        # The odds answer checks the plan against the attack obligations (12.1) too.
        shows={"odds": ("kb42/attack.lp", "kb42/odds.lp"),
               "mobile": ("kb42/odds.lp", "kb42/mobile.lp")},
        show="kb42/show.lp",
        package=__name__,
        demo="kb42_demo.yaml",
        sides=("axis", "soviet"),
        scenario="adjudicator.games.kb42.scenario:Scenario",
    )
)
