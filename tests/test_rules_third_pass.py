"""Rules, third pass (R11a, R13, R17, R20, R22, R23, R25, R25a, R27, R32, R38): every skill
usable, skills with limits, karma on every roll, the dying and the dead, a merchant.
Each test is named after its rule and fails if the rule breaks."""

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
def test_r25a_bard_once_per_adventure_per_bard_a_failure_spends_it(party):
    party.json("adventure", "start")
    failed = party.json("skill", "use", "Kate", "Bard", "--give", "Ajax=1", "--dice", "6,6,6")
    assert (failed["success"], failed["effect"]) == (False, None)
    err = party.error("skill", "use", "Kate", "Bard", "--give", "Ajax=1", "--dice", "1,1,1", code=1)
    assert err["code"] == "skill_used" and "R25a" in err["message"]
    assert show(party, "Ajax")["karma"] == 0
    party.json("adventure", "end")
    party.json("adventure", "start")
    assert party.json("skill", "use", "Kate", "Bard", "--give", "Ajax=1", "--dice", "1,1,1")["effect"]["karma"] == {
        "Ajax": 1
    }


def test_r25a_bard_karma_cannot_be_farmed_into_iq(party):
    party.json("adventure", "start")
    party.json("skill", "use", "Kate", "Bard", "--give", "Kate=1", "--dice", "1,1,1")
    for _ in range(12):
        party.error("skill", "use", "Kate", "Bard", "--give", "Kate=1", "--dice", "1,1,1", code=1)
    assert show(party, "Kate")["karma"] == 1


def test_r25a_medic_once_per_fight_per_medic_only_that_fights_damage(party):
    party.json("damage", "Ajax", "4")  # before any fight
    party.json("fight", "start")
    party.json("damage", "Ajax", "1")
    party.json("fight", "end", "--won")
    err = party.error("skill", "use", "Kate", "Medic", "--heal", "Ajax=2", "--dice", "1,1,1", code=1)
    assert err["code"] == "over_level"  # level 1
    err = party.error("skill", "use", "Kate", "Medic", "--heal", "Merlin=1", "--dice", "1,1,1", code=1)
    assert err["code"] == "not_fight_damage"
    assert party.json("skill", "use", "Kate", "Medic", "--heal", "Ajax=1", "--dice", "1,1,1")["effect"]["healed"] == {
        "Ajax": 1
    }
    err = party.error("skill", "use", "Kate", "Medic", "--heal", "Ajax=1", "--dice", "1,1,1", code=1)
    assert err["code"] == "skill_used"
    assert show(party, "Ajax")["damage"] == 4  # the damage from before the fight stays


def test_r25a_medic_heals_nothing_from_before_the_fight_started(party):
    party.json("damage", "Ajax", "3")
    party.json("fight", "start")
    party.json("fight", "end", "--won")
    err = party.error("skill", "use", "Kate", "Medic", "--heal", "Ajax=1", "--dice", "1,1,1", code=1)
    assert err["code"] == "not_fight_damage" and "has 0 such damage" in err["message"]


def test_r25a_leadership_once_per_fight_and_once_between(party):
    party.json("skill", "use", "Kate", "Leadership", "--for", "Ajax", "--dice", "6,6,6")  # a failure spends it
    assert party.error("skill", "use", "Kate", "Leadership", "--for", "Ajax", code=1)["code"] == "skill_used"
    party.json("fight", "start")
    party.json("skill", "use", "Kate", "Leadership", "--for", "Ajax", "--dice", "1,1,1")
    assert party.error("skill", "use", "Kate", "Лидерство", "--for", "Ajax", code=1)["code"] == "skill_used"
    party.json("fight", "end", "--won")
    assert party.json("skill", "use", "Kate", "Leadership", "--for", "Ajax", "--dice", "1,1,1")["success"]


def test_r25a_alchemist_pays_one_xp_per_use_a_failure_too(camp):
    camp.json("character", "create", "Zed", "--st", "10", "--dx", "10", "--iq", "12", "--skill", "Alchemist")
    camp.json("xp", "award", "2", "Zed")
    camp.json("skill", "use", "Zed", "Alchemist", "--boost", "ST", "--dice", "6,6,6")
    assert show(camp, "Zed")["xp"] == 1 and show(camp, "Zed")["items"] == []
    camp.json("skill", "use", "Zed", "Alchemist", "--boost", "ST", "--dice", "1,1,1")
    assert show(camp, "Zed")["xp"] == 0
    assert camp.error("skill", "use", "Zed", "Alchemist", "--boost", "ST", code=1)["code"] == "not_enough_xp"


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


