"""The next position after a combat, rally, disengagement or weather roll; replay;
and the table file format (13.4-13.5, 18.2, 18.5, 23.1, 27.2, 12.1, 13.1)."""

import pytest
from positions import pos, unit

from adjudicator.errors import InputError
from adjudicator.games.s42.combat import actions as A
from adjudicator.games.s42.combat.odds import Support
from adjudicator.games.s42.combat.resolve import (
    Choices,
    Declaration,
    Refused,
    apply_moves,
    resolve_combat,
)
from adjudicator.games.s42.combat.state import Work
from adjudicator.games.s42.combat.tables import builtin, load_table
from adjudicator.scenario import parse_scenario

D = "0405"
CRT, DDT = builtin("crt_practice"), builtin("dd_practice")


def start(extra=(), **kw):
    units = [unit("A", "axis", "0404", "panzer", attack=12, max_steps=3),
             unit("X", "soviet", D, attack=3, defense=4, max_steps=2), *extra]
    return pos(units, turn=kw.pop("turn", 10), **kw)


def run(sc, rolls, choices, attackers=("A",), support=None):
    out = resolve_combat(sc, Declaration(D, list(attackers), support or Support()), choices,
                         A.new_dice(rolls=rolls), CRT, DDT)
    return out, apply_moves(sc, out)


# -- applying a combat --------------------------------------------------------------------


@pytest.mark.rules("12.1.1", "13.1.2", "14.1", "8.1")
def test_apply_d1_retreat_and_advance_gives_a_valid_next_position():
    sc = start()
    out, nxt = run(sc, [5], Choices(dd=False, retreat={"X": ["0406", "0407", "0408"]},
                                    advance={"A": [D, "0406"]}, reduced={"X": [2, 2]}))
    x, a = nxt.units_by_id["X"], nxt.units_by_id["A"]
    assert (x.hex, x.steps_left, x.status, x.retreated, x.defended) == ("0408", 1, "disrupted",
                                                                        True, True)
    assert (x.attack, x.defense) == (2, 2)
    assert (a.hex, a.attacked) == ("0406", True)
    assert nxt == parse_scenario(Work.of(nxt).to_yaml(), nxt.source)  # round trip


@pytest.mark.rules("12.1.1")
def test_apply_refuses_a_missing_or_broken_retreat():
    sc = start()
    with pytest.raises(Refused, match="retreat path is needed"):
        run(sc, [5], Choices(dd=False))
    with pytest.raises(Refused, match="not adjacent"):
        run(sc, [5], Choices(dd=False, retreat={"X": ["0406", "0408", "0407"]}))
    with pytest.raises(Refused, match="3 hexes"):
        run(sc, [5], Choices(dd=False, retreat={"X": ["0406", "0407"]}))


@pytest.mark.rules("12.1.3")
def test_12_1_3_paying_steps_shortens_the_retreat():
    sc = start([unit("F", "soviet", "0407", defense=3)],)
    _, nxt = run(sc, [5], Choices(dd=False, retreat={"X": ["0406", "0407"]},
                                  retreat_pay={"X": 1}, defender_losses=["X"]))
    assert "X" not in nxt.units_by_id  # 2 steps: the D1 step and the one paid


@pytest.mark.rules("13.1.3")
def test_13_1_3_four_hex_retreat_or_second_retreat_means_full_retreat():
    sc = start()
    _, nxt = run(sc, [6], Choices(retreat={"X": ["0406", "0407", "0508", "0608"]}))  # 3-1 DR4
    assert nxt.units_by_id["X"].status == "full-retreat"
    sc2 = pos([unit("A", "axis", "0404", attack=4, max_steps=3),
               unit("X", "soviet", D, defense=4, max_steps=2, status="disrupted")], turn=10)
    _, nxt2 = run(sc2, [3], Choices(retreat={"X": ["0406", "0407"]}))  # 4:2, 2-1, DR2
    assert nxt2.units_by_id["X"].status == "full-retreat"


@pytest.mark.rules("12.2", "22.5")
def test_retreat_may_end_early_in_a_friendly_entry_area_or_be_declared_eliminated():
    areas = {"E": {"side": "soviet", "hexes": ["0806", "0807"]}}
    sc = pos([unit("A", "axis", "0705", attack=12), unit("X", "soviet", "0706", defense=4,
                                                          max_steps=2)],
             entry_areas=areas, turn=10)
    out = resolve_combat(sc, Declaration("0706", ["A"]),
                         Choices(dd=False, retreat={"X": ["0806", "E"]}), A.new_dice(rolls=[5]),
                         CRT, DDT)
    assert apply_moves(sc, out).units_by_id["X"].hex == "E"
    out2 = resolve_combat(sc, Declaration("0706", ["A"]),
                          Choices(dd=False, retreat={"X": "eliminated"}), A.new_dice(rolls=[5]),
                          CRT, DDT)
    assert "X" not in apply_moves(sc, out2).units_by_id


