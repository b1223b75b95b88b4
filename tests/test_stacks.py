"""Stacks (CLI.md "Stacks", issue 51): identical pieces kept as one item with a `count`,
weighed and valued piece by piece, moved and spent K at a time, read back from the other
tools' quantities. Played through the library; the command line for its words."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import campaign_cli
from campaign_cli.rules import interchange


@pytest.fixture
def path(tmp_path):
    path = tmp_path / "campaign.json"
    with campaign_cli.open(path, create=True) as camp:
        camp.character_create("Ajax", st=12, dx=11, iq=9)  # carries 17 (R33)
        camp.character_create("Merlin", st=10, dx=10, iq=12)
        camp.gold_add("Merlin", 100)
    return path


def items(path, who="Ajax"):
    with campaign_cli.read(path) as camp:
        return [(i["name"], i["count"], i["state"]) for i in camp.character_show(who)["items"]]


def test_pieces_added_together_are_one_stack_weighed_piece_by_piece(path):
    with campaign_cli.open(path) as camp:
        first = camp.item_add("Ajax", "Torch", custom=True, weight=1, value=2, count=3)
        more = camp.item_add("Ajax", "Torch", custom=True, weight=1, value=2, count=2)
        other = camp.item_add("Ajax", "Torch", custom=True, weight=1, value=3)  # another value: its own stack
    assert (first["count"], more["count"], more["item"]["id"]) == (3, 2, first["item"]["id"])
    assert (more["item"]["count"], other["item"]["count"]) == (5, 1) and other["item"]["id"] != first["item"]["id"]
    assert other["character"]["carry_weight"] == 6  # R33: weight x count


def test_r33_weighs_the_whole_stack_and_refuses_it_changing_nothing(path):
    before = path.read_bytes()
    with pytest.raises(campaign_cli.Refused) as err, campaign_cli.open(path) as camp:
        camp.item_add("Ajax", "Ingot", custom=True, weight=2, count=9)  # 18 > 17
    assert err.value.code == "too_heavy" and "weighs 18" in err.value.message
    assert path.read_bytes() == before


def test_drop_give_and_sell_move_k_pieces_the_rest_keeps_its_id(path):
    with campaign_cli.open(path) as camp:
        stack = camp.item_add("Ajax", "Arrow", custom=True, value=2, count=10)["item"]
        dropped = camp.item_drop("Ajax", "Arrow", count=2)
        given = camp.item_give("Ajax", "Merlin", "Arrow", count=3)
        sold = camp.item_sell("Ajax", "Merlin", "Arrow", count=4)  # at their value: 4 x 2
        priced = camp.item_sell("Ajax", "Merlin", "Arrow", count=1, price=5)  # a price is for what changes hands
    assert (dropped["count"], dropped["item"]["count"]) == (2, 2)
    assert (given["count"], given["item"]["count"], sold["price"], priced["price"]) == (3, 3, 8, 5)
    assert sold["item"]["id"] == given["item"]["id"] and priced["item"]["count"] == 8  # onto Merlin's stack
    assert items(path) == [] and items(path, "Merlin") == [("Arrow", 8, "carried")]
    with campaign_cli.read(path) as camp:
        assert (camp.character_show("Ajax")["gold"], camp.character_show("Merlin")["gold"]) == (13, 87)
    assert stack["id"] != given["item"]["id"]  # a part that left got an id of its own


def test_more_pieces_than_the_stack_holds_are_refused(path):
    with campaign_cli.open(path) as camp:
        camp.item_add("Ajax", "Torch", custom=True, count=2)
    before = path.read_bytes()
    for act in ("item_drop", "item_store"):
        with pytest.raises(campaign_cli.Refused) as err, campaign_cli.open(path) as camp:
            getattr(camp, act)("Ajax", "Torch", count=3)
        assert err.value.code == "not_enough_pieces"
    assert path.read_bytes() == before


def test_store_and_fetch_some_pieces_then_the_stacks_join_again(path):
    with campaign_cli.open(path) as camp:
        camp.item_add("Ajax", "Torch", custom=True, weight=1, count=5)
        stored = camp.item_store("Ajax", "Torch", count=2)
    assert stored["character"]["carry_weight"] == 3 and items(path) == [
        ("Torch", 3, "carried"),
        ("Torch", 2, "stored"),
    ]
    with campaign_cli.open(path) as camp:
        camp.item_fetch("Ajax", str(stored["item"]["id"]), count=1)
        back = camp.item_fetch("Ajax", str(stored["item"]["id"]))
    assert back["count"] == 1 and items(path) == [("Torch", 5, "carried")]


def test_one_piece_of_a_stack_is_held_and_stowed_back_onto_it(path):
    with campaign_cli.open(path) as camp:
        stack = camp.item_add("Ajax", "Dagger", count=2)["item"]
        held = camp.item_hold("Ajax", "Dagger")["held"][0]
    assert held["count"] == 1 and held["id"] != stack["id"]
    assert items(path) == [("Dagger", 1, "carried"), ("Dagger", 1, "held")]
    with campaign_cli.open(path) as camp:
        camp.item_stow("Ajax", str(held["id"]))
    assert items(path) == [("Dagger", 2, "carried")]


def test_healing_potions_are_drunk_k_at_a_time_and_a_boost_one_at_a_time(tmp_path):
    path = tmp_path / "campaign.json"
    with campaign_cli.open(path, create=True) as camp:
        camp.character_create("Kate", st=10, dx=10, iq=12, skill={"Herbalist": 1, "Alchemist": 1})
        camp.xp_award(2, "Kate")
        camp.item_add("Kate", "Herb", count=4)
        for _n in range(2):  # R25: level 1 x 1 dose heals 1; the second joins the first's stack
            brewed = camp.skill_use("Kate", "Herbalist", doses=1, dice="1,1,1")["effect"]["potion"]
        for _n in range(2):
            camp.skill_use("Kate", "Alchemist", boost="ST", dice="1,1,1")
        camp.damage("Kate", 5)
    assert brewed["count"] == 2
    with campaign_cli.open(path) as camp:
        used = camp.item_use("Kate", "Healing Potion", count=2)
    assert used["effect"]["healed"] == 2 and used["character"]["damage"] == 3
    assert ("Healing Potion", 2, "carried") not in items(path, "Kate")
    with pytest.raises(campaign_cli.UsageProblem, match="one at a time"), campaign_cli.open(path) as camp:
        camp.item_use("Kate", "Potion of ST", count=2)


def test_a_personal_item_is_never_a_stack(path):
    with pytest.raises(campaign_cli.UsageProblem), campaign_cli.open(path) as camp:
        camp.item_add("Ajax", "Lucky Hat", personal=True, count=2)


def test_a_dark_stone_icon_counts_once_per_piece(path):
    with campaign_cli.open(path) as camp:
        shown = camp.item_add("Ajax", "Shard Charm", custom=True, darkstone_icon=True, count=3)["character"]
    assert shown["darkstone_total"] == 3  # R37


def test_a_stack_past_its_bound_is_refused_not_an_unusable_file(path):
    with campaign_cli.open(path) as camp:
        camp.item_add("Ajax", "Grain", custom=True, count=999_999)
    before = path.read_bytes()
    with pytest.raises(campaign_cli.Refused) as err, campaign_cli.open(path) as camp:
        camp.item_add("Ajax", "Grain", custom=True, count=2)
    assert err.value.code == "over_bound" and err.value.exit_status == 1
    assert path.read_bytes() == before


def test_herbs_are_spent_piece_by_piece(path):
    from campaign_cli.rules import craft

    with campaign_cli.open(path) as camp:
        doc = camp.item_add("Ajax", "Herb", count=3)["character"]
    doc = {**doc, "items": [dict(i) for i in doc["items"]]}
    craft.use_herbs(doc, 2)  # R25a: a dose is one piece
    assert [(i["name"], i["count"]) for i in doc["items"]] == [("Herb", 1)]
    with pytest.raises(campaign_cli.Refused, match="carries 1 Herb; 2 doses"):
        craft.use_herbs(doc, 2)


def test_a_file_written_before_stacks_reads_every_item_as_one_piece(path):
    with campaign_cli.open(path) as camp:
        camp.item_add("Ajax", "Dagger")
    data = json.loads(path.read_bytes())
    data["meta"]["1"]["schema_version"] = 3
    for doc in data["characters"].values():
        for item in doc["items"]:
            del item["count"]
    path.write_text(json.dumps(data))
    assert items(path) == [("Dagger", 1, "carried")]  # read, migrated in memory
    with campaign_cli.open(path) as camp:
        camp.xp_award(1, "Ajax")
    written = json.loads(path.read_bytes())
    assert written["meta"]["1"]["schema_version"] == 5
    assert written["characters"]["1"]["items"][0]["count"] == 1


def test_foundry_qty_and_stat_block_counts_go_both_ways(path, tmp_path):
    with campaign_cli.open(path) as camp:
        camp.item_add("Ajax", "Torches", custom=True, weight=1, value=1, count=4)
        actor = camp.character_export("Ajax", format="foundry")
        block = camp.character_export("Ajax", format="statblock")
    torches = next(i for i in json.loads(actor)["items"] if i["name"] == "Torches")
    assert (torches["system"]["qty"], torches["system"]["wt"]) == (4, 1)
    assert "Equipment: Torches (4)" in block
    plan = interchange.from_statblock(block)
    assert [i["options"] for i in plan["items"] if i["name"] == "Torches"] == [{"count": 4}]
    (tmp_path / "actor.json").write_text(actor)
    with campaign_cli.open(path) as camp:
        back = camp.character_import(str(tmp_path / "actor.json"), name="Ajax Again")
    assert [(i["name"], i["count"], i["weight"]) for i in back["items"] if i["name"] == "Torches"] == [
        ("Torches", 4, 1)
    ]


@settings(max_examples=60, deadline=None)
@given(moves=st.lists(st.tuples(st.sampled_from(["drop", "store", "fetch", "give"]), st.integers(1, 4)), max_size=8))
def test_pieces_are_never_made_or_lost_by_moving_them(tmp_path_factory, moves):
    """Whatever is dropped, stored, fetched or given, the pieces left, stored and given add
    up to those added, and no two equal stacks stand side by side."""
    path = tmp_path_factory.mktemp("stacks") / "campaign.json"
    with campaign_cli.open(path, create=True) as camp:
        camp.character_create("Ajax", st=12, dx=11, iq=9)
        camp.character_create("Merlin", st=10, dx=10, iq=12)
        camp.item_add("Ajax", "Torch", custom=True, weight=1, count=6)
    dropped = 0
    for act, k in moves:
        try:
            with campaign_cli.open(path) as camp:
                ref = next(
                    (
                        str(i["id"])
                        for i in camp.character_show("Ajax")["items"]
                        if (i["state"] == "stored") == (act == "fetch")
                    ),
                    "Torch",
                )
                if act == "drop":
                    dropped += camp.item_drop("Ajax", ref, count=k)["count"]
                elif act == "give":
                    camp.item_give("Ajax", "Merlin", ref, count=k)
                else:
                    getattr(camp, f"item_{act}")("Ajax", ref, count=k)
        except campaign_cli.CampaignError:  # more pieces than there are, none stored, none left: nothing moved
            continue
    ajax, merlin = items(path), items(path, "Merlin")
    assert sum(n for _, n, _ in ajax + merlin) + dropped == 6
    assert len({state for _, _, state in ajax}) == len(ajax) and len(merlin) <= 1


def test_the_commands_say_the_pieces_and_refuse_a_count_out_of_range(camp):
    out = camp("item", "add", "Ajax", "Torch", "--custom", "--count", "3")
    assert out.exit_code == 0 and out.stdout.startswith("Ajax gets Torch ×3 (#")
    out = camp("item", "give", "Ajax", "Merlin", "Torch", "--count", "1")
    assert out.stdout.strip() == "Ajax gives Torch to Merlin"
    out = camp("item", "drop", "Ajax", "Torch")  # the whole stack
    assert out.stdout.strip() == "Ajax drops Torch ×2"
    assert camp.error("item", "add", "Ajax", "Torch", "--custom", "--count", "0", code=2)["code"] == "usage"
    listed = camp("item", "list", "Merlin")
    assert "Torch" in listed.stdout and "×" not in listed.stdout  # one piece: no sign
    camp("--lang", "ru", "item", "add", "Merlin", "Факел", "--custom", "--count", "2")
    shown = camp("--lang", "ru", "character", "show", "Merlin").stdout
    assert "Факел ×2" in shown and "Torch" in shown  # the sign: no name declined


# What the fantasy-trip system's own exporter writes for its test actor (exportStandardText,
# its src/module/util/_tests/export.test.mjs): the format's sample, as that tool prints it.
SYSTEMS_TEXT = """Uldor, wizard, age 18
ST 9, DX 8, IQ 16, MA 10
Talents: Literacy, Area Knowledge, Quarterstaff, Carousing
Languages: Common, Goblin, Human, Sorcerors' Tongue
Spells: Summon Gargoyle, Drain Strength, Fireball
Weapons: Wizards Staff (1d6+3), Shortsword (2d6-1), Longbow (1d6)
Armor: Light Leather stops 1, Backpack stops 1
Equipment: Silver Coins (16), Copper Coins (8), Belt Pouch, Torch
Magic Items:
• Book of Shadows"""


def test_the_systems_own_text_keeps_its_stacks_both_ways(camp):
    data = json.loads(camp("character", "import", "-", "--json", input=SYSTEMS_TEXT).stdout)
    counts = {i["name"]: i["count"] for i in data["items"] if i["kind"] == "gear"}
    assert counts == {"Silver Coins": 16, "Copper Coins": 8, "Belt Pouch": 1, "Torch": 1}
    assert [s["name"] for s in data["spells"]] == ["Summon Gargoyle", "Drain Strength", "Fireball"]
    block = camp("character", "export", "Uldor", "--format", "statblock").stdout
    assert "Equipment: Silver Coins (16), Copper Coins (8), Belt Pouch, Torch" in block.splitlines()
    assert "Spells: Summon Gargoyle, Drain Strength, Fireball" in block.splitlines()


def test_a_foundry_actors_qty_goes_back_as_it_came(camp):
    from tests.test_interchange import FIXTURES

    camp.json("character", "import", str(FIXTURES / "foundry-actor.json"))
    actor = json.loads(camp("character", "export", "Uldra", "--format", "foundry").stdout)
    source = json.loads((FIXTURES / "foundry-actor.json").read_text())
    came = {i["name"]: i["system"]["qty"] for i in source["items"] if i["type"] == "equipment"}
    went = {i["name"]: i["system"]["qty"] for i in actor["items"] if i["type"] == "equipment"}
    assert went == came and came["Silver Coins"] == 16


def test_cloth_armors_encumbrance_is_its_restriction_and_goes_back_whole(camp, tmp_path):
    """The system's Cloth Armor (its example-items pack) takes 1 off DX by an active effect
    while equipped: read as the armor's restriction (R30), the effect kept and written back."""
    effect = {
        "name": "Encumbrance",
        "type": "base",
        "transfer": True,
        "disabled": True,
        "changes": [{"key": "system.dx.value", "mode": 2, "value": "-1", "priority": None}],
        "_id": "JRSofZfAZCW4QSvi",
    }
    cloth = {
        "name": "Cloth Armor",
        "type": "equipment",
        "system": {"notes": "", "attacks": [], "defenses": [{"action": "Chest/Torso", "hitsStopped": 1}],
                   "cost": 50, "wt": 14, "qty": 1, "location": "readied", "capacity": 0, "container": None},
        "effects": [effect],
    }  # fmt: skip
    actor = {"name": "Tam", "type": "character", "system": {"type": "hero", "st": {"max": 12}, "dx": {"max": 12},
             "iq": {"max": 8}}, "items": [cloth]}  # fmt: skip
    (tmp_path / "tam.json").write_text(json.dumps(actor))
    tam = camp.json("character", "import", str(tmp_path / "tam.json"))
    armor = next(i for i in tam["items"] if i["name"] == "Cloth Armor")
    assert (armor["armor"], armor["restriction"], armor["state"]) == (1, 1, "worn")
    assert tam["adjusted_dx"] == 11  # R30
    back = json.loads(camp("character", "export", "Tam", "--format", "foundry").stdout)
    assert next(i for i in back["items"] if i["name"] == "Cloth Armor")["effects"] == [effect]
    camp.json("item", "add", "Ajax", "Leather")  # restriction 2 and no effect of its own: one written
    ajax = json.loads(camp("character", "export", "Ajax", "--format", "foundry").stdout)
    leather = next(i for i in ajax["items"] if i["name"] == "Leather")
    written = [(c["key"], c["type"], c["value"]) for e in leather["effects"] for c in e["system"]["changes"]]
    assert written == [("system.dx.value", "subtract", 2)]  # as release 1.2.0 on Foundry core 14 writes it


