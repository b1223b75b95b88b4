"""Undo applies only a patch the judge accepts as a change a command could make (CLI.md
"Reliability guarantees"): a forged entry of any shape, re-sealed with the chain and the
file's hashes as a forger who rewrites both would, is exit 3 with the campaign file and
its journal unchanged, or (when the forgery happens to be a change a command could make)
an undo that writes a campaign the judge accepts. Never an internal error."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import campaign_cli
from campaign_cli.store import journal


def _forge(path: Path, patch: object) -> None:
    jpath = Path(str(path) + ".journal")
    lines = jpath.read_bytes().splitlines()
    entry = json.loads(lines[-1])
    entry.pop("sum")
    entry["patch"] = patch
    lines[-1] = journal._seal(entry)
    jpath.write_bytes(b"\n".join(lines) + b"\n")
    current = json.loads(path.read_bytes())
    current["meta"]["1"]["journal_hash"] = current["meta"]["1"]["undo_hash"] = journal.digest(lines[-1])
    path.write_text(json.dumps(current))


@pytest.fixture(scope="module")
def made(tmp_path_factory) -> tuple[Path, dict[Path, bytes]]:
    path = tmp_path_factory.mktemp("forged") / "c.json"
    campaign_cli.init(path)
    with campaign_cli.open(path) as camp:
        camp.character_create("Ajax", st=12, dx=11, iq=9)
        camp.character_create("Zed", st=10, dx=12, iq=10)
    with campaign_cli.open(path) as camp:
        camp.gold_add("Ajax", 5)
    jpath = Path(str(path) + ".journal")
    return path, {path: path.read_bytes(), jpath: jpath.read_bytes()}


def _undo(made: tuple[Path, dict[Path, bytes]], patch: object) -> None:
    """Undo of an entry forged to hold PATCH: refused with exit 3 and both files as they
    were, or done and the campaign still one the judge accepts."""
    path, saved = made
    for f, data in saved.items():
        f.write_bytes(data)
    _forge(path, patch)
    forged = {f: f.read_bytes() for f in saved}
    try:
        campaign_cli.undo(path)
    except campaign_cli.CampaignError as err:
        assert err.exit_status == 3, err.message
        assert err.code == "journal_broken"
        assert {f: f.read_bytes() for f in saved} == forged
        return
    with campaign_cli.read(path) as camp:  # what undo wrote loads and reads
        assert len(camp.character_list()) <= 2
    assert path.read_bytes() != forged[path]


@pytest.mark.parametrize(
    "patch",
    [
        {"characters": {"$whole": {"$absent": 1}}},  # a whole table deleted
        {"meta": {"1": {"$d": {"next_id": {"$v": 1}}}}},  # only the bookkeeping
        {"meta": {"1": {"$d": {"seq": {"$v": 1}, "undo_top": {"$v": None}}}}},
        {"zzz": {"1": None}},  # a table the model has not
        {"characters": 5},
        {"characters": {"1": {"$s": [0, 1, []]}}},  # a document patched as a list
        {"characters": {"x": None}},  # a key that is no id
        {"meta": {"1": None}},  # meta deleted
        {"characters": {"1": {"$d": {"bogus": {"$v": 3}}}}},  # a field the model has not
        {"characters": {"1": {"$d": {"gold": {"$v": -4}}}}},  # a value out of its bound
        {"meta": {"1": {"$d": {"schema_version": {"$v": 3}}}}},  # the schema moved back (issue 64, 10)
        {"meta": {"1": {"$d": {"app": {"$v": "other"}}}}},  # the file's kind
        # bookkeeping beside a legitimate field (issue 78: the legitimate part was applied, exit 0)
        {"meta": {"1": {"$d": {"schema_version": {"$v": 3}, "phase": {"$v": "between"}}}}},
        {"meta": {"1": {"$d": {"campaign_id": {"$v": "0" * 16}}}}, "characters": {"1": {"$d": {"gold": {"$v": 7}}}}},
        {"meta": {"1": {"$d": {"next_id": {"$v": 999}}}}, "characters": {"1": {"$d": {"gold": {"$v": 7}}}}},
        {"meta": {"1": {"$d": {"seq": {"$v": 1}, "keywords": {"$v": []}}}}},
    ],
    ids=lambda p: json.dumps(p)[:40],
)
def test_a_forged_patch_is_exit_3_and_changes_nothing(made, patch):
    path, saved = made
    for f, data in saved.items():
        f.write_bytes(data)
    _forge(path, patch)
    forged = {f: f.read_bytes() for f in saved}
    with pytest.raises(campaign_cli.FileProblem) as caught:
        campaign_cli.undo(path)
    assert caught.value.exit_status == 3 and caught.value.code == "journal_broken"
    assert {f: f.read_bytes() for f in saved} == forged


def test_a_forged_patch_that_a_command_could_write_is_undone(made):
    path, _saved = made
    _undo(made, {"characters": {"1": {"$d": {"gold": {"$v": 7}}}}})
    with campaign_cli.read(path) as camp:
        assert camp.character_show("Ajax")["gold"] == 7


_json = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 3) | st.sampled_from(["", "x", "Ajax"]),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.sampled_from(["a", "gold", "$v"]), inner, max_size=3)
    ),
    max_leaves=6,
)
_node = st.recursive(
    st.builds(lambda v: {"$v": v}, _json) | st.just({"$absent": 1}) | _json,
    lambda inner: (
        st.builds(lambda d: {"$d": d}, st.dictionaries(st.sampled_from(["gold", "xp", "name", "items", "zz"]), inner))
        | st.builds(lambda a, b, c: {"$s": [a, b, c]}, st.integers(-1, 3), st.integers(-1, 3), st.lists(_json))
        | st.builds(lambda a, b: {**a, **b}, st.dictionaries(st.sampled_from(["$v", "$d", "$s"]), inner), st.just({}))
    ),
    max_leaves=8,
)
_docs = st.dictionaries(st.sampled_from(["1", "2", "3", "01", "x", "$whole"]), st.none() | _node, max_size=3)
_tables = st.sampled_from(["meta", "characters", "enemies", "packs", "zzz"])
_patches = st.dictionaries(_tables, _docs | _json, max_size=3)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(patch=_patches | _json)
def test_undo_of_any_forged_patch_is_exit_3_or_a_sound_campaign(made, patch):
    _undo(made, patch)
