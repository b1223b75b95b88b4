"""Fights (R18, R26, R27, R32, R32a, R40, R41): curses in contests, weapons in hand and
their reloads, turns and one action a round, enemy sizes, wounds and overkill."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

import campaign_cli
from campaign_cli.cli.app import app
from campaign_cli.errors import Refused
from campaign_cli.rules import enemies
from campaign_cli.rules.checks import contest_winner, contest_with_curses
from tests import words as typed
from tests.rules.support import RANK, ROOT, refused, side
from tests.runner import CliRunner


# -- R18 ---------------------------------------------------------------------------------
def test_r18_a_curse_never_turns_a_lost_contest_into_a_win():
    # Hector ST 11, cursed, rolls 10; Ajax ST 12 rolls 10: uncursed, Ajax wins the tie on ST.
    hector, ajax = side("Hector", 10, 11, curses=1), side("Ajax", 10, 12)
    assert contest_with_curses(hector, ajax) == "Ajax"
    assert hector["total"] != 11  # +1 would have made Hector win: the curse went the other way


@given(
    st.integers(3, 18), st.integers(3, 18), st.integers(3, 18), st.integers(3, 18), st.integers(0, 3), st.integers(0, 3)
)
def test_r18_a_curse_never_helps_the_cursed_side_in_a_contest(ra, rb, ta, tb, ca, cb):
    plain = contest_winner(side("a", ra, ta), side("b", rb, tb))
    only_a = contest_with_curses(side("a", ra, ta, curses=ca), side("b", rb, tb))
    assert RANK[only_a] <= RANK[plain]
    only_b = contest_with_curses(side("a", ra, ta), side("b", rb, tb, curses=cb))
    assert RANK[only_b] >= RANK[plain]


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


# -- R27, R32: damage from the hands --------------------------------------------------------
def test_r27_r32_a_weapon_rolls_damage_only_in_hand_and_with_the_st_for_it(camp):
    camp.json("item", "add", "Merlin", "Battleaxe", "--heft", "12")
    err = camp.error("roll", "--character", "Merlin", "--weapon", "Battleaxe", code=1)
    assert err["code"] == "too_heavy_to_wield" and "R27" in err["message"]
    camp.json("item", "add", "Ajax", "Broadsword")
    err = camp.error("roll", "--character", "Ajax", "--weapon", "Broadsword", code=1)
    assert err["code"] == "not_in_hand" and "R32" in err["message"]
    camp.json("item", "hold", "Ajax", "Broadsword")
    assert camp.json("roll", "--character", "Ajax", "--weapon", "Broadsword", "--dice", "3,4")["total"] == 7


# -- costly no-ops refused ------------------------------------------------------------------
def test_r32_item_hold_without_items_is_a_usage_error_none_empties(camp):
    camp.json("item", "add", "Ajax", "Dagger")
    camp.json("item", "hold", "Ajax", "Dagger")
    assert camp.error("item", "hold", "Ajax", code=2)["code"] == "missing_argument"
    assert camp.error("item", "hold", "Ajax", "Dagger", "--none", code=2)["code"] == "missing_argument"
    assert camp.json("item", "hold", "Ajax", "--none")["held"] == []


def test_r32a_nothing_is_limited_before_the_order_is_rolled(path):
    with campaign_cli.open(path) as camp:
        camp.fight_start()
        camp.fight_add("Bog Lurker")
        for dice in ([6, 6, 6], [6, 6, 5]):
            assert camp.fight_attack("Ajax", "Bog Lurker 1", dice=dice)["hit"] is False


def test_r32a_one_action_a_round_on_the_party_turn(fight):
    with campaign_cli.open(fight) as camp:
        camp.fight_attack("Ajax", "Bog Lurker 1", dice=[6, 6, 6])
    for words in (
        ("fight", "attack", "Ajax", "Bog Lurker 2", "--dice", "6,6,6"),
        ("item", "hold", "Ajax", "Dagger"),  # changing what one holds is the whole action
        ("skill", "use", "Ajax", "Swimming"),
    ):
        err = refused(fight, *words)
        assert err.code == "already_acted" and err.message.startswith("R32a:"), words
    with campaign_cli.open(fight) as camp:
        camp.cast("Merlin", "Light", dice=[1, 1, 1])  # Merlin's action: the party's turn still
        assert camp.fight_status()["acted"] == ["Ajax", "Merlin"]
        camp.fight_hit("Bog Lurker 1", 1, by="Ajax")  # the GM's tools are never limited
        camp.damage("Ajax", 1)
        camp.heal("Ajax", 1)
        assert camp.fight_status()["waiting"] == []  # the party has acted: nobody left to act
        assert camp.fight_next()["turn"] == "Bog Lurker"  # the party's one turn ends (R32a)
    err = refused(fight, "cast", "Merlin", "Light")
    assert err.code == "not_your_turn" and err.extra["turn"] == "Bog Lurker"


def test_r32a_each_enemy_instance_attacks_once_a_round_on_its_group_turn(fight):
    err = refused(fight, "fight", "attack", "Bog Lurker 1", "Ajax", "--dice", "1,1")
    assert err.code == "not_your_turn" and err.extra["turn"] == "party" and "the party's turn" in err.message
    with campaign_cli.open(fight) as camp:
        camp.fight_next()
        camp.fight_attack("Bog Lurker 1", "Ajax", dice=[1, 1])
        camp.fight_attack("Bog Lurker 2", "Ajax", dice=[1, 1])  # another instance of the group
    assert refused(fight, "fight", "attack", "Bog Lurker 1", "Merlin", "--dice", "1,1").code == "already_acted"
    with campaign_cli.open(fight) as camp:
        status = camp.fight_next()  # a new round: everyone acts again
        assert status["round"] == 2 and status["acted"] == [] and status["turn"] == "party"
        assert status["waiting"] == ["Ajax", "Merlin"]
        camp.item_hold("Ajax", "Broadsword")


def test_r26_an_arbalest_fires_then_waits_for_its_reload(fight):
    with campaign_cli.open(fight) as camp:
        camp.item_add("Ajax", "Arbalest")
        camp.item_hold("Ajax", "Arbalest")  # Ajax's action of round 1
        for _ in range(2):  # the party's turn, the Bog Lurkers' turn
            camp.fight_next()
        shot = camp.fight_attack("Ajax", "Bog Lurker 1", dice=[6, 6, 6])  # round 2: fired, a miss
        assert shot["weapon"] == "Arbalest"
        for _ in range(2):
            camp.fight_next()
    err = refused(fight, "fight", "attack", "Ajax", "Bog Lurker 1", "--dice", "1,1,1")
    assert err.code == "not_loaded" and err.message.startswith("R26")
    with campaign_cli.open(fight) as camp:
        assert camp.item_reload("Ajax", "Arbalest")["item"]["unloaded"] == 2  # R3: three actions, one a round
    assert refused(fight, "item", "reload", "Ajax", "Arbalest").code == "already_acted"
    with campaign_cli.open(fight) as camp:
        camp.fight_end(fled=True)
        loaded = camp.item_reload("Ajax", "Arbalest")  # out of a fight: at once
    assert "unloaded" not in loaded["item"]


# -- 13. R41: overkill reads right --------------------------------------------------------
def test_r41_an_overkill_says_the_wounds_were_all_it_had_left(path):
    with campaign_cli.open(path) as camp:
        camp.fight_start()
        camp.fight_add("Bog Lurker")
        camp.fight_hit("Bog Lurker 1", 4, by="Ajax")  # 4 - defense 1 = 3 wounds; 3 of 6 left
    out = CliRunner().invoke(app, ["-c", str(path), "fight", "hit", "Bog Lurker 1", "9", "--by", "Ajax"]).stdout
    assert "9 - defense 1 = 8; 3 wounds, all it had left; Bog Lurker 1 is killed" in out


def test_a_wrong_count_of_damage_dice_names_the_damage_dice_option(path):
    """Found playing an evening: `--damage-dice 4,4` for an unarmed blow (D3) was blamed on --dice."""
    with campaign_cli.open(path) as camp:
        camp.fight_start()
        camp.fight_add("Bog Lurker")
    done = CliRunner().invoke(
        app, ["-c", str(path), "fight", "attack", "Ajax", "Bog Lurker 1", "--dice", "3,3,3", "--damage-dice", "4,4"]
    )
    assert done.exit_code == 2 and "--damage-dice" in done.stderr and "--dice:" not in done.stderr


def test_r34_a_held_weapon_whose_keyword_was_dropped_strikes_no_more(path):
    """R34 is checked when a weapon is used, not only when taken up (issue 48)."""
    with campaign_cli.open(path) as camp:
        camp.character_set("Ajax", keyword=["Law"])
        camp.item_add("Ajax", "Law Blade", damage="2d6", hands=1, requires=["Law"], kind="weapon", custom=True)
        camp.item_hold("Ajax", "Law Blade")
        camp.character_set("Ajax", drop_keyword=["Law"])
        camp.fight_start()
        camp.fight_add("Bog Lurker")
    err = refused(path, "fight", "attack", "Ajax", "Bog Lurker 1", "--dice", "1,1,1", "--damage-dice", "6,6")
    assert err.code == "missing_keyword" and "R34" in err.message
    err = refused(path, "roll", "--character", "Ajax", "--weapon", "Law Blade", "--dice", "3,3")
    assert err.code == "missing_keyword"


@pytest.mark.parametrize(
    "words",
    [
        ("item", "wear", "Ajax", "Leather"),
        ("item", "stow", "Ajax", "Dagger"),
        ("item", "drop", "Ajax", "Dagger"),
        ("item", "give", "Ajax", "Merlin", "Dagger"),
        ("item", "sell", "Ajax", "Merlin", "Dagger", "--price", "0"),
        ("item", "use", "Ajax", "Healing Potion"),
    ],
)
def test_r32a_wearing_stowing_dropping_drinking_and_trading_are_the_rounds_action(fight, words):
    """CLI.md "Turns": every act of a character in a fight is limited; after one action
    the next is refused (already_acted), and on the enemies' turn (not_your_turn)."""
    with campaign_cli.open(fight) as camp:
        camp.item_add("Ajax", "Leather")
        camp.item_add("Ajax", "Healing Potion", kind="potion", custom=True)
        camp.item_hold("Ajax", "Dagger")  # Ajax's action of round 1
    assert refused(fight, *words).code == "already_acted"
    with campaign_cli.open(fight) as camp:
        camp.fight_next()  # the Bog Lurkers' turn
    assert refused(fight, *words).code == "not_your_turn"
    with campaign_cli.open(fight) as camp:
        camp.fight_next()  # round 2: the party's turn again
        typed.run(camp, *words)
        assert "Ajax" in camp.fight_status()["acted"]