@pytest.mark.rules("18.2.1", "18.5")
def test_asus_flip_after_a_shift_soviet_artillery_divisions_leave():
    hq = unit("H", "axis", "0403", "army-hq", attack=0, defense=1, free_stacking=True)
    _, nxt = run(start([hq]), [2], Choices(dd=False, retreat={"X": ["0406", "0407"]}),
                 support=Support(artillery=("H",)))
    assert nxt.units_by_id["H"].used
    sc = pos([unit("S", "soviet", "0404", attack=12),
              unit("AD", "soviet", "0403", "artillery", attack=0, defense=1),
              unit("G", "axis", D, defense=4, max_steps=2)], phasing="soviet", turn=10)
    out = resolve_combat(sc, Declaration(D, ["S"], Support(artillery=("AD",))),
                         Choices(dd=False, retreat={"G": ["0406", "0407"]}),
                         A.new_dice(rolls=[1]), CRT, DDT)
    nxt2 = apply_moves(sc, out)
    assert "AD" not in nxt2.units_by_id and "AD" in out.work.eliminated


@pytest.mark.rules("14.1", "14.2.3")
def test_advance_is_checked_against_the_allowance():
    sc = start()
    with pytest.raises(Refused, match="may advance 3"):
        run(sc, [5], Choices(dd=False, retreat={"X": ["0406", "0407", "0408"]},
                             advance={"A": [D, "0406", "0407", "0408"]}))
    with pytest.raises(Refused, match="may not advance"):
        run(sc, [5], Choices(dd=False, retreat={"X": ["0406", "0407", "0408"]},
                             advance={"X": ["0404"]}))


# -- replay ---------------------------------------------------------------------------------


ACTIONS = [
    {"combat": {"defender_hex": D, "attackers": ["A"]},
     "choices": {"dd": False, "retreat": {"*": ["0406", "0407", "0408"]},
                 "advance": {"A": [D]}, "defender_losses": ["X"]}},
    {"end_phase": {}},
    {"rally": {"side": "soviet"}},
    {"weather": {"season": "rasputitsa", "previous": "rain"}},
]


def test_replay_from_a_seed_is_reproducible():
    sc = start(turn=21)
    one = A.replay(sc, ACTIONS, seed=5, crt=CRT, ddt=DDT)
    two = A.replay(sc, ACTIONS, seed=5, crt=CRT, ddt=DDT)
    assert one.final == two.final and one.log == two.log
    assert [x["total"] for e in one.log for x in e["rolls"]] == [5, 3]
    other = A.replay(sc, ACTIONS, seed=6, crt=CRT, ddt=DDT)
    assert other.final.weather != one.final.weather  # seed 6 rolls a 1: rain


def test_replay_with_given_rolls_reaches_the_expected_position():
    sc = start(turn=21)
    r = A.replay(sc, ACTIONS, rolls=[5, 3], crt=CRT, ddt=DDT)
    x = r.final.units_by_id["X"]
    assert x.hex == "0408" and x.status == "good-order" and not x.retreated  # rallied, cleared
    assert r.final.units_by_id["A"].hex == D
    assert r.final.weather == "mud"  # 3 + 1 = 4 overcast, after rain: mud (23.3.1)
    assert r.log[2]["rolls"] == []  # X stands out of any EZOC: no Rally roll (13.4)
    assert [e["action"] for e in r.log] == ["combat", "end_phase", "rally", "weather"]
    assert [x["total"] for e in r.log for x in e["rolls"]] == [5, 3]
    assert r.practice


def test_replay_reports_the_step_that_fails():
    with pytest.raises(Refused, match="action 1"):
        A.replay(start(), [{"combat": {"defender_hex": D, "attackers": ["A"]}}], rolls=[5])


# -- rally (13.4, 13.5) --------------------------------------------------------------------------


@pytest.mark.rules("13.4")
def test_13_4_units_out_of_an_ezoc_recover_one_level_without_a_roll():
    sc = pos([unit("X", "soviet", "0404", status="full-retreat"),
              unit("Y", "soviet", "0408", status="disrupted")], phasing="soviet")
    res = A.rally(sc, A.new_dice(rolls=[]))
    assert res.rolls == []
    assert res.position.units_by_id["X"].status == "disrupted"
    assert res.position.units_by_id["Y"].status == "good-order"


