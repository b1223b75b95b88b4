"""CLI for items, gold, dark stone and forging."""

ITEM_FIELDS = {
    "id",
    "name",
    "kind",
    "hands",
    "weight",
    "value",
    "requires",
    "clothing",
    "personal",
    "darkstone_icon",
    "slots",
    "upgrades",
    "state",
}


def add(camp, who, ref, *opts):
    return camp.json("item", "add", who, ref, *opts)["item"]


def test_catalog_tables_need_no_campaign(cli):
    weapons = cli.json("catalog", "weapons")
    bow = next(w for w in weapons if w["name"] == "Bow")
    assert bow["damage"] == "D6" and bow["flags"] == ["2"] and bow["aliases"] == ["Лук"] and bow["heft"] is None
    armor = cli.json("catalog", "armor")
    assert [a["name"] for a in armor][:2] == ["Padded", "Leather"]
    assert not cli.path.exists()


def test_item_add_from_catalog_by_russian_name_with_overrides(camp):
    it = add(camp, "Ajax", "Полуторный меч (2)", "--weight", "4", "--value", "60")
    assert set(it) >= ITEM_FIELDS
    assert (it["name"], it["kind"], it["damage"], it["hands"], it["weight"], it["value"]) == (
        "Bastard Sword, Two-Handed",
        "weapon",
        "2D6+2",
        2,
        4,
        60,
    )
    assert camp.json("item", "list", "Ajax")[0]["id"] == it["id"]


def test_item_ids_are_stable_and_unique(camp):
    a = add(camp, "Ajax", "Dagger")
    b = add(camp, "Merlin", "Dagger")
    camp.json("item", "drop", "Ajax", str(a["id"]))
    c = add(camp, "Ajax", "Dagger")
    assert len({a["id"], b["id"], c["id"]}) == 3 and c["id"] > b["id"]


def test_r33_carry_limit_at_the_edge_leaves_file_untouched(camp):
    add(camp, "Ajax", "Crate", "--weight", "9")
    add(camp, "Ajax", "Sack", "--weight", "8")
    err = camp.error("item", "add", "Ajax", "Feather", "--weight", "1", "--custom", code=1)
    assert err["code"] == "too_heavy" and err["message"] == "R33: Ajax carries 17 of 17; Feather weighs 1"


def test_r36_second_personal_item_and_no_dropping(camp):
    add(camp, "Ajax", "Lucky Coin", "--personal")
    assert camp.error("item", "add", "Ajax", "Ring", "--personal", code=1)["code"] == "second_personal"
    assert camp.error("item", "drop", "Ajax", "lucky coin", code=1)["code"] == "personal_item"
    assert camp.error("item", "give", "Ajax", "Merlin", "Lucky Coin", code=1)["code"] == "personal_item"
    assert camp.error("item", "sell", "Ajax", "Merlin", "Lucky Coin", code=1)["code"] == "personal_item"


def test_r39_item_add_refuses_a_fourth_slot(camp):
    assert camp.error("item", "add", "Ajax", "Gun", "--slots", "4", code=1)["code"] == "too_many_slots"
    assert add(camp, "Ajax", "Gun", "--slots", "3")["slots"] == 3


def test_bad_item_options_are_usage_errors(camp):
    assert camp.error("item", "add", "Ajax", "Gun", "--damage", "lots", code=2)["code"] == "bad_dice"
    assert camp.error("item", "add", "Ajax", "Gun", "--kind", "spaceship", code=2)["code"] == "bad_value"
    assert camp.error("item", "add", "Ajax", "Gun", "--hands", "3", code=2)["code"] == "bad_value"
    assert camp.error("item", "add", "Ajax", "Gun", "--weight", "x", code=2)["code"] == "usage"


def test_r38_give_and_sell(camp):
    sword = add(camp, "Ajax", "Broadsword", "--value", "40")
    camp.json("gold", "add", "Merlin", "30")
    assert (
        camp.error("item", "sell", "Ajax", "Merlin", "Broadsword", code=1)["message"]
        == "R38: Merlin has 30 gold; Broadsword costs 40"
    )
    data = camp.json("item", "sell", "Ajax", "Merlin", "Broadsword", "--price", "25")
    assert (data["price"], data["from"]["gold"], data["to"]["gold"]) == (25, 25, 5)
    assert data["to"]["items"][0]["id"] == sword["id"]
    camp.json("item", "give", "Merlin", "Ajax", str(sword["id"]))
    assert [i["name"] for i in camp.json("item", "list", "Ajax")] == ["Broadsword"]
    assert camp.error("item", "give", "Ajax", "Nobody", "Broadsword", code=1)["code"] == "unknown_character"
    assert camp.error("item", "give", "Ajax", "Merlin", "Axe", code=1)["code"] == "unknown_item"


def test_r32_hold_and_r30_armor_in_play(camp):
    add(camp, "Ajax", "Leather")
    add(camp, "Ajax", "Small Shield")
    add(camp, "Ajax", "Battleaxe")
    add(camp, "Ajax", "Dagger")
    camp.json("item", "wear", "Ajax", "Leather")
    shown = camp.json("item", "wear", "Ajax", "Small Shield")["character"]
    assert (shown["armor"], shown["adjusted_dx"], shown["ma"]) == (3, 9, 4)
    assert camp.error("item", "hold", "Ajax", "Battleaxe", code=1)["code"] == "two_handed_shield"
    camp.json("item", "hold", "Ajax", "Dagger")
    camp.json("item", "stow", "Ajax", "Small Shield")
    held = camp.json("item", "hold", "Ajax", "Battleaxe")
    states = {i["name"]: i["state"] for i in held["character"]["items"]}
    assert states == {"Leather": "worn", "Small Shield": "carried", "Battleaxe": "held", "Dagger": "carried"}
    assert camp.json("check", "Ajax", "DX 6+", "--seed", "1")["dice"].__len__() == 9  # R30: DX 11 - 2