# Cloth Armor as the system's pack holds it (release 1.2.0, Foundry core 14): the change in
# `effects[].system.changes[]`, typed by name (`subtract`), its value a number.
CORE14_EFFECT = {
    "name": "Encumbrance",
    "origin": "Item.SE2fJ4WlfiUrhMPP",
    "transfer": True,
    "_id": "JRSofZfAZCW4QSvi",
    "type": "base",
    "system": {"changes": [{"key": "system.dx.value", "type": "subtract", "value": 1, "priority": None,
                            "phase": "initial"}]},
    "disabled": True,
    "duration": {"value": None, "units": "seconds", "expiry": None, "expired": False},
    "statuses": [],
    "_stats": {"coreVersion": "14.359", "systemId": "fantasy-trip", "systemVersion": "1.2.0"},
}  # fmt: skip


def _tam(tmp_path, *effects):
    cloth = {
        "name": "Cloth Armor",
        "type": "equipment",
        "system": {"notes": "", "attacks": [], "defenses": [{"action": "Chest/Torso", "hitsStopped": 1}],
                   "cost": 50, "wt": 14, "qty": 1, "location": "readied", "capacity": 0, "container": None,
                   "pdfReference": "ITL#110", "applyEffectsWhen": ["readied"]},
        "effects": list(effects),
    }  # fmt: skip
    actor = {"name": "Tam", "type": "character", "system": {"type": "hero", "st": {"max": 12}, "dx": {"max": 12},
             "iq": {"max": 8}}, "items": [cloth]}  # fmt: skip
    (tmp_path / "tam.json").write_text(json.dumps(actor))
    return tmp_path / "tam.json"


