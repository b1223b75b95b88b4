"""Fights at the table (CLI.md): enemies on the board, turn order, wounds that count down."""

import json
from pathlib import Path

import pytest

from campaign_cli.errors import Refused
from campaign_cli.rules import fights

ROOT = Path(__file__).resolve().parent.parent
BOARDS = ROOT / "samples" / "enemies"


@pytest.fixture
def table(camp):
    for board in ("bog-lurker.json", "cinder-hound.json"):
        camp.json("enemy", "add", "--file", str(BOARDS / board))
    return camp


from campaign_cli.store.campaign import BOOKKEEPING  # noqa: E402


def docs_of(raw: bytes) -> dict:
    data = json.loads(raw)
    meta = {k: v for k, v in data["meta"]["1"].items() if k not in BOOKKEEPING}
    return {**data, "meta": meta}


def test_a_full_fight_then_undo_back_to_before_it(table):
    camp = table
    before = camp.path.read_bytes()
    camp.json("fight", "start", "--title", "Ford")
    added = camp.json("fight", "add", "Bog Lurker", "--count", "3")["added"]
    assert [e["name"] for e in added] == ["Bog Lurker 1", "Bog Lurker 2", "Bog Lurker 3"]
    assert {(e["health"], e["wounds"], e["side"], e["alive"]) for e in added} == {(6, 0, "normal", True)}
    elite = camp.json("fight", "add", "Cinder Hound", "--count", "2", "--brutal", "--elite", "--dice", "3")
    abilities = {e["elite"] for e in elite["added"]}
    assert len(abilities) == 1 and None not in abilities  # R42: one roll for the group, kept on each
    order = camp.json("fight", "order", "--dice", "6,5,4,3")
    assert order["fight"]["order"] == ["Ajax", "Merlin", "Bog Lurker", "Cinder Hound"]
    assert order["fight"]["turn"] == "Ajax" and order["fight"]["round"] == 1
    hit = camp.json("fight", "hit", "bog lurker 2", "4", "--by", "Ajax")
    assert (hit["wounds"], hit["killed"], hit["enemy"]["wounds"]) == (3, False, 3)  # R41: defense 1
    hit = camp.json("fight", "hit", "Bog Lurker 2", "9", "--by", "Ajax")
    assert (hit["killed"], hit["xp"], hit["character"]["xp"]) == (True, 15, 15)
    camp.json("damage", "Merlin", "8")  # knocked out
    assert camp.json("fight", "next")["turn"] == "Bog Lurker"  # Merlin cannot act: skipped
    camp.json("heal", "Merlin", "3")
    status = camp.json("fight", "status")
    assert status["round"] == 1 and [e["alive"] for e in status["enemies"]] == [True, False, True, True, True]
    assert {c["name"]: c["status"] for c in status["characters"]} == {"Ajax": "ok", "Merlin": "ok"}
    assert camp.json("fight", "next")["turn"] == "Cinder Hound"
    assert camp.json("fight", "next")["turn"] == "Ajax" and camp.json("fight", "status")["round"] == 2
    end = camp.json("fight", "end", "--won")
    assert end["killed"] == ["Bog Lurker 2"] and end["xp"] == {"Ajax": 1, "Merlin": 1}
    assert camp.json("status").get("fight") is None
    while docs_of(camp.path.read_bytes()) != docs_of(before):
        camp.json("undo")
        assert json.loads(camp.path.read_bytes())["meta"]["1"]["seq"] > 0
    assert docs_of(camp.path.read_bytes()) == docs_of(before)
    assert camp.json("character", "show", "Ajax")["xp"] == 0


def test_refusals_change_nothing(table):
    camp = table
    assert camp.error("fight", "add", "Bog Lurker", code=1)["code"] == "no_fight"
    camp.json("fight", "start")
    assert camp.error("fight", "start", code=1)["code"] == "fight_open"
    err = camp.error("fight", "add", "Bog Lurkr", code=1)
    assert err["code"] == "unknown_enemy" and err["suggestions"] == ["Bog Lurker"]
    camp.json("fight", "add", "Bog Lurker")
    camp.json("fight", "hit", "Bog Lurker 1", "20", "--by", "Ajax")
    assert camp.error("fight", "hit", "Bog Lurker 1", "5", "--by", "Ajax", code=1)["code"] == "already_dead"
    assert camp.error("fight", "hit", "Bog Lurker 9", "5", "--by", "Ajax", code=1)["code"].startswith("unknown_")
    assert camp.error("rest", code=1)["code"] == "fight_open"
    camp.json("adventure", "start")
    assert camp.error("adventure", "end", code=1)["code"] == "fight_open"
    assert camp.error("fight", "next", code=1)["code"] == "no_order"


def test_numbering_continues_and_the_human_status_shows_the_board(table):
    camp = table
    camp.json("fight", "start")
    camp.json("fight", "add", "Bog Lurker", "--count", "2")
    assert [e["name"] for e in camp.json("fight", "add", "Bog Lurker")["added"]] == ["Bog Lurker 3"]
    camp.json("fight", "order", "--seed", "1")
    out = camp("fight", "status").stdout
    assert "Bog Lurker 3" in out and "6/6" in out and "12/12" in out and "order: " in out


def test_damage_in_a_fight_is_what_the_medic_heals_after_it(table):
    camp = table
    camp.json("character", "create", "Kate", "--st", "10", "--dx", "10", "--iq", "12", "--skill", "Medic=2")
    camp.json("fight", "start")
    camp.json("damage", "Ajax", "4")
    assert camp.error("skill", "use", "Kate", "Medic", "--heal", "Ajax=2", "--dice", "1,1,1", code=1)["code"] == "fight_open"
    camp.json("fight", "end", "--won")
    assert camp.json("skill", "use", "Kate", "Medic", "--heal", "Ajax=2", "--dice", "1,1,1")["effect"]["healed"] == {"Ajax": 2}


def test_pure_fight_rules():
    board = json.loads((BOARDS / "bog-lurker.json").read_text())
    fight = fights.new(None)
    fights.add(fight, board, 2, True, None)
    assert [e["health"] for e in fight["enemies"]] == [board["brutal"]["health"]] * 2
    target, dealt, killed = fights.hit(fight, "Bog Lurker 1", board["brutal"]["defense"])
    assert (dealt, killed) == (0, False)  # R41: never below 0
    with pytest.raises(Refused):
        fights.add(fight, board, 0, False, None)
