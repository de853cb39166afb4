"""The ASP answers for Streets of Stalingrad's zones of control, stacking, retreats (before
combat and after a P result), advances and isolation agree with the plain-Python reference
(adjudicator/games/sos/reference) on random positions."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st
from sos_positions import position, unit

from adjudicator.games.sos.queries.advances import advances
from adjudicator.games.sos.queries.isolation import isolation
from adjudicator.games.sos.queries.retreats import after_p, before_combat
from adjudicator.games.sos.queries.stacking import stacking
from adjudicator.games.sos.queries.zoc import PURPOSES, zoc
from adjudicator.games.sos.reference import advances as ref_adv
from adjudicator.games.sos.reference import isolation as ref_iso
from adjudicator.games.sos.reference import retreats as ref_ret
from adjudicator.games.sos.reference import stacking as ref_stack
from adjudicator.games.sos.reference.common import zoc_hexes
from adjudicator.games.sos.tec import tec_chart

HEXES = [f"{c:02d}{r:02d}" for c in range(2, 7) for r in range(1, 7)]
TARGET = "0404"
FEATURES = [[], [], [], ["forest"], ["city"], ["suburb"], ["balka"], ["strong-point"],
            ["road", "hill-top"], ["industrial"]]
CLASSES = ["infantry", "infantry", "engineer", "armor", "at-gun", "leader", "op", "sniper",
           "transport", "artillery", "fortification"]
#: the Soviet-only kinds (5.5, 16.x): a German unit drawn with one is infantry instead
SOVIET_ONLY = {"sniper", "transport", "mine-dog", "flotilla", "armored-train", "tank-repair",
               "commissar"}


_GRID = position([unit("x", "german", "0404")]).grid
NEIGHBOURS = {h: _GRID.neighbours(h) for h in HEXES}


def kind_for(side: str, cls: str) -> str:
    return "infantry" if side == "german" and cls in SOVIET_ONLY else cls


@st.composite
def positions(draw, defender_side=None):
    hexes = {}
    for h in HEXES:
        spec = {"features": draw(st.sampled_from(FEATURES))}
        if draw(st.integers(0, 9)) == 0:
            spec["markers"] = [draw(st.sampled_from(["attack", "bombarded"]))]
        if draw(st.integers(0, 9)) == 0:
            spec["explosions"] = draw(st.sampled_from([3, 5, 10]))
        if draw(st.integers(0, 14)) == 0:
            spec["breakthru"] = draw(st.sampled_from(["german", "soviet"]))
        hexes[h] = spec
    # blocking terrain drawn through hexes near the target (8.12): the verdict from the
    # position, else the appendices (0404 is on Appendix B), else blocked
    for h in ("0404", "0405", "0304", "0505", "0403"):
        if draw(st.integers(0, 3)) == 0:
            ring = NEIGHBOURS[h]
            through = draw(st.lists(st.sampled_from(ring), min_size=2, max_size=3,
                                    unique=True))
            crossing = {"feature": draw(st.sampled_from(["balka", "tartar-wall",
                                                         "rail-cut", "cliff"])),
                        "through": through}
            verdict = draw(st.sampled_from([None, "blocked", "blocked", "cross"]))
            if verdict:
                crossing["vehicles"] = verdict
            hexes[h] = dict(hexes[h], crossings=[crossing],
                            river_landing=draw(st.integers(0, 3)) == 0)  # 8.67
    dside = defender_side or draw(st.sampled_from(["german", "soviet"]))
    hexes[TARGET] = dict(hexes[TARGET], markers=["attack"])
    sides = {}
    for a, b in [("0404", "0405"), ("0403", "0404"), ("0304", "0404"), ("0505", "0506")]:
        if draw(st.integers(0, 3)) == 0:
            sides[f"{a}-{b}"] = {"features": [draw(st.sampled_from(["balka", "road",
                                                                     "cliff"]))]}
    units, side_of = [], {TARGET: dside}
    for i in range(draw(st.integers(1, 4))):
        cls = kind_for(dside, draw(st.sampled_from(CLASSES)))
        troops = draw(st.sampled_from(["guards", "guards", "guards", "nkvd", "regular"]))
        units.append(unit(f"d{i}", dside, TARGET, cls,
                          movement=draw(st.sampled_from([8, 8, 12, 15, 18, 24])),
                          # Guards, Marines and NKVD are Soviet troops only
                          troops=troops if dside == "soviet" else "regular",
                          pinned=draw(st.integers(0, 5)) == 0,
                          isolation=draw(st.sampled_from([0, 0, 1])),
                          immobilized=(cls == "armor" and dside == "soviet"
                                       and draw(st.integers(0, 5)) == 0)))
    enemy = "soviet" if dside == "german" else "german"
    around = ["0304", "0305", "0403", "0405", "0504", "0505"]
    for i in range(draw(st.integers(0, 3))):
        h = draw(st.sampled_from(around))
        if side_of.setdefault(h, enemy) == enemy:
            units.append(unit(f"a{i}", enemy, h,
                              draw(st.sampled_from(["infantry", "engineer", "armor"])),
                              pinned=draw(st.integers(0, 5)) == 0))
    for i in range(draw(st.integers(0, 7))):
        h = draw(st.sampled_from(HEXES))
        side = side_of.setdefault(h, draw(st.sampled_from(["german", "soviet"])))
        units.append(unit(f"u{i}", side, h, kind_for(side, draw(st.sampled_from(CLASSES))),
                          movement=draw(st.sampled_from([8, 12, 24])),
                          pinned=draw(st.integers(0, 5)) == 0,
                          isolation=draw(st.sampled_from([0, 0, 1, 3]))))
    # bridge units where a balka or cliff is drawn, often in a pinned hex, where they open
    # nothing (17.12): the bridge itself pinned, or a unit of the hex's side with it
    for h, spec in sorted(hexes.items()):
        if not spec.get("crossings") or draw(st.integers(0, 2)) == 0:
            continue
        side = side_of.setdefault(h, draw(st.sampled_from(["german", "soviet"])))
        if any(u["hex"] == h and u["class"] == "bridge" for u in units):
            continue
        pin = draw(st.sampled_from(["none", "bridge", "other", "other"]))
        units.append(unit(f"b{h}", side, h, "bridge", pinned=pin == "bridge"))
        if pin == "other":
            units.append(unit(f"p{h}", side, h, "infantry", pinned=True))
    boxes = {"W": {"side": "german", "hexes": ["0606", "0601"]}} if draw(st.booleans()) \
        else {}
    readings = {}
    for rule, names in (("9.48", ["ban-holds", "minimum-wins"]),
                        ("9.884", ["any-terrain", "terrain-limit"]),
                        ("5.3", ["three", "four"]), ("9.85", ["eliminated-only", "emptied"]),
                        ("19.5", ["halved", "movement-phases"]),
                        ("16.42", ["carries-retreating-units", "bound-by-9-44"]),
                        ("8.12#start", ["owner-chooses", "along-only"]),
                        ("8.12#cliff", ["as-balka", "not-a-barrier"])):
        readings[rule] = draw(st.sampled_from(names))
    if draw(st.integers(0, 4)):  # mostly an attack phase of the defender's enemy
        phase = draw(st.sampled_from([5, 8] if dside == "soviet" else [12, 15]))
        phasing = enemy
    else:
        phase, phasing = draw(st.sampled_from([(5, "german"), (12, "soviet"), (6, "german")]))
    return position(units, hexes=hexes, hexsides=sides, boxes=boxes, readings=readings,
                    phase=phase, phasing=phasing)


def enemies_of(sc, hex_id):
    side = sc.units_at(hex_id)[0].side
    return [u.id for u in sc.units if u.side != side and u.hex in sc.map.hexes]


@given(positions(), st.booleans())
def test_retreat_before_combat_agrees_with_the_reference(sc, breakthrough):
    att = enemies_of(sc, TARGET)
    chart = tec_chart()
    asp = before_combat(sc, TARGET, att, breakthrough, chart).reach()
    ref = ref_ret.before_combat(sc, TARGET, att, chart, breakthrough)
    assert asp == ref


@given(positions(), st.sampled_from(["attack", "attack", "opportunity", "defensive"]))
def test_p_result_retreat_agrees_with_the_reference(sc, fire):
    att = enemies_of(sc, TARGET)
    chart = tec_chart()
    ans = after_p(sc, TARGET, att, fire, chart)
    ref = ref_ret.p_outcomes(sc, TARGET, att, fire)
    for u in ans.units:
        want = ref[u.unit]
        if want in ("retreats-pinned", "retreat-or-stay-pinned", "retreats",
                    "retreat-or-stay"):
            dests = ref_ret.p_destinations(sc, TARGET, u.unit, chart)
            assert set(u.hexes) == dests, u.unit
            if want in ("retreats-pinned", "retreats") and not dests:
                want = "eliminated-no-retreat"
        assert u.outcome == want, u.unit
    # the stack together (9.87, 5.0): as many units find no room in both
    movers = {u.unit: set(u.hexes) for u in ans.units
              if u.outcome in ("retreats-pinned", "retreat-or-stay-pinned", "retreats",
                               "retreat-or-stay") and u.hexes}
    assert sum(ans.short.values()) == ref_ret.p_stack_short(sc, TARGET, movers)


@given(positions(), st.sampled_from(["eliminated", "retreat"]))
def test_advance_agrees_with_the_reference(sc, emptied):
    # the target's defenders were removed by the attack; a bridge unit stays (9.81: not a
    # combat unit), and opens the target's balka unless it is pinned itself (17.12)
    gone = {u.id for u in sc.units_at(TARGET) if u.unit_class != "bridge"}
    sc = sc.model_copy(update={"units": [u for u in sc.units if u.id not in gone]})
    side = next((u.side for u in sc.units if u.unit_class != "bridge"), "german")
    att = [u.id for u in sc.units if u.side == side and u.hex in sc.map.hexes]
    chart = tec_chart()
    asp = set(advances(sc, TARGET, att, emptied, chart).may) if att else set()
    assert asp == ref_adv.advancers(sc, TARGET, att, emptied, chart)


@st.composite
def fronts(draw):
    """A German line in columns 02-03 and Soviet units east of it, some in the line."""
    units = []
    for i, h in enumerate(draw(st.lists(st.sampled_from(HEXES[:12]), min_size=2,
                                        max_size=6, unique=True))):
        units.append(unit(f"g{i}", "german", h, draw(st.sampled_from(
            ["infantry", "infantry", "minefield", "leader"]))))
    taken = {u["hex"] for u in units}
    for i, h in enumerate(draw(st.lists(st.sampled_from(HEXES), min_size=1, max_size=6,
                                        unique=True))):
        if h not in taken:
            units.append(unit(f"s{i}", "soviet", h, isolation=draw(st.sampled_from([0, 1, 3])),
                              troops=draw(st.sampled_from(["guards", "regular"]))))
    hexes = {h: {"features": draw(st.sampled_from([[], [], ["city"], ["forest"]]))}
             for h in HEXES}
    if draw(st.integers(0, 3)) == 0:
        hexes[draw(st.sampled_from(HEXES))]["breakthru"] = "soviet"
    boxes = {"W": {"side": "german", "hexes": ["0606", "0601"]}} if draw(st.booleans()) \
        else {}
    return position(units, hexes=hexes, boxes=boxes,
                    date=draw(st.sampled_from(["1942-09-20", "1942-09-25", "1942-10-01"])))


@st.composite
def crowds(draw):
    """Crowded hexes: many units of every kind, minefields among them, on a few hexes."""
    kinds = ["infantry", "armor", "leader", "commissar", "op", "sniper", "mine-dog",
             "transport", "tank-repair", "flotilla", "fortification", "bridge", "minefield",
             "stuka", "armored-train", "artillery"]
    units = []
    for i in range(draw(st.integers(3, 20))):
        side = draw(st.sampled_from(["german", "soviet"]))
        cls = kind_for(side, draw(st.sampled_from(kinds)))
        if side == "soviet" and cls == "stuka":
            cls = "infantry"
        units.append(unit(f"u{i}", side, draw(st.sampled_from(["0101", "0303"])),
                          cls))
    readings = {"5.3": draw(st.sampled_from(["three", "four"]))}
    return position(units, readings=readings)


@pytest.mark.rules("6.1", "6.2", "10.7", "19.2")
@given(st.one_of(positions(), fronts()))
def test_zones_of_control_agree_with_the_reference(sc):
    """The hexes each side's ZOC is in force in, for movement, retreats and isolation."""
    ans = zoc(sc)
    for purpose in PURPOSES:
        for side in ("german", "soviet"):
            got = {h for h, sides in ans.controls[purpose].items() if side in sides}
            assert got == zoc_hexes(sc, side, purpose), (purpose, side)


