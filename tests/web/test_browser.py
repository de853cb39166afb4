"""The board in a real browser (Chromium driven by Playwright) on the demo position: what is
drawn and listed is checked against the CLI's JSON for the same question. Screenshots go
to tests/web/artefacts/ (not kept in git)."""

from __future__ import annotations

import json
import os
import shutil
import socket
import threading
import time
from pathlib import Path

import pytest
from board_questions import QUESTIONS, demo_path
from cli_helpers import run

CHROMIUM = os.environ.get("ADJUDICATOR_CHROMIUM", "/usr/bin/chromium")
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]
ART = Path(__file__).parent / "artefacts"

sync_api = pytest.importorskip("playwright.sync_api", reason="Playwright is not installed "
                               "(pip install -e '.[test]')")
if not (shutil.which(CHROMIUM) or Path(CHROMIUM).is_file()):
    pytest.skip(f"no Chromium at {CHROMIUM} (apt-get install chromium)", allow_module_level=True)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="module")
def server():
    import uvicorn

    from adjudicator.web.app import Config, create_app

    port = _free_port()
    srv = uvicorn.Server(uvicorn.Config(create_app(Config()), host="127.0.0.1", port=port,
                                        log_level="warning"))
    t = threading.Thread(target=srv.run, daemon=True)
    t.start()
    for _ in range(200):
        if srv.started:
            break
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}/"
    srv.should_exit = True
    t.join(10)


@pytest.fixture(scope="module")
def browser():
    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield b
        b.close()


@pytest.fixture()
def page(browser, server):
    ART.mkdir(exist_ok=True)
    pg = browser.new_page(viewport={"width": 1400, "height": 900})
    errors: list[str] = []
    pg.on("pageerror", lambda e: errors.append(str(e)))
    pg.goto(server + "?open=demo:s42")
    pg.wait_for_selector("body[data-loaded]", timeout=60_000)
    yield pg
    pg.close()
    assert not errors


def cli(capsys, name):
    args = next(q[2] for q in QUESTIONS if q[0] == name)
    out = run(capsys, *[str(demo_path()) if a == "FILE" else a for a in args], "--json")
    assert out.code == 0, out.err
    return out.json


def answered(pg, action):
    before = pg.evaluate("document.body.getAttribute('data-answered')")
    error = pg.evaluate("document.body.getAttribute('data-error')")
    action()
    pg.wait_for_function(f"(document.body.getAttribute('data-answered') !== {json.dumps(before)}"
                         " && document.body.getAttribute('data-answered') !== null) || "
                         f"document.body.getAttribute('data-error') !== {json.dumps(error)}",
                         timeout=120_000)
    assert pg.evaluate("document.body.getAttribute('data-error')") == error, \
        pg.inner_text("#errors") + str(pg.evaluate("window.board.values"))


def lit(pg, *kinds) -> set[str]:
    sel = ", ".join(f'#lit [data-kind="{k}"]' for k in kinds)
    return {e.get_attribute("data-hex") for e in pg.query_selector_all(sel)}


def listed_rules(pg) -> set[str]:
    return {e.get_attribute("data-rule") for e in pg.query_selector_all("#answer a.rule")}


def click_hex(pg, h):
    pg.click(f'#terrain polygon.hex[data-hex="{h}"], #terrain .point[data-hex="{h}"]',
             force=True)


def test_click_a_stack_zoc_bonds_supply(page, capsys):
    answered(page, lambda: click_hex(page, "0605"))
    zoc = run(capsys, "zoc", str(demo_path()), "--json").json
    ids = {"62A-181"}
    want = {s["hex"] for s in zoc["sources"] if ids & set(s["units"])}
    assert lit(page, "zoc") == want
    sup = run(capsys, "supply", str(demo_path()), "--side", "soviet", "--json").json
    line = next(u for u in sup["units"] if u["id"] == "62A-181")
    drawn = page.query_selector('#paths [data-kind="supply"]').get_attribute("data-hexes")
    assert drawn.split() == line["path"]
    assert set(line["rules"]) <= listed_rules(page)
    assert page.query_selector_all('#paths [data-kind="bond-standing"]')
    link = page.query_selector('#answer a.rule[data-rule="6.1"]')
    assert link.get_attribute("href") == "/rules/s42/6.1"
    assert page.is_visible("#stack-box") and "62A-181" in page.inner_text("#stack")
    page.screenshot(path=str(ART / "click-stack.png"))


