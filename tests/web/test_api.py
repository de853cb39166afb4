"""The board's server: answers equal to the CLI's JSON, editing, and safety by default."""

from __future__ import annotations

import json
import os
import warnings

import pytest
from board_questions import GAME_QUESTIONS, QUESTIONS, demo_path
from cli_helpers import run

from adjudicator.commands.serve import is_loopback
from adjudicator.errors import InputError
from adjudicator.limits import MAX_FILE_BYTES
from adjudicator.scenario import parse_scenario
from adjudicator.web.app import Config, create_app

with warnings.catch_warnings():  # the test client's note on its HTTP library
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


@pytest.fixture(scope="module")
def client():
    with TestClient(create_app(Config()), base_url="http://127.0.0.1") as c:
        yield c


@pytest.fixture(scope="module")
def games():
    """Another server for the other games' positions, each opened once: (client, open)."""
    with TestClient(create_app(Config()), base_url="http://127.0.0.1") as c:
        pids: dict[str, str] = {}

        def open_(game: str) -> str:
            if game not in pids:
                r = c.post("/api/open", json={"key": f"demo:{game}"})
                assert r.status_code == 200, r.text
                pids[game] = r.json()["id"]
            return pids[game]

        yield c, open_


@pytest.fixture(scope="module")
def pid(client):
    r = client.post("/api/open", json={"key": "demo:s42"})
    assert r.status_code == 200, r.text
    return r.json()["id"]


def test_index_and_demo_listed(client):
    assert "board.js" in client.get("/").text
    keys = [s["key"] for s in client.get("/api/sources").json()["sources"]]
    assert "demo:s42" in keys


def test_board_geometry_is_the_renderers(client, pid):
    from adjudicator.render import Geometry
    from adjudicator.scenario import load_scenario

    b = client.get(f"/api/position/{pid}").json()
    sc = load_scenario(demo_path())
    g = Geometry(sc)
    first = b["hexes"][0]
    assert first["c"] == [round(v, 1) for v in g.centre(first["id"])]
    assert len(b["hexes"]) == len(sc.map.hexes) and len(b["units"]) == len(sc.units)
    assert {a["name"] for a in b["asks"]} >= {q[0] for q in QUESTIONS}


@pytest.mark.parametrize("ask,params,cli", QUESTIONS, ids=[q[0] for q in QUESTIONS])
def test_answer_is_the_cli_json(client, pid, capsys, ask, params, cli):
    r = client.post(f"/api/position/{pid}/ask", json={"ask": ask, "params": params})
    assert r.status_code == 200, r.text
    data = r.json()
    assert data["rules"] and all(isinstance(x, str) for x in data["rules"])
    if cli is None:  # the click on a hex: the zoc, bonds and supply commands together
        for part, args in (("zoc", ["zoc"]), ("bonds", ["bonds"]),
                           ("supply", ["supply", "--side", "soviet"])):
            out = run(capsys, *args[:1], str(demo_path()), *args[1:], "--json")
            assert out.code == 0, out.err
            assert data["answer"][part] == out.json, part
        return
    args = [str(demo_path()) if a == "FILE" else a for a in cli]
    out = run(capsys, *args, "--json")
    assert out.code == 0, out.err
    assert data["answer"] == out.json


@pytest.mark.parametrize("game,ask,params,cli", GAME_QUESTIONS,
                         ids=[f"{q[0]}-{q[1]}" for q in GAME_QUESTIONS])
def test_every_games_answer_is_its_cli_json(games, capsys, game, ask, params, cli):
    from adjudicator.games import get_game

    client, open_ = games
    path = str(get_game(game).demo_path)
    pid = open_(game)
    r = client.post(f"/api/position/{pid}/ask", json={"ask": ask, "params": params})
    assert r.status_code == 200, r.text
    data = r.json()
    assert data["rules"] and all(isinstance(x, str) for x in data["rules"])
    assert data["lines"] and all(ln["text"] for ln in data["lines"])
    parts = cli if isinstance(cli[0], tuple) else [(None, cli)]
    for part, args in parts:
        out = run(capsys, *[path if a == "FILE" else a for a in args], "--json")
        assert out.code == 0, out.err
        assert (data["answer"][part] if part else data["answer"]) == out.json, part


