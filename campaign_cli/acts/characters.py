"""A character's own life in the campaign (R1-R3, R9, R24, R33): created, changed,
deleted, and brought in from another tool's file."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal

from campaign_cli.rules import characters as rules

if TYPE_CHECKING:
    from campaign_cli.model import Character
    from campaign_cli.store.campaign import Stored


def create(camp: Stored, doc: Any) -> Character:
    """`character create`: DOC, built by `rules.new_character` (R2, R3), stored with an id."""
    stored = camp.add_character(doc)
    camp.note(f"created {stored['kind']} {stored['name']}", stored["name"])
    camp.event("created", name=stored["name"], kind=stored["kind"], st=stored["st"], dx=stored["dx"], iq=stored["iq"])
    return stored


def change(
    camp: Stored,
    name: str | int,
    *,
    values: dict[str, Any],
    drop_attr: list[str],
    modes: dict[str, Any],
    keywords: list[str],
    drop_keywords: list[str],
    gender: Literal["m", "f"] | None,
) -> Character:
    """`character set`: extra attributes set and dropped, combat skills' modes (R24),
    keywords added and dropped, the gender."""
    doc = camp.character(name)
    was = {k: v.copy() if isinstance(v := doc.get(k), (dict, list)) else v for k in CHANGEABLE}
    for key in drop_attr:
        rules.drop_attribute(doc["attributes"], key)
    for key, value in values.items():
        rules.set_attribute(doc["attributes"], key, value)
    for skill, mode in modes.items():
        rules.set_combat_mode(doc, skill, mode)
    doc["keywords"] = rules.drop_keywords(rules.merge_keywords(doc["keywords"], keywords), drop_keywords)
    if gender is not None:
        doc["gender"] = gender  # checked by rules.check_gender
    camp.save("characters", doc)
    camp.note(f"changed {doc['name']}", doc["name"])
    camp.event("changed", name=doc["name"], fields=[CHANGEABLE[k] for k in CHANGEABLE if doc.get(k) != was[k]])
    return doc


# What `character set` may change, as its `changed` event names each field.
CHANGEABLE = {"attributes": "attributes", "combat": "combat", "keywords": "keywords", "gender": "gender"}


def delete(camp: Stored, name: str | int) -> Character:
    """`character delete` (`undo` brings the character back)."""
    doc = camp.character(name)
    camp.remove("characters", doc)
    camp.note(f"deleted {doc['name']}", doc["name"])
    camp.event("deleted", name=doc["name"])
    return doc


def bring_in(camp: Stored, plan: dict[str, Any], name: str | None, format_: str) -> tuple[Character, list[str]]:
    """`character import`: the character a Foundry actor or a stat block describes (PLAN,
    from rules.interchange), as it stands there: no starting points (R3), its items where
    the file has them. Returns the stored character and the items stored over R33."""
    from campaign_cli.errors import Refused, Say, UsageProblem
    from campaign_cli.rules.documents import check_character
    from campaign_cli.rules.interchange import FLAGGED

    try:
        doc = rules.new_character(
            name if name is not None else plan["name"],
            plan["kind"],
            plan["st"],
            plan["dx"],
            plan["iq"],
            plan["skills"],
            plan["spells"],
            starting=False,
        )
    except UsageProblem as err:
        if name is not None:  # the name typed with --name: a usage error, as any name given
            raise
        # the file's own name: a refusal of the import's content, as `import` refuses it (exit 1)
        raise Refused(Say("bad character file: {why}", why=err.message), "bad_character_file") from None
    doc.update({k: plan[k] for k in ("xp", "damage", "fatigue")})
    doc.update({k: v for k, v in plan["extra"].items() if k in FLAGGED})
    if plan["talents"]:
        doc["talents"] = plan["talents"]
    if plan.get("notes"):
        doc["notes"] = plan["notes"]
    if plan.get("foreign"):
        doc["foreign"] = plan["foreign"]
    over = _equip(camp, doc, plan["items"], plan["unmatched"])
    check_character({"id": 1, **doc})  # bounds and types, as import checks them
    stored = camp.add_character(doc)
    camp.note(f"imported {stored['name']} ({format_})", stored["name"])
    camp.event("imported", name=stored["name"], format=format_)
    return stored, over


def _equip(
    camp: Stored, doc: Any, entries: list[dict[str, Any]], said: list[str]
) -> list[str]:  # DOC: a character being built (no id yet)
    """Imported items where the file has them: readied ones worn or held when the rules
    allow it (R32 hands, R35 body parts), else carried; stored ones stored. What the
    other tool let a character carry beyond R33 is stored, in the file's order, never a
    refusal: returns those items' names (JSON `stored_over_limit`). R36 as for `item add`.
    A readied item the rules leave carried is said in SAID (the import's `unmatched`): an
    export writes it back where it is here, and the difference has its reason."""
    from campaign_cli.errors import CampaignError
    from campaign_cli.rules import gear
    from campaign_cli.rules.interchange import build_item

    over: list[str] = []
    packing = gear.Packing(doc)  # each item in constant time: an import may hold thousands
    hands = sum(i["hands"] for i in doc["items"] if i["state"] == "held")  # R32: what hold() would count
    packs = camp.packs()
    for entry in entries:
        item: Any = {"id": camp.next_id(), **build_item(entry, packs)}
        if entry["where"] == "stored":
            packing.store(item)
            continue
        try:
            item = packing.add(item)
        except CampaignError as err:
            if err.code != "too_heavy":
                raise
            packing.store(item)  # R36 checked as for any item; stored, it weighs nothing
            over.append(item["name"])
            continue
        if entry["where"] != "readied":
            continue
        try:
            if item["kind"] == "armor" or item.get("clothing"):
                gear.wear(doc, item, camp.next_id)
            elif item.get("hands") and hands + item["hands"] <= 2:
                held = gear.hold(doc, [*(i for i in doc["items"] if i["state"] == "held"), item], camp.next_id)
                hands = sum(i["hands"] for i in held)
            elif item.get("hands"):  # R32: the hands are full, it stays carried
                said.append(f"{item['name']}: readied there, carried here (R32: no free hand)")
        except CampaignError as err:
            item["state"] = "carried"
            said.append(f"{item['name']}: readied there, carried here ({err.message})")
    return over
