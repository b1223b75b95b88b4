"""Items, gold, dark stone and forging (R24, R26, R29, R30, R32-R39), played through the
acts on an open campaign: no command line. tests/test_cli_gear.py keeps the commands'
words, options and undo."""

from __future__ import annotations

from pathlib import Path

import pytest

from campaign_cli.acts import characters, course, rolls, wounds
from campaign_cli.acts import items as gear
from campaign_cli.rules.checks import parse_spec
from campaign_cli.rules.dice import Throw
from tests.table import Game, new_game, rng


@pytest.fixture
def game(tmp_path: Path) -> Game:
    return new_game(tmp_path / "campaign.json")


def add(game: Game, who: str, ref: str, custom: bool = False, **options) -> dict:
    """`item add WHO REF [--custom] --OPTION VALUE...`: the item added."""
    return game(gear.add, who, ref, custom, options)[1]


def names(game: Game, who: str) -> list[str]:
    return [i["name"] for i in game.character(who)["items"]]


def test_item_ids_are_unique_and_never_reused(game):
    a = add(game, "Ajax", "Dagger")
    b = add(game, "Merlin", "Dagger")
    game(gear.drop, "Ajax", str(a["id"]))
    c = add(game, "Ajax", "Dagger")
    assert len({a["id"], b["id"], c["id"]}) == 3 and c["id"] > b["id"]


def test_r33_carry_limit_at_the_edge_changes_nothing(game):
    add(game, "Ajax", "Crate", True, weight=9)
    add(game, "Ajax", "Sack", True, weight=8)
    err = game.refused(gear.add, "Ajax", "Feather", True, {"weight": 1})
    assert err.code == "too_heavy" and err.message == "R33: Ajax carries 17 of 17; Feather weighs 1"


def test_r36_a_second_personal_item_and_a_personal_item_kept(game):
    add(game, "Ajax", "Lucky Coin", True, personal=True)
    assert game.refused(gear.add, "Ajax", "Ring", True, {"personal": True}).code == "second_personal"
    assert game.refused(gear.drop, "Ajax", "lucky coin").code == "personal_item"
    assert game.refused(gear.trade, "Ajax", "Merlin", "Lucky Coin", None, False).code == "personal_item"
    assert game.refused(gear.trade, "Ajax", "Merlin", "Lucky Coin", None, True).code == "personal_item"


def test_r39_no_item_has_a_fourth_slot(game):
    assert game.refused(gear.add, "Ajax", "Gun", True, {"slots": 4}).code == "too_many_slots"
    assert add(game, "Ajax", "Gun", True, slots=3)["slots"] == 3


def test_r38_a_sale_at_the_items_value_or_a_price_and_a_gift(game):
    sword = add(game, "Ajax", "Broadsword", value=40)
    game(gear.count, "gold", "Merlin", 30, "gold")
    err = game.refused(gear.trade, "Ajax", "Merlin", "Broadsword", None, True)
    assert err.message == "R38: Merlin has 30 gold; Broadsword costs 40"
    src, dst, item, _moved, paid = game(gear.trade, "Ajax", "Merlin", "Broadsword", 25, True)
    assert (paid, src["gold"], dst["gold"], item["id"]) == (25, 25, 5, sword["id"])
    game(gear.trade, "Merlin", "Ajax", str(sword["id"]), None, False)
    assert names(game, "Ajax") == ["Broadsword"] and names(game, "Merlin") == []
    assert game.refused(gear.trade, "Ajax", "Nobody", "Broadsword", None, False).code == "unknown_character"
    assert game.refused(gear.trade, "Ajax", "Merlin", "Axe", None, False).code == "unknown_item"


def test_r30_r32_armor_worn_and_what_the_hands_hold(game):
    for ref in ("Leather", "Small Shield", "Battleaxe", "Dagger"):
        add(game, "Ajax", ref)
    game(gear.wear, "Ajax", "Leather")
    game(gear.wear, "Ajax", "Small Shield")
    shown = game.character("Ajax")
    assert (shown["armor"], shown["adjusted_dx"], shown["ma"]) == (3, 9, 4)
    assert game.refused(gear.hold, "Ajax", ["Battleaxe"]).code == "two_handed_shield"
    game(gear.hold, "Ajax", ["Dagger"])
    game(gear.stow, "Ajax", "Small Shield")
    game(gear.hold, "Ajax", ["Battleaxe"])
    states = {i["name"]: i["state"] for i in game.character("Ajax")["items"]}
    assert states == {"Leather": "worn", "Small Shield": "carried", "Battleaxe": "held", "Dagger": "carried"}
    _prep, result = game(rolls.check, "Ajax", parse_spec("DX 6+"), Throw(None, rng()))
    assert len(result["dice"]) == 9  # R30: DX 11 - 2


