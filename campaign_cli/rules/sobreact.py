"""Brimstone heroes as the SoB-React app keeps them (CLI.md "Interchange", "Brimstone
heroes"; docs/interchange.md gives the mapping both ways): a hero (or the app's backup of
many) read as plans for `character import`, and a character written back as the hero it
came as, with what changed here laid over it.

The hero has no ST, DX or IQ (the caller gives them; R2 applies). Its numeric stats are
extra attributes (R10: `Agility 4+`), its class a keyword (R34), its cards items of no
weight: Main and Off Hand held, the body's slots worn as clothing of that part (R35), the
inventory carried, side-bag tokens stacks with counts. The hero whole is kept on the
character (`foreign`, under ORIGINAL) and each card on its item, with where it came from,
so that a hero exported unchanged equals itself field for field.
"""

from __future__ import annotations

import copy
import re
from typing import Any

from campaign_cli import jsontext
from campaign_cli.errors import Refused, Say
from campaign_cli.rules.interchange import numeric
from campaign_cli.rules.names import MAX_AMOUNT

FORMAT = "sob-react"
ORIGINAL = "@sob-react"  # a character's `foreign` key: the hero as it came; an item's: its card and place
BACKUP = "sos-heroes-backup"  # the app's "export all heroes" file: {"type": BACKUP, "heroes": [...]}
HANDS = ("Main Hand", "Off Hand")  # R32: held
SIDEBAG = "Sidebag"  # an inventory card in this slot is a side-bag token
EMPTY = "Empty Slot"  # the app's placeholder for a free slot: no card
CORE_STATS = ("Agility", "Cunning", "Spirit", "Strength", "Lore", "Luck", "Initiative")  # numbers, always
ONLY = re.compile(r"^\s*(?P<keyword>.+?)\s+only\s*$", re.I)  # `Gunslinger Only`: R34's keyword


def _bad(where: str, why: Say) -> Refused:
    return Refused(Say("bad hero file: {what} {why}", what=where, why=why), "bad_character_file")


def _whole(value: Any, where: str) -> int:
    """A number the hero holds (xp, gold, a stat), whole and in bounds."""
    if isinstance(value, bool) or not isinstance(value, (int, float)) or value != value:
        raise _bad(where, Say("must be a number, not {value!r}", value=value))
    if value != int(value) or not 0 <= value <= MAX_AMOUNT:
        raise _bad(where, Say("must be a whole number from 0 to {high}, not {value!r}", high=MAX_AMOUNT, value=value))
    return int(value)


def is_hero(data: Any) -> bool:
    """Whether DATA (parsed JSON) is a SoB-React hero or backup, by its fields."""
    if isinstance(data, list):
        return bool(data) and all(isinstance(h, dict) and "heroClass" in h for h in data)
    return isinstance(data, dict) and (data.get("type") == BACKUP or "heroClass" in data)


def heroes(data: Any) -> list[dict[str, Any]]:
    """The heroes of a file: one hero, the app's backup (`heroes`), or a list of heroes."""
    listed = data.get("heroes") if isinstance(data, dict) and data.get("type") == BACKUP else data
    if isinstance(listed, dict):
        return [listed]
    if not isinstance(listed, list) or not listed:
        raise _bad("heroes", Say("must be a list of heroes"))
    for n, hero in enumerate(listed):
        if not isinstance(hero, dict):
            raise _bad(f"heroes[{n}]", Say("must be an object"))
    names = [str(h.get("name", "")).strip().casefold() for h in listed]
    for n, name in enumerate(names):
        if name and name in names[:n]:
            raise _bad(f"heroes[{n}].name", Say("repeats heroes[{first}]'s", first=names.index(name)))
    return listed