def test_retreat_ends_lit_by_fate_path_on_hover(page, capsys):
    answered(page, lambda: click_hex(page, "0605"))
    page.click('#asks button[data-ask="retreat"]')
    answered(page, lambda: page.click("#ask-go"))
    want = cli(capsys, "retreat")
    fates = {"safe": set(), "loses-steps": set(), "eliminated": set()}
    for o in want["options"]:
        fate = "eliminated" if o["eliminated"] else ("loses-steps" if o["steps_paid"]
                                                     else "safe")
        fates[fate].add(o["end"])
    for fate, ends in fates.items():
        assert lit(page, fate) == ends, fate
    end = want["options"][0]
    page.hover(f'#terrain polygon.hex[data-hex="{end["end"]}"]', force=True)
    shown = page.query_selector_all("#hoverpaths .path.show")
    assert [s.get_attribute("data-hexes").split() for s in shown][0] == ["0605", *end["path"]]
    labels = {e.get_attribute("data-hex"): e.text_content()
              for e in page.query_selector_all("#labels text")}
    assert labels[end["end"]] == f"#{end['rank']}"
    assert set(want["rules"]) <= listed_rules(page)
    page.screenshot(path=str(ART / "retreat.png"))


def test_attack_odds_then_advance(page, capsys):
    page.click('#asks button[data-ask="odds"]')
    click_hex(page, "0603")
    click_hex(page, "0403")
    answered(page, lambda: page.click("#ask-go"))
    want = cli(capsys, "odds")
    text = page.inner_text("#answer")
    assert f"odds {want['ratio']}" in text
    for s in want["shifts"]:
        assert s["what"] in text
    assert lit(page, "defender") == {"0603"}
    page.screenshot(path=str(ART / "odds.png"))
    page.click('#follow button[data-follow="advance"]')
    assert page.inner_text('#form [data-pick="vacated"]') == "0603"
    assert page.inner_text('#form [data-pick="units"]') == "14Pz"
    # suppose the defender left: the question is asked for the demo's vacated hex 0504
    page.click('#form [data-pick="vacated"]')
    click_hex(page, "0504")
    page.fill('#form input[name="allowance"]', "4")
    page.dispatch_event('#form input[name="allowance"]', "change")
    answered(page, lambda: page.click("#ask-go"))
    adv = cli(capsys, "advance")
    assert lit(page, "end") == {o["hex"] for u in adv["units"] for o in u["options"]}
    page.screenshot(path=str(ART / "advance.png"))


@pytest.mark.parametrize("ask", ["retreat-path", "advance-path"])
def test_may_it_go_along_this_path(page, capsys, ask):
    params = next(q[1] for q in QUESTIONS if q[0] == ask)
    page.click(f'#asks button[data-ask="{ask}"]')
    page.select_option('#form select[name="unit"]', params["unit"])
    for h in params["path"]:
        click_hex(page, h)
    answered(page, lambda: page.click("#ask-go"))
    want = cli(capsys, ask)
    first = page.inner_text("#answer li:first-child")
    assert first.startswith("yes" if want["allowed"] else "no")
    assert set(want["rules"]) <= listed_rules(page)
    kind = "allowed" if want["allowed"] else "refused"
    assert page.query_selector(f'#paths [data-kind="{kind}"]')
    page.screenshot(path=str(ART / f"{ask}.png"))


def test_move_the_whole_path(page, capsys):
    params = next(q[1] for q in QUESTIONS if q[0] == "move")
    page.click('#asks button[data-ask="move"]')
    page.select_option('#form select[name="unit"]', params["unit"])
    for h in params["path"]:
        click_hex(page, h)
    answered(page, lambda: page.click("#ask-go"))
    want = cli(capsys, "move")
    assert page.inner_text("#answer li:first-child").startswith(
        "yes" if want["allowed"] else "no")
    assert set(want["rules"]) <= listed_rules(page)
    refusal = next(f for f in want["findings"] if f["refuses"])
    step = int(refusal["text"].split(",")[0].split()[1])
    places = [want["from"], *params["path"]]
    assert lit(page, "refused") == {places[step]}
    drawn = page.query_selector('#paths [data-kind="allowed"]').get_attribute("data-hexes")
    assert drawn.split() == places[:step]
    page.screenshot(path=str(ART / "move-path.png"))


