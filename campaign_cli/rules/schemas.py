"""JSON Schemas (draft 2020-12) of the documents the tool reads and writes: the export,
a catalog pack, an enemy board, and a character as `character show --json` gives it.

Every one is written from the model (campaign_cli/model.py) that also judges every
campaign file, import, board, pack, undo, merge and batch, so a schema and the judge
cannot disagree on a field. Two things the tool reads besides what it stores are said
here: a board's size in the seed's Russian words, and an export's meta without the file's
own bookkeeping. What a schema cannot say (unique ids and names, ids below next_id,
upgrades that fit their slots) is in each schema's `$comment`."""

from __future__ import annotations

from typing import Any

from campaign_cli import model
from campaign_cli.rules.enemies import RUSSIAN_SIZES
from campaign_cli.rules.names import MAX_ID

DRAFT = "https://json-schema.org/draft/2020-12/schema"
COUNTER = {"type": "integer", "minimum": 0, "maximum": MAX_ID - 1}
ID = {"type": "integer", "minimum": 1, "maximum": MAX_ID - 1}
SHOWN = {
    "adjusted_dx": {"type": "integer"},
    "ma": {"type": "integer", "minimum": 0},
    "status": {"enum": ["ok", "out", "dying", "dead"]},
    "darkstone_total": COUNTER,
    "carry_weight": COUNTER,
    "carry_limit": {"type": "integer"},
    "armor": COUNTER,
    "notes": {"type": "string"},  # "" when another tool gave none
}
COMMENT = (
    "Also refused, beyond what a schema can say: two characters, items, enemies or packs with one id; an id "
    "at or above meta.next_id; two characters or two enemies with one name (any case); an item whose "
    "upgrades fill more slots than it has; a damage expression that does not roll; a pack with no items and "
    "no enemies, or a name or alias it uses twice."
)
KINDS_OF_SCHEMA = ("export", "pack", "board", "character")


def _of(doc_type: Any) -> dict[str, Any]:
    return model.compiled(doc_type).schema()


def _with_id(schema: dict[str, Any]) -> dict[str, Any]:
    return {**schema, "properties": {**schema["properties"], "id": ID}, "required": [*schema["required"], "id"]}


def _board() -> dict[str, Any]:
    """A board as the tool reads it: the model's, its size in English or in the seed's Russian (R40)."""
    board = _of(model.Board)
    size = board["properties"]["size"]
    return {**board, "properties": {**board["properties"], "size": {"enum": [*size["enum"], *RUSSIAN_SIZES]}}}


def _pack() -> dict[str, Any]:
    pack = _of(model.Pack)
    enemies = {**pack["properties"]["enemies"], "items": _board()}
    return {**pack, "properties": {**pack["properties"], "enemies": enemies}}


def _character_shown() -> dict[str, Any]:
    """A character as `character show --json` gives it: the stored document and what is derived."""
    stored = _of(model.Character)
    return {
        **stored,
        "properties": {**stored["properties"], **SHOWN},
        "required": [*stored["required"], *SHOWN],
        "additionalProperties": True,
    }


def _export() -> dict[str, Any]:
    """The export: the model's meta without the file's own bookkeeping (next_id optional:
    import counts on from the highest id), its characters, its boards and packs with ids."""
    meta = _of(model.Meta)
    local = set(model.LOCAL_META)
    meta = {
        **meta,
        "properties": {k: v for k, v in meta["properties"].items() if k not in local},
        "required": [k for k in meta["required"] if k not in local and k != "next_id"],
    }
    return {
        "type": "object",
        "properties": {
            "format": {"const": "campaign-export"},
            "meta": meta,
            "characters": {"type": "array", "items": _of(model.Character)},
            "enemies": {"type": "array", "items": _with_id(_board())},
            "packs": {"type": "array", "items": _with_id(_pack())},
        },
        "required": ["format", "meta", "characters", "enemies"],
        "additionalProperties": False,
    }


def schema(kind: str) -> dict[str, Any]:
    """The JSON Schema of KIND: export, pack, board or character."""
    bodies = {"character": _character_shown, "board": _board, "pack": _pack, "export": _export}
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
        **bodies[kind](),
    }