def from_hero(hero: dict[str, Any], st: int, dx: int, iq: int, where: str = "") -> dict[str, Any]:
    """A plan for `character import` (rules.interchange's shape) from one HERO."""
    from campaign_cli.rules.interchange import new_plan

    at = f"{where}." if where else ""
    name = hero.get("name")
    if not isinstance(name, str) or not name.strip():
        raise _bad(f"{at}name", Say("must be a non-empty text, not {value!r}", value=name))
    plan = new_plan(name.strip(), "hero", st, dx, iq)
    plan["xp"] = _whole(hero.get("xp", 0) or 0, f"{at}xp")
    extra: dict[str, Any] = {
        "gold": _whole(hero.get("gold", 0) or 0, f"{at}gold"),
        "darkstone": _whole(hero.get("darkStone", 0) or 0, f"{at}darkStone"),
    }
    stats = hero.get("stats") or {}
    if not isinstance(stats, dict):
        raise _bad(f"{at}stats", Say("must be an object"))
    attributes = {}
    for stat, value in stats.items():
        if stat in CORE_STATS or numeric(value):
            attributes[stat] = _whole(value, f"{at}stats.{stat}")  # R10: a pool test's dice
        else:
            plan["unmatched"].append(f"stats.{stat}: {jsontext.dumps(value)}")  # `4+`, `—`: kept on the hero
    extra["attributes"] = attributes
    cls = hero.get("heroClass")
    if isinstance(cls, str) and cls.strip():
        extra["keywords"] = [cls.strip()]  # R34: class-only cards
    plan["extra"] = extra
    plan["items"] = _cards(hero, at)
    if plan["items"]:
        plan["unmatched"].append("cards: weight 0 (the cards carry no weight)")
    plan["foreign"][ORIGINAL] = jsontext.dumps(hero)
    return plan


def _cards(hero: dict[str, Any], at: str) -> list[dict[str, Any]]:
    """The hero's cards as items to import: gear by slot, inventory, side-bag tokens; each
    card kept with its place and whose it is (a place means something in that hero alone)."""
    who = _who(hero)
    entries = []
    gear = hero.get("gear") or {}
    slots = (
        [(slot, card) for slot, card in gear.items()]
        if isinstance(gear, dict)
        else [(c.get("slot") if isinstance(c, dict) else None, c) for c in gear]
        if isinstance(gear, list)
        else None
    )
    if slots is None:
        raise _bad(f"{at}gear", Say("must be an object of slots"))
    for n, (slot, card) in enumerate(slots):
        place = f"{at}gear.{slot}" if isinstance(gear, dict) else f"{at}gear[{n}]"
        if not card or _empty(card):
            continue
        if not isinstance(slot, str) or not slot.strip():
            raise _bad(f"{place}.slot", Say("must be a non-empty text, not {value!r}", value=slot))
        entry = _card(card, place, ["gear", slot], who)
        if slot in HANDS:
            entry["options"]["hands"] = 2 if card.get("twoHanded") else 1
        else:
            entry["options"]["clothing"] = slot.strip().lower()  # R35: one card a body part
        entry["where"] = "readied"
        entries.append(entry)
    inventory = hero.get("inventory") or []
    if not isinstance(inventory, list):
        raise _bad(f"{at}inventory", Say("must be a list of cards"))
    tokens: dict[str, list[int]] = {}
    for n, card in enumerate(inventory):
        if not card or _empty(card):
            continue
        if isinstance(card, dict) and card.get("slot") == SIDEBAG:
            tokens.setdefault(_name(card, f"{at}inventory[{n}]"), []).append(n)
            continue
        entries.append({**_card(card, f"{at}inventory[{n}]", ["inventory", n], who), "where": "packed"})
    for places in tokens.values():
        count = sum(_qty(inventory[n], f"{at}inventory[{n}].qty") for n in places)
        entry = _card(inventory[places[0]], f"{at}inventory[{places[0]}]", ["tokens", places], who)
        entry["options"]["count"] = count
        entries.append({**entry, "where": "packed"})
    bags = hero.get("sidebags")
    held = bags.get("items") if isinstance(bags, dict) else None
    for n, token in enumerate(held if isinstance(held, list) else ()):
        place = f"{at}sidebags.items[{n}]"
        count = _qty(token, f"{place}.qty")
        if count:
            entry = _card(token, place, ["sidebags", n], who)
            entry["options"]["count"] = count
            entries.append({**entry, "where": "packed"})
    return entries


def _who(hero: dict[str, Any]) -> str:
    """A hero's identity, as the app keys it (its id), else its name."""
    return str(hero.get("id") or hero.get("localId") or hero.get("name"))


def _empty(card: Any) -> bool:
    return isinstance(card, dict) and card.get("name") == EMPTY


def _name(card: Any, place: str) -> str:
    if not isinstance(card, dict):
        raise _bad(place, Say("must be an object"))
    name = card.get("name")
    if not isinstance(name, str) or not name.strip():
        raise _bad(f"{place}.name", Say("must be a non-empty text, not {value!r}", value=name))
    return name.strip()


def _qty(card: Any, place: str) -> int:
    qty = card.get("qty", 1) if isinstance(card, dict) else 1
    return _whole(1 if qty is None else qty, place)