@pytest.mark.rules("13.4", "13.5")
def test_13_5_units_in_an_ezoc_roll_five_or_six_recovers():
    units = [unit("X", "soviet", "0404", status="disrupted"), unit("G", "axis", "0405")]
    stay = A.rally(pos(units, phasing="soviet"), A.new_dice(rolls=[4]))
    assert stay.position.units_by_id["X"].status == "disrupted"
    up = A.rally(pos(units, phasing="soviet"), A.new_dice(rolls=[5]))
    assert up.position.units_by_id["X"].status == "good-order"


@pytest.mark.rules("13.5")
def test_13_5_city_and_elite_help_low_quality_hurts():
    units = [unit("X", "soviet", "0404", status="disrupted", tq="low"), unit("G", "axis", "0405")]
    res = A.rally(pos(units, phasing="soviet", hexes={"0404": {"city": "minor"}}),
                  A.new_dice(rolls=[4]))
    assert res.findings[0]["modified"] == 5 and res.findings[0]["result"] == "recover"
    res2 = A.rally(pos(units, phasing="soviet"), A.new_dice(rolls=[5]))
    assert res2.findings[0]["modified"] == 4 and res2.findings[0]["result"] == "stay"


@pytest.mark.rules("13.4", "21.4")
def test_13_4_full_retreat_may_be_kept_and_replacement_markers_come_off():
    sc = pos([unit("X", "soviet", "0404", status="full-retreat"),
              unit("R", "soviet", "0408", replacement=True)], phasing="soviet")
    res = A.rally(sc, A.new_dice(rolls=[]), keep_full_retreat=["X"])
    assert res.position.units_by_id["X"].status == "full-retreat"
    assert not res.position.units_by_id["R"].replacement
    with pytest.raises(Refused):
        A.rally(sc, A.new_dice(rolls=[]), keep_full_retreat=["R"])


# -- disengagement (27.2) ------------------------------------------------------------------------


@pytest.mark.rules("27.2.1", "27.2.3")
def test_27_2_yes_retreats_one_or_two_hexes_disrupted_no_stays():
    units = [unit("A", "axis", "0404"), unit("S", "soviet", "0405")]
    yes = A.disengage(pos(units), A.new_dice(rolls=[4]), ["A"], retreat={"A": ["0403", "0402"]})
    a = yes.position.units_by_id["A"]
    assert (a.hex, a.status, a.attacked) == ("0402", "disrupted", True)
    no = A.disengage(pos(units), A.new_dice(rolls=[2]), ["A"], retreat={"A": ["0403"]})
    assert no.position.units_by_id["A"].hex == "0404"
    step = A.disengage(pos([unit("A", "axis", "0404", max_steps=2), units[1]]),
                       A.new_dice(rolls=[3]), ["A"], retreat={"A": ["0403"]})
    assert step.position.units_by_id["A"].steps_left == 1


@pytest.mark.rules("27.2.1")
def test_27_2_1_who_may_try_to_disengage():
    with pytest.raises(Refused, match="not adjacent"):
        A.disengage(pos([unit("A", "axis", "0404"), unit("S", "soviet", "0407")]),
                    A.new_dice(rolls=[4]), ["A"])
    with pytest.raises(Refused, match="attacked"):
        A.disengage(pos([unit("A", "axis", "0404", attacked=True), unit("S", "soviet", "0405")]),
                    A.new_dice(rolls=[4]), ["A"])


@pytest.mark.rules("27.2.2")
def test_27_2_2_mechanized_plus_one_disrupted_minus_one():
    mech = A.disengage(pos([unit("A", "axis", "0404", "panzer"), unit("S", "soviet", "0405")]),
                       A.new_dice(rolls=[2]), ["A"], retreat={"A": ["0403"]})
    assert mech.findings[0]["modified"] == 3 and mech.findings[0]["result"] == "yes-step"
    dis = A.disengage(pos([unit("A", "axis", "0404", status="disrupted"),
                           unit("S", "soviet", "0405")]), A.new_dice(rolls=[4]), ["A"],
                      retreat={"A": ["0403"]})
    assert dis.findings[0]["result"] == "yes-step"


