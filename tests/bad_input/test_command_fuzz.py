"""Random option values thrown at every command on the bundled demo position.

Each example runs one command through the real CLI (in-process) with options drawn from a
mix of good values (the demo's units and hexes), near misses (typos, wrong case) and junk
(empty, huge, negative, punctuation, any text). Whatever it is given, a command answers
(exit 0; with ``--json`` exactly one JSON object) or refuses with exit 2 and clear
``FILE:LINE: PATH: message`` lines, never a traceback or the last-resort "internal
error". The harness bounds each example in time (``--time-limit`` on every solve, and an
alarm that fails the example), and checks that no input file was changed.

The default profile tries a few examples per command; ``HYPOTHESIS_PROFILE=fuzz`` (CI)
tries many more.
"""

from __future__ import annotations

import contextlib
import io
import json
import re
import shutil
import signal
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from adjudicator.cli import main
from adjudicator.games import get_game

ROOT = Path(__file__).parents[2]
DEMO = get_game("s42").demo_path

UNITS = ["14Pz", "76Inf", "295Inf", "389Inf", "60Mot", "Art1", "62A-33", "62A-181", "13TC",
         "64A-29", "4CC", "SP1", "21A-76"]
HEXES = ["0403", "0404", "0405", "0503", "0504", "0505", "0603", "0604", "0605", "0702",
         "0805", "E", "W"]
#: Each example's bound: the solve limit handed to the command, and a harder alarm.
TIME_LIMIT = 30
ALARM = 90
#: Examples per command: 3 with the default profile (the whole file in well under 30 s), a
#: twentieth of the profile's count with the others (25 with "fuzz", as CI runs it); the
#: commands that load the whole rulebook or run every query get a third as many.
EXAMPLES = 3 if settings.default.max_examples <= 60 else settings.default.max_examples // 20
SLOW_COMMANDS = ("rules", "search", "kb check", "demo")

PROBLEM = re.compile(r"^.+:-?\d+: .+: .+$")


class TookTooLong(BaseException):
    """Raised by the alarm; a BaseException, so that no command's handler hides it."""


# -- value strategies ----------------------------------------------------------------------

JUNK = st.one_of(
    st.text(max_size=12),
    st.sampled_from(["", " ", ",", ",,", "-1", "0", "1e9", "999999999999999999999", "nan",
                     "::", "=", "*", "a=b", "--help", "0405,", "\\", "'", "\u00e9", "\x00",
                     "None", "null", "[]", "{}", "14Pz 76Inf"]),
)
INT = st.one_of(st.integers(-5, 12), st.sampled_from([10**9, -10**9, 2**63, 2**64]),
                st.integers()).map(str)
UNIT = st.one_of(st.sampled_from(UNITS), st.sampled_from(["14pz", "NOPE", "62a-33"]))
HEX = st.one_of(st.sampled_from(HEXES), st.sampled_from(["0000", "9999", "06x3", "1010"]))


def ids(unit=UNIT):
    return st.lists(unit, max_size=4).map(",".join)


def some(strategy):
    """Mostly the strategy, sometimes junk."""
    return st.one_of(strategy, strategy, strategy, JUNK)


SIDE = some(st.sampled_from(["axis", "soviet", "Axis", "sovet"]))
READING = some(st.sampled_from(["7.1=vacant", "7.1=enemy-only", "7.1", "9.9=x", "7.1=vacnt"]))
ROLLS = some(st.lists(st.integers(-1, 8), min_size=1, max_size=4).map(
    lambda xs: ",".join(map(str, xs))))
MOVE = some(st.tuples(UNIT, ids(HEX)).map(lambda t: f"{t[0]}={t[1]}"))
MODE = some(st.sampled_from(["normal", "limited", "delay", "auto-ds", "limted"]))
FLAG = st.just(None)  # an option without a value


def options(spec: dict[str, st.SearchStrategy]) -> st.SearchStrategy[list[str]]:
    """Any subset of the options, each with a drawn value (a flag has none)."""
    names = sorted(spec)
    if not names:
        return st.just([])

    @st.composite
    def build(draw):
        chosen = draw(st.lists(st.sampled_from(names), unique=True, max_size=len(names)))
        out: list[str] = []
        for name in chosen:
            value = draw(spec[name])
            out += [name] if value is None else [name, value]
        return out

    return build()


def paths(files: dict[str, Path]) -> st.SearchStrategy[str]:
    """Output paths: fresh files, existing ones, the inputs, folders, devices."""
    return st.sampled_from([
        str(files["dir"] / "out.yaml"), str(files["dir"] / "out.svg"),
        str(files["dir"] / "out.json"), str(files["existing"]), str(files["demo"]),
        str(files["dir"]), str(files["dir"] / "missing" / "x.yaml"), "/dev/full",
        "/dev/null", "", str(files["dir"] / "log.jsonl"),
    ])


