"""Skills with limits and what they make (R11a, R17, R20, R22, R25, R25a, R38), played
through the acts on an open campaign: no command line. The commands' words, JSON and
exit codes for the same rules stay in tests/rules/test_skills.py."""

from __future__ import annotations

from pathlib import Path

import pytest

from campaign_cli.acts import advancement, course, rest, rolls, shop, wounds
from campaign_cli.acts import fights as fight_acts
from campaign_cli.acts import items as gear
from campaign_cli.rules.checks import parse_spec
from campaign_cli.rules.dice import Throw
from tests.table import Game, new_game, rng, use_skill


@pytest.fixture
def game(tmp_path: Path) -> Game:
    return new_game(tmp_path / "campaign.json")


@pytest.fixture
def party(game: Game) -> Game:
    """Ajax and Merlin, plus Kate (Medic 1, Bard 1, Leadership 1, Charm 1, Merchant 1)."""
    game.create("Kate", 10, 10, 12, skills={"Medic": 1, "Bard": 1, "Leadership": 1, "Charm": 1})
    game(advancement.award_xp, 40, ["Kate"], False, None)
    game(advancement.spend_xp, "Kate", False, attribute=None, skill="Merchant", spell=None)
    return game


def check(camp, name: str, spec: str, rolled: str) -> dict:
    """`check NAME SPEC --dice ROLLED`: the result."""
    return rolls.check(camp, name, parse_spec(spec), Throw(rolled, rng()))[1]


def brew(game: Game, name: str, boost: str) -> dict:
    """An Alchemist's potion (R25), brewed on a roll that succeeds."""
    return game(use_skill, name, "Alchemist", "1,1,1", boost=boost)["effect"]["potion"]


def test_r25a_bard_once_per_adventure_per_bard_a_failure_spends_it(party):
    party(course.start_adventure, "Crypt")
    failed = party(use_skill, "Kate", "Bard", "6,6,6", give={"Ajax": 1})
    assert (failed["success"], failed["effect"]) == (False, None)
    err = party.refused(use_skill, "Kate", "Bard", "1,1,1", give={"Ajax": 1})
    assert err.code == "skill_used" and "R25a" in err.message
    assert party.character("Ajax")["karma"] == 0
    party(rest.end_adventure)
    party(course.start_adventure, "Ford")
    assert party(use_skill, "Kate", "Bard", "1,1,1", give={"Ajax": 1})["effect"]["karma"] == {"Ajax": 1}


def test_r25a_bard_karma_cannot_be_farmed_into_iq(party):
    party(course.start_adventure, "Crypt")
    party(use_skill, "Kate", "Bard", "1,1,1", give={"Kate": 1})
    for _ in range(12):
        party.refused(use_skill, "Kate", "Bard", "1,1,1", give={"Kate": 1})
    assert party.character("Kate")["karma"] == 1


def test_r25a_medic_once_per_fight_per_medic_only_that_fights_damage(party):
    party(wounds.damage, "Ajax", 4, False, False)  # before any fight
    party(fight_acts.start_fight, None)
    party(wounds.damage, "Ajax", 1, False, False)
    party(fight_acts.end_fight, "won", None)
    assert party.refused(use_skill, "Kate", "Medic", "1,1,1", heal={"Ajax": 2}).code == "over_level"  # level 1
    assert party.refused(use_skill, "Kate", "Medic", "1,1,1", heal={"Merlin": 1}).code == "not_fight_damage"
    assert party(use_skill, "Kate", "Medic", "1,1,1", heal={"Ajax": 1})["effect"]["healed"] == {"Ajax": 1}
    assert party.refused(use_skill, "Kate", "Medic", "1,1,1", heal={"Ajax": 1}).code == "skill_used"
    assert party.character("Ajax")["damage"] == 4  # the damage from before the fight stays


def test_r25a_medic_heals_nothing_from_before_the_fight_started(party):
    party(wounds.damage, "Ajax", 3, False, False)
    party(fight_acts.start_fight, None)
    party(fight_acts.end_fight, "won", None)
    err = party.refused(use_skill, "Kate", "Medic", "1,1,1", heal={"Ajax": 1})
    assert err.code == "not_fight_damage" and "has 0 such damage" in err.message


def test_r25a_leadership_once_per_fight_and_once_between(party):
    party(use_skill, "Kate", "Leadership", "6,6,6", for_="Ajax")  # a failure spends it
    assert party.refused(use_skill, "Kate", "Leadership", None, for_="Ajax").code == "skill_used"
    party(fight_acts.start_fight, None)
    party(use_skill, "Kate", "Leadership", "1,1,1", for_="Ajax")
    assert party.refused(use_skill, "Kate", "Leadership", None, for_="Ajax").code == "skill_used"
    party(fight_acts.end_fight, "won", None)
    assert party(use_skill, "Kate", "Leadership", "1,1,1", for_="Ajax")["success"]