@pytest.mark.rules("27.2.3")
def test_27_2_3_no_retreat_into_an_ezoc_without_a_friendly_unit():
    units = [unit("A", "axis", "0404"), unit("S", "soviet", "0405"), unit("T", "soviet", "0503")]
    with pytest.raises(Refused, match="enemy ZOC"):
        A.disengage(pos(units), A.new_dice(rolls=[5]), ["A"], retreat={"A": ["0403"]})
    ok = A.disengage(pos(units + [unit("F", "axis", "0403")]), A.new_dice(rolls=[5]), ["A"],
                     retreat={"A": ["0403"]})
    assert ok.position.units_by_id["A"].hex == "0403"


# -- weather (23.1) --------------------------------------------------------------------------------


@pytest.mark.rules("23.1")
def test_23_1_weather_clear_before_turn_17_then_rolled():
    assert A.roll_weather(A.new_dice(rolls=[]), 16, "winter")["weather"] == "clear"
    assert A.roll_weather(A.new_dice(rolls=[1]), 30, "winter")["weather"] == "snow"
    assert A.roll_weather(A.new_dice(rolls=[2]), 18, "early-fall")["weather"] == "overcast"
    assert A.roll_weather(A.new_dice(rolls=[2]), 18, "early-fall",
                          previous="rain")["weather"] == "clear"


@pytest.mark.rules("23.3.1")
def test_23_3_1_mud_follows_rain_in_the_rasputitsa():
    assert A.roll_weather(A.new_dice(rolls=[5]), 22, "rasputitsa", "rain")["weather"] == "mud"
    assert A.roll_weather(A.new_dice(rolls=[5]), 22, "rasputitsa", "clear")["weather"] == "clear"
    assert A.roll_weather(A.new_dice(rolls=[1]), 22, "rasputitsa", "rain")["weather"] == "rain"


# -- table files ------------------------------------------------------------


def test_shipped_tables_load_and_the_practice_ones_say_so():
    assert CRT.practice and DDT.practice
    for name in ("weather", "rally", "disengagement"):
        assert not builtin(name).practice
    assert builtin("rally").lookup(9, "result") == "recover"  # 13.5: above 6 reads as 6


def test_a_bad_crt_file_is_refused_with_lines(tmp_path):
    f = tmp_path / "crt.yaml"
    f.write_text("kind: crt\ndie: 1d6\ncolumns: [\"1-1\", \"2-1\"]\nrows:\n  1: [A1, BOOM]\n")
    with pytest.raises(InputError) as exc:
        load_table(f, "crt")
    text = str(exc.value)
    assert f"{f}:3: columns:" in text and f"{f}:5: rows[1]" in text
    assert "BOOM" in text and "1 to 6" in text


def test_a_table_of_the_wrong_kind_is_refused(tmp_path):
    f = tmp_path / "dd.yaml"
    f.write_text(open(DDT.source).read())
    with pytest.raises(InputError, match="expected a table of kind 'crt'"):
        load_table(f, "crt")


def test_a_users_crt_copy_is_not_practice(tmp_path):
    text = open(CRT.source).read().replace("practice: true", "practice: false")
    f = tmp_path / "mycrt.yaml"
    f.write_text(text)
    t = load_table(f, "crt")
    assert not t.practice
    sc = start()
    out = resolve_combat(sc, Declaration(D, ["A"]), Choices(), A.new_dice(rolls=[5]), t, DDT)
    assert out.to_json()["practice_table"] is False and "practice_note" not in out.to_json()


@pytest.mark.rules("12.1.1", "12.2")
def test_12_1_1_apply_refuses_a_retreat_the_retreat_rules_forbid():
    # 0508 is only three hexes from the battle hex: the fourth hex must be four away
    with pytest.raises(Refused) as exc:
        run(start(), [6], Choices(retreat={"X": ["0406", "0407", "0408", "0508"]}))
    assert "12.1.1" in str(exc.value) and "eliminated" in str(exc.value)


@pytest.mark.rules("14.4.1", "7.2")
def test_14_4_1_apply_refuses_an_advance_into_an_enemy_hex_bond():
    # Soviet units in 0307 and 0506 bond through 0406: the panzer may take the vacated
    # hex 0405 but may not go on into 0406
    sc = start([unit("B1", "soviet", "0307"), unit("B2", "soviet", "0506")])
    retreat = {"X": ["0406", "0407", "0508", "0608"]}
    with pytest.raises(Refused) as exc:
        run(sc, [6], Choices(retreat=retreat, advance={"A": ["0405", "0406"]}))
    assert "advance of A" in str(exc.value) and "7.2" in str(exc.value)
    _, nxt = run(sc, [6], Choices(retreat=retreat, advance={"A": ["0405"]}))
    assert nxt.units_by_id["A"].hex == "0405"