def test_cloth_armor_from_a_foundry_14_pack_keeps_its_restriction_and_its_shape(camp, tmp_path):
    """Issue 77: the importer read only `effects[].changes[] {mode: 2, value: "-1"}`; Cloth
    Armor from the system's pack (core 14's shape) came in with no restriction and nothing
    in `unmatched`."""
    tam = camp.json("character", "import", str(_tam(tmp_path, CORE14_EFFECT)))
    armor = next(i for i in tam["items"] if i["name"] == "Cloth Armor")
    assert (armor["restriction"], tam["adjusted_dx"]) == (1, 11)
    assert not any("effects" in u for u in tam["unmatched"])
    back = json.loads(camp("character", "export", "Tam", "--format", "foundry").stdout)
    assert next(i for i in back["items"] if i["name"] == "Cloth Armor")["effects"] == [CORE14_EFFECT]


@pytest.mark.parametrize(
    ("change", "restriction"),
    [
        ({"key": "system.dx.value", "type": "add", "value": -2}, 2),
        ({"key": "system.dx.value", "type": "subtract", "value": "3"}, 3),
        ({"key": "system.dx.value", "mode": 2, "value": "-1"}, 1),
        ({"key": "system.dx.value", "type": "override", "value": 8}, 0),
        ({"key": "system.dx.value", "mode": 1, "value": "0.5"}, 0),
        ({"key": "system.st.value", "type": "add", "value": 2}, 0),
        ({"key": "system.dx.value", "type": "upgrade", "value": 14}, 0),
    ],
)
def test_every_change_type_either_shape_is_the_restriction_or_listed(camp, tmp_path, change, restriction):
    """add/subtract of DX is R30's restriction in either shape; override, multiply, upgrade,
    another attribute: no rule here reads them, so the effect is kept whole, written back and
    listed in `unmatched` (CLI.md: nothing is lost silently)."""
    shape = {"system": {"changes": [change]}} if "type" in change else {"changes": [change]}
    effect = {"name": "Odd", "type": "base", "transfer": True, **shape}
    tam = camp.json("character", "import", str(_tam(tmp_path, effect)))
    armor = next(i for i in tam["items"] if i["name"] == "Cloth Armor")
    assert armor.get("restriction", 0) == restriction
    listed = [u for u in tam["unmatched"] if u.startswith("Cloth Armor: effects[0]")]
    assert bool(listed) == (restriction == 0), tam["unmatched"]
    back = json.loads(camp("character", "export", "Tam", "--format", "foundry").stdout)
    assert next(i for i in back["items"] if i["name"] == "Cloth Armor")["effects"] == [effect]


