"""CLI for XP, karma, wishes, curses, adventures, towns, keywords, fights and wounds."""


def test_r13_xp_award_to_names_and_party(camp):
    data = camp.json("xp", "award", "3", "Ajax", "--reason", "troll")
    assert [c["xp"] for c in data["characters"]] == [3] and data["reason"] == "troll"
    camp.json("xp", "award", "2", "--party")
    assert [camp.json("character", "show", n)["xp"] for n in ("Ajax", "Merlin")] == [5, 2]
    assert camp.error("xp", "award", "2", code=2)["code"] == "usage"
    assert camp.error("xp", "award", "2", "Ajax", "--party", code=2)["code"] == "usage"
    assert camp.error("xp", "award", "0", "Ajax", code=2)["code"] == "usage"
    assert camp.json("log")[-2]["summary"] == "Ajax gets 3 XP: troll"


def test_r13_party_award_skips_the_dead(camp):
    camp.json("damage", "Merlin", "16")
    data = camp.json("xp", "award", "1", "--party")
    assert [c["name"] for c in data["characters"]] == ["Ajax"]


def test_r14_xp_spend_attribute_with_dry_run_and_refusal(camp):
    camp.json("xp", "award", "20", "Ajax")
    dry = camp.json("xp", "spend", "Ajax", "--attribute", "ST", "--dry-run")
    assert (dry["cost"], dry["xp_before"], dry["xp_after"], dry["affordable"]) == (13, 20, 7, True)
    assert camp.json("character", "show", "Ajax")["xp"] == 20
    done = camp.json("xp", "spend", "Ajax", "--attribute", "st")
    assert (done["cost"], done["xp_before"], done["xp_after"], done["character"]["st"]) == (13, 20, 7, 13)
    err = camp.error("xp", "spend", "Ajax", "--attribute", "ST", code=1)
    assert err["message"] == "needs 14 XP, has 7"
    assert camp.error("xp", "spend", "Ajax", "--attribute", "LUCK", code=2)["code"] == "usage"
    assert camp.error("xp", "spend", "Ajax", code=2)["code"] == "usage"


def test_r15_r16_skills_and_spells(camp):
    camp.json("xp", "award", "60", "--party")
    assert camp.json("xp", "spend", "Merlin", "--skill", "Alchemist")["cost"] == 10  # R15 exception
    assert camp.json("xp", "spend", "Merlin", "--skill", "Literacy")["cost"] == 20
    assert camp.json("xp", "spend", "Ajax", "--spell", "Light=10")["cost"] == 20
    assert camp.json("xp", "spend", "Merlin", "--spell", "Light")["character"]["spells"][-1] == {
        "name": "Light",
        "rating": None,
    }
    assert camp.error("xp", "spend", "Merlin", "--spell", "light", code=1)["code"] == "known_spell"
    camp.json("adventure", "start", "Crypt")
    assert camp.error("xp", "spend", "Ajax", "--skill", "Climbing", code=1)["code"] == "between_adventures"
    assert camp.error("xp", "spend", "Merlin", "--spell", "Fly", code=1)["code"] == "between_adventures"
    raised = camp.json("xp", "spend", "Ajax", "--skill", "Swimming")  # R16: known skills may rise
    assert raised["character"]["skills"]["Swimming"] == 2


def test_r17_xp_spend_with_karma(camp):
    camp.json("xp", "award", "10", "Ajax")
    camp.json("karma", "add", "Ajax", "5")
    assert camp.error("xp", "spend", "Ajax", "--attribute", "ST", code=1)["message"] == "needs 13 XP, has 10"
    data = camp.json("xp", "spend", "Ajax", "--attribute", "ST", "--karma")
    assert (data["karma_spent"], data["character"]["karma"], data["xp_after"]) == (3, 2, 0)


def test_r17_wish_spend_revives(camp):
    camp.json("damage", "Ajax", "24")
    assert camp.json("character", "show", "Ajax")["status"] == "dead"
    assert camp.error("wish", "spend", "Ajax", code=1)["code"] == "no_wish"
    assert camp.error("wish", "add", "Ajax", "1", code=1)["code"] == "dead"  # R11a: the dead win nothing
    camp.json("character", "create", "Hector", "--st", "12", "--dx", "10", "--iq", "10")
    camp.json("wish", "add", "Hector", "1")
    camp.json("damage", "Hector", "24")
    data = camp.json("wish", "spend", "Hector")  # R17: the one exception, on the just-killed
    assert data["cancelled"] == 24 and data["character"]["status"] == "ok"


def test_r25_bard_karma_expires_with_the_adventure(camp):
    assert camp.error("karma", "add", "Ajax", "1", "--bard", code=1)["code"] == "no_adventure"
    camp.json("adventure", "start")
    assert camp.error("karma", "add", "Ajax", "1", "--bard", code=1)["code"] == "no_bard"  # R25: needs a Bard
    camp.json("character", "create", "Orpheus", "--st", "10", "--dx", "10", "--iq", "12", "--skill", "Bard=2")
    camp.json("karma", "add", "Ajax", "2", "--bard")
    camp.json("karma", "add", "Ajax", "1")
    assert camp.json("character", "show", "Ajax")["karma"] == 3
    camp.json("adventure", "end")
    assert camp.json("character", "show", "Ajax")["karma"] == 1


