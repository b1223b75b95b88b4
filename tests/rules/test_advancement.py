"""Rules core for advancement, karma, wishes, curses and wounds (R13-R22, R25)."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from campaign_cli.errors import Refused
from campaign_cli.rules import advancement as adv
from campaign_cli.rules import wounds
from campaign_cli.rules.characters import current_status, new_character, status, view


def hero(**fields):
    doc = new_character("Ajax", "hero", 12, 11, 9)
    doc.update(fields)
    return doc


@given(st.integers(8, 30))
def test_r14_raising_an_attribute_costs_the_new_value(value):
    assert adv.attribute_cost(value) == value + 1


def test_r14_seed_example_iq_11_to_12_costs_12():
    assert adv.attribute_cost(11) == 12


def test_r15_skill_and_spell_costs_by_kind():
    assert adv.skill_cost("hero", "Swimming") == 10
    assert adv.skill_cost("wizard", "Swimming") == 20
    assert adv.spell_cost("hero") == 20
    assert adv.spell_cost("wizard") == 10


def test_r15_wizard_exceptions_sorcerous_language_and_alchemist():
    assert adv.skill_cost("wizard", "Колдовской язык") == 10
    assert adv.skill_cost("wizard", "alchemist") == 10
    assert adv.skill_cost("hero", "Alchemist") == 10


def test_r16_new_skills_only_between_adventures():
    adv.check_learning("between", True, "skill")
    adv.check_learning("adventure", False, "skill")  # raising a known skill is fine
    with pytest.raises(Refused, match="R16"):
        adv.check_learning("adventure", True, "spell")


def test_r17_karma_pays_missing_xp_one_for_one_only_when_asked():
    doc = hero(xp=7, karma=6)
    with pytest.raises(Refused, match="needs 13 XP, has 7"):
        adv.pay_xp(doc, 13)
    assert adv.pay_xp(doc, 13, use_karma=True) == {"xp": 7, "karma": 6}
    assert (doc["xp"], doc["karma"]) == (0, 0)


def test_r17_reroll_costs_karma_then_a_wish():
    doc = hero(karma=1, wishes=1)
    assert adv.reroll_payment(doc) == "karma"
    assert adv.reroll_payment(doc) == "wish"
    with pytest.raises(Refused, match="no karma"):
        adv.reroll_payment(doc)


def test_r17_wish_cancels_all_damage_even_a_killing_blow():
    doc = hero(wishes=1)
    wounds.take(doc, 30)
    assert current_status(doc) == "dead"
    assert adv.spend_wish(doc) == 30
    assert current_status(doc) == "ok" and doc["wishes"] == 0
    with pytest.raises(Refused, match="no wish"):
        adv.spend_wish(doc)


def test_r25_bard_karma_is_spent_first():
    doc = hero(karma=2, bard_karma=1)
    adv.spend_karma(doc, 2)
    assert (doc["bard_karma"], doc["karma"]) == (0, 1)
    assert view(hero(karma=2, bard_karma=1))["karma"] == 3


def test_r18_curses_stack():
    doc = hero(curses=[{"name": "Rot"}, {"name": "Rot"}])
    assert adv.curse_modifier(doc) == 2


@pytest.mark.parametrize("pay,field,price", [("wish", "wishes", 1), ("karma", "karma", 3), ("xp", "xp", 10)])
def test_r18_curse_removal_prices(pay, field, price):
    doc = hero(curses=[{"name": "Rot"}], **{field: price})
    assert adv.remove_curse(doc, "rot", pay) == {pay: price}
    assert doc["curses"] == [] and doc[field] == 0


def test_r18_curse_removal_refused_when_short():
    doc = hero(curses=[{"name": "Rot"}], xp=9)
    with pytest.raises(Refused, match="needs 10 XP, Ajax has 9"):
        adv.remove_curse(doc, "Rot", "xp")
    assert doc["curses"] == [{"name": "Rot"}] and doc["xp"] == 9


def test_r19_out_when_damage_plus_fatigue_reaches_st():
    doc = hero()
    wounds.take(doc, 6)
    wounds.take(doc, 5, fatigue=True)
    assert current_status(doc) == "ok"
    wounds.take(doc, 1, fatigue=True)
    assert current_status(doc) == "out"


def test_r20_dying_after_a_fight_then_dead_if_not_healed():
    doc = hero()
    wounds.take(doc, 12)
    wounds.after_fight(doc)
    assert current_status(doc) == "dying"
    wounds.after_fight(doc)
    assert current_status(doc) == "dead"


def test_r20_healed_below_st_in_time_survives():
    doc = hero()
    wounds.take(doc, 12)
    wounds.after_fight(doc)
    wounds.heal(doc, 1)
    wounds.night(doc)
    assert current_status(doc) == "ok"


def test_r20_twice_st_is_beyond_saving():
    doc = hero()
    wounds.take(doc, 24)
    assert current_status(doc) == "dead"
    with pytest.raises(Refused, match="dead"):
        wounds.heal(doc, 5)


def test_r21_fatigue_while_out_counts_as_damage():
    doc = hero()
    wounds.take(doc, 12, fatigue=True)
    assert current_status(doc) == "out" and doc["damage"] == 0
    wounds.take(doc, 3, fatigue=True)
    assert (doc["damage"], doc["fatigue"]) == (3, 12)


def test_r21_fatigue_never_kills():
    doc = hero()
    wounds.take(doc, 30, fatigue=True)
    assert status(doc["st"], doc["damage"], doc["fatigue"]) == "out"


def test_r21_one_fatigue_point_after_each_encounter_all_after_sleep():
    doc = hero(fatigue=4)
    wounds.after_fight(doc)
    assert doc["fatigue"] == 3
    wounds.night(doc)
    assert doc["fatigue"] == 0


def test_r22_between_adventures_full_recovery():
    doc = hero(damage=8, fatigue=2)
    wounds.recover_fully(doc)
    assert (doc["damage"], doc["fatigue"]) == (0, 0)


def test_r29_armor_subtracts_from_each_hit():
    doc = hero()
    assert wounds.take(doc, 6, armor=3) == {"damage": 3, "fatigue": 0, "absorbed": 3}  # the seed's Hector
    assert wounds.take(doc, 2, armor=3)["damage"] == 0
