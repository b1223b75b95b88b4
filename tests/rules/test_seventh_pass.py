"""RULES.md's seventh revision (issue 75): each audit finding, failing before and passing
now, through the command line, a batch line and the library, the three agreeing."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from campaign_cli.cli.app import app
from tests.rules.test_sixth_pass import three_paths
from tests.runner import CliRunner

BOARD = Path(__file__).resolve().parent.parent.parent / "samples" / "enemies" / "bog-lurker.json"


def cli(path: Path, *words: str, code: int = 0) -> dict:
    done = CliRunner().invoke(app, ["-c", str(path), *words, "--json"])
    assert done.exit_code == code, done.stdout + done.stderr
    return json.loads(done.stdout or done.stderr or "null")


@pytest.fixture
def party(tmp_path: Path) -> Path:
    path = tmp_path / "c.json"
    cli(path, "init")
    cli(path, "character", "create", "Gus", "--st", "12", "--dx", "11", "--iq", "9")
    cli(path, "character", "create", "Fay", "--st", "10", "--dx", "12", "--iq", "10")
    return path


def test_r8_the_order_is_not_rolled_again_once_anyone_acted(party: Path):
    cli(party, "enemy", "add", "--file", str(BOARD))
    cli(party, "fight", "start")
    cli(party, "fight", "add", "Bog Lurker")
    cli(party, "fight", "order", "--dice", "6,1")
    cli(party, "fight", "order", "--dice", "6,1")  # before anyone acted: a mistake fixed, allowed
    cli(party, "fight", "attack", "Gus", "Bog Lurker 1", "--dice", "6,6,6")
    got = three_paths(party, ["fight", "order", "--dice", "6,1"], lambda camp: camp.fight_order(dice=[6, 1]))
    assert got[0] == (1, "round_under_way")
    assert cli(party, "fight", "attack", "Gus", "Bog Lurker 1", "--dice", "6,6,6", code=1)["error"]["code"] == (
        "already_acted"
    )  # and so no second action in the round


def test_r17_a_death_settled_at_a_rest_is_not_undone_by_a_wish(party: Path):
    cli(party, "adventure", "start", "Mire")
    cli(party, "wish", "add", "Fay", "1")
    cli(party, "fight", "start")
    cli(party, "damage", "Fay", "10")
    assert cli(party, "fight", "end", "--fled")["dying"] == ["Fay"]
    cli(party, "rest")  # the dying not saved: dead, the death settled by this rest
    got = three_paths(party, ["wish", "spend", "Fay"], lambda camp: camp.wish_spend("Fay"))
    assert got[0] == (1, "death_settled")


def test_r22_a_week_heals_the_out_who_are_not_dying(party: Path):
    cli(party, "adventure", "start", "Mire")
    cli(party, "damage", "Fay", "10")  # no fight open: out, not dying
    assert cli(party, "rest")["characters"][1]["status"] == "out"  # a night leaves her out
    got = three_paths(party, ["rest", "--week"], lambda camp: camp.rest(week=True))
    assert got[0] == (0, None)
    cli(party, "rest", "--week")
    fay = cli(party, "character", "show", "Fay")
    assert (fay["status"], fay["damage"]) == ("ok", 0)


def test_r41_wound_xp_is_set_by_a_field_like_every_number(party: Path):
    words = ["enemy", "add", "Lurker", "--file", str(BOARD), "--field", "normal.wound_xp=2"]
    got = three_paths(party, words, lambda camp: camp.enemy_add("Lurker", file=str(BOARD), field=["normal.wound_xp=2"]))
    assert got[0] == (0, None)
    assert cli(party, *words)["normal"]["wound_xp"] == 2


def test_r11a_a_dry_run_is_refused_as_the_act(party: Path):
    words = ["xp", "spend", "Gus", "--attribute", "DX", "--dry-run"]
    got = three_paths(party, words, lambda camp: camp.xp_spend("Gus", attribute="DX", dry_run=True))
    assert got[0] == (1, "not_enough_xp")


def test_r11a_the_fallens_gear_goes_to_the_living_between_fights(party: Path):
    cli(party, "item", "add", "Fay", "Dagger")
    cli(party, "gold", "add", "Fay", "5")
    cli(party, "darkstone", "add", "Fay", "2")
    cli(party, "damage", "Fay", "20")  # dead
    got = three_paths(
        party, ["item", "give", "Fay", "Gus", "Dagger"], lambda camp: camp.item_give("Fay", "Gus", "Dagger")
    )
    assert got[0] == (0, None)
    assert three_paths(party, ["gold", "remove", "Fay", "5"], lambda camp: camp.gold_remove("Fay", 5))[0] == (0, None)
    assert three_paths(party, ["darkstone", "remove", "Fay", "2"], lambda camp: camp.darkstone_remove("Fay", 2))[0] == (
        0,
        None,
    )
    cli(party, "item", "give", "Fay", "Gus", "Dagger")
    assert [i["name"] for i in cli(party, "character", "show", "Gus")["items"]] == ["Dagger"]
    # the dead still receive nothing, and gain nothing
    back = three_paths(
        party, ["item", "give", "Gus", "Fay", "Dagger"], lambda camp: camp.item_give("Gus", "Fay", "Dagger")
    )
    assert back[0] == (1, "dead")
    assert three_paths(party, ["gold", "add", "Fay", "1"], lambda camp: camp.gold_add("Fay", 1))[0] == (1, "dead")


def test_r11a_nothing_reaches_the_fallen_in_a_fight(party: Path):
    cli(party, "item", "add", "Gus", "Dagger")
    cli(party, "fight", "start")
    cli(party, "damage", "Fay", "10")  # out of action
    got = three_paths(
        party, ["item", "give", "Gus", "Fay", "Dagger"], lambda camp: camp.item_give("Gus", "Fay", "Dagger")
    )
    assert got[0] == (1, "cannot_act")


def test_r8_the_party_order_names_only_who_can_act(party: Path):
    cli(party, "enemy", "add", "--file", str(BOARD))
    cli(party, "fight", "start")
    cli(party, "fight", "add", "Bog Lurker")
    cli(party, "damage", "Fay", "10")
    got = three_paths(
        party,
        ["fight", "order", "--party", "Fay", "--party", "Gus"],
        lambda camp: camp.fight_order(party=["Fay", "Gus"]),
    )
    assert got[0] == (1, "cannot_act")