# -- R25: potions last one encounter ------------------------------------------------------
def test_r25_a_boost_ends_with_the_adventure_and_a_week_of_rest(camp):
    camp.json("character", "create", "Zed", "--st", "10", "--dx", "10", "--iq", "12", "--skill", "Alchemist=2")
    camp.json("xp", "award", "3", "Zed")
    camp.json("adventure", "start")
    potion = camp.json("skill", "use", "Zed", "Alchemist", "--boost", "ST", "--dice", "1,1,1")["effect"]["potion"]
    camp.json("item", "use", "Zed", str(potion["id"]))
    assert camp.json("check", "Zed", "3/ST", "--dice", "6,6,1")["target"] == 12
    camp.json("adventure", "end")
    assert camp.json("check", "Zed", "3/ST", "--dice", "6,6,1")["target"] == 10
    camp.json("adventure", "start")
    potion = camp.json("skill", "use", "Zed", "Alchemist", "--boost", "ST", "--dice", "1,1,1")["effect"]["potion"]
    camp.json("item", "use", "Zed", str(potion["id"]))
    camp.json("rest", "--week")
    assert camp.json("check", "Zed", "3/ST", "--dice", "6,6,1")["target"] == 10


def test_r25_two_potions_of_one_kind_do_not_stack(camp):
    camp.json("character", "create", "Zed", "--st", "10", "--dx", "10", "--iq", "12", "--skill", "Alchemist=2")
    camp.json("xp", "award", "3", "Zed")
    for _ in range(2):
        potion = camp.json("skill", "use", "Zed", "Alchemist", "--boost", "DX", "--dice", "1,1,1")["effect"]["potion"]
        camp.json("item", "use", "Zed", str(potion["id"]))
    assert camp.json("check", "Zed", "3/DX", "--dice", "6,6,1")["target"] == 12  # 10 + 2, not + 4


def test_r25_a_skill_potion_needs_the_drinker_to_have_the_skill(camp):
    camp.json("character", "create", "Zed", "--st", "10", "--dx", "10", "--iq", "12", "--skill", "Alchemist=2")
    camp.json("xp", "award", "3", "Zed")
    potion = camp.json("skill", "use", "Zed", "Alchemist", "--boost", "Swimming", "--dice", "1,1,1")["effect"]["potion"]
    err = camp.error("item", "use", "Zed", str(potion["id"]), code=1)
    assert err["code"] == "unknown_skill" and "Swimming" in err["message"]
    camp.json("item", "give", "Zed", "Ajax", str(potion["id"]))
    camp.json("item", "use", "Ajax", str(potion["id"]))
    assert camp.json("check", "Ajax", "3/ST+Swimming", "--dice", "6,6,1")["target"] == 15  # 12 + 1 + 2


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


# -- R11a, R20: the dying and the dead -------------------------------------------------------
def test_r20_a_dying_character_spends_no_xp(camp):
    camp.json("xp", "award", "20", "Ajax")
    camp.json("damage", "Ajax", "13")
    camp.json("fight", "end", "--won")
    assert show(camp, "Ajax")["status"] == "dying"
    err = camp.error("xp", "spend", "Ajax", "--attribute", "ST", code=1)
    assert err["code"] == "dying" and "R20" in err["message"]


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


def test_r11a_party_awards_skip_the_dead_and_effects_refuse_them(party):
    party.json("damage", "Merlin", "16")
    data = party.json("xp", "award", "2", "--party")
    assert [c["name"] for c in data["characters"]] == ["Ajax", "Kate"]
    party.json("adventure", "start")
    assert party.error("skill", "use", "Kate", "Bard", "--give", "Merlin=1", code=1)["code"] == "dead"
    assert party.error("skill", "use", "Kate", "Leadership", "--for", "Merlin", code=1)["code"] == "dead"


def test_r22_a_week_of_rest_settles_the_dying(camp):
    camp.json("adventure", "start")
    camp.json("damage", "Ajax", "13")  # at or past ST, not healed: does not live through the week
    data = camp.json("rest", "--week")
    assert {c["name"]: c["status"] for c in data["characters"]}["Ajax"] == "dead"
    assert show(camp, "Merlin")["status"] == "ok"


# -- R17: karma on every roll ----------------------------------------------------------------
def test_r17_karma_on_a_contest_rerolls_names_side_when_it_does_not_win(camp):
    camp.json("karma", "add", "Ajax", "1")
    data = camp.json(
        "contest",
        "Ajax",
        "3/ST",
        "10",
        "3/ST",
        "--dice",
        "6,6,6",
        "--other-dice",
        "3,3,3",
        "--karma",
        "--reroll-dice",
        "4,4,4",
    )
    assert (data["winner"], data["a"]["first_dice"], data["a"]["dice"], data["karma_spent"]) == (
        "Ajax",
        [6, 6, 6],
        [4, 4, 4],
        1,
    )
    assert show(camp, "Ajax")["karma"] == 0
    assert camp.error("contest", "Ajax", "3/ST", "10", "3/ST", "--karma", code=1)["code"] == "no_karma"


