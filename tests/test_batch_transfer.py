"""`campaign batch`, `export` and `import` (issue 7)."""

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from campaign_cli.cli.app import app


def lines(*argss):
    return "".join(json.dumps({"args": list(a)}) + "\n" for a in argss)


def test_batch_runs_all_lines_in_one_transaction(camp):
    result = camp(
        "batch",
        "-",
        input=lines(
            ["xp", "award", "12", "Ajax"],
            ["xp", "spend", "Ajax", "--skill", "Climbing", "--dry-run"],
            ["check", "Ajax", "3/DX", "--dice", "1,1,1"],
            ["character", "show", "Ajax"],
        ),
    )
    assert result.exit_code == 0, result.stderr
    out = [json.loads(line) for line in result.stdout.splitlines()]
    assert [o["line"] for o in out] == [1, 2, 3, 4]
    assert out[1]["result"]["cost"] == 10 and out[1]["result"]["xp_before"] == 12  # later lines see earlier ones
    assert out[3]["result"]["xp"] == 12
    entries = camp.json("log")
    assert entries[-1]["block"] == "batch" and len(entries) == 4  # one journal entry
    assert entries[-1]["rolls"][0]["dice"] == [1, 1, 1]
    camp.json("undo")  # one undo reverts the whole batch
    assert camp.json("character", "show", "Ajax")["xp"] == 0


@pytest.mark.parametrize("ask", ["--help", "-h"])
def test_a_line_cannot_ask_for_help_and_the_command_still_answers_it_after(camp, ask):
    """A batch line's command has no help option (cli/lazy.py line_command: parsing it cost
    every line a twentieth of its work); it is a copy, so the same command in the same
    process still answers --help once the batch is over."""
    before = camp.path.read_bytes()
    ran = camp("batch", "-", input=lines(["xp", "award", "1", "Ajax"], ["xp", "award", "1", "Ajax", ask]))
    assert (ran.exit_code, ran.stdout, json.loads(ran.stderr)["error"]["line"]) == (2, "", 2)
    assert camp.path.read_bytes() == before
    assert camp("batch", "-", input=lines(["xp", "award", "1", "Ajax"])).exit_code == 0
    shown = camp("xp", "award", ask)
    assert shown.exit_code == 0 and "Usage: campaign xp award" in shown.stdout and "-h, --help" in shown.stdout


def test_batch_from_a_file(camp, tmp_path):
    source = tmp_path / "session.jsonl"
    source.write_text(lines(["gold", "add", "Ajax", "3"], ["gold", "add", "Merlin", "4"]))
    result = camp("batch", str(source))
    assert result.exit_code == 0 and len(result.stdout.splitlines()) == 2
    assert camp.json("character", "show", "Merlin")["gold"] == 4


def test_batch_failing_line_saves_nothing(camp):
    before = camp.path.read_bytes()
    result = camp("batch", "-", input=lines(["xp", "award", "5", "Ajax"], ["xp", "award", "5", "Nobody"], ["rest"]))
    assert (result.exit_code, result.stdout) == (1, "")
    assert json.loads(result.stderr)["error"] == {
        "code": "unknown_character",
        "message": "no character named 'Nobody'",
        "facts": {"what": "character", "name": "Nobody", "owner": ""},  # the refusal's fields (issue 33)
        "suggestions": [],
        "line": 2,
    }
    assert camp.path.read_bytes() == before


def test_batch_malformed_lines_are_refused_with_their_number(camp):
    before = camp.path.read_bytes()
    cases = {
        "not json\n": "bad_line",
        '{"argz": ["status"]}\n': "bad_line",
        '{"args": []}\n': "bad_line",
        '{"args": ["frobnicate"]}\n': "usage",
        '{"args": ["undo"]}\n': "bad_line",
        '{"args": [1, 2]}\n': "bad_line",
        '{"args": ["check", "Ajax", "3/DX", "--dice", "9"]}\n': "bad_dice",
    }
    for text, code in cases.items():
        result = camp("batch", "-", input=lines(["rest"]) + "\n" + text)
        assert (result.exit_code, result.stdout) == (2, ""), text
        error = json.loads(result.stderr)["error"]
        assert (error["code"], error["line"]) == (code, 3), text
    assert camp.path.read_bytes() == before


def test_batch_on_missing_campaign_exits_3(cli):
    assert cli("batch", "-", input=lines(["status"])).exit_code == 3


def test_export_is_sorted_stable_and_round_trips(camp, tmp_path):
    camp.json("item", "add", "Ajax", "Broadsword", "--weight", "3")
    camp.json("curse", "apply", "Merlin", "Rot")
    exported = camp("export").stdout
    assert exported == camp("export").stdout  # stable
    doc = json.loads(exported)
    assert doc["format"] == "campaign-export" and [c["name"] for c in doc["characters"]] == ["Ajax", "Merlin"]
    assert list(doc) == sorted(doc) and exported.endswith("\n")
    target = tmp_path / "copy.json"
    result = camp.runner.invoke(app, ["-c", str(target), "import", "-", "--json"], input=exported)
    assert result.exit_code == 0, result.stderr
    again = camp.runner.invoke(app, ["-c", str(target), "export"]).stdout
    assert again == exported


def test_export_to_file_and_import_refusals(camp, tmp_path):
    out = tmp_path / "x.export.json"
    assert camp.json("export", "--output", str(out))["characters"] == 2
    assert json.loads(out.read_text())["format"] == "campaign-export"
    err = camp.error("import", str(out), code=1)  # the campaign file exists
    assert err["code"] == "exists"
    camp.path.unlink()
    for bad in (
        '{"format": "other"}',
        "not json",
        json.dumps({"format": "campaign-export", "meta": {"schema_version": 99}}),
        json.dumps(
            {
                "format": "campaign-export",
                "meta": {"schema_version": 1, "name": "x", "phase": "between"},
                "characters": [{"id": 1, "name": "A"}, {"id": 1, "name": "B"}],
            }
        ),
    ):
        out.write_text(bad)
        assert camp.error("import", str(out), code=1)["code"] == "bad_import"
        assert not camp.path.exists()
    assert camp.error("import", str(tmp_path / "missing.json"), code=2)["code"] == "bad_file"


