"""R11a, R20 for every character an act touches (RULES.md R11a, revised): a sale's buyer
pays as much as its seller sells, a roll's karma is the roller's to spend, initiative is
the roller's own doing, and the out of action and the dying spend no XP. Each through the
library, the file unchanged by a refusal."""

from __future__ import annotations

from pathlib import Path

import pytest

import campaign_cli


@pytest.fixture
def party(tmp_path: Path) -> Path:
    path = tmp_path / "c.json"
    with campaign_cli.open(path, create=True) as camp:
        for name in ("Ajax", "Bea", "Cato", "Dido"):
            camp.character_create(name, st=12, dx=10, iq=10)
            camp.gold_add(name, 20)
            camp.item_add(name, "Dagger")
            camp.karma_add(name, 2)
            camp.xp_award(30, name)
        camp.damage("Bea", 12)  # R19: out of action
        camp.fight_start()
        camp.damage("Cato", 12)
        camp.fight_end(fled=True)  # R20: at ST after a fight: dying
        camp.damage("Dido", 24)  # R20: dead
    with campaign_cli.read(path) as camp:
        states = [c["status"] for c in camp.character_list()]
    assert states[0] == "ok" and states[1] in ("out", "dying") and states[2] == "dying" and states[3] == "dead"
    return path


def refused(path: Path, act) -> campaign_cli.Refused:
    before = path.read_bytes()
    with pytest.raises(campaign_cli.Refused) as caught, campaign_cli.open(path) as camp:
        act(camp)
    assert path.read_bytes() == before and caught.value.exit_status == 1
    return caught.value


def status(path: Path, name: str) -> str:
    with campaign_cli.read(path) as camp:
        return camp.character_show(name)["status"]


def test_r11a_an_out_of_action_buyer_neither_buys_nor_pays(party):
    bea = status(party, "Bea")
    assert bea in ("out", "dying")
    err = refused(party, lambda camp: camp.item_sell("Ajax", "Bea", "Dagger", price=5))
    assert (err.extra["role"], err.extra["character"], err.extra["act"]) == ("buyer", "Bea", "item sell")


def test_r11a_an_out_of_action_seller_sells_nothing(party):
    err = refused(party, lambda camp: camp.item_sell("Bea", "Ajax", "Dagger", price=5))
    assert (err.extra["role"], err.extra["character"]) == ("seller", "Bea")


def test_r11a_two_dying_characters_do_not_trade(party):
    err = refused(party, lambda camp: camp.item_sell("Cato", "Bea", "Dagger", price=1))
    assert err.extra["character"] == "Cato" and err.extra["condition"] in ("out", "dying")


def test_r11a_a_gift_to_the_out_of_action_is_still_received(party):
    with campaign_cli.open(party) as camp:
        given = camp.item_give("Ajax", "Bea", "Dagger")
    assert [(i["name"], i["count"]) for i in given["to"]["items"]] == [("Dagger", 2)]  # onto Bea's own: a stack


def test_r11a_the_out_of_action_spend_no_karma_on_a_roll(party):
    err = refused(party, lambda camp: camp.roll("2D6", character="Bea", karma=True, dice=[1, 1]))
    assert (err.extra["act"], err.extra["role"]) == ("roll", "roller")
    # R11a's sixth reading: without karma too, the out of action roll nothing as roller
    err = refused(party, lambda camp: camp.roll("2D6", character="Bea", dice=[1, 1]))
    assert (err.extra["act"], err.extra["role"]) == ("roll", "roller")
    with campaign_cli.open(party) as camp:  # no roller named: the table's dice, anyone's
        assert camp.roll("2D6", dice=[1, 1])["total"] == 2


def test_r11a_the_dead_roll_no_initiative(party):
    err = refused(party, lambda camp: camp.initiative("Ajax", "Dido", seed=1))
    assert (err.extra["act"], err.extra["character"], err.extra["condition"]) == ("initiative", "Dido", "dead")
    with campaign_cli.open(party) as camp:  # an unnamed side is no character: it rolls
        assert set(camp.initiative("Ajax", "Orcs", seed=1)["order"]) == {"Ajax", "Orcs"}


def test_r20_the_out_of_action_spend_no_xp_on_st(party):
    err = refused(party, lambda camp: camp.xp_spend("Bea", attribute="ST"))
    assert err.extra["act"] == "xp spend" and err.extra["condition"] in ("out", "dying")
    with campaign_cli.open(party) as camp:  # who can act still may
        assert camp.xp_spend("Ajax", attribute="ST")["character"]["st"] == 13


def test_r11a_the_other_side_of_a_contest_must_be_able_to_act(party):
    err = refused(party, lambda camp: camp.contest("Ajax", "3/ST", "Bea", "3/ST"))
    assert (err.extra["act"], err.extra["role"], err.extra["character"]) == ("contest", "opponent", "Bea")
