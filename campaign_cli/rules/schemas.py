"""JSON Schemas (draft 2020-12) of the documents the tool reads and writes: the export,
a catalog pack, an enemy board, and a character as `character show --json` gives it.
The export's meta and characters (items, upgrades, curses, spells) are written by the
model (campaign_cli/model.py) that also judges every campaign file, import, undo, merge
and batch, so the schema and the judge cannot disagree on a field; boards and packs are
built from the constants their validators use. What a schema cannot say (unique ids and
names, ids below next_id, upgrades that fit their slots) is in each schema's
`$comment`."""

from __future__ import annotations

from typing import Any

from campaign_cli import model
from campaign_cli.judge import TextNode
from campaign_cli.rules.enemies import ELITE_ENTRIES, ELITE_NUMBERS, NUMBERS, OPTIONAL, RUSSIAN_SIZES, SIZES
from campaign_cli.rules.gear import KINDS, MAX_SLOTS
from campaign_cli.rules.names import MAX_AMOUNT, MAX_ID, MAX_NAME

DRAFT = "https://json-schema.org/draft/2020-12/schema"
NAME = TextNode(MAX_NAME, True).schema()
TEXT = TextNode(model.MAX_NOTE, True).schema()
AMOUNT = {"type": "integer", "minimum": 0, "maximum": MAX_AMOUNT}
COUNTER = {"type": "integer", "minimum": 0, "maximum": MAX_ID - 1}
ID = {"type": "integer", "minimum": 1, "maximum": MAX_ID - 1}
DICE = {"type": "string", "pattern": "^[0-9]*[dD][0-9]+([+-][0-9]+)?$"}


def _obj(properties: dict, required: list[str] | tuple[str, ...], extra: bool = True) -> dict:
    return {"type": "object", "properties": properties, "required": list(required), "additionalProperties": extra}


def _nullable(schema: dict) -> dict:
    return {"anyOf": [schema, {"type": "null"}]}


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
    "size": {"enum": [*SIZES, *RUSSIAN_SIZES]},  # R40, in either language
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
    "version": {"anyOf": [{"type": "string", "pattern": "\\S"}, {"type": "integer"}]},  # "1.0", not blank
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
        "character": _character_shown(),
        "board": board,
        "pack": _obj(PACK_FIELDS, ["pack", "version"], extra=False),
        "export": _export(board),
    }
    titles = {
        "character": "campaign character (character show --json)",
        "board": "campaign enemy board",
        "pack": "campaign catalog pack",
        "export": "campaign export",
    }
    return {
        "$schema": DRAFT,
        "$comment": COMMENT,
        "$id": f"https://campaign-cli.invalid/schema/{kind}.json",
        "title": titles[kind],
        **bodies[kind],
    }


def _character_shown() -> dict:
    """A character as `character show --json` gives it: the stored document and what is derived."""
    stored = model.compiled(model.Character).schema()
    return {
        **stored,
        "properties": {**stored["properties"], **SHOWN},
        "required": [*stored["required"], *SHOWN],
        "additionalProperties": True,
    }


def _export(board: dict) -> dict:
    """The export: the model's meta without the file's own bookkeeping (next_id optional:
    import counts on from the highest id), its characters, its boards and packs with ids."""
    meta = model.compiled(model.Meta).schema()
    local = set(model.LOCAL_META)
    meta = {
        **meta,
        "properties": {k: v for k, v in meta["properties"].items() if k not in local},
        "required": [k for k in meta["required"] if k not in local and k != "next_id"],
    }
    return _obj(
        {
            "format": {"const": "campaign-export"},
            "meta": meta,
            "characters": {"type": "array", "items": model.compiled(model.Character).schema()},
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
                    "required": ["pack", "version", "id"],
                },
            },
        },
        ["format", "meta", "characters", "enemies"],
        extra=False,
    )


COMMENT = (
    "Also refused, beyond what a schema can say: two characters, items, enemies or packs with one id; an id "
    "at or above meta.next_id; two characters with one name (any case); an item whose upgrades fill more "
    "slots than it has; a damage expression that does not roll."
)
KINDS_OF_SCHEMA = ("export", "pack", "board", "character")