def test_r18_curses_apply_list_remove(camp):
    camp.json("curse", "apply", "Ajax", "Mummy Rot", "--note", "sarcophagus")
    camp.json("curse", "apply", "Ajax", "Evil Eye")
    assert [c["name"] for c in camp.json("character", "show", "Ajax")["curses"]] == ["Mummy Rot", "Evil Eye"]
    assert camp.json("curse", "list") == [
        {"character": "Ajax", "name": "Mummy Rot", "note": "sarcophagus"},
        {"character": "Ajax", "name": "Evil Eye", "note": None},
    ]
    assert camp.error("curse", "remove", "Ajax", "mummy rot", "--pay", "wish", code=1)["code"] == "cannot_pay"
    assert camp.error("curse", "remove", "Ajax", "Rot", "--pay", "gold", code=2)["code"] == "usage"
    assert camp.error("curse", "remove", "Ajax", "Plague", "--pay", "xp", code=1)["code"] == "unknown_curse"
    camp.json("karma", "add", "Ajax", "3")
    data = camp.json("curse", "remove", "Ajax", "mummy rot", "--pay", "karma")
    assert data["paid"] == {"karma": 3} and [c["name"] for c in data["character"]["curses"]] == ["Evil Eye"]
    camp.json("undo")
    assert len(camp.json("curse", "list", "Ajax")) == 2


def test_adventure_phase_and_town_in_status(camp):
    camp.json("adventure", "start", "The Sunken Crypt")
    status = camp.json("status")
    assert status["phase"] == "adventure" and status["adventure"]["title"] == "The Sunken Crypt"
    assert camp.error("adventure", "start", code=1)["code"] == "in_adventure"
    camp.json("town", "enter", "Brimstone", "--blacksmith")
    assert camp.json("status")["location"] == {"town": "Brimstone", "blacksmith": True}
    camp.json("town", "leave")
    assert camp.json("status")["location"] is None
    assert camp.error("town", "leave", code=1)["code"] == "not_in_town"
    camp.json("adventure", "end")
    assert camp.json("status")["phase"] == "between"
    assert camp.error("adventure", "end", code=1)["code"] == "no_adventure"


def test_r22_adventure_end_heals_fully(camp):
    camp.json("adventure", "start")
    camp.json("damage", "Ajax", "5")
    camp.json("damage", "Ajax", "3", "--fatigue")
    ended = camp.json("adventure", "end")
    ajax = next(c for c in ended["characters"] if c["name"] == "Ajax")
    assert (ajax["damage"], ajax["fatigue"]) == (0, 0)


def test_r13_keyword_learn(camp):
    data = camp.json("keyword", "learn", "Sunken")
    assert data["xp"] == {"Ajax": 1, "Merlin": 1}
    assert camp.json("status")["keywords"] == ["Sunken"]
    assert camp.error("keyword", "learn", "sunken", code=1)["code"] == "known_keyword"


def test_r13_r20_r21_fight_end(camp):
    assert camp.error("fight", "end", "--won", code=1)["code"] == "no_fight"  # CLI.md "Turns": no XP without a fight
    camp.json("fight", "start")
    camp.json("damage", "Ajax", "12")  # at ST
    camp.json("damage", "Merlin", "2", "--fatigue")
    data = camp.json("fight", "end", "--won", "Merlin")
    assert data["xp"] == {"Merlin": 1} and data["dying"] == ["Ajax"]
    merlin = next(c for c in data["characters"] if c["name"] == "Merlin")
    assert merlin["fatigue"] == 1
    camp.json("fight", "start")
    data = camp.json("fight", "end", "--fled")
    assert data["xp"] == {} and data["dead"] == ["Ajax"]
    assert camp.error("fight", "end", code=2)["code"] == "usage"
    assert camp.error("fight", "end", "--won", "--fled", code=2)["code"] == "usage"


def test_r20_dying_saved_by_healing(camp):
    camp.json("fight", "start")
    camp.json("damage", "Ajax", "13")
    camp.json("fight", "end", "--won")
    assert camp.json("character", "show", "Ajax")["status"] == "dying"
    camp.json("heal", "Ajax", "2")
    camp.json("rest")
    assert camp.json("character", "show", "Ajax")["status"] == "ok"


def test_damage_with_armor_and_refusals(camp):
    doc = camp.json("damage", "Ajax", "5")
    assert doc["damage"] == 5 and doc["character"]["damage"] == 5
    assert camp.error("damage", "Ajax", "-1", code=2)["code"] == "usage"
    assert camp.error("damage", "Ajax", "1", "--armor", "--fatigue", code=2)["code"] == "usage"
    assert camp.error("damage", "Nobody", "1", code=1)["code"] == "unknown_character"
    assert camp.json("heal", "Ajax", "9")["healed"] == 5
    camp.json("damage", "Ajax", "30")
    assert camp.error("heal", "Ajax", "1", code=1)["code"] == "dead"


def test_each_flow_command_can_be_undone(camp):
    base = camp.json("character", "show", "Ajax")
    for args in (
        ["xp", "award", "5", "Ajax"],
        ["karma", "add", "Ajax", "1"],
        ["wish", "add", "Ajax", "1"],
        ["curse", "apply", "Ajax", "Rot"],
        ["damage", "Ajax", "3"],
        ["rest"],
        ["fight", "start"],
        ["fight", "end", "--won"],
        ["keyword", "learn", "Sunken"],
        ["adventure", "start"],
    ):
        camp.json(*args)
    for _ in range(10):
        camp.json("undo")
    assert camp.json("character", "show", "Ajax") == base
    status = camp.json("status")
    assert (status["phase"], status["keywords"]) == ("between", [])


def test_xp_spend_spell_option_parses_like_character_create(camp):
    camp.json("xp", "award", "40", "Merlin")
    assert camp.error("xp", "spend", "Merlin", "--spell", "Light=bright", code=2)["code"] == "bad_value"
    assert camp.error("xp", "spend", "Merlin", "--spell", "=10", code=2)["code"] == "bad_value"
    assert camp.json("xp", "spend", "Merlin", "--spell", "Light=10")["character"]["spells"][-1] == {
        "name": "Light",
        "rating": 10,
    }
