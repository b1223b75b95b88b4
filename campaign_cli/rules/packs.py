"""Catalog packs: a group's own items and enemies, written once, in any language.

A pack is `{"pack": NAME, "version": TEXT, "items": [...], "enemies": [...]}`. An item entry
has a `name`, optional `aliases`, and any field `item add` takes; an enemy entry is a
threat board (R40). Everything is checked field by field before anything is stored, and
the refusal names the entry and the field.
"""

from __future__ import annotations

from typing import Any

from campaign_cli.errors import CampaignError, Refused
from campaign_cli.rules import enemies
from campaign_cli.rules.gear import KINDS, MAX_SLOTS, PACK_FIELDS
from campaign_cli.rules.names import MAX_AMOUNT, unsafe_char
from campaign_cli.i18n import _, number

MAX_ENTRIES = 100_000
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


def _bad(where: str, why: str) -> Refused:
    return Refused(_('bad pack: {where} {why}').format(where=where, why=why), "bad_pack")


def _name(value: Any, where: str) -> str:
    if not isinstance(value, str) or not value.strip() or len(value.strip()) > 100:
        raise _bad(where, _('must be a name of 1 to 100 characters, not {value!r}').format(value=value))
    if unsafe_char(value):
        raise _bad(where, _("holds control characters"))
    return value.strip()


def _item(raw: Any, where: str) -> dict:
    from campaign_cli.rules.dice import parse

    if not isinstance(raw, dict):
        raise _bad(where, _("must be an object"))
    where = f"{where} ({raw.get('name')!r})" if isinstance(raw.get("name"), str) else where
    unknown = sorted(set(raw) - ITEM_FIELDS)
    if unknown:
        raise _bad(f"{where}.{unknown[0]}", _("is not an item field"))
    entry: dict = {"name": _name(raw.get("name"), f"{where}.name")}
    aliases = raw.get("aliases", [])
    if not isinstance(aliases, list):
        raise _bad(f"{where}.aliases", _("must be a list of names"))
    entry["aliases"] = [_name(a, f"{where}.aliases[{i}]") for i, a in enumerate(aliases)]
    for field, (low, high) in NUMBERS.items():
        value = raw.get(field, 0 if field not in ("heft", "armor", "restriction") else None)
        if value is None and field in ("heft", "armor", "restriction"):
            continue
        if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
            raise _bad(
                f"{where}.{field}",
                _('must be a whole number from {low} to {high}, not {value!r}').format(
                    low=low, high=number(high), value=raw.get(field)
                ),
            )
        entry[field] = value
    for field in FLAGS:
        value = raw.get(field, False)
        if not isinstance(value, bool):
            raise _bad(f"{where}.{field}", _('must be true or false, not {value!r}').format(value=value))
        entry[field] = value
    requires = raw.get("requires", [])
    if not isinstance(requires, list):
        raise _bad(f"{where}.requires", _("must be a list of keywords"))
    entry["requires"] = [_name(w, f"{where}.requires[{i}]") for i, w in enumerate(requires)]
    clothing = raw.get("clothing")
    entry["clothing"] = None if clothing is None else _name(clothing, f"{where}.clothing").lower()
    damage = raw.get("damage")
    if damage is not None:
        try:
            if not isinstance(damage, str):
                raise ValueError
            entry["damage"] = parse(damage).text()
        except (ValueError, CampaignError):
            raise _bad(
                f"{where}.damage", _('must be a dice expression like 2D6-1, not {damage!r}').format(damage=damage)
            ) from None
    kind = raw.get("kind")
    if "kind" not in raw:
        kind = "weapon" if damage else "armor" if entry.get("armor") is not None or entry["shield"] else "gear"
    if kind not in KINDS:
        raise _bad(f"{where}.kind", _('must be one of {value}, not {kind!r}').format(value=', '.join(KINDS), kind=kind))
    entry["kind"] = kind
    if entry["shield"]:
        entry["kind"], entry["hands"] = "armor", max(entry["hands"], 1)
    return entry


def validate(data: Any) -> dict:
    """A complete, typed pack, or Refused naming the first bad entry and field."""
    if not isinstance(data, dict):
        raise _bad(_("the file"), _("must hold a JSON object with pack, version, items and enemies"))
    unknown = sorted(set(data) - set(FIELDS))
    if unknown:
        raise _bad(unknown[0], _("is not a pack field (pack, version, items, enemies)"))
    name = _name(data.get("pack"), "pack")
    version = data.get("version")
    if not isinstance(version, (str, int)) or isinstance(version, bool) or not str(version).strip():
        raise _bad("version", _('must be a text like "1.0", not {version!r}').format(version=version))
    items, boards = data.get("items", []), data.get("enemies", [])
    for field, value in (("items", items), ("enemies", boards)):
        if not isinstance(value, list) or len(value) > MAX_ENTRIES:
            raise _bad(
                field, _('must be a list (at most {MAX_ENTRIES} entries)').format(MAX_ENTRIES=number(MAX_ENTRIES))
            )
    if not items and not boards:
        raise _bad("items, enemies", _("are both empty: nothing to add"))
    pack: dict[str, Any] = {
        "pack": name,
        "version": str(version).strip(),
        "items": [_item(raw, f"items[{i}]") for i, raw in enumerate(items)],
        "enemies": [],
    }
    boards_checked: list[dict] = pack["enemies"]
    for i, raw in enumerate(boards):
        try:
            boards_checked.append(enemies.validate_board(raw))
        except enemies.BoardProblem as err:
            label = f" ({raw.get('name')!r})" if isinstance(raw, dict) and isinstance(raw.get("name"), str) else ""
            where = f"enemies[{i}]" if err.field == "board" else f"enemies[{i}].{err.field}"
            raise _bad(where + label, err.why) from None
    check_clashes(pack, {})
    return pack


def names_of(entry: dict) -> tuple[str, ...]:
    """An entry's name and aliases, each once (an alias repeating the name in another case is the name)."""
    seen: dict[str, str] = {}
    for name in (entry["name"], *entry.get("aliases", ())):
        seen.setdefault(name.casefold(), name)
    return tuple(seen.values())


def check_clashes(pack: dict, known: dict[str, str]) -> None:
    """No name or alias is used twice, inside the pack or against KNOWN (name -> where it is)."""
    seen = dict(known)
    for kind in ("items", "enemies"):
        for entry in pack[kind]:
            for name in names_of(entry):
                key = name.casefold()
                if key in seen:
                    raise _bad(
                        (_("item {name!r}") if kind == "items" else _("enemy {name!r}")).format(name=entry["name"]),
                        _('uses the name {name!r}, already {value}').format(name=name, value=seen[key]),
                    )
                seen[key] = _("in pack {pack!r}").format(pack=pack["pack"])


def summary(pack: dict) -> dict:
    return {
        "pack": pack["pack"],
        "version": pack["version"],
        "items": len(pack["items"]),
        "enemies": len(pack["enemies"]),
    }
