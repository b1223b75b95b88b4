"""Skills (R9, R23-R25a): every skill usable, contested skills, combat skills, the limits
of R25a (herbs, doses, occasions), potions and what they add, haggling."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import campaign_cli
from campaign_cli.cli.app import app
from campaign_cli.errors import Refused
from campaign_cli.rules import checks, craft, gear
from campaign_cli.rules.skills import SKILLS
from tests.rules.support import items, refused
from tests.runner import CliRunner


# -- R25 ---------------------------------------------------------------------------------
def test_r25_pure_limits():
    with pytest.raises(Refused, match="at most 2"):
        craft.check_bard(2, {"A": 3}, {"A": {"name": "A", "st": 10}})
    assert craft.healing_potion(2, 3)["heals"] == 6


def test_r9_castable_is_pure():
    doc = {"name": "M", "iq": 10, "spells": [{"name": "Light", "rating": None}, {"name": "Fire", "rating": 11}]}
    assert checks.castable(doc, "light")["name"] == "Light"
    with pytest.raises(Refused, match="R9"):
        checks.castable(doc, "Fire")


# -- R23: every skill of the catalog is usable ---------------------------------------------
def test_r23_skill_use_succeeds_for_a_skill_without_an_effect(camp):
    data = camp.json("skill", "use", "Ajax", "Swimming", "--dice", "1,1,1")  # crashed with AttributeError
    # R23 (fourth pass): a use is the attribute alone, 3/ST, not 3/ST+Swimming
    assert (data["skill"], data["success"], data["effect"], data["target"]) == ("Swimming", True, None, 12)
    out = camp("skill", "use", "Ajax", "Плавание", "--dice", "1,1,1")
    assert (
        out.exit_code == 0
        and out.stdout == "Ajax (Swimming) 3/ST: rolled 1, 1, 1 = 3 vs 12 (ST): success (chance 74.1%)\n"
    )


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
    cli.json("fight", "start")
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


# -- R25 with R38: a merchant (the acts: tests/test_acts_skills.py) ------------------------------
def test_r25_haggled_prices_are_rounded_in_the_merchants_favour():
    assert gear.haggled(15, 1, True) == 13 and gear.haggled(15, 1, False) == 17
    assert gear.haggled(100, 3, True) == 70 and gear.haggled(100, 3, False) == 130
    assert gear.haggled(5, 12, True) == 0


# -- in Russian -----------------------------------------------------------------------------
def test_r25a_refusals_in_russian_name_the_rule(party):
    party.json("adventure", "start")
    party.json("skill", "use", "Kate", "Bard", "--give", "Ajax=1", "--dice", "1,1,1")
    before = party.path.read_bytes()
    out = party("--lang", "ru", "skill", "use", "Kate", "Бард", "--give", "Ajax=1")
    assert out.exit_code == 1 and party.path.read_bytes() == before
    assert "R25a" in out.stderr and "раз за приключение" in out.stderr


# -- 1. R25a: a dose is a Herb carried, used up also on a failed check -----------------------
def test_r25a_a_herbalist_brews_no_dose_without_a_herb(path):
    err = refused(path, "skill", "use", "Merlin", "Herbalist", "--doses", "1000000")
    assert err.code == "no_herbs" and "R25a" in err.message and "1000000" in err.message


def test_r25a_each_dose_uses_up_one_herb_even_on_a_failure(path):
    with campaign_cli.open(path) as camp:
        for _ in range(3):
            camp.item_add("Merlin", "Трава")  # the Russian name of the catalog's Herb
        failed = camp.skill_use("Merlin", "Herbalist", doses=2, dice=[6, 6, 6])
    assert failed["success"] is False and items(path, "Merlin") == ["Herb"]
    with campaign_cli.open(path) as camp:
        brewed = camp.skill_use("Merlin", "Herbalist", doses=1, dice=[1, 1, 1])
    assert brewed["effect"]["potion"]["heals"] == 2 and items(path, "Merlin") == ["Healing Potion"]
    assert refused(path, "skill", "use", "Merlin", "Herbalist", "--doses", "1").code == "no_herbs"


# -- 2, 3. R23: a use is the attribute alone; a contested skill adds its level ----------------
def test_r23_using_a_skill_rolls_the_attribute_alone(path):
    with campaign_cli.open(path) as camp:
        camp.character_create("Kate", st=10, dx=10, iq=12, skill=["Climbing=2", "Charm"])
        climb = camp.skill_use("Kate", "Climbing", dice=[4, 4, 4])
        plus = camp.check("Kate", "3/DX+Climbing", dice=[4, 4, 4])  # the "+" form is a check (R6)
        charm = camp.skill_use("Kate", "Charm", against=12, dice=[4, 4, 4], other_dice=[4, 4, 4])
    assert climb["target"] == 10 and climb["spec"] == "3/ST"  # Climbing is an ST skill: ST 10, no +2
    assert plus["target"] == 12  # DX 10 + Climbing 2: the "+" form adds the level (R6)
    assert charm["a"]["target"] == 13 and charm["b"]["target"] == 12  # R7 "(+умение)": IQ 12 + Charm 1


# -- 4. R24, R25a: a combat-skill potion goes where the levels go -------------------------
def test_r25a_a_sword_potion_adds_to_damage_for_a_fighter_whose_levels_go_to_damage(path):
    with campaign_cli.open(path) as camp:
        camp.character_set("Ajax", combat=["Sword=damage"])
        camp.item_add("Ajax", "Broadsword")
        camp.item_hold("Ajax", "Broadsword")
        plain = camp.roll("2D6", character="Ajax", weapon="Broadsword", dice=[3, 3])
    with campaign_cli.open(path) as camp:  # an Alchemist's potion: Sword +2
        camp.character_create("Alma", st=10, dx=10, iq=12, skill=["Alchemist=2"])
        camp.xp_award(1, "Alma")
        potion = camp.skill_use("Alma", "Alchemist", boost="Sword", dice=[1, 1, 1])["effect"]["potion"]
        camp.item_give("Alma", "Ajax", str(potion["id"]))
        camp.item_use("Ajax", str(potion["id"]))
        boosted = camp.roll("2D6", character="Ajax", weapon="Broadsword", dice=[3, 3])
    assert boosted["total"] == plain["total"] + 2


# -- 9. R25: what counts on the next roll is shown --------------------------------------------
def test_r25_boosts_shown_are_the_boosts_counted(path):
    with campaign_cli.open(path) as camp:
        camp.character_create("Alma", st=10, dx=10, iq=12, skill=["Alchemist=2", "Leadership"])
        camp.xp_award(1, "Alma")
        potion = camp.skill_use("Alma", "Alchemist", boost="DX", dice=[1, 1, 1])["effect"]["potion"]
        camp.item_give("Alma", "Ajax", str(potion["id"]))
        camp.item_use("Ajax", str(potion["id"]))
        camp.skill_use("Alma", "Leadership", for_="Ajax", dice=[1, 1, 1])
        shown = camp.character_show("Ajax")
    runner = CliRunner()
    sheet = runner.invoke(app, ["-c", str(path), "character", "sheet", "Ajax", "--format", "md"]).stdout
    human = runner.invoke(app, ["-c", str(path), "character", "show", "Ajax"]).stdout
    with campaign_cli.open(path) as camp:
        check = camp.check("Ajax", "3/DX", dice=[6, 6, 6])
    assert shown["boosts"] == {"DX": 2} and shown["leadership"] == {"value": 1, "from": "Alma"}
    for text in (sheet, human):
        assert "potion: DX +2" in text and "Leadership +1 from Alma" in text
    counted = {m["kind"]: m["value"] for m in check["modifiers"]}
    assert counted["potion"] == shown["boosts"]["DX"] and counted["leadership"] == shown["leadership"]["value"]


def test_the_herb_hint_quotes_a_two_word_name(path):
    with campaign_cli.open(path) as camp:
        camp.character_create("Lada Bright", st=10, dx=12, iq=10, skill=["Herbalist"])
    err = refused(path, "skill", "use", "Lada Bright", "Herbalist", "--doses", "1")
    assert "`item_add('Lada Bright', 'Herb')`" in err.message  # the library's words; the CLI's quote as a shell


def _drink(camp, attribute: str) -> None:
    """Ajax drinks a potion raising ATTRIBUTE by 2 (Alma's Alchemist 2, R25)."""
    if "Alma" not in [c["name"] for c in camp.character_list()]:
        camp.character_create("Alma", st=10, dx=10, iq=12, skill=["Alchemist=2"])
    camp.xp_award(1, "Alma")
    potion = camp.skill_use("Alma", "Alchemist", boost=attribute, dice=[1, 1, 1])["effect"]["potion"]
    camp.item_give("Alma", "Ajax", str(potion["id"]))
    camp.item_use("Ajax", str(potion["id"]))


def test_r25a_a_dx_potion_raises_adjusted_dx_and_ma_shown_beside_the_base(path):
    with campaign_cli.open(path) as camp:
        before = camp.character_show("Ajax")
        _drink(camp, "DX")
        after = camp.character_show("Ajax")
    assert (after["dx"], after["raised"]) == (before["dx"], {"DX": before["dx"] + 2})
    assert after["adjusted_dx"] == before["adjusted_dx"] + 2 and after["ma"] >= before["ma"]
    shown = CliRunner().invoke(app, ["-c", str(path), "character", "show", "Ajax"]).stdout
    assert f"{before['dx']} (now {before['dx'] + 2})" in shown


def test_r25a_an_st_potion_raises_the_carry_limit_and_the_out_of_action_threshold(path):
    with campaign_cli.open(path) as camp:
        camp.damage("Ajax", 12)  # at ST 12: out of action (R19)
        assert camp.character_show("Ajax")["status"] == "out"
        camp.heal("Ajax", 12)
        _drink(camp, "ST")
        camp.damage("Ajax", 12)  # ST 14 while the potion lasts: still on his feet
        ajax = camp.character_show("Ajax")
    assert ajax["status"] == "ok" and ajax["carry_limit"] == 5 + 14 and ajax["raised"] == {"ST": 14}
