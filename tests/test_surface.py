"""The everyday surface (CLI.md "Global behaviour", "export", "item add"): the first
command, names in any form with suggestions, safe export, bounds and small slips."""

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from campaign_cli.cli.app import app
from tests.runner import CliRunner

ROOT = Path(__file__).resolve().parent.parent


# -- the first command ---------------------------------------------------------------
@pytest.mark.parametrize("words", [[], ["item"], ["character"], ["catalog"]])
def test_a_bare_command_prints_its_help_on_stdout_and_exits_0(words, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(app, words)
    assert result.exit_code == 0, result.stderr
    assert result.stdout.startswith(f"Usage: campaign {' '.join(words)}".rstrip() + " [OPTIONS] COMMAND")
    assert "\\x0a" not in result.stdout and "Examples:" in result.stdout
    assert result.stderr == "" and list(tmp_path.iterdir()) == []


def test_root_help_lists_commands_in_titled_groups():
    out = CliRunner().invoke(app, ["--help"]).stdout
    titles = re.findall(r"^(\w+):$", out, re.MULTILINE)
    assert titles == ["Options", "Campaign", "Characters", "Rolls", "Gear", "Enemies", "Automation"]
    gear = out.split("\nGear:\n")[1].split("\n\n")[0]
    names = [line.split()[0] for line in gear.splitlines() if not line.startswith("   ")]  # a wrapped summary
    assert names == ["item", "shop", "gold", "darkstone", "forge", "catalog"]


def test_a_summary_in_a_list_is_its_whole_first_sentence():
    """Issue 51: summaries were cut at about 45 characters with "...", even at 200 columns."""
    out = CliRunner().invoke(app, ["fight", "--help"]).stdout
    section = out.split("Commands:")[1]
    assert not any(line.rstrip().endswith("...") for line in section.splitlines())  # nothing cut
    listed = " ".join(section.split())
    assert "attack The tool rolls a blow. end End the fight:" in listed


@pytest.mark.parametrize(
    "shell, marker", [("bash", "complete -F"), ("zsh", "#compdef campaign"), ("fish", "complete --command campaign")]
)
def test_show_completion_prints_the_named_shells_script(shell, marker):
    result = CliRunner().invoke(app, ["--show-completion", shell])
    assert result.exit_code == 0 and marker in result.stdout


def test_completion_options_are_on_the_root_only():
    assert "--show-completion" in CliRunner().invoke(app, ["--help"]).stdout
    assert "--show-completion" not in CliRunner().invoke(app, ["item", "--help"]).stdout


# -- export never destroys the campaign ------------------------------------------------
@pytest.mark.parametrize("suffix", ["", ".journal", ".lock"])
def test_export_refuses_the_campaigns_own_files(camp, suffix):
    target = str(camp.path) + suffix
    own = {p: p.read_bytes() for p in camp.path.parent.iterdir() if p.is_file()}
    err = camp.error("export", "-o", target, "--force", code=1)
    assert err["code"] == "own_file"
    assert {p: p.read_bytes() for p in camp.path.parent.iterdir() if p.is_file()} == own
    assert camp.json("character", "show", "Ajax")["name"] == "Ajax"


def test_export_refuses_the_campaign_through_a_symlink(camp, tmp_path):
    link = tmp_path / "link.json"
    link.symlink_to(camp.path)
    assert camp.error("export", "-o", str(link), "--force", code=1)["code"] == "own_file"


def test_export_replaces_an_existing_file_only_with_force(camp, tmp_path):
    target = tmp_path / "out.json"
    target.write_text("keep me")
    assert camp.error("export", "-o", str(target), code=1)["code"] == "exists"
    assert target.read_text() == "keep me"
    assert camp.json("export", "-o", str(target), "--force")["characters"] == 2
    assert json.loads(target.read_text())["format"] == "campaign-export"


# -- names in any form -------------------------------------------------------------------
def test_russian_catalog_names_work_in_every_item_command(camp):
    camp.json("item", "add", "Ajax", "Кольчуга")
    assert camp.json("item", "wear", "Ajax", "кольчуга")["item"]["name"] == "Chainmail"
    camp.json("item", "stow", "Ajax", "Кольчуга")
    camp.json("item", "add", "Ajax", "Палаш", "--slots", "2")
    assert camp.json("item", "hold", "Ajax", "Палаш")["held"][0]["name"] == "Broadsword"
    roll = camp.json("roll", "--character", "Ajax", "--weapon", "Палаш", "--dice", "2,5")
    assert (roll["weapon"], roll["total"]) == ("Broadsword", 7)
    camp.json("town", "enter", "Brimstone", "--blacksmith")
    camp.json("darkstone", "add", "Ajax", "1")
    assert camp.json("forge", "Ajax", "Палаш")["item"]["upgrades"][0]["darkstone"] == 1
    camp.json("gold", "add", "Merlin", "5")
    assert camp.json("item", "sell", "Ajax", "Merlin", "Кольчуга", "--price", "5")["item"]["name"] == "Chainmail"
    assert camp.json("item", "give", "Merlin", "Ajax", "КОЛЬЧУГА")["item"]["name"] == "Chainmail"
    assert camp.json("item", "drop", "Ajax", "Кольчуга")["item"]["name"] == "Chainmail"


def test_skills_resolve_in_russian_in_checks_and_xp(camp):
    assert camp.json("check", "Ajax", "3/ST for Плавание", "--dice", "1,1,1")["success"] is True
    camp.json("xp", "award", "10", "Ajax")
    assert camp.json("xp", "spend", "Ajax", "--skill", "Меч")["character"]["skills"]["Sword"] == 3


def test_characters_and_items_by_id(camp):
    assert camp.json("character", "show", "2")["name"] == "Merlin"
    assert camp.json("character", "show", "#1")["name"] == "Ajax"
    item = camp.json("item", "add", "Ajax", "Dagger")["item"]
    assert camp.json("item", "hold", "Ajax", str(item["id"]))["held"][0]["name"] == "Dagger"


@pytest.mark.parametrize(
    "args, suggestion",
    [
        (["character", "show", "Ajaks"], "Ajax"),
        (["character", "show", "merlinn"], "Merlin"),
        (["check", "Ajax", "3/ST for Swiming"], "Swimming"),
        (["item", "drop", "Ajax", "Plama"], None),
        (["curse", "remove", "Ajax", "Mumy Rot", "--pay", "xp"], "Mummy Rot"),
        (["enemy", "show", "Bog Lurkr"], "Bog Lurker"),
        (["xp", "spend", "Ajax", "--skill", "Climbng"], "Climbing"),
    ],
)
def test_unknown_names_are_refused_with_the_closest_names(camp, args, suggestion):
    camp.json("curse", "apply", "Ajax", "Mummy Rot")
    camp.json("enemy", "add", "--file", str(ROOT / "samples" / "enemies" / "bog-lurker.json"))
    err = camp.error(*args, code=1)
    assert err["code"].startswith("unknown_")
    if suggestion:
        assert err["suggestions"][0] == suggestion and repr(suggestion) in err["message"]
    else:
        assert err["suggestions"] == []


def test_human_error_carries_the_suggestion(camp):
    result = camp("character", "show", "Ajaks")
    assert result.exit_code == 1
    assert result.stderr == "campaign: error: no character named 'Ajaks'; did you mean 'Ajax'?\n"


# -- typos do not become items ------------------------------------------------------------
def test_a_typo_of_a_catalog_name_is_refused_with_the_suggestion(camp):
    err = camp.error("item", "add", "Ajax", "Broadsord", code=1)
    assert err["code"] == "unknown_catalog_entry" and err["suggestions"] == ["Broadsword"]
    assert "--custom" in err["message"]
    assert camp.json("item", "add", "Ajax", "Broadsord", "--custom")["item"]["kind"] == "gear"
    assert camp.error("item", "add", "Ajax", "Кольчужа", code=1)["suggestions"] == ["Кольчуга"]  # as typed (issue 23)


def test_short_names_far_from_the_catalog_are_new_items(camp):
    assert camp.json("item", "add", "Ajax", "Crate", "--weight", "2")["item"]["name"] == "Crate"


# -- bounds -------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "args",
    [
        ["karma", "add", "Ajax", "99999999999999999999999"],
        ["karma", "add", "Ajax", "1000001"],
        ["karma", "add", "Ajax", "-1"],
        ["gold", "add", "Ajax", "-5"],
        ["xp", "award", "2000000", "Ajax"],
        ["damage", "Ajax", "1000001"],
        ["item", "add", "Ajax", "Rock", "--weight", "1000001"],
    ],
)
def test_amounts_out_of_bounds_are_usage_errors_naming_the_bound(camp, args):
    err = camp.error(*args, code=2)
    assert "1000000" in err["message"].replace(",", "")