def test_graph_board_draws_points_lines_and_loads(games, capsys):
    from adjudicator.games import get_game

    client, _ = games
    path = str(get_game("p2p").demo_path)
    b = client.post("/api/open", json={"key": "demo:p2p"}).json()
    assert b["kind"] == "graph" and not b["hexes"]
    out = run(capsys, "capacity", path, "--json")
    assert out.code == 0, out.err
    loads = {x["line"]: x for x in out.json["lines"]}
    assert len(b["lines"]) == len(loads)
    for ln in b["lines"]:
        assert ln["label"].split("/")[1].split()[0] == str(loads[ln["id"]]["capacity"])
        assert len(ln["points"]) == 2
    ids = {p["id"] for p in b["points"]}
    assert {"Minsk", "west", "siberia"} <= ids and all(u["hex"] in ids for u in b["units"])
    a = client.post(f"/api/position/{b['id']}/ask",
                    json={"ask": "point", "params": {"point": "Smolensk"}}).json()
    assert "no axis unit at Smolensk" in a["lines"][0]["text"]
    a = client.post(f"/api/position/{b['id']}/ask",
                    json={"ask": "check", "params": {"unit": "3Pz", "path": ["Borisov"]}}).json()
    assert a["answer"]["allowed"] and a["draw"]["paths"][0]["hexes"] == ["Minsk", "Borisov"]
    moved = client.post(f"/api/position/{b['id']}/edit",
                        json={"op": "move", "unit": "3Pz", "to": "Borisov"}).json()
    assert next(u for u in moved["units"] if u["id"] == "3Pz")["hex"] == "Borisov"
    bad = client.post(f"/api/position/{b['id']}/edit",
                      json={"op": "set", "unit": "3Pz", "dispersed": True})
    assert bad.status_code == 422 and "not a field the board edits" in bad.text


@pytest.mark.parametrize("game,ask,params,rule", [
    ("kb42", "hex", {"hex": "KB3617"}, "7.14"),
    ("sos", "los", {"from": "0404", "to": "0703"}, "14.26"),
    ("p2p", "capacity", {}, "12.A#counted"),
])
def test_every_games_readings_are_listed_and_switch(games, game, ask, params, rule):
    from adjudicator.games import get_game

    client, open_ = games
    pid = open_(game)
    body = {"ask": ask, "params": params}
    a = client.post(f"/api/position/{pid}/ask", json=body).json()
    touched = {t["rule"]: t for t in a["touched"]}
    assert rule in touched
    other = next(r["name"] for r in get_game(game).readings()[rule]
                 if r["name"] != touched[rule]["chosen"])
    b = client.post(f"/api/position/{pid}/ask", json={**body, "readings": {rule: other}})
    assert b.status_code == 200, b.text
    b = b.json()
    assert b["readings"] == {rule: other}
    assert {t["rule"]: t for t in b["touched"]}[rule]["chosen"] == other


def test_readings_switch_changes_answer_and_are_listed(client, pid):
    body = {"ask": "hex", "params": {"hex": "0605"}}
    a = client.post(f"/api/position/{pid}/ask", json=body).json()
    rules = {t["rule"] for t in a["touched"]}
    assert "7.1" in rules
    b = client.post(f"/api/position/{pid}/ask",
                    json={**body, "readings": {"7.1": "vacant"}}).json()
    assert b["readings"] == {"7.1": "vacant"}
    assert b["answer"]["bonds"]["readings"].get("7.1") == "vacant"
    bad = client.post(f"/api/position/{pid}/ask", json={**body, "readings": {"7.1": "nope"}})
    assert bad.status_code == 422 and "no reading 'nope'" in bad.text


