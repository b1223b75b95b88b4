"""Catalog packs (CLI.md "Catalog packs"): the group's own items and enemies, once, in any language."""

import copy
import json
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
FRONTIER = ROOT / "samples" / "packs" / "frontier.json"


@pytest.fixture
def packed(camp):
    camp.json("catalog", "import", str(FRONTIER))
    return camp


def test_import_then_add_by_english_russian_and_alias_names(packed):
    camp = packed
    assert camp.json("catalog", "packs") == [{"pack": "frontier", "version": "1.0", "items": 12, "enemies": 2}]
    pick = camp.json("item", "add", "Ajax", "Кирка")["item"]
    assert (pick["name"], pick["weight"], pick["value"], pick["heft"], pick["hands"], pick["damage"]) == (
        "Miner's Pick",
        4,
        30,
        10,
        2,
        "D6+1",
    )
    assert camp.json("item", "add", "Merlin", "coat")["item"]["clothing"] == "coat"
    assert camp.json("item", "hold", "Ajax", "pick")["held"][0]["name"] == "Miner's Pick"  # the alias keeps working
    assert (
        camp.json("item", "add", "Ajax", "Frontier Saber", "--value", "99")["item"]["value"] == 99
    )  # options override


def test_the_carry_limit_bites_from_pack_weights_alone(packed):
    camp = packed
    camp.json("item", "add", "Ajax", "Ore Crate")  # 9
    camp.json("item", "add", "Ajax", "Miner's Pick")  # 4: 13 of 17
    err = camp.error("item", "add", "Ajax", "Ящик руды", code=1)
    assert err["code"] == "too_heavy" and err["message"] == "R33: Ajax carries 13 of 17; Ore Crate weighs 9"


def test_a_sale_at_the_packs_price(packed):
    camp = packed
    camp.json("item", "add", "Ajax", "Lantern")
    camp.json("gold", "add", "Merlin", "20")
    sale = camp.json("item", "sell", "Ajax", "Merlin", "Фонарь")
    assert sale["price"] == 12 and sale["to"]["gold"] == 8 and sale["from"]["gold"] == 12


def test_a_personal_item_and_heft_from_the_pack(packed):
    camp = packed
    camp.json("item", "add", "Merlin", "compass")
    assert camp.error("item", "drop", "Merlin", "compass", code=1)["code"] == "personal_item"
    camp.json("item", "add", "Merlin", "Frontier Saber")
    assert (
        camp.error("item", "hold", "Merlin", "Сабля", code=1)["message"]
        == "R27: Frontier Saber has heft 11; Merlin has ST 8"
    )


def test_reimport_replaces_the_pack_and_items_keep_their_values(packed, tmp_path):
    camp = packed
    camp.json("item", "add", "Ajax", "Rope")
    changed = json.loads(FRONTIER.read_text())
    changed["version"] = "1.1"
    changed["items"] = [dict(i, weight=7) if i["name"] == "Rope" else i for i in changed["items"]]
    path = tmp_path / "frontier-1.1.json"
    path.write_text(json.dumps(changed))
    assert camp.json("catalog", "import", str(path))["replaced"] == "1.0"
    assert camp.json("catalog", "packs")[0]["version"] == "1.1"
    assert camp.json("item", "list", "Ajax")[0]["weight"] == 2  # a copy: the old value stays
    assert camp.json("item", "add", "Merlin", "Rope")["item"]["weight"] == 7


def test_remove_and_undo(packed):
    camp = packed
    camp.json("catalog", "remove", "FRONTIER")
    assert camp.json("catalog", "packs") == []
    assert camp.json("item", "add", "Ajax", "Rope", "--custom")["item"]["weight"] == 0  # now just a new item
    camp.json("undo")
    camp.json("undo")
    assert camp.json("catalog", "packs")[0]["pack"] == "frontier"
    camp.json("undo")  # the import itself
    assert camp.json("catalog", "packs") == []


def test_pack_enemies_in_enemy_add_and_fights(packed):
    camp = packed
    board = camp.json("enemy", "add", "Dust Stalker")
    assert (board["size"], board["normal"]["health"]) == ("large", 8)  # R40: "большой"
    camp.json("fight", "start")
    added = camp.json("fight", "add", "Tunnel Crawler", "--count", "2")["added"]
    assert [e["health"] for e in added] == [3, 3]
    assert camp.error("fight", "add", "Tunel Crawler", code=1)["suggestions"] == ["Tunnel Crawler"]


def test_catalog_lists_and_searches_built_in_and_pack_entries(packed):
    camp = packed
    names = {e["name"]: e["source"] for e in camp.json("catalog", "items")}
    assert names["Broadsword"] == "built-in" and names["Rope"] == "frontier"
    assert [e["name"] for e in camp.json("catalog", "items", "--search", "верёвка")] == ["Rope"]
    assert {e["name"] for e in camp.json("catalog", "weapons", "--search", "sab")} == {"Frontier Saber"}
    assert "Hide Vest" in {e["name"] for e in camp.json("catalog", "armor")}
    assert {e["name"] for e in camp.json("catalog", "enemies")} == {"Dust Stalker", "Tunnel Crawler"}
    assert camp.json("catalog", "show", "Сабля")["source"] == "frontier"
    assert camp.json("catalog", "show", "Плавание")["kind"] == "skill"
    assert camp.error("catalog", "show", "Frontier Sabre", code=1)["suggestions"][0] == "Frontier Saber"