# The fantasy-trip system's own sample of a published stat block (its import test's
# `fullActor`): what its importer reads, as TFT adventures print it.
FULL_ACTOR = """Doctor Mandrake, wizard, age 99
ST 12, DX 13, IQ 18, MA 10
Talents: Alchemy, Knife, Literacy, Horsemanship, Sword
Spells include: Cleansing, Cleanse Poison, Create/Destroy
Elemental, Darkness, Dazzle, Dispel Missiles, 4-Hex Image,
Glamor, Iron Flesh, Lesser Magic Item Enchantment,
Lightning, Minor Medicament, Regeneration, Remove
Thrown Spell, Spell Shield, Staff III, Wizard’s Wrath
Languages: Common, Goblin, Sorcerers’ Tongue
Weapon: Silver shortsword (2d-1)
Attacks: Halitosis (1d-3) (see below)
Special Ability/Weakness: Allergic to cats (-1 to DX and IQ in presence of any feline)
Armor: Enchanted silken robes stop 3 hits/attack
Equipment: Torches (2), wizard’s chest
Magic Items:
• Gem of Summoning (4-Hex Dragon)
• Powerstone, 5 ST (emerald; see below)
• Staff III (Mana 12): 2’ ebony wand, value $300 (1d)
Special note: Dr. Mandrake becomes violently angry if he is reminded, intentionally or not, of his age."""


