"""Rules, second pass (R6, R9, R11a, R17, R18, R22, R25, R26, R27, R36, R40): each test is
named after its rule and fails if the rule breaks."""

import json
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from campaign_cli.errors import Refused
from campaign_cli.rules import checks, craft, enemies
from campaign_cli.rules.checks import contest_winner, contest_with_curses

ROOT = Path(__file__).resolve().parent.parent


def side(name, raw, target, attribute=None, curses=0):
    return {
        "name": name,
        "raw": raw,
        "total": raw,
        "target": target,
        "attribute": target if attribute is None else attribute,
        "curses": curses,
    }


# -- R18 ---------------------------------------------------------------------------------
def test_r18_a_curse_never_turns_a_lost_contest_into_a_win():
    # Hector ST 11, cursed, rolls 10; Ajax ST 12 rolls 10: uncursed, Ajax wins the tie on ST.
    hector, ajax = side("Hector", 10, 11, curses=1), side("Ajax", 10, 12)
    assert contest_with_curses(hector, ajax) == "Ajax"
    assert hector["total"] != 11  # +1 would have made Hector win: the curse went the other way


RANK = {"a": 2, None: 1, "b": 0}


@given(
    st.integers(3, 18), st.integers(3, 18), st.integers(3, 18), st.integers(3, 18), st.integers(0, 3), st.integers(0, 3)
)
def test_r18_a_curse_never_helps_the_cursed_side_in_a_contest(ra, rb, ta, tb, ca, cb):
    plain = contest_winner(side("a", ra, ta), side("b", rb, tb))
    only_a = contest_with_curses(side("a", ra, ta, curses=ca), side("b", rb, tb))
    assert RANK[only_a] <= RANK[plain]
    only_b = contest_with_curses(side("a", ra, ta), side("b", rb, tb, curses=cb))
    assert RANK[only_b] >= RANK[plain]


def test_r18_the_same_curse_twice_is_refused(camp):
    camp.json("curse", "apply", "Ajax", "Mummy Rot")
    err = camp.error("curse", "apply", "Ajax", "mummy rot", code=1)
    assert err["code"] == "already_cursed" and "R18" in err["message"]
    camp.json("curse", "apply", "Ajax", "Evil Eye")  # different curses stack
    assert camp.json("check", "Ajax", "3/ST", "--dice", "1,1,1")["total"] == 5


def test_r18_contest_through_the_cli_uses_the_worse_direction(camp):
    camp.json("character", "create", "Hector", "--st", "11", "--dx", "12", "--iq", "9")
    camp.json("curse", "apply", "Hector", "Rot")
    data = camp.json("contest", "Hector", "3/ST", "Ajax", "3/ST", "--dice", "3,3,4", "--other-dice", "3,3,4")
    assert data["winner"] == "Ajax" and data["a"]["curse"] in (1, -1)


# -- R6 ----------------------------------------------------------------------------------
def test_r6_for_skill_rolls_against_the_attribute_alone_plus_skill_adds_the_level(camp):
    assert camp.json("check", "Ajax", "3/ST for Swimming", "--dice", "4,4,4")["target"] == 12
    assert camp.json("check", "Ajax", "3/ST+Swimming", "--dice", "4,4,4")["target"] == 13
    assert camp.error("check", "Merlin", "3/ST for Swimming", code=1)["code"] == "skill_required"


# -- R11a --------------------------------------------------------------------------------
@pytest.mark.parametrize("hurt, state", [(["damage", "Ajax", "12"], "out"), (["damage", "Ajax", "24"], "dead")])
def test_r11a_characters_who_cannot_act_do_not_roll(camp, hurt, state):
    camp.json(*hurt)
    for args in (
        ["check", "Ajax", "3/DX"],
        ["contest", "Ajax", "3/ST", "10", "3/ST"],
        ["skill", "use", "Ajax", "Swimming"],
        ["contest", "Merlin", "3/ST", "Ajax", "3/ST"],
    ):
        err = camp.error(*args, code=1)
        code = "dead" if state == "dead" else "cannot_act"  # the guard's code names what it found (acts.CODES)
        assert err["code"] == code and state.replace("out", "out of action") in err["message"]
    party = camp.json("check", "--party", "3/IQ", "--who", "all", "--seed", "1")
    assert [r["character"] for r in party["results"]] == ["Merlin"]
    assert party["skipped"] == [{"character": "Ajax", "status": state}]


