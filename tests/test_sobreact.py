"""Brimstone heroes from and to the SoB-React app (issue 77, CLI.md "Interchange"): heroes
built here in the shape the app writes (its `sanitizeHero`: `stats`, `gear` keyed by slot
with "Empty Slot" cards for free ones, `inventory` with side-bag tokens, injuries and
mutations, its "export all" backup `{"type": "sos-heroes-backup", "heroes": [...]}`),
imported, played, exported and compared field by field."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

import campaign_cli


def card(name: str, slot: str, **more: Any) -> dict[str, Any]:
    """A gear card as the app's gearCards.js has it."""
    base = {"id": name.lower().replace(" ", "_"), "name": name, "slot": slot, "mods": {}, "effects": [],
            "value": 0, "twoHanded": False, "darkStone": False, "upgradeSlots": 0, "restrictions": []}  # fmt: skip
    return {**base, **more}


def empty(slot: str) -> dict[str, Any]:
    return {"id": f"empty-{slot.replace(' ', '').lower()}", "name": "Empty Slot", "slot": slot, "mods": {}}


def hero(name: str = "Cole Brannigan", cls: str = "Gunslinger", **more: Any) -> dict[str, Any]:
    """A hero as the app stores it after sanitizeHero."""
    return {
        "id": f"hero_{abs(hash(name)) % 10**13}",
        "localId": f"hero_{abs(hash(name)) % 10**13}",
        "name": name,
        "heroClass": cls,
        "heroCategory": "Western",
        "stats": {
            "Agility": 3,
            "Cunning": 2,
            "Spirit": 2,
            "Strength": 3,
            "Lore": 1,
            "Luck": 3,
            "Initiative": 5,
            "Melee To-Hit": "5+",
            "Ranged To-Hit": "3+",
            "Defense": "4+",
            "Willpower": "4+",
            "Armor": "—",
            "Spirit Armor": "—",
        },
        "xp": 250,
        "gold": 120,
        "darkStone": 2,
        "combat": 2,
        "maxGrit": 2,
        "Health": 12,
        "Sanity": 10,
        "abilities": ["Six-Shooter: Once per turn, you may make 1 extra ranged attack with a Pistol."],
        "injuries": [{"name": "Busted Ribs", "effect": "-1 Strength"}],
        "mutations": [{"name": "Tentacle", "effect": "+1 Combat"}],
        "conditions": [
            {
                "id": "c1",
                "type": "Injury",
                "name": "Busted Ribs",
                "effectText": "-1 Strength",
                "effects": {"Strength": -1},
                "temporary": False,
            }
        ],
        "gear": {
            "Main Hand": card(
                "Repeating Rifle",
                "Gun",
                value=550,
                twoHanded=True,
                upgradeSlots=2,
                effects=["Range 10", "Shots 2", "Damage +1"],
                restrictions=[f"{cls} Only"],
            ),
            "Off Hand": empty("Off Hand"),
            "Head": card("Cowboy Hat", "Head", value=100, mods={"Defense": 1}),
            "Torso": empty("Torso"),
            "Coat": card("Duster", "Coat", value=250, upgradeSlots=1),
        },
        "inventory": [
            card(
                "Mining Lantern",
                "Light Source",
                value=600,
                darkStone=True,
                restrictions=["Limit one Light Source in the Hero Posse"],
            ),
            card("Bandages", "Sidebag", id="b1"),
            card("Bandages", "Sidebag", id="b2"),
            card("Whiskey", "Sidebag", id="w1"),
        ],
        "updatedAt": 1733400000000,
        **more,
    }


@pytest.fixture
def path(tmp_path: Path) -> Path:
    file = tmp_path / "c.json"
    with campaign_cli.open(file, create=True):
        pass
    return file


def write(tmp_path: Path, data: Any, name: str = "hero.json") -> Path:
    file = tmp_path / name
    file.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    return file


def exported(path: Path, name: str) -> Any:
    with campaign_cli.read(path) as camp:
        return json.loads(camp.character_export(name, format="sob-react"))