def test_the_systems_full_actor_round_trips_its_stacks_spells_and_notes(camp):
    first = json.loads(camp("character", "import", "-", "--json", input=FULL_ACTOR).stdout)
    block = camp("character", "export", "Doctor Mandrake", "--format", "statblock").stdout
    camp.json("character", "delete", "Doctor Mandrake")
    again = json.loads(camp("character", "import", "-", "--json", input=block).stdout)
    for data in (first, again):
        assert {i["name"]: i["count"] for i in data["items"] if i["kind"] == "gear"} == {
            "Torches": 2,
            "wizard’s chest": 1,
        }
        assert len(data["spells"]) == 17 and {"Darkness", "Wizard’s Wrath"} <= {s["name"] for s in data["spells"]}
        assert data["notes"].startswith("Dr. Mandrake becomes violently angry")
    assert {i["name"] for i in again["items"]} == {i["name"] for i in first["items"]}
    assert any("Gem of Summoning" in u for u in first["unmatched"])  # kept whole, listed (docs/interchange.md)


def test_a_stat_blocks_age_ma_attacks_abilities_and_magic_items_come_back(camp):
    """Issue 77: `age 99` came back 18, `MA 10` came back 6, and `Attacks:`, `Special
    Ability/Weakness:`, `Magic Items:` went to `unmatched` only, lost on export."""
    camp("character", "import", "-", input=FULL_ACTOR)
    block = camp("character", "export", "Doctor Mandrake", "--format", "statblock").stdout
    lines = block.splitlines()
    assert lines[:2] == ["Doctor Mandrake, wizard, age 99", "ST 12, DX 13, IQ 18, MA 10"]
    assert "Attacks: Halitosis (1d-3) (see below)" in lines
    assert "Special Ability/Weakness: Allergic to cats (-1 to DX and IQ in presence of any feline)" in lines
    magic = next(line for line in lines if line.startswith("Magic Items: "))
    assert "Gem of Summoning (4-Hex Dragon)" in magic and "Staff III (Mana 12)" in magic
    actor = json.loads(camp("character", "export", "Doctor Mandrake", "--format", "foundry").stdout)
    assert actor["system"]["age"] == 99 and actor["system"]["ma"]["walk"]["max"] == 10  # one MA, both exports
    camp.json("character", "delete", "Doctor Mandrake")
    (camp.path.parent / "mandrake.json").write_text(json.dumps(actor))
    camp.json("character", "import", str(camp.path.parent / "mandrake.json"))  # through Foundry and back
    again = camp("character", "export", "Doctor Mandrake", "--format", "statblock").stdout.splitlines()
    assert again[:2] == lines[:2] and magic in again and "Attacks: Halitosis (1d-3) (see below)" in again