def test_r11a_the_dying_are_skipped_too(camp):
    camp.json("damage", "Ajax", "13")
    camp.json("fight", "end", "--won")
    assert camp.json("character", "show", "Ajax")["status"] == "dying"
    err = camp.error("check", "Ajax", "3/DX", code=1)
    assert err["code"] == "cannot_act" and "dying" in err["message"]
    assert (
        camp.json("check", "--party", "3/IQ", "--who", "random", "--seed", "4")["results"][0]["character"] == "Merlin"
    )


# -- R17 ---------------------------------------------------------------------------------
def test_r17_a_wish_brings_back_the_just_killed_only(camp):
    camp.json("wish", "add", "Ajax", "2")
    camp.json("damage", "Ajax", "24")
    assert camp.json("wish", "spend", "Ajax")["character"]["status"] == "ok"  # just killed
    camp.json("damage", "Ajax", "24")
    camp.json("rest")  # the death is settled
    err = camp.error("wish", "spend", "Ajax", code=1)
    assert err["code"] == "death_settled" and "R17" in err["message"]


# -- R36 ---------------------------------------------------------------------------------
def test_r36_a_personal_upgrade_makes_its_item_personal(camp):
    camp.json("item", "add", "Ajax", "Broadsword", "--slots", "2", "--value", "10")
    camp.json("item", "add", "Ajax", "Family Rune", "--kind", "upgrade", "--personal")
    camp.json("item", "upgrade", "Ajax", "Broadsword", "Family Rune")
    camp.json("gold", "add", "Merlin", "50")
    for args in (
        ["item", "sell", "Ajax", "Merlin", "Broadsword"],
        ["item", "give", "Ajax", "Merlin", "Broadsword"],
        ["item", "drop", "Ajax", "Broadsword"],
    ):
        err = camp.error(*args, code=1)
        assert err["code"] == "personal_item" and "Family Rune" in err["message"]
    assert camp.error("item", "add", "Ajax", "Lucky Hat", "--personal", code=1)["code"] == "second_personal"


# -- R27 ---------------------------------------------------------------------------------
def test_r27_a_weapon_heavier_than_st_cannot_be_held(camp):
    camp.json("item", "add", "Ajax", "Broadsword", "--heft", "13")
    err = camp.error("item", "hold", "Ajax", "Broadsword", code=1)
    assert err["code"] == "too_heavy_to_wield" and err["message"] == "R27: Broadsword has heft 13; Ajax has ST 12"
    camp.json("item", "add", "Ajax", "Mace", "--heft", "12")
    assert camp.json("item", "hold", "Ajax", "Mace")["held"][0]["heft"] == 12


# -- R9 ----------------------------------------------------------------------------------
def test_r9_cast_a_known_spell_not_above_iq(camp):
    data = camp.json("cast", "Merlin", "fireball", "--dice", "4,5,5")
    assert (data["spell"]["name"], data["target"], data["success"]) == ("Fireball", 14, True)
    camp.json("xp", "award", "10", "Merlin")
    camp.json("xp", "spend", "Merlin", "--spell", "Storm=15")
    err = camp.error("cast", "Merlin", "Storm", code=1)
    assert err["code"] == "spell_too_hard" and err["message"] == "R9: Storm has rating 15, above Merlin's IQ 14"
    assert camp.error("cast", "Merlin", "Firebal", code=1)["suggestions"] == ["Fireball"]


def test_r9_a_personal_spell_is_a_contested_iq_check(camp):
    data = camp.json("cast", "Merlin", "Fireball", "--against", "11", "--dice", "2,2,2", "--other-dice", "6,6,6")
    assert (data["winner"], data["success"], data["b"]["name"]) == ("Merlin", True, "opponent")
    data = camp.json("cast", "Merlin", "Fireball", "--against", "Ajax", "--dice", "6,6,6", "--other-dice", "1,1,1")
    assert (data["winner"], data["success"]) == ("Ajax", False)


# -- R25 ---------------------------------------------------------------------------------
@pytest.fixture
def kate(camp):
    camp.json(
        "character",
        "create",
        "Kate",
        "--st",
        "10",
        "--dx",
        "10",
        "--iq",
        "12",
        "--skill",
        "Medic=2",
        "--skill",
        "Leadership=1",
        "--skill",
        "Herbalist=1",
    )
    return camp


