"""A fight's procedures (R8, R13, R25, R29, R32a, R40-R42), played through the acts on an
open campaign: no command line. tests/test_fights.py keeps what the commands show."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from campaign_cli.acts import course, rest, wounds
from campaign_cli.acts import fights as acts
from campaign_cli.acts import items as gear
from campaign_cli.errors import UsageProblem
from campaign_cli.rules import fights
from tests.table import BOARDS, Game, dice, new_game, rng, use_skill


@pytest.fixture
def game(tmp_path: Path) -> Game:
    game = new_game(tmp_path / "campaign.json")
    for board in ("bog-lurker.json", "cinder-hound.json"):
        game.board(board)
    return game


def attack(camp, attacker: str, target: str, rolled: str | None = None, damage: str | None = None, **more):
    """`fight attack ATTACKER TARGET --dice ROLLED --damage-dice DAMAGE`: the blow."""
    options = {"weapon": None, "rng": rng(), "karma": False, "reroll_dice": None, "karma_damage": (False, None)}
    data, _fight = acts.fight_attack(
        camp, attacker, target, dice=rolled, damage_dice=damage, seed=None, **{**options, **more}
    )
    return data


def fight_now(game: Game) -> dict:
    """The open fight with its order as it stands (`fight status`)."""
    camp = game.read()
    fight = camp.meta["fight"]
    fights.refresh(fight, acts.able(camp))
    return fight


def test_refusals_change_nothing(game):
    assert game.refused(acts.add_group, "Bog Lurker", 1, False, None).code == "no_fight"
    game(acts.start_fight, None)
    assert game.refused(acts.start_fight, None).code == "fight_open"
    err = game.refused(acts.add_group, "Bog Lurkr", 1, False, None)
    assert err.code == "unknown_enemy" and err.extra["suggestions"] == ["Bog Lurker"]
    game(acts.add_group, "Bog Lurker", 1, False, None)
    game(acts.fight_hit, "Bog Lurker 1", 20, "Ajax")
    assert game.refused(acts.fight_hit, "Bog Lurker 1", 5, "Ajax").code == "already_dead"
    assert game.refused(acts.fight_hit, "Bog Lurker 9", 5, "Ajax").code.startswith("unknown_")
    assert game.refused(rest.rest, None, False).code == "fight_open"
    assert game.refused(course.start_adventure, "Crypt").code == "fight_open"  # the guard's phase: a fight
    assert game.refused(rest.end_adventure).code == "fight_open"
    assert game.refused(acts.next_turn).code == "no_order"


def test_r41_r13_blows_win_xp_and_the_end_of_a_fight_gives_its_own(game):
    game(acts.start_fight, "Ford")
    _fight, added, die = game(acts.add_group, "Bog Lurker", 3, False, None)
    assert die is None and [e["name"] for e in added] == ["Bog Lurker 1", "Bog Lurker 2", "Bog Lurker 3"]
    assert {(e["health"], e["wounds"], e["side"], e["alive"]) for e in added} == {(6, 0, "normal", True)}
    _fight, elite, die = game(acts.add_group, "Cinder Hound", 2, True, dice(3))
    assert die == 3 and len({e["elite"] for e in elite}) == 1 and elite[0]["elite"]  # R42: one roll for the group
    fight, rolls = game(acts.roll_order, None, dice(6, 5))  # R8: the party's die beats the enemies'
    assert fight["first"] == "party" and rolls == {"party": [6], "enemies": [5]}
    assert fight["order"] == ["Ajax", "Merlin", "Cinder Hound", "Bog Lurker"]  # initiative 6, then 3
    assert fights.current(fight) == "party" and fight["round"] == 1
    hit = game(acts.fight_hit, "bog lurker 2", 4, "Ajax")
    assert (hit["wounds"], hit["killed"], hit["enemy"]["wounds"]) == (3, False, 3)  # R41: defense 1
    hit = game(acts.fight_hit, "Bog Lurker 2", 9, "Ajax")
    assert (hit["killed"], hit["xp"], hit["character"]["xp"]) == (True, 15, 15)
    game(wounds.damage, "Merlin", 8, False, False)  # knocked out
    assert game(acts.next_turn)[1] == "Cinder Hound"  # the party is one turn (R32a)
    game(wounds.heal, "Merlin", 3, False)
    fight = fight_now(game)
    assert fight["round"] == 1 and [e["alive"] for e in fight["enemies"]] == [True, False, True, True, True]
    assert game(acts.next_turn)[1] == "Bog Lurker"
    fight, turn = game(acts.next_turn)
    assert turn == "party" and fight["round"] == 2
    assert game.refused(acts.end_fight, "won", None).code == "enemies_standing"  # R13
    end, _before, _docs = game(acts.end_fight, "routed", None)
    assert end["killed"] == ["Bog Lurker 2"] and end["xp"] == {"Ajax": 1, "Merlin": 1}
    assert game.read().meta.get("fight") is None and game.character("Ajax")["xp"] == 16


def test_r25_damage_in_a_fight_is_what_the_medic_heals_after_it(game):
    game.create("Kate", 10, 10, 12, skills={"Medic": 2})
    game(acts.start_fight, None)
    game(wounds.damage, "Ajax", 4, False, False)
    assert game.refused(use_skill, "Kate", "Medic", "1,1,1", heal={"Ajax": 2}).code == "fight_open"
    game(acts.end_fight, "won", None)
    assert game(use_skill, "Kate", "Medic", "1,1,1", heal={"Ajax": 2})["effect"]["healed"] == {"Ajax": 2}
    assert game.character("Ajax")["damage"] == 2


def test_r8_r32a_r42_a_whole_fight_the_tool_rolls_both_ways(game):
    game.board("rust-wraith.json")
    game(gear.add, "Ajax", "Broadsword", False, {})
    game(gear.hold, "Ajax", ["Broadsword"])
    game(acts.start_fight, "Ford")
    game(acts.add_group, "Bog Lurker", 2, False, None)  # initiative 3
    elite_a = game(acts.add_group, "Cinder Hound", 1, False, dice(2))[1]  # Ember Coat: +1 defense, init 5
    elite_b = game(acts.add_group, "Cinder Hound", 1, False, dice(1))[1]  # Blaze: +1 damage
    assert [e["defense"] for e in elite_a] == [3] and [e["damage"] for e in elite_b] == [3]
    fight, rolls = game(acts.roll_order, None, dice(2, 2, 1, 4))  # a tie, rolled again: the enemies go first
    assert fight["first"] == "enemies" and rolls == {"party": [2, 1], "enemies": [2, 4]}
    assert fight["order"] == ["Cinder Hound (group 1)", "Cinder Hound (group 2)", "Bog Lurker", "Ajax", "Merlin"]
    game(acts.next_turn)
    game(acts.add_group, "Rust Wraith", 1, False, None)  # joins in round 1 at initiative 6: takes its place at once
    fight = fight_now(game)
    assert fight["order"][0] == "Rust Wraith" and fights.current(fight) == "Cinder Hound (group 2)"
    err = game.refused(attack, "Ajax", "Cinder Hound 1", "6,6,6")
    assert err.code == "not_your_turn" and err.extra["turn"] == "Cinder Hound (group 2)"  # R32a
    bite = game(attack, "Cinder Hound 2", "Merlin", "6,6,1")
    assert (bite["hits"], bite["damage"]) == (2, 6) and bite["target"]["damage"] == 6  # to-hit 4, damage 2 + 1 (Blaze)
    game(acts.next_turn)  # Bog Lurker
    game(acts.next_turn)  # the party's turn
    blow = game(attack, "Ajax", "Cinder Hound 1", "1,2,3", "5,4")
    assert (blow["hit"], blow["damage"], blow["wounds"]) == (True, 9, 6)  # 2D6 = 9, defense 2 + 1 (Ember Coat)
    assert blow["xp"] == 6 * 2 and blow["character"]["xp"] == 12  # R41: wound_xp 2 per wound, a large enemy
    assert game.refused(attack, "Ajax", "Cinder Hound 1", "6,6,6").code == "already_acted"
    assert fight_now(game)["acted"] == ["Cinder Hound 2", "Ajax"]
    game(wounds.damage, "Merlin", 2, False, False)  # knocked out (R19)
    assert "Merlin" not in fight_now(game)["order"]
    assert game.refused(acts.end_fight, "won", None).code == "enemies_standing"
    end = game(acts.end_fight, "routed", None)[0]
    assert end["outcome"] == "routed" and end["xp"] == {"Ajax": 1, "Merlin": 1}


def test_r8_the_party_order_is_the_players(game):
    game.create("Kate", 10, 12, 10)
    game(acts.start_fight, None)
    game(acts.add_group, "Bog Lurker", 1, False, None)
    fight, _rolls = game(acts.roll_order, ["Kate", "Ajax"], dice(6, 1))
    assert fight["order"] == ["Kate", "Ajax", "Merlin", "Bog Lurker"]
    assert game.refused(acts.roll_order, ["Kate", "kate"], dice(6, 1), kind=UsageProblem)


def test_r29_r41_an_enemy_blow_counts_as_this_fights_damage_less_armor(game):
    game(gear.add, "Ajax", "Leather", False, {})
    game(gear.wear, "Ajax", "Leather")
    game(acts.start_fight, None)
    game(acts.add_group, "Cinder Hound", 1, True, None)
    board = json.loads((BOARDS / "cinder-hound.json").read_text())["brutal"]
    rolled = [6] * (board["combat"] - 1) + [1]
    hit = game(attack, "Cinder Hound 1", "Ajax", ",".join(map(str, rolled)))
    hits, per = board["combat"] - 1, board["damage"] - 2  # Leather stops 2 of each hit (R29)
    assert (hit["hits"], hit["per_hit"], hit["damage"]) == (hits, per, hits * per) and hits * per > 0
    ajax = game.read().character("Ajax")
    assert ajax["damage"] == ajax["fight_damage"] == hits * per  # R25: this fight's, for a Medic after it


def test_fight_attack_refusals(game):
    game(acts.start_fight, None)
    game(acts.add_group, "Bog Lurker", 1, False, None)
    game(gear.add, "Ajax", "Dagger", False, {})
    assert game.refused(attack, "Ajax", "Bog Lurker 1", weapon="Dagger").code == "not_in_hand"  # R32
    assert game.refused(attack, "Ajax", "Nobody 1").code.startswith("unknown_")
    assert game.refused(attack, "Bog Lurker 1", "Ajax", karma=True, kind=UsageProblem)  # R17: a character's
    assert game.refused(attack, "Ajax", "Bog Lurker 1", "1,1", kind=UsageProblem).code == "bad_dice"


def test_r20_an_enemy_blow_that_kills_stops_there_and_is_not_refused(game):
    game(acts.start_fight, None)
    game(acts.add_group, "Cinder Hound", 1, True, None)
    game(wounds.damage, "Merlin", 14, False, False)  # ST 8: two points from beyond saving (R20)
    board = json.loads((BOARDS / "cinder-hound.json").read_text())["brutal"]
    blow = game(attack, "Cinder Hound 1", "Merlin", ",".join(["6"] * board["combat"]))
    assert blow["hits"] == board["combat"] and blow["target"]["status"] == "dead"
    assert game.character("Merlin")["damage"] == 14 + board["damage"]  # one hit killed: the rest fall on nobody
    assert game.refused(attack, "Cinder Hound 1", "Merlin", "6,6,6").code == "dead"  # the dead are not hit (R20)
