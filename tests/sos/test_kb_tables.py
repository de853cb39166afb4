"""Streets of Stalingrad tables rebuilt as data (kb/sos/tables), each printed row or column
checked against the rulebook text it was rebuilt from (skipped without the rulebook)."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest

from adjudicator.kb import load_game
from adjudicator.kb.loader import read_yaml

REPO = Path(__file__).resolve().parents[2]
TABLES = REPO / "kb" / "sos" / "tables"
SEEDS = next(
    (p for p in (REPO.parent / "shared" / "seeds", REPO / ".." / "shared" / "seeds") if p.is_dir()),
    None,
)


def text_line(number: int) -> str:
    found = sorted(SEEDS.glob("001_*.txt")) if SEEDS else []
    if not found:
        pytest.skip("the Streets of Stalingrad rulebook text is not available")
    return found[0].read_text(encoding="utf-8", errors="replace").splitlines()[number - 1]


def table(name: str) -> dict:
    return read_yaml(TABLES / f"{name}.yaml")


def results(line: str) -> list[str]:
    """The result cells printed on a line, without the firing-total labels."""
    line = re.sub(r"\b\d+\s*-\s*\d+\b|\b\d+\+|TOTAL.*FIRING", " ", line)
    return [t for t in line.split() if re.fullmatch(r"DE|D[1-3]P?|P|-", t)]


def column(doc: dict, name: str) -> list[str]:
    index = list(doc["columns"]).index(name)
    return [str(cells[index]) for cells in doc["rows"].values()]


def filled(cells: list[str], width: int) -> list[str]:
    """A printed run of cells ends in "-" for no effect from there on."""
    return cells + ["-"] * (width - len(cells))


def test_table_ids_are_unique_and_cite_known_sections():
    kb = load_game("sos")
    ids = [str(read_yaml(p).get("id")) for p in sorted(TABLES.glob("*.yaml"))]
    assert len(ids) == len(set(ids))
    rebuilt = {"crt", "ebbt", "ica", "leader_survival", "mine_dog_attack",
               "new_immobilized_tank", "wbbt", "vehicle_crossings"}
    practice = {"tec_practice", "attc_practice", "combat_sequence_practice",
                "ammunition_practice"}
    # every table the rulebook prints is rebuilt; every other one is a labelled practice
    # chart standing in for a player-aid card the text does not carry
    assert set(ids) == rebuilt | practice
    for name in practice:
        assert table(name)["practice"] is True, name
    for name in rebuilt:
        assert not table(name).get("practice"), name
    assert set(ids) == set(kb.tables)
    for table_id, entry in kb.tables.items():
        assert entry.sections and all(s in kb.sections for s in entry.sections), table_id
    assert "crt" in kb["9.81"].tables and "ica" in kb["12.6"].tables


CRT = table("crt")


@pytest.mark.parametrize("total", list(CRT["columns"]))
def test_crt_column_against_the_text(total):
    lines = CRT["printed_lines"][total]
    upper = filled(results(text_line(lines[0])), 9)  # MDR -4 .. 4
    lower = filled(results(text_line(lines[1])) if len(lines) > 1 else [], 6)  # 5 .. 10
    assert column(CRT, total) == upper + lower
    assert list(CRT["rows"]) == list(range(-4, 11))


def test_crt_columns_read_d1p_then_three_p():
    """The assignment of the lower halves: every column has D1P, then exactly three P."""
    for total in CRT["columns"]:
        cells = column(CRT, total)
        last = len(cells) - cells[::-1].index("D1P") - 1
        assert cells[last + 1 : last + 4] == ["P", "P", "P"], total
        assert all(c == "-" for c in cells[last + 4 :]), total


def test_crt_misreadings_are_caught():
    doc = table("crt")
    doc["rows"][5][list(doc["columns"]).index("7-9")] = "P"  # 7-9 at MDR 5 is no effect
    upper = filled(results(text_line(1365)), 9)
    lower = filled(results(text_line(1375)), 6)
    assert column(doc, "7-9") != upper + lower


WBBT = table("wbbt")


@pytest.mark.parametrize("total", list(WBBT["columns"]))
def test_wbbt_column_against_the_text(total):
    (line,) = WBBT["printed_lines"][total]
    printed = filled(results(text_line(line)), 9)  # MDR -1 .. 7
    assert column(WBBT, total)[:9] == printed
    assert column(WBBT, total)[9] == "-"  # 8 or more is a miss
    assert "8 or higher are a miss" in text_line(1433)


EBBT = table("ebbt")


@pytest.mark.parametrize("total", list(EBBT["columns"]))
def test_ebbt_column_against_the_text(total):
    p_line, de_line = EBBT["printed_lines"][total]
    pinned = text_line(p_line).split()
    eliminated = text_line(de_line).split()
    assert pinned[0] == "P" and eliminated[0] == "DE"
    pinned = filled([t for t in pinned[1:] if t != "-"], 11)
    eliminated = filled([t for t in eliminated[1:] if t != "-"], 11)
    expected = [
        "-" if p == "-" and d == "-" else f"P{p}" + (f" DE{d}" if d != "-" else "")
        for p, d in zip(pinned, eliminated, strict=True)
    ]
    assert column(EBBT, total) == expected


def test_mine_dog_attack_against_the_text():
    doc = table("mine_dog_attack")
    assert dict(doc["by_column"]["result"]) == {
        "1-2": "armour-and-dog-eliminated",
        "3-10": "dog-eliminated",
    }
    assert text_line(1397).strip() == "1-2" and "eliminated with mine dog" in text_line(1399)
    assert text_line(1403).strip() == "3-10" and "mine dog is eliminated" in text_line(1405)


def test_new_immobilized_tank_against_the_text():
    doc = table("new_immobilized_tank")
    assert dict(doc["by_column"]["result"]) == {"1-4": "immobilized-tank", "5-10": "none"}
    assert text_line(1401).strip() == "1-4" and text_line(1407).strip() == "5-10"
    assert text_line(1415).startswith("Replace eliminated tank unit")


def band_of(doc: dict, roll: int) -> str:
    for band in doc["bands"]:
        if band.get("min", roll) <= roll <= band.get("max", roll):
            return band["result"]
    raise AssertionError(f"no band for {roll}")


def test_ica_against_the_text():
    doc = table("ica")
    bands = [(b.get("min"), b.get("max"), b["result"]) for b in doc["bands"]]
    assert bands == [
        (None, 2, "attacker-loses-one"),
        (3, 6, "defender-loses-one"),
        (7, None, "defender-loses-one-and-retreats"),
    ]
    assert text_line(1469).strip() == "2 or less 3 to 6 7 or more"
    assert "ONE counter-attacking unit eliminated" in text_line(1471)
    assert "RETREAT 2 hexes" in text_line(1475)
    # the worked example of 12.6: 9 AF against 10 DF, a 6 rolled: 5, one defender lost
    assert band_of(doc, 6 + (9 - 10)) == "defender-loses-one"
    assert band_of(doc, 7 + (7 - 9)) == "defender-loses-one"  # the table's own example
    assert band_of(doc, 1) == "attacker-loses-one" and band_of(doc, 12) != "defender-loses-one"


def test_leader_survival_against_the_text():
    doc = table("leader_survival")
    assert dict(doc["modifier_by_losses"]) == {1: -1, 2: -2, 3: -3, 4: -4}
    bands = [(b.get("min"), b.get("max"), b["result"]) for b in doc["bands"]]
    assert bands == [(None, 2, "eliminated"), (3, 6, "wounded"), (7, None, "survives")]
    line = text_line(1481)
    assert "≤2" in line and "3-6" in line and "7+" in line and "-4 DRM" in line
    # the printed example: 2 units lost, a 6 rolled: 4, wounded; Zaitsev's -2 more: 2, killed
    losses = doc["modifier_by_losses"][2]
    assert band_of(doc, 6 + losses) == "wounded"
    assert band_of(doc, 6 + losses - 2) == "eliminated"
    assert band_of(doc, 7) == "survives"


def entries(columns: dict) -> list[str]:
    from adjudicator.games.sos.crossings import entries as unfold

    return unfold({str(c): [str(r) for r in rows] for c, rows in columns.items()})


def appendix_entries(line: str) -> list[str]:
    """The hex entries printed on a line of the appendices: four digits, maybe a mark."""
    return re.findall(r"\b\d{4}(?:\((?:RR|T|E)\))?", line)


def test_vehicle_crossings_appendix_a_against_the_text():
    doc = table("vehicle_crossings")
    first, second = doc["printed_lines"]["blocked"]
    head = text_line(doc["printed_lines"]["heading_blocked"])
    assert "A. Blocking Hexes" in head and "BLOCK Vehicle Movement" in head
    # the heading and the list's first part share a line; its second part comes earlier
    printed = appendix_entries(text_line(first).split("in these hexes.")[1])
    printed += appendix_entries(text_line(second))
    assert Counter(entries(doc["blocked"])) == Counter(printed)
    for col, rows in doc["blocked"].items():
        assert rows == [e[2:] for e in printed if e[:2] == col]
    # the repair: the first part runs columns 02-20, the second 21-40, none left behind
    assert printed[0] == "0273" and printed[84] == "2059(E)" and printed[85] == "2118"
    assert len(printed) == 131 and printed[-1] == "4066"


def test_vehicle_crossings_appendix_b_against_the_text():
    doc = table("vehicle_crossings")
    first, second = doc["printed_lines"]["crossable"]
    head = text_line(doc["printed_lines"]["heading_crossable"])
    assert head.startswith("B. Vehicle Units May CROSS Blocking Terrain")
    assert text_line(first + 2).strip() == "37"  # the page number between the two parts
    printed = appendix_entries(text_line(first)) + appendix_entries(text_line(second))
    assert Counter(entries(doc["crossable"])) == Counter(printed)
    # within each column the rows keep their printed order
    for col, rows in doc["crossable"].items():
        assert rows == [e[2:] for e in printed if e[:2] == col]
    assert printed[:2] == ["0174", "0175"] and printed[-1] == "3873" and len(printed) == 199
    assert "\u2206 0869" in text_line(first)  # printed with the revision mark


def test_vehicle_crossings_printed_oddities_are_recorded():
    from adjudicator.games.sos.crossings import appendix, parse_entry

    doc = table("vehicle_crossings")
    a = [parse_entry(e) for e in entries(doc["blocked"])]
    b = [parse_entry(e) for e in entries(doc["crossable"])]
    assert sorted(set(a) & set(b)) == [("1842", "balka")]
    assert doc["both_lists"] == ["1842"] and ("1842", "balka") not in appendix()
    assert ("3342", "rail-cut") in a and ("3342", "tartar-wall") in b
    assert appendix()[("3342", "rail-cut")] == "blocked"
    assert appendix()[("3342", "tartar-wall")] == "cross"
    assert [h for h, _ in a + b if int(h[:2]) > 38] == doc["off_map"] == ["4066"]
    marks = {f for _, f in a + b}
    assert marks == {"balka", "tartar-wall", "rail-cut", "rail-embankment"}
    assert appendix()[("1543", "rail-cut")] == "blocked"
    assert appendix()[("2260", "rail-embankment")] == "cross"
    assert appendix()[("0507", "balka")] == "cross"
