"""Rules, sixth pass (issue 62): each finding of the audit, named by its rule, through every
path: the command line, a batch line and the library's own method. The three paths start
from copies of one campaign and must agree (the parity is part of each test)."""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import campaign_cli
from campaign_cli.cli.app import app
from tests.runner import CliRunner


def three_paths(path: Path, words: list[str], library: Callable[[Any], Any]) -> list[tuple[int, str | None]]:
    """WORDS run on the command line, as a batch line, and LIBRARY (the method itself) run in
    a block, each on its own copy of PATH: each path's (exit status, error code). A refusal
    leaves its copy byte for byte as it was."""
    out = []
    for way in ("cli", "batch", "library"):
        copy = path.with_name(f"{way}-{path.name}")
        shutil.copy(path, copy)
        before = copy.read_bytes()
        if way == "cli":
            result = CliRunner().invoke(app, ["-c", str(copy), *words, "--json"])
            error = json.loads(result.stderr)["error"]["code"] if result.exit_code else None
            out.append((result.exit_code, error))
        elif way == "batch":
            line = json.dumps({"args": words}) + "\n"
            result = CliRunner().invoke(app, ["-c", str(copy), "batch", "-", "--json"], input=line)
            error = json.loads(result.stderr)["error"]["code"] if result.exit_code else None
            out.append((result.exit_code, error))
        else:
            try:
                with campaign_cli.open(copy) as camp:
                    library(camp)
                out.append((0, None))
            except campaign_cli.CampaignError as err:
                out.append((err.exit_status, err.code))
        if out[-1][0]:
            assert copy.read_bytes() == before, (way, words)
    assert len(set(out)) == 1, out  # one rule, every path
    return out


def _refused(path: Path, words: list[str], library: Callable[[Any], Any]) -> str | None:
    (status, code), *_ = three_paths(path, words, library)
    assert status == 1, (words, status, code)
    return code


def _dying(path: Path, who: str = "Ajax") -> None:
    """WHO falls in a fight and is dying after it (R20: damage at ST when the fight ends)."""
    with campaign_cli.open(path) as camp:
        camp.fight_start()
        camp.damage(who, camp.character_show(who)["st"])
        camp.fight_end(fled=True)
        assert camp.character_show(who)["status"] == "dying"


def _brew(camp: Any, attribute: str = "ST") -> int:
    """Alma (Alchemist 2) brews a potion raising ATTRIBUTE by 2; its id (R25)."""
    if "Alma" not in [c["name"] for c in camp.character_list()]:
        camp.character_create("Alma", st=10, dx=10, iq=12, skill=["Alchemist=2"])
    camp.xp_award(1, "Alma")
    return int(camp.skill_use("Alma", "Alchemist", boost=attribute, dice=[1, 1, 1])["effect"]["potion"]["id"])


# -- 1. R20, R25a: no potion lifts the dying ----------------------------------------------------
def test_r25a_an_st_potion_given_to_the_dying_leaves_them_dying(path):
    _dying(path)
    with campaign_cli.open(path) as camp:
        potion = _brew(camp)
        camp.item_use("Alma", str(potion), on="Ajax")  # others may give the dying a potion (R11a)
        ajax = camp.character_show("Ajax")
    assert ajax["status"] == "dying" and ajax["raised"] == {"ST": 14}
    _refused(path, ["check", "Ajax", "3/DX", "--dice", "1,1,1"], lambda c: c.check("Ajax", "3/DX", dice=[1, 1, 1]))
    _refused(path, ["xp", "spend", "Ajax", "--attribute", "ST"], lambda c: c.xp_spend("Ajax", attribute="ST"))
    with campaign_cli.open(path) as camp:
        camp.rest()  # the moment passes at ST 12 with 12 damage: dead (R20), the potion no help
        assert camp.character_show("Ajax")["status"] == "dead"


