"""The acts on items (R25-R39): made, dropped, given and sold, held, worn and stowed,
stored and fetched, changed, reloaded, upgraded, forged and drunk; gold and dark stone.
Each guards its actor once (`acts.ACTS`), changes the documents, writes the journal's
English summary and returns the documents for the views."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Literal

from campaign_cli import acts
from campaign_cli.errors import N_
from campaign_cli.rules import gear

if TYPE_CHECKING:
    from campaign_cli.model import Character, Item


def new_item(camp: Any, item: str, custom: bool, options: dict) -> Item:
    """The item `item add` and `shop buy` make: catalog values, options over them, a new id.
    A built-in item's name never reads the packs (no pack may repeat one: `catalog import`
    refuses it), so a pack of 50,000 items costs it nothing beyond the file's size."""
    from campaign_cli.rules import catalog

    packs = [] if catalog.lookup(item) is not None else camp.packs()
    return {"id": camp.next_id(), **gear.make_item(item, options, custom, packs)}


def _on(camp: Any, path: str, name: str, ref: str, change: Callable[[Character, Item], Any], verb: str) -> tuple:
    """Act PATH by NAME on its item REF: CHANGE(doc, item) changes them; the journal says
    "NAME VERB ITEM (#id)". Returns (the character, the item)."""
    doc = acts.actor(camp, path, name)
    item = gear.find_item(doc, ref)
    change(doc, item)
    acts.acted(camp, path, doc["name"])  # R32a: wearing, stowing, dropping: the round's action
    camp.save("characters", doc)
    camp.note(f"{doc['name']} {verb} {item['name']} (#{item['id']})", doc["name"])
    return doc, item


def add(camp: Any, name: str, item: str, custom: bool, options: dict) -> tuple[Character, Item]:
    """`item add`: a catalog or custom item into the pack (R33: the weight carried)."""
    doc = acts.actor(camp, "item add", name)  # R11a: the dead receive nothing
    added = gear.add_item(doc, new_item(camp, item, custom, options))
    camp.save("characters", doc)
    camp.note(f"{doc['name']} gets {added['name']} (#{added['id']})", doc["name"])
    return doc, added


def drop(camp: Any, name: str, ref: str) -> tuple[Character, Item]:
    """`item drop`: never a personal item (R36)."""
    return _on(camp, "item drop", name, ref, lambda doc, item: gear.take_out(doc, item, N_("dropped")), "drops")


def trade(camp: Any, src_name: str, dst_name: str, ref: str, price: int | None, selling: bool) -> tuple:
    """`item give` and `item sell`: the item moves to DST (R33 on the receiver; never a
    personal item, R36); selling, DST pays PRICE, by default its value (R38). Returns
    (from, to, the item, the price paid or None)."""
    path = "item sell" if selling else "item give"
    src = acts.actor(camp, path, src_name)  # R11a: the giver, or the seller
    dst = acts.actor(camp, path, dst_name, "buyer" if selling else "receiver")  # the buyer pays: his own doing
    item = gear.find_item(src, ref)
    paid = None
    if selling:
        paid = gear.sell(src, dst, item, price)
    else:
        gear.give(src, dst, item)
    acts.acted(camp, path, src["name"])  # R32a: a trade is the giver's (or seller's) action
    for doc in (src, dst):
        camp.save("characters", doc)
    verb = (
        f"sells {item['name']} (#{item['id']}) to {dst['name']} for {paid} gold"
        if selling
        else f"gives {item['name']} (#{item['id']}) to {dst['name']}"
    )
    camp.note(f"{src['name']} {verb}", src["name"], dst["name"])
    return src, dst, item, paid


def hold(camp: Any, name: str, refs: list[str]) -> tuple[Character, list[Item]]:
    """`item hold`: these items in hand, the previous choice replaced (R32, R34); in a fight
    whose order is rolled, the round's action (R32a)."""
    doc = acts.actor(camp, "item hold", name)
    chosen = [gear.find_item(doc, ref) for ref in refs]
    gear.hold(doc, chosen)
    acts.acted(camp, "item hold", doc["name"])
    camp.save("characters", doc)
    camp.note(f"{doc['name']} holds {', '.join(i['name'] for i in chosen) or 'nothing'}", doc["name"])
    return doc, chosen


def wear(camp: Any, name: str, ref: str) -> tuple[Character, Item]:
    """`item wear`: one item per body part (R35; R29, R30)."""
    return _on(camp, "item wear", name, ref, gear.wear, "wears")


