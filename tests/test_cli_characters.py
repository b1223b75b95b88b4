"""The CLI contract for campaign and character commands (CLI.md), via CliRunner."""

import json

import pytest

from campaign_cli.cli.app import app
from tests.runner import CliRunner

FIELDS = {
    "name",
    "kind",
    "st",
    "dx",
    "iq",
    "adjusted_dx",
    "ma",
    "attributes",
    "skills",
    "spells",
    "keywords",
    "xp",
    "karma",
    "wishes",
    "curses",
    "damage",
    "fatigue",
    "status",
    "gold",
    "darkstone",
    "darkstone_total",
    "carry_weight",
    "carry_limit",
    "armor",
    "items",
}


def test_init_creates_and_refuses_a_second_time(cli):
    data = cli.json("init", "--name", "Gold Road")
    assert data["name"] == "Gold Road" and data["phase"] == "between" and data["characters"] == 0
    assert cli.error("init", code=1)["code"] == "exists"


def test_status_has_the_contract_fields(camp):
    data = camp.json("status")
    assert {k: data[k] for k in ("schema_version", "phase", "adventure", "location", "keywords", "characters")} == {
        "schema_version": 5,
        "phase": "between",
        "adventure": None,
        "location": None,
        "keywords": [],
        "characters": 2,
    }


def test_r2_create_and_show_have_every_character_field(camp):
    ajax = camp.json("character", "show", "AJAX")
    assert set(ajax) >= FIELDS
    assert (ajax["kind"], ajax["st"], ajax["adjusted_dx"], ajax["ma"], ajax["carry_limit"]) == ("hero", 12, 11, 5, 17)
    assert ajax["skills"] == {"Swimming": 1, "Sword": 2}
    merlin = camp.json("character", "show", "merlin")
    assert merlin["kind"] == "wizard" and merlin["spells"] == [{"name": "Fireball", "rating": 12}]


def test_spell_without_rating_has_null_rating(camp):
    doc = camp.json(
        "character", "create", "Morgana", "--st", "8", "--dx", "8", "--iq", "16", "--wizard", "--spell", "Light"
    )
    assert doc["spells"] == [{"name": "Light", "rating": None}]


def test_r2_bad_allocation_is_refused_with_exit_1(camp):
    err = camp.error("character", "create", "Hector", "--st", "12", "--dx", "12", "--iq", "12", code=1)
    assert err["code"] == "bad_allocation" and "32" in err["message"]


def test_r3_too_many_combat_points_refused(camp):
    err = camp.error(
        "character",
        "create",
        "Hector",
        "--st",
        "12",
        "--dx",
        "12",
        "--iq",
        "8",
        "--skill",
        "Sword=2",
        "--skill",
        "Axe",
        code=1,
    )
    assert "combat" in err["message"]


def test_unknown_skill_and_taken_name_are_refused(camp):
    assert (
        camp.error(
            "character", "create", "Hector", "--st", "12", "--dx", "12", "--iq", "8", "--skill", "Juggling", code=1
        )["code"]
        == "unknown_skill"
    )
    assert (
        camp.error("character", "create", "ajax", "--st", "12", "--dx", "12", "--iq", "8", code=1)["code"]
        == "name_taken"
    )


def test_russian_skill_names_are_stored_in_english(camp):
    doc = camp.json("character", "create", "Hector", "--st", "12", "--dx", "12", "--iq", "8", "--skill", "Лазание=2")
    assert doc["skills"] == {"Climbing": 2}


def test_usage_errors_exit_2_as_json(camp):
    err = camp.error("character", "create", "X", "--st", "ten", "--dx", "12", "--iq", "10", code=2)
    assert err["code"] == "usage" and "--st" in err["message"]
    assert camp.error("character", "set", "Ajax", "--attr", "Lore=lots", code=2)["code"] == "bad_value"
    assert camp.error("character", "show", "Ajax", "--bogus", code=2)["code"] == "usage"


def test_plain_error_is_one_line_on_stderr(camp):
    result = camp("character", "show", "Nobody")
    assert result.exit_code == 1 and result.stdout == ""
    assert result.stderr == "campaign: error: no character named 'Nobody'\n"


def test_set_attributes_and_keywords(camp):
    doc = camp.json("character", "set", "Ajax", "--attr", "Lore=3", "--attr", "Luck=2", "--keyword", "Law")
    assert doc["attributes"] == {"Lore": 3, "Luck": 2} and doc["keywords"] == ["Law"]
    doc = camp.json("character", "set", "ajax", "--attr", "lore=4", "--drop-keyword", "law", "--drop-attr", "Luck")
    assert doc["attributes"] == {"Lore": 4} and doc["keywords"] == []
    assert camp.error("character", "set", "Ajax", "--drop-keyword", "Chaos", code=1)["code"] == "unknown_keyword"
    assert camp.error("character", "set", "Ajax", code=2)["code"] == "usage"
    assert camp.error("character", "set", "Ajax", "--attr", "ST=13", code=1)["code"] == "core_attribute"


def test_list_json_and_jsonl(camp):
    rows = camp.json("character", "list")
    assert [r["name"] for r in rows] == ["Ajax", "Merlin"]
    result = camp("character", "list", "--jsonl")
    lines = result.stdout.splitlines()
    assert [json.loads(line)["name"] for line in lines] == ["Ajax", "Merlin"]


def test_delete_then_undo_restores_the_same_character(camp):
    before = camp.json("character", "show", "Merlin")
    camp.json("character", "delete", "Merlin")
    assert camp.error("character", "show", "Merlin", code=1)["code"] == "unknown_character"
    undone = camp.json("undo")
    assert undone["undone"]["summary"] == "Merlin is deleted from the campaign"
    assert camp.json("character", "show", "Merlin") == before