def test_r25_medic_heals_only_the_last_fights_damage_up_to_the_level(kate):
    camp = kate
    camp.json("damage", "Ajax", "5")
    camp.json("fight", "end", "--won")
    err = camp.error("skill", "use", "Kate", "Medic", "--heal", "Ajax=3", "--dice", "1,1,1", code=1)
    assert err["code"] == "over_level" and "Medic level 2" in err["message"]
    data = camp.json("skill", "use", "Kate", "Медик", "--heal", "Ajax=2", "--dice", "1,1,1")
    assert data["effect"]["healed"] == {"Ajax": 2} and data["skill"] == "Medic"
    assert camp.json("character", "show", "Ajax")["damage"] == 3
    camp.json("damage", "Merlin", "1")  # not the last fight's damage: the next fight's
    err = camp.error("skill", "use", "Kate", "Medic", "--heal", "Merlin=1", "--dice", "1,1,1", code=1)
    assert err["code"] == "skill_used"  # R25a: and once per fight in any case


def test_r25_a_failed_check_has_no_effect(kate):
    kate.json("damage", "Ajax", "5")
    kate.json("fight", "end", "--won")
    data = kate.json("skill", "use", "Kate", "Medic", "--heal", "Ajax=2", "--dice", "6,6,6")
    assert (data["success"], data["effect"]) == (False, None)
    assert kate.json("character", "show", "Ajax")["damage"] == 5


def test_r25_leadership_adds_to_one_next_check(kate):
    kate.json("skill", "use", "Kate", "Leadership", "--for", "Ajax", "--dice", "1,1,1")
    first = kate.json("check", "Ajax", "3/DX", "--dice", "6,6,1")
    assert (
        first["target"] == 12
        and {
            "source": "Leadership",
            "kind": "leadership",
            "name": None,
            "value": 1,
            "applies_to": "target",
            "from": "Kate",
        }
        in first["modifiers"]
    )
    assert kate.json("check", "Ajax", "3/DX", "--dice", "6,6,1")["target"] == 11


def test_r25_herbalist_potion_heals_level_times_doses(kate):
    for _dose in range(3):  # R25a: a dose is a Herb carried
        kate.json("item", "add", "Kate", "Herb")
    potion = kate.json("skill", "use", "Kate", "Herbalist", "--doses", "3", "--dice", "1,1,1")["effect"]["potion"]
    assert (potion["kind"], potion["heals"]) == ("potion", 3)
    kate.json("damage", "Ajax", "5")
    data = kate.json("item", "use", "Kate", str(potion["id"]), "--on", "Ajax")
    assert data["effect"] == {"healed": 3} and data["character"]["damage"] == 2
    assert kate.json("item", "list", "Kate") == []


def test_r25_alchemist_costs_1_xp_and_boosts_for_one_fight(camp):
    camp.json("character", "create", "Zed", "--st", "8", "--dx", "10", "--iq", "14", "--wizard", "--skill", "Alchemist")
    assert (
        camp.error("skill", "use", "Zed", "Alchemist", "--boost", "ST", "--dice", "1,1,1", code=1)["code"]
        == "not_enough_xp"
    )
    camp.json("xp", "award", "1", "Zed")
    data = camp.json("skill", "use", "Zed", "Alchemist", "--boost", "ST", "--dice", "1,1,1")
    assert data["effect"]["potion"]["boost"] == {"target": "ST", "value": 1} and data["effect"]["xp_spent"] == 1
    camp.json("item", "use", "Zed", "Potion of ST")
    assert camp.json("check", "Zed", "3/ST", "--dice", "3,3,3")["target"] == 9
    camp.json("fight", "end", "--won")
    assert camp.json("check", "Zed", "3/ST", "--dice", "3,3,3")["target"] == 8


