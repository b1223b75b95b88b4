"""Checks, contests, casts, curses, wishes, personal items and skills' effects (R6, R9,
R11a, R17, R18, R22, R25, R26, R27, R36), played through the acts on an open campaign: no
command line. tests/rules/test_fights.py and tests/rules/test_skills.py keep the pure rules and the commands' side."""

from __future__ import annotations

from pathlib import Path

import pytest

from campaign_cli.acts import advancement, course, rest, rolls, wounds
from campaign_cli.acts import fights as fight_acts
from campaign_cli.acts import items as gear
from campaign_cli.rules.checks import parse_spec
from campaign_cli.rules.dice import Throw
from tests.table import Game, new_game, rng, use_skill


@pytest.fixture
def game(tmp_path: Path) -> Game:
    return new_game(tmp_path / "campaign.json")


@pytest.fixture
def kate(game: Game) -> Game:
    game.create("Kate", 10, 10, 12, skills={"Medic": 2, "Leadership": 1, "Herbalist": 1})
    return game


def check(camp, name: str, spec: str, rolled: str | None = None) -> dict:
    """`check NAME SPEC --dice ROLLED`: the result."""
    return rolls.check(camp, name, parse_spec(spec), Throw(rolled, rng()))[1]


def contest(camp, name: str, spec: str, other: str, other_spec: str, rolled=None, other_rolled=None) -> dict:
    return rolls.contest(camp, name, spec, other, other_spec, Throw(rolled, rng()), other_rolled)


def cast(camp, name: str, spell: str, rolled=None, against=None, other_rolled=None) -> dict:
    return rolls.cast(camp, name, spell, against, Throw(rolled, rng()), other_rolled)


def roll(camp, character: str, weapon: str | None, rolled: str, against: str | None = None, expr=None) -> dict:
    return rolls.roll(camp, expr, character, weapon, against, Throw(rolled, rng()))


def hurt(game: Game, name: str, amount: int, fatigue: bool = False) -> None:
    game(wounds.damage, name, amount, fatigue, False)


def test_a_check_writes_its_own_journal_line_with_its_roll(game):
    game(check, "Ajax", "3/DX", "1,2,3")
    game(check, "Ajax", "4/DX", "6,1,1,5")
    made, missed = game.journal()[-2:]
    assert made["summary"] == "Ajax 3/DX: rolled 1, 2, 3 = 6 vs 11: success"
    assert missed["summary"] == "Ajax 4/DX: rolled 6, 1, 1, 5 = 13 vs 11: failure"
    assert [r["dice"] for r in made["rolls"]] == [[1, 2, 3]] and made["characters"] == ["Ajax"]


def test_r18_the_same_curse_twice_is_refused_and_two_curses_stack(game):
    game(advancement.apply_curse, "Ajax", "Mummy Rot", None)
    err = game.refused(advancement.apply_curse, "Ajax", "mummy rot", None)
    assert err.code == "already_cursed" and "R18" in err.message
    game(advancement.apply_curse, "Ajax", "Evil Eye", None)  # different curses stack
    assert game(check, "Ajax", "3/ST", "1,1,1")["total"] == 5


def test_r18_a_contest_takes_the_curse_in_the_worse_direction(game):
    game.create("Hector", 11, 12, 9)
    game(advancement.apply_curse, "Hector", "Rot", None)
    data = game(contest, "Hector", "3/ST", "Ajax", "3/ST", "3,3,4", "3,3,4")
    assert data["winner"] == "Ajax" and data["a"]["curse"] in (1, -1)


def test_r6_for_skill_rolls_against_the_attribute_alone_plus_skill_adds_the_level(game):
    assert game(check, "Ajax", "3/ST for Swimming", "4,4,4")["target"] == 12
    assert game(check, "Ajax", "3/ST+Swimming", "4,4,4")["target"] == 13
    assert game.refused(check, "Merlin", "3/ST for Swimming").code == "skill_required"


@pytest.mark.parametrize(("amount", "state"), [(12, "out"), (24, "dead")])
def test_r11a_characters_who_cannot_act_do_not_roll(game, amount, state):
    hurt(game, "Ajax", amount)
    code = "dead" if state == "dead" else "cannot_act"  # the guard's code names what it found (acts.CODES)
    for act, args in (
        (check, ("Ajax", "3/DX")),
        (contest, ("Ajax", "3/ST", "10", "3/ST")),
        (use_skill, ("Ajax", "Swimming")),
        (contest, ("Merlin", "3/ST", "Ajax", "3/ST")),
    ):
        err = game.refused(act, *args)
        assert err.code == code and state.replace("out", "out of action") in err.message
    party = game(rolls.party_test, parse_spec("3/IQ"), "all", Throw(None, rng()))
    assert [r["character"] for r in party["results"]] == ["Merlin"]
    assert party["skipped"] == [{"character": "Ajax", "status": state}]