def test_edit_move_status_steps_undo_and_download_validates(client, capsys, tmp_path):
    pid = client.post("/api/open", json={"key": "demo:s42"}).json()["id"]
    b = client.post(f"/api/position/{pid}/edit", json={"op": "move", "unit": "14Pz",
                                                        "to": "0404"}).json()
    assert next(u for u in b["units"] if u["id"] == "14Pz")["hex"] == "0404"
    b = client.post(f"/api/position/{pid}/edit", json={"op": "set", "unit": "76Inf",
                                                        "status": "disrupted", "steps": 1})
    u = next(u for u in b.json()["units"] if u["id"] == "76Inf")
    assert (u["status"], u["steps"]) == ("disrupted", 1)
    text = client.get(f"/api/position/{pid}/download").text
    path = tmp_path / "edited.yaml"
    path.write_text(text)
    out = run(capsys, "validate", str(path), "--json")
    assert out.code == 0, out.err
    sc = parse_scenario(text)
    assert sc.units_by_id["14Pz"].hex == "0404" and sc.units_by_id["76Inf"].steps == 1
    b = client.post(f"/api/position/{pid}/undo").json()
    assert b["undo"] == 1
    b = client.post(f"/api/position/{pid}/undo").json()
    assert next(u for u in b["units"] if u["id"] == "14Pz")["hex"] == "0403"
    assert client.post(f"/api/position/{pid}/undo").status_code == 422


@pytest.mark.parametrize("op,why", [
    ({"op": "move", "unit": "14Pz", "to": "9999"}, "not a place"),
    ({"op": "move", "unit": "nobody", "to": "0404"}, "no unit"),
    ({"op": "set", "unit": "14Pz", "status": "asleep"}, "status is one of"),
    ({"op": "set", "unit": "14Pz", "steps": 9}, "steps is a whole number"),
    ({"op": "fly", "unit": "14Pz"}, "op is"),
    ({"op": "move", "unit": "14Pz", "to": "0603"}, "29.1.1"),
])
def test_bad_edit_is_refused_and_changes_nothing(client, pid, op, why):
    r = client.post(f"/api/position/{pid}/edit", json=op)
    assert r.status_code == 422 and why in r.text, r.text
    b = client.get(f"/api/position/{pid}").json()
    assert next(u for u in b["units"] if u["id"] == "14Pz")["hex"] == "0403"


def test_upload_errors_have_line_numbers(client):
    text = demo_path().read_text().replace("attack: 8,", "attack: many,")
    r = client.post("/api/upload", json={"name": "mine.yaml", "text": text})
    assert r.status_code == 422
    d = r.json()["details"][0]
    assert d["file"] == "mine.yaml" and d["line"] > 100 and "attack" in d["path"]


def test_upload_good_file_opens(client):
    r = client.post("/api/upload", json={"name": "../../x/mine.yaml",
                                         "text": demo_path().read_text()})
    assert r.status_code == 200 and r.json()["name"] == "mine.yaml"


def test_upload_too_large_is_413(client):
    r = client.post("/api/upload", json={"name": "big.yaml", "text": "#" * (MAX_FILE_BYTES + 1)})
    assert r.status_code == 413


def test_upload_map_limits_as_for_files(client):
    units = "\n".join(f"  - {{id: u{i}, side: axis, hex: '0101', type: infantry, attack: 1, "
                      f"defense: 1, ma: 1}}" for i in range(5001))
    text = "game: s42\nmap:\n  hexes:\n    '0101': clear\nunits:\n" + units + "\n"
    r = client.post("/api/upload", json={"name": "many.yaml", "text": text})
    assert r.status_code == 422 and "units" in r.text


@pytest.mark.parametrize("body,status", [
    ({"ask": "nothing", "params": {}}, 422),
    ({"ask": "retreat", "params": {"hex": "9999"}}, 422),
    ({"ask": "retreat", "params": {"hex": "0605", "length": 9}}, 422),
    ({"ask": "retreat", "params": {"hex": "0605", "length": "2"}}, 422),
    ({"ask": "retreat", "params": {"hex": "0605", "file": "/etc/passwd"}}, 422),
    ({"ask": "odds", "params": {"defender": "0603", "attackers": ["ghost"]}}, 422),
    ({"ask": "hex", "params": []}, 422),
])
def test_bad_question_is_a_clear_4xx(client, pid, body, status):
    r = client.post(f"/api/position/{pid}/ask", json=body)
    assert r.status_code == status and r.json()["problems"], r.text


def test_malformed_requests(client, pid):
    url = f"/api/position/{pid}/ask"
    assert client.post(url, content=b"{", headers={"content-type": "application/json"}
                       ).status_code == 400
    assert client.post(url, content=b"[]", headers={"content-type": "application/json"}
                       ).status_code == 400
    assert client.post(url, content=b"ask=hex").status_code == 415
    big = json.dumps({"ask": "hex", "pad": "x" * 70_000})
    assert client.post(url, content=big, headers={"content-type": "application/json"}
                       ).status_code == 413
    assert client.post("/api/position/nope/ask", json={"ask": "hex"}).status_code == 404
    assert client.get(f"/api/position/{pid}/ask").status_code == 405
    assert client.get("/api/nothing").status_code == 404