@pytest.mark.rules("5.3", "5.4", "5.5", "5.6")
@given(st.one_of(positions(), fronts(), crowds()))
def test_stacking_agrees_with_the_reference(sc):
    """Every hex, side and kind over its limit, with the count and the limit."""
    got = {(o.hex, o.side, o.kind, o.count, o.limit) for o in stacking(sc).over}
    assert got == ref_stack.over(sc)


@given(st.one_of(positions(), fronts()))
def test_isolation_agrees_with_the_reference(sc):
    assert isolation(sc).isolated() == ref_iso.isolated(sc)


@pytest.mark.parametrize("where", ["0404", "0405", "0505", "0305"])
@pytest.mark.parametrize("reading", ["owner-chooses", "along-only"])
def test_vehicle_crossings_agree_with_the_reference(where, reading):
    """A German tank and a towed gun retreat before combat from 0404, and take a P-result
    retreat, past a blocking balka drawn through every pair of sides of one hex (8.12)."""
    import itertools

    chart = tec_chart()
    for through in itertools.combinations(NEIGHBOURS[where], 2):
        hexes = {"0404": {"markers": ["attack"]},
                 where: {**({"markers": ["attack"]} if where == "0404" else {}),
                         "features": ["balka"],
                         "crossings": [{"feature": "balka", "through": list(through),
                                        "vehicles": "blocked"}]}}
        defenders = [unit("t", "german", "0404", "armor", movement=18),
                     unit("a", "german", "0404", "at-gun", movement=12),
                     unit("i", "german", "0404")]
        sc = position([unit("s", "soviet", "0402"), *defenders], hexes=hexes, phase=12,
                      phasing="soviet", readings={"8.12#start": reading})
        asp = before_combat(sc, TARGET, ["s"], False, chart).reach()
        assert asp == ref_ret.before_combat(sc, TARGET, ["s"], chart), through
        # the P result: an infantry attacker next to the hex, at 0403
        sc = position([unit("s", "soviet", "0403"), *defenders], hexes=hexes, phase=12,
                      phasing="soviet", readings={"8.12#start": reading})
        ans = after_p(sc, TARGET, ["s"], "attack", chart)
        assert any(u.hexes for u in ans.units)
        for u in ans.units:
            assert set(u.hexes) == ref_ret.p_destinations(sc, TARGET, u.unit, chart)


