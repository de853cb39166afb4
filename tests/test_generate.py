"""The seeded position generator: valid by construction, deterministic, and varied."""

from __future__ import annotations

from collections import Counter

from adjudicator.generate import full_position, scenario, small_position


def test_same_seed_same_position_other_seed_other_position():
    assert small_position(7) == small_position(7)
    assert small_position(7) != small_position(8)
    assert full_position(3, 20, 18, 40) == full_position(3, 20, 18, 40)


def test_small_positions_load_and_cover_what_the_rules_care_about():
    seen: Counter = Counter()
    for seed in range(60):
        sc = scenario(small_position(seed))  # raises InputError on a generator bug
        for u in sc.units:
            seen[u.status] += 1
            seen["train"] += u.train
            seen["free"] += u.free_stacking
            seen["asu"] += u.is_asu
            seen["non-combat"] += not u.is_combat
            seen["in-area"] += u.hex in sc.map.entry_areas
        for h, spec in sc.map.hexes.items():
            sides = {u.side for u in sc.units_at(h)}
            if len(sides) == 2:
                assert spec.city, f"seed {seed}: both sides in non-city hex {h}"
                seen["contested"] += 1
        for spec in sc.map.hexsides.values():
            seen[spec.river or "no-river"] += 1
            seen["bridge"] += spec.bridge is not None
            seen["road"] += spec.road is not None
            seen["rail"] += spec.rail
            seen["lake"] += spec.lake
            seen["alpine"] += spec.alpine
            seen["impassable"] += spec.impassable
        for area in sc.map.entry_areas.values():
            seen[f"area-{area.side}"] += 1
        seen["winter"] += sc.turn >= 28
    for key in ("good-order", "disrupted", "full-retreat", "train", "free", "asu",
                "non-combat", "in-area", "contested", "minor", "major", "volga", "bridge",
                "road", "rail", "lake", "alpine", "impassable", "area-axis", "area-soviet",
                "area-neutral", "winter"):
        assert seen[key] > 0, key


def test_full_position_has_the_size_and_the_front():
    sc = scenario(full_position(1))
    assert len(sc.map.hexes) == 64 * 62
    assert 290 <= len(sc.units) <= 310
    sides = {s.river for s in sc.map.hexsides.values()}
    assert {"major", "volga"} <= sides
    assert any(s.road for s in sc.map.hexsides.values())
    assert any(s.rail for s in sc.map.hexsides.values())
    assert {a.side for a in sc.map.entry_areas.values()} == {"axis", "soviet", "neutral"}
    # in contact: many units have an enemy combat unit next to them
    at = {u.hex: u.side for u in sc.units if u.hex in sc.map.hexes}
    touching = sum(1 for h, side in at.items()
                   if any(at.get(n) not in (None, side) for n in sc.grid.neighbours(h)))
    assert touching >= 50


def test_largest_map_four_digit_ids_allow():
    sc = scenario(full_position(2, 100, 100, 50))
    assert len(sc.map.hexes) == 10_000 and "0000" in sc.map.hexes
