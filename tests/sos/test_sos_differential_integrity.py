"""Differential tests: unit integrity (9.73) from the encoding (asp/sos/integrity.lp, via
the fire answer) against the plain-Python reference (adjudicator/games/sos/reference),
on generated stacks."""

from __future__ import annotations

import random

import pytest
from sos_fire_helpers import fire, position

from adjudicator.games.sos.reference import integrity as ref

HEXES = ("0403", "0405", "0305")


def unit(rng: random.Random, uid: str, side: str, hexid: str, classes: tuple) -> str:
    cls = rng.choice(classes)
    oob = [f'battalion: "{rng.choice(["I", "II"])}"'] if rng.random() < 0.9 else []
    if rng.random() < 0.9:
        oob.append(f'regiment: "{rng.choice(["194", "194", "276"])}"')
    if rng.random() < 0.9:
        oob.append(f'division: "{rng.choice(["71", "71", "94"])}"')
    if rng.random() < 0.08:
        oob.append("independent: true")
    troops = rng.choice(["regular", "guards", "marine"]) if side == "soviet" else "regular"
    factors = "" if cls == "leader" else ", attack: 4, defense: 3, range: 1, movement: 8"
    return (f'id: "{uid}", side: {side}, hex: "{hexid}", class: {cls}{factors}, '
            f'troops: {troops}, oob: {{{", ".join(oob)}}}')


def drms(data) -> dict[str, int]:
    return {d["id"]: d["value"] for d in data["drms"] if d["rule"] == "9.73"}


def attack_case(seed: int):
    """A generated attack: the position, the attackers' ids, whether the target is clear."""
    rng = random.Random(seed)
    units, ids = [], []
    for i in range(rng.randint(1, 3)):
        units.append(unit(rng, f"S{i}", "soviet", "0404", ("infantry", "armor")))
    mix = (("armor", "armor", "armor", "infantry") if seed % 4 == 0
           else ("infantry", "infantry", "armor", "engineer", "leader"))
    for h in rng.sample(HEXES, rng.randint(1, 3)):
        for _ in range(rng.randint(2, 5)):
            uid = f"G{len(ids)}"
            ids.append(uid)
            units.append(unit(rng, uid, "german", h, mix))
    clear = rng.random() < 0.5
    return position(units, {} if clear else {"0404": "{features: [suburb]}"}), ids, clear


def reference(sc, ids, clear):
    by_id = {u.id: u for u in sc.units}
    return ref.attack([by_id[i] for i in ids], [u for u in sc.units if u.hex == "0404"],
                      clear)


@pytest.mark.rules("9.73")
@pytest.mark.parametrize("seed", range(40))
def test_9_73_attack_integrity_matches_the_reference(seed):
    sc, ids, clear = attack_case(seed)
    assert drms(fire(sc, "attack", ids, "0404")) == reference(sc, ids, clear)


def test_the_generated_attacks_cover_the_modifiers():
    seen = set()
    for seed in range(40):
        seen |= set(reference(*attack_case(seed)))
    assert {"bn-same", "bn-mixed", "rgt-mixed", "div-defenders", "div-mixed"} <= seen


@pytest.mark.rules("9.73")
@pytest.mark.parametrize("seed", range(12))
def test_9_73_fire_integrity_matches_the_reference(seed):
    rng = random.Random(1000 + seed)
    units = [unit(rng, "G", "german", "0403", ("infantry",))]
    ids = []
    for i in range(rng.randint(2, 4)):
        ids.append(f"S{i}")
        units.append(unit(rng, f"S{i}", "soviet", "0404", ("infantry", "armor")))
    sc = position(units)
    got = drms(fire(sc, "defensive", ids, "0403"))
    by_id = {u.id: u for u in sc.units}
    assert got == ref.fire([by_id[i] for i in ids])