def test_r25a_alchemist_pays_one_xp_per_use_a_failure_too(game):
    game.create("Zed", 10, 10, 12, skills={"Alchemist": 1})
    game(advancement.award_xp, 2, ["Zed"], False, None)
    game(use_skill, "Zed", "Alchemist", "6,6,6", boost="ST")
    assert game.character("Zed")["xp"] == 1 and game.character("Zed")["items"] == []
    game(use_skill, "Zed", "Alchemist", "1,1,1", boost="ST")
    assert game.character("Zed")["xp"] == 0
    assert game.refused(use_skill, "Zed", "Alchemist", None, boost="ST").code == "not_enough_xp"


def test_r25_a_boost_ends_with_the_adventure_and_a_week_of_rest(game):
    game.create("Zed", 10, 10, 12, skills={"Alchemist": 2})
    game(advancement.award_xp, 3, ["Zed"], False, None)
    game(course.start_adventure, "Crypt")
    game(gear.drink, "Zed", str(brew(game, "Zed", "ST")["id"]), None)
    assert game(check, "Zed", "3/ST", "6,6,1")["target"] == 12
    game(rest.end_adventure)
    assert game(check, "Zed", "3/ST", "6,6,1")["target"] == 10
    game(course.start_adventure, "Ford")
    game(gear.drink, "Zed", str(brew(game, "Zed", "ST")["id"]), None)
    game(rest.rest, None, True)
    assert game(check, "Zed", "3/ST", "6,6,1")["target"] == 10


def test_r25_two_potions_of_one_kind_do_not_stack(game):
    game.create("Zed", 10, 10, 12, skills={"Alchemist": 2})
    game(advancement.award_xp, 3, ["Zed"], False, None)
    for _ in range(2):
        game(gear.drink, "Zed", str(brew(game, "Zed", "DX")["id"]), None)
    assert game(check, "Zed", "3/DX", "6,6,1")["target"] == 12  # 10 + 2, not + 4


def test_r25_a_skill_potion_needs_the_drinker_to_have_the_skill(game):
    game.create("Zed", 10, 10, 12, skills={"Alchemist": 2})
    game(advancement.award_xp, 3, ["Zed"], False, None)
    potion = str(brew(game, "Zed", "Swimming")["id"])
    err = game.refused(gear.drink, "Zed", potion, None)
    assert err.code == "unknown_skill" and "Swimming" in err.message
    game(gear.trade, "Zed", "Ajax", potion, None, False)  # `item give`
    game(gear.drink, "Ajax", potion, None)
    assert game(check, "Ajax", "3/ST+Swimming", "6,6,1")["target"] == 15  # 12 + 1 + 2


def test_r20_a_dying_character_spends_no_xp(game):
    game(advancement.award_xp, 20, ["Ajax"], False, None)
    game(fight_acts.start_fight, None)
    game(wounds.damage, "Ajax", 13, False, False)
    game(fight_acts.end_fight, "won", None)
    err = game.refused(advancement.spend_xp, "Ajax", False, attribute="ST", skill=None, spell=None)
    assert err.code == "dying" and "R20" in err.message


def test_r11a_party_awards_skip_the_dead_and_effects_refuse_them(party):
    party(wounds.damage, "Merlin", 16, False, False)
    assert [d["name"] for d in party(advancement.award_xp, 2, None, True, None)] == ["Ajax", "Kate"]
    party(course.start_adventure, "Crypt")
    assert party.refused(use_skill, "Kate", "Bard", None, give={"Merlin": 1}).code == "dead"
    assert party.refused(use_skill, "Kate", "Leadership", None, for_="Merlin").code == "dead"


def test_r22_a_week_of_rest_heals_the_out_who_are_not_dying(game):
    """Seventh revision: damage at ST taken with no fight open makes a character out, not
    dying (`dying` is set only when a fight ends): a week heals them fully."""
    game(course.start_adventure, "Crypt")
    game(wounds.damage, "Ajax", 13, False, False)
    docs, before = game(rest.rest, None, True)
    assert before == {"Ajax": "out", "Merlin": "ok"} and [d["name"] for d in docs] == ["Ajax", "Merlin"]
    assert (game.character("Ajax")["status"], game.character("Merlin")["status"]) == ("ok", "ok")


def test_r22_a_week_of_rest_settles_the_dying(game):
    game(course.start_adventure, "Crypt")
    game(fight_acts.start_fight, None)
    game(wounds.damage, "Ajax", 13, False, False)
    game(fight_acts.end_fight, "fled", None)  # at or past ST when the fight ends: dying
    _docs, before = game(rest.rest, None, True)
    assert before == {"Ajax": "dying", "Merlin": "ok"}
    assert (game.character("Ajax")["status"], game.character("Merlin")["status"]) == ("dead", "ok")


