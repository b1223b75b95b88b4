"""Issue 33: the Python API and the command line are one set of acts. The same commands,
run once through the CLI (each with --json) and once through the API (each in its own
block), leave equal campaign documents and give equal JSON results or equal refusals."""

from __future__ import annotations

import json
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import campaign_cli
from campaign_cli.cli.app import app
from campaign_cli.store.campaign import BOOKKEEPING
from tests import words as typed
from tests.runner import CliRunner

ROOT = Path(__file__).resolve().parent.parent
WHO = ["Ajax", "Lada", "Nobody"]
COMMANDS = st.one_of(
    st.builds(
        lambda w: ["character", "create", w, "--st", "12", "--dx", "11", "--iq", "9", "--skill", "Sword"],
        st.sampled_from(WHO),
    ),
    st.builds(lambda w, n: ["gold", "add", w, str(n)], st.sampled_from(WHO), st.integers(0, 3)),
    st.builds(lambda w, n: ["xp", "award", str(n), w], st.sampled_from(WHO), st.integers(1, 3)),
    st.builds(lambda w, n: ["damage", w, str(n)], st.sampled_from(WHO), st.sampled_from([1, 5, 12, 30])),
    st.builds(lambda w: ["heal", w, "2"], st.sampled_from(WHO)),
    st.builds(lambda w, i: ["item", "add", w, i], st.sampled_from(WHO), st.sampled_from(["Dagger", "Herb", "Leather"])),
    st.builds(lambda w: ["item", "hold", w, "Dagger"], st.sampled_from(WHO)),
    st.builds(
        lambda w, d: ["check", w, "3/DX", "--dice", d], st.sampled_from(WHO), st.sampled_from(["1,2,3", "6,6,6"])
    ),
    st.builds(lambda w: ["curse", "apply", w, "Rot"], st.sampled_from(WHO)),
    st.builds(lambda w: ["shop", "buy", w, "Torch", "--price", "1"], st.sampled_from(WHO)),
    st.just(["adventure", "start", "Crypt"]),
    st.just(["rest", "--week"]),
)


STAMPS = ("started", "created", "time")  # when a thing happened: the two runs are a second apart


def _timeless(value):
    if isinstance(value, dict):
        return {k: None if k in STAMPS else _timeless(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_timeless(v) for v in value]
    return value


def _docs(path: Path) -> dict:
    data = json.loads(path.read_bytes())
    meta = {k: v for k, v in data["meta"]["1"].items() if k not in (*BOOKKEEPING, "created")}
    return _timeless({**data, "meta": meta})


def _cli(path: Path, words: list[str]):
    result = CliRunner().invoke(app, ["-c", str(path), *words, "--json"])
    if result.exit_code:
        return ("error", result.exit_code, json.loads(result.stderr)["error"]["code"])
    return ("ok", _timeless(json.loads(result.stdout)))


def _api(path: Path, words: list[str]):
    try:
        with campaign_cli.open(path) as camp:
            return ("ok", _timeless(typed.run(camp, *words)))
    except campaign_cli.CampaignError as err:
        return ("error", err.exit_status, err.code)


@settings(max_examples=12, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(COMMANDS, min_size=1, max_size=8))
def test_the_api_and_the_cli_leave_equal_files_and_equal_results(lines):
    with tempfile.TemporaryDirectory() as tmp:
        by_cli, by_api = Path(tmp) / "cli.json", Path(tmp) / "api.json"
        for path in (by_cli, by_api):
            with campaign_cli.open(path, create=True) as camp:
                camp.character_create("Merlin", st=8, dx=10, iq=14, wizard=True)
        for words in lines:
            assert _cli(by_cli, words) == _api(by_api, words), words
        cli_docs, api_docs = _docs(by_cli), _docs(by_api)
        assert cli_docs["characters"] == api_docs["characters"]
        assert cli_docs["meta"] == {**api_docs["meta"], "name": cli_docs["meta"]["name"]}


@settings(max_examples=10, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(COMMANDS, min_size=1, max_size=8))
def test_an_api_block_and_the_same_cli_commands_leave_equal_files(lines):
    """CLI.md "Python API": one block runs the commands as one transaction. The commands
    that succeed one by one on the command line, run in one block, succeed alike, give the
    same results and leave the same documents (the journal holds one entry for the block)."""
    with tempfile.TemporaryDirectory() as tmp:
        by_cli, by_api = Path(tmp) / "cli.json", Path(tmp) / "api.json"
        for path in (by_cli, by_api):
            with campaign_cli.open(path, create=True) as camp:
                camp.character_create("Merlin", st=8, dx=10, iq=14, wizard=True)
        done = [(words, said) for words in lines if (said := _cli(by_cli, words))[0] == "ok"]
        before = len(_cli(by_api, ["log"])[1])
        with campaign_cli.open(by_api) as camp:
            results = [("ok", _timeless(typed.run(camp, *words))) for words, _said in done]
        assert results == [said for _words, said in done]
        entries = _cli(by_api, ["log"])[1]
        changed = [e for e in entries[before:] if e["seq"] is not None]
        assert len(changed) <= 1  # the block is one change in the journal (rolls apart)
        cli_docs, api_docs = _docs(by_cli), _docs(by_api)
        assert cli_docs["characters"] == api_docs["characters"]
        assert cli_docs["meta"] == {**api_docs["meta"], "name": cli_docs["meta"]["name"]}