names = st.text(alphabet=st.characters(whitelist_categories=("Lu", "Ll")), min_size=1, max_size=8)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    chars=st.lists(
        st.tuples(names, st.integers(8, 16), st.integers(0, 50)),
        min_size=0,
        max_size=4,
        unique_by=lambda t: t[0].casefold(),
    )
)
def test_export_import_round_trip_property(tmp_path_factory, chars):
    from tests.conftest import Cli

    folder = tmp_path_factory.mktemp("rt")
    a = Cli(folder / "a.json")
    a.json("init", "--name", "RT")
    for name, st_, xp in chars:
        a.json("character", "create", name, "--st", str(st_), "--dx", str(24 - st_), "--iq", "8")
        if xp:
            a.json("xp", "award", str(xp), name)
    exported = a("export").stdout
    b = Cli(folder / "b.json")
    assert b("import", "-", input=exported).exit_code == 0
    assert b("export").stdout == exported
    assert b.json("character", "list") == a.json("character", "list")


def test_a_batch_line_that_is_only_a_group_is_refused(camp):
    err = camp.error("batch", "-", input=lines(["gold", "add", "Ajax", "1"], ["item"]), code=2)
    assert err["line"] == 2 and "needs a command" in err["message"]


def test_sheet_and_markdown_recap_in_a_batch_give_json_results(camp):
    result = camp("batch", "-", input=lines(["character", "sheet", "Ajax"], ["recap", "--format", "md"]))
    assert result.exit_code == 0
    first, second = (json.loads(line)["result"] for line in result.stdout.splitlines())
    assert first["name"] == "Ajax" and first["sections"][0]["title"] == "Attributes"
    assert "characters" in second


def test_a_failed_batch_leaves_no_file_its_lines_wrote(tmp_path):
    """Issue 37: `--output` inside a batch is staged and written only when the batch commits."""
    from tests.conftest import Cli

    cli = Cli(tmp_path / "c.json")
    cli.json("init")
    cli.json("character", "create", "Ajax", "--st", "12", "--dx", "11", "--iq", "9")
    side = tmp_path / "side.txt"
    lines = [
        ["character", "export", "Ajax", "--format", "statblock", "--output", str(side)],
        ["gold", "add", "Nobody", "1"],
    ]
    err = cli.error("batch", "-", input="".join(json.dumps({"args": a}) + "\n" for a in lines), code=1)
    assert err["line"] == 2 and not side.exists()
    ok = "".join(json.dumps({"args": a}) + "\n" for a in lines[:1])
    assert cli("batch", "-", input=ok).exit_code == 0 and side.read_text().startswith("Ajax, hero")


def test_an_api_block_that_fails_leaves_no_file_and_one_that_commits_writes_it(tmp_path):
    import campaign_cli

    path, side = tmp_path / "c.json", tmp_path / "ajax.txt"
    with campaign_cli.open(path, create=True) as camp:
        camp.character_create("Ajax", st=12, dx=11, iq=9)
    with pytest.raises(campaign_cli.Refused), campaign_cli.open(path) as camp:
        camp.character_export("Ajax", format="statblock", output=str(side))
        assert not side.exists()  # staged until the block commits
        camp.gold_add("Nobody", 1)
    assert not side.exists()
    with campaign_cli.open(path) as camp:
        camp.character_export("Ajax", format="statblock", output=str(side))
    assert side.read_text().startswith("Ajax, hero")


def test_after_an_api_block_a_command_in_the_same_process_writes_its_output_at_once(tmp_path):
    """Regression (CI, test order): a block's staging must end with the block."""
    import campaign_cli
    from tests.conftest import Cli

    path = tmp_path / "c.json"
    with campaign_cli.open(path, create=True) as camp:
        camp.character_create("Ajax", st=12, dx=11, iq=9)
    target = tmp_path / "out.json"
    assert Cli(path)("export", "-o", str(target)).exit_code == 0
    assert json.loads(target.read_text())["format"] == "campaign-export"


def test_a_command_whose_parser_is_kept_parses_each_line_afresh(camp, tmp_path):
    """A command's option parser is made once and kept for the next line: each line's
    options, present or absent, are its own (the same results as one process a line)."""
    words = [
        ["check", "Ajax", "3/DX", "--dice", "6,6,6"],
        ["check", "Ajax", "3/DX", "--modifier", "2", "--dice", "3,3,3"],
        ["check", "Ajax", "3/DX", "--dice", "1,2,3"],  # no --modifier: none carried over
        ["gold", "add", "Ajax", "3"],
        ["gold", "add", "Merlin", "1"],
    ]
    alone = tmp_path / "alone.json"
    alone.write_bytes(camp.path.read_bytes())
    alone.with_name("alone.json.journal").write_bytes(camp.path.with_name("campaign.json.journal").read_bytes())
    expected = []
    for line in words:
        done = camp.runner.invoke(app, ["-c", str(alone), *line, "--json"])
        assert done.exit_code == 0, done.stderr
        expected.append(json.loads(done.stdout))
    batch = camp("batch", "-", input=lines(*words))
    assert batch.exit_code == 0, batch.stderr
    got = [json.loads(line)["result"] for line in batch.stdout.splitlines()]
    assert [r.get("target") for r in got[:3]] == [11, 13, 11]
    assert got == expected
