"""Fights at the table (CLI.md) through the commands: what they show, their JSON, undo. The
fight's procedures are tested on the acts themselves (tests/test_acts_fights.py)."""

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

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


def test_the_order_of_a_fight_without_enemies_says_who_goes_first_without_dashes(table):
    """Nothing is rolled while no enemy has joined: the line said "party - vs enemies -"."""
    table.json("fight", "start")
    said = table("fight", "order", "--seed", "1").stdout.splitlines()
    assert said[0] == "the party goes first" and "-" not in said[0]
    table.json("fight", "add", "Bog Lurker")
    assert table("fight", "order", "--dice", "6,5").stdout.startswith("party 6 vs enemies 5: the party goes first")


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
    order = camp.json("fight", "order", "--dice", "6,5")  # R8: the party's die beats the enemies'
    assert order["first"] == "party" and order["rolls"] == {"party": [6], "enemies": [5]}
    assert order["fight"]["order"] == ["Ajax", "Merlin", "Cinder Hound", "Bog Lurker"]  # initiative 6, then 3
    assert order["fight"]["turn"] == "party" and order["fight"]["round"] == 1
    hit = camp.json("fight", "hit", "bog lurker 2", "4", "--by", "Ajax")
    assert (hit["wounds"], hit["killed"], hit["enemy"]["wounds"]) == (3, False, 3)  # R41: defense 1
    hit = camp.json("fight", "hit", "Bog Lurker 2", "9", "--by", "Ajax")
    assert (hit["killed"], hit["xp"], hit["character"]["xp"]) == (True, 15, 15)
    camp.json("damage", "Merlin", "8")  # knocked out
    assert camp.json("fight", "next")["turn"] == "Cinder Hound"  # the party is one turn (R32a)
    camp.json("heal", "Merlin", "3")
    status = camp.json("fight", "status")
    assert status["round"] == 1 and [e["alive"] for e in status["enemies"]] == [True, False, True, True, True]
    assert {c["name"]: c["status"] for c in status["characters"]} == {"Ajax": "ok", "Merlin": "ok"}
    assert camp.json("fight", "next")["turn"] == "Bog Lurker"
    assert camp.json("fight", "next")["turn"] == "party" and camp.json("fight", "status")["round"] == 2
    assert camp.error("fight", "end", "--won", code=1)["code"] == "enemies_standing"  # R13
    end = camp.json("fight", "end", "--routed")
    assert end["killed"] == ["Bog Lurker 2"] and end["xp"] == {"Ajax": 1, "Merlin": 1}
    assert camp.json("status").get("fight") is None
    while docs_of(camp.path.read_bytes()) != docs_of(before):
        camp.json("undo")
        assert json.loads(camp.path.read_bytes())["meta"]["1"]["seq"] > 0
    assert docs_of(camp.path.read_bytes()) == docs_of(before)
    assert camp.json("character", "show", "Ajax")["xp"] == 0


def test_numbering_continues_and_the_human_status_shows_the_board(table):
    camp = table
    camp.json("fight", "start")
    camp.json("fight", "add", "Bog Lurker", "--count", "2")
    assert [e["name"] for e in camp.json("fight", "add", "Bog Lurker")["added"]] == ["Bog Lurker 3"]
    camp.json("fight", "order", "--seed", "1")
    out = camp("fight", "status").stdout
    assert "Bog Lurker 3" in out and "6/6" in out and "12/12" in out and "order: " in out


def test_pure_fight_rules():
    board = json.loads((BOARDS / "bog-lurker.json").read_text())
    fight = fights.new(None)
    fights.add(fight, board, 2, True, None)
    assert [e["health"] for e in fight["enemies"]] == [board["brutal"]["health"]] * 2
    _target, dealt, killed = fights.hit(fight, "Bog Lurker 1", board["brutal"]["defense"])
    assert (dealt, killed) == (0, False)  # R41: never below 0
    with pytest.raises(Refused):
        fights.add(fight, board, 0, False, None)


# -- second pass (issue 22) ------------------------------------------------------------------
def test_elite_entries_are_validated(camp, tmp_path):
    board = json.loads((BOARDS / "bog-lurker.json").read_text())
    board["normal"]["elite"][0] = {"name": "Tough", "health": "lots"}
    (tmp_path / "b.json").write_text(json.dumps(board))
    err = camp.error("enemy", "add", "--file", str(tmp_path / "b.json"), code=1)
    assert "normal.elite[0].health" in err["message"]
    board["normal"]["elite"][0] = {"name": "Tough", "armour": 2}
    (tmp_path / "b.json").write_text(json.dumps(board))
    assert "normal.elite[0].armour" in camp.error("enemy", "add", "--file", str(tmp_path / "b.json"), code=1)["message"]


def test_status_tables_stay_aligned_with_a_long_ability(table):
    camp = table
    camp.json("fight", "start")
    camp.json("fight", "add", "Bog Lurker", "--elite", "--dice", "3")  # a long text entry
    camp.json("fight", "add", "Cinder Hound")
    out = camp("fight", "status").stdout.splitlines()
    rows = [
        line for line in out if "Lurker 1" in line or "Hound 1" in line or line.lstrip().startswith(("Ajax", "Merlin"))
    ]
    columns = {line.index("alive") if "alive" in line else line.index("ok") for line in rows}
    assert len(columns) == 1, out


@settings(max_examples=60, deadline=None)
@given(
    joins=st.lists(
        st.tuples(
            st.sampled_from(["Bog Lurker", "Cinder Hound", "Rust Wraith"]),
            st.booleans(),
            st.integers(1, 3),
            st.integers(0, 3),
        ),
        min_size=1,
        max_size=6,
    ),
    first=st.sampled_from(["party", "enemies"]),
    kills=st.lists(st.integers(0, 20), max_size=5),
)
def test_r8_every_living_group_is_in_every_rounds_order_once_in_initiative_order(joins, first, kills):
    from campaign_cli.rules import enemies as enemy_rules

    boards = {b["name"]: b for b in (json.loads(p.read_text()) for p in (BOARDS.glob("*.json")))}
    fight = fights.new(None)
    party = ["Ajax", "Merlin"]
    for i, (name, brutal, count, _when) in enumerate(joins):
        fights.add(fight, enemy_rules.validate_board(boards[name]), count, brutal, None)
        if i == 0:
            fights.roll_order(fight, party, iter([6, 1] if first == "party" else [1, 6]).__next__)
        else:
            fights.refresh(fight, party)
        for k in kills:
            if k < len(fight["enemies"]):
                fight["enemies"][k]["alive"] = False
        fights.refresh(fight, party)
        living = [g for g in fight["groups"] if any(e["alive"] and e["group"] == g["id"] for e in fight["enemies"])]
        labels = [fights.label(fight, g) for g in living]
        order = fight["order"]
        assert sorted(n for n in order if n not in party) == sorted(labels)  # each living group exactly once
        enemy_part = [n for n in order if n not in party]
        inits = [next(g["initiative"] for g in living if fights.label(fight, g) == n) for n in enemy_part]
        assert inits == sorted(inits, reverse=True)
        assert (order[: len(party)] == party) == (first == "party" or not enemy_part)
        for _ in range(len(order) + 1):
            fights.advance(fight, party)