def test_r17_karma_on_a_contest_rerolls_names_side_when_it_does_not_win(game):
    game(advancement.add_karma, "Ajax", 1)
    data = game(rolls.contest, "Ajax", "3/ST", "10", "3/ST", Throw("6,6,6", rng(), karma=True, again="4,4,4"), "3,3,3")
    assert (data["winner"], data["a"]["first_dice"], data["a"]["dice"], data["karma_spent"]) == (
        "Ajax",
        [6, 6, 6],
        [4, 4, 4],
        1,
    )
    assert game.character("Ajax")["karma"] == 0
    err = game.refused(rolls.contest, "Ajax", "3/ST", "10", "3/ST", Throw(None, rng(), karma=True), None)
    assert err.code == "no_karma"


def test_r17_karma_on_a_cast_and_a_skill_use(game):
    game(advancement.add_karma, "Merlin", 1)
    data = game(rolls.cast, "Merlin", "Fireball", None, Throw("6,6,6", rng(), karma=True, again="1,1,1"), None)
    assert (data["success"], data["first_dice"], data["karma_spent"]) == (True, [6, 6, 6], 1)
    game(advancement.add_wishes, "Ajax", 1)
    data = game(use_skill, "Ajax", "Swimming", "6,6,6", karma=True, reroll_dice="2,2,2")
    assert (data["success"], data["wish_spent"]) == (True, 1)
    assert game.character("Ajax")["wishes"] == 0


def test_r17_karma_on_a_damage_roll_keeps_the_new_roll(game):
    game(gear.add, "Ajax", "Broadsword", False, {})
    game(gear.hold, "Ajax", ["Broadsword"])
    game(advancement.add_karma, "Ajax", 1)
    data = game(rolls.roll, None, "Ajax", "Broadsword", None, Throw("6,6", rng(), karma=True, again="1,2"))
    assert (data["first_dice"], data["dice"], data["total"], data["karma_spent"]) == ([6, 6], [1, 2], 3, 1)


def test_r38_shop_buy_takes_the_gold_and_adds_the_item(game):
    game(gear.count, "gold", "Ajax", 50, "gold")
    data = game(shop.buy, "Ajax", "Кольчуга", False, {}, 30, shop.Haggle())
    assert (data["price"], data["paid"], data["haggle"], data["item"]["name"]) == (30, 30, None, "Chainmail")
    assert data["character"]["gold"] == 20
    err = game.refused(shop.buy, "Ajax", "Plate", False, {}, 21, shop.Haggle())
    assert err.code == "cannot_afford" and "20" in err.message
    data = game(shop.buy, "Ajax", "Lucky Hat", True, {"clothing": "hat", "value": 5}, None, shop.Haggle())
    assert (data["paid"], data["item"]["clothing"]) == (5, "hat")


def test_r38_shop_sell_pays_and_never_takes_a_personal_item(game):
    game(gear.add, "Ajax", "Dagger", False, {"value": 4})
    game(gear.add, "Ajax", "Locket", True, {"personal": True, "value": 100})
    data = game(shop.sell, "Ajax", "Dagger", None, shop.Haggle())
    assert (data["received"], data["character"]["gold"]) == (4, 4)
    assert game.refused(shop.sell, "Ajax", "Locket", None, shop.Haggle()).code == "personal_item"


def test_r25_haggle_needs_the_merchant_skill_and_moves_the_price_by_level(party):
    err = party.refused(shop.buy, "Ajax", "Dagger", False, {}, 10, shop.Haggle(10))
    assert err.code == "unknown_skill"
    party(gear.count, "gold", "Kate", 100, "gold")
    won = party(shop.buy, "Kate", "Dagger", False, {}, 15, shop.Haggle(10, "1,1,1", "6,6,6"))
    assert (won["price"], won["paid"], won["haggle"]["winner"]) == (15, 13, "Kate")  # 13.5 rounded in Kate's favour
    lost = party(shop.buy, "Kate", "Dagger", False, {}, 15, shop.Haggle(10, "6,6,6", "1,1,1"))
    assert lost["paid"] == 15
    sold = party(shop.sell, "Kate", str(won["item"]["id"]), 15, shop.Haggle(10, "1,1,1", "6,6,6"))
    assert sold["received"] == 17  # 16.5 rounded in Kate's favour


def test_r17_a_wish_with_nothing_to_cancel_is_kept(game):
    game(advancement.add_wishes, "Ajax", 1)
    assert game.refused(advancement.spend_wish, "Ajax").code == "nothing_to_cancel"
    assert game.character("Ajax")["wishes"] == 1
