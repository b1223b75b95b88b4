"""Catalog packs: a group's own items and enemies, written once, in any language.

A pack is `{"pack": NAME, "version": TEXT, "items": [...], "enemies": [...]}`. An item entry
has a `name`, optional `aliases`, and any field `item add` takes; an enemy entry is a
threat board (R40). Everything is checked field by field before anything is stored, and
the refusal names the entry and the field.
"""

from __future__ import annotations

from typing import Any

from campaign_cli.errors import N_, Refused, Say
from campaign_cli.rules import enemies
from campaign_cli.rules.gear import MAX_SLOTS, PACK_FIELDS
from campaign_cli.rules.names import MAX_AMOUNT

ITEM_FIELDS = frozenset(PACK_FIELDS)  # what a pack item entry may hold: the fields `item add` takes
NUMBERS = {
    "hands": (0, 2),
    "weight": (0, MAX_AMOUNT),
    "value": (0, MAX_AMOUNT),
    "heft": (0, MAX_AMOUNT),
    "slots": (0, MAX_SLOTS),
    "armor": (0, MAX_AMOUNT),
    "restriction": (0, MAX_AMOUNT),
}
FLAGS = ("personal", "darkstone_icon", "shield")
FIELDS = ("pack", "version", "items", "enemies", "description")  # a pack document's own fields


def _bad(where: str | Say, why: str | Say) -> Refused:
    return Refused(Say("bad pack: {where} {why}", where=where, why=why), "bad_pack")


def entry_of(raw: dict[str, Any]) -> dict[str, Any]:
    """An item entry as it is stored (the judge has passed it): every number and flag
    present, the damage as the dice read it, the body part in lower case, the kind inferred
    when not given (a weapon has damage, armor has armor or is a shield)."""
    from campaign_cli.rules.dice import parse

    entry: dict[str, Any] = {"name": raw["name"], "aliases": list(raw.get("aliases", []))}
    for field in NUMBERS:
        value = raw.get(field, None if field in ("heft", "armor", "restriction") else 0)
        if value is not None:
            entry[field] = value
    for field in FLAGS:
        entry[field] = raw.get(field, False)
    entry["requires"] = list(raw.get("requires", []))
    clothing = raw.get("clothing")
    entry["clothing"] = None if clothing is None else clothing.lower()
    damage = raw.get("damage")
    if damage is not None:
        entry["damage"] = parse(damage).text()
    kind = raw.get("kind")
    if kind is None:
        kind = "weapon" if damage else "armor" if entry.get("armor") is not None or entry["shield"] else "gear"
    entry["kind"] = kind
    if entry["shield"]:
        entry["kind"], entry["hands"] = "armor", max(entry["hands"], 1)
    return entry


def validate(data: Any) -> dict[str, Any]:
    """A complete, typed pack, or Refused naming the first bad entry and field: the judge's
    verdict (campaign_cli/model.py `Pack`) on the pack with its texts stripped and its
    boards as they are stored; then what a schema cannot say (an empty pack, a name or
    alias used twice)."""
    from campaign_cli import judge
    from campaign_cli._judged import DOCUMENTS

    if not isinstance(data, dict):
        raise _bad(Say("the file"), Say("must hold a JSON object with pack, version, items and enemies"))
    raw = enemies.stripped(data)
    if isinstance(raw.get("enemies"), list):
        raw["enemies"] = [enemies.normalized(b, texts=False) if isinstance(b, dict) else b for b in raw["enemies"]]
    try:
        with judge.bringing_in():  # a pack's names refuse what a name given refuses
            DOCUMENTS["Pack"].check(raw)
    except judge.Invalid as err:
        raise _bad(_labelled(raw, err.where), err.why) from None
    items, boards = raw.get("items", []), raw.get("enemies", [])
    if not items and not boards:
        raise _bad("items, enemies", Say("are both empty: nothing to add"))
    pack: dict[str, Any] = {
        "pack": raw["pack"],
        "version": str(raw["version"]),
        "items": [entry_of(item) for item in items],
        "enemies": boards,
    }
    check_clashes(pack, {})
    return pack


def _labelled(pack: dict[str, Any], where: str) -> str:
    """WHERE, with the name of the entry it is in: `items[2] ('Ore Crate').weight`, and a
    board's after its field, as a board file's errors read: `enemies[0].keywords ('Upyr')`."""
    for kind in ("items", "enemies"):
        if where.startswith(f"{kind}["):
            index, _sep, rest = where[len(kind) + 1 :].partition("]")
            entries = pack.get(kind)
            entry = entries[int(index)] if index.isdigit() and isinstance(entries, list) else None
            if isinstance(entry, dict) and isinstance(entry.get("name"), str):
                if kind == "enemies":
                    return f"{kind}[{index}]{rest} ({entry['name']!r})"
                return f"{kind}[{index}] ({entry['name']!r}){rest}"
    return where


def names_of(entry: dict[str, Any]) -> tuple[str, ...]:
    """An entry's name and aliases, each once (an alias repeating the name in another case is the name)."""
    seen: dict[str, str] = {}
    for name in (entry["name"], *entry.get("aliases", ())):
        seen.setdefault(name.casefold(), name)
    return tuple(seen.values())


def check_clashes(pack: dict[str, Any], known: dict[str, Say]) -> None:
    """No name or alias is used twice, inside the pack or against KNOWN (name -> where it is)."""
    seen = dict(known)
    for kind in ("items", "enemies"):
        for entry in pack[kind]:
            for name in names_of(entry):
                key = name.casefold()
                if key in seen:
                    raise _bad(
                        Say(N_("item {name!r}") if kind == "items" else N_("enemy {name!r}"), name=entry["name"]),
                        Say('uses the name {name!r}, already {value}', name=name, value=seen[key]),
                    )
                seen[key] = Say("in pack {pack!r}", pack=pack["pack"])


def summary(pack: dict[str, Any]) -> dict[str, Any]:
    return {
        "pack": pack["pack"],
        "version": pack["version"],
        "items": len(pack["items"]),
        "enemies": len(pack["enemies"]),
    }
