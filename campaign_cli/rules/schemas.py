"""JSON Schemas (draft 2020-12) of the documents the tool reads and writes: the export,
a catalog pack, an enemy board, and a character as `character show --json` gives it.
Built from the same constants the validators use, so the two cannot drift apart.
The validators stay the authority (they also check what a schema cannot: unique names,
dice expressions, clashes); a document they accept validates against its schema."""

from __future__ import annotations

from typing import Any

from campaign_cli.rules.enemies import ELITE_ENTRIES, ELITE_NUMBERS, NUMBERS, OPTIONAL, SIZES
from campaign_cli.rules.gear import KINDS, MAX_SLOTS
from campaign_cli.rules.names import MAX_AMOUNT, MAX_ID, MAX_NAME

DRAFT = "https://json-schema.org/draft/2020-12/schema"
NAME = {"type": "string", "minLength": 1, "maxLength": MAX_NAME}
TEXT = {"type": "string", "minLength": 1}
AMOUNT = {"type": "integer", "minimum": 0, "maximum": MAX_AMOUNT}
COUNTER = {"type": "integer", "minimum": 0, "maximum": MAX_ID}
ID = {"type": "integer", "minimum": 1, "maximum": MAX_ID}
DICE = {"type": "string", "pattern": "^[0-9]*[dD][0-9]+([+-][0-9]+)?$"}


def _obj(properties: dict, required: list[str] | tuple[str, ...], extra: bool = True) -> dict:
    return {"type": "object", "properties": properties, "required": list(required), "additionalProperties": extra}


def _nullable(schema: dict) -> dict:
    return {"anyOf": [schema, {"type": "null"}]}


ITEM = _obj(
    {
        "id": ID,
        "name": NAME,
        "kind": {"enum": list(KINDS)},
        "hands": {"type": "integer", "minimum": 0, "maximum": 2},
        "weight": AMOUNT,
        "value": AMOUNT,
        "requires": {"type": "array", "items": TEXT},
        "clothing": _nullable(TEXT),
        "personal": {"type": "boolean"},
        "darkstone_icon": {"type": "boolean"},
        "slots": {"type": "integer", "minimum": 0, "maximum": MAX_SLOTS},
        "upgrades": {
            "type": "array",
            "items": _obj({"name": TEXT, "slots": AMOUNT, "darkstone": AMOUNT}, ["name", "slots"]),
        },
        "state": {"enum": ["carried", "held", "worn"]},
        "damage": _nullable(DICE),
        "armor": _nullable(AMOUNT),
        "restriction": _nullable(AMOUNT),
        "heft": _nullable(AMOUNT),
    },
    [
        "id",
        "name",
        "kind",
        "hands",
        "weight",
        "value",
        "requires",
        "clothing",
        "personal",
        "darkstone_icon",
        "slots",
        "upgrades",
        "state",
    ],
)

CHARACTER_FIELDS = {
    "id": ID,
    "name": NAME,
    "kind": {"enum": ["hero", "wizard"]},
    "st": AMOUNT,
    "dx": AMOUNT,
    "iq": AMOUNT,
    "attributes": {"type": "object", "additionalProperties": AMOUNT},
    "skills": {"type": "object", "additionalProperties": {"type": "integer", "minimum": 1, "maximum": MAX_AMOUNT}},
    "spells": {"type": "array", "items": _obj({"name": TEXT, "rating": _nullable(AMOUNT)}, ["name", "rating"])},
    "keywords": {"type": "array", "items": TEXT},
    "xp": COUNTER,
    "karma": COUNTER,
    "wishes": COUNTER,
    "curses": {"type": "array", "items": _obj({"name": TEXT, "note": _nullable(TEXT)}, ["name"])},
    "damage": COUNTER,
    "fatigue": COUNTER,
    "gold": COUNTER,
    "darkstone": COUNTER,
    "items": {"type": "array", "items": ITEM},
}
STORED = (
    "id",
    "name",
    "kind",
    "st",
    "dx",
    "iq",
    "attributes",
    "skills",
    "spells",
    "keywords",
    "xp",
    "karma",
    "wishes",
    "curses",
    "damage",
    "fatigue",
    "gold",
    "darkstone",
    "items",
)
SHOWN = {
    "adjusted_dx": {"type": "integer"},
    "ma": {"type": "integer", "minimum": 0},
    "status": {"enum": ["ok", "out", "dying", "dead"]},
    "darkstone_total": COUNTER,
    "carry_weight": COUNTER,
    "carry_limit": {"type": "integer"},
    "armor": COUNTER,
}