# -- small contract slips --------------------------------------------------------------------
def test_enemy_add_takes_the_boards_own_name(camp):
    board = camp.json("enemy", "add", "--file", str(ROOT / "samples" / "enemies" / "bog-lurker.json"))
    assert board["name"] == "Bog Lurker"


def test_adventure_start_leaves_the_town(camp):
    camp.json("town", "enter", "Brimstone", "--blacksmith")
    camp.json("adventure", "start", "Crypt")
    assert camp.json("status")["location"] is None
    camp.json("item", "add", "Ajax", "Dagger")
    camp.json("darkstone", "add", "Ajax", "1")
    assert camp.error("forge", "Ajax", "Dagger", code=1)["code"] == "no_blacksmith"


@pytest.mark.parametrize("skills", [["Swimming=2", "Swimming=1"], ["Swimming", "Плавание"], ["swimming", "SWIMMING"]])
def test_the_same_skill_named_twice_is_a_usage_error(cli, skills):
    cli("init")
    args = [arg for s in skills for arg in ("--skill", s)]
    err = cli.error("character", "create", "Kate", "--st", "10", "--dx", "12", "--iq", "10", *args, code=2)
    assert err["code"] == "repeated_name"


def test_missing_campaign_hint_repeats_the_path_given(tmp_path):
    result = CliRunner().invoke(app, ["-c", str(tmp_path / "other.json"), "status"])
    assert result.exit_code == 3
    assert f"create one with `campaign -c {tmp_path / 'other.json'} init`" in result.stderr


