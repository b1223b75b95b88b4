"""Per-command run state (issue 64, CLI.md "Reliability guarantees", sixth revision):
nothing one command, batch line, library block or demo step sets survives into the next
in the same process. The run's whole state is `campaign_cli.run.RUN` and the commit flag
`errors.COMMIT`; each is compared before and after, value by value."""

from __future__ import annotations

from pathlib import Path

import pytest

import campaign_cli
from campaign_cli import errors
from campaign_cli.run import RUN
from tests.conftest import Cli


def _state() -> dict[str, object]:
    return {
        **{f"RUN.{k}": v for k, v in vars(RUN).items() if k != "examples"},
        **{f"COMMIT.{k}": v for k, v in errors.COMMIT.items()},
    }


@pytest.fixture
def camp(tmp_path: Path) -> Cli:
    cli = Cli(tmp_path / "c.json")
    cli.json("init")
    cli.json("character", "create", "Ajax", "--st", "12", "--dx", "10", "--iq", "10")
    return cli


STEPS = {
    "a write": lambda c: c("xp", "award", "1", "Ajax"),
    "a Russian write": lambda c: c("--lang", "ru", "xp", "award", "1", "Ajax"),
    "a refusal with JSON errors": lambda c: c("gold", "remove", "Ajax", "99", "--json"),
    "a usage error": lambda c: c("xp", "award", "lots", "Ajax"),
    "a batch": lambda c: c(
        "batch", "-", input='{"args": ["xp", "award", "1", "Ajax"]}\n{"args": ["xp", "award", "1", "Nobody"]}\n'
    ),
    "a batch with an output": lambda c: c(
        "batch", "-", input='{"args": ["export", "--output", "%s"]}\n' % (c.path.parent / "e.json")
    ),
    "a roll": lambda c: c("check", "Ajax", "3/DX", "--seed", "1"),
}


@pytest.mark.parametrize("step", list(STEPS))
def test_nothing_a_command_sets_survives_it(camp, step):
    before = _state()
    STEPS[step](camp)
    assert _state() == before


def test_nothing_a_library_block_sets_survives_it(camp):
    before = _state()
    with campaign_cli.open(camp.path, lang="ru", label="session") as block:
        block.xp_award(1, "Ajax")
    with pytest.raises(campaign_cli.Refused), campaign_cli.open(camp.path) as block:
        block.gold_remove("Ajax", 99)
    with campaign_cli.read(camp.path) as block:
        block.character_show("Ajax")
    assert _state() == before


def test_a_command_after_a_write_can_still_be_interrupted(camp, monkeypatch):
    """The commit flag a write sets is the write's own: the next command (a demo's next
    step) is stopped by a signal before its own commit, as if it were the first."""
    assert camp("xp", "award", "1", "Ajax").exit_code == 0
    assert errors.COMMIT == {"started": False, "deferred": 0, "saved": False, "answered": False}