def test_r11a_the_dying_are_skipped_too(game):
    game(fight_acts.start_fight, None)
    hurt(game, "Ajax", 13)
    game(fight_acts.end_fight, "won", None)
    assert game.character("Ajax")["status"] == "dying"
    err = game.refused(check, "Ajax", "3/DX")
    assert err.code == "cannot_act" and "dying" in err.message
    party = game(rolls.party_test, parse_spec("3/IQ"), "random", Throw(None, rng(4)))
    assert [r["character"] for r in party["results"]] == ["Merlin"]


def test_r17_a_wish_brings_back_the_just_killed_only(game):
    game(advancement.add_wishes, "Ajax", 2)
    hurt(game, "Ajax", 24)
    doc, _left = game(advancement.spend_wish, "Ajax")
    assert game.character("Ajax")["status"] == "ok" and doc["name"] == "Ajax"  # just killed
    hurt(game, "Ajax", 24)
    game(rest.rest, None, False)  # the death is settled
    err = game.refused(advancement.spend_wish, "Ajax")
    assert err.code == "death_settled" and "R17" in err.message


def test_r36_a_personal_upgrade_makes_its_item_personal(game):
    game(gear.add, "Ajax", "Broadsword", False, {"slots": 2, "value": 10})
    game(gear.add, "Ajax", "Family Rune", True, {"kind": "upgrade", "personal": True})
    game(gear.upgrade, "Ajax", "Broadsword", "Family Rune")
    game(gear.count, "gold", "Merlin", 50, "gold")
    for act, args in (
        (gear.trade, ("Ajax", "Merlin", "Broadsword", None, True)),  # `item sell`
        (gear.trade, ("Ajax", "Merlin", "Broadsword", None, False)),  # `item give`
        (gear.drop, ("Ajax", "Broadsword")),
    ):
        err = game.refused(act, *args)
        assert err.code == "personal_item" and "Family Rune" in err.message
    assert game.refused(gear.add, "Ajax", "Lucky Hat", True, {"personal": True}).code == "second_personal"


def test_r27_a_weapon_heavier_than_st_cannot_be_held(game):
    game(gear.add, "Ajax", "Broadsword", False, {"heft": 13})
    err = game.refused(gear.hold, "Ajax", ["Broadsword"])
    assert err.code == "too_heavy_to_wield" and err.message == "R27: Broadsword has heft 13; Ajax has ST 12"
    game(gear.add, "Ajax", "Mace", False, {"heft": 12})
    _doc, held = game(gear.hold, "Ajax", ["Mace"])
    assert [i["heft"] for i in held] == [12]


def test_r9_cast_a_known_spell_not_above_iq(game):
    data = game(cast, "Merlin", "fireball", "4,5,5")
    assert (data["spell"]["name"], data["target"], data["success"]) == ("Fireball", 14, True)
    game(advancement.award_xp, 10, ["Merlin"], False, None)
    game(advancement.spend_xp, "Merlin", False, attribute=None, skill=None, spell=("Storm", 15))
    err = game.refused(cast, "Merlin", "Storm")
    assert err.code == "spell_too_hard" and err.message == "R9: Storm has rating 15, above Merlin's IQ 14"
    assert game.refused(cast, "Merlin", "Firebal").extra["suggestions"] == ["Fireball"]


def test_r9_a_personal_spell_is_a_contested_iq_check(game):
    data = game(cast, "Merlin", "Fireball", "2,2,2", "11", "6,6,6")
    assert (data["winner"], data["success"], data["b"]["name"]) == ("Merlin", True, "opponent")
    data = game(cast, "Merlin", "Fireball", "6,6,6", "Ajax", "1,1,1")
    assert (data["winner"], data["success"]) == ("Ajax", False)


def test_r25_medic_heals_only_the_last_fights_damage_up_to_the_level(kate):
    kate(fight_acts.start_fight, None)
    hurt(kate, "Ajax", 5)
    kate(fight_acts.end_fight, "won", None)
    err = kate.refused(use_skill, "Kate", "Medic", "1,1,1", heal={"Ajax": 3})
    assert err.code == "over_level" and "Medic level 2" in err.message
    data = kate(use_skill, "Kate", "Медик", "1,1,1", heal={"Ajax": 2})
    assert data["effect"]["healed"] == {"Ajax": 2} and data["skill"] == "Medic"
    assert kate.character("Ajax")["damage"] == 3
    hurt(kate, "Merlin", 1)  # not the last fight's damage: the next fight's
    err = kate.refused(use_skill, "Kate", "Medic", "1,1,1", heal={"Merlin": 1})
    assert err.code == "skill_used"  # R25a: and once per fight in any case


def test_r25_a_failed_check_has_no_effect(kate):
    kate(fight_acts.start_fight, None)
    hurt(kate, "Ajax", 5)
    kate(fight_acts.end_fight, "won", None)
    data = kate(use_skill, "Kate", "Medic", "6,6,6", heal={"Ajax": 2})
    assert (data["success"], data["effect"]) == (False, None)
    assert kate.character("Ajax")["damage"] == 5