# -- 2. R27: `item set --heft` on a held weapon ---------------------------------------------------
def test_r27_item_set_heft_above_the_holders_st_is_refused_on_a_held_weapon(path):
    with campaign_cli.open(path) as camp:
        camp.item_add("Ajax", "Broadsword")
        camp.item_hold("Ajax", "Broadsword")
    code = _refused(
        path,
        ["item", "set", "Ajax", "Broadsword", "--heft", "13"],
        lambda c: c.item_set("Ajax", "Broadsword", heft=13),
    )
    assert code == "too_heavy_to_wield"
    ok, *_ = three_paths(
        path, ["item", "set", "Ajax", "Broadsword", "--heft", "12"], lambda c: c.item_set("Ajax", "Broadsword", heft=12)
    )
    assert ok == (0, None)


# -- 3. R11a: the out of action, the dying and the dead roll nothing ---------------------------
@pytest.mark.parametrize("weapon", [False, True])
def test_r11a_the_dying_roll_nothing_with_or_without_a_weapon(path, weapon):
    with campaign_cli.open(path) as camp:
        camp.item_add("Ajax", "Broadsword")
        camp.item_hold("Ajax", "Broadsword")
    _dying(path)
    words = ["roll", "D6", "--character", "Ajax", *(["--weapon", "Broadsword"] if weapon else [])]
    code = _refused(
        path, words, lambda c: c.roll("D6", character="Ajax", **({"weapon": "Broadsword"} if weapon else {}))
    )
    assert code == "cannot_act"


def test_r11a_the_out_of_action_roll_nothing(path):
    with campaign_cli.open(path) as camp:
        camp.damage("Ajax", 12)
        assert camp.character_show("Ajax")["status"] == "out"
    assert _refused(path, ["roll", "D6", "--character", "Ajax"], lambda c: c.roll("D6", character="Ajax")) == (
        "cannot_act"
    )


# -- 4. R25a, R27: an ST potion counts for heft and for the twice-ST line -----------------------
def test_r25a_an_st_potion_counts_for_heft(path):
    with campaign_cli.open(path) as camp:
        camp.item_add("Ajax", "Maul", custom=True, damage="2D6", heft=14, hands=2)
    refused = three_paths(path, ["item", "hold", "Ajax", "Maul"], lambda c: c.item_hold("Ajax", "Maul"))
    assert refused[0] == (1, "too_heavy_to_wield")  # ST 12 < heft 14
    with campaign_cli.open(path) as camp:
        potion = _brew(camp)
        camp.item_give("Alma", "Ajax", str(potion))
        camp.item_use("Ajax", str(potion))
    ok, *_ = three_paths(path, ["item", "hold", "Ajax", "Maul"], lambda c: c.item_hold("Ajax", "Maul"))
    assert ok == (0, None)


def test_r25a_an_st_potion_counts_for_the_twice_st_line(path):
    with campaign_cli.open(path) as camp:
        potion = _brew(camp)
        camp.item_give("Alma", "Ajax", str(potion))
        camp.item_use("Ajax", str(potion))
        camp.damage("Ajax", 24)  # twice the base ST 12, below twice the raised 14
        assert camp.character_show("Ajax")["status"] != "dead"
        camp.damage("Ajax", 4)  # 28: twice ST 14
        assert camp.character_show("Ajax")["status"] == "dead"


# -- 5. R11a: no tool credits the out of action with a kill ------------------------------------
def test_r11a_enemy_kill_by_the_out_of_action_is_refused_as_fight_hit_is(path):
    with campaign_cli.open(path) as camp:
        camp.damage("Ajax", 12)
    words = ["enemy", "kill", "Bog Lurker", "--by", "Ajax"]
    code = _refused(path, words, lambda c: c.enemy_kill("Bog Lurker", by="Ajax"))
    assert code == "cannot_act"


# -- 6. R11a: a dry run judges as the real act ---------------------------------------------------
def test_r11a_xp_spend_dry_run_refuses_the_dying_as_the_real_spend_does(path):
    with campaign_cli.open(path) as camp:
        camp.xp_award(50, "Ajax")
    _dying(path)
    code = _refused(
        path,
        ["xp", "spend", "Ajax", "--attribute", "ST", "--dry-run"],
        lambda c: c.xp_spend("Ajax", attribute="ST", dry_run=True),
    )
    assert code == "dying"