def test_r25_bard_gives_karma_up_to_the_level_for_this_adventure(camp):
    camp.json("character", "create", "Orpheus", "--st", "10", "--dx", "10", "--iq", "12", "--skill", "Bard=2")
    assert camp.error("skill", "use", "Orpheus", "Bard", "--give", "Ajax=1", code=1)["code"] == "no_adventure"
    camp.json("adventure", "start")
    assert (
        camp.error(
            "skill", "use", "Orpheus", "Bard", "--give", "Ajax=2", "--give", "Merlin=1", "--dice", "1,1,1", code=1
        )["code"]
        == "over_level"
    )
    camp.json("skill", "use", "Orpheus", "Bard", "--give", "Ajax=1", "--give", "Merlin=1", "--dice", "1,1,1")
    assert camp.json("character", "show", "Ajax")["bard_karma"] == 1
    camp.json("adventure", "end")
    assert camp.json("character", "show", "Ajax")["karma"] == 0


def test_r25_pure_limits():
    with pytest.raises(Refused, match="at most 2"):
        craft.check_bard(2, {"A": 3}, {"A": {"name": "A", "st": 10}})
    assert craft.healing_potion(2, 3)["heals"] == 6


# -- R22 ---------------------------------------------------------------------------------
def test_r22_a_week_of_rest_heals_fully(camp):
    camp.json("adventure", "start")
    camp.json("damage", "Ajax", "7")
    camp.json("damage", "Merlin", "3", "--fatigue")
    camp.json("rest")
    assert camp.json("character", "show", "Ajax")["damage"] == 7
    data = camp.json("rest", "--week", "Ajax")
    assert [c["name"] for c in data["characters"]] == ["Ajax"] and data["characters"][0]["damage"] == 0
    camp.json("damage", "Merlin", "2")
    camp.json("rest", "--week")
    assert camp.json("character", "show", "Merlin")["damage"] == 0


# -- R26 ---------------------------------------------------------------------------------
def test_r26_unarmed_deals_fatigue_plus_one_when_stronger(camp):
    data = camp.json("roll", "--character", "Ajax", "--weapon", "Unarmed", "--against", "Merlin", "--dice", "2")
    assert (data["total"], data["fatigue"]) == (3, True)
    data = camp.json("roll", "--character", "Merlin", "--weapon", "Безоружный", "--against", "Ajax", "--dice", "2")
    assert (data["total"], data["fatigue"]) == (2, True)
    assert camp.json("roll", "D6", "--character", "Ajax", "--dice", "4")["fatigue"] is False


# -- R40 ---------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "word, size",
    [
        ("маленький", "small"),
        ("Средний", "medium"),
        ("большой", "large"),
        ("очень большой", "huge"),
        ("огромный", "huge"),
        ("гигантский", "giant"),
    ],
)
def test_r40_sizes_in_russian(word, size):
    board = json.loads((ROOT / "samples" / "enemies" / "bog-lurker.json").read_text())
    assert enemies.validate_board({**board, "size": word})["size"] == size


def test_r40_a_bad_size_names_the_field():
    board = json.loads((ROOT / "samples" / "enemies" / "bog-lurker.json").read_text())
    with pytest.raises(Refused, match="size"):
        enemies.validate_board({**board, "size": "tiny"})


def test_r9_castable_is_pure():
    doc = {"name": "M", "iq": 10, "spells": [{"name": "Light", "rating": None}, {"name": "Fire", "rating": 11}]}
    assert checks.castable(doc, "light")["name"] == "Light"
    with pytest.raises(Refused, match="R9"):
        checks.castable(doc, "Fire")


def test_r25_leadership_is_used_up_by_a_contest_or_a_cast_too(kate):
    kate.json("skill", "use", "Kate", "Leadership", "--for", "Ajax", "--dice", "1,1,1")
    first = kate.json("contest", "Ajax", "3/ST", "10", "3/ST", "--dice", "1,1,1", "--other-dice", "1,1,1")
    assert first["a"]["target"] == 13 and any(m["source"] == "Leadership" for m in first["a"]["modifiers"])
    second = kate.json("contest", "Ajax", "3/ST", "10", "3/ST", "--dice", "1,1,1", "--other-dice", "1,1,1")
    assert second["a"]["target"] == 12
    kate.json("fight", "end", "--won")  # R25a: once per fight (and once between fights)
    kate.json("skill", "use", "Kate", "Leadership", "--for", "Merlin", "--dice", "1,1,1")
    assert (
        kate.json("cast", "Merlin", "Fireball", "--against", "10", "--dice", "1,1,1", "--other-dice", "6,6,6")["a"][
            "target"
        ]
        == 15
    )
    assert kate.json("cast", "Merlin", "Fireball", "--dice", "1,1,1")["target"] == 14
