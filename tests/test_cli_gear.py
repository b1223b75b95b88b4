"""The commands for items, gold, dark stone and forging: their words, options, JSON and
undo. The rules they keep are played through the acts in tests/test_acts_items.py."""

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


def test_gold_and_darkstone_never_below_zero(camp):
    assert camp.json("gold", "add", "Ajax", "5")["gold"] == 5
    assert camp.error("gold", "remove", "Ajax", "6", code=1)["code"] == "not_enough_gold"
    assert camp.json("darkstone", "add", "Ajax", "2")["character"]["darkstone_total"] == 2
    assert camp.error("darkstone", "remove", "Ajax", "3", code=1)["code"] == "not_enough_darkstone"


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


def test_slots_out_of_their_range_is_a_usage_error_and_help_shows_the_range(camp):
    """Issue 76: `--slots 0..3` in the help, `[0<=x<=1000000]` beside it, and `--slots 5`
    refused with exit 1: a value out of its range is usage (exit 2), the range the rule's."""
    assert "[0<=x<=3]" in camp("item", "add", "--help").stdout
    before = camp.path.read_bytes()
    assert camp("item", "add", "Ajax", "Dagger", "--slots", "5").exit_code == 2
    assert camp.path.read_bytes() == before


def test_a_purchase_says_the_pieces_bought_not_the_stack_they_joined(camp):
    """R38: buying 2 daggers beside 3 says 2 were bought (it said the stack, ×5), in either
    language; the stack itself holds them all."""
    camp.json("gold", "add", "Ajax", "10")
    camp.json("shop", "buy", "Ajax", "Dagger", "--price", "1", "--count", "3")
    said = camp("shop", "buy", "Ajax", "Dagger", "--price", "1", "--count", "2")
    assert said.exit_code == 0 and "Ajax buys Dagger ×2 for 2 gold; 5 gold left" in said.output, said.output
    said = camp("--lang", "ru", "shop", "buy", "Ajax", "Dagger", "--price", "1")
    assert said.exit_code == 0 and "Ajax покупает Кинжал за 1\u00a0зол." in said.output, said.output
    daggers = [i for i in camp.json("item", "list", "Ajax") if i["name"] == "Dagger"]
    assert [i.get("count", 1) for i in daggers] == [6]