# -- 7. R11a, R13: `fight end --won` naming the dead ---------------------------------------------
def test_r13_fight_end_won_naming_a_dead_character_is_refused(path):
    with campaign_cli.open(path) as camp:
        camp.fight_start()
        camp.damage("Merlin", 16)  # twice ST 8: dead
    code = _refused(path, ["fight", "end", "--won", "Merlin"], lambda c: c.fight_end("Merlin", won=True))
    assert code == "dead"


# -- 8. R38: stacks in the shop -------------------------------------------------------------------
def test_r38_shop_buy_count_buys_a_stack_at_a_pieces_price(path):
    with campaign_cli.open(path) as camp:
        camp.gold_add("Ajax", 50)
    words = ["shop", "buy", "Ajax", "Arrow", "--count", "20", "--price", "2"]
    ok, *_ = three_paths(path, words, lambda c: c.shop_buy("Ajax", "Arrow", count=20, price=2))
    assert ok == (0, None)
    with campaign_cli.open(path) as camp:
        bought = camp.shop_buy("Ajax", "Arrow", count=20, price=2)
        assert (bought["paid"], bought["item"]["count"], bought["item"]["value"]) == (40, 20, 2)
        assert camp.character_show("Ajax")["gold"] == 10
    poor = three_paths(path, words, lambda c: c.shop_buy("Ajax", "Arrow", count=20, price=2))
    assert poor[0][0] == 1  # 10 gold left: twenty more cannot be paid


def test_r38_shop_sell_sells_one_piece_unless_counted(path):
    with campaign_cli.open(path) as camp:
        camp.item_add("Ajax", "Arrow", count=10, value=3)
    one, *_ = three_paths(path, ["shop", "sell", "Ajax", "Arrow"], lambda c: c.shop_sell("Ajax", "Arrow"))
    assert one == (0, None)
    with campaign_cli.open(path) as camp:
        sold = camp.shop_sell("Ajax", "Arrow")
        assert (sold["received"], sold["item"]["count"]) == (3, 1)
        assert [i["count"] for i in camp.item_list("Ajax") if i["name"] == "Arrow"] == [9]
        sold = camp.shop_sell("Ajax", "Arrow", count=4)
        assert (sold["received"], sold["item"]["count"]) == (12, 4)
        assert camp.character_show("Ajax")["gold"] == 15


# -- 5. R11a: in a fight, none of the out of action's items move ---------------------------------
@pytest.mark.parametrize(
    "words, library",
    [
        (["item", "stow", "Ajax", "Dagger"], lambda c: c.item_stow("Ajax", "Dagger")),
        (["item", "drop", "Ajax", "Dagger"], lambda c: c.item_drop("Ajax", "Dagger")),
        (["item", "give", "Ajax", "Merlin", "Dagger"], lambda c: c.item_give("Ajax", "Merlin", "Dagger")),
    ],
)
def test_r11a_in_a_fight_the_out_of_actions_items_do_not_move(path, words, library):
    with campaign_cli.open(path) as camp:
        camp.item_add("Ajax", "Dagger")
        camp.item_hold("Ajax", "Dagger")
        camp.damage("Ajax", 12)
        assert camp.character_show("Ajax")["status"] == "out"
    ok, *_ = three_paths(path, words, library)  # no fight open: the party moves his gear
    assert ok == (0, None)
    with campaign_cli.open(path) as camp:
        camp.fight_start()
    assert _refused(path, words, library) == "cannot_act"  # from `fight start`, order rolled or not


# -- 10. R25a, R33: a potion lapses; weightless items are still taken -----------------------------
def test_r25a_over_the_limit_after_a_potion_lapses_a_weightless_item_is_still_taken(path):
    with campaign_cli.open(path) as camp:
        potion = _brew(camp)
        camp.item_give("Alma", "Ajax", str(potion))
        camp.fight_start()
        camp.item_use("Ajax", str(potion))
        assert camp.character_show("Ajax")["carry_limit"] == 5 + 14
        camp.item_add("Ajax", "Anvil", custom=True, weight=19)  # the raised limit, to the last unit
        camp.fight_end(fled=True)  # the potion lapses (R25): over the limit of ST 12
        ajax = camp.character_show("Ajax")
        assert (ajax["carry_weight"], ajax["carry_limit"], ajax["status"]) == (19, 17, "ok")
    ok, *_ = three_paths(
        path, ["item", "add", "Ajax", "Feather", "--custom"], lambda c: c.item_add("Ajax", "Feather", custom=True)
    )
    assert ok == (0, None)
    words = ["item", "add", "Ajax", "Stone", "--custom", "--weight", "1"]
    assert _refused(path, words, lambda c: c.item_add("Ajax", "Stone", custom=True, weight=1)) == "too_heavy"


