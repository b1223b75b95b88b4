"""The framework's private API in one module (issue 79): cli/framework.py is the only
module that names Typer's or its vendored Click's internals, and each of its hooks does
what the command line relies on, on the Typer installed (CI runs the suite on 0.28 at
the floors and on the newest 0.29)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
import typer

from campaign_cli.cli import framework
from campaign_cli.cli.app import app, get_command
from tests.runner import CliRunner

ROOT = Path(__file__).resolve().parent.parent
PUBLIC = {"Typer", "Option", "Argument", "Exit", "Context", "Abort", "BadParameter", "echo", "testing"}


def private_uses(source: str) -> list[str]:
    """The names SOURCE takes from Typer beyond its documented surface."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found += [a.name for a in node.names if a.name.startswith("typer.") and a.name != "typer.testing"]
        elif isinstance(node, ast.ImportFrom) and node.module and node.module.split(".")[0] == "typer":
            if node.module not in ("typer", "typer.testing"):
                found.append(node.module)
            else:
                found += [f"{node.module}.{a.name}" for a in node.names if a.name.startswith("_")]
        elif isinstance(node, ast.Attribute):
            base = node.value
            if isinstance(base, ast.Name) and base.id == "typer" and node.attr not in PUBLIC:
                found.append(f"typer.{node.attr}")
            elif isinstance(base, ast.Attribute) and ast.unparse(base) == "typer.testing" and node.attr.startswith("_"):
                found.append(f"typer.testing.{node.attr}")
            elif node.attr.startswith("_click"):
                found.append(node.attr)
    return found


def test_the_scan_finds_what_it_is_for():
    """The scan below would catch each way of reaching in (so its silence means something)."""
    for source, name in [
        ("from typer import _click as click", "typer._click"),
        ("import typer.core", "typer.core"),
        ("from typer.main import get_command", "typer.main"),
        ("import typer\ntyper.models.CommandInfo", "typer.models"),
        ("import typer.testing\ntyper.testing._get_command = None", "typer.testing._get_command"),
        ("self._click_resolve_command(ctx, args)", "_click_resolve_command"),
    ]:
        assert name in private_uses(source), source
    assert private_uses("import typer\nimport typer.testing\ntyper.Option('--x')\ntyper.Exit(1)") == []


def test_only_the_framework_module_reaches_into_typer():
    """Every module of the package, the tests, the tools and the benchmarks: the private
    names are taken in cli/framework.py only."""
    offenders = {}
    for folder in ("campaign_cli", "tests", "tools", "benchmarks", "samples"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            if path.name == "framework.py" and path.parent.name == "cli":
                continue
            uses = private_uses(path.read_text(encoding="utf-8"))
            if uses:
                offenders[str(path.relative_to(ROOT))] = uses
    assert offenders == {}
    assert private_uses((ROOT / "campaign_cli/cli/framework.py").read_text(encoding="utf-8"))  # and it does


def _command(*path: str):
    command = get_command()
    ctx = framework.context(command, info_name="campaign")
    for name in path:
        command = command.get_command(ctx, name)
        ctx = framework.context(command, parent=ctx, info_name=name)
    return command, ctx


def test_option_makes_a_text_option_and_a_flag():
    text = framework.option("--lang", "lang", metavar="ru|en", help="x")
    flag = framework.option("--version", "version", flag=True, default=False, help="y")
    assert (text.name, text.opts, text.is_flag) == ("lang", ["--lang"], False)
    assert (flag.name, flag.is_flag) == ("version", True)
    assert framework.param_kind(text) == ("str", None, None)
    assert framework.param_kind(flag) == ("flag", None, None)


def test_param_kind_reads_numbers_with_their_bounds_and_lists():
    award, _ = _command("xp", "award")
    kinds = {p.name: framework.param_kind(p) for p in award.params}
    assert kinds["amount"] == ("int", 1, 1_000_000)
    assert kinds["names"] == ("str", None, None)  # a list of names: each one text
    assert kinds["json_out"] == ("flag", None, None)


def test_values_convert_as_click_did_on_either_release(tmp_path):
    """Whole numbers and their ranges refused in Click's words (cli/speech.py translates
    exactly these), a text made plain str: on Typer 0.29 without pydantic."""
    runner, path = CliRunner(), str(tmp_path / "c.json")
    assert runner.invoke(app, ["-c", path, "init"]).exit_code == 0
    bad = runner.invoke(app, ["-c", path, "xp", "award", "x", "Ajax"])
    assert bad.exit_code == 2 and "Invalid value for 'AMOUNT': 'x' is not a valid int range." in bad.output
    low = runner.invoke(app, ["-c", path, "xp", "award", "0", "Ajax"])
    assert "0 is not in the range 1<=x<=1000000." in low.output
    if framework.MODERN:
        import sys

        assert "pydantic" not in sys.modules


def test_a_text_value_is_plain_str_as_click_made_it():
    apply, ctx = _command("curse", "apply")
    note = next(p for p in apply.params if p.name == "note")

    class Said(str):
        pass

    said = Said("touched the idol")
    value = note.process_value(ctx, said) if framework.MODERN else note.type_cast_value(ctx, said)
    assert type(value) is str


def test_usage_and_help_name_arguments_plainly():
    """`ATTACKER TARGET`, not `{ATTACKER} {TARGET}`; no `<str>` after a name in help."""
    attack, ctx = _command("fight", "attack")
    usage = attack.get_usage(ctx)
    assert "ATTACKER TARGET" in usage and "{" not in usage
    assert "<str>" not in attack.get_help(ctx)
    assert [framework.label(p) for p in attack.params][:2] == ["ATTACKER", "TARGET"]


def test_placeholders_are_said_through_the_translation():
    add, ctx = _command("item", "add")
    for param in add.params:
        framework.placeholders(param, lambda text: text.replace("NAME", "ИМЯ"))
    assert "ИМЯ" in add.get_usage(ctx)


def test_resolve_unsuggested_raises_for_a_typo_and_the_group_suggests_among_all():
    root, ctx = _command()
    with pytest.raises(framework.click.exceptions.UsageError):
        framework.resolve_unsuggested(root, ctx, ["charactr"])
    result = CliRunner().invoke(app, ["charactr"])
    assert result.exit_code == 2 and "'character'" in result.output


def test_completion_scripts_are_ours_once_registered():
    from campaign_cli.cli.shells import BASH_SCRIPT, register

    register()
    script = framework.completion_script("bash", "campaign", "_CAMPAIGN_COMPLETE")
    assert "COMP_CUR" in script and "COMP_CUR" in BASH_SCRIPT
    assert framework.completion_item("Ajax").value == "Ajax"


def test_default_setting_unwraps_typer_defaults_and_names_commands():
    app = typer.Typer()
    assert framework.default_setting(app.info.no_args_is_help) is False
    assert framework.command_name("fight_attack") == "fight-attack"


def test_typer_speaks_the_translation_it_is_given():
    seen = []
    framework.speak_typer(lambda text: seen.append(text) or text)
    try:
        add, ctx = _command("item", "add")
        add.get_help(ctx)
    finally:
        from gettext import gettext

        framework.speak_typer(gettext)
    assert "required" in seen
