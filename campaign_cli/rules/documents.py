"""Every field of a stored character and item, checked for type and range: what `import`
runs before it creates anything, so no later command can fail on what it let in."""

from __future__ import annotations

from typing import Any

from campaign_cli.errors import CampaignError, Refused
from campaign_cli.rules.names import MAX_AMOUNT, MAX_ID, MAX_NAME, unsafe_char
from campaign_cli.i18n import _, number


def _bad(where: str, why: str) -> Refused:
    return Refused(_('bad import: {where} {why}').format(where=where, why=why), "bad_import")


def _int(value: Any, where: str, low: int = 0, high: int = MAX_ID) -> None:
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise _bad(
            where,
            _('must be a whole number from {low} to {high}, not {value!r}').format(
                low=low, high=number(high), value=value
            ),
        )


def _bool(value: Any, where: str) -> None:
    if not isinstance(value, bool):
        raise _bad(where, _('must be true or false, not {value!r}').format(value=value))


def _text(value: Any, where: str, optional: bool = False, limit: int = MAX_NAME, strict: bool = True) -> None:
    """A name (at most 100 characters) or a note (LIMIT): not empty, no control or format
    characters (CLI.md "Names"). Not STRICT (a stored file, which older versions may have
    written so): any non-empty text, shown escaped."""
    if optional and value is None:
        return
    if not isinstance(value, str) or not value.strip() or (strict and len(value.strip()) > limit):
        raise _bad(
            where, _('must be a text of 1 to {limit} characters, not {value!r}').format(limit=limit, value=value)
        )
    if strict and unsafe_char(value):
        raise _bad(where, _("holds control or format characters"))


def _texts(value: Any, where: str, strict: bool = True) -> None:
    if not isinstance(value, list):
        raise _bad(where, _("must be a list of texts"))
    for i, v in enumerate(value):
        _text(v, f"{where}[{i}]", strict=strict)


def _objects(value: Any, where: str) -> list[dict]:
    if not isinstance(value, list) or not all(isinstance(v, dict) for v in value):
        raise _bad(where, _("must be a list of objects"))
    return value


def _numbers(value: Any, where: str, low: int = 0, strict: bool = True) -> None:
    if not isinstance(value, dict):
        raise _bad(where, _("must be an object of numbers"))
    for k, v in value.items():
        _text(k, f"{where} key", strict=strict)
        _int(v, f"{where}.{k}", low, MAX_AMOUNT)


def check_meta(meta: dict, strict: bool = True) -> None:
    """The campaign's own fields in an import."""
    _int(meta.get("schema_version"), "meta.schema_version", 0, 1000)
    _int(meta.get("next_id", 1), "meta.next_id", 1)
    for key in ("fights", "adventures"):
        _int(meta.get(key, 0), f"meta.{key}")
    _text(meta.get("name"), "meta.name", strict=strict)
    if meta.get("phase", "between") not in ("between", "adventure"):
        raise _bad("meta.phase", _('must be between or adventure, not {value!r}').format(value=meta.get('phase')))
    adventure = meta.get("adventure")
    if adventure is not None:
        if not isinstance(adventure, dict):
            raise _bad("meta.adventure", _("must be null or an object with a title"))
        _text(adventure.get("title"), "meta.adventure.title", strict=strict)
        _int(adventure.get("number", 0), "meta.adventure.number")
    if meta.get("fight") is not None:
        check_fight(meta["fight"], strict)
    location = meta.get("location")
    if location is not None:
        if not isinstance(location, dict):
            raise _bad("meta.location", _("must be null or an object with town and blacksmith"))
        _text(location.get("town"), "meta.location.town", strict=strict)
        _bool(location.get("blacksmith"), "meta.location.blacksmith")
    _texts(meta.get("keywords", []), "meta.keywords", strict=strict)


NOTE = 1000  # a curse's note, an ability's text