def stow(camp: Any, name: str, ref: str) -> tuple[Character, Item]:
    """`item stow`: a held or worn item back in the pack."""
    return _on(camp, "item stow", name, ref, gear.stow, "stows")


def store(camp: Any, name: str, ref: str) -> tuple[Character, Item]:
    """`item store`: put away, not carried (R33); between adventures or in a town."""
    return _on(camp, "item store", name, ref, gear.store, "stores")


def fetch(camp: Any, name: str, ref: str) -> tuple[Character, Item]:
    """`item fetch`: a stored item back into the pack (R33 checked)."""
    return _on(camp, "item fetch", name, ref, gear.fetch, "fetches")


def set_numbers(camp: Any, name: str, ref: str, changes: dict) -> tuple[Character, Item]:
    """`item set`: an item's numbers changed (R39: not fewer slots than its upgrades fill)."""
    return _on(camp, "item set", name, ref, lambda doc, item: gear.set_numbers(doc, item, changes), "changes")


def reload(camp: Any, name: str, ref: str) -> tuple[Character, Item, int]:
    """`item reload` (R26): in a fight whose order is rolled, one action of the round (R32a);
    out of one, at once. Returns the reloading actions still needed too."""
    from campaign_cli.rules.fights import order_rolled

    left: list[int] = []

    def change(doc: Character, item: Item) -> None:
        left.append(gear.reload(item, whole=not order_rolled(camp.meta.get("fight"))))
        acts.acted(camp, "item reload", doc["name"])

    doc, item = _on(camp, "item reload", name, ref, change, "reloads")
    return doc, item, left[0]


def upgrade(camp: Any, name: str, ref: str, upgrade_ref: str) -> tuple[Character, Item]:
    """`item upgrade`: an upgrade item from the pack fitted into an item's free slots (R39)."""
    doc = acts.actor(camp, "item upgrade", name)
    target = gear.find_item(doc, ref)
    fitted = gear.fit_upgrade(doc, target, gear.find_item(doc, upgrade_ref))
    camp.save("characters", doc)
    camp.note(f"{doc['name']} fits {fitted['name']} into {target['name']} (#{target['id']})", doc["name"])
    return doc, target


def forge(
    camp: Any, name: str, ref: str, stones: int, slots: int, gold: int, label: str | None
) -> tuple[Character, Item]:
    """`forge`: loose dark stone forged into an item's slots at a town's blacksmith (R39)."""
    doc = acts.actor(camp, "forge", name)
    target = gear.find_item(doc, ref)
    fitted = gear.forge(doc, target, camp.meta["location"], stones, slots, gold, label)
    camp.save("characters", doc)
    camp.note(f"{doc['name']} forges {fitted['name']} into {target['name']} (#{target['id']})", doc["name"])
    return doc, target


def drink(camp: Any, name: str, ref: str, on: str | None) -> tuple[Character, Item, dict]:
    """`item use`: a potion drunk by NAME, or given by NAME to ON (R25); used up. Returns
    (who drank, the potion, its effect)."""
    from campaign_cli.rules.craft import drink as effect_of

    doc = acts.actor(camp, "item use", name)  # R11a: the drinker, or the giver of --on
    potion = gear.find_item(doc, ref)
    gear.check_at_hand(potion)
    target = acts.actor(camp, "item use", on, "given") if on else doc  # R11a: the dead receive nothing
    target = doc if target["id"] == doc["id"] else target
    effect = effect_of(potion, target)
    doc["items"].remove(potion)
    acts.acted(camp, "item use", doc["name"])  # R32a: the drinker's, or the giver's, action
    for changed in {id(doc): doc, id(target): target}.values():
        camp.save("characters", changed)
    camp.note(f"{target['name']} drinks {potion['name']} (#{potion['id']})", doc["name"], target["name"])
    if effect.get("healed"):
        camp.event("healed", who=target["name"], amount=effect["healed"], item=potion["name"])
    return target, potion, effect


def count(camp: Any, field: Literal["gold", "darkstone"], name: str, change: int, label: str) -> Character:
    """`gold add|remove`, `darkstone add|remove`: never below 0 (R11a: the dead receive nothing)."""
    doc = acts.actor(camp, f"{field} {'add' if change > 0 else 'remove'}", name)
    gear.change_count(doc, field, change, label)
    camp.save("characters", doc)
    camp.note(f"{doc['name']}: {'+' if change > 0 else '-'}{abs(change)} {label}", doc["name"])
    return doc