def test_r32a_no_shop_is_open_in_a_fight(fight):
    err = refused(fight, "shop", "buy", "Ajax", "Torch", "--price", "1")
    assert err.code == "fight_open" and err.extra["act"] == "shop buy"
    assert refused(fight, "shop", "sell", "Ajax", "Dagger", "--haggle", "10").code == "fight_open"


def test_r25a_r32a_a_bards_karma_is_the_bards_action_of_the_round(path):
    with campaign_cli.open(path) as camp:
        camp.character_create("Kate", st=10, dx=10, iq=12, skill=["Bard"])
        camp.adventure_start("Crypt")
        camp.fight_start()
        camp.fight_add("Bog Lurker")
        camp.fight_order(dice=[6, 1])
        camp.karma_add("Ajax", 1, bard=True, by="Kate")  # Kate sings: her action
        assert camp.fight_status()["waiting"] == ["Ajax", "Merlin"]
    assert refused(path, "skill", "use", "Kate", "Swimming").code == "already_acted"
    with campaign_cli.open(path) as camp:
        camp.fight_next()  # the enemies' turn
    assert refused(path, "karma", "add", "Merlin", "1", "--bard", "--by", "Kate").code == "not_your_turn"


def test_r32a_fight_status_says_who_has_not_acted_on_the_partys_turn(fight):
    with campaign_cli.open(fight) as camp:
        camp.item_hold("Ajax", "Broadsword")
        status = camp.fight_status()
        assert (status["turn"], status["acted"], status["waiting"]) == ("party", ["Ajax"], ["Merlin"])
        assert camp.fight_next()["waiting"] == []  # the enemies' turn: nobody of the party waits