def test_one_ma_for_one_character_in_both_exports(camp):
    """Issue 77: Ajax (DX 11, Chainmail): the stat block said MA 5, the Foundry export walk 10
    (the system's importer turns `MA 5` into walk 5): two movements for one character."""
    camp.json("item", "add", "Ajax", "Chainmail")
    camp.json("item", "wear", "Ajax", "Chainmail")
    block = camp("character", "export", "Ajax", "--format", "statblock").stdout
    actor = json.loads(camp("character", "export", "Ajax", "--format", "foundry").stdout)
    said = int(block.splitlines()[1].rsplit("MA ", 1)[1])
    assert said == actor["system"]["ma"]["walk"]["max"] == 10
    assert actor["flags"]["campaign-cli"]["ma"] == camp.json("character", "show", "Ajax")["ma"]  # R4's, ours


@pytest.mark.parametrize(
    ("name", "warned"),
    [("Wizard’s Wrath", False), ("O'Brien", False), ("Fire-Bolt", True), ("Sword, Long", True), ("Меч", True)],
)
def test_the_stat_block_warning_follows_the_systems_importer(camp, name, warned):
    """Its pattern admits letters, digits, spaces, ’ ' and a backquote: `’` was warned about,
    a hyphen and a comma were not."""
    camp.json("item", "add", "Ajax", name, "--custom", "--kind", "gear")
    done = camp("character", "export", "Ajax", "--format", "statblock", "--json")
    assert name in json.loads(done.stdout)["warnings"][0] if warned else not json.loads(done.stdout)["warnings"]


