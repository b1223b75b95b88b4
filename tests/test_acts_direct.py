"""The acts on items, the campaign's course, a character's life and a fight, called directly
on an open campaign (no command line, no process): each rule as the library keeps it."""

from __future__ import annotations

from pathlib import Path

import pytest

from campaign_cli.acts import characters as lives
from campaign_cli.acts import course, fights
from campaign_cli.acts import items as gear_acts
from campaign_cli.errors import Refused
from campaign_cli.rules.advancement import KILL_XP
from campaign_cli.rules.characters import new_character
from campaign_cli.store.campaign import open_read, transaction

ROOT = Path(__file__).resolve().parent.parent


def ok(camp, *args: str) -> None:
    result = camp(*args)
    assert result.exit_code == 0, result.stderr


def refused(camp, act, *args, **kwargs) -> Refused:
    """ACT refused: the exception, and the file byte for byte as it was."""
    before = camp.path.read_bytes()
    with pytest.raises(Refused) as err, transaction(camp.path) as c:
        act(c, *args, **kwargs)
    assert camp.path.read_bytes() == before
    return err.value


def test_a_sale_moves_the_item_and_its_price_and_the_dead_receive_nothing(camp):
    with transaction(camp.path) as c:
        gear_acts.count(c, "gold", "Merlin", 10, "gold")
        _ajax, dagger = gear_acts.add(c, "Ajax", "Dagger", False, {})
    with transaction(camp.path) as c:
        src, dst, item, _moved, paid = gear_acts.trade(c, "Ajax", "Merlin", "Dagger", 4, True)  # R38
    assert (paid, src["gold"], dst["gold"], item["id"]) == (4, 4, 6, dagger["id"])
    assert [i["name"] for i in open_read(camp.path).character("Merlin")["items"]] == ["Dagger"]
    ok(camp, "damage", "Ajax", "24")  # 2 x ST: dead (R20)
    assert refused(camp, gear_acts.trade, "Merlin", "Ajax", "Dagger", None, False).code == "dead"  # R11a
    assert refused(camp, gear_acts.count, "gold", "Merlin", -7, "gold").code == "not_enough_gold"


def test_forging_needs_a_blacksmith_and_spends_the_stones(camp):
    with transaction(camp.path) as c:
        gear_acts.add(c, "Ajax", "Broadsword", False, {"slots": 2})
        gear_acts.count(c, "darkstone", "Ajax", 2, "dark stone")
    assert refused(camp, gear_acts.forge, "Ajax", "Broadsword", 1, 1, 0, None).code == "no_blacksmith"  # R39
    with transaction(camp.path) as c:
        course.enter_town(c, "Brimstone", True)
    with transaction(camp.path) as c:
        doc, target = gear_acts.forge(c, "Ajax", "Broadsword", 2, 1, 0, "Void Edge")
    assert doc["darkstone"] == 0 and [u["name"] for u in target["upgrades"]] == ["Void Edge"]


def test_a_potion_heals_the_one_it_is_given_to_and_is_used_up(camp):
    ok(camp, "damage", "Merlin", "3")
    with transaction(camp.path) as c:
        gear_acts.add(c, "Ajax", "Healing Potion", True, {"kind": "potion"})
    with transaction(camp.path) as c:  # as an Alchemist brews it: it heals 2 (R25)
        doc = c.character("Ajax")
        doc["items"][-1]["heals"] = 2
        c.save("characters", doc)
    with transaction(camp.path) as c:
        target, potion, effect = gear_acts.drink(c, "Ajax", "Healing Potion", "Merlin")  # R25
    assert (target["name"], effect, target["damage"]) == ("Merlin", {"healed": 2}, 1)
    assert all(i["id"] != potion["id"] for i in open_read(camp.path).character("Ajax")["items"])


def test_a_keyword_gives_every_living_character_its_xp_once(camp):
    ok(camp, "damage", "Merlin", "16")  # dead
    with transaction(camp.path) as c:
        keywords, won = course.learn_keyword(c, "Sunken")  # R13
    assert keywords == ["Sunken"] and [d["name"] for d in won] == ["Ajax"]
    assert open_read(camp.path).character("Ajax")["xp"] == KILL_XP
    assert refused(camp, course.learn_keyword, " sunken ").code == "known_keyword"


def test_a_character_created_changed_and_deleted(camp):
    doc = new_character("Kate", "hero", 10, 12, 10, skills={"Bard": 1})
    with transaction(camp.path) as c:
        stored = lives.create(c, doc)
    assert stored["id"] > 0 and open_read(camp.path).character("kate")["skills"] == {"Bard": 1}
    with transaction(camp.path) as c:
        changed = lives.change(
            c, "Kate", values={"Lore": 3}, drop_attr=[], modes={}, keywords=["Law"], drop_keywords=[], gender="f"
        )
    assert (changed["attributes"], changed["keywords"], changed["gender"]) == ({"Lore": 3}, ["Law"], "f")
    with transaction(camp.path) as c:
        lives.delete(c, "Kate")
    assert [d["name"] for d in open_read(camp.path).characters()] == ["Ajax", "Merlin"]


def test_a_fight_opened_joined_ordered_and_turned(camp):
    ok(camp, "enemy", "add", "--file", str(ROOT / "samples" / "enemies" / "bog-lurker.json"))
    assert refused(camp, fights.next_turn).code == "no_fight"  # R32a: no fight open
    with transaction(camp.path) as c:
        fights.start_fight(c, "Ford")
        _fight, added, die = fights.add_group(c, "Bog Lurker", 2, False, None)
    assert [e["name"] for e in added] == ["Bog Lurker 1", "Bog Lurker 2"] and die is None
    dice = iter([6, 1])  # the party's die, then the enemies' (R8)
    with transaction(camp.path) as c:
        fight, rolls = fights.roll_order(c, None, lambda: next(dice))
    assert (rolls["party"], rolls["enemies"], fight["first"]) == ([6], [1], "party")
    assert fight["order"] == ["Ajax", "Merlin", "Bog Lurker"]
    with transaction(camp.path) as c:
        fight, turn = fights.next_turn(c)
    assert turn == "Bog Lurker"  # R32a: the party's turn is one, whatever its size
    assert refused(camp, fights.start_fight, None).code == "fight_open"