def _card(card: Any, place: str, came: list[Any], who: str) -> dict[str, Any]:
    """One card as an `item add` entry: its value, upgrade slots, dark stone icon, hands;
    its effects and restrictions as the item's notes, a class restriction its keyword."""
    name = _name(card, place)
    value = card.get("value", 0)
    options: dict[str, Any] = {
        "kind": "gear",
        "weight": 0,
        "value": _whole(value, f"{place}.value") if numeric(value) else 0,  # `{darkStone: 2}`: kept on the card
        "slots": _whole(card.get("upgradeSlots", 0) or 0, f"{place}.upgradeSlots"),
        "darkstone_icon": bool(card.get("darkStone")),
    }
    if card.get("twoHanded"):
        options["hands"] = 2
    lines = [str(e) for e in card.get("effects") or () if isinstance(card.get("effects"), list)]
    limits = [str(r) for r in card.get("restrictions") or () if isinstance(card.get("restrictions"), list)]
    requires = [m["keyword"].strip() for r in limits if (m := ONLY.match(r)) and len(m["keyword"]) <= 100]
    if requires:
        options["requires"] = requires
    notes = "; ".join([*lines, *limits])
    read = {k: options.get(k) for k in ("value", "slots", "darkstone_icon")} | {"hands": options.get("hands", 0)}
    options["foreign"] = {ORIGINAL: jsontext.dumps({"card": card, "from": came, "read": read, "hero": who})}
    if notes:
        options["foreign"]["notes"] = jsontext.dumps(notes)
    return {"name": name, "options": options}


# -- out ------------------------------------------------------------------------------------
def to_hero(ch: dict[str, Any]) -> dict[str, Any]:
    """The hero CH came in as (or a new one of its class keyword), with what changed here laid
    over it: name, xp, gold, dark stone, numeric stats, and the cards where they are now."""
    text = (ch.get("foreign") or {}).get(ORIGINAL)
    came = jsontext.loads(text) if isinstance(text, str) else None
    hero: dict[str, Any] = copy.deepcopy(came) if isinstance(came, dict) else _new(ch)
    hero["name"] = ch["name"]
    hero["xp"], hero["gold"], hero["darkStone"] = ch["xp"], ch.get("gold", 0), ch.get("darkstone", 0)
    if not isinstance(hero.get("stats"), dict):
        hero["stats"] = {}
    stats: dict[str, Any] = hero["stats"]
    for stat, value in (ch.get("attributes") or {}).items():
        stats[stat] = value
    _lay_cards(hero, ch["items"])
    return hero


def _new(ch: dict[str, Any]) -> dict[str, Any]:
    keywords = ch.get("keywords") or []
    return {
        "id": f"hero_campaign_{ch['id']}",
        "name": ch["name"],
        "heroClass": keywords[0] if keywords else "Hero",
        "stats": {},
        "gear": {},
        "inventory": [],
    }


def _lay_cards(hero: dict[str, Any], items: list[dict[str, Any]]) -> None:
    """The cards where the items are now: each card as it came (what changed here over it),
    in its own slot or place when it is still there, a free one else."""
    table = _Table(hero)
    for item in items:
        table.lay(item)
    table.write(hero)