def test_switching_a_reading_reasks_and_marks_changes(page, capsys):
    answered(page, lambda: click_hex(page, "0605"))
    page.click('#asks button[data-ask="retreat"]')
    answered(page, lambda: page.click("#ask-go"))
    rules = {e.get_attribute("data-rule") for e in page.query_selector_all(
        "#readings select[data-rule]")}
    assert {"12.1.3", "12.2"} <= rules
    before = lit(page, "safe", "loses-steps", "eliminated")
    answered(page, lambda: page.select_option('#readings select[data-rule="12.2"]', "farther"))
    want = run(capsys, "retreats", str(demo_path()), "--hex", "0605", "--length", "2",
               "--reading", "12.2=farther", "--json").json
    after = lit(page, "safe", "loses-steps", "eliminated")
    assert after == {o["end"] for o in want["options"]}
    marked = {e.get_attribute("data-hex") for e in page.query_selector_all("#changed polygon")}
    assert marked and marked <= before | after
    assert page.inner_text("#changes").startswith("Changed by the reading")
    assert page.query_selector_all("#answer li.changed")
    assert page.eval_on_selector('#readings select[data-rule="12.2"]', "e => e.value") == "farther"
    page.screenshot(path=str(ART / "reading.png"))


def test_zoom_and_pan(page):
    before = page.get_attribute("#map", "viewBox")
    page.click("#zin")
    after = page.get_attribute("#map", "viewBox")
    assert float(after.split()[2]) < float(before.split()[2])
    page.mouse.move(300, 500)
    page.mouse.down()
    page.mouse.move(420, 560, steps=5)
    page.mouse.up()
    assert page.get_attribute("#map", "viewBox").split()[:2] != after.split()[:2]


def test_drag_edit_undo_download(page, capsys, tmp_path):
    box = page.query_selector('#units .counter[data-unit="14Pz"]').bounding_box()
    target = page.query_selector('#terrain polygon.hex[data-hex="0404"]').bounding_box()
    loaded = page.get_attribute("body", "data-loaded")
    page.mouse.move(box["x"] + 10, box["y"] + 10)
    page.mouse.down()
    page.mouse.move(target["x"] + target["width"] / 2, target["y"] + target["height"] / 2,
                    steps=8)
    page.mouse.up()
    page.wait_for_function(f"document.body.getAttribute('data-loaded') !== {json.dumps(loaded)}")
    assert page.get_attribute('#units .counter[data-unit="14Pz"]', "data-hex") == "0404"
    click_hex(page, "0404")
    page.select_option('#stack [data-unit="14Pz"] select[data-edit="status"]', "disrupted")
    page.wait_for_function("document.body.getAttribute('data-loaded').endsWith(':2')")
    with page.expect_download() as dl:
        page.click("#download")
    path = tmp_path / "edited.yaml"
    dl.value.save_as(path)
    out = run(capsys, "validate", str(path), "--json")
    assert out.code == 0, out.err
    page.screenshot(path=str(ART / "edited.png"))
    page.click("#undo")
    page.wait_for_function("document.body.getAttribute('data-loaded').endsWith(':1')")
    page.click("#undo")
    page.wait_for_function("document.body.getAttribute('data-loaded').endsWith(':0')")
    assert page.get_attribute('#units .counter[data-unit="14Pz"]', "data-hex") == "0403"


def test_upload_errors_show_lines(page, tmp_path):
    bad = tmp_path / "broken.yaml"
    bad.write_text(demo_path().read_text().replace("attack: 8,", "attack: many,"))
    page.set_input_files("#upload", str(bad))
    page.wait_for_selector("#problems")
    text = page.inner_text("#problems")
    assert "broken.yaml:121:" in text and "attack" in text
    page.screenshot(path=str(ART / "upload-error.png"))


def test_rule_link_opens_the_section_or_says_how_to_build(page, server):
    answered(page, lambda: click_hex(page, "0605"))
    href = page.get_attribute('#answer a.rule[data-rule="6.1"]', "href")
    page.goto(server.rstrip("/") + href)
    if "/docs/" in page.url:  # the rules site is built: the section's own page
        assert page.query_selector("#rule-s42-6-1")
    else:
        assert "make docs" in page.inner_text("body")