def test_damage_armor_flag_uses_worn_armor(camp):
    add(camp, "Ajax", "Chainmail")
    camp.json("item", "wear", "Ajax", "Chainmail")
    data = camp.json("damage", "Ajax", "6", "--armor")
    assert (data["damage"], data["absorbed"]) == (3, 3)


def test_r35_wear_second_hat_refused(camp):
    add(camp, "Ajax", "Hat", "--clothing", "hat")
    add(camp, "Ajax", "Cap", "--clothing", "Hat")
    camp.json("item", "wear", "Ajax", "Hat")
    assert camp.error("item", "wear", "Ajax", "Cap", code=1)["code"] == "body_part_taken"
    add(camp, "Ajax", "Rope")
    assert camp.error("item", "wear", "Ajax", "Rope", code=1)["code"] == "not_wearable"


def test_r34_keyword_restriction_on_hold(camp):
    add(camp, "Ajax", "Badge", "--hands", "1", "--requires", "Law")
    assert camp.error("item", "hold", "Ajax", "Badge", code=1)["code"] == "missing_keyword"
    camp.json("character", "set", "Ajax", "--keyword", "Law")
    camp.json("item", "hold", "Ajax", "Badge")


def test_gold_and_darkstone_never_below_zero(camp):
    assert camp.json("gold", "add", "Ajax", "5")["gold"] == 5
    assert camp.error("gold", "remove", "Ajax", "6", code=1)["code"] == "not_enough_gold"
    assert camp.json("darkstone", "add", "Ajax", "2")["character"]["darkstone_total"] == 2
    assert camp.error("darkstone", "remove", "Ajax", "3", code=1)["code"] == "not_enough_darkstone"


def test_r37_r39_forge_and_upgrade(camp):
    gun = add(camp, "Ajax", "Pistol", "--kind", "weapon", "--damage", "2D6", "--slots", "3", "--darkstone-icon")
    camp.json("darkstone", "add", "Ajax", "3")
    camp.json("gold", "add", "Ajax", "50")
    assert camp.error("forge", "Ajax", "Pistol", code=1)["code"] == "no_blacksmith"
    camp.json("town", "enter", "Dry Creek")
    assert camp.error("forge", "Ajax", "Pistol", code=1)["code"] == "no_blacksmith"
    camp.json("town", "enter", "Brimstone", "--blacksmith")
    data = camp.json("forge", "Ajax", "Pistol", "--stones", "2", "--gold", "50", "--name", "Void Round")
    assert data["item"]["upgrades"] == [{"name": "Void Round", "slots": 1, "darkstone": 2, "forged": True, "gold": 50}]
    assert (data["character"]["darkstone"], data["character"]["darkstone_total"], data["character"]["gold"]) == (
        1,
        4,
        0,
    )
    add(camp, "Ajax", "Rune", "--kind", "upgrade", "--slots", "2")
    up = camp.json("item", "upgrade", "Ajax", str(gun["id"]), "Rune")
    assert [u["name"] for u in up["item"]["upgrades"]] == ["Void Round", "Rune"]
    add(camp, "Ajax", "Rune2", "--kind", "upgrade")
    assert camp.error("item", "upgrade", "Ajax", "Pistol", "Rune2", code=1)["code"] == "no_free_slots"
    assert camp.error("forge", "Ajax", "Pistol", code=1)["code"] == "no_free_slots"


def test_r24_r26_weapon_damage_roll(camp):
    add(camp, "Ajax", "Broadsword")
    camp.json("item", "hold", "Ajax", "Broadsword")  # R32: damage comes from the hands
    camp.json("character", "set", "Ajax", "--combat", "Sword=damage")
    r = camp.json("roll", "--character", "Ajax", "--weapon", "Broadsword", "--dice", "1,1")
    assert (r["expression"], r["total"], r["weapon"]) == ("2D6", 4, "Broadsword")  # 2 + Sword 2
    camp.json("character", "set", "Ajax", "--combat", "Sword=hit")
    assert camp.json("roll", "--character", "Ajax", "--weapon", "Broadsword", "--dice", "1,1")["total"] == 2
    assert camp.json("check", "Ajax", "3/DX+Sword", "--dice", "1,1,1")["target"] == 13
    assert camp.error("character", "set", "Ajax", "--combat", "Swimming=hit", code=1)["code"] == "not_combat_skill"
    assert camp.error("character", "set", "Ajax", "--combat", "Sword=both", code=2)["code"] == "usage"


def test_gear_commands_undo(camp):
    add(camp, "Ajax", "Dagger", "--value", "2")
    camp.json("gold", "add", "Merlin", "2")
    camp.json("item", "sell", "Ajax", "Merlin", "Dagger")
    camp.json("undo")
    assert [i["name"] for i in camp.json("item", "list", "Ajax")] == ["Dagger"]
    assert camp.json("character", "show", "Merlin")["gold"] == 2