def commands(files: dict[str, Path]) -> dict[str, st.SearchStrategy[list[str]]]:
    demo = str(files["demo"])
    out = paths(files)
    scenario = st.one_of(st.just(demo), st.just(demo), st.just(demo), st.sampled_from(
        [str(files["dir"]), str(files["dir"] / "nothing.yaml"), "/dev/null",
         str(files["choices_bad"])]))
    choices = st.sampled_from([str(files["choices_good"]), str(files["choices_bad"]),
                               str(files["dir"]), str(files["demo"])])
    combat = {
        "--defender-hex": some(HEX), "--attackers": some(ids()), "--air": FLAG,
        "--air-nation": some(st.sampled_from(["german", "romanian"])),
        "--artillery": some(ids()), "--planned-offensive": some(INT),
        "--reroll": some(UNIT), "--roll": ROLLS, "--seed": some(INT),
        "--choices": choices, "--use-die": some(INT), "--attacker-loss": some(UNIT),
        "--defender-loss": some(UNIT), "--dd": FLAG, "--no-dd": FLAG, "--lead": some(UNIT),
        "--support": some(UNIT), "--desperate": FLAG, "--dd-reroll": some(UNIT),
        "--reading": READING,
    }
    table = {
        "validate": {},
        "zoc": {},
        "bonds": {"--reading": READING},
        "supply": {"--side": SIDE, "--reading": READING},
        "attrition": {"--side": SIDE, "--seed": some(INT), "--rolls": ROLLS,
                      "--reading": READING},
        "show": {"--svg": out, "--layer": some(st.sampled_from(
            ["zoc", "bonds", "supply", "retreat", "advance", "zocs"])),
            "--retreat-hex": some(HEX), "--length": some(INT), "--vacated": some(HEX),
            "--allowance": some(INT), "--units": some(ids()), "--side": SIDE, "--force": FLAG},
        "odds": {k: combat[k] for k in ("--defender-hex", "--attackers", "--air",
                                        "--air-nation", "--artillery", "--reading")},
        "combat": combat,
        "apply": {**combat, "--out": out, "--log": out, "--retreat": MOVE, "--advance": MOVE,
                  "--force": FLAG},
        "replay": {"--out": out, "--seed": some(INT), "--force": FLAG},
        "rally": {"--side": SIDE, "--keep-full-retreat": some(ids()), "--roll": ROLLS,
                  "--seed": some(INT), "--out": out, "--force": FLAG},
        "disengage": {"--units": some(ids()), "--stack": FLAG, "--retreat": MOVE,
                      "--reroll": some(UNIT), "--roll": ROLLS, "--seed": some(INT),
                      "--out": out, "--force": FLAG},
        "advances": {"--vacated": some(HEX), "--allowance": some(INT), "--units": some(ids()),
                     "--attackers": some(ids()), "--shifted": some(ids()),
                     "--spent": some(ids()), "--reserves": some(ids()), "--mode": MODE,
                     "--path": some(st.tuples(UNIT, ids(HEX)).map(":".join)),
                     "--reading": READING},
        "breakthrough": {"--vacated": some(HEX), "--allowance": some(INT),
                         "--group": some(ids()), "--attackers": some(ids()), "--mode": MODE,
                         "--at": some(HEX), "--left": some(INT), "--attacked": some(ids(HEX)),
                         "--reading": READING},
        "retreats": {"--hex": some(HEX), "--length": some(INT), "--attackers": some(ids(HEX)),
                     "--phase": some(st.sampled_from(["combat", "breakthrough", "movement"])),
                     "--side": SIDE, "--no-supply": FLAG, "--reading": READING},
        "check": {"--enter": some(st.tuples(UNIT, HEX).map(":".join)),
                  "--advance": some(st.tuples(UNIT, ids(HEX)).map(":".join)),
                  "--retreat": some(st.tuples(UNIT, ids(HEX), INT).map(":".join)),
                  "--reading": READING},
    }
    out_cmds: dict[str, st.SearchStrategy[list[str]]] = {}
    for name, spec in table.items():
        first = st.just(str(files["replay"])) if name == "replay" else scenario
        out_cmds[name] = st.tuples(first, options(spec)).map(
            lambda t, name=name: [name, t[0], *t[1]])
    out_cmds["weather"] = options({
        "--season": some(st.sampled_from(["summer", "early-fall", "rasputitsa", "winter"])),
        "--turn": some(INT), "--previous": some(st.sampled_from(["rain", "snow", "clear"])),
        "--position": scenario, "--roll": ROLLS, "--seed": some(INT), "--out": out,
        "--force": FLAG}).map(lambda o: ["weather", *o])
    out_cmds["generate"] = options({
        "--seed": some(INT), "--cols": some(st.integers(-1, 12).map(str)),
        "--rows": some(st.integers(-1, 12).map(str)),
        "--units": some(st.integers(-1, 40).map(str)), "--small": FLAG, "--force": FLAG,
        "--out": out}).map(lambda o: ["generate", *o])
    out_cmds["rules"] = st.tuples(some(st.sampled_from(["12.2", "7.1", "99.9", "s42:6.1"])),
                                  options({"--game": some(st.sampled_from(["s42", "sos", "x"])),
                                           "--search": some(st.just("supply")),
                                           "--limit": some(INT)})).map(
        lambda t: ["rules", t[0], *t[1]])
    out_cmds["search"] = st.tuples(JUNK, options({"--game": some(st.sampled_from(["s42", "x"])),
                                                  "--limit": some(INT)})).map(
        lambda t: ["search", t[0], *t[1]])
    out_cmds["kb ingest"] = st.tuples(
        st.sampled_from([str(ROOT / "README.md"), str(files["dir"]), "/dev/null",
                         str(files["dir"] / "nothing.txt"), str(files["existing"])]),
        options({"--game": some(st.sampled_from(["t", "s42", "A b", ""])),
                 "--out": st.sampled_from([str(files["dir"]), str(files["dir"] / "missing"),
                                           str(files["existing"]), "/dev/null"]),
                 "--style": some(st.sampled_from(["lines", "inline", "lettered"])),
                 "--force": FLAG})).map(lambda t: ["kb", "ingest", t[0], *t[1]])
    out_cmds["kb check"] = options({"--game": some(st.sampled_from(["s42", "sos", "x"]))}).map(
        lambda o: ["kb", "check", *o])
    out_cmds["demo"] = scenario.map(lambda f: ["demo", f])
    return out_cmds