# -- the other games: each game's board, what it draws checked against its CLI JSON ----------


def game_demo(game):
    from adjudicator.games import get_game

    return str(get_game(game).demo_path)


def open_game(pg, server, game):
    pg.goto(server + f"?open=demo:{game}")
    pg.wait_for_function(f"window.board.board && window.board.board.game === '{game}'",
                         timeout=60_000)
    pg.wait_for_selector("body[data-loaded]")


def game_cli(capsys, *args):
    out = run(capsys, *args, "--json")
    assert out.code == 0, out.err
    return out.json


def ask_form(pg, ask, hexes=(), fields=None):
    pg.click(f'#asks button[data-ask="{ask}"]')
    for name, value in (fields or {}).items():
        if pg.query_selector(f'#form select[name="{name}"]'):
            pg.select_option(f'#form select[name="{name}"]', value)
        else:
            pg.fill(f'#form input[name="{name}"]', str(value))
            pg.dispatch_event(f'#form input[name="{name}"]', "change")
    for pick, places in hexes:
        pg.click(f'#form [data-pick="{pick}"]')
        for h in places:
            click_hex(pg, h)
    answered(pg, lambda: pg.click("#ask-go"))
    return pg.evaluate("window.board.reply")


def test_kb42_click_a_stack_supply_line_and_zoc(page, server, capsys):
    open_game(page, server, "kb42")
    answered(page, lambda: click_hex(page, "KB3619"))
    sup = game_cli(capsys, "supply", game_demo("kb42"), "--side", "soviet")
    line = next(u for u in sup["units"] if u["unit"] == "15tk")
    drawn = page.query_selector('#paths [data-kind="supply"]').get_attribute("data-hexes")
    assert drawn.split() == line["line"]
    zoc = game_cli(capsys, "zoc", game_demo("kb42"))
    from adjudicator.scenario import load_scenario

    sc = load_scenario(game_demo("kb42"))
    assert {"hex": "KB3619", "side": "soviet", "rules": ["2.4"]} in zoc["exerts"]
    blocked = {b["into"] for b in zoc["blocked"] if b["from"] == "KB3619"
               and b["purpose"] == "movement"}
    want = {n for n in sc.grid.neighbours("KB3619")
            if "soviet" in zoc["controls"]["movement"].get(n, []) and n not in blocked}
    assert want and lit(page, "zoc") == want
    assert set(line["rules"]) <= listed_rules(page)
    assert page.get_attribute('#answer a.rule[data-rule="2.4"]', "href") == "/rules/kb42/2.4"
    page.screenshot(path=str(ART / "kb42-click.png"))


def test_kb42_retreat_attacks_and_advance(page, server, capsys):
    open_game(page, server, "kb42")
    answered(page, lambda: click_hex(page, "KB3516"))
    r = ask_form(page, "retreat", [("attackers", ["KB3617"])], {"length": 2})
    want = game_cli(capsys, "retreats", game_demo("kb42"), "--hex", "KB3516", "--length", "2",
                    "--attackers", "KB3617")
    assert r["answer"] == want
    first = {}
    for o in want["retreats"]:
        if o["allowed"] and o["end"] not in first:
            first[o["end"]] = ("eliminated" if o["eliminated"] else
                               "loses-steps" if o["steps"] else "safe")
    for fate in ("safe", "loses-steps", "eliminated"):
        assert lit(page, fate) == {h for h, f in first.items() if f == fate}, fate
    assert set(want["rules"]) <= listed_rules(page)
    page.screenshot(path=str(ART / "kb42-retreat.png"))
    r = ask_form(page, "attacks", [("units", ["KB3518"])])
    want = game_cli(capsys, "attacks", game_demo("kb42"), "--units",
                    ",".join(r["params"]["units"]))
    may = {h for hs in want["may_attack"].values() for h in hs} - set(want["must_attack"])
    assert lit(page, "may") == may and lit(page, "must") == set(want["must_attack"])
    r = ask_form(page, "advance", [("path", ["KB3618", "KB3519"]),
                                   ("units", ["KB3619", "KB3617"])], {"allowance": 2})
    want = game_cli(capsys, "advances", game_demo("kb42"), "--path", "KB3618,KB3519",
                    "--units", ",".join(r["params"]["units"]), "--allowance", "2")
    assert r["answer"] == want
    assert lit(page, "end") == {h for u in want["units"] for h in u["ends"]}
    page.screenshot(path=str(ART / "kb42-advance.png"))


