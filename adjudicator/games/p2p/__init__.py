"""The point-to-point East Front fragment (title unknown): strategic and operational
movement over a graph of points and lines (9.A-12.D) and the order of combat (13.0)."""

from adjudicator.games import DiceSpec, Game, register

GAME = register(
    Game(
        id="p2p",
        title="East Front point-to-point fragment",
        dice=DiceSpec(
            sides=6,
            count=1,
            note="inferred, not stated: the text says only 'one die' (9.B); the torpedo "
            "numbers 1, 3 and 5 fit a six-sided die",
        ),
        queries={
            "movement": ("p2p/movement.lp",),
            "combat": ("p2p/combat.lp",),
        },
        package=__name__,
        demo="p2p_demo.yaml",
        sides=("axis", "soviet"),
        loader="adjudicator.games.p2p.position:parse_position",
    )
)

