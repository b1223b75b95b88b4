"""Items (R30, R33, R38, R39): the catalog's armor, stored items and the carry limit,
prices that are never free, an item's numbers and its upgrade slots."""

from __future__ import annotations

import pytest

import campaign_cli
from tests.rules.support import refused


# -- R30: Segmented armor -------------------------------------------------------------------
@pytest.mark.parametrize("name", ["Segmented", "Scale", "Сегментированная", "segmented"])
def test_r30_segmented_armor_is_the_catalogs(camp, name):
    item = camp.json("item", "add", "Ajax", name)["item"]
    assert (item["name"], item["kind"], item["armor"], item["restriction"]) == ("Segmented", "armor", 4, 4)


# -- 11. R38: buying needs a price ---------------------------------------------------------
def test_r38_a_catalog_item_without_a_value_is_not_free(path):
    err = refused(path, "shop", "buy", "Ajax", "Broadsword")
    assert err.code == "no_price" and "price=" in err.message  # the library names its keyword
    with campaign_cli.open(path) as camp:
        camp.gold_add("Ajax", 30)
        bought = camp.shop_buy("Ajax", "Broadsword", price=25)
        valued = camp.shop_buy("Ajax", "Dagger", price=5, value=8)
        free = camp.shop_buy("Ajax", "Torch", value=0, custom=True)  # a value of 0 said out loud
    assert bought["item"]["value"] == 25 and bought["paid"] == 25  # what was paid is what it is worth
    assert valued["item"]["value"] == 8 and free["paid"] == 0


# -- 12. item set, store, fetch; R26 reload ------------------------------------------------
def test_r33_a_stored_item_weighs_nothing_and_comes_back_only_if_it_fits(path):
    with campaign_cli.open(path) as camp:
        camp.item_add("Ajax", "Ore Crate", weight=12, custom=True)
        stored = camp.item_store("Ajax", "Ore Crate")  # between adventures: at home
        assert stored["character"]["carry_weight"] == 0 and stored["item"]["state"] == "stored"
        camp.item_add("Ajax", "Anvil", weight=10, custom=True)
        camp.adventure_start("Crypt")
    assert refused(path, "item", "fetch", "Ajax", "Ore Crate").code == "not_in_town"  # on the road
    with campaign_cli.open(path) as camp:
        camp.town_enter("Brimstone")
    assert refused(path, "item", "hold", "Ajax", "Ore Crate").code == "stored"
    assert refused(path, "item", "fetch", "Ajax", "Ore Crate").code == "too_heavy"  # 10 + 12 > 17
    with campaign_cli.open(path) as camp:
        camp.item_drop("Ajax", "Anvil")
        assert camp.item_fetch("Ajax", "Ore Crate")["character"]["carry_weight"] == 12


def test_r39_item_set_changes_numbers_but_never_below_the_slots_used(path):
    with campaign_cli.open(path) as camp:
        camp.item_add("Ajax", "Broadsword", slots=2)
        camp.item_add("Ajax", "Rune", kind="upgrade", slots=2, custom=True)
        camp.item_upgrade("Ajax", "Broadsword", "Rune")
        changed = camp.item_set("Ajax", "Broadsword", value=40, weight=3, name="Old Blade")
    assert (changed["item"]["name"], changed["item"]["value"], changed["item"]["weight"]) == ("Old Blade", 40, 3)
    assert [u["name"] for u in changed["item"]["upgrades"]] == ["Rune"]  # a forged item keeps its upgrades
    assert refused(path, "item", "set", "Ajax", "Old Blade", "--slots", "1").code == "too_few_slots"
    assert refused(path, "item", "set", "Ajax", "Old Blade", "--weight", "100").code == "too_heavy"


def test_r32_item_set_refuses_a_two_handed_weapon_beside_a_worn_shield(path):
    """Issue 48: `item set --hands 2` left a two-handed weapon held beside a worn shield."""
    with campaign_cli.open(path) as camp:
        camp.item_add("Ajax", "Broadsword")
        camp.item_add("Ajax", "Small Shield")
        camp.item_wear("Ajax", "Small Shield")
        camp.item_hold("Ajax", "Broadsword")
    err = refused(path, "item", "set", "Ajax", "Broadsword", "--hands", "2")
    assert err.code == "two_handed_shield" and "Small Shield" in err.message  # names what to stow first
    with campaign_cli.open(path) as camp:
        camp.item_stow("Ajax", "Small Shield")
        assert camp.item_set("Ajax", "Broadsword", hands=2)["item"]["hands"] == 2


def test_r34_worn_armor_whose_keyword_was_dropped_protects_nothing(path):
    """R34: an item whose keyword its holder loses stops working: no armor, still its weight."""
    with campaign_cli.open(path) as camp:
        camp.character_set("Ajax", keyword=["Law"])
        camp.item_add("Ajax", "Law Mail", kind="armor", armor=3, restriction=1, weight=4, requires=["Law"], custom=True)
        camp.item_wear("Ajax", "Law Mail")
        assert camp.character_show("Ajax")["armor"] == 3
        camp.character_set("Ajax", drop_keyword=["Law"])
        ajax = camp.character_show("Ajax")
        assert (ajax["armor"], ajax["restriction"], ajax["carry_weight"]) == (0, 1, 4)
        assert camp.damage("Ajax", 4, armor=True)["absorbed"] == 0
