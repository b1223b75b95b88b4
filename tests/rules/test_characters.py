"""Rules core for characters: R1-R4 and the skill catalog (R23)."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from campaign_cli.errors import NotFound, Refused, UsageProblem
from campaign_cli.rules import characters as c
from campaign_cli.rules.skills import SKILLS, find_skill


@given(st.integers(0, 40), st.integers(0, 40), st.integers(0, 40))
def test_r2_allocation_accepts_exactly_32_with_each_at_least_8(s, d, i):
    ok = s + d + i == 32 and min(s, d, i) >= 8
    if ok:
        c.check_allocation(s, d, i)
    else:
        with pytest.raises(Refused, match="R2"):
            c.check_allocation(s, d, i)


def test_r2_message_names_the_total():
    with pytest.raises(Refused, match=r"12\+12\+12 = 36"):
        c.check_allocation(12, 12, 12)


def test_r2_message_names_the_low_attribute():
    with pytest.raises(Refused, match="DX 7"):
        c.check_allocation(17, 7, 8)


def test_r3_hero_has_four_skill_points():
    c.check_starting_points("hero", {"Swimming": 2, "Climbing": 2}, 0)
    with pytest.raises(Refused, match="R3.*spends 5"):
        c.check_starting_points("hero", {"Swimming": 3, "Climbing": 2}, 0)


def test_r3_hero_at_most_two_points_on_combat_skills():
    c.check_starting_points("hero", {"Sword": 1, "Axe": 1, "Swimming": 2}, 0)
    with pytest.raises(Refused, match="combat"):
        c.check_starting_points("hero", {"Sword": 2, "Axe": 1}, 0)


def test_r3_hero_starts_without_spells():
    with pytest.raises(Refused, match="R3"):
        c.check_starting_points("hero", {}, 1)


def test_r3_wizard_shares_four_points_between_spells_and_skills():
    c.check_starting_points("wizard", {"Literacy": 1}, 3)
    c.check_starting_points("wizard", {"Sword": 3}, 1)  # no combat cap for wizards
    with pytest.raises(Refused, match="R3.*spends 5"):
        c.check_starting_points("wizard", {"Literacy": 2}, 3)


def test_r3_one_skill_named_twice_in_two_languages_is_a_usage_error():
    with pytest.raises(UsageProblem, match="given twice"):
        c.canonical_skills({"swimming": 1, "Плавание": 2})
    assert c.canonical_skills({"swimming": 1, "Лазание": 2}) == {"Swimming": 1, "Climbing": 2}


def test_r4_movement_is_half_adjusted_dx_rounded_down():
    assert c.movement(11) == 5  # the seed: Ajax DX 11 moves 5
    assert c.movement(10) == 5
    assert c.movement(-1) == 0


def test_r30_seed_example_hector_adjusted_dx_and_ma():
    adj = c.adjusted_dx(12, 2)  # Hector, DX 12, restriction 2
    assert (adj, c.movement(adj)) == (10, 5)


def test_r4_view_follows_worn_armor():
    doc = c.new_character("Hector", "hero", 12, 12, 8)
    doc["items"] = [
        {"name": "Leather", "state": "worn", "armor": 2, "restriction": 2, "weight": 0},
        {"name": "Chainmail", "state": "carried", "armor": 3, "restriction": 3, "weight": 0},
    ]
    view = c.view(doc)
    assert (view["adjusted_dx"], view["ma"], view["armor"]) == (10, 5, 2)


def test_r1_new_character_keeps_core_attributes_and_kind():
    doc = c.new_character(" Ajax ", "hero", 12, 11, 9, skills={"Плавание": 1})
    assert (doc["name"], doc["kind"], doc["st"], doc["dx"], doc["iq"]) == ("Ajax", "hero", 12, 11, 9)
    assert doc["skills"] == {"Swimming": 1}


def test_r1_extra_attribute_cannot_shadow_a_core_attribute():
    with pytest.raises(Refused, match="core attribute"):
        c.new_character("A", "hero", 12, 11, 9, attributes={"st": 3})


def test_r10_extra_attributes_match_case_insensitively():
    attrs = {"Lore": 3}
    c.set_attribute(attrs, "lore", 4)
    assert attrs == {"Lore": 4}
    c.drop_attribute(attrs, "LORE")
    assert attrs == {}


def test_numeric_names_are_refused():
    with pytest.raises(Refused, match="number"):
        c.new_character("12", "hero", 12, 11, 9)


def test_keywords_merge_without_duplicates_and_drop_case_insensitively():
    assert c.merge_keywords(["Law"], ["law", "Outlaw"]) == ["Law", "Outlaw"]
    assert c.drop_keywords(["Law", "Outlaw"], ["LAW"]) == ["Outlaw"]
    with pytest.raises(Refused):
        c.drop_keywords(["Law"], ["Chaos"])


def test_r19_r20_status_is_derived():
    assert c.status(10, 0, 0) == "ok"
    assert c.status(10, 4, 6) == "out"  # R19: damage + fatigue reaches ST
    assert c.status(10, 10, 0, dying=True) == "dying"  # R20
    assert c.status(10, 9, 0, dying=True) == "ok"  # healed below ST
    assert c.status(10, 20, 0) == "dead"  # R20: twice ST


def test_r33_carry_limit_is_five_plus_st():
    assert c.carry_limit(12) == 17


def test_r23_catalog_has_every_group_and_both_names():
    groups = {s.group for s in SKILLS}
    assert groups == {"athletic", "combat", "social", "survival", "thief", "crafts"}
    assert len(SKILLS) == 38
    assert find_skill("лазание").name == "Climbing"
    assert find_skill("Учёный").name == find_skill("Ученый").name == "Scholar"
    assert find_skill("Акробат").name == find_skill("Акробатика").name == "Acrobatics"
    assert find_skill("Swimming").attribute == "ST"
    assert find_skill("Charm").attribute == "IQ" and find_skill("Sword").attribute is None
    assert all(s.effect for s in SKILLS)


def test_r23_unknown_skill_is_not_found():
    with pytest.raises(NotFound, match="no skill named"):
        find_skill("Basket Weaving")