def test_r17_karma_on_a_cast_and_a_skill_use(camp):
    camp.json("karma", "add", "Merlin", "1")
    data = camp.json("cast", "Merlin", "Fireball", "--dice", "6,6,6", "--karma", "--reroll-dice", "1,1,1")
    assert (data["success"], data["first_dice"], data["karma_spent"]) == (True, [6, 6, 6], 1)
    camp.json("wish", "add", "Ajax", "1")
    data = camp.json("skill", "use", "Ajax", "Swimming", "--dice", "6,6,6", "--karma", "--reroll-dice", "2,2,2")
    assert (data["success"], data["wish_spent"]) == (True, 1)
    assert show(camp, "Ajax")["wishes"] == 0
    assert camp.error("skill", "use", "Ajax", "Swimming", "--reroll-dice", "1,1,1", code=2)["code"] == "usage"


def test_r17_karma_on_a_damage_roll_keeps_the_new_roll(camp):
    camp.json("item", "add", "Ajax", "Broadsword")
    camp.json("item", "hold", "Ajax", "Broadsword")
    camp.json("karma", "add", "Ajax", "1")
    data = camp.json(
        "roll", "--character", "Ajax", "--weapon", "Broadsword", "--dice", "6,6", "--karma", "--reroll-dice", "1,2"
    )
    assert (data["first_dice"], data["dice"], data["total"], data["karma_spent"]) == ([6, 6], [1, 2], 3, 1)
    out = camp("roll", "--character", "Ajax", "--weapon", "Broadsword", "--dice", "6,6")
    assert out.exit_code == 0
    assert camp.error("roll", "2D6", "--karma", code=2)["code"] == "usage"


# -- R38 with R25: a merchant --------------------------------------------------------------
def test_r38_shop_buy_takes_the_gold_and_adds_the_item(camp):
    camp.json("gold", "add", "Ajax", "50")
    data = camp.json("shop", "buy", "Ajax", "Кольчуга", "--price", "30")
    assert (data["price"], data["paid"], data["haggle"], data["item"]["name"]) == (30, 30, None, "Chainmail")
    assert data["character"]["gold"] == 20
    err = camp.error("shop", "buy", "Ajax", "Plate", "--price", "21", code=1)
    assert err["code"] == "cannot_afford" and "20" in err["message"]
    data = camp.json("shop", "buy", "Ajax", "Lucky Hat", "--clothing", "hat", "--value", "5")
    assert (data["paid"], data["item"]["clothing"]) == (5, "hat")


def test_r38_shop_sell_pays_and_never_takes_a_personal_item(camp):
    camp.json("item", "add", "Ajax", "Dagger", "--value", "4")
    camp.json("item", "add", "Ajax", "Locket", "--personal", "--value", "100")
    data = camp.json("shop", "sell", "Ajax", "Dagger")
    assert (data["received"], data["character"]["gold"]) == (4, 4)
    assert camp.error("shop", "sell", "Ajax", "Locket", code=1)["code"] == "personal_item"


def test_r25_haggle_needs_the_merchant_skill_and_moves_the_price_by_level(party):
    assert (
        party.error("shop", "buy", "Ajax", "Dagger", "--price", "10", "--haggle", "10", code=1)["code"]
        == "unknown_skill"
    )
    party.json("gold", "add", "Kate", "100")
    won = party.json(
        "shop", "buy", "Kate", "Dagger", "--price", "15", "--haggle", "10", "--dice", "1,1,1", "--other-dice", "6,6,6"
    )
    assert (won["price"], won["paid"], won["haggle"]["winner"]) == (15, 13, "Kate")  # 13.5 rounded in Kate's favour
    lost = party.json(
        "shop", "buy", "Kate", "Dagger", "--price", "15", "--haggle", "10", "--dice", "6,6,6", "--other-dice", "1,1,1"
    )
    assert lost["paid"] == 15
    sold = party.json(
        "shop",
        "sell",
        "Kate",
        str(won["item"]["id"]),
        "--price",
        "15",
        "--haggle",
        "10",
        "--dice",
        "1,1,1",
        "--other-dice",
        "6,6,6",
    )
    assert sold["received"] == 17  # 16.5 rounded in Kate's favour


def test_r25_haggled_prices_are_rounded_in_the_merchants_favour():
    assert gear.haggled(15, 1, True) == 13 and gear.haggled(15, 1, False) == 17
    assert gear.haggled(100, 3, True) == 70 and gear.haggled(100, 3, False) == 130
    assert gear.haggled(5, 12, True) == 0


# -- costly no-ops refused ------------------------------------------------------------------
def test_r17_a_wish_with_nothing_to_cancel_is_kept(camp):
    camp.json("wish", "add", "Ajax", "1")
    err = camp.error("wish", "spend", "Ajax", code=1)
    assert err["code"] == "nothing_to_cancel"
    assert show(camp, "Ajax")["wishes"] == 1


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