def test_r25_leadership_adds_to_one_next_check(kate):
    kate(use_skill, "Kate", "Leadership", "1,1,1", for_="Ajax")
    first = kate(check, "Ajax", "3/DX", "6,6,1")
    bonus = {"source": "Leadership", "kind": "leadership", "name": None, "value": 1, "applies_to": "target"}
    assert first["target"] == 12 and {**bonus, "from": "Kate"} in first["modifiers"]
    assert kate(check, "Ajax", "3/DX", "6,6,1")["target"] == 11


def test_r25_leadership_is_used_up_by_a_contest_or_a_cast_too(kate):
    kate(use_skill, "Kate", "Leadership", "1,1,1", for_="Ajax")
    first = kate(contest, "Ajax", "3/ST", "10", "3/ST", "1,1,1", "1,1,1")
    assert first["a"]["target"] == 13 and any(m["source"] == "Leadership" for m in first["a"]["modifiers"])
    assert kate(contest, "Ajax", "3/ST", "10", "3/ST", "1,1,1", "1,1,1")["a"]["target"] == 12
    kate(fight_acts.start_fight, None)
    kate(fight_acts.end_fight, "won", None)  # R25a: once per fight (and once between fights)
    kate(use_skill, "Kate", "Leadership", "1,1,1", for_="Merlin")
    assert kate(cast, "Merlin", "Fireball", "1,1,1", "10", "6,6,6")["a"]["target"] == 15
    assert kate(cast, "Merlin", "Fireball", "1,1,1")["target"] == 14


def test_r25_herbalist_potion_heals_level_times_doses(kate):
    for _dose in range(3):  # R25a: a dose is a Herb carried
        kate(gear.add, "Kate", "Herb", False, {})
    potion = kate(use_skill, "Kate", "Herbalist", "1,1,1", doses=3)["effect"]["potion"]
    assert (potion["kind"], potion["heals"]) == ("potion", 3)
    hurt(kate, "Ajax", 5)
    target, _potion, effect = kate(gear.drink, "Kate", str(potion["id"]), "Ajax")
    assert effect == {"healed": 3} and target["damage"] == 2
    assert kate.character("Kate")["items"] == []


def test_r25_alchemist_costs_1_xp_and_boosts_for_one_fight(game):
    game.create("Zed", 8, 10, 14, wizard=True, skills={"Alchemist": 1})
    assert game.refused(use_skill, "Zed", "Alchemist", "1,1,1", boost="ST").code == "not_enough_xp"
    game(advancement.award_xp, 1, ["Zed"], False, None)
    data = game(use_skill, "Zed", "Alchemist", "1,1,1", boost="ST")
    assert data["effect"]["potion"]["boost"] == {"target": "ST", "value": 1} and data["effect"]["xp_spent"] == 1
    game(gear.drink, "Zed", "Potion of ST", None)
    assert game(check, "Zed", "3/ST", "3,3,3")["target"] == 9
    game(fight_acts.start_fight, None)
    game(fight_acts.end_fight, "won", None)
    assert game(check, "Zed", "3/ST", "3,3,3")["target"] == 8


def test_r25_bard_gives_karma_up_to_the_level_for_this_adventure(game):
    game.create("Orpheus", 10, 10, 12, skills={"Bard": 2})
    assert game.refused(use_skill, "Orpheus", "Bard", None, give={"Ajax": 1}).code == "no_adventure"
    game(course.start_adventure, "Crypt")
    assert game.refused(use_skill, "Orpheus", "Bard", "1,1,1", give={"Ajax": 2, "Merlin": 1}).code == "over_level"
    game(use_skill, "Orpheus", "Bard", "1,1,1", give={"Ajax": 1, "Merlin": 1})
    assert game.character("Ajax")["bard_karma"] == 1
    game(rest.end_adventure)
    assert game.character("Ajax")["karma"] == 0


def test_r22_a_week_of_rest_heals_fully(game):
    game(course.start_adventure, "Crypt")
    hurt(game, "Ajax", 7)
    hurt(game, "Merlin", 3, fatigue=True)
    game(rest.rest, None, False)
    assert game.character("Ajax")["damage"] == 7
    docs, _before = game(rest.rest, ["Ajax"], True)
    assert [d["name"] for d in docs] == ["Ajax"] and docs[0]["damage"] == 0
    hurt(game, "Merlin", 2)
    game(rest.rest, None, True)
    assert game.character("Merlin")["damage"] == 0


def test_r26_unarmed_deals_fatigue_plus_one_when_stronger(game):
    data = game(roll, "Ajax", "Unarmed", "2", "Merlin")
    assert (data["total"], data["fatigue"]) == (3, True)
    data = game(roll, "Merlin", "Безоружный", "2", "Ajax")
    assert (data["total"], data["fatigue"]) == (2, True)
    assert game(roll, "Ajax", None, "4", expr="D6")["fatigue"] is False