def test_a_name_a_weapon_and_a_skill_share_is_refused_naming_both_kinds_and_kind_picks_one(camp):
    """`catalog show Кинжал` named the weapon and the skill Dagger "#None, #None" (ids nobody can
    type: catalog entries have none): the refusal names the kinds, and --kind picks one, in
    either language (issue 73/74)."""
    refused = camp.error("catalog", "show", "Кинжал", code=1)
    assert refused["code"] == "ambiguous_catalog_entry" and "#None" not in refused["message"]
    assert "weapon, skill" in refused["message"] and "--kind weapon" in refused["message"]
    assert camp.json("catalog", "show", "Кинжал", "--kind", "умение")["kind"] == "skill"
    assert camp.json("catalog", "show", "Dagger", "--kind", "weapon")["damage"] == "D6"
    assert camp.error("catalog", "show", "Dagger", "--kind", "spell", code=2)["code"] == "bad_value"
    assert camp.json("catalog", "show", "Палаш")["kind"] == "weapon"  # one entry: no kind needed


def test_a_typo_of_a_pack_name_is_refused(packed):
    assert packed.error("item", "add", "Ajax", "Lantren", code=1)["suggestions"] == ["Lantern"]


def test_export_and_import_carry_the_packs(packed, tmp_path):
    export = tmp_path / "export.json"
    packed.json("export", "-o", str(export))
    new = type(packed)(tmp_path / "restored.json")
    new.json("import", str(export))
    assert new.json("catalog", "packs") == [{"pack": "frontier", "version": "1.0", "items": 12, "enemies": 2}]
    assert new.json("item", "add", "Ajax", "Кирка")["item"]["weight"] == 4


def _pack(**change):
    data = json.loads(FRONTIER.read_text())
    for path, value in change.items():
        target = data
        *parents, last = path.split("__")
        for part in parents:
            target = target[int(part)] if part.isdigit() else target[part]
        if value is DELETE:
            del target[int(last) if last.isdigit() else last]
        else:
            target[int(last) if last.isdigit() else last] = value
    return data


DELETE = object()
BAD = {
    "not an object": ([1, 2], "the file"),
    "no pack name": (_pack(pack=DELETE), "pack"),
    "empty pack name": (_pack(pack=" "), "pack"),
    "bool version": (_pack(version=True), "version"),
    "unknown top field": (_pack(extra=1), "extra"),
    "items not a list": (_pack(items={}), "items"),
    "item not an object": (_pack(items__0="pick"), "items[0]"),
    "item without name": (_pack(items__0__name=DELETE), "items[0].name"),
    "unknown item field": (_pack(items__0__colour="red"), "colour"),
    "weight as text": (_pack(items__1__weight="heavy"), "weight"),
    "negative value": (_pack(items__1__value=-5), "value"),
    "huge value": (_pack(items__1__value=10**7), "value"),
    "four slots": (_pack(items__1__slots=4), "slots"),
    "three hands": (_pack(items__1__hands=3), "hands"),
    "bool heft": (_pack(items__1__heft=True), "heft"),
    "bad damage": (_pack(items__1__damage="lots"), "damage"),
    "bad kind": (_pack(items__1__kind="spaceship"), "kind"),
    "personal as text": (_pack(items__8__personal="yes"), "personal"),
    "aliases not a list": (_pack(items__0__aliases="Кирка"), "aliases"),
    "alias with a newline": (_pack(items__0__aliases=["a\nb"]), "aliases[0]"),
    "requires not a list": (_pack(items__9__requires="Law"), "requires"),
    "name clash inside the pack": (_pack(items__1__aliases=["pick"]), "pick"),
    "clash with the built-in catalog": (_pack(items__0__aliases=["Палаш"]), "Палаш"),
    "enemy without health": (_pack(enemies__0__normal__health=DELETE), "health"),
    "enemy bad size": (_pack(enemies__1__size="tiny"), "size"),
    "enemy elite of five": (_pack(enemies__1__brutal__elite=["a", "b", "c", "d", "e"]), "elite"),
    "nothing in it": (_pack(items=[], enemies=[]), "items"),
}


@pytest.mark.parametrize("case", sorted(BAD))
def test_a_malformed_pack_is_refused_naming_the_field_and_nothing_changes(camp, tmp_path, case):
    data, field = BAD[case]
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(copy.deepcopy(data), ensure_ascii=False))
    err = camp.error("catalog", "import", str(path), code=1)
    assert err["code"] == "bad_pack" and field in err["message"], err["message"]
    assert camp.json("catalog", "packs") == []


@pytest.mark.parametrize("text", ["{not json", '{"pack": NaN}', "[" * 5000 + "]" * 5000])
def test_a_pack_that_is_not_json_is_refused(camp, tmp_path, text):
    path = tmp_path / "bad.json"
    path.write_text(text)
    assert camp.error("catalog", "import", str(path), code=1)["code"] == "bad_pack"


def test_listing_needs_no_campaign(cli):
    assert len(cli.json("catalog", "weapons")) > 20


def test_an_alias_repeating_its_own_name_in_another_case_is_no_clash(camp, tmp_path):
    path = tmp_path / "p.json"
    path.write_text(
        json.dumps({"pack": "p", "version": "1", "items": [{"name": "Lamp", "aliases": ["lamp", "Лампа"]}]})
    )
    assert camp.json("catalog", "import", str(path))["items"] == 1
    assert camp.json("item", "add", "Ajax", "лампа")["item"]["name"] == "Lamp"