def test_foreign_host_header_is_refused(client):
    assert client.get("/", headers={"host": "evil.example"}).status_code == 400


@pytest.fixture()
def folder(tmp_path):
    root = tmp_path / "positions"
    (root / "sub").mkdir(parents=True)
    (root / "a.yaml").write_text(demo_path().read_text())
    (root / "sub" / "b.yaml").write_text(demo_path().read_text())
    (root / "notes.txt").write_text("no")
    secret = tmp_path / "secret.yaml"
    secret.write_text(demo_path().read_text())
    os.symlink(secret, root / "link.yaml")
    os.symlink(tmp_path, root / "up")
    return root


def test_folder_serves_only_its_files(folder):
    with TestClient(create_app(Config(root=folder)), base_url="http://127.0.0.1") as c:
        keys = [s["key"] for s in c.get("/api/sources").json()["sources"]]
        assert keys == ["file:a.yaml", "file:sub/b.yaml"]
        assert c.post("/api/open", json={"key": "file:sub/b.yaml"}).status_code == 200
        for bad in ("file:../secret.yaml", "file:link.yaml", "file:up/secret.yaml",
                    "file:/etc/passwd", "file:notes.txt", "file:sub/../a.yaml",
                    "demo:s42", "file:.", "file:"):
            r = c.post("/api/open", json={"key": bad})
            assert r.status_code == 404, bad
        assert c.get("/static/../app.py").status_code == 404


def test_one_file_serves_only_it(folder):
    with TestClient(create_app(Config(root=folder / "a.yaml")),
                    base_url="http://127.0.0.1") as c:
        assert [s["key"] for s in c.get("/api/sources").json()["sources"]] == ["file:a.yaml"]
        assert c.post("/api/open", json={"key": "file:b.yaml"}).status_code == 404


def test_long_question_is_stopped():
    """The question's process is killed (not left running) and the position reopened."""
    config = Config()
    with TestClient(create_app(config), base_url="http://127.0.0.1") as c:
        pid = c.post("/api/open", json={"key": "demo:s42"}).json()["id"]
        worker = c.app.state.board.positions[pid]
        before = worker.process
        assert before.is_alive()
        config.time_limit = 0.001
        r = c.post(f"/api/position/{pid}/ask",
                   json={"ask": "retreat", "params": {"hex": "0603", "length": 4}})
        assert r.status_code == 503 and "stopped" in r.json()["error"]
        assert not before.is_alive() and before.exitcode is not None
        config.time_limit = 60
        assert c.get(f"/api/position/{pid}").status_code == 200
        assert worker.process is not before and worker.process.is_alive()
        r = c.post(f"/api/position/{pid}/ask",
                   json={"ask": "retreat", "params": {"hex": "0603", "length": 4}})
        assert r.status_code == 200 and r.json()["answer"]["hex"] == "0603"
    assert not worker.process or not worker.process.is_alive()


def test_rule_links_without_docs_say_how_to_build(tmp_path):
    with TestClient(create_app(Config(docs=tmp_path)), base_url="http://127.0.0.1") as c:
        r = c.get("/rules/s42/12.1.3")
        assert r.status_code == 200 and "make docs" in r.text
        assert c.get("/rules/s42/..%2Fetc").status_code == 404
        assert c.get("/rules/nogame/1.1").status_code == 404


def test_rule_links_go_to_the_built_page(tmp_path):
    (tmp_path / "_static").mkdir()
    (tmp_path / "index.html").write_text("<p>rules</p>")
    (tmp_path / "_static" / "rulemap.js").write_text(
        'var RULE_MAP = {"rules": {"s42:12.1.3": ["rules/s42/ch-12.html#s42-12-1-3", "x"]}};')
    with TestClient(create_app(Config(docs=tmp_path)), base_url="http://127.0.0.1") as c:
        r = c.get("/rules/s42/12.1.3", follow_redirects=False)
        assert r.status_code == 302
        assert r.headers["location"] == "/docs/rules/s42/ch-12.html#s42-12-1-3"
        assert c.get("/docs/index.html").status_code == 200
        assert c.get("/docs/../app.py").status_code == 404