@pytest.mark.rules("17.12")
@pytest.mark.parametrize("where", ["0405", "0505"])
def test_bridges_in_pinned_hexes_agree_with_the_reference(where):
    """A bridge unit in a hex a blocking balka is drawn through opens it to the retreating
    and advancing vehicles (8.12, 17.12), but not while the hex is pinned: the bridge itself
    or another unit in it pinned. The answers agree with the reference, and the pin
    changes them."""
    import itertools

    chart = tec_chart()
    changed = advance_changed = False
    for through in itertools.combinations(NEIGHBOURS[where], 2):
        hexes = {"0404": {"markers": ["attack"]},
                 where: {"features": ["balka"],
                         "crossings": [{"feature": "balka", "through": list(through),
                                        "vehicles": "blocked"}]}}
        defenders = [unit("t", "german", "0404", "armor", movement=18),
                     unit("a", "german", "0404", "at-gun", movement=12)]
        reach = {}
        for pin in ("none", "bridge", "other"):
            bridge = [unit("b", "german", where, "bridge", pinned=pin == "bridge")]
            if pin == "other":
                bridge.append(unit("p", "german", where, pinned=True))
            for attacker in ("0402", "0403"):  # before combat; a P result from next door
                sc = position([unit("s", "soviet", attacker), *defenders, *bridge],
                              hexes=hexes, phase=12, phasing="soviet")
                if attacker == "0402":
                    asp = before_combat(sc, TARGET, ["s"], False, chart).reach()
                    assert asp == ref_ret.before_combat(sc, TARGET, ["s"], chart), through
                    reach[pin] = asp
                else:
                    for u in after_p(sc, TARGET, ["s"], "attack", chart).units:
                        assert set(u.hexes) == ref_ret.p_destinations(sc, TARGET, u.unit,
                                                                      chart), through
        assert reach["bridge"] == reach["other"], through
        changed |= reach["none"] != reach["bridge"]
        # an advance into the emptied 0404 by a tank in the bridged hex: with the reading
        # along-only it leaves only along the balka, unless the bridge opens it
        may = {}
        for pin in ("none", "bridge", "other"):
            units = [unit("s", "soviet", "0403"), unit("t", "german", where, "armor",
                                                      movement=18),
                     unit("b", "german", where, "bridge", pinned=pin == "bridge")]
            if pin == "other":
                units.append(unit("p", "german", where, pinned=True))
            sc = position(units, hexes=hexes, phase=5, phasing="german",
                          readings={"8.12#start": "along-only"})
            may[pin] = set(advances(sc, TARGET, ["t"], "eliminated", chart).may)
            assert may[pin] == ref_adv.advancers(sc, TARGET, ["t"], "eliminated", chart)
        assert may["none"] == {"t"} and may["bridge"] == may["other"], through
        advance_changed |= not may["bridge"]
    assert changed  # somewhere the bridge, unpinned, opened the way
    assert advance_changed
