"""The questions the board tests ask on the demo position, each with its command line."""

from __future__ import annotations

from adjudicator.games import default_game_id, get_game


def demo_path():
    return get_game(default_game_id()).demo_path


#: (ask, params, the CLI arguments giving the same answer with --json; FILE first)
QUESTIONS = [
    ("hex", {"hex": "0605"}, None),
    ("retreat", {"hex": "0605", "length": 2},
     ["retreats", "FILE", "--hex", "0605", "--length", "2", "--phase", "combat"]),
    ("odds", {"defender": "0603", "attackers": ["14Pz"]},
     ["odds", "FILE", "--defender-hex", "0603", "--attackers", "14Pz"]),
    ("advance", {"vacated": "0504", "allowance": 4, "units": ["14Pz"]},
     ["advances", "FILE", "--vacated", "0504", "--allowance", "4", "--units", "14Pz"]),
    ("move", {"unit": "14Pz", "path": ["0404", "0504", "0604"]},
     ["check", "FILE", "--move", "14Pz:0404,0504,0604"]),
    ("retreat-path", {"unit": "62A-181", "path": ["0705", "0805"]},
     ["check", "FILE", "--retreat", "62A-181:0705,0805"]),
    ("advance-path", {"unit": "14Pz", "path": ["0504", "0505"], "allowance": 4},
     ["check", "FILE", "--advance", "14Pz:0504,0505;vacated=0504;adv=4"]),
]


#: the other games' board questions on their demos: (game, ask, params, the CLI arguments
#: giving the same answer with --json; FILE first, or a list of (answer part, arguments))
GAME_QUESTIONS = [
    ("kb42", "hex", {"hex": "KB3619"},
     [("zoc", ["zoc", "FILE"]), ("supply", ["supply", "FILE", "--side", "soviet"])]),
    ("kb42", "retreat", {"hex": "KB3516", "length": 2, "attackers": ["KB3617"]},
     ["retreats", "FILE", "--hex", "KB3516", "--length", "2", "--attackers", "KB3617"]),
    ("kb42", "attacks", {"units": ["6pz-r4"]}, ["attacks", "FILE", "--units", "6pz-r4"]),
    ("kb42", "advance", {"path": ["KB3618", "KB3519"], "units": ["15tk", "25gd"],
                         "allowance": 2},
     ["advances", "FILE", "--path", "KB3618,KB3519", "--units", "15tk,25gd",
      "--allowance", "2"]),
    ("eak", "hex", {"hex": "1007"}, ["zoc", "FILE"]),
    ("eak", "terms", {"hex": "0907"}, ["bot", "terms", "FILE", "--hex", "0907"]),
    ("sos", "hex", {"hex": "0404"}, ["spotted", "FILE", "--side", "german"]),
    ("sos", "los", {"from": "0404", "to": "0703"},
     ["los", "FILE", "--from", "0404", "--to", "0703"]),
    ("sos", "spotted", {"side": "soviet"}, ["spotted", "FILE", "--side", "soviet"]),
    ("p2p", "moves", {"unit": "16A"}, ["moves", "FILE", "--unit", "16A"]),
    ("p2p", "capacity", {}, ["capacity", "FILE"]),
    ("p2p", "combat-order", {}, ["combat-order", "FILE"]),
]