def test_loopback_by_default_and_warning_for_other_hosts(monkeypatch, capsys):
    import uvicorn

    seen = {}
    monkeypatch.setattr(uvicorn, "run", lambda app, host, port, **kw: seen.update(
        host=host, port=port))
    out = run(capsys, "serve", "--port", "9911")
    assert out.code == 0 and seen == {"host": "127.0.0.1", "port": 9911}
    assert "http://127.0.0.1:9911/" in out.out and "warning" not in out.err
    out = run(capsys, "serve", "--host", "0.0.0.0")
    assert seen["host"] == "0.0.0.0" and "warning" in out.err
    assert is_loopback("::1") and is_loopback("localhost") and not is_loopback("10.0.0.1")
    out = run(capsys, "serve", "/no/such/folder")
    assert out.code == 2 and "no such file or folder" in out.err


def test_every_game_with_a_board_is_listed_and_opens(client):
    from adjudicator.games import game_ids

    keys = [s["key"] for s in client.get("/api/sources").json()["sources"]]
    assert sorted(keys) == [f"demo:{g}" for g in game_ids()] and keys[0] == "demo:s42"
    for key in keys:
        b = client.post("/api/open", json={"key": key})
        assert b.status_code == 200, b.text
        b = b.json()
        assert b["click"] in {a["name"] for a in b["asks"]}
        assert len(b["hexes"]) + len(b["points"]) > 0 and b["units"]


def test_a_game_without_a_board_is_neither_listed_nor_opened(client, monkeypatch):
    from adjudicator.games import get_game
    from adjudicator.web import app, session

    real = session.board_module

    def fake(game):
        return None if game.id == "p2p" else real(game)

    monkeypatch.setattr(session, "board_module", fake)
    monkeypatch.setattr(app, "board_module", fake)
    keys = [s["key"] for s in client.get("/api/sources").json()["sources"]]
    assert "demo:s42" in keys and "demo:p2p" not in keys
    text = get_game("p2p").demo_path.read_text()
    with pytest.raises(InputError) as exc:  # what a position's process does with an upload
        session.load_text(text, "graph.yaml")
    assert "does not show p2p positions" in exc.value.problems[0].message


def test_warm_up_then_a_paused_click_finds_its_retreat_prepared(client, capsys):
    """The status says when the warm-up is done; after a click on a stack and a pause,
    its retreat is answered from what the server prepared, the same answer as the CLI's."""
    import time

    r = client.post("/api/open", json={"key": "demo:s42"})
    pid = r.json()["id"]
    for _ in range(600):
        st = client.get(f"/api/position/{pid}/status").json()
        if st["warm"]:
            break
        time.sleep(0.05)
    assert st["warm"] and st["warm_ms"] > 0
    assert client.post(f"/api/position/{pid}/ask",
                       json={"ask": "hex", "params": {"hex": "0605"}}).json()["cached"] is False
    for _ in range(600):
        if client.get(f"/api/position/{pid}/status").json()["prepared"]:
            break
        time.sleep(0.05)
    got = client.post(f"/api/position/{pid}/ask",
                      json={"ask": "retreat", "params": {"hex": "0605", "length": 2}}).json()
    assert got["cached"] is True
    assert client.get(f"/api/position/{pid}/status").json()["prepared_used"] == 1
    want = run(capsys, "retreats", str(demo_path()), "--hex", "0605", "--length", "2",
               "--json").json
    assert got["answer"] == want
    # a question not prepared is answered on demand
    other = client.post(f"/api/position/{pid}/ask",
                        json={"ask": "retreat", "params": {"hex": "0605", "length": 3}}).json()
    assert other["cached"] is False


def test_kept_solver_answers_a_repeated_question_once():
    from adjudicator.scenario import load_scenario
    from adjudicator.web.session import KeptSolver

    sc = load_scenario(demo_path())
    s = KeptSolver("s42")
    first = s.solve(sc, "zoc")
    assert s.solve(sc, "zoc") is first
    other = sc.model_copy(update={"turn": sc.turn})  # another position object
    assert s.solve(other, "zoc") is not first