def check_fight(fight: Any, strict: bool = True) -> None:
    """An open fight (CLI.md "Fights at the table"): round, turn, order, enemy instances."""
    if not isinstance(fight, dict):
        raise _bad("meta.fight", _("must be null or an object"))
    _text(fight.get("title"), "meta.fight.title", optional=True, strict=strict)
    _int(fight.get("round"), "meta.fight.round")
    _texts(fight.get("order"), "meta.fight.order", strict=strict)
    turn = fight.get("turn")
    if turn is not None:
        _int(turn, "meta.fight.turn", 0, max(len(fight["order"]) - 1, 0))
    for i, e in enumerate(_objects(fight.get("enemies"), "meta.fight.enemies")):
        where = f"meta.fight.enemies[{i}]"
        for field in ("name", "type"):
            _text(e.get(field), f"{where}.{field}", strict=strict)
        if e.get("side") not in ("normal", "brutal"):
            raise _bad(f"{where}.side", _('must be normal or brutal, not {value!r}').format(value=e.get("side")))
        for field in ("health", "wounds", "defense", "xp", "initiative"):
            _int(e.get(field, 0), f"{where}.{field}", 0, MAX_AMOUNT)
        _text(e.get("elite"), f"{where}.elite", optional=True, limit=NOTE, strict=strict)
        _bool(e.get("alive"), f"{where}.alive")


def check_character(doc: dict, strict: bool = True) -> None:
    """Refused (exit 1), naming the character and the field, unless every field is sound."""
    from campaign_cli.rules.characters import KINDS
    from campaign_cli.rules.skills import find_skill

    _text(doc.get("name"), _("character name"), strict=strict)
    who = _("character {name!r}:").format(name=doc["name"])
    _int(doc.get("id"), f"{who} id", 1)
    if doc.get("kind") not in KINDS:
        raise _bad(f"{who} kind", _('must be hero or wizard, not {value!r}').format(value=doc.get('kind')))
    for field in ("st", "dx", "iq"):
        _int(doc.get(field), f"{who} {field}", 0, MAX_AMOUNT)
    for field in ("xp", "karma", "wishes", "damage", "fatigue", "gold", "darkstone"):
        _int(doc.get(field), f"{who} {field}")
    for field in ("bard_karma", "fight_damage", "last_fight_damage"):
        if field in doc:
            _int(doc[field], f"{who} {field}")
    for field in ("dying", "dead", "death_settled"):
        if field in doc:
            _bool(doc[field], f"{who} {field}")
    _numbers(doc.get("attributes"), f"{who} attributes", strict=strict)
    _numbers(doc.get("skills"), f"{who} skills", 1, strict=strict)
    for skill in doc["skills"]:
        try:
            find_skill(skill)
        except CampaignError:
            raise _bad(f"{who} skills", _('has an unknown skill {skill!r}').format(skill=skill)) from None
    if "boosts" in doc:
        _numbers(doc["boosts"], f"{who} boosts", strict=strict)
    uses = doc.get("uses", {})
    if not isinstance(uses, dict) or not all(isinstance(v, str) and len(v) <= 100 for v in uses.values()):
        raise _bad(f"{who} uses", _("must map skills to the occasion of their last use (R25a)"))
    combat = doc.get("combat", {})
    if not isinstance(combat, dict) or any(v not in ("hit", "damage") for v in combat.values()):
        raise _bad(f"{who} combat", _("must map combat skills to hit or damage"))
    lead = doc.get("leadership")
    if lead is not None:
        if not isinstance(lead, dict):
            raise _bad(f"{who} leadership", _("must be an object"))
        _int(lead.get("value"), f"{who} leadership.value", 0, MAX_AMOUNT)
    for i, spell in enumerate(_objects(doc.get("spells"), f"{who} spells")):
        _text(spell.get("name"), f"{who} spells[{i}].name", strict=strict)
        if spell.get("rating") is not None:
            _int(spell["rating"], f"{who} spells[{i}].rating", 0, MAX_AMOUNT)
    _texts(doc.get("keywords"), f"{who} keywords", strict=strict)
    _texts(doc.get("talents", []), f"{who} talents", strict=strict)
    if doc.get("gender") not in (None, "m", "f"):
        raise _bad(f"{who} gender", _("must be m, f or null, not {value!r}").format(value=doc.get("gender")))
    for i, curse in enumerate(_objects(doc.get("curses"), f"{who} curses")):
        _text(curse.get("name"), f"{who} curses[{i}].name", strict=strict)
        _text(curse.get("note"), f"{who} curses[{i}].note", optional=True, limit=NOTE, strict=strict)
    for item in _objects(doc.get("items"), f"{who} items"):
        check_item(item, _("{who} item {name!r}").format(who=who, name=item.get("name")), strict)