ELITE_OBJECT = _obj(
    {
        "name": TEXT,
        "text": TEXT,
        **{k: {"type": "integer", "minimum": -MAX_AMOUNT, "maximum": MAX_AMOUNT} for k in ELITE_NUMBERS},
    },
    ["name"],
    extra=False,
)
SIDE = _obj(
    {
        **dict.fromkeys((*NUMBERS, *OPTIONAL), AMOUNT),
        "abilities": {"type": "array", "items": TEXT},
        "elite": {
            "type": "array",
            "items": {"anyOf": [TEXT, ELITE_OBJECT]},
            "minItems": ELITE_ENTRIES,
            "maxItems": ELITE_ENTRIES,
        },
    },
    [*NUMBERS, "abilities", "elite"],
    extra=False,
)
BOARD_FIELDS = {
    "name": NAME,
    "keywords": {"type": "array", "items": TEXT},
    "size": TEXT,
    "gender": {"enum": ["m", "f"]},
    "normal": SIDE,
    "brutal": SIDE,
}
PACK_ITEM = _obj(
    {
        "name": NAME,
        "aliases": {"type": "array", "items": NAME},
        "kind": {"enum": list(KINDS)},
        "hands": {"type": "integer", "minimum": 0, "maximum": 2},
        "weight": AMOUNT,
        "value": AMOUNT,
        "heft": _nullable(AMOUNT),
        "slots": {"type": "integer", "minimum": 0, "maximum": MAX_SLOTS},
        "damage": _nullable(DICE),
        "armor": _nullable(AMOUNT),
        "restriction": _nullable(AMOUNT),
        "requires": {"type": "array", "items": NAME},
        "clothing": _nullable(NAME),
        "personal": {"type": "boolean"},
        "darkstone_icon": {"type": "boolean"},
        "shield": {"type": "boolean"},
    },
    ["name"],
    extra=False,
)
PACK_FIELDS = {
    "pack": NAME,
    "version": {"type": ["string", "integer"]},
    "description": {"type": "string"},
    "items": {"type": "array", "items": PACK_ITEM},
    "enemies": {
        "type": "array",
        "items": _obj(BOARD_FIELDS, ["name", "keywords", "size", "normal", "brutal"], extra=False),
    },
}


def schema(kind: str) -> dict[str, Any]:
    """The JSON Schema of KIND: export, pack, board or character."""
    board = _obj(BOARD_FIELDS, ["name", "keywords", "size", "normal", "brutal"], extra=False)
    bodies = {
        "character": _obj({**CHARACTER_FIELDS, **SHOWN}, [*STORED, *SHOWN]),
        "board": {**board, "properties": {**board["properties"], "size": {"enum": [*SIZES, *_russian_sizes()]}}},
        "pack": _obj(PACK_FIELDS, ["pack", "version"], extra=False),
        "export": _obj(
            {
                "format": {"const": "campaign-export"},
                "meta": _obj(
                    {
                        "name": NAME,
                        "schema_version": {"type": "integer", "minimum": 0},
                        "phase": {"enum": ["between", "adventure"]},
                        "next_id": ID,
                        "keywords": {"type": "array", "items": TEXT},
                    },
                    ["schema_version"],
                ),
                "characters": {"type": "array", "items": _obj(CHARACTER_FIELDS, STORED)},
                "enemies": {
                    "type": "array",
                    "items": {
                        **board,
                        "properties": {**board["properties"], "id": ID},
                        "required": [*board["required"], "id"],
                    },
                },
                "packs": {
                    "type": "array",
                    "items": {
                        **_obj(PACK_FIELDS, ["pack", "version"], extra=False),
                        "properties": {**PACK_FIELDS, "id": ID},
                    },
                },
            },
            ["format", "meta", "characters", "enemies"],
        ),
    }
    titles = {
        "character": "campaign character (character show --json)",
        "board": "campaign enemy board",
        "pack": "campaign catalog pack",
        "export": "campaign export",
    }
    return {
        "$schema": DRAFT,
        "$id": f"https://campaign-cli.invalid/schema/{kind}.json",
        "title": titles[kind],
        **bodies[kind],
    }


def _russian_sizes() -> list[str]:
    from campaign_cli.rules.enemies import RUSSIAN_SIZES

    return list(RUSSIAN_SIZES)


KINDS_OF_SCHEMA = ("export", "pack", "board", "character")
