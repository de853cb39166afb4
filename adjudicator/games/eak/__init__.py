"""Enemy Action: Kharkov (German-player solo rules): scenario format and zones of control."""

from adjudicator.games import DiceSpec, Game, register

CORE = ("core/base.lp", "eak/base.lp")

GAME = register(
    Game(
        id="eak",
        title="Enemy Action: Kharkov",
        dice=DiceSpec(sides=10, count=1, note="one ten-sided die per roll; a 0 reads as 10"),
        queries={
            "validate": CORE,
            "zoc": (*CORE, "eak/zoc.lp"),
            "terms": (*CORE, "eak/zoc.lp", "eak/terms.lp"),
            # the Soviet procedure (bot*.lp)
            "botcard": (*CORE, "eak/zoc.lp", "eak/terms.lp", "eak/bot.lp", "eak/botcards.lp"),
            "botactivate": (*CORE, "eak/zoc.lp", "eak/terms.lp", "eak/bot.lp",
                            "eak/botcards.lp"),
            "botmove": (*CORE, "eak/zoc.lp", "eak/terms.lp", "eak/bot.lp", "eak/botmove.lp"),
            "botattack": (*CORE, "eak/zoc.lp", "eak/terms.lp", "eak/bot.lp",
                          "eak/botattack.lp"),
            "botterms": (*CORE, "eak/zoc.lp", "eak/terms.lp", "eak/bot.lp", "eak/botterms.lp"),
            "botreserve": (*CORE, "eak/zoc.lp", "eak/terms.lp", "eak/bot.lp", "eak/botterms.lp",
                           "eak/botsupply.lp", "eak/botreserve.lp"),
            "botremove": (*CORE, "eak/zoc.lp", "eak/terms.lp", "eak/bot.lp", "eak/botterms.lp",
                          "eak/botsupply.lp", "eak/botreserve.lp", "eak/botremove.lp"),
            "botgarrison": (*CORE, "eak/zoc.lp", "eak/terms.lp", "eak/bot.lp", "eak/botterms.lp",
                            "eak/botsupply.lp", "eak/botgarrison.lp"),
            "botadvance": (*CORE, "eak/zoc.lp", "eak/terms.lp", "eak/bot.lp",
                           "eak/botadvance.lp"),
            "botreplace": (*CORE, "eak/zoc.lp", "eak/terms.lp", "eak/bot.lp",
                           "eak/botsupply.lp", "eak/botreplace.lp"),
            "botsteps": (*CORE, "eak/zoc.lp", "eak/terms.lp", "eak/bot.lp", "eak/botmove.lp",
                         "eak/botsteps.lp"),
            "botcombat": (*CORE, "eak/zoc.lp", "eak/terms.lp", "eak/bot.lp",
                          "eak/botcombat.lp"),
        },
        show="eak/show.lp",
        package=__name__,
        demo="eak_demo.yaml",
        sides=("german", "soviet"),
        scenario="adjudicator.games.eak.scenario:Scenario",
    )
)
