"""One rule, every path (issue "Acts, not commands"): the audit's cases where a rule held in
one command and not in its neighbour, each named after the rule it protects."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

DICE = [("4,4,4", "4,4,4"), ("6,5,3", "2,2,2"), ("1,2,3", "6,6,5"), ("5,5,2", "5,4,4"), ("6,6,1", "3,3,3")]


@pytest.fixture
def sly(camp):
    camp.json("character", "create", "Sly", "--st", "10", "--dx", "10", "--iq", "12", "--skill", "Charm=2")
    camp.json("character", "create", "Bart", "--st", "10", "--dx", "10", "--iq", "12", "--skill", "Merchant=2")
    camp.json("gold", "add", "Bart", "500")
    return camp


@pytest.mark.parametrize(("mine", "theirs"), DICE)
def test_r23_skill_use_against_counts_the_skill_level_as_contest_does(sly, mine, theirs):
    used = sly.json("skill", "use", "Sly", "Charm", "--against", "11", "--dice", mine, "--other-dice", theirs)
    contest = sly.json("contest", "Sly", "3/IQ+Charm", "11", "3/IQ", "--dice", mine, "--other-dice", theirs)
    assert used["a"]["target"] == contest["a"]["target"] == 14  # IQ 12 + Charm 2: R7 "(+умение)"
    assert used["b"]["target"] == contest["b"]["target"] == 11  # the other side: IQ alone
    assert used["winner"] == contest["winner"]


@pytest.mark.parametrize(("mine", "theirs"), DICE)
def test_r25_haggling_counts_the_merchant_level_as_contest_does(sly, mine, theirs):
    bought = sly.json(
        "shop", "buy", "Bart", "Rope", "--price", "100", "--haggle", "11", "--dice", mine, "--other-dice", theirs
    )
    contest = sly.json("contest", "Bart", "3/IQ+Merchant", "11", "3/IQ", "--dice", mine, "--other-dice", theirs)
    haggle = bought["haggle"] if "haggle" in bought else bought["contest"]
    assert haggle["a"]["target"] == 14 and haggle["winner"] == contest["winner"]


def _kill(camp, name: str) -> None:
    camp.json("damage", name, "30")
    assert camp.json("character", "show", name)["status"] == "dead"


@pytest.mark.parametrize(
    "words",
    [
        ("gold", "add", "Ajax", "5"),
        ("darkstone", "add", "Ajax", "1"),
        ("item", "add", "Ajax", "Rope"),
        ("item", "give", "Merlin", "Ajax", "Dagger"),
        ("shop", "buy", "Ajax", "Rope", "--price", "1"),
        ("karma", "add", "Ajax", "1"),
        ("wish", "add", "Ajax", "1"),
        ("xp", "award", "1", "Ajax"),
    ],
    ids=lambda w: " ".join(w[:2]),
)
def test_r11a_the_dead_win_and_receive_nothing_whatever_the_command(camp, words):
    camp.json("item", "add", "Merlin", "Dagger")
    camp.json("gold", "add", "Ajax", "10")
    _kill(camp, "Ajax")
    err = camp.error(*words, code=1)
    assert err["code"] == "dead" and "R11a" in err["message"]


def test_r11a_a_batch_line_that_gives_the_dead_dark_stone_fails_with_its_line(camp):
    lines = "\n".join(
        json.dumps({"args": a})
        for a in (["gold", "add", "Merlin", "1"], ["damage", "Ajax", "30"], ["darkstone", "add", "Ajax", "2"])
    )
    err = camp.error("batch", "-", input=lines + "\n", code=1)
    assert err["line"] == 3 and err["code"] == "dead" and "R11a: Ajax is dead" in err["message"]


def test_r17_a_wish_still_brings_back_the_just_killed(camp):
    camp.json("wish", "add", "Ajax", "1")
    _kill(camp, "Ajax")
    camp.json("wish", "spend", "Ajax")
    shown = camp.json("character", "show", "Ajax")
    assert shown["status"] == "ok" and shown["wishes"] == 0


def test_undo_may_still_change_a_dead_character(camp):
    camp.json("gold", "add", "Ajax", "10")
    _kill(camp, "Ajax")
    camp.json("undo")  # the killing blow
    camp.json("undo")  # the gold
    assert camp.json("character", "show", "Ajax")["gold"] == 0


def test_r11a_the_dead_stay_as_they_were_through_the_python_api(camp):
    import campaign_cli

    _kill(camp, "Ajax")
    before = Path(camp.path).read_bytes()
    with pytest.raises(campaign_cli.Refused) as refused, campaign_cli.open(camp.path) as api:
        api.darkstone_add("Ajax", 3)
    assert refused.value.code == "dead" and Path(camp.path).read_bytes() == before


@pytest.fixture
def bards(camp):
    camp.json("character", "create", "Kate", "--st", "10", "--dx", "10", "--iq", "12", "--skill", "Bard=2")
    camp.json("adventure", "start", "Crypt")
    return camp


def test_r25a_karma_add_bard_spends_the_bards_song_of_this_adventure(bards):
    bards.json("karma", "add", "Ajax", "1", "--bard")
    err = bards.error("skill", "use", "Kate", "Bard", "--give", "Ajax=1", "--dice", "1,1,1", code=1)
    assert err["code"] == "skill_used" and "R25a" in err["message"]
    assert bards.error("karma", "add", "Merlin", "1", "--bard", code=1)["code"] == "no_bard"


def test_r25a_a_bard_who_sang_cannot_be_recorded_again_by_karma_add(bards):
    bards.json("skill", "use", "Kate", "Bard", "--give", "Ajax=1", "--dice", "1,1,1")
    assert bards.error("karma", "add", "Ajax", "1", "--bard", code=1)["code"] == "no_bard"
    assert bards.error("karma", "add", "Ajax", "1", "--bard", "--by", "Kate", code=1)["code"] == "skill_used"


def test_r25_bard_karma_is_at_most_the_bards_level(bards):
    err = bards.error("karma", "add", "Ajax", "3", "--bard", code=1)
    assert "R25" in err["message"]


def test_r25_karma_add_bard_names_the_bard_when_several_could_sing(bards):
    bards.json("character", "create", "Lute", "--st", "10", "--dx", "10", "--iq", "12", "--skill", "Bard=1")
    err = bards.error("karma", "add", "Ajax", "1", "--bard", code=1)
    assert err["code"] == "which_bard" and "Kate" in err["message"] and "Lute" in err["message"]
    bards.json("karma", "add", "Ajax", "1", "--bard", "--by", "Lute")
    assert bards.json("karma", "add", "Ajax", "1", "--bard")["added"] == 1  # Kate alone can still sing
    assert bards.error("karma", "add", "Ajax", "1", "--by", "Kate", code=2)["code"] == "usage"


@pytest.fixture
def brawl(camp):
    camp.json("item", "add", "Ajax", "Broadsword")
    camp.json("item", "hold", "Ajax", "Broadsword")
    camp.json("enemy", "add", "--file", str(Path(__file__).resolve().parents[2] / "samples/enemies/cinder-hound.json"))
    camp.json("fight", "start")
    camp.json("fight", "add", "Cinder Hound")
    camp.json("karma", "add", "Ajax", "2")
    return camp


@pytest.mark.parametrize(("first", "again"), [("1,1", "6,6"), ("6,5", "2,1"), ("3,4", "4,3")])
def test_r17_fight_attack_rerolls_its_damage_as_roll_character_does(brawl, first, again):
    rolled = brawl.json(
        "roll", "--character", "Ajax", "--weapon", "Broadsword", "--karma", "--dice", first, "--reroll-dice", again
    )
    blow = brawl.json(
        "fight", "attack", "Ajax", "Cinder Hound 1", "--dice", "1,1,1", "--damage-dice", first,
        "--karma-damage", "--reroll-damage-dice", again,
    )  # fmt: skip
    assert blow["roll"]["first_dice"] == rolled["first_dice"] and blow["damage"] == rolled["total"]
    assert brawl.json("character", "show", "Ajax")["karma"] == 0  # one karma each


def test_r17_fight_attack_karma_damage_is_refused_up_front_without_karma_or_wish(camp):
    camp.json("item", "add", "Ajax", "Broadsword")
    camp.json("enemy", "add", "--file", str(Path(__file__).resolve().parents[2] / "samples/enemies/cinder-hound.json"))
    camp.json("fight", "start")
    camp.json("fight", "add", "Cinder Hound")
    err = camp.error("fight", "attack", "Ajax", "Cinder Hound 1", "--dice", "1,1,1", "--karma-damage", code=1)
    assert "R17" in err["message"]
    assert camp.error("fight", "attack", "Ajax", "Cinder Hound 1", "--reroll-damage-dice", "1,1", code=2)


@pytest.mark.parametrize("words", [("recap",), ("character", "sheet", "Ajax")], ids=["recap", "sheet"])
def test_format_json_is_json_wherever_format_exists(camp, words):
    assert camp(*words, "--format", "json").stdout == camp(*words, "--json").stdout
    json.loads(camp(*words, "--format", "json").stdout)


def test_format_json_errors_are_json(camp):
    result = camp("recap", "--adventure", "99", "--format", "json")
    assert result.exit_code == 1 and result.stdout == ""
    assert json.loads(result.stderr)["error"]["code"] == "unknown_adventure"
