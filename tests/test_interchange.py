"""Characters in and out (issue 26): Foundry VTT's fantasy-trip actors and the TFT stat
block, tested against documents shaped as that system writes them (tests/fixtures)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from campaign_cli.rules import interchange

FIXTURES = Path(__file__).parent / "fixtures"


def test_import_a_foundry_actor_as_that_system_exports_it(camp):
    data = camp.json("character", "import", str(FIXTURES / "foundry-actor.json"))
    assert (data["name"], data["kind"], data["st"], data["dx"], data["iq"]) == ("Uldra", "wizard", 9, 8, 16)
    assert (data["xp"], data["damage"], data["fatigue"]) == (4, 1, 2)
    assert data["skills"] == {"Literacy": 1}
    assert data["spells"] == [{"name": "Summon Gargoyle", "rating": 13}, {"name": "Light", "rating": 8}]
    assert data["unmatched"] == ["Area Knowledge", "Claws"] and data["talents"] == ["Area Knowledge"]
    items = {i["name"]: i for i in data["items"]}
    leather, staff, coins = items["Light Leather"], items["Wizards Staff"], items["Silver Coins"]
    assert (leather["kind"], leather["armor"], leather["weight"], leather["state"]) == ("armor", 1, 2, "worn")
    assert (staff["kind"], staff["damage"], staff["heft"], staff["value"]) == ("weapon", "D6+3", 11, 300)
    assert staff["state"] == "carried"  # heft 11 above ST 9 (R27): not held, though equipped
    assert (coins["weight"], coins["value"], coins["state"]) == (0, 16, "carried")  # 16 x 0.01, 16 x 1


def test_import_a_stat_block_as_tft_prints_it(camp):
    data = camp.json("character", "import", str(FIXTURES / "statblock-dolmar.txt"))
    assert (data["name"], data["kind"], data["st"], data["dx"], data["iq"]) == ("Dolmar", "wizard", 9, 11, 14)
    assert data["skills"] == {"Literacy": 1, "Scholar": 1}
    assert data["spells"] == [
        {"name": "Fire", "rating": 9},
        {"name": "Light", "rating": None},
        {"name": "Summon Wolf", "rating": None},
    ]
    assert data["unmatched"] == ["Alchemy", "Area Knowledge"]
    items = {i["name"]: i for i in data["items"]}
    assert items["Dagger"]["damage"] == "D6-1" and items["Wizard's Staff"]["damage"] == "D6"
    assert (items["Cloth armor"]["armor"], items["Cloth armor"]["state"]) == (1, "worn")
    assert [n for n, i in items.items() if i["state"] == "held"] == ["Dagger", "Wizard's Staff"]  # two hands (R32)
    assert "Rope" in items and "Backpack" in items


def test_round_trip_through_foundry(camp, tmp_path):
    camp.json("item", "add", "Ajax", "Chainmail")
    camp.json("item", "wear", "Ajax", "Chainmail")
    camp.json("item", "add", "Ajax", "Broadsword", "--heft", "11", "--weight", "3", "--value", "40")
    camp.json("item", "hold", "Ajax", "Broadsword")
    camp.json("item", "add", "Ajax", "Lucky Hat", "--clothing", "hat", "--personal")
    out = tmp_path / "ajax.json"
    camp.json("character", "export", "Ajax", "--format", "foundry", "--output", str(out))
    actor = json.loads(out.read_text())
    assert actor["type"] == "character" and actor["system"]["st"]["max"] == 12
    sword = next(i for i in actor["items"] if i["name"] == "Broadsword")
    assert sword["system"]["attacks"][0]["baseDamage"] == "2d6" and sword["system"]["attacks"][0]["minST"] == 11
    mail = next(i for i in actor["items"] if i["name"] == "Chainmail")
    assert (mail["system"]["defenses"][0]["hitsStopped"], mail["system"]["location"]) == (3, "equipped")
    back = camp.json("character", "import", str(out), "--name", "Ajax2")
    before = camp.json("character", "show", "Ajax")
    for key in ("kind", "st", "dx", "iq", "skills", "spells", "armor", "adjusted_dx", "combat"):
        assert back[key] == before[key], key
    assert [(i["name"], i["state"], i.get("heft")) for i in back["items"]] == [
        (i["name"], i["state"], i.get("heft")) for i in before["items"]
    ]
    assert back["unmatched"] == []


def test_round_trip_through_the_stat_block(camp):
    camp.json("item", "add", "Ajax", "Leather")
    camp.json("item", "wear", "Ajax", "Leather")
    camp.json("item", "add", "Ajax", "Shortsword")
    camp.json("item", "hold", "Ajax", "Shortsword")
    text = camp("character", "export", "Ajax", "--format", "statblock").stdout
    assert text.splitlines()[:3] == ["Ajax, hero", "ST 12, DX 11, IQ 9, MA 5", "Talents: Swimming, Sword (2)"]
    assert "Weapons: Shortsword (2d6-1)" in text and "Armor: Leather stops 2" in text
    result = camp("character", "import", "-", "--name", "Ajax2", "--json", input=text)
    assert result.exit_code == 0, result.stderr
    back = json.loads(result.stdout)
    before = camp.json("character", "show", "Ajax")
    for key in ("kind", "st", "dx", "iq", "skills", "armor", "adjusted_dx"):
        assert back[key] == before[key], key
    assert sorted(i["name"] for i in back["items"]) == sorted(i["name"] for i in before["items"])


@pytest.mark.parametrize(
    "text, code",
    [
        ("just some notes\n", 1),
        ('{"name": "X", "type": "character", "system": {"type": "hero", "st": {"max": "nine"}}}', 1),
        ('{"name": "X", "type": "character", "system": "hero"}', 1),
        ('{"name": "X", "type": "character", "system": {"type": "dragon"}}', 1),
        (
            '{"name": "X", "system": {"st": {"max": 9}, "dx": {"max": 9}, "iq": {"max": 9}}, "items": '
            '[{"name": "S", "type": "equipment", "system": {"attacks": [{"baseDamage": "lots"}]}}]}',
            1,
        ),
        ('{"name": "X", "system": {"st": {"max": 10000000}, "dx": {"max": 9}, "iq": {"max": 9}}}', 1),
        ("Hector, hero\nDX 12\nTalents: Sword\n", 1),
        ("{not json", 1),
    ],
)
def test_bad_character_files_are_refused_and_nothing_is_stored(camp, tmp_path, text, code):
    path = tmp_path / "in.txt"
    path.write_text(text)
    err = camp.error("character", "import", str(path), code=code)
    assert err["code"] == "bad_character_file", err
    assert [c["name"] for c in camp.json("character", "list")] == ["Ajax", "Merlin"]


def test_a_name_already_taken_is_refused(camp, tmp_path):
    text = camp("character", "export", "Ajax", "--format", "statblock").stdout
    (tmp_path / "a.txt").write_text(text)
    assert camp.error("character", "import", str(tmp_path / "a.txt"), code=1)["code"] == "name_taken"
    assert camp.json("character", "import", str(tmp_path / "a.txt"), "--name", "Аякс")["name"] == "Аякс"


def test_imported_characters_keep_their_attributes_r2_is_for_new_ones(camp, tmp_path):
    (tmp_path / "big.txt").write_text("Brute, hero\nST 16, DX 12, IQ 10, MA 10\nTalents: Sword (3), Axe (2)\n")
    data = camp.json("character", "import", str(tmp_path / "big.txt"))
    assert (data["st"] + data["dx"] + data["iq"], data["skills"]) == (38, {"Sword": 3, "Axe": 2})


def test_export_refuses_to_replace_a_file_without_force(camp, tmp_path):
    (tmp_path / "x.json").write_text("keep")
    assert (
        camp.error("character", "export", "Ajax", "--format", "foundry", "--output", str(tmp_path / "x.json"), code=1)[
            "code"
        ]
        == "exists"
    )
    assert (
        camp.error("character", "export", "Ajax", "--format", "foundry", "--output", str(camp.path), "--force", code=1)[
            "code"
        ]
        == "own_file"
    )
    assert camp.error("character", "export", "Ajax", "--format", "pdf", code=2)["code"] == "usage"


def test_detect_and_damage_notation():
    assert interchange.detect('  {"name": 1}') == "foundry"
    assert interchange.detect("X\nST 1, DX 2, IQ 3\n") == "statblock"
    assert interchange.foundry_damage("D6-1") == "1d6-1" and interchange.foundry_damage("3D6") == "3d6"
