"""The acts of advancement and luck (R13-R18, R25), called directly on an open campaign:
no command line, no process. The CLI tests check their parsing and words."""

from __future__ import annotations

import pytest

from campaign_cli.acts import advancement
from campaign_cli.errors import Refused, UsageProblem
from campaign_cli.rules.advancement import CURSE_PRICES, attribute_cost, spell_cost
from campaign_cli.store.campaign import open_read, transaction


def _ajax(path):
    return open_read(path).character("Ajax")


def ok(camp, *args: str) -> None:
    result = camp(*args)
    assert result.exit_code == 0, result.stderr


def test_xp_to_the_party_skips_the_dead_and_a_name_given_twice_wins_once(camp):
    ok(camp, "damage", "Merlin", "16")  # 2 x ST: beyond saving (R20)
    with transaction(camp.path) as c:
        won = advancement.award_xp(c, 3, None, True, "crypt")
    assert [d["name"] for d in won] == ["Ajax"]
    with transaction(camp.path) as c:
        assert [d["name"] for d in advancement.award_xp(c, 2, ["Ajax", "ajax"], False, None)] == ["Ajax"]
    assert _ajax(camp.path)["xp"] == 5
    before = camp.path.read_bytes()
    with pytest.raises(Refused) as refused, transaction(camp.path) as c:
        advancement.award_xp(c, 1, ["Merlin"], False, None)  # R11a: the dead win nothing
    assert refused.value.code == "dead" and camp.path.read_bytes() == before
    with pytest.raises(UsageProblem), transaction(camp.path) as c:
        advancement.award_xp(c, 1, ["Ajax"], True, None)  # names or --party, not both


def test_an_attribute_costs_its_new_value_and_the_price_alone_changes_nothing(camp):
    with transaction(camp.path) as c:
        advancement.award_xp(c, 20, ["Ajax"], False, None)
    before = camp.path.read_bytes()
    priced, _step, _doc = advancement.price_step(
        open_read(camp.path), "Ajax", False, attribute="st", skill=None, spell=None
    )
    assert (priced["cost"], priced["affordable"], priced["step"]) == (attribute_cost(12), True, "ST 12 -> 13")
    assert camp.path.read_bytes() == before
    with transaction(camp.path) as c:
        done, _step, _doc = advancement.spend_xp(c, "Ajax", False, attribute="ST", skill=None, spell=None)  # R14
    ajax = _ajax(camp.path)
    assert (ajax["st"], ajax["xp"], done["xp_after"]) == (13, 20 - 13, 20 - 13)


def test_karma_pays_what_xp_lacks_and_a_known_spell_is_refused(camp):
    with transaction(camp.path) as c:
        advancement.award_xp(c, spell_cost("wizard") - 2, ["Merlin"], False, None)
        advancement.add_karma(c, "Merlin", 2)
    with transaction(camp.path) as c:
        done, bought, _doc = advancement.spend_xp(
            c, "Merlin", True, attribute=None, skill=None, spell=("Light", 10)
        )  # R17
    assert (bought.kind, bought.name) == ("spell", "Light")
    assert (done["karma_spent"], done["xp_after"]) == (2, 0)
    with pytest.raises(Refused) as refused, transaction(camp.path) as c:
        advancement.spend_xp(c, "Merlin", True, attribute=None, skill=None, spell=("light", None))
    assert refused.value.code == "known_spell"


def test_bard_karma_is_for_an_adventure_and_a_bard_sings_once_in_it(camp):
    with transaction(camp.path) as c:
        merlin = c.character("Merlin")
        merlin["skills"]["Bard"] = 1
        c.save("characters", merlin)
    with pytest.raises(Refused) as refused, transaction(camp.path) as c:
        advancement.add_karma(c, "Ajax", 1, bard=True)
    assert refused.value.code == "no_adventure"
    ok(camp, "adventure", "start", "Night")
    with transaction(camp.path) as c:
        assert advancement.add_karma(c, "Ajax", 1, bard=True)["bard_karma"] == 1  # Merlin sang (R25)
    with pytest.raises(Refused) as refused, transaction(camp.path) as c:
        advancement.add_karma(c, "Ajax", 1, bard=True)
    assert refused.value.code == "no_bard"  # R25a: once an adventure


def test_a_wish_saves_the_just_killed_and_a_curse_is_lifted_at_its_price(camp):
    ok(camp, "damage", "Ajax", "24")  # dead at 2 x ST (R20)
    with pytest.raises(Refused), transaction(camp.path) as c:
        advancement.add_wishes(c, "Ajax", 1)  # R11a: the dead receive nothing
    with transaction(camp.path) as c:
        doc = c.character("Ajax")
        doc["wishes"] = 1  # a wish held from before
        c.save("characters", doc)
    with transaction(camp.path) as c:
        doc, cancelled = advancement.spend_wish(c, "Ajax")  # R17: even a killing blow
    assert (cancelled, doc["damage"], doc["wishes"]) == (24, 0, 0)
    with transaction(camp.path) as c:
        advancement.add_karma(c, "Ajax", 5)
        advancement.apply_curse(c, "Ajax", "Mummy Rot", None)
    with transaction(camp.path) as c:
        _doc, paid = advancement.lift_curse(c, "Ajax", "Mummy Rot", "karma")  # R18
    assert paid["karma"] == CURSE_PRICES["karma"][1] and _ajax(camp.path)["karma"] == 5 - CURSE_PRICES["karma"][1]
