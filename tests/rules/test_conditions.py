"""Conditions (R11a, R17, R20): who may act and who may receive, rerolls, the dying
settled by time; refusals that name their rule, in Russian too."""

from __future__ import annotations

import pytest

import campaign_cli
from campaign_cli.cli.app import app
from campaign_cli.errors import CampaignError
from campaign_cli.rules import craft
from tests.rules.support import refused, show
from tests.runner import CliRunner


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


def test_pure_refusals_raise_campaign_errors():
    with pytest.raises(CampaignError):
        craft.check_medic(1, {"A": 2}, {"A": {"name": "A", "st": 10, "damage": 3, "last_fight_damage": 3}})


# -- 5. R20: any rest settles every dying character, named or not --------------------------
def test_r20_a_week_of_rest_for_some_settles_the_unnamed_dying(path):
    with campaign_cli.open(path) as camp:
        camp.character_create("Zed", st=10, dx=11, iq=11)
        camp.fight_start()
        camp.damage("Zed", 10)
        camp.damage("Merlin", 3)
        camp.fight_end(fled=True)  # Zed at ST after a fight: dying
        assert camp.character_show("Zed")["status"] == "dying"
        rest = camp.rest("Merlin", week=True)
    assert {c["name"]: c["status"] for c in rest["characters"]} == {"Merlin": "ok", "Zed": "dead"}
    with campaign_cli.read(path) as camp:
        assert camp.character_show("Merlin")["damage"] == 0 and camp.character_show("Zed")["status"] == "dead"


# -- 7. R11a: the out of action and the dying take no action of their own ------------------
@pytest.mark.parametrize(
    "words",
    [
        ("item", "use", "Ajax", "Healing Potion"),
        ("item", "hold", "Ajax", "Dagger"),
        ("item", "wear", "Ajax", "Leather"),
        ("shop", "buy", "Ajax", "Torch", "--price", "1"),
        ("shop", "sell", "Ajax", "Dagger"),
        ("forge", "Ajax", "Dagger"),
        ("curse", "remove", "Ajax", "Rot", "--pay", "xp"),
    ],
)
def test_r11a_the_dying_do_not_drink_hold_wear_buy_sell_forge_or_pay(path, words):
    with campaign_cli.open(path) as camp:
        for item in ("Dagger", "Leather"):
            camp.item_add("Ajax", item)
        camp.item_add("Ajax", "Healing Potion", kind="potion", custom=True)
        camp.gold_add("Ajax", 5)
        camp.xp_award(20, "Ajax")
        camp.curse_apply("Ajax", "Rot")
        camp.town_enter("Brimstone", blacksmith=True)
        camp.darkstone_add("Ajax", 1)
        camp.fight_start()
        camp.damage("Ajax", 12)
        camp.fight_end(fled=True)
    err = refused(path, *words)
    assert err.code == "cannot_act" and "dying" in err.message and err.extra["condition"] == "dying"


def test_r11a_others_may_give_the_dying_a_potion(path):
    with campaign_cli.open(path) as camp:
        camp.item_add("Merlin", "Healing Potion", kind="potion", custom=True)
        camp.fight_start()
        camp.damage("Ajax", 12)
        camp.fight_end(fled=True)
    with campaign_cli.open(path) as camp:
        assert camp.character_show("Ajax")["status"] == "dying"
        given = camp.item_use("Merlin", "Healing Potion", on="Ajax")
    assert given["character"]["name"] == "Ajax"


def test_r11a_the_dead_receive_no_item_gold_or_dark_stone_by_any_command(path):
    with campaign_cli.open(path) as camp:
        camp.item_add("Merlin", "Dagger")
        camp.damage("Ajax", 24)
    for words in (
        ("item", "add", "Ajax", "Dagger"),
        ("item", "give", "Merlin", "Ajax", "Dagger"),
        ("gold", "add", "Ajax", "1"),
        ("darkstone", "add", "Ajax", "1"),
        ("shop", "buy", "Ajax", "Torch", "--price", "0"),
    ):
        err = refused(path, *words)
        assert err.code == "dead" and err.message.startswith("R11a:"), words


# -- tried as a new user would, in Russian ---------------------------------------------------
@pytest.mark.parametrize(
    "words, rule",
    [
        (("skill", "use", "Merlin", "Травник", "--doses", "2"), "R25a"),
        (("shop", "buy", "Ajax", "Палаш"), "R38"),
        (("fight", "attack", "Bog Lurker 1", "Ajax", "--dice", "1,1"), "R32a"),
        (("item", "hold", "Ajax", "Кинжал"), "R11a"),
    ],
)
def test_the_new_refusals_speak_russian_name_the_rule_and_change_nothing(path, words, rule):
    from tests.test_i18n import english_words

    with campaign_cli.open(path) as camp:
        camp.item_add("Ajax", "Dagger")
        if rule == "R32a":
            camp.fight_start()
            camp.fight_add("Bog Lurker")
            camp.fight_order(dice=[6, 1])
        if rule == "R11a":
            camp.damage("Ajax", 12)
    before = path.read_bytes()
    done = CliRunner().invoke(app, ["--lang", "ru", "-c", str(path), *words])
    assert done.exit_code == 1 and path.read_bytes() == before
    message = done.stderr.strip()
    assert rule in message and "ошибка" in message
    assert [w for w in english_words(message) if w not in ("Bog", "Lurker", "Merlin", "Ajax")] == [], message