def test_an_upgrade_fitted_into_one_piece_of_a_stack_stays_in_that_piece(path):
    """A regression: the piece split off a stack shared its lists with the rest, so an
    upgrade fitted into the one sword showed in every sword of the stack."""
    with campaign_cli.open(path) as camp:
        camp.item_add("Ajax", "Dagger", slots=1, count=2)
        camp.item_add("Ajax", "Rune", custom=True, kind="upgrade", slots=1)
        upgraded = camp.item_upgrade("Ajax", "Dagger", "Rune")["item"]
        daggers = [i for i in camp.character_show("Ajax")["items"] if i["name"] == "Dagger"]
    assert [(d["count"], len(d["upgrades"])) for d in daggers] == [(1, 0), (1, 1)]
    assert upgraded["id"] == daggers[1]["id"]


def test_two_pieces_of_a_stack_are_held_in_two_hands(path):
    with campaign_cli.open(path) as camp:
        camp.item_add("Ajax", "Dagger", count=2)
        held = camp.item_hold("Ajax", "Dagger", "Dagger")["held"]
    assert [(h["name"], h["count"], h["state"]) for h in held] == [("Dagger", 1, "held")] * 2
    assert held[0]["id"] != held[1]["id"] and items(path) == [("Dagger", 1, "held"), ("Dagger", 1, "held")]
    with pytest.raises(campaign_cli.UsageProblem), campaign_cli.open(path) as camp:
        camp.item_hold("Ajax", str(held[0]["id"]), str(held[0]["id"]))  # one piece named twice


