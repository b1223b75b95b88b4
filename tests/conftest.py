from __future__ import annotations

import json
import os
import sys
from pathlib import Path

# The suite's campaigns are throw-away: no fsync (campaign_cli/store/files.py), in this
# process and the ones it starts. test_store.py checks that a user's writes are durable.
os.environ.setdefault("CAMPAIGN_TEST_NO_FSYNC", "1")

# The generators (tools/commandtable.py, tools/manpage.py, tools/layers.py) are the
# tests' to import by name, as tools/generate.py runs them.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tools"))

import pytest

from campaign_cli.cli.app import app
from tests.runner import CliRunner

# pytest keeps each test module as it rewrote its asserts (in tests/__pycache__) unless
# bytecode is not to be written: with PYTHONDONTWRITEBYTECODE set, every worker rewrote
# 2,000 asserts again on every run, 4-5 s each. The suite keeps its own.
sys.dont_write_bytecode = False

# The longest tests go first. The evening alone takes a seventh of the suite's time: handed
# out last, it would end the run on one worker while the other waited. pyproject.toml's
# `--dist worksteal` lets an idle worker take the tests queued behind a long one.
LONGEST_FIRST = (
    "test_evening.py",
    "test_surface.py",
    "test_reliability.py",
    "test_print.py",
    "test_share.py",
    "test_reliability_guarantees.py",
)


def _facts_as_declared() -> None:
    """Every refusal the suite raises in its own process carries the facts its code
    declares (campaign_cli.facts, issue 73): one that does not fails the test that raised it."""
    from campaign_cli import errors

    real = errors.CampaignError.__init__

    def judged(self: errors.CampaignError, message: object, code: str | None = None) -> None:
        real(self, message, code)  # type: ignore[arg-type]
        from tests.test_result_types import facts_problems

        wrong = facts_problems(self)
        if wrong:
            raise AssertionError(f"the facts raised are not those declared: {wrong}")

    errors.CampaignError.__init__ = judged  # type: ignore[method-assign]


_facts_as_declared()


def _writes_follow_the_change() -> None:
    """Every write the suite makes in its own process holds what a write that costs what it
    changed relies on (store/campaign.py, store/index.py, issue 80): a document the before-state shares
    with the tables was never changed in place (the before-state equals a copy taken when
    the transaction began), and the file's text with unchanged documents copied as they
    stood is the text encoding every document writes, and the index beside it says where
    the meta and each character stand. One that does not fails its test."""
    from campaign_cli import jsontext
    from campaign_cli.store import campaign, index

    taken: dict[int, tuple[object, object]] = {}
    shared_before, commit, spliced = campaign._shared_before, campaign.Stored.commit, index._spliced

    def as_read(tables):  # type: ignore[no-untyped-def]
        """The documents of a file read a character at a time, as reading it whole gives them."""
        full = jsontext.loads(tables.raw)
        return {t: full[t] for t in campaign.DOCUMENT_TABLES}

    def shared(data):  # type: ignore[no-untyped-def]
        before = shared_before(data)
        lazy = type(data) is campaign.Tables and data.lazy
        taken[id(before)] = (before, data if lazy else jsontext.copied({t: data[t] for t in campaign.DOCUMENT_TABLES}))
        return before

    def committed(self):  # type: ignore[no-untyped-def]
        kept = taken.pop(id(self._before), None)
        shares = kept is not None and self._shared and kept[0] is self._before
        if shares:
            was = as_read(kept[1]) if type(kept[1]) is campaign.Tables else kept[1]  # type: ignore[index]
            lazy = self._lazy
            if lazy is not None:
                if any(doc != was["characters"][key] for key, doc in lazy.originals.items()):
                    raise AssertionError("a character read alone was changed in place")
            elif {t: self._before[t] for t in campaign.DOCUMENT_TABLES} != was:
                raise AssertionError("a document the before-state shares was changed in place")
        return commit(self)

    lazy_layout = index._lazy_layout

    def lazy_checked(tables):  # type: ignore[no-untyped-def]
        text, where = lazy_layout(tables)
        state = campaign.parse(tables.path, tables.raw)
        state["characters"].update(tables.saved)
        state["meta"] = tables["meta"]
        del state[campaign.PACKS]
        if (text, where) != index._spliced(state, None):
            raise AssertionError("a file written from characters read alone is not what writing it whole writes")
        return text, where

    lazy_checked.__wrapped__ = lazy_layout  # type: ignore[attr-defined]  # a test that counts the real work
    index._lazy_layout = lazy_checked

    def checked(tables, spans):  # type: ignore[no-untyped-def]
        text, where = spliced(tables, spans)
        if text != index._encoded(tables).encode():
            raise AssertionError("a document copied as it stood is not what encoding it writes")
        for table in campaign.DOCUMENT_TABLES:
            for key, ident, name, start, end in where.get(table, ()):
                doc = tables[table][key]
                if (ident, name) != (doc["id"], doc["name"]) or jsontext.loads(text[start:end]) != doc:
                    raise AssertionError(f"the index does not say where {table} {key} stands")
        start, end = where["meta"]
        if jsontext.loads(text[start:end]) != tables["meta"]:
            raise AssertionError("the index does not say where the meta stands")
        return text, where

    checked.__wrapped__ = spliced  # type: ignore[attr-defined]
    campaign._shared_before, campaign.Stored.commit, index._spliced = shared, committed, checked


