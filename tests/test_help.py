"""Every command's --help works without a campaign, has a summary and ends with an example."""

import pytest

from campaign_cli.cli.app import app, get_command
from tests.runner import CliRunner


def _paths(cmd, path):
    yield path
    if hasattr(cmd, "commands"):
        for name in cmd.list_commands(None):
            yield from _paths(cmd.get_command(None, name), [*path, name])


PATHS = list(_paths(get_command(), []))


@pytest.mark.parametrize("path", PATHS, ids=lambda p: " ".join(p) or "campaign")
def test_help_has_summary_and_example_and_creates_nothing(path, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(app, [*path, "--help"])
    assert result.exit_code == 0
    assert "Usage:" in result.stdout
    examples = result.stdout.split("Examples:")[1]
    assert "$ campaign" in examples
    assert list(tmp_path.iterdir()) == []


def test_json_flag_is_on_every_leaf_command():
    leaves = [p for p in PATHS if p and not hasattr(_get(p), "commands")]
    missing = [p for p in leaves if "--json" not in {o for prm in _get(p).params for o in getattr(prm, "opts", [])}]
    assert not missing


def _get(path):
    cmd = get_command()
    for name in path:
        cmd = cmd.get_command(None, name)
    return cmd


def test_typos_get_suggestions_among_lazy_commands(tmp_path):
    result = CliRunner().invoke(app, ["-c", str(tmp_path / "c.json"), "chracter", "list"])
    assert result.exit_code == 2 and "Did you mean 'character'?" in result.stderr


def test_every_option_and_argument_has_a_help_text():
    missing = []
    for path in PATHS:
        cmd = _get(path)
        for param in cmd.params:
            if not getattr(param, "help", None) and param.name not in ("help",):
                missing.append(f"{' '.join(path) or 'campaign'}: {param.name}")
    assert not missing, missing


def test_every_command_is_annotated_with_objects_not_strings():
    """Typer evaluates a string annotation (`from __future__ import annotations`) each time
    it builds a command, compiling it anew: 3 ms of every run's start-up for the root alone
    (issue 38). A command module keeps its annotations as objects."""
    import importlib
    import inspect

    from campaign_cli.cli.app import CampaignGroup

    apps = [app]
    for target in CampaignGroup.lazy_nouns.values():
        module, _, attr = target.partition(":")
        apps.append(getattr(importlib.import_module(f"campaign_cli.cli.{module}"), attr or "app"))
    callbacks = [info.callback for a in apps for info in a.registered_commands]
    callbacks += [a.registered_callback.callback for a in apps if a.registered_callback]
    strings = {
        f"{cb.__module__}.{cb.__name__}": name
        for cb in callbacks
        for name, hint in inspect.get_annotations(cb).items()
        if isinstance(hint, str)
    }
    assert len(callbacks) > 90 and strings == {}


@pytest.mark.parametrize("words", [[], ["fight"], ["fight", "attack"], ["xp", "award"]])
def test_help_command_is_the_help_option(tmp_path, monkeypatch, words):
    """Issue 51: `campaign help [COMMAND]` (as git, gh and cargo users type it) is `--help`;
    it answered "Did you mean 'heal'?". The root's options before it are kept."""
    monkeypatch.chdir(tmp_path)
    runner = CliRunner()
    asked = runner.invoke(app, ["help", *words])
    option = runner.invoke(app, [*words, "--help"])
    assert asked.exit_code == option.exit_code == 0 and asked.stdout == option.stdout
    russian = runner.invoke(app, ["--lang", "ru", "help", *words])
    assert russian.exit_code == 0 and russian.stdout == runner.invoke(app, ["--lang", "ru", *words, "--help"]).stdout
    assert list(tmp_path.iterdir()) == []  # help creates nothing


# -- every example (run by test_help_examples.py) ---------------------------------------------------
def _examples() -> list[tuple[str, str]]:
    """(command path, example line) of every command's help."""
    from tests.words import leaves

    found = []
    for path, command in leaves():
        text = (command.help or "").split("Examples:")[-1]
        found += [(path, line.strip()[2:]) for line in text.splitlines() if line.strip().startswith("$ ")]
    return found
