"""Who may make opportunity fire at the units moving in a hex (11.1-11.8): the ASP answer
(``fire --kind opportunity``) agrees with the plain-Python reference
(adjudicator/games/sos/reference/opfire.py) on random positions and random sets of
firers, unit by unit (whether it may fire, and the rules that forbid it) and on 11.8.

Only the target and the firers' hexes hold terrain, none of it blocking a line of sight
at the firers' hexes, so every line is clear (lines of sight have their own tests)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st
from sos_fire_helpers import fire
from sos_positions import position, unit

from adjudicator.games.sos.commands.fire import opportunity
from adjudicator.games.sos.reference import opfire as ref

TARGETS = ["0404", "0404", "0104"]  # a land hex, and a Volga hex (11.2, 11.5)
TARGET_FEATURES = [["balka"], ["balka"], [], ["balka"], [], ["road"], ["balka", "road"],
                   ["balka", "forest"], ["city"], ["forest"], ["suburb"],
                   ["road", "cemetery"], ["tartar-wall"], ["strong-point"]]
#: terrain that blocks no line through the hex (9.33)
FIRER_FEATURES = [[], [], ["road"], ["cemetery"], ["balka"]]
CLASSES = ["infantry", "infantry", "engineer", "armor", "assault-gun", "at-gun", "aa-gun",
           "mortar", "mortar", "artillery", "rocket", "sniper", "mine-dog",
           "leader", "op", "stuka", "flotilla"]
SOVIET_ONLY = {"sniper", "mine-dog", "flotilla"}
PHASES = [3, 4, 7, 10, 11, 14, 5, 8, 12, 15, 6]


def _kind(side: str, cls: str) -> str:
    if (side == "german" and cls in SOVIET_ONLY) or (side == "soviet" and cls == "stuka"):
        return "infantry"
    return cls


@st.composite
def cases(draw):
    sc0 = position([unit("x", "german", "0404")], cols=8, rows=8)
    grid = sc0.grid
    target = draw(st.sampled_from(TARGETS))
    retreat = draw(st.integers(0, 3)) == 0
    # mostly a phase the fire may come in (11.1): a movement phase, or an attack phase
    # for a retreat before combat
    phase = draw(st.sampled_from(PHASES if draw(st.integers(0, 4)) == 0 else
                                 [5, 8, 12, 15] if retreat else [3, 4, 7, 10, 11, 14]))
    moving = ({5: "soviet", 8: "soviet", 12: "german", 15: "german"} if retreat else
              {3: "german", 7: "german", 11: "german", 4: "soviet", 10: "soviet",
               14: "soviet"}).get(phase, draw(st.sampled_from(["german", "soviet"])))
    if draw(st.integers(0, 5)) == 0:
        moving = "soviet" if moving == "german" else "german"
    hexes: dict[str, dict] = {}
    if target != "0104":
        hexes[target] = {"features": draw(st.sampled_from(TARGET_FEATURES))}
    units, side_of = [], {target: moving}
    for i in range(draw(st.integers(1, 3))):
        cls = draw(st.sampled_from(["infantry", "armor", "at-gun", "engineer"]))
        units.append(unit(f"m{i}", moving, target, cls,
                          movement=draw(st.sampled_from([8, 12, 18, 24])),
                          dismounted=draw(st.integers(0, 4)) == 0))
    near = [h for h in sorted(sc0.map.hexes) if 1 <= grid.distance(h, target) <= 3]
    firers = []
    enemy = "soviet" if moving == "german" else "german"
    for i in range(draw(st.integers(1, 6))):
        h = draw(st.sampled_from(near))
        side = side_of.setdefault(h, enemy if draw(st.integers(0, 5)) else moving)
        if h not in hexes and h[:2] != "01":
            spec = {"features": draw(st.sampled_from(FIRER_FEATURES))}
            if draw(st.integers(0, 4)) == 0:
                spec["markers"] = ["attack"]  # (11.4)
            hexes[h] = spec
        cls = _kind(side, draw(st.sampled_from(CLASSES)))
        factors = draw(st.sampled_from([(4, 3), (4, 3), (6, 2), (0, 0), (0, 2)]))
        units.append(unit(f"f{i}", side, h, cls, attack=factors[0], defense=factors[1],
                          range=draw(st.sampled_from([1, 2, 4, 6, 12])),
                          movement=draw(st.sampled_from([8, 12, 15, 24])),
                          pinned=draw(st.integers(0, 4)) == 0,
                          spent=draw(st.integers(0, 4)) == 0,
                          moved=draw(st.integers(0, 3)) == 0,
                          dismounted=draw(st.integers(0, 5)) == 0,
                          opportunity_fired=draw(st.integers(0, 5)) == 0))
        firers.append(f"f{i}")
    # units next to the firers, some of them infantry attacking them (11.4)
    for i in range(draw(st.integers(0, 4))):
        around = [n for f in units if f["id"] in firers for n in grid.neighbours(f["hex"])
                  if n in sc0.map.hexes and n != target]
        h = draw(st.sampled_from(around))
        side = side_of.setdefault(h, draw(st.sampled_from(["german", "soviet"])))
        units.append(unit(f"a{i}", side, h, draw(st.sampled_from(["infantry", "engineer",
                                                                  "armor", "leader"])),
                          pinned=draw(st.integers(0, 3)) == 0))
    movers = None
    if draw(st.integers(0, 3)) == 0:  # named movers, any units in the hex
        movers = draw(st.lists(st.sampled_from([u["id"] for u in units
                                                if u["hex"] == target]),
                               min_size=1, max_size=3, unique=True))
    chosen = firers if draw(st.booleans()) else draw(st.lists(st.sampled_from(firers),
                                                                min_size=1, unique=True))
    # the position as data (a short report when a case fails)
    return {"units": units, "hexes": hexes, "phase": phase,
            "phasing": moving if not retreat else enemy, "target": target,
            "firers": chosen, "movers": movers, "retreat": retreat}


@pytest.mark.rules("11.1", "11.2", "11.3", "11.4", "11.6", "11.8")
@given(cases())
def test_opportunity_fire_eligibility_agrees_with_the_reference(case):
    sc = position(case["units"], hexes=case["hexes"], cols=8, rows=8, phase=case["phase"],
                  phasing=case["phasing"])
    target, firers, movers, retreat = (case["target"], case["firers"], case["movers"],
                                       case["retreat"])
    kw = {"retreat": retreat, **({"movers": movers} if movers is not None else {})}
    data = fire(sc, "opportunity", firers, target, **kw)
    want = ref.why_not(sc, target, firers, movers, retreat)
    for row in data["firers"]:
        if row["class"] != "stuka":  # Stukas: never (15.12), whatever else is said
            got = {w["rule"] for w in row["why_not"]}
            assert got == want[row["unit"]] - {"leader"}, row["unit"]
        assert row["may_fire"] == (not want[row["unit"]]), row["unit"]
    ok, split = ref.may_fire(sc, target, firers, movers, retreat)
    assert {r["unit"] for r in data["firers"] if r["may_fire"]} == ok
    assert ("11.8" in data["forbidden_by"]) == split


@pytest.mark.rules("11.1", "11.2", "11.3", "11.4", "11.6", "11.7", "11.8")
@given(cases())
def test_opfire_query_lists_the_reference_firers(case):
    """``adjudicator opfire``: every enemy unit that may fire at the movers, and one fire
    from each hex that holds some (11.7, 11.8)."""
    sc = position(case["units"], hexes=case["hexes"], cols=8, rows=8, phase=case["phase"],
                  phasing=case["phasing"])
    target, retreat = case["target"], case["retreat"]
    movers = case["movers"] or [u.id for u in sc.units_at(target)
                                if u.side == sc.units_at(target)[0].side]
    data = opportunity(sc, target, movers, retreat)
    want = ref.eligible(sc, target, movers, retreat)
    assert {c["unit"] for c in data["candidates"] if c["may_fire"]} == want
    units = sc.units_by_id
    assert [f["from"] for f in data["fires"]] == sorted({units[u].hex for u in want})
    for f in data["fires"]:
        assert {r["unit"] for r in f["firers"]} == {u for u in want
                                                   if units[u].hex == f["from"]}