_writes_follow_the_change()


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    rank = {name: i for i, name in enumerate(LONGEST_FIRST)}
    items.sort(key=lambda item: rank.get(item.path.name, len(rank)))


@pytest.fixture(autouse=True)
def english(monkeypatch):
    """Tests speak English whatever the machine's locale; Russian tests ask for it. A
    campaign file named by the shell that runs the suite is never the tests' own."""
    from campaign_cli import i18n

    monkeypatch.setenv("CAMPAIGN_LANG", "en")
    monkeypatch.delenv("FORCE_COLOR", raising=False)  # piped output is plain unless a test asks
    monkeypatch.delenv("CAMPAIGN_FILE", raising=False)
    # Piped tables wrap at COLUMNS, else 80 (CLI.md): the suite reads rows whole, and the
    # layout at each width is tested apart (test_terminal.py), which sets its own.
    monkeypatch.setenv("COLUMNS", "1000")
    i18n.use("en")


# One side of an enemy board, as a test writes a board file (a threat board's numbers).
BOARD_SIDE = {
    "initiative": 3,
    "move": 4,
    "escape": 4,
    "to_hit": 4,
    "combat": 2,
    "damage": 1,
    "defense": 1,
    "health": 3,
    "xp": 2,
    "abilities": [],
    "elite": ["a", "b", "c", "d", "e", "f"],
}


class Cli:
    """Runs `campaign -c FILE ...` in-process and keeps the result."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.runner = CliRunner()

    def __call__(self, *args: str, input: str | None = None):
        return self.runner.invoke(app, ["-c", str(self.path), *args], input=input)

    def json(self, *args: str):
        result = self(*args, "--json")
        assert result.exit_code == 0, (result.stdout, result.stderr)
        return json.loads(result.stdout)

    def error(self, *args: str, code: int, input: str | None = None) -> dict:
        """Run with --json, expect exit CODE, nothing on stdout and one error object on stderr."""
        before = self.path.read_bytes() if self.path.exists() else None
        result = self(*args, "--json", input=input)
        assert result.exit_code == code, (result.stdout, result.stderr)
        assert result.stdout == ""
        after = self.path.read_bytes() if self.path.exists() else None
        assert before == after, "a refused command changed the campaign file"
        return json.loads(result.stderr)["error"]


@pytest.fixture
def cli(tmp_path: Path) -> Cli:
    return Cli(tmp_path / "campaign.json")


@pytest.fixture
def camp(cli: Cli) -> Cli:
    """A campaign with Ajax (hero) and Merlin (wizard)."""
    assert cli("init", "--name", "Test").exit_code == 0
    cli.json(
        "character",
        "create",
        "Ajax",
        "--st",
        "12",
        "--dx",
        "11",
        "--iq",
        "9",
        "--skill",
        "Swimming",
        "--skill",
        "Sword=2",
    )
    cli.json(
        "character", "create", "Merlin", "--st", "8", "--dx", "10", "--iq", "14", "--wizard", "--spell", "Fireball=12"
    )
    return cli


def pytest_addoption(parser):
    parser.addoption("--slow", action="store_true", help="Long reliability runs (fuzz: 10,000 cases each).")


@pytest.fixture
def slow(request) -> bool:
    return request.config.getoption("--slow")


@pytest.fixture
def unjudged(monkeypatch):
    """Reads skip the model's judge, so a test can put a document the judge refuses (a name
    holding control characters, as files from before names were checked do) in front of the
    views: output escapes what it shows whatever reached it (defense in depth)."""
    from campaign_cli.store import campaign

    monkeypatch.setattr(campaign, "check_documents", lambda path, data, writing=False, sound=None, loaded=None: None)
