"""Every command's --help works without a campaign, has a summary and ends with an example."""

from typing import Any

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


# -- every example parses (issue 59: `fight order --party Катя Аякс` did not) -----------------------
def _examples() -> list[tuple[str, str]]:
    """(command path, example line) of every command's help."""
    from tests.words import leaves

    found = []
    for path, command in leaves():
        text = (command.help or "").split("Examples:")[-1]
        found += [(path, line.strip()[2:]) for line in text.splitlines() if line.strip().startswith("$ ")]
    return found


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_every_help_example_parses_as_its_command_line(lang):
    """Each example of each help page, in the language its page is shown in, parsed by the
    command line's own parser: no unknown option, missing or extra argument, or value of the
    wrong type (the parse of `campaign ...` up to a pipe or a redirection)."""
    import shlex

    from typer import _click as click

    from campaign_cli import i18n
    from campaign_cli.cli.app import get_command
    from campaign_cli.cli.speech import example

    i18n.use(lang)
    root = get_command()
    checked = 0
    try:
        for path, line in _examples():
            line = example(line) if lang == "ru" else line
            words = shlex.split(line.split(" | ")[-1] if line.startswith("printf") else line)
            words = words[words.index("campaign") + 1 :]
            for stop in ("|", ">", "&&"):
                words = words[: words.index(stop)] if stop in words else words
            while words[:1] and words[0].startswith("-"):  # the root's own options: -c FILE
                words = words[2:]
            command: Any = root
            ctx = click.core.Context(root, info_name="campaign")
            while hasattr(command, "list_commands"):
                name, words = words[0], words[1:]
                command = command.get_command(ctx, name)
                assert command is not None, (line, name)
                ctx = click.core.Context(command, parent=ctx, info_name=name)
            try:
                command.make_context(path.split()[-1], list(words), parent=ctx.parent)
            except click.exceptions.Exit:
                pass
            except click.UsageError as err:
                raise AssertionError(f"{line}: {err.format_message()}") from None
            checked += 1
    finally:
        i18n.use("en")
    assert checked > 150