class _Table:
    """The hero's gear slots, inventory places and side bag as read, and where each card
    goes now (_lay_cards)."""

    def __init__(self, hero: dict[str, Any]) -> None:
        gear_in: Any = hero.get("gear") if isinstance(hero.get("gear"), (dict, list)) else {}
        self.as_list = isinstance(gear_in, list)
        self.slots: dict[str, Any] = (
            {str(c.get("slot")): c for c in gear_in if isinstance(c, dict)} if self.as_list else dict(gear_in)
        )
        self.placed: dict[str, Any] = {s: c for s, c in self.slots.items() if not c or _empty(c)}  # free stay
        self.inventory_in: list[Any] = hero["inventory"] if isinstance(hero.get("inventory"), list) else []
        self.kept: dict[int, list[Any]] = {n: [c] for n, c in enumerate(self.inventory_in) if not c or _empty(c)}
        self.added: list[Any] = []
        bags = hero.get("sidebags") if isinstance(hero.get("sidebags"), dict) else None
        self.bags = bags
        self.bag_items = list(bags.get("items") or []) if bags and isinstance(bags.get("items"), list) else []
        self.bag_left: dict[int, Any] = {}
        self.who = _who(hero)

    def lay(self, item: dict[str, Any]) -> None:
        origin = _origin(item)
        card = _card_now(item, origin)
        came: Any = origin.get("from") if origin and origin.get("hero") == self.who else None  # else: given here
        kind = came[0] if isinstance(came, list) and came else None
        if item["state"] in ("carried", "stored") and self._back_in_place(item, card, kind, came):
            return
        if item["state"] in ("held", "worn"):
            slot = _slot_for(item, came, self.placed)
            if slot is not None:
                if origin is None:  # a card made here: the kind of slot the app files it under
                    card["slot"] = "Hand Weapon" if slot in HANDS else slot
                self.placed[slot] = card
                return
        pieces = [card] + [_copy(card, n) for n in range(1, item.get("count", 1))]  # a card a piece
        if kind == "inventory" and came[1] not in self.kept:
            self.kept[came[1]] = pieces
        else:
            self.added += pieces

    def _back_in_place(self, item: dict[str, Any], card: dict[str, Any], kind: Any, came: Any) -> bool:
        """A carried stack back where it came from: the side bag, or its token places."""
        if kind == "sidebags":
            self.bag_left[came[1]] = {**card, "qty": item.get("count", 1)}
            return True
        if kind == "tokens":
            places = list(came[1])
            copies = [self.inventory_in[n] for n in places[: item.get("count", 1)]]
            copies += [_copy(card, n) for n in range(len(copies), item.get("count", 1))]
            copies[0] = {**copies[0], **{k: v for k, v in card.items() if k != "id"}}
            self.kept[places[0]] = copies
            return True
        return False

    def write(self, hero: dict[str, Any]) -> None:
        gear_out = {s: self.placed.get(s) or _placeholder(s) for s in self.slots} | {
            s: c for s, c in self.placed.items() if s not in self.slots
        }
        hero["gear"] = list(gear_out.values()) if self.as_list else gear_out
        if "inventory" in hero or self.kept or self.added:
            hero["inventory"] = [c for n in sorted(self.kept) for c in self.kept[n]] + self.added
        if self.bags is not None:
            self.bags["items"] = [self.bag_left[n] for n in range(len(self.bag_items)) if n in self.bag_left]


def _origin(item: dict[str, Any]) -> dict[str, Any] | None:
    text = (item.get("foreign") or {}).get(ORIGINAL)
    found = jsontext.loads(text) if isinstance(text, str) else None
    return found if isinstance(found, dict) and isinstance(found.get("card"), dict) else None


def _card_now(item: dict[str, Any], origin: dict[str, Any] | None) -> dict[str, Any]:
    """ITEM's card: as it came, each value this tool changed since laid over it; or a new card."""
    if origin is None:
        card: dict[str, Any] = {
            "id": f"campaign_{item['id']}",
            "name": item["name"],
            "value": item["value"],
            "twoHanded": item["hands"] == 2,
            "darkStone": item["darkstone_icon"],
            "upgradeSlots": item["slots"],
            "effects": [],
            "restrictions": [f"{k} Only" for k in item.get("requires", [])],
        }
    else:
        card = copy.deepcopy(origin["card"])
        read = origin.get("read") or {}
        now = {"value": item["value"], "slots": item["slots"], "darkstone_icon": item["darkstone_icon"]}
        fields = {"value": "value", "slots": "upgradeSlots", "darkstone_icon": "darkStone"}
        for ours, theirs in fields.items():
            if read.get(ours) != now[ours]:
                card[theirs] = now[ours]
        if card.get("name") != item["name"]:
            card["name"] = item["name"]
    if item.get("upgrades"):  # forged or fitted here (R39)
        card["upgrades"] = [dict(u) for u in item["upgrades"]]
    return card


def _slot_for(item: dict[str, Any], came: Any, placed: dict[str, Any]) -> str | None:
    """The gear slot a held or worn item goes to: its own when free, else a free one."""
    free = [s for s in HANDS if not placed.get(s) or _empty(placed[s])] if item["state"] == "held" else []
    own = came[1] if isinstance(came, list) and came and came[0] == "gear" else None
    if own is not None and (not placed.get(own) or _empty(placed[own])):
        return str(own)
    if item["state"] == "held":
        return free[0] if free else None
    part = " ".join(w.capitalize() for w in str(item.get("clothing") or "").split())
    return part if part and (not placed.get(part) or _empty(placed[part])) else None


def _placeholder(slot: str) -> dict[str, Any]:
    """The app's own card for a free slot."""
    return {"id": f"empty-{slot.replace(' ', '').lower()}", "name": EMPTY, "slot": slot, "mods": {}}


def _copy(card: dict[str, Any], n: int) -> dict[str, Any]:
    """Another piece of a stack, as a card of its own."""
    return {**copy.deepcopy(card), "id": f"{card.get('id', 'card')}-{n + 1}"}
