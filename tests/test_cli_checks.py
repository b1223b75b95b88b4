"""CLI for check, contest, initiative, roll and odds."""

from fractions import Fraction

CHECK_FIELDS = {
    "character",
    "spec",
    "type",
    "dice",
    "total",
    "target",
    "success",
    "probability",
    "modifiers",
    "karma_spent",
}


def test_r5_check_with_typed_dice(camp):
    r = camp.json("check", "Ajax", "3/DX", "--dice", "1,3,6")
    assert set(r) >= CHECK_FIELDS
    assert (r["type"], r["dice"], r["total"], r["target"], r["success"]) == ("sum", [1, 3, 6], 10, 11, True)
    assert Fraction(r["fraction"]) == Fraction(135, 216) and r["probability"] == 0.625


def test_failed_check_exits_0(camp):
    result = camp("check", "Ajax", "3/DX", "--dice", "6,6,6")
    assert result.exit_code == 0 and "failure" in result.stdout


def test_seeded_checks_repeat_and_are_journaled(camp):
    a = camp.json("check", "Ajax", "4/ST", "--seed", "99")
    b = camp.json("check", "Ajax", "4/ST", "--seed", "99")
    assert a["dice"] == b["dice"] and len(a["dice"]) == 4
    entry = camp.json("log")[-1]
    assert entry["kind"] == "roll" and entry["rolls"][0]["dice"] == b["dice"]


def test_spec_forms_and_refusals(camp):
    assert camp.json("check", "Ajax", "3/ST", "for", "Swimming", "--dice", "1,1,1")["target"] == 12  # R6: ST alone
    assert camp.json("check", "Ajax", "3/ST for Swimming", "--dice", "1,1,1")["target"] == 12  # R6: ST alone
    assert camp.json("check", "Ajax", "3/ST+Climbing", "--dice", "1,1,1")["target"] == 12
    assert camp.error("check", "Ajax", "3/ST for Climbing", code=1)["code"] == "skill_required"
    assert camp.error("check", "Ajax", "3/XX", code=2)["code"] == "bad_spec"
    assert camp.error("check", "Ajax", "Luck 5+", code=1)["code"] == "unknown_attribute"
    assert camp.error("check", "Ajax", "3/DX", "--dice", "1,2", code=2)["code"] == "bad_dice"
    assert camp.error("check", "Ajax", "3/DX", "--dice", "1,2,9", code=2)["code"] == "bad_dice"
    assert camp.error("check", "Nobody", "3/DX", code=1)["code"] == "unknown_character"


def test_r10_pool_test_on_extra_attribute(camp):
    camp.json("character", "set", "Ajax", "--attr", "Lore=3")
    r = camp.json("check", "Ajax", "Lore 5+", "--dice", "1,2,5")
    assert (r["type"], r["target"], r["success"]) == ("pool", 5, True)
    assert Fraction(r["fraction"]) == Fraction(19, 27)


def test_r18_curse_modifiers_are_listed_with_their_source(camp):
    camp.json("curse", "apply", "Ajax", "Rot")
    r = camp.json("check", "Ajax", "3/DX", "--dice", "1,3,6", "--modifier", "-1")
    assert r["total"] == 11 and r["target"] == 10 and r["success"] is False
    assert {"source": "curse Rot", "kind": "curse", "name": "Rot", "value": 1, "applies_to": "total"} in r["modifiers"]
    by_hand = {"source": "modifier", "kind": "modifier", "name": None, "value": -1, "applies_to": "target"}
    assert by_hand in r["modifiers"]


def test_r17_karma_reroll(camp):
    assert camp.error("check", "Ajax", "3/DX", "--karma", code=1)["code"] == "no_karma"
    camp.json("karma", "add", "Ajax", "1")
    camp.json("wish", "add", "Ajax", "1")
    r = camp.json("check", "Ajax", "3/DX", "--dice", "6,6,6", "--karma", "--reroll-dice", "1,1,1")
    assert (r["first_dice"], r["dice"], r["success"], r["karma_spent"]) == ([6, 6, 6], [1, 1, 1], True, 1)
    r = camp.json("check", "Ajax", "3/DX", "--dice", "6,6,6", "--karma", "--reroll-dice", "6,6,5")
    assert (r["wish_spent"], r["success"]) == (1, False)
    ajax = camp.json("character", "show", "Ajax")
    assert (ajax["karma"], ajax["wishes"]) == (0, 0)
    camp.json("undo")
    assert camp.json("character", "show", "Ajax")["wishes"] == 1
    # a success spends nothing
    r = camp.json("check", "Ajax", "3/DX", "--dice", "1,1,1", "--karma")
    assert r["karma_spent"] == 0 and "first_dice" not in r


