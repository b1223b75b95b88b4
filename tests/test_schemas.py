"""`campaign schema KIND` (issue 24): the JSON Schemas validate real documents (a validator
from the jsonschema package, a test dependency only), and refuse broken ones."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

jsonschema = pytest.importorskip("jsonschema")

ROOT = Path(__file__).resolve().parent.parent


def schema_of(cli, kind: str) -> dict:
    result = cli("schema", kind)
    assert result.exit_code == 0, result.stderr
    document = json.loads(result.stdout)
    jsonschema.Draft202012Validator.check_schema(document)
    return document


def valid(schema: dict, document) -> bool:
    return jsonschema.Draft202012Validator(schema).is_valid(document)


@pytest.fixture
def busy(camp):
    """A campaign with gear, curses, spells, a pack and a board: a real export."""
    camp.json("catalog", "import", str(ROOT / "samples" / "packs" / "frontier.json"))
    camp.json("enemy", "add", "--file", str(ROOT / "samples" / "enemies" / "cinder-hound.json"))
    camp.json("item", "add", "Ajax", "Chainmail")
    camp.json("item", "wear", "Ajax", "Chainmail")
    camp.json("item", "add", "Ajax", "Broadsword", "--slots", "2")
    camp.json("curse", "apply", "Ajax", "Rot", "--note", "the idol")
    camp.json("character", "set", "Ajax", "--attr", "Lore=3", "--keyword", "Law")
    return camp


def test_the_export_validates(busy):
    schema = schema_of(busy, "export")
    document = json.loads(busy("export").stdout)
    assert valid(schema, document)
    document["characters"][0]["xp"] = -1
    assert not valid(schema, document)


def test_samples_packs_and_boards_validate(cli):
    pack, board = schema_of(cli, "pack"), schema_of(cli, "board")
    assert valid(pack, json.loads((ROOT / "samples" / "packs" / "frontier.json").read_text()))
    for path in (ROOT / "samples" / "enemies").glob("*.json"):
        document = json.loads(path.read_text())
        assert valid(board, document), path
        document["normal"]["elite"] = document["normal"]["elite"][:5]
        assert not valid(board, document)  # R42: six entries


def test_character_show_validates(busy):
    schema = schema_of(busy, "character")
    for name in ("Ajax", "Merlin"):
        assert valid(schema, busy.json("character", "show", name))
    broken = busy.json("character", "show", "Ajax")
    del broken["status"]
    assert not valid(schema, broken)


def test_an_unknown_schema_is_a_usage_error(cli):
    assert cli("schema", "campaign").exit_code == 2