def test_a_name_both_in_hand_and_in_the_pack_is_the_one_the_act_can_take(path):
    """After a piece of a stack is taken in hand, the name answers to both: stowing takes
    the one held, holding takes from the pack; dropping still asks which (by id)."""
    with campaign_cli.open(path) as camp:
        camp.item_add("Ajax", "Dagger", count=3)
        camp.item_hold("Ajax", "Dagger")
        again = camp.item_hold("Ajax", "Dagger")["held"]  # the one in hand goes back, one from the pack
        stowed = camp.item_stow("Ajax", "Dagger")["item"]
    assert len(again) == 1 and stowed["count"] == 3 and items(path) == [("Dagger", 3, "carried")]
    with campaign_cli.open(path) as camp:
        camp.item_hold("Ajax", "Dagger")
    with pytest.raises(campaign_cli.Refused) as err, campaign_cli.open(path) as camp:
        camp.item_drop("Ajax", "Dagger")
    assert err.value.code == "ambiguous_item"
    # each id as it can be typed, with what tells the two apart (issue 74); the facts keep `#id`
    with campaign_cli.read(path) as camp:
        held, carried = (i["id"] for i in sorted(camp.character_show("Ajax")["items"], key=_held_first))
    said = err.value.message
    assert f"name one by id: {held} (Dagger, held) or {carried} (Dagger, carried)" in said or (
        f"name one by id: {carried} (Dagger, carried) or {held} (Dagger, held)" in said
    ), said
    assert sorted(campaign_cli.facts_of(err.value, "ambiguous_item")["ids"]) == sorted([f"#{held}", f"#{carried}"])
    with pytest.raises(campaign_cli.Refused) as ru, campaign_cli.open(path, lang="ru") as russian:
        russian.item_drop("Ajax", "Кинжал")
    assert f"{held} (Кинжал, в руках)" in ru.value.message and f"{carried} (Кинжал, в рюкзаке)" in ru.value.message


def _held_first(item: dict) -> int:
    return 0 if item["state"] == "held" else 1


def test_a_quantity_or_weight_past_any_float_is_refused_not_an_internal_error(camp, tmp_path):
    """A regression: JSON's 1e400 reads as infinity; a `qty` or `wt` of it was an
    OverflowError (exit 1 `internal`) where a bad file is refused naming the field."""
    for field in ("qty", "wt"):
        coins = {"name": "Coins", "type": "equipment", "system": {"qty": 2, "wt": 0, "cost": 1}}
        attributes = {"st": {"max": 10}, "dx": {"max": 10}, "iq": {"max": 10}}
        actor = {"name": "Inf", "type": "character", "system": {"type": "hero", **attributes}, "items": [coins]}
        text = json.dumps(actor).replace(f'"{field}": {actor["items"][0]["system"][field]}', f'"{field}": 1e400')
        (tmp_path / "inf.json").write_text(text)
        err = camp.error("character", "import", str(tmp_path / "inf.json"), code=1)
        assert err["code"] != "internal" and "items[0].system" in err["message"], err
