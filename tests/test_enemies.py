"""Enemy boards (R40-R42): the rules core, every malformed board, and the CLI."""

import copy
import json
from pathlib import Path

import pytest

from campaign_cli.errors import Refused
from campaign_cli.rules import enemies

SAMPLES = Path(__file__).resolve().parent.parent / "samples" / "enemies"
BOARD = json.loads((SAMPLES / "bog-lurker.json").read_text())


def test_r40_sample_boards_are_valid():
    for path in sorted(SAMPLES.glob("*.json")):
        board = enemies.validate_board(json.loads(path.read_text()))
        assert board["size"] in enemies.SIZES
        assert all(len(board[s]["elite"]) == 6 for s in enemies.SIDES)


def _broken(mutate):
    board = copy.deepcopy(BOARD)
    mutate(board)
    return board


MALFORMED = {
    "not an object": ([], "board"),
    "no name": (_broken(lambda b: b.pop("name")), "name"),
    "empty name": (_broken(lambda b: b.update(name="  ")), "name"),
    "no keywords": (_broken(lambda b: b.pop("keywords")), "keywords"),
    "keywords not a list": (_broken(lambda b: b.update(keywords="Beast")), "keywords"),
    "bad size": (_broken(lambda b: b.update(size="tiny")), "size"),
    "size not text": (_broken(lambda b: b.update(size=3)), "size"),
    "unknown top field": (_broken(lambda b: b.update(colour="red")), "colour"),
    "no brutal side": (_broken(lambda b: b.pop("brutal")), "brutal"),
    "side not an object": (_broken(lambda b: b.update(normal=[1])), "normal"),
    "missing number": (_broken(lambda b: b["normal"].pop("defense")), "normal.defense"),
    "number as text": (_broken(lambda b: b["brutal"].update(xp="25")), "brutal.xp"),
    "negative number": (_broken(lambda b: b["normal"].update(health=-1)), "normal.health"),
    "boolean number": (_broken(lambda b: b["normal"].update(move=True)), "normal.move"),
    "fraction": (_broken(lambda b: b["normal"].update(to_hit=4.5)), "normal.to_hit"),
    "missing abilities": (_broken(lambda b: b["brutal"].pop("abilities")), "brutal.abilities"),
    "abilities not texts": (_broken(lambda b: b["normal"].update(abilities=[1, 2])), "normal.abilities[0]"),
    "five elite entries": (_broken(lambda b: b["normal"]["elite"].pop()), "normal.elite"),
    "seven elite entries": (_broken(lambda b: b["brutal"]["elite"].append("More")), "brutal.elite"),
    "missing elite": (_broken(lambda b: b["normal"].pop("elite")), "normal.elite"),
    "typo in a side": (_broken(lambda b: b["normal"].update(defence=1)), "normal.defence"),
}


@pytest.mark.parametrize("case", sorted(MALFORMED))
def test_r40_every_malformed_board_is_refused_naming_the_field(case):
    data, field = MALFORMED[case]
    with pytest.raises(Refused) as err:
        enemies.validate_board(data)
    assert err.value.message.startswith(f"bad board: {field} ")


def test_r41_defense_subtracts_never_below_zero():
    board = enemies.validate_board(BOARD)
    assert enemies.wounds(board, False, 5) == 4
    assert enemies.wounds(board, True, 5) == 3
    assert enemies.wounds(board, True, 1) == 0


def test_r41_killer_wins_the_sides_xp():
    board = enemies.validate_board(BOARD)
    assert (enemies.kill_xp(board, False), enemies.kill_xp(board, True)) == (15, 25)


def test_r42_one_die_picks_the_elite_ability():
    board = enemies.validate_board(BOARD)
    assert [enemies.elite(board, False, die) for die in range(1, 7)] == [
        enemies.elite_text(e) for e in BOARD["normal"]["elite"]
    ]


def test_cli_enemy_lifecycle(camp):
    added = camp.json("enemy", "add", "Lurker", "--file", str(SAMPLES / "bog-lurker.json"))
    assert added["name"] == "Lurker" and isinstance(added["id"], int)  # NAME wins over the board's
    assert (
        camp.error("enemy", "add", "lurker", "--file", str(SAMPLES / "bog-lurker.json"), code=1)["code"] == "name_taken"
    )
    shown = camp.json("enemy", "show", "LURKER", "--brutal")
    assert (shown["side"], shown["defense"], len(shown["elite"])) == ("brutal", 2, 6)
    assert [e["name"] for e in camp.json("enemy", "list")] == ["Lurker"]
    assert camp.json("enemy", "hit", "Lurker", "5", "--brutal")["wounds"] == 3
    assert camp.json("enemy", "hit", "Lurker", "0")["wounds"] == 0
    assert camp.json("enemy", "elite", "Lurker", "--dice", "6")["ability"] == "Ancient: +3 health"
    seeded = [camp.json("enemy", "elite", "Lurker", "--seed", "5")["die"] for _ in range(2)]
    assert seeded[0] == seeded[1]
    killed = camp.json("enemy", "kill", "Lurker", "--by", "Ajax", "--brutal")
    assert killed["xp"] == 25 and killed["character"]["xp"] == 25
    assert camp.json("log")[-1]["summary"] == "Lurker is killed, finished off by Ajax: +25 XP"
    camp.json("enemy", "delete", "Lurker")
    assert camp.error("enemy", "show", "Lurker", code=1)["code"] == "unknown_enemy"
    camp.json("undo")
    assert camp.json("enemy", "show", "Lurker")["name"] == "Lurker"


def test_cli_bad_boards_store_nothing(camp, tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(_broken(lambda b: b["normal"]["elite"].pop())))
    err = camp.error("enemy", "add", "X", "--file", str(bad), code=1)
    assert err["code"] == "bad_board" and "normal.elite" in err["message"]
    bad.write_text("{not json")
    assert camp.error("enemy", "add", "X", "--file", str(bad), code=1)["code"] == "bad_board"
    assert camp.error("enemy", "add", "X", "--file", str(tmp_path / "missing.json"), code=2)["code"] == "bad_file"
    assert camp.error("enemy", "elite", "Nobody", code=1)["code"] == "unknown_enemy"


def test_cli_board_from_options_and_stdin(camp):
    fields = [f"--field={side}.{k}=2" for side in ("normal", "brutal") for k in enemies.NUMBERS]
    fields += [f"--field={side}.{k}=a;b;c;d;e;f" for side in ("normal", "brutal") for k in ("abilities", "elite")]
    made = camp.json("enemy", "add", "Gnat", "--size", "small", "--keyword", "Vermin", *fields)
    assert made["normal"]["elite"] == list("abcdef") and made["keywords"] == ["Vermin"]
    result = camp("enemy", "add", "Lurker2", "--file", "-", "--json", input=json.dumps(BOARD))
    assert result.exit_code == 0 and json.loads(result.stdout)["name"] == "Lurker2"
    err = camp.error(
        "enemy", "add", "Lurker3", "--file", "-", "--field", "normal.xp=lots", input=json.dumps(BOARD), code=2
    )
    assert err["code"] == "bad_value" and "normal.xp" in err["message"]


def test_a_board_file_that_is_not_utf8_is_a_usage_error(camp, tmp_path):
    board = tmp_path / "board.json"
    board.write_bytes(b"\x8b\xff\x00binary")
    err = camp.error("enemy", "add", "X", "--file", str(board), code=2)
    assert err["code"] == "bad_file" and "not UTF-8" in err["message"]
