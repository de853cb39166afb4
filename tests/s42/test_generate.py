"""The seeded position generator: valid by construction, deterministic, and varied."""

from __future__ import annotations

from collections import Counter

from adjudicator.games.s42.generate import full_position, scenario, small_position


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


def test_generate_command_writes_a_valid_file(tmp_path, capsys):
    from cli_helpers import run

    out = tmp_path / "big.yaml"
    r = run(capsys, "generate", "--seed", "4", "--cols", "16", "--rows", "14", "--units", "30",
            "-o", str(out), "--json")
    assert r.code == 0 and r.json["hexes"] == 16 * 14 and r.json["units"] >= 30
    assert run(capsys, "validate", str(out), "--json").json["ok"] is True
    again = tmp_path / "again.yaml"
    run(capsys, "generate", "--seed", "4", "--cols", "16", "--rows", "14", "--units", "30",
        "-o", str(again))
    assert again.read_text() == out.read_text()
    small = tmp_path / "small.json"
    assert run(capsys, "generate", "--small", "--seed", "9", "-o", str(small)).code == 0
    assert run(capsys, "validate", str(small)).code == 0


def test_generate_command_refuses_maps_beyond_four_digit_ids(tmp_path, capsys):
    from cli_helpers import run

    r = run(capsys, "generate", "--cols", "101", "-o", str(tmp_path / "x.json"))
    assert r.code == 2 and "--cols" in r.err + r.out