def test_r11_party_tests(camp):
    r = camp.json("check", "--party", "3/ST for Swimming", "--who", "all", "--seed", "1")
    assert [x["character"] for x in r["results"]] == ["Ajax", "Merlin"]
    assert r["results"][1]["success"] is False and "Swimming" in r["results"][1]["reason"]
    one = camp.json("check", "--party", "3/IQ", "--who", "random", "--seed", "5")
    assert len(one["results"]) == 1
    assert camp.error("check", "--party", "3/IQ", code=2)["code"] == "usage"
    typed = camp.json("check", "--party", "3/IQ", "--who", "all", "--dice", "1,1,1,6,6,6")
    assert [(r["dice"], r["success"]) for r in typed["results"]] == [([1, 1, 1], True), ([6, 6, 6], False)]
    assert camp.error("check", "--party", "3/IQ", "--who", "all", "--dice", "1,1,1", code=2)["code"] == "bad_dice"


def test_r7_contest_against_character_and_number(camp):
    r = camp.json("contest", "Ajax", "3/ST", "Merlin", "3/ST", "--dice", "6,4,3", "--other-dice", "2,3,3")
    assert r["a"]["over"] is True and r["winner"] == "Merlin"
    r = camp.json("contest", "Ajax", "3/ST", "11", "3/ST", "--dice", "3,3,3", "--other-dice", "4,4,1")
    assert r["b"]["name"] == "opponent" and r["winner"] == "Ajax"
    r = camp.json("contest", "Ajax", "3/ST", "12", "3/ST", "--dice", "3,3,3", "--other-dice", "4,4,1")
    assert r["winner"] is None  # equal totals, equal attributes
    assert camp.error("contest", "Ajax", "3/ST", "11", "3/ST", "--other-dice", "1", code=2)["code"] == "bad_dice"


def test_r8_initiative(camp):
    r = camp.json("initiative", "Ajax", "Merlin", "Goblin", "--dice", "4,4,2,6,1")
    assert r["order"] == ["Ajax", "Merlin", "Goblin"] and r["rolls"]["Merlin"] == [4, 1]
    assert camp.error("initiative", "Ajax", "Merlin", "--dice", "3,3", code=2)["code"] == "bad_dice"


def test_roll_expressions(camp):
    assert camp.json("roll", "2D6-1", "--dice", "5,2") == {"expression": "2D6-1", "dice": [5, 2], "total": 6}
    r = camp.json("roll", "3d6+2", "--seed", "9")
    assert len(r["dice"]) == 3 and r["total"] == sum(r["dice"]) + 2
    for bad in ("0D6", "D1", "2D6*3", "101D6"):
        assert camp.error("roll", bad, code=2)["code"] == "bad_dice"


def test_r26_character_damage_roll_minimum_one_with_curses(camp):
    camp.json("curse", "apply", "Ajax", "Rot")
    r = camp.json("roll", "D6", "--character", "Ajax", "--dice", "1")
    assert r["total"] == 1 and r["character"] == "Ajax"
    r = camp.json("roll", "D6+2", "--character", "Ajax", "--dice", "4")
    assert r["total"] == 5


def test_odds_needs_no_campaign(cli):
    r = cli.json("odds", "3/DX", "--value", "10")
    assert (r["probability"], r["fraction"]) == (0.5, "1/2")
    assert cli.json("odds", "Lore 5+", "--value", "4")["fraction"] == "65/81"
    assert cli.json("odds", "3/DX", "--value", "11", "--curses", "1")["fraction"] == "1/2"
    assert cli.error("odds", "3/QQ", "--value", "3", code=2)["code"] == "bad_spec"
    assert not cli.path.exists()
