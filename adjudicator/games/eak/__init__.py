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
            # the Soviet procedure (bot*.lp)
            "botcard": (*ZOC, "eak/zoc.lp", "eak/terms.lp", "eak/bot.lp", "eak/botcards.lp"),
            "botactivate": (*ZOC, "eak/zoc.lp", "eak/terms.lp", "eak/bot.lp",
                            "eak/botcards.lp"),
            "botmove": (*ZOC, "eak/zoc.lp", "eak/terms.lp", "eak/bot.lp", "eak/botmove.lp",
                        "eak/botmoveb.lp"),
            "botprobe": (*ZOC, "eak/zoc.lp", "eak/terms.lp", "eak/bot.lp", "eak/botterms.lp",
                         "eak/supply.lp", "eak/botprobe.lp"),
            "botattack": (*ZOC, "eak/zoc.lp", "eak/terms.lp", "eak/bot.lp",
                          "eak/botattack.lp"),
            "botterms": (*ZOC, "eak/zoc.lp", "eak/terms.lp", "eak/bot.lp", "eak/botterms.lp"),
            "botreserve": (*ZOC, "eak/zoc.lp", "eak/terms.lp", "eak/bot.lp", "eak/botterms.lp",
                           "eak/supply.lp", "eak/botreserve.lp"),
            "botremove": (*ZOC, "eak/zoc.lp", "eak/terms.lp", "eak/bot.lp", "eak/botterms.lp",
                          "eak/supply.lp", "eak/botreserve.lp", "eak/botremove.lp"),
            "botgarrison": (*ZOC, "eak/zoc.lp", "eak/terms.lp", "eak/bot.lp", "eak/botterms.lp",
                            "eak/supply.lp", "eak/botgarrison.lp"),
            "botadvance": (*ZOC, "eak/zoc.lp", "eak/terms.lp", "eak/bot.lp",
                           "eak/botadvance.lp"),
            "botreplace": (*ZOC, "eak/zoc.lp", "eak/terms.lp", "eak/bot.lp",
                           "eak/supply.lp", "eak/botreplace.lp"),
            "botsteps": (*ZOC, "eak/zoc.lp", "eak/terms.lp", "eak/bot.lp", "eak/botmove.lp",
                         "eak/botsteps.lp"),
            "botcombat": (*ZOC, "eak/zoc.lp", "eak/terms.lp", "eak/bot.lp",
                          "eak/botcombat.lp"),
            "botaobj": (*CORE, "eak/botaobj.lp"),
        },
        shows={"botmove": ("eak/botmove.lp", "eak/botmoveb.lp")},
        show="eak/show.lp",
        package=__name__,
        demo="eak_demo.yaml",
        sides=("german", "soviet"),
        scenario="adjudicator.games.eak.scenario:Scenario",
    )
)
