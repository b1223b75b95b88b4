"""Rules, third pass (R11a, R13, R17, R20, R22, R23, R25, R25a, R27, R32, R38): every skill
usable, skills with limits, karma on every roll, the dying and the dead, a merchant.
Each test is named after its rule and fails if the rule breaks. These are the commands'
side (words, JSON, exit codes); the procedures are played through the acts in
tests/test_acts_skills.py."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from campaign_cli.errors import CampaignError, Refused
from campaign_cli.rules import craft, gear
from campaign_cli.rules.skills import SKILLS


@pytest.fixture
def party(camp):
    """Ajax and Merlin, plus Kate (Medic 1, Bard 1, Leadership 1, Merchant 1, Charm 1)."""
    camp.json(
        "character",
        "create",
        "Kate",
        "--st",
        "10",
        "--dx",
        "10",
        "--iq",
        "12",
        "--skill",
        "Medic",
        "--skill",
        "Bard",
        "--skill",
        "Leadership",
        "--skill",
        "Charm",
    )
    camp.json("xp", "award", "40", "Kate")
    camp.json("xp", "spend", "Kate", "--skill", "Merchant")
    return camp


def show(camp, name):
    return camp.json("character", "show", name)


# -- R23: every skill of the catalog is usable ---------------------------------------------
def test_r23_skill_use_succeeds_for_a_skill_without_an_effect(camp):
    data = camp.json("skill", "use", "Ajax", "Swimming", "--dice", "1,1,1")  # crashed with AttributeError
    # R23 (fourth pass): a use is the attribute alone, 3/ST, not 3/ST+Swimming
    assert (data["skill"], data["success"], data["effect"], data["target"]) == ("Swimming", True, None, 12)
    out = camp("skill", "use", "Ajax", "Плавание", "--dice", "1,1,1")
    assert out.exit_code == 0 and out.stdout == "Ajax 3/ST: rolled 1, 1, 1 = 3 vs 12 (ST): success (chance 74.1%)\n"


def test_r23_contested_skills_take_against(party):
    err = party.error("skill", "use", "Kate", "Charm", "--dice", "1,1,1", code=2)
    assert "--against" in err["message"]
    data = party.json("skill", "use", "Kate", "Charm", "--against", "10", "--dice", "1,1,1", "--other-dice", "6,6,6")
    assert (data["winner"], data["success"], data["a"]["target"]) == ("Kate", True, 13)  # R23: IQ 12 + Charm 1
    data = party.json(
        "skill", "use", "Kate", "Обаяние", "--against", "Merlin", "--dice", "6,6,6", "--other-dice", "1,1,1"
    )
    assert (data["winner"], data["success"]) == ("Merlin", False)
    assert party.error("skill", "use", "Ajax", "Swimming", "--against", "10", code=2)["code"] == "bad_option"


def test_r24_combat_skills_are_refused_naming_where_they_count(camp):
    err = camp.error("skill", "use", "Ajax", "Sword", code=1)
    assert err["code"] == "not_a_check_skill" and "R24" in err["message"]


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    skill=st.sampled_from(SKILLS),
    dice=st.lists(st.integers(1, 6), min_size=3, max_size=3),
    other=st.lists(st.integers(1, 6), min_size=3, max_size=3),
    lang=st.sampled_from(["en", "ru"]),
    russian_name=st.booleans(),
)
def test_r23_every_catalog_skill_through_skill_use_never_an_internal_error(
    tmp_path_factory, skill, dice, other, lang, russian_name
):
    from tests.conftest import Cli

    cli = Cli(tmp_path_factory.mktemp("skills") / "campaign.json")
    cli("init")
    cli.json(
        "character",
        "create",
        "Ajax",
        "--st",
        "12",
        "--dx",
        "10",
        "--iq",
        "10",
        "--skill",
        "Sword" if skill.name == "Axe" else "Axe",
    )
    cli.json("xp", "award", "100", "Ajax")
    if skill.name != "Axe":
        cli.json("xp", "spend", "Ajax", "--skill", skill.name)
    cli.json("adventure", "start")
    cli.json("damage", "Ajax", "2")
    cli.json("fight", "end", "--won")
    options = {
        "Medic": ["--heal", "Ajax=1"],
        "Bard": ["--give", "Ajax=1"],
        "Leadership": ["--for", "Ajax"],
        "Herbalist": ["--doses", "2"],
        "Alchemist": ["--boost", "ST"],
    }.get(skill.name, [])
    if skill.check.startswith("c-"):
        options += ["--against", "10", "--other-dice", ",".join(map(str, other))]
    name = skill.aliases[0] if russian_name else skill.name
    for _ in range(3):  # R25a: repeating never crashes either
        before = cli.path.read_bytes()
        result = cli.runner.invoke(
            __import__("campaign_cli.cli.app", fromlist=["app"]).app,
            [
                "--lang",
                lang,
                "-c",
                str(cli.path),
                "skill",
                "use",
                "Ajax",
                name,
                *options,
                "--dice",
                ",".join(map(str, dice)),
                "--json",
            ],
        )
        assert result.exit_code in (0, 1, 2), result.stderr
        assert "internal error" not in result.stderr
        if result.exit_code:
            assert cli.path.read_bytes() == before
            assert json.loads(result.stderr)["error"]["code"]


# -- R25a: how often -----------------------------------------------------------------------
def test_r25a_a_use_beyond_the_limit_is_refused_before_any_roll(party):
    party.json("adventure", "start")
    party.json("skill", "use", "Kate", "Bard", "--give", "Ajax=1", "--dice", "1,1,1")
    entries = len(party.json("log", "--limit", "100"))
    party.error("skill", "use", "Kate", "Bard", "--give", "Ajax=1", code=1)
    assert len(party.json("log", "--limit", "100")) == entries


def test_r25a_pure_occasions():
    meta = {"adventures": 2, "fights": 3, "fight": None}
    assert craft.occasion("Bard", meta) == "adventure 2"
    assert craft.occasion("Medic", meta) == "fight 3"
    assert craft.occasion("Leadership", meta) == "after fight 3"
    assert craft.occasion("Leadership", {**meta, "fight": {"round": 1}}) == "fight 4"
    assert craft.occasion("Swimming", meta) is None
    doc = {"name": "K"}
    craft.spend_occasion(doc, "Bard", meta)
    with pytest.raises(Refused, match="R25a"):
        craft.check_occasion(doc, "Bard", meta)
    craft.check_occasion(doc, "Bard", {**meta, "adventures": 3})


# -- R30: Segmented armor -------------------------------------------------------------------
@pytest.mark.parametrize("name", ["Segmented", "Scale", "Сегментированная", "segmented"])
def test_r30_segmented_armor_is_the_catalogs(camp, name):
    item = camp.json("item", "add", "Ajax", name)["item"]
    assert (item["name"], item["kind"], item["armor"], item["restriction"]) == ("Segmented", "armor", 4, 4)


# -- R27, R32: damage from the hands --------------------------------------------------------
def test_r27_r32_a_weapon_rolls_damage_only_in_hand_and_with_the_st_for_it(camp):
    camp.json("item", "add", "Merlin", "Battleaxe", "--heft", "12")
    err = camp.error("roll", "--character", "Merlin", "--weapon", "Battleaxe", code=1)
    assert err["code"] == "too_heavy_to_wield" and "R27" in err["message"]
    camp.json("item", "add", "Ajax", "Broadsword")
    err = camp.error("roll", "--character", "Ajax", "--weapon", "Broadsword", code=1)
    assert err["code"] == "not_in_hand" and "R32" in err["message"]
    camp.json("item", "hold", "Ajax", "Broadsword")
    assert camp.json("roll", "--character", "Ajax", "--weapon", "Broadsword", "--dice", "3,4")["total"] == 7


# -- R11a: the dead (the acts: tests/test_acts_skills.py) -------------------------------------
@pytest.mark.parametrize(
    "args",
    [
        ("xp", "award", "1", "Ajax"),
        ("karma", "add", "Ajax", "1"),
        ("wish", "add", "Ajax", "1"),
        ("gold", "add", "Ajax", "5"),
        ("item", "add", "Ajax", "Dagger"),
        ("xp", "spend", "Ajax", "--attribute", "ST"),
        ("shop", "buy", "Ajax", "Dagger", "--price", "0"),
    ],
)
def test_r11a_the_dead_win_and_spend_nothing(camp, args):
    camp.json("damage", "Ajax", "24")
    assert show(camp, "Ajax")["status"] == "dead"
    assert camp.error(*args, code=1)["code"] == "dead"


# -- R17: karma's options are the command line's ----------------------------------------------
def test_r17_reroll_dice_without_karma_and_karma_on_a_plain_roll_are_usage_errors(camp):
    assert camp.error("skill", "use", "Ajax", "Swimming", "--reroll-dice", "1,1,1", code=2)["code"] == "usage"
    assert camp.error("roll", "2D6", "--karma", code=2)["code"] == "usage"
    camp.json("item", "add", "Ajax", "Broadsword")
    camp.json("item", "hold", "Ajax", "Broadsword")
    out = camp("roll", "--character", "Ajax", "--weapon", "Broadsword", "--dice", "6,6")
    assert out.exit_code == 0 and out.stdout == "2D6: 6, 6 = 12 damage by Ajax\n"


# -- R25 with R38: a merchant (the acts: tests/test_acts_skills.py) ------------------------------
def test_r25_haggled_prices_are_rounded_in_the_merchants_favour():
    assert gear.haggled(15, 1, True) == 13 and gear.haggled(15, 1, False) == 17
    assert gear.haggled(100, 3, True) == 70 and gear.haggled(100, 3, False) == 130
    assert gear.haggled(5, 12, True) == 0


# -- costly no-ops refused ------------------------------------------------------------------
def test_r32_item_hold_without_items_is_a_usage_error_none_empties(camp):
    camp.json("item", "add", "Ajax", "Dagger")
    camp.json("item", "hold", "Ajax", "Dagger")
    assert camp.error("item", "hold", "Ajax", code=2)["code"] == "missing_argument"
    assert camp.error("item", "hold", "Ajax", "Dagger", "--none", code=2)["code"] == "missing_argument"
    assert camp.json("item", "hold", "Ajax", "--none")["held"] == []


# -- in Russian -----------------------------------------------------------------------------
def test_r25a_refusals_in_russian_name_the_rule(party):
    party.json("adventure", "start")
    party.json("skill", "use", "Kate", "Bard", "--give", "Ajax=1", "--dice", "1,1,1")
    before = party.path.read_bytes()
    out = party("--lang", "ru", "skill", "use", "Kate", "Бард", "--give", "Ajax=1")
    assert out.exit_code == 1 and party.path.read_bytes() == before
    assert "R25a" in out.stderr and "раз за приключение" in out.stderr


def test_pure_refusals_raise_campaign_errors():
    with pytest.raises(CampaignError):
        craft.check_medic(1, {"A": 2}, {"A": {"name": "A", "st": 10, "damage": 3, "last_fight_damage": 3}})