def check_item(item: dict, where: str, strict: bool = True) -> None:
    from campaign_cli.rules.dice import parse
    from campaign_cli.rules.gear import KINDS, MAX_SLOTS

    _int(item.get("id"), f"{where} id", 1)
    _text(item.get("name"), f"{where} name", strict=strict)
    if item.get("kind") not in KINDS:
        raise _bad(
            f"{where} kind",
            _('must be one of {value}, not {value2!r}').format(value=', '.join(KINDS), value2=item.get('kind')),
        )
    _int(item.get("hands"), f"{where} hands", 0, 2)
    for field in ("weight", "value"):
        _int(item.get(field), f"{where} {field}", 0, MAX_AMOUNT)
    _int(item.get("slots"), f"{where} slots", 0, MAX_SLOTS)
    for field in ("armor", "restriction", "heft", "heals"):
        if item.get(field) is not None:
            _int(item[field], f"{where} {field}", 0, MAX_AMOUNT)
    for field in ("personal", "darkstone_icon"):
        _bool(item.get(field), f"{where} {field}")
    for field in ("shield", "fatigue"):
        if item.get(field) is not None:
            _bool(item[field], f"{where} {field}")
    if item.get("state") not in ("carried", "held", "worn"):
        raise _bad(f"{where} state", _('must be carried, held or worn, not {value!r}').format(value=item.get('state')))
    _texts(item.get("requires"), f"{where} requires", strict=strict)
    _texts(item.get("flags", []), f"{where} flags", strict=strict)
    _text(item.get("clothing"), f"{where} clothing", optional=True, strict=strict)
    _text(item.get("skill"), f"{where} skill", optional=True, strict=strict)
    damage = item.get("damage")
    if damage is not None:
        try:
            if not isinstance(damage, str):
                raise ValueError
            parse(damage)
        except (ValueError, CampaignError):
            raise _bad(f"{where} damage", _('is not a dice expression: {damage!r}').format(damage=damage)) from None
    if item.get("boost") is not None:
        boost = item["boost"]
        if not isinstance(boost, dict):
            raise _bad(f"{where} boost", _("must be an object"))
        _text(boost.get("target"), f"{where} boost.target", strict=strict)
        _int(boost.get("value"), f"{where} boost.value", 0, MAX_AMOUNT)
    used = 0
    for i, up in enumerate(_objects(item.get("upgrades"), f"{where} upgrades")):
        _text(up.get("name"), f"{where} upgrades[{i}].name", strict=strict)
        _int(up.get("slots"), f"{where} upgrades[{i}].slots", 0, MAX_SLOTS)
        _int(up.get("darkstone", 0), f"{where} upgrades[{i}].darkstone", 0, MAX_AMOUNT)
        _int(up.get("gold", 0), f"{where} upgrades[{i}].gold", 0, MAX_AMOUNT)
        for flag in ("forged", "personal"):
            if flag in up:
                _bool(up[flag], f"{where} upgrades[{i}].{flag}")
        used += up["slots"]
    if used > item["slots"]:
        raise _bad(f"{where} upgrades", _('fill {used} slots of {slots}').format(used=used, slots=item['slots']))


def check_tables(tables: dict, packs: list[dict]) -> dict:
    """A whole campaign, as `import` checks it: meta, every character, every enemy board and
    every pack, field by field (Refused, exit 1, naming the first bad one). Returns the
    tables with the boards as validation stores them; PACKS come back validated too."""
    from campaign_cli.rules import packs as pack_rules
    from campaign_cli.rules.enemies import validate_board

    check_meta(tables["meta"]["1"])
    for character in tables["characters"].values():
        check_character(character)
    enemies = {
        key: {"id": board["id"], **validate_board({k: v for k, v in board.items() if k != "id"})}
        for key, board in tables["enemies"].items()
    }
    checked = [
        {
            "id": p["id"],
            **pack_rules.validate({k: v for k, v in p.items() if k in ("pack", "version", "items", "enemies")}),
        }
        for p in packs
    ]
    packs[:] = checked
    return {**tables, "enemies": enemies}