# -- the harness ------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def files(tmp_path_factory) -> dict[str, Path]:
    d = tmp_path_factory.mktemp("fuzz")
    demo = d / "demo.yaml"
    shutil.copy(DEMO, demo)
    (d / "choices_good.yaml").write_text("dd: false\nretreat: {62A-33: ['0604', '0605']}\n")
    (d / "choices_bad.yaml").write_text("dd: maybe\nattacker_losses: {a: 1}\nlead: [[1]]\n")
    (d / "existing.yaml").write_text("keep: me\n")
    (d / "replay.yaml").write_text(
        "start: demo.yaml\nseed: 3\nactions:\n  - rally: {side: soviet}\n"
        "  - combat: {defender_hex: '0603', attackers: 14Pz}\n  - weather: {}\n")
    return {"dir": d, "demo": demo, "choices_good": d / "choices_good.yaml",
            "choices_bad": d / "choices_bad.yaml", "existing": d / "existing.yaml",
            "replay": d / "replay.yaml"}


def _alarm(signum, frame):
    raise TookTooLong(f"the example ran longer than {ALARM} s")


def run_cli(args: list[str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    old = signal.signal(signal.SIGALRM, _alarm)
    signal.alarm(ALARM)
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                main(["--time-limit", str(TIME_LIMIT), *args])
                code = 0
            except SystemExit as exc:
                code = exc.code if isinstance(exc.code, int) else 1
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)
    return code, out.getvalue(), err.getvalue()


def check_contract(args: list[str], code: int, out: str, err: str) -> None:
    shown = f"adjudicator {' '.join(map(repr, args))}\n--- stdout\n{out[:2000]}\n--- stderr\n" \
            f"{err[:2000]}"
    assert code in (0, 2), shown
    assert "Traceback" not in out + err, shown
    assert "(internal error)" not in err, shown
    as_json = "--json" in args and "--help" not in args
    if code == 2:
        lines = err.strip().splitlines()
        if "Usage:" not in err:  # (a group named without a command prints its help)
            assert lines and all(PROBLEM.match(x) or x.startswith("... and ")
                                 for x in lines), shown
        if as_json:
            data = json.loads(out)
            assert isinstance(data, dict) and data["errors"], shown
    elif as_json:
        assert isinstance(json.loads(out), dict), shown


@pytest.mark.parametrize("command", [
    "validate", "zoc", "bonds", "supply", "attrition", "show", "odds", "combat", "apply",
    "replay", "rally", "disengage", "advances", "breakthrough", "retreats", "check",
    "weather", "generate", "rules", "search", "kb ingest", "kb check", "demo",
])
def test_random_options_never_crash(files, command):
    if command == "demo" and EXAMPLES == 3:
        pytest.skip("demo runs every query (several seconds): tried with the fuzz profile")
    before = {p: p.read_bytes() for p in (files["demo"], files["replay"],
                                          files["choices_good"], files["choices_bad"])}
    strategy = commands(files)[command]

    n = max(1, EXAMPLES // 3) if command in SLOW_COMMANDS else EXAMPLES

    @settings(max_examples=n, deadline=None,
              suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
    @given(args=strategy, as_json=st.booleans())
    def one(args, as_json):
        args = [*args, "--json"] if as_json else list(args)
        code, out, err = run_cli(args)
        check_contract(args, code, out, err)
        for p, data in before.items():
            assert p.read_bytes() == data, f"{p} was changed by {args}"

    one()