# -- 9. R26: a reloading weapon says whether it is loaded (CLI.md's item JSON) ------------------
def _shown(path: Path, words: list[str]) -> Any:
    result = CliRunner().invoke(app, ["-c", str(path), *words, "--json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def test_r26_a_reloading_weapon_is_loaded_until_fired_and_again_once_reloaded(path):
    with campaign_cli.open(path) as camp:
        bow = camp.item_add("Ajax", "Crossbow")["item"]
        dagger = camp.item_add("Ajax", "Dagger")["item"]
        camp.item_hold("Ajax", "Crossbow")
    assert bow["loaded"] is True and "loaded" not in dagger  # only a weapon that reloads says so
    with campaign_cli.open(path) as camp:
        camp.adventure_start("The Ford")
        camp.fight_start()
        camp.fight_add("Bog Lurker")
        camp.fight_order(dice=[6, 1])
        camp.fight_attack("Ajax", "Bog Lurker 1", weapon="Crossbow", dice=[6, 6, 6])  # a miss fires it too
    fired = _shown(path, ["item", "show", "Ajax", "Crossbow"])
    assert fired["loaded"] is False and fired["unloaded"] == 1
    # every path reads the same: the command line, a batch line, the library
    for way in three_paths(path, ["item", "show", "Ajax", "Crossbow"], lambda c: c.item_show("Ajax", "Crossbow")):
        assert way == (0, None)
    with campaign_cli.read(path) as camp:
        assert camp.item_show("Ajax", "Crossbow")["loaded"] is False
        assert [i.get("loaded") for i in camp.character_show("Ajax")["items"]] == [False, None]
    with campaign_cli.open(path) as camp:
        camp.fight_end(fled=True)
        camp.item_reload("Ajax", "Crossbow")  # out of a fight's turns: all of it
    assert _shown(path, ["item", "show", "Ajax", "Crossbow"])["loaded"] is True


def test_r26_a_file_of_schema_4_learns_which_of_its_weapons_are_loaded(path):
    """The migration to schema 5: a fired crossbow (`unloaded`) is not loaded, another is;
    an item that does not reload gets no field. A schema-4 export imports the same way."""
    with campaign_cli.open(path) as camp:
        camp.item_add("Ajax", "Crossbow")
        camp.item_add("Merlin", "Crossbow")
        camp.item_add("Merlin", "Dagger")
    data = json.loads(path.read_text())
    data["meta"]["1"]["schema_version"] = 4
    for doc in data["characters"].values():
        for item in doc["items"]:
            item.pop("loaded", None)
            if doc["name"] == "Ajax":
                item["unloaded"] = 1
    path.write_text(json.dumps(data))
    with campaign_cli.read(path) as camp:
        assert camp.status()["schema_version"] == 5
        assert [i.get("loaded") for i in camp.character_show("Ajax")["items"]] == [False]
        assert [i.get("loaded") for i in camp.character_show("Merlin")["items"]] == [True, None]
    export = path.with_name("old.export.json")
    campaign_cli.export(path, export)
    old = json.loads(export.read_text())
    old["meta"]["schema_version"] = 4
    for doc in old["characters"]:
        for item in doc["items"]:
            item.pop("loaded", None)
    export.write_text(json.dumps(old))
    campaign_cli.import_(path.with_name("new.json"), export)
    with campaign_cli.read(path.with_name("new.json")) as camp:
        assert [i.get("loaded") for i in camp.character_show("Ajax")["items"]] == [False]
        assert [i.get("loaded") for i in camp.character_show("Merlin")["items"]] == [True, None]