# -- the README's "Using it" block runs as pasted ---------------------------------------------
def readme_block(section: str) -> list[str]:
    """The command lines of the first sh block under README's SECTION, comments dropped."""
    text = (ROOT / "README.md").read_text()
    block = text.split(f"## {section}", 1)[1].split("```sh\n", 1)[1].split("```", 1)[0]
    return [line.split("  #")[0].strip() for line in block.splitlines() if line.strip() and not line.startswith("#")]


def run_lines(lines: list[str], folder: Path, with_samples: bool = False) -> list[subprocess.CompletedProcess]:
    """Each line in bash, in FOLDER, as a user who installed the project would run it."""
    if with_samples:
        (folder / "samples").symlink_to(ROOT / "samples")
    env = {**os.environ, "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}"}
    env.pop("CAMPAIGN_FILE", None)
    return [
        subprocess.run(["bash", "-c", line], cwd=folder, env=env, capture_output=True, text=True, timeout=60)
        for line in lines
    ]


def test_readme_using_it_block_runs_line_by_line_in_an_empty_folder(tmp_path):
    lines = readme_block("Using it")
    assert len(lines) >= 10
    for line, done in zip(lines, run_lines(lines, tmp_path)):
        assert done.returncode == 0, (line, done.stdout, done.stderr)


def test_readme_points_only_inside_the_repository():
    text = (ROOT / "README.md").read_text()
    assert "../shared" not in text and "RULES.md" not in text.replace("docs/rules.md", "")
    for link in re.findall(r"\]\(([^)#]+)\)", text):
        if not link.startswith("http"):
            assert (ROOT / link).exists(), link


def test_readme_pack_example_hits_the_carry_limit_from_pack_weights_alone(tmp_path):
    results = run_lines(readme_block("Catalog packs"), tmp_path, with_samples=True)
    assert [r.returncode for r in results] == [0] * (len(results) - 1) + [1]
    assert results[-1].stderr == "campaign: error: R33: Ajax carries 13 of 17; Ore Crate weighs 9\n"


def test_readme_russian_example_runs_and_says_what_it_shows(tmp_path, monkeypatch):
    for var in ("CAMPAIGN_LANG", "LC_ALL", "LC_MESSAGES"):  # the block chooses the language itself
        monkeypatch.delenv(var, raising=False)
    lines = readme_block("По-русски")
    results = run_lines(lines, tmp_path)
    assert [r.returncode for r in results] == [0] * len(lines)
    block = (ROOT / "README.md").read_text().split("## По-русски", 1)[1].split("```sh\n", 1)[1].split("```", 1)[0]
    said = [line.split("  # ", 1)[1].strip() for line in block.splitlines() if "  # " in line]
    assert [r.stdout.strip() for r in results[2:4]] == said
    assert "## Умения и заклинания" in (tmp_path / "аякс.md").read_text()
    assert results[-1].stdout.startswith("Использование: campaign character create")