def test_undo_walks_back_and_skips_nothing_twice(camp):
    camp.json("character", "set", "Ajax", "--attr", "Lore=1")
    camp.json("character", "set", "Ajax", "--attr", "Lore=2")
    camp.json("undo")
    assert camp.json("character", "show", "Ajax")["attributes"] == {"Lore": 1}
    camp.json("undo")
    assert camp.json("character", "show", "Ajax")["attributes"] == {}
    camp.json("undo")  # Merlin's creation
    camp.json("undo")  # Ajax's creation
    assert camp.json("character", "list") == []
    assert camp.error("undo", code=1)["code"] == "nothing_to_undo"


def test_ids_are_never_reused(camp):
    merlin = camp.json("character", "show", "Merlin")["id"]
    camp.json("character", "delete", "Merlin")
    new = camp.json("character", "create", "Nim", "--st", "8", "--dx", "8", "--iq", "16")
    assert new["id"] > merlin
    camp.json("undo")
    camp.json("undo")
    assert camp.json("character", "show", "Merlin")["id"] == merlin
    again = camp.json("character", "create", "Nim", "--st", "8", "--dx", "8", "--iq", "16")
    assert again["id"] > new["id"]


def test_log_lists_changes_with_words_and_filters(camp):
    camp.json("character", "set", "Ajax", "--attr", "Lore=1")
    entries = camp.json("log")
    assert [e["kind"] for e in entries] == ["init", "change", "change", "change"]
    assert entries[-1]["args"] == ["character", "set", "Ajax", "--attr", "Lore=1", "--json"]
    assert entries[-1]["command"] == "campaign character set Ajax --attr Lore=1 --json"
    assert [e["summary"] for e in camp.json("log", "--character", "merlin")] == [
        "Merlin joins the party (wizard; ST 8, DX 10, IQ 14)"
    ]
    assert [e["seq"] for e in camp.json("log", "--limit", "2")] == [2, 3]
    assert len(camp("log", "--jsonl").stdout.splitlines()) == 4


def test_user_text_is_printed_literally(camp):
    name = "[bold]x[/bold]"
    camp.json("character", "create", name, "--st", "8", "--dx", "8", "--iq", "16")
    assert "[bold]x[/bold]" in camp("character", "list").stdout
    assert camp.json("character", "show", name)["name"] == name


@pytest.mark.parametrize("bad", ["Ev\x1b[31mil", "two\nlines", "C1\x9b2J", "bidi\u202eevil", "x" * 101, "  "])
def test_names_with_control_characters_or_too_long_are_usage_errors(camp, bad):
    err = camp.error("character", "create", bad, "--st", "8", "--dx", "8", "--iq", "16", code=2)
    assert err["code"] == "bad_name"


def test_control_characters_in_a_stored_name_are_refused_by_the_judge(camp):
    data = json.loads(camp.path.read_text())
    data["characters"]["1"]["name"] = "A\x1b[31m\x9b\u202eB"
    camp.path.write_text(json.dumps(data))
    err = camp.error("character", "list", code=3)
    assert "characters.1.name holds control or format characters" in err["message"]


def test_control_characters_that_reach_a_view_are_shown_escaped(camp, unjudged):
    data = json.loads(camp.path.read_text())
    data["characters"]["1"]["name"] = "A\x1b[31m\x9b\u202eB"
    camp.path.write_text(json.dumps(data))
    out = camp("character", "list").stdout
    assert "A\\x1b[31m\\x9b\\u202eB" in out
    assert not any(ch in out for ch in "\x1b\x9b\u202e")


def test_plain_output_is_aligned_text(camp):
    out = camp("character", "list").stdout.splitlines()
    assert out[0] == "Characters"
    assert out[1].split() == ["id", "name", "kind", "ST", "DX", "IQ", "XP", "status"]
    assert out[2].split() == ["1", "Ajax", "hero", "12", "11", "9", "0", "ok"]


def test_missing_campaign_exits_3_and_creates_nothing(cli):
    for args in (["status"], ["character", "list"], ["log"], ["undo"], ["character", "show", "A"]):
        err = cli.error(*args, code=3)
        assert err["code"] == "no_campaign"
    assert list(cli.path.parent.iterdir()) == []


def test_version_and_help_need_no_campaign(cli):
    assert cli("--version").stdout.startswith("campaign ")
    assert cli("character", "create", "--help").exit_code == 0
    assert list(cli.path.parent.iterdir()) == []


def test_campaign_file_from_environment(tmp_path, monkeypatch):
    path = tmp_path / "env.json"
    monkeypatch.setenv("CAMPAIGN_FILE", str(path))
    result = CliRunner().invoke(app, ["init", "--json"])
    assert result.exit_code == 0 and json.loads(result.stdout)["file"] == str(path)


def test_catalog_skills_needs_no_campaign(cli):
    rows = cli.json("catalog", "skills")
    swim = next(r for r in rows if r["name"] == "Swimming")
    assert swim == {
        "name": "Swimming",
        "aliases": ["Плавание"],
        "group": "athletic",
        "check": "3/ST",
        "attribute": "ST",
        "effect": "Swim.",
    }
    assert not cli.path.exists()


def test_demo_runs_and_leaves_nothing(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(app, ["demo"])
    assert result.exit_code == 0, result.stdout
    assert "$ campaign character create Ajax" in result.stdout and "undid" in result.stdout
    assert list(tmp_path.iterdir()) == []