@pytest.mark.parametrize("name", ["Cole Brannigan", "Лада Светлая"])
def test_a_hero_imported_and_exported_unchanged_is_itself_field_for_field(path, tmp_path, name):
    came = hero(name)
    with campaign_cli.open(path) as camp:
        ch = camp.character_import(write(tmp_path, came), st=12, dx=12, iq=8)
    assert ch["name"] == name and ch["keywords"] == ["Gunslinger"] and (ch["st"], ch["dx"], ch["iq"]) == (12, 12, 8)
    assert ch["attributes"]["Agility"] == 3 and "Melee To-Hit" not in ch["attributes"]
    assert (ch["xp"], ch["gold"], ch["darkstone"]) == (250, 120, 2)
    where = {i["name"]: (i["state"], i.get("count", 1), i["hands"], i["clothing"]) for i in ch["items"]}
    assert where == {
        "Repeating Rifle": ("held", 1, 2, None),  # two-handed (R32)
        "Cowboy Hat": ("worn", 1, 0, "head"),  # a body slot is clothing of that part (R35)
        "Duster": ("worn", 1, 0, "coat"),
        "Mining Lantern": ("carried", 1, 0, None),
        "Bandages": ("carried", 2, 0, None),  # side-bag tokens: a stack
        "Whiskey": ("carried", 1, 0, None),
    }
    rifle = next(i for i in ch["items"] if i["name"] == "Repeating Rifle")
    assert (rifle["value"], rifle["slots"], rifle["requires"], rifle["weight"]) == (550, 2, ["Gunslinger"], 0)
    assert next(i for i in ch["items"] if i["name"] == "Mining Lantern")["darkstone_icon"] is True
    assert any("weight 0" in u for u in ch["unmatched"]) and 'stats.Defense: "4+"' in ch["unmatched"]
    assert exported(path, name) == came


def test_check_a_pool_test_on_an_imported_hero(path, tmp_path):
    """R10: `Agility 4+` rolls as many dice as the hero's Agility."""
    with campaign_cli.open(path) as camp:
        camp.character_import(write(tmp_path, hero()), st=12, dx=12, iq=8)
        rolled = camp.check("Cole Brannigan", "Agility 4+", dice=[2, 5, 1])
    assert rolled["success"] and len(rolled["dice"]) == 3


def test_a_session_played_here_goes_back_laid_over_the_hero(path, tmp_path):
    """Buy, sell, forge, spend XP, move cards: the hero comes back as it came with exactly
    those changes; the rest (injuries, mutations, abilities, ids, thresholds) untouched."""
    came = hero()
    with campaign_cli.open(path) as camp:
        camp.character_import(write(tmp_path, came), st=12, dx=12, iq=8)
        camp.character_create("Kate", st=10, dx=12, iq=10)
        camp.gold_add("Kate", 10)
        camp.xp_award(40, "Cole Brannigan")
        camp.xp_spend("Cole Brannigan", attribute="ST")  # the ST here; the hero has none
        camp.adventure_start("Mines")
        camp.town_enter("Fringe", blacksmith=True)
        camp.shop_buy("Cole Brannigan", "Rope", custom=True, price=10)
        camp.item_sell("Cole Brannigan", "Kate", "Whiskey", price=5)
        camp.forge("Cole Brannigan", "Duster", stones=1, slots=1, gold=0, name="Void Lining")
        camp.item_stow("Cole Brannigan", "Cowboy Hat")
        spent = camp.character_show("Cole Brannigan")
    back = exported(path, "Cole Brannigan")
    assert back["xp"] == spent["xp"] and back["gold"] == 120 - 10 + 5 and back["darkStone"] == 1
    assert back["gear"]["Head"] == empty("Head")  # stowed: the slot the app shows free
    assert back["gear"]["Main Hand"] == came["gear"]["Main Hand"]
    assert back["gear"]["Coat"]["upgrades"] == [
        {"name": "Void Lining", "slots": 1, "darkstone": 1, "forged": True, "gold": 0}
    ]
    names = [c["name"] for c in back["inventory"]]
    assert names == ["Mining Lantern", "Bandages", "Bandages", "Cowboy Hat", "Rope"]
    assert back["inventory"][:3] == came["inventory"][:3]
    untouched = {k: v for k, v in came.items() if k not in ("xp", "gold", "darkStone", "gear", "inventory")}
    assert {k: back[k] for k in untouched} == untouched
    with campaign_cli.read(path) as camp:
        kate = json.loads(camp.character_export("Kate", format="sob-react"))
    assert kate["heroClass"] == "Hero" and [c["name"] for c in kate["inventory"]] == ["Whiskey"]


def test_a_backup_of_three_makes_three_characters_and_each_goes_back(path, tmp_path):
    backup = {
        "type": "sos-heroes-backup",
        "version": 1,
        "exportedAt": 1733400000000,
        "heroes": [hero("Cole Brannigan"), hero("Мара Тёмная", "Saloon Girl"), hero("Eli Cross", "US Marshal")],
    }
    with campaign_cli.open(path) as camp:
        first = camp.character_import(write(tmp_path, backup), st=12, dx=10, iq=10)
    assert [h["name"] for h in first["heroes"]] == ["Cole Brannigan", "Мара Тёмная", "Eli Cross"]
    assert first["name"] == "Cole Brannigan" and first["heroes"][1]["keywords"] == ["Saloon Girl"]
    for came in backup["heroes"]:
        assert exported(path, came["name"]) == came