def test_r29_damage_less_the_armor_worn(game):
    add(game, "Ajax", "Chainmail")
    game(gear.wear, "Ajax", "Chainmail")
    _doc, applied = game(wounds.damage, "Ajax", 6, False, True)
    assert (applied["damage"], applied["absorbed"]) == (3, 3)


def test_r35_one_piece_of_clothing_a_body_part(game):
    add(game, "Ajax", "Hat", True, clothing="hat")
    add(game, "Ajax", "Cap", True, clothing="Hat")
    game(gear.wear, "Ajax", "Hat")
    assert game.refused(gear.wear, "Ajax", "Cap").code == "body_part_taken"
    add(game, "Ajax", "Rope")
    assert game.refused(gear.wear, "Ajax", "Rope").code == "not_wearable"


def test_r34_an_item_that_requires_a_keyword(game):
    add(game, "Ajax", "Badge", True, hands=1, requires=["Law"])
    assert game.refused(gear.hold, "Ajax", ["Badge"]).code == "missing_keyword"
    game(characters.change, "Ajax", values={}, drop_attr=[], modes={}, keywords=["Law"], drop_keywords=[], gender=None)
    assert [i["name"] for i in game(gear.hold, "Ajax", ["Badge"])[1]] == ["Badge"]


def test_gold_and_dark_stone_never_below_zero(game):
    assert game(gear.count, "gold", "Ajax", 5, "gold")["gold"] == 5
    assert game.refused(gear.count, "gold", "Ajax", -6, "gold").code == "not_enough_gold"
    game(gear.count, "darkstone", "Ajax", 2, "dark stone")
    assert game.character("Ajax")["darkstone_total"] == 2
    assert game.refused(gear.count, "darkstone", "Ajax", -3, "dark stone").code == "not_enough_darkstone"


def test_r37_r39_forged_at_a_blacksmith_and_upgraded_up_to_the_slots(game):
    gun = add(game, "Ajax", "Pistol", True, kind="weapon", damage="2D6", slots=3, darkstone_icon=True)
    game(gear.count, "darkstone", "Ajax", 3, "dark stone")
    game(gear.count, "gold", "Ajax", 50, "gold")
    assert game.refused(gear.forge, "Ajax", "Pistol", 1, 1, 0, None).code == "no_blacksmith"
    game(course.enter_town, "Dry Creek", False)
    assert game.refused(gear.forge, "Ajax", "Pistol", 1, 1, 0, None).code == "no_blacksmith"
    game(course.enter_town, "Brimstone", True)
    _doc, item = game(gear.forge, "Ajax", "Pistol", 2, 1, 50, "Void Round")
    assert item["upgrades"] == [{"name": "Void Round", "slots": 1, "darkstone": 2, "forged": True, "gold": 50}]
    ajax = game.character("Ajax")
    assert (ajax["darkstone"], ajax["darkstone_total"], ajax["gold"]) == (1, 4, 0)  # R37: the icon and the stones
    add(game, "Ajax", "Rune", True, kind="upgrade", slots=2)
    _doc, item = game(gear.upgrade, "Ajax", str(gun["id"]), "Rune")
    assert [u["name"] for u in item["upgrades"]] == ["Void Round", "Rune"]
    add(game, "Ajax", "Rune2", True, kind="upgrade")
    assert game.refused(gear.upgrade, "Ajax", "Pistol", "Rune2").code == "no_free_slots"
    assert game.refused(gear.forge, "Ajax", "Pistol", 1, 1, 0, None).code == "no_free_slots"


def test_r24_r26_a_combat_skill_adds_to_damage_or_to_the_hit(game):
    add(game, "Ajax", "Broadsword")
    game(gear.hold, "Ajax", ["Broadsword"])  # R32: damage comes from the hands

    def set_mode(mode: str):
        return game(
            characters.change, "Ajax", values={}, drop_attr=[], modes={"Sword": mode}, keywords=[], drop_keywords=[],
            gender=None,
        )  # fmt: skip

    def damage() -> dict:
        return game(rolls.roll, None, "Ajax", "Broadsword", None, Throw("1,1", rng()))

    set_mode("damage")
    assert (damage()["expression"], damage()["total"], damage()["weapon"]) == ("2D6", 4, "Broadsword")  # 2 + Sword 2
    set_mode("hit")
    assert damage()["total"] == 2
    _prep, result = game(rolls.check, "Ajax", parse_spec("3/DX+Sword"), Throw("1,1,1", rng()))
    assert result["target"] == 13
    err = game.refused(
        characters.change, "Ajax", values={}, drop_attr=[], modes={"Swimming": "hit"}, keywords=[], drop_keywords=[],
        gender=None,
    )  # fmt: skip
    assert err.code == "not_combat_skill"