def test_eak_click_steps_and_bot_terms(page, server, capsys):
    open_game(page, server, "eak")
    answered(page, lambda: click_hex(page, "1007"))
    zoc = game_cli(capsys, "zoc", game_demo("eak"))
    steps = next(u for u in zoc["units"] if u["unit"] == "62GRD")["steps"]
    assert lit(page, "refused") == {s["hex"] for s in steps if not s["allowed"]}
    assert lit(page, "allowed") == {s["hex"] for s in steps if s["allowed"] and not s["stop"]}
    page.screenshot(path=str(ART / "eak-click.png"))
    answered(page, lambda: click_hex(page, "0907"))
    r = ask_form(page, "terms")
    want = game_cli(capsys, "bot", "terms", game_demo("eak"), "--hex", "0907")
    assert r["answer"] == want
    assert lit(page, "open") == {h for u in want["units"] for h in u["open_hexes"]}
    assert "9.3" in listed_rules(page)
    assert page.query_selector('#readings .reading[data-rule="9.3"]')
    page.screenshot(path=str(ART / "eak-terms.png"))


def test_sos_line_of_sight_and_spotting(page, server, capsys):
    open_game(page, server, "sos")
    r = ask_form(page, "los", [("from", ["0404"]), ("to", ["0703"])])
    want = game_cli(capsys, "los", game_demo("sos"), "--from", "0404", "--to", "0703")
    assert r["answer"] == want
    kind = "los-clear" if want["los"] == "clear" else "los-blocked"
    assert page.query_selector(f'#paths [data-kind="{kind}"]').get_attribute(
        "data-hexes") == "0404 0703"
    assert lit(page, "refused") == {b["where"] for b in want["blockers"] if b["kind"] == "hex"}
    assert set(want["rules"]) <= listed_rules(page)
    page.screenshot(path=str(ART / "sos-los.png"))
    r = ask_form(page, "spotted", fields={"side": "german"})
    want = game_cli(capsys, "spotted", game_demo("sos"), "--side", "german")
    assert r["answer"] == want
    assert lit(page, "spotted") == {t["hex"] for t in want["targets"] if t["spotted"]}
    assert lit(page, "unspotted") == {t["hex"] for t in want["targets"] if not t["spotted"]}
    page.screenshot(path=str(ART / "sos-spotted.png"))


def test_p2p_graph_moves_lit_and_whole_path_checked(page, server, capsys):
    open_game(page, server, "p2p")
    cap = game_cli(capsys, "capacity", game_demo("p2p"))
    assert len(page.query_selector_all("#terrain .point")) == 36
    labels = {e.get_attribute("data-line"): e.text_content()
              for e in page.query_selector_all("#features text.linelabel")}
    for x in cap["lines"]:
        used = x["used"]
        if used == int(used):
            assert labels[str(x["line"])].startswith(f"{int(used)}/{x['capacity']} ")
    page.click('#terrain .point[data-hex="Minsk"]', force=True)
    page.wait_for_function("window.board.reply && window.board.reply.ask === 'point'")
    ends = set()
    for uid in ("3Pz", "4Pz", "7Pz", "SS-R"):
        ends |= {o["to"] for o in game_cli(capsys, "moves", game_demo("p2p"),
                                           "--unit", uid)["may_go"]}
    assert lit(page, "allowed") == ends
    page.hover('#terrain .point[data-hex="Borisov"]', force=True)
    assert page.query_selector_all("#hoverpaths .path.show")
    page.screenshot(path=str(ART / "p2p-point.png"))
    r = ask_form(page, "check", [("path", ["Borisov", "Smolensk"])], {"unit": "3Pz"})
    assert r["answer"]["allowed"] is False
    assert page.inner_text("#answer li:first-child").startswith("no")
    assert set(r["answer"]["rules"]) <= listed_rules(page)
    assert lit(page, "refused") == {"Smolensk"}
    page.screenshot(path=str(ART / "p2p-check.png"))