def test_a_character_made_here_goes_out_as_a_hero_of_its_class(path):
    with campaign_cli.open(path) as camp:
        camp.character_create("Ajax", st=12, dx=10, iq=10, keyword=["Lawman"], attr=["Agility=4", "Luck=2"])
        camp.item_add("Ajax", "Broadsword")
        camp.item_hold("Ajax", "Broadsword")
        camp.item_add("Ajax", "Rope", count=2, custom=True)
    out = exported(path, "Ajax")
    assert out["heroClass"] == "Lawman" and out["stats"] == {"Agility": 4, "Luck": 2}
    assert out["gear"]["Main Hand"]["name"] == "Broadsword" and out["gear"]["Main Hand"]["slot"] == "Hand Weapon"
    assert [c["name"] for c in out["inventory"]] == ["Rope", "Rope"]


def test_the_command_line_reads_and_writes_heroes(cli, tmp_path):
    cli.json("init")
    came = hero()
    file = write(tmp_path, came)
    made = cli.json("character", "import", str(file), "--st", "12", "--dx", "12", "--iq", "8")
    assert made["name"] == "Cole Brannigan"
    out = cli("character", "export", "Cole Brannigan", "--format", "sob-react")
    assert out.exit_code == 0 and json.loads(out.stdout) == came
    missing = cli.error("character", "import", str(file), "--st", "12", code=2)
    assert "--dx" in missing["message"] and "--iq" in missing["message"]


@pytest.mark.parametrize(
    ("change", "where"),
    [
        (lambda h: h["stats"].__setitem__("Agility", "three"), "stats.Agility"),
        (lambda h: h["inventory"].append({"id": "x", "slot": "Gear", "value": 5}), "inventory[4].name"),
        (lambda h: h.__setitem__("gold", -5), "gold"),
        (lambda h: h.__setitem__("xp", 1.5), "xp"),
        (lambda h: h.__setitem__("gear", "rifle"), "gear"),
    ],
)
def test_a_bad_hero_is_refused_naming_the_field_and_nothing_is_stored(path, tmp_path, change, where):
    bad = copy.deepcopy(hero())
    change(bad)
    before = path.read_bytes()
    with pytest.raises(campaign_cli.Refused) as refused, campaign_cli.open(path) as camp:
        camp.character_import(write(tmp_path, bad), st=12, dx=12, iq=8)
    assert refused.value.code == "bad_character_file" and where in refused.value.message
    assert path.read_bytes() == before


def test_a_backup_with_two_heroes_of_one_name_is_refused_whole(path, tmp_path):
    backup = {"type": "sos-heroes-backup", "heroes": [hero("Cole"), hero("Eli"), hero("cole")]}
    before = path.read_bytes()
    with pytest.raises(campaign_cli.Refused, match=r"heroes\[2\]\.name"), campaign_cli.open(path) as camp:
        camp.character_import(write(tmp_path, backup), st=12, dx=12, iq=8)
    assert path.read_bytes() == before


def test_st_dx_iq_follow_r2_and_a_name_is_for_one_hero(path, tmp_path):
    with pytest.raises(campaign_cli.UsageProblem, match="st=, dx=, iq="), campaign_cli.open(path) as camp:
        camp.character_import(write(tmp_path, hero()))
    with pytest.raises(campaign_cli.Refused, match="R2"), campaign_cli.open(path) as camp:
        camp.character_import(write(tmp_path, hero()), st=14, dx=14, iq=8)
    backup = {"type": "sos-heroes-backup", "heroes": [hero("Cole"), hero("Eli")]}
    with pytest.raises(campaign_cli.UsageProblem, match="name="), campaign_cli.open(path) as camp:
        camp.character_import(write(tmp_path, backup), st=12, dx=12, iq=8, name="Joe")
    with campaign_cli.open(path) as camp:
        assert camp.character_import(write(tmp_path, hero()), st=12, dx=12, iq=8, name="Joe")["name"] == "Joe"
    block = tmp_path / "h.txt"
    block.write_text("Hector, hero\nST 12, DX 12, IQ 8\n", encoding="utf-8")
    with pytest.raises(campaign_cli.UsageProblem, match="SoB-React"), campaign_cli.open(path) as camp:
        camp.character_import(block, st=12, dx=12, iq=8)  # a stat block says its own


def test_ten_thousand_cards_are_read(path, tmp_path):
    """Bounded by the input's size (256 MiB), not refused: each card an item of no weight."""
    many = hero(inventory=[card(f"Nugget {n}", "Gear", id=f"n{n}") for n in range(10_000)])
    with campaign_cli.open(path) as camp:
        ch = camp.character_import(write(tmp_path, many), st=12, dx=12, iq=8)
    assert len([i for i in ch["items"] if i["state"] == "carried"]) == 10_000
    assert exported(path, "Cole Brannigan") == many
