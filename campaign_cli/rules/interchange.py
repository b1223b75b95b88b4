"""Characters in and out of other tools: Foundry VTT's fantasy-trip actors and the stat
block that The Fantasy Trip's adventures print (docs/interchange.md has the mapping).

Pure functions: a character's view in, a document or text out; a document or text in, a
plan out (the character's fields, its items as `item add` options, and what did not
match). The caller stores the plan.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from campaign_cli import jsontext

if TYPE_CHECKING:
    from campaign_cli.model import Item

from campaign_cli.errors import CampaignError, Refused, Say, Shown
from campaign_cli.rules.names import MAX_AMOUNT

FLAG = "campaign-cli"  # our own scope in a Foundry document's `flags`: what Foundry has no field for
# The document a Foundry actor or item came in as, kept whole on the character or item (in
# its `foreign` map, under this key: no system field is named so), so that an export writes
# back every field of the system's data model as it came, ours laid over it where we hold
# the value (CLI.md "Interchange": a real actor comes back as it went).
ORIGINAL = "@foundry"
# What a stat block said that no field here holds (its age, its MA, its `Attacks:`,
# `Special Ability/Weakness:` and `Magic Items:` text), kept on the character under this
# key of `foreign` and written back by both exports (CLI.md "Interchange").
STATBLOCK = "@statblock"
TFT_MA = 10  # the fantasy-trip system's own base MA: Legends' MA (R4) goes in our flags instead
# A character's fields kept there (gender: a Russian sentence agrees with it, and Foundry has none)
FLAGGED = ("karma", "wishes", "gold", "darkstone", "keywords", "attributes", "curses", "combat", "gender")
ITEM_FLAGS = (
    "kind",
    "hands",
    "restriction",
    "shield",
    "slots",
    "personal",
    "darkstone_icon",
    "clothing",
    "requires",
    "upgrades",
    "heals",
    "boost",
    "skill",
    "flags",
    "fatigue",
    "aliases",
)


# Where an item is, both ways (the fantasy-trip system's locations; older actors wrote
# `equipped` and `carried`): readied is in hand or worn, packed is carried, the rest stored.
LOCATION_OUT = {"held": "readied", "worn": "readied", "carried": "packed", "stored": "stored"}
LOCATION_IN = {
    "readied": "readied",
    "equipped": "readied",
    "packed": "packed",
    "carried": "packed",
    "stowed": "stored",
    "stored": "stored",
    "dropped": "stored",
}


def _bad(what: str | Say, why: str | Say) -> Refused:
    return Refused(Say("bad character file: {what} {why}", what=what, why=why), "bad_character_file")


# -- out ------------------------------------------------------------------------------------
def foundry_damage(expr: str) -> str:
    """`2D6-1` as Foundry writes it: `2d6-1` (one die: `1d6`)."""
    from campaign_cli.rules.dice import parse

    dice = parse(expr)
    mod = f"{dice.modifier:+d}" if dice.modifier else ""
    return f"{dice.count}d{dice.sides}{mod}"


def tft_damage(expr: str) -> str:
    """`2D6-1` as TFT prints it: `2d-1` (d alone is a six-sided die); other dice as `1d3`."""
    from campaign_cli.rules.dice import parse

    dice = parse(expr)
    mod = f"{dice.modifier:+d}" if dice.modifier else ""
    return f"{dice.count}d{'' if dice.sides == 6 else dice.sides}{mod}"


def _original(foreign: dict[str, Any] | None) -> dict[str, Any]:
    """The document kept under ORIGINAL (an actor's: its type, system, other fields and its
    talents and spells by our name; an item's: the item and the values read from it)."""
    text = (foreign or {}).get(ORIGINAL)
    kept = jsontext.loads(text) if isinstance(text, str) else {}
    return kept if isinstance(kept, dict) else {}


def _said(foreign: dict[str, Any] | None) -> dict[str, Any]:
    """What a stat block said that no field holds (STATBLOCK), or {}."""
    text = (foreign or {}).get(STATBLOCK)
    kept = jsontext.loads(text) if isinstance(text, str) else {}
    return kept if isinstance(kept, dict) else {}


def exported_ma(ch: dict[str, Any]) -> int:
    """The MA both exports give the character, one value (CLI.md "Interchange"): TFT's, as
    the fantasy-trip system keeps it (`system.ma.walk.max`, what its stat block prints as
    `MA n`): the actor's own as it came, a stat block's as it said, else the system's base
    of 10. Legends' MA (R4: half the adjusted DX) is this tool's, in `flags.campaign-cli.ma`."""
    ma = (_original(ch.get("foreign")).get("system") or {}).get("ma")
    walk = ma.get(ma.get("mode") or "walk") if isinstance(ma, dict) else None
    if isinstance(walk, dict) and isinstance(walk.get("max"), int) and not isinstance(walk["max"], bool):
        return int(walk["max"])
    said = _said(ch.get("foreign")).get("ma")
    return said if isinstance(said, int) and not isinstance(said, bool) else TFT_MA


def _flagged(doc: dict[str, Any], ours: dict[str, Any]) -> dict[str, Any]:
    """DOC's flags with our own scope set to OURS (the other modules' flags as they came)."""
    flags = dict(doc.get("flags") or {})
    flags[FLAG] = {**(flags.get(FLAG) or {}), **ours} if ours else flags.get(FLAG, {})
    if not flags[FLAG]:
        del flags[FLAG]
    return flags


def _ability(
    kind: str, name: str, kept: dict[str, Any], system: dict[str, Any], ours: dict[str, Any]
) -> dict[str, Any]:
    """A talent or spell as it came (KEPT) with our values over it, or as we make one."""
    if kept:
        doc: dict[str, Any] = jsontext.copied(kept)
        doc["system"] = {**(doc.get("system") or {}), **system}
    else:
        doc = {"name": name, "type": kind, "system": {"notes": "", **system}}
    flags = _flagged(doc, ours)
    if flags:
        doc["flags"] = flags
    return doc


def to_foundry(ch: dict[str, Any]) -> dict[str, Any]:
    """An actor document of the fantasy-trip system: the one it came in as, every field of
    it, with ours over it (a character made here: a new `character` actor)."""
    from campaign_cli.rules.characters import movement

    original = _original(ch.get("foreign"))
    items = _foundry_abilities(ch, original.get("items") or {}) + [_foundry_item(item) for item in ch["items"]]
    said = _said(ch.get("foreign"))
    ours = {k: ch[k] for k in FLAGGED if ch.get(k)}
    ours["ma"] = movement(ch.get("adjusted_dx", ch["dx"]))
    if said:  # what a stat block said, for a stat block written from this actor later
        ours["statblock"] = said
    rest = {k: v for k, v in original.items() if k not in ("system", "items", "type", "flags")}
    return {
        **rest,
        "name": ch["name"],
        "type": original.get("type", "character"),
        "system": _foundry_system(ch, original, said),
        "items": items,
        "flags": _flagged(original, ours),
    }


def _foundry_abilities(ch: dict[str, Any], abilities: dict[str, Any]) -> list[dict[str, Any]]:
    """The character's skills, talents and spells as the system's talent and spell items:
    each as it came (ABILITIES, by `talent:NAME` / `spell:NAME`), ours over it where changed."""
    items: list[dict[str, Any]] = []
    for skill, level in ch["skills"].items():
        kept = abilities.get(f"talent:{skill}") or {}
        read = kept.get("read") or {}
        changed = {} if kept and read.get("level") == level else {"minIQ": 0, "iqCost": level}
        items.append(
            _ability("talent", skill, kept.get("doc") or {}, changed, {} if level == 1 and kept else {"level": level})
        )
    for talent in ch.get("talents", []):
        kept = abilities.get(f"talent:{talent}") or {}
        items.append(_ability("talent", talent, kept.get("doc") or {}, {} if kept else {"minIQ": 0, "iqCost": 1}, {}))
    for spell in ch["spells"]:
        kept = abilities.get(f"spell:{spell['name']}") or {}
        read = kept.get("read") or {}
        same = kept and read.get("rating") == spell["rating"]
        changed = {} if same else {"minIQ": spell["rating"] or 0, **({} if kept else {"iqCost": 1})}
        items.append(_ability("spell", spell["name"], kept.get("doc") or {}, changed, {}))
    return items


def _foundry_item(item: dict[str, Any]) -> dict[str, Any]:
    """ITEM as the system's equipment item: as it came with ours over it, or made here."""
    system: dict[str, Any] = {
        "notes": "",
        "cost": item["value"],
        "wt": item["weight"],
        "qty": item.get("count", 1),  # a stack: weight and cost are each piece's, as the system keeps them
        "location": LOCATION_OUT[item["state"]],
        "capacity": 0,
        "container": None,
        "attacks": [],
        "defenses": [],
    }
    if item.get("damage"):
        attack = {"action": "Attack", "type": "melee", "toHitMod": 0, "baseDamage": foundry_damage(item["damage"])}
        system["attacks"].append({**attack, "minST": item.get("heft") or 0})
    if item["kind"] == "armor":
        system["defenses"].append({"action": "Body", "hitsStopped": item.get("armor") or 0})
    came = _original(item.get("foreign"))
    kept = {k: jsontext.loads(v) for k, v in item.get("foreign", {}).items() if k != ORIGINAL}  # as it came
    effects = kept.pop(EFFECTS, None) or _encumbrance(item)
    system.update(kept)
    ours = {k: item[k] for k in ITEM_FLAGS if k in item}
    if came:  # the item as it came, every field; ours over it only where it changed here
        return _item_back(came, item, system, effects, ours)
    return {
        "name": item["name"],
        "type": "equipment",
        "system": system,
        **({"effects": effects} if effects else {}),
        "flags": {FLAG: ours},
    }


def _foundry_system(ch: dict[str, Any], original: dict[str, Any], said: dict[str, Any]) -> dict[str, Any]:
    """The actor's `system`: every field as it came (ORIGINAL's), ours over it."""
    body: dict[str, Any] = jsontext.copied(original.get("system") or {})
    ma = (
        body.get("ma")
        if isinstance(body.get("ma"), dict)
        else {"mode": "walk", "walk": {"max": exported_ma(ch), "mod": 0}}
    )
    if "age" in said and "system" not in original:  # a stat block's `age 99`: the system's `age`
        body.setdefault("age", said["age"])
    for key, part in (("st", ch["st"]), ("dx", ch["dx"]), ("iq", ch["iq"])):
        was = body.get(key)
        body[key] = {**(was if isinstance(was, dict) else {"mod": 0}), "max": part}
    body.update(
        {
            "type": ch["kind"],
            "xp": ch["xp"],
            "damage": ch["damage"],
            "fatigue": ch["fatigue"],
            **{k: jsontext.loads(v) for k, v in ch.get("foreign", {}).items() if not k.startswith("@")},  # as they came
            "ma": ma,  # Foundry's own MA (its base and its encumbrance effects); ours (R4) is in our flags
        }
    )
    if ch.get("notes") or "notes" not in body:
        body["notes"] = ch.get("notes", "")
    return body


def _item_back(
    came: dict[str, Any], item: dict[str, Any], made: dict[str, Any], effects: Any, ours: dict[str, Any]
) -> dict[str, Any]:
    """An equipment item as it came (CAME: the document and the values read from it), our
    values over it where they changed here; MADE: the system as we would write it."""
    doc: dict[str, Any] = jsontext.copied(came.get("doc") or {})
    read = came.get("read") or {}
    system: dict[str, Any] = doc["system"] if isinstance(doc.get("system"), dict) else {}
    same_pile = read.get("count") == item.get("count", 1)
    if not (same_pile and read.get("weight") == item["weight"]):  # the file's fractions stand while ours agree
        system["wt"] = made["wt"]
    if not (same_pile and read.get("value") == item["value"]):
        system["cost"] = made["cost"]
    if not same_pile:
        system["qty"] = made["qty"]
    if LOCATION_IN.get(str(system.get("location")), "packed") != made["location"]:
        system["location"] = made["location"]
    for key in ("damage", "heft", "armor"):  # an attack or a defense changed here: ours written
        if read.get(key) != item.get(key):
            system["attacks"], system["defenses"] = made["attacks"], made["defenses"]
            break
    doc.update({"name": item["name"], "type": doc.get("type", "equipment"), "system": system})
    if effects and "effects" not in doc:
        doc["effects"] = effects
    doc["flags"] = _flagged(doc, ours)
    return doc


def _listed(label: str, entries: list[str]) -> list[str]:
    return [f"{label}: {', '.join(entries)}"] if entries else []


def to_statblock(ch: dict[str, Any]) -> str:
    """The stat block TFT adventures print (and the fantasy-trip system reads)."""
    talents = list(ch["skills"]) + list(ch.get("talents", []))  # TFT talents have no level
    levels = [f"{k} {v}" for k, v in ch["skills"].items() if v > 1]
    spells = [s["name"] for s in ch["spells"]]  # the importer reads a name whole: `Fire (9)` would be its name
    ratings = [f"{s['name']} {s['rating']}" for s in ch["spells"] if s.get("rating") is not None]
    weapons = [f"{i['name']} ({tft_damage(i['damage'])})" for i in ch["items"] if i.get("damage")]
    armor = [f"{i['name']} stops {i.get('armor') or 0}" for i in ch["items"] if i["kind"] == "armor"]
    gear = [
        i["name"] if i.get("count", 1) == 1 else f"{i['name']} ({i['count']})"  # a stack: `Torches (2)`
        for i in ch["items"]
        if not i.get("damage") and i["kind"] != "armor"
    ]
    said = _said(ch.get("foreign"))
    age = said.get("age", (_original(ch.get("foreign")).get("system") or {}).get("age"))
    lines = [
        f"{ch['name']}, {ch['kind']}" + (f", age {age}" if isinstance(age, int) and not isinstance(age, bool) else ""),
        f"ST {ch['st']}, DX {ch['dx']}, IQ {ch['iq']}, MA {exported_ma(ch)}",
        *_listed("Talents", talents),
        *_listed("Levels", levels),  # ours: the fantasy-trip importer ignores an unknown label
        *_listed("Spells", spells),
        *_listed("Ratings", ratings),  # ours, as Levels: the spells' ratings
        *_listed("Weapons", weapons),
        *_listed("Armor", armor),
        *_listed("Equipment", gear),
        *(f"{label}: {text}" for label, text in (said.get("lists") or {}).items() if isinstance(text, str)),
        *([f"Notes: {' '.join(ch['notes'].split())}"] if ch.get("notes") else []),
    ]
    # a name's control or format character (a newline forging a `Weapons:` line, ESC) is
    # shown escaped, never written raw (CLI.md "Reliability guarantees")
    return "\n".join(_inert(line) for line in lines) + "\n"


# What the fantasy-trip system's importer reads as a name (`importStandardText`: `[\w\s’'`]`,
# JavaScript's \w being ASCII letters, digits and `_`): not a hyphen, a comma, Cyrillic.
READABLE = re.compile(r"[A-Za-z0-9_\s\u2019'`]*")


def not_ascii(ch: dict[str, Any]) -> list[str]:
    """The names in CH's stat block the fantasy-trip system's importer cannot read (its
    pattern, READABLE: a Cyrillic name, a hyphen or a comma stops it; `Wizard’s Wrath`
    does not), in the block's order."""
    names = [
        ch["name"],
        *ch["skills"],
        *ch.get("talents", []),
        *(s["name"] for s in ch["spells"]),
        *(i["name"] for i in ch["items"]),
    ]
    return [n for n in dict.fromkeys(names) if not READABLE.fullmatch(n)]


def _inert(text: str) -> str:
    from campaign_cli.jsontext import UNSAFE_TEXT

    text = "".join(f"\\x{ord(c):02x}" if ord(c) < 0x20 else c for c in text)
    return re.sub(UNSAFE_TEXT, lambda m: f"\\u{ord(m.group()):04x}", text)


# -- in -------------------------------------------------------------------------------------
def detect(text: str) -> str:
    """`foundry` for a JSON object, `statblock` for text with an `ST n, DX n, IQ n` line."""
    stripped = text.lstrip()
    if stripped.startswith("{"):
        return "foundry"
    if ATTRIBUTES.search(text):
        return "statblock"
    raise Refused(
        Say(
            "not a character file: neither a Foundry actor (a JSON object) nor a stat block (a line `ST n, DX n, IQ n`)"
        ),
        "bad_character_file",
    )


_INF = float("inf")  # JSON's 1e400 reads as it


def _number(value: Any, what: str, whole: bool = True) -> int:
    """A number as the other tool writes it; fractions rounded (weights, costs), bounded."""
    if isinstance(value, bool) or not isinstance(value, (int, float)) or value != value or value in (_INF, -_INF):
        raise _bad(what, Say("must be a number, not {value!r}", value=value))
    if whole and value != int(value):
        raise _bad(what, Say("must be a whole number, not {value!r}", value=value))
    whole_value = round(value)
    if not 0 <= whole_value <= MAX_AMOUNT:
        raise _bad(what, Say("must be from 0 to {high}, not {value!r}", high=Shown(MAX_AMOUNT), value=value))
    return whole_value


def _text(value: Any, what: str) -> str:
    if not isinstance(value, str) or not value.strip():
        raise _bad(what, Say("must be a non-empty text, not {value!r}", value=value))
    return value.strip()


def _dict(value: Any, what: str | Say) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise _bad(what, Say("must be an object"))
    return value


def _attribute(system: dict[str, Any], key: str) -> int:
    value = system.get(key)
    return _number(value.get("max") if isinstance(value, dict) else value, f"system.{key}.max")


def from_foundry(doc: Any) -> dict[str, Any]:
    """A plan from a Foundry actor: {name, kind, st, dx, iq, xp, damage, fatigue, skills,
    spells, items, talents (unknown), unmatched, extra}."""
    doc = _dict(doc, Say("the actor"))
    if doc.get("type", "character") not in ("character", "npc"):
        raise _bad("type", Say("must be character, not {value!r}", value=doc.get("type")))
    system = _dict(doc.get("system"), "system")
    kind = system.get("type", "hero")
    if kind not in ("hero", "wizard"):
        raise _bad("system.type", Say("must be hero or wizard, not {value!r}", value=kind))
    plan = new_plan(_text(doc.get("name"), "name"), kind, *(_attribute(system, k) for k in ("st", "dx", "iq")))
    abilities: dict[str, Any] = {}  # each talent and spell as it came, by the name it has here
    for key in ("xp", "damage", "fatigue"):
        plan[key] = _number(system.get(key, 0), f"system.{key}")
    items = doc.get("items", [])
    if not isinstance(items, list):
        raise _bad("items", Say("must be a list"))
    for i, raw in enumerate(items):
        _foundry_entry(plan, abilities, _dict(raw, f"items[{i}]"), f"items[{i}]")
    _actor_rest(plan, doc, system)
    plan.pop("_talents", None)
    kept = _theirs({k: v for k, v in doc.items() if k not in ("name", "items")})
    plan["foreign"][ORIGINAL] = jsontext.dumps({**kept, "items": abilities}, sort_keys=True)
    return plan


def _foundry_entry(plan: dict[str, Any], abilities: dict[str, Any], raw: dict[str, Any], where: str) -> None:
    """One of the actor's items (RAW, at WHERE) into PLAN: a talent, a spell, equipment, or
    a name listed as not matched. ABILITIES keeps each talent and spell as it came."""
    name, kind = _text(raw.get("name"), f"{where}.name"), raw.get("type")
    ours = (raw.get("flags") or {}).get(FLAG) or {} if isinstance(raw.get("flags"), dict) else {}
    sub = _dict(raw.get("system", {}), f"{where}.system")
    if kind == "talent":
        level = _number(ours.get("level", 1), f"{where}.flags.{FLAG}.level") or 1
        here = _talent(plan, name, level)
        abilities.setdefault(f"talent:{here}", {"doc": _theirs(raw), "read": {"level": level}})
    elif kind == "spell":
        rating = _number(sub.get("minIQ", 0) or 0, f"{where}.system.minIQ")
        plan["spells"][name] = rating or None
        abilities.setdefault(f"spell:{name}", {"doc": _theirs(raw), "read": {"rating": rating or None}})
    elif kind == "equipment":
        _foundry_equipment(plan, raw, name, sub, ours if isinstance(ours, dict) else {}, where)
    else:
        plan["unmatched"].append(name)


def _foundry_equipment(
    plan: dict[str, Any], raw: dict[str, Any], name: str, sub: dict[str, Any], ours: dict[str, Any], where: str
) -> None:
    """An equipment item into PLAN's items, with what no rule here reads listed as not matched."""
    entry = _equipment(name, sub, ours, where, raw.get("effects"))
    plan["unmatched"] += [
        f"{name}: {key}: {jsontext.dumps(value, sort_keys=True)}"
        for key, value in sub.items()
        if key not in EQUIPMENT_FIELDS
    ]
    plan["unmatched"] += [  # an effect no rule here reads: kept whole, written back, said
        f"{name}: effects[{n}]: {jsontext.dumps(raw['effects'][n], sort_keys=True)}"
        for n in _dx_taken(raw.get("effects"))[1]
    ]
    plan["unmatched"] += [
        f"{name}: defense {d.get('action')} ({d.get('hitsStopped')}) not counted: R29 knows no facing"
        for d in sub.get("defenses") or ()
        if isinstance(d, dict) and d.get("action") in FACING
    ]
    entry["options"].setdefault("foreign", {})[ORIGINAL] = jsontext.dumps(
        {"doc": _theirs(raw), "read": _read(entry["options"])}, sort_keys=True
    )
    plan["items"].append(entry)
    spells = embedded_spells(sub)
    if spells:  # kept on the item; listed, since nothing here casts them
        plan["unmatched"].append(f"{name}: spells: {', '.join(spells)}")


def _actor_rest(plan: dict[str, Any], doc: dict[str, Any], system: dict[str, Any]) -> None:
    """The actor's own flags and the system's fields with no place here: kept on the
    character and listed in `unmatched`."""
    extra = (doc.get("flags") or {}).get(FLAG) if isinstance(doc.get("flags"), dict) else None
    plan["extra"] = extra if isinstance(extra, dict) else {}
    plan["unmatched"] += [  # not kept: said so (`ma`: ours, worked out again from DX)
        f"flags.{FLAG}.{k}" for k in plan["extra"] if k not in FLAGGED and k not in ("ma", "statblock")
    ]
    if isinstance(plan["extra"].get("statblock"), dict):  # what a stat block said, back on the character
        plan["foreign"][STATBLOCK] = jsontext.dumps(plan["extra"]["statblock"], sort_keys=True)
    for key, value in system.items():
        if key not in MAPPED and value not in (None, "", 0, [], {}) and not _default(key, value):
            plan["unmatched"].append(f"{key}: {jsontext.dumps(value, sort_keys=True)}")
            if key == "notes" and isinstance(value, str):
                plan["notes"] = value
            else:
                plan["foreign"][key] = jsontext.dumps(value, sort_keys=True)


def _theirs(doc: dict[str, Any]) -> dict[str, Any]:
    """DOC as kept: without our own scope in its flags (an export writes ours afresh)."""
    flags = doc.get("flags")
    return {**doc, "flags": {k: v for k, v in flags.items() if k != FLAG}} if isinstance(flags, dict) else doc


def _read(options: dict[str, Any]) -> dict[str, Any]:
    """The values an equipment item's options took from the file, to tell on export what
    changed here (a changed value is written as ours, an unchanged one as the file had it)."""
    return {k: options.get(k) for k in ("weight", "value", "damage", "heft", "armor")} | {
        "count": options.get("count", 1)
    }


# The actor's fields this tool reads; the others (race, age, job, notes, mana...) go to `unmatched`
MAPPED = ("type", "xp", "damage", "fatigue", "st", "dx", "iq", "ma", "initiative")
DEFAULTS = {"race": "Human", "age": 18}  # the system's own defaults: nothing to keep


def _default(key: str, value: Any) -> bool:
    if DEFAULTS.get(key) == value:
        return True
    if key == "job" and isinstance(value, dict):
        return not value.get("name") and not value.get("pay")
    if key == "mana" and isinstance(value, dict):
        return not value.get("max") and not value.get("value")
    return False


def new_plan(name: str, kind: str, st: int, dx: int, iq: int) -> dict[str, Any]:
    return {
        "name": name,
        "kind": kind,
        "st": st,
        "dx": dx,
        "iq": iq,
        "xp": 0,
        "damage": 0,
        "fatigue": 0,
        "skills": {},
        "spells": {},
        "items": [],
        "talents": [],
        "unmatched": [],
        "extra": {},
        "notes": "",
        "foreign": {},
    }


def _talent(plan: dict[str, Any], name: str, level: int) -> str:
    """A talent matched to a catalog skill by any name or alias (or by one of the names a
    slash joins: the system's `Axe/Mace` is our Axe); others kept as talents. Returns the
    name it has here."""
    from campaign_cli.rules.skills import known_skill

    found = known_skill(name) or next(
        (s for part in name.split("/") if "/" in name and (s := known_skill(part.strip())) is not None), None
    )
    if found is None:
        if _kept(plan, name):
            plan["unmatched"].append(name)
        return name
    plan["skills"][found.name] = max(plan["skills"].get(found.name, 0), level)
    return found.name


def _kept(plan: dict[str, Any], talent: str) -> bool:
    """TALENT added to the plan's talents, unless there already (a set beside the list:
    16,000 talents cost 8 times what 2,000 do)."""
    seen = plan.get("_talents")
    if seen is None:
        seen = plan["_talents"] = set(plan["talents"])
    if talent in seen:
        return False
    seen.add(talent)
    plan["talents"].append(talent)
    return True


EFFECTS = "effects"  # an item's active effects: beside `system`, kept in `foreign` under this key
DX_CHANGE = "system.dx.value"  # what an armor's encumbrance changes (Cloth Armor: -1 while equipped)


def _encumbrance(item: dict[str, Any]) -> list[dict[str, Any]]:
    """Armor's restriction (R30) as the system writes it (release 1.2.0 on Foundry core 14,
    the shape its packs hold): an `Encumbrance` effect subtracting it from DX while the
    armor is readied (Cloth Armor: `system.dx.value`, subtract, 1)."""
    restriction = item.get("restriction") or 0
    if item["kind"] != "armor" or not restriction:
        return []
    change = {"key": DX_CHANGE, "type": "subtract", "value": restriction, "priority": None, "phase": "initial"}
    return [
        {"name": "Encumbrance", "type": "base", "transfer": True, "disabled": False, "system": {"changes": [change]}}
    ]


# Foundry's change modes before core 14 (`mode`), by the name core 14 gives them (`type`)
MODES = {0: "custom", 1: "multiply", 2: "add", 3: "downgrade", 4: "upgrade", 5: "override"}


def _changes(effect: Any) -> list[tuple[Any, Any, Any]] | None:
    """An active effect's changes as (key, type, value), read from either shape: core 14's
    `system.changes[] {key, type, value}` or the older `changes[] {key, mode, value}`;
    None when the effect has neither."""
    if not isinstance(effect, dict):
        return None
    system = effect.get("system")
    listed = system.get("changes") if isinstance(system, dict) else None
    older = effect.get("changes")
    if not isinstance(listed, list) and not isinstance(older, list):
        return None
    out = []
    for change in [*(listed if isinstance(listed, list) else ()), *(older if isinstance(older, list) else ())]:
        if not isinstance(change, dict):
            return None
        mode = change.get("mode")
        kind = change.get("type") if "type" in change else MODES.get(mode, mode) if isinstance(mode, int) else mode
        out.append((change.get("key"), kind, change.get("value")))
    return out


def _signed(value: Any) -> int | None:
    """A change's value as a whole number (`1`, `"-1"`), or None."""
    if isinstance(value, bool):
        return None
    try:
        return int(value) if isinstance(value, (int, str)) else None
    except ValueError:
        return None


def _dx_taken(effects: Any) -> tuple[int, list[int]]:
    """What an item's active effects take off DX (R30: an armor's restriction): a `subtract`
    of N, or an `add` of -N, to `system.dx.value`; and the index of each effect that says
    something else (another key, another type, a value that is no number, neither shape):
    those are kept whole and listed in `unmatched`."""
    taken, other = 0, []
    for n, effect in enumerate(effects if isinstance(effects, list) else ()):
        changes = _changes(effect)
        explained = changes is not None
        for key, kind, value in changes or ():
            number = _signed(value)
            if key == DX_CHANGE and number is not None and kind in ("add", "subtract"):
                taken += max(-number if kind == "add" else number, 0)
            else:
                explained = False
        if not explained:
            other.append(n)
    return min(taken, MAX_AMOUNT), other


def _equipment(name: str, sub: dict[str, Any], ours: dict[str, Any], where: str, effects: Any = None) -> dict[str, Any]:
    """`item add` options for one equipment item: `qty` is a stack's count (weight and cost
    each piece's). A count that is not a whole number is refused naming it, never coerced
    (CLI.md "Reliability": a `qty` of 1.5 became a count of 1)."""
    options: dict[str, Any] = {k: ours[k] for k in ITEM_FLAGS if k in ours}
    options["count"] = _count(sub.get("qty", 1), where)
    options["weight"] = _number(sub.get("wt", 0) or 0, f"{where}.system.wt", whole=False)
    options["value"] = _number(sub.get("cost", 0) or 0, f"{where}.system.cost", whole=False)
    attacks, defenses = sub.get("attacks") or [], sub.get("defenses") or []
    if not isinstance(attacks, list) or not isinstance(defenses, list):
        raise _bad(f"{where}.system", Say("attacks and defenses must be lists"))
    _attack(options, attacks, where)
    _defense(options, defenses, where)
    location = sub.get("location")
    place = LOCATION_IN.get(location, "packed") if isinstance(location, str) else "packed"
    foreign = {k: jsontext.dumps(sub[k], sort_keys=True) for k in ITEM_FOREIGN if sub.get(k) not in (None, "", [], {})}
    if isinstance(effects, list) and effects:  # kept whole, written back; an encumbrance is the restriction
        foreign[EFFECTS] = jsontext.dumps(effects, sort_keys=True)
        taken, _other = _dx_taken(effects)
        if options.get("kind") == "armor" and "restriction" not in options and taken:
            options["restriction"] = taken
    if foreign:  # a scroll's or staff's embedded spells, the item's notes: kept on the item, written back
        options["foreign"] = foreign
    return {"name": name, "options": options, "where": place}


def _count(qty: Any, where: str) -> int:
    """A stack's count: a whole number above 0; anything else is said, never taken as 1
    (issue 64, 78). None (the system's empty field) is 1."""
    if qty is None:
        return 1
    if isinstance(qty, bool) or not isinstance(qty, (int, float)) or not 0 < qty <= MAX_AMOUNT or qty != int(qty):
        raise _bad(
            f"{where}.system.qty",
            Say("must be a whole number above 0, at most {high}, not {value!r}", high=Shown(MAX_AMOUNT), value=qty),
        )
    return int(qty)


def _attack(options: dict[str, Any], attacks: list[Any], where: str) -> None:
    """The first attack's damage and its minimum ST: the item is a weapon."""
    damage = next((a.get("baseDamage") for a in attacks if isinstance(a, dict) and a.get("baseDamage")), None)
    if damage is None:
        return
    options["damage"] = _damage(damage, f"{where}.system.attacks.baseDamage")
    options.setdefault("kind", "weapon")
    heft = next((a.get("minST") for a in attacks if isinstance(a, dict) and a.get("minST")), None)
    if heft is not None:
        options["heft"] = _number(heft, f"{where}.system.attacks.minST")


def _defense(options: dict[str, Any], defenses: list[Any], where: str) -> None:
    """The hits the first defense stops: the item is armor. A defense from behind alone (a
    backpack's) is no armor here: R29 knows no facing."""
    stops = next(
        (
            d.get("hitsStopped")
            for d in defenses
            if isinstance(d, dict) and d.get("hitsStopped") is not None and d.get("action") not in FACING
        ),
        None,
    )
    if stops is not None:
        options["armor"] = _number(stops, f"{where}.system.defenses.hitsStopped")
        options.setdefault("kind", "armor")


ITEM_FOREIGN = ("spells", "notes")  # an equipment item's fields this tool keeps as they are (item-data.mjs)
FACING = ("Rear Only", "Rear")  # a defense that stops hits from one side only
# An equipment item's fields in the system's data model (item-data.mjs); any other is listed
# in `unmatched` as it comes (and kept: the whole item goes back out as it came).
EQUIPMENT_FIELDS = (
    "notes",
    "cost",
    "wt",
    "qty",
    "location",
    "capacity",
    "container",
    "attacks",
    "defenses",
    "spells",
    "applyEffectsWhen",
    "pdfReference",
)


def embedded_spells(sub: dict[str, Any]) -> list[str]:
    """The names of the spells a Foundry item embeds (`system.spells[].data.name`)."""
    spells = sub.get("spells")
    names = []
    for entry in spells if isinstance(spells, list) else ():
        data = entry.get("data") if isinstance(entry, dict) else None
        name = data.get("name") if isinstance(data, dict) else entry.get("name") if isinstance(entry, dict) else None
        uuid = entry.get("uuid") if isinstance(entry, dict) else None  # a link to the spell, by its document id
        names.append(name if isinstance(name, str) else uuid if isinstance(uuid, str) else "?")
    return names


def numeric(value: Any) -> bool:
    """Whether VALUE is a JSON number (not a bool, which Python counts as one)."""
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _damage(text: Any, where: str) -> str:
    from campaign_cli.rules.dice import parse

    try:
        if not isinstance(text, str):
            raise ValueError
        # TFT writes `1d-1`, `2d+1`: a d without sides is a six-sided die
        return parse(re.sub(r"(?i)d(?!\d)", "D6", text.replace(" ", ""))).text()
    except (ValueError, CampaignError):
        raise _bad(where, Say("is not a dice expression like 2d6-1: {value!r}", value=text)) from None


ATTRIBUTES = re.compile(r"^\s*ST\s*(\d+)\s*,\s*DX\s*(\d+)\s*,\s*IQ\s*(\d+)(?:\s*,\s*MA\s*(\d+))?", re.I | re.M)
HEADER = re.compile(r"^\s*(?P<name>[^,\n]+?)\s*(?:,\s*(?P<kind>hero|wizard))?\s*(?:,\s*age\s+(?P<age>\d+))?\s*$", re.I)
LIST = re.compile(r"^\s*(?P<label>[A-Za-z][A-Za-z /]*?)\s*:\s*(?P<rest>.*)$")


def _split(text: str) -> list[str]:
    """Comma-separated entries; commas inside parentheses stay (`Sword (2d6, thrown)`)."""
    out, depth, start = [], 0, 0
    for at, c in enumerate(text):
        if c == "(":
            depth += 1
        elif c == ")":
            depth -= 1
        elif c == "," and depth <= 0:
            out.append(text[start:at].strip())
            start = at + 1
    out.append(text[start:].strip())
    return [e for e in out if e]


def _paren(entry: str) -> tuple[str, str | None]:
    """`Name (inner)` -> (Name, inner) when the entry ends in a parenthesis holding no `)`;
    else (entry, None). One pass from the end: no pattern that backtracks (a text of
    50,000 nested `a (` costs what its length does)."""
    text = entry.rstrip()
    if text.endswith(")"):
        end = len(text) - 1
        opened = text.find("(", text.rfind(")", 0, end) + 1, end)  # the first `(` after the last inner `)`
        if opened >= 0:
            return text[:opened].strip(), text[opened + 1 : end].strip()
    return entry.strip(), None


def from_statblock(text: str) -> dict[str, Any]:
    """A plan from a stat block: `Name, hero|wizard`, `ST n, DX n, IQ n, MA n`, then lists."""
    import re

    long = re.search(r"\d{16,}", text)  # past any bound (and past Python's 4,300-digit int limit)
    if long is not None:
        digits = len(long[0])
        raise _bad(
            Say("the stat block"),
            Say("holds a number of {n} digit", plural="holds a number of {n} digits", quantity=digits, n=digits),
        )
    found = ATTRIBUTES.search(text)
    if found is None:
        raise _bad(Say("the stat block"), Say("has no `ST n, DX n, IQ n` line"))
    before = [line for line in text[: found.start()].splitlines() if line.strip()]
    header = HEADER.match(before[-1]) if before else None
    if header is None:
        raise _bad(Say("the stat block"), Say("has no `Name, hero|wizard` line before its attributes"))
    st, dx, iq = (_number(int(v), k) for v, k in zip(found.groups()[:3], ("ST", "DX", "IQ")))
    plan = new_plan(header["name"].strip(), (header["kind"] or "hero").lower(), st, dx, iq)
    said: dict[str, Any] = {}  # what no field holds, kept and written back (STATBLOCK)
    if header["age"]:
        said["age"] = _number(int(header["age"]), "age")
    if found.group(4):
        said["ma"] = _number(int(found.group(4)), "MA")
    lists: dict[str, str] = {}
    printed: dict[str, str] = {}
    label = None
    for line in text[found.end() :].splitlines():
        match = LIST.match(line)
        if match:
            label = " ".join(match["label"].lower().split())
            printed.setdefault(label, " ".join(match["label"].split()))  # `Magic Items`, as the block prints it
            lists[label] = lists.get(label, "") + " " + match["rest"]
        elif label and line.strip():
            lists[label] += " " + line.strip()
    for label, body in lists.items():
        if label in WHOLE:  # kept whole, never cut at its commas; notes stored as notes, the rest kept
            text = " ".join(body.split())
            plan["unmatched"].append(f"{label}: {text}")
            if label in NOTES:
                plan["notes"] = f"{plan['notes']}\n{text}".strip()
            else:
                said.setdefault("lists", {})[printed[label]] = text
            continue
        for entry in _split(body):
            _statblock_entry(plan, label, entry)
    if said:
        plan["foreign"][STATBLOCK] = jsontext.dumps(said, sort_keys=True)
    plan.pop("_talents", None)
    return plan


# Labels whose text is notes, not a list: kept whole in `unmatched`
WHOLE = (
    "magic items",
    "attacks",
    "special ability/weakness",
    "special abilities",
    "notes",
    "note",
    "special",
    "special note",
    "special notes",
)
NOTES = ("notes", "note", "special note", "special notes")  # stored as the character's notes too


def _statblock_entry(plan: dict[str, Any], label: str, entry: str) -> None:
    name, inner = _paren(entry)
    if label == "talents":
        _talent(plan, name, int(inner) if inner and inner.isdigit() else 1)
    elif label in ("languages", "language"):
        if _is_skill(name):
            _talent(plan, name, 1)
        else:
            _language(plan, name)
    elif label == "levels":  # ours: `Sword 2`
        level = entry.rsplit(None, 1)  # `Sword 2`: the name, then its level
        if len(level) == 2 and level[1].isdecimal() and not entry[-1:].isspace():
            _talent(plan, level[0], int(level[1]))
    elif label in ("spells", "spells include"):
        plan["spells"][name] = int(inner) if inner and inner.isdigit() else plan["spells"].get(name)
    elif label == "ratings":  # ours: `Fireball 12`
        rated = entry.rsplit(None, 1)
        if len(rated) == 2 and rated[1].isdecimal() and not entry[-1:].isspace():
            plan["spells"][rated[0]] = int(rated[1])
    elif label in ("weapon", "weapons"):
        options = {"kind": "weapon"}
        if inner:
            options["damage"] = _damage(inner.split(",")[0].split("/")[0].split(";")[0], f"Weapons: {entry}")
        plan["items"].append({"name": name, "options": options, "where": "readied"})
    elif label in ("armor", "armour"):
        stops = re.match(r"^(?P<name>.*?)\s+stops?\s+(?P<n>\d+)(?:\s+hits?\s*/\s*attack)?\s*\.?$", entry, re.I)
        if stops:
            armor = {"kind": "armor", "armor": _number(int(stops["n"]), f"Armor: {entry}")}
            plan["items"].append({"name": stops["name"].strip(), "where": "readied", "options": armor})
        else:
            plan["items"].append({"name": name, "options": {}, "where": "readied"})
    elif label == "equipment":
        pieces = int(inner) if inner is not None and inner.isdecimal() and len(inner) < 9 else 0
        stack: dict[str, Any] = {"count": _number(pieces, f"Equipment: {entry}")} if pieces else {}  # `Torches (2)`
        plan["items"].append({"name": name, "options": stack, "where": "packed"})
        if inner and not pieces:
            plan["unmatched"].append(f"{label}: {entry}")
    else:
        plan["unmatched"].append(f"{label}: {entry}")


def _is_skill(name: str) -> bool:
    from campaign_cli.rules.skills import known_skill

    return known_skill(name) is not None


def _language(plan: dict[str, Any], name: str) -> None:
    """A language with no skill of its name: the talent `Language (X)`, kept as a talent."""
    _kept(plan, f"Language ({name})")


def build_item(entry: dict[str, Any], packs: list[dict[str, Any]]) -> Item:
    """The item an imported entry becomes: the catalog's (or a pack's) when the name is
    one, with the file's numbers over it; otherwise a new item. A weapon takes a hand."""
    from campaign_cli.rules.gear import make_item

    item = make_item(entry["name"], dict(entry["options"]), custom=True, packs=packs)
    if item["kind"] == "weapon" and not item["hands"] and "hands" not in entry["options"]:
        item["hands"] = 1
    return item