def test_readme_fight_example_runs(tmp_path):
    lines = readme_block("Fights at the table")
    for line, done in zip(lines, run_lines(lines, tmp_path, with_samples=True)):
        assert done.returncode == 0, (line, done.stderr)
    shown = run_lines(["campaign character show Ajax --json"], tmp_path)[0]
    assert json.loads(shown.stdout)["xp"] == 6  # 5 for the kill (R41), 1 for the won fight (R13)


def test_readme_interchange_example_runs_both_ways(tmp_path):
    lines = readme_block("Characters from other tools")
    results = run_lines(lines, tmp_path, with_samples=True)
    for line, done in zip(lines, results):
        assert done.returncode == 0, (line, done.stderr)
    assert results[-3].stdout.strip() == '["Alchemy"]'
    names = [c["name"] for c in json.loads(run_lines(["campaign character list --json"], tmp_path)[0].stdout)]
    assert names == ["Ajax", "Ajax (Foundry)", "Ajax (stat block)", "Dolmar", "Cole Brannigan"]
    came = json.loads((ROOT / "samples" / "heroes" / "cole.json").read_text(encoding="utf-8"))
    assert json.loads((tmp_path / "cole.json").read_text(encoding="utf-8")) == came  # the hero, as it came


def test_the_cli_modules_import_each_other_in_no_circle():
    """What several views share lives in one module they all import (cli/views.py), what one
    command says in another (cli/said.py);
    imports point one way (cli -> rules, store), and no two cli modules need each other."""
    import ast

    graph: dict[str, set[str]] = {}
    for path in (ROOT / "campaign_cli" / "cli").glob("*.py"):
        found = set()
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("campaign_cli.cli."):
                found.add(node.module.rsplit(".", 1)[1])
            elif isinstance(node, ast.ImportFrom) and node.module == "campaign_cli.cli":
                found.update(a.name for a in node.names)
        graph[path.stem] = found - {path.stem}

    def reaches(start: str, goal: str, seen: set[str]) -> bool:
        return any(n == goal or (n not in seen and reaches(n, goal, seen | {n})) for n in graph.get(start, ()))

    circles = sorted(m for m in graph if reaches(m, m, set()) and m not in ("app", "batch", "demo", "lazy"))
    assert circles == [], circles
    for layer in ("rules", "store"):
        for path in (ROOT / "campaign_cli" / layer).glob("*.py"):
            assert "campaign_cli.cli" not in path.read_text(), path  # never back up to the shell


def test_the_dependency_floors_ci_installs_are_the_floors_pyproject_gives():
    """.ci/floors.txt pins every direct dependency at pyproject.toml's lower bound: the
    versions CI's floors run tests are the ones the package claims (issue 39)."""
    import re
    import tomllib

    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    wanted = {}
    for spec in [*project["dependencies"], *project["optional-dependencies"]["test"]]:
        name, floor = re.match(r"([A-Za-z0-9_.-]+)\s*>=\s*([0-9.]+)", spec).groups()
        wanted[name.lower()] = floor
    pinned = {}
    for line in (ROOT / ".ci" / "floors.txt").read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            name, version = line.split("==")
            pinned[name.lower()] = version
    normal = lambda v: tuple(int(p) for p in v.split("."))  # noqa: E731  4.8 is 4.8.0
    assert {k: normal(v) + (0,) * (3 - len(normal(v))) for k, v in wanted.items()} == {
        k: normal(v) + (0,) * (3 - len(normal(v))) for k, v in pinned.items()
    }


def test_the_changelog_names_the_version_the_package_has():
    """CHANGELOG.md (Keep a Changelog): the newest released entry is the package's version."""
    import re

    from campaign_cli import __version__

    text = (ROOT / "CHANGELOG.md").read_text()
    released = re.findall(r"^## \[(\d+\.\d+\.\d+)\]", text, re.M)
    assert released and released[0] == __version__
    assert text.index("## [Unreleased]") < text.index(f"## [{__version__}]")


def test_an_empty_name_is_refused_in_plain_english(camp):
    """`item add Ajax ''` said "a item needs a name"."""
    result = camp("item", "add", "Ajax", "")
    assert result.exit_code == 2 and "every item needs a name" in result.stderr
