"""Gear: items, hands, weight, clothing, personal items, trading, dark stone and
upgrade slots (R26-R39). Functions change character documents in place and refuse,
naming the rule and what would make it possible, before changing anything."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence

from campaign_cli.errors import N_, Arg, CampaignError, Cmd, Joined, Opt, Refused, Say, Shown, UsageProblem
from campaign_cli.rules import catalog
from campaign_cli.rules.characters import carry_limit, check_name, gear_totals, raised
from campaign_cli.rules.dice import parse as parse_dice
from campaign_cli.rules.names import resolve, with_pieces
from campaign_cli.rules.wounds import check_not_dead

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing: an item's views never need it
if TYPE_CHECKING:
    from typing import Any, Literal

    from campaign_cli.model import Character, Item, Upgrade

KINDS = ("gear", "artifact", "weapon", "armor", "upgrade", "potion")
HANDS = 2  # R32
MAX_SLOTS = 3  # R39


def find_item(doc: Character, ref: str | int, prefer: Callable[[Item], bool] | None = None) -> Item:
    """An item of DOC's by its id (`7` or `#7`) or any of its names: the stored name and,
    for a catalog item, the catalog's English, Russian and pack aliases (case-insensitive).
    PREFER settles a name several items answer to (a stack and a piece of it in hand) when
    one of them alone is what the act can take (`item stow`: the one held)."""

    def entries(items: list[Item]) -> Iterator[tuple[Item, tuple[str, ...], int]]:
        return ((i, (i["name"], *i.get("aliases", ()), *catalog.aliases(i["name"])), i["id"]) for i in items)

    try:
        return resolve(ref, entries(doc.get("items", [])), "item", where=doc["name"])
    except Refused as err:
        if prefer is None or err.code != "ambiguous_item":
            raise
        try:
            return resolve(ref, entries([i for i in doc["items"] if prefer(i)]), "item", where=doc["name"])
        except CampaignError:
            raise err from None


def two_handed(item: Item) -> bool:
    return item.get("hands", 0) >= 2 or "2" in item.get("flags", [])


PACK_FIELDS = (
    "name",
    "aliases",
    "kind",
    "hands",
    "weight",
    "value",
    "heft",
    "slots",
    "damage",
    "armor",
    "restriction",
    "requires",
    "clothing",
    "personal",
    "darkstone_icon",
    "shield",
    "pack",
)


def make_item(ref: str, options: dict[str, Any], custom: bool = False, packs: Sequence[dict[str, Any]] = ()) -> Item:
    """A new item: a catalog entry (a pack's first, then the built-in tables, R28) with
    OPTIONS overriding it, or a new item. The item is a copy: later pack changes leave it
    as it is. A new name within two edits of a catalog name is a typo unless CUSTOM."""
    found = catalog.lookup(ref, packs)
    if found and found[0] == "pack":
        base = {k: v for k, v in found[1].items() if k in PACK_FIELDS and v is not None}
        base["requires"] = list(base.get("requires", []))
        base["aliases"] = list(base.get("aliases", []))
    elif found and found[0] == "weapon":
        e = found[1]
        base = {
            "name": e["name"],
            "kind": "weapon",
            "hands": e["hands"],
            "damage": e["damage"],
            "flags": list(e["flags"]),
            "skill": e["skill"],
            "heft": e["heft"],
            "fatigue": e["fatigue"],
        }
    elif found and found[0] == "gear":
        base = {"name": found[1]["name"], "kind": "gear", "hands": found[1]["hands"], "weight": found[1]["weight"]}
    elif found:
        e = found[1]
        base = {
            "name": e["name"],
            "kind": "armor",
            "hands": e["hands"],
            "armor": e["armor"],
            "restriction": e["restriction"],
            "shield": e["shield"],
        }
    else:
        close = None if custom else catalog.near(ref, packs)
        if close:
            err = Refused(
                Say(
                    "{value!r} is not in the catalog; did you mean {close!r}? (add {custom} to make a new item "
                    "of that name)",
                    custom=Opt("custom"),
                    value=ref.strip(),
                    close=close,
                ),
                "unknown_catalog_entry",
            )
            err.extra["suggestions"] = [close]
            raise err
        base = {"name": check_name(ref, "item"), "kind": "gear", "hands": 0}
    item: Item = {  # id: given by the caller that stores it
        "weight": 0,
        "value": 0,
        "requires": [],
        "clothing": None,
        "personal": False,
        "darkstone_icon": False,
        "slots": 0,
        "upgrades": [],
        "state": "carried",
        "count": 1,
        **base,  # type: ignore[typeddict-item]
    }
    item.update({k: v for k, v in options.items() if v is not None})  # type: ignore[typeddict-item]
    validate_item(item)
    return armed(item)


def armed(item: Item) -> Item:
    """ITEM with `loaded` where it reloads (R26: true until fired; CLI.md's item JSON): a
    reloading weapon says whether it is loaded, any other item has no such field."""
    if reloads(item):
        item["loaded"] = not item.get("unloaded")
    else:
        item.pop("loaded", None)
    return item


def validate_item(item: Item) -> None:
    if item["kind"] not in KINDS:
        raise UsageProblem(
            Say(
                '{option} takes {value}, not {kind!r}',
                option=Opt("kind"),
                value=Joined(", ", [Shown(k) for k in KINDS]),  # in the language in use (either is taken)
                kind=item['kind'],
            ),
            "bad_value",
        )
    if item["hands"] not in (0, 1, 2):
        raise UsageProblem(
            Say('{option} takes 0, 1 or 2, not {hands}', option=Opt("hands"), hands=item['hands']), "bad_value"
        )
    for key in ("weight", "value", "slots", "armor", "restriction", "heft"):
        if (item.get(key) or 0) < 0:  # type: ignore[operator]  # each of these keys is a number
            raise UsageProblem(Say('{option} cannot be negative', option=Opt(key)), "bad_value")
    if pieces(item) > 1 and is_personal(item):
        raise UsageProblem(Say("R36: a personal item is one piece, not a stack of {count}", count=pieces(item)))
    if item["slots"] > MAX_SLOTS:
        raise Refused(
            Say(
                'R39: an item has at most {MAX_SLOTS} upgrade slots, not {slots}',
                MAX_SLOTS=MAX_SLOTS,
                slots=item['slots'],
            ),
            "too_many_slots",
        )
    damage, clothing = item.get("damage"), item.get("clothing")
    if damage:
        item["damage"] = parse_dice(damage).text()
    if clothing is not None:
        check_name(clothing, "body part")
        item["clothing"] = clothing.strip().lower()
    item["requires"] = [w.strip() for w in item.get("requires", [])]
    if item.get("shield"):
        item["kind"] = "armor"
        item["hands"] = max(item["hands"], 1)  # a worn shield takes one hand (CLI.md)


def check_carry(doc: Character, item: Item, count: int | None = None, carried: int | None = None) -> None:
    """R33: at most 5 + ST in all; ITEM's COUNT pieces (default: all of them) would be added.
    CARRIED: the weight carried now, when the caller keeps it (an import's Packing)."""
    if carried is None:
        carried = gear_totals(doc.get("items", []))["carry_weight"]
    limit = carry_limit(raised(doc, "ST"))
    weight = item["weight"] * (pieces(item) if count is None else count)
    if weight and carried + weight > limit:  # R25a: over the limit (a potion lapsed), a weightless thing still goes
        raise Refused(
            Say(
                'R33: {name} carries {carried} of {limit}; {name2} weighs {weight}',
                name=doc['name'],
                carried=carried,
                limit=limit,
                name2=Shown(piece_name(item, count)),
                weight=weight,
            ),
            "too_heavy",
        )


# -- stacks (CLI.md "Stacks") ----------------------------------------------------------------
def pieces(item: Item) -> int:
    """How many identical pieces ITEM is: a stack's count; 1 for an item of one piece."""
    return item.get("count", 1)


def piece_name(item: Item, count: int | None = None) -> str:
    """ITEM's name with the pieces meant (COUNT, default all) when more than one: `Torch ×3`."""
    return with_pieces(item["name"], pieces(item) if count is None else count)


def stackable(item: Item) -> bool:
    """Pieces in the pack or stored away pile up; held, worn, personal, forged or upgraded
    items are single pieces."""
    return item["state"] in ("carried", "stored") and not is_personal(item) and not item.get("upgrades")


def _values(item: Item) -> dict[str, Any]:
    return {k: v for k, v in item.items() if k not in ("id", "count")}


def check_pieces(doc: Character, item: Item, count: int | None) -> int:
    """The pieces of ITEM an act moves or spends: COUNT, default the whole stack; refused
    when the stack has fewer."""
    if count is None:
        return pieces(item)
    if count > pieces(item):
        raise Refused(
            Say(
                "{name} has {item}, not {count} of them",
                name=doc["name"],
                item=Shown(piece_name(item)),
                count=count,
            ),
            "not_enough_pieces",
        )
    return count


def _no_ids() -> int:
    raise AssertionError("a stack split with no ids to give")  # every act passes camp.next_id


NewId = Callable[[], int]


def split(doc: Character, item: Item, count: int, new_id: NewId = _no_ids) -> Item:
    """COUNT pieces of ITEM as an item of their own, still among DOC's items: ITEM itself
    when the whole stack goes, else a new stack (NEW_ID()) right after it."""
    if count >= pieces(item):
        return item
    item["count"] = pieces(item) - count
    part: Item = {  # type: ignore[assignment]  # ITEM's fields, each list and map its own (an upgrade appends)
        k: list(v) if isinstance(v, list) else dict(v) if isinstance(v, dict) else v for k, v in item.items()
    }
    part["id"], part["count"] = new_id(), count
    doc["items"].insert(doc["items"].index(item) + 1, part)
    return part


def settle(doc: Character, item: Item) -> Item:
    """ITEM among DOC's items, piled onto an equal stack there (same name, same values,
    same state) if there is one: the stack it ends in."""
    if stackable(item):
        for mine in doc["items"]:
            if mine is not item and stackable(mine) and _values(mine) == _values(item):
                mine["count"] = pieces(mine) + pieces(item)
                if any(i is item for i in doc["items"]):
                    doc["items"].remove(item)
                return mine
    if not any(i is item for i in doc["items"]):
        doc["items"].append(item)
    return item


class Packing:
    """Many items put into one character's pack at once (an import): `add_item`'s rules and
    `settle`'s stacks, each item in constant time, since the stacks are indexed and the
    weight carried is kept as it goes (one by one, 16,000 weapons took minutes: each add
    compared the item with every item before it)."""

    def __init__(self, doc: Character) -> None:
        self.doc = doc
        self.carried = gear_totals(doc["items"])["carry_weight"]
        self.stacks: dict[str, Item] = {}
        for item in doc["items"]:
            if stackable(item):
                self.stacks.setdefault(self._key(item), item)

    @staticmethod
    def _key(item: Item) -> str:
        from campaign_cli import jsontext

        return jsontext.dumps(_values(item), sort_keys=True)

    def _settle(self, item: Item) -> Item:
        if stackable(item):
            key = self._key(item)
            mine = self.stacks.get(key)
            if mine is not None and mine is not item:
                mine["count"] = pieces(mine) + pieces(item)
                return mine
            self.stacks[key] = item
        self.doc["items"].append(item)
        return item

    def add(self, item: Item) -> Item:
        """`add_item`: carried, within R33 and R36 (refused as it refuses)."""
        check_new(self.doc, item)
        check_carry(self.doc, item, carried=self.carried)
        item["state"] = "carried"
        stack = self._settle(armed(item))
        self.carried += item["weight"] * pieces(item)
        return stack

    def store(self, item: Item) -> Item:
        """Stored (it weighs nothing carried), R36 as for any item."""
        check_new(self.doc, item)
        item["state"] = "stored"
        return self._settle(armed(item))


def spend(doc: Character, item: Item, count: int = 1) -> None:
    """COUNT pieces of ITEM used up: the stack made smaller, or gone with its last piece."""
    if pieces(item) > count:
        item["count"] = pieces(item) - count
    else:
        doc["items"].remove(item)


def add_item(doc: Character, item: Item) -> Item:
    """Put ITEM in DOC's pack: R36 one personal item, R33 carry limit; R11a: the dead win
    nothing. The stack it ends in (an equal one the pack holds, or ITEM)."""
    check_new(doc, item)
    check_carry(doc, item)
    item["state"] = "carried"
    return settle(doc, armed(item))


def check_new(doc: Character, item: Item) -> None:
    """R11a: the dead win nothing; R36: one personal item."""
    check_not_dead(doc)
    if item["personal"]:
        mine = [i["name"] for i in doc["items"] if is_personal(i)]
        if mine:
            raise Refused(
                Say('R36: {name} already has a personal item ({value})', name=doc['name'], value=Shown(mine[0])),
                "second_personal",
            )


def is_personal(item: Item) -> bool:
    """R36: a personal item, or an item carrying a personal upgrade."""
    return bool(item.get("personal")) or any(u.get("personal") for u in item.get("upgrades", []))


def check_tradeable(doc: Character, item: Item, action: str) -> None:
    """R36: a personal item (or one that carries a personal upgrade) can never be dropped, given or sold."""
    if item.get("personal"):
        raise Refused(
            Say(
                "R36: {name} is {name2}'s personal item and can never be {action}",
                name=Shown(item['name']),
                name2=doc['name'],
                action=Say(action),
            ),
            "personal_item",
        )
    inside = next((u["name"] for u in item.get("upgrades", []) if u.get("personal")), None)
    if inside:
        raise Refused(
            Say(
                "R36: {name} carries {name2}'s personal item {inside} and can never be {action}",
                name=Shown(item['name']),
                name2=doc['name'],
                inside=inside,
                action=Say(action),
            ),
            "personal_item",
        )


def take_out(doc: Character, item: Item, action: str, count: int | None = None, new_id: NewId = _no_ids) -> Item:
    """COUNT pieces of ITEM (default: the whole stack) out of DOC's items for ACTION
    ('dropped', 'given', 'sold'): the pieces gone, as an item of their own."""
    check_tradeable(doc, item, action)
    part = split(doc, item, check_pieces(doc, item, count), new_id)
    doc["items"].remove(part)
    return part


def give(src: Character, dst: Character, item: Item, count: int | None = None, new_id: NewId = _no_ids) -> Item:
    """R38: characters trade items, COUNT pieces of a stack (default: all); R36 never a
    personal item; R33 on the receiver. The receiver's stack they end in."""
    if src["id"] == dst["id"]:
        raise UsageProblem(Say("giving an item to its owner changes nothing"))
    check_tradeable(src, item, N_("given"))
    check_carry(dst, item, check_pieces(src, item, count))
    part = take_out(src, item, N_("given"), count, new_id)
    part["state"] = "carried"
    return settle(dst, part)


def check_can_afford(buyer: Character, item: Item, price: int, count: int | None = None) -> None:
    """R38: the buyer's gold covers the price (of COUNT pieces, default all)."""
    if buyer.get("gold", 0) < price:
        raise Refused(
            Say(
                "R38: {name} has {value} gold; {name2} costs {price}",
                name=buyer["name"],
                value=buyer.get("gold", 0),
                name2=Shown(piece_name(item, count)),
                price=price,
            ),
            "cannot_afford",
        )


def sell(
    src: Character, dst: Character, item: Item, price: int | None, count: int | None = None, new_id: NewId = _no_ids
) -> tuple[Item, int]:
    """R38: the buyer pays the price for the pieces that change hands (default: their
    value) and must afford it. The buyer's stack they end in, and the price paid."""
    k = check_pieces(src, item, count)
    price = item.get("value", 0) * k if price is None else price
    if price < 0:
        raise UsageProblem(Say("{option} cannot be negative", option=Opt("price")))
    check_tradeable(src, item, N_("sold"))
    check_can_afford(dst, item, price, k)
    stack = give(src, dst, item, k, new_id)
    dst["gold"] -= price
    src["gold"] = src.get("gold", 0) + price
    return stack, price


def haggled(price: int, level: int, buying: bool) -> int:
    """R25, R38: a Merchant who wins the contest buys 10% cheaper or sells 10% dearer per
    level, rounded in the Merchant's favour (never below 0)."""
    if buying:
        return max(price * (10 - level) // 10, 0)
    return -(-price * (10 + level) // 10)


def buy(doc: Character, item: Item, price: int) -> Item:
    """R38: a merchant sells ITEM to DOC for PRICE; DOC must afford it, and carry it (R33)."""
    check_not_dead(doc)
    check_can_afford(doc, item, price)
    added = add_item(doc, item)
    doc["gold"] -= price
    return added


def sell_off(doc: Character, item: Item, price: int, count: int | None = None, new_id: NewId = _no_ids) -> Item:
    """R38: DOC sells COUNT pieces of ITEM (default: all) to a merchant for PRICE (never a
    personal item, R36)."""
    check_not_dead(doc)
    gone = take_out(doc, item, N_("sold"), count, new_id)
    doc["gold"] = doc.get("gold", 0) + price
    return gone


def check_keywords(doc: Character, item: Item) -> None:
    """R34: an item restricted to keywords is usable only by a character who has them all."""
    have = {k.casefold() for k in doc.get("keywords", [])}
    missing = [w for w in item.get("requires", []) if w.casefold() not in have]
    if missing:
        raise Refused(
            Say(
                'R34: {name} is for {value} only; {name2} lacks that keyword',
                name=Shown(item['name']),
                value=', '.join(missing),
                name2=doc['name'],
            ),
            "missing_keyword",
        )


def check_heft(doc: Character, item: Item) -> None:
    """R27: a weapon whose heft is above the character's ST cannot be held (ST as it counts
    now: a potion's raises it, R25a)."""
    heft = item.get("heft")
    st = raised(doc, "ST")
    if heft is not None and heft > st:
        raise Refused(
            Say(
                'R27: {name} has heft {heft}; {name2} has ST {st}',
                name=Shown(item['name']),
                heft=heft,
                name2=doc['name'],
                st=st,
            ),
            "too_heavy_to_wield",
        )


def check_wielded(doc: Character, item: Item) -> None:
    """R27, R32, R34: a weapon deals damage only from the hands of someone strong enough,
    who has the keywords it is restricted to (checked when it is used, not only when taken
    up: a keyword dropped since leaves it useless)."""
    check_heft(doc, item)
    check_keywords(doc, item)
    if item.get("state") != "held":
        raise Refused(
            Say(
                "R32: {name} does not hold {item}; {command} first",
                command=Cmd("item hold", doc["name"], item["name"]),
                name=doc["name"],
                item=Shown(item["name"]),
            ),
            "not_in_hand",
        )


def hands_used(items: list[Item]) -> int:
    return sum(i.get("hands", 0) for i in items)


def check_hands(doc: Character, items: list[Item], shields: list[Item]) -> None:
    """R32, R26: ITEMS in hand beside the worn SHIELDS: at most 2 hands, a shield takes one,
    a two-handed weapon takes no shield beside it; refused naming what to stow first."""
    big = [i["name"] for i in items if two_handed(i)]
    if big and shields:
        raise Refused(
            Say(
                'R26/R32: {value} is two-handed and cannot be used with a shield; stow {name} first',
                value=Shown(big[0]),
                name=Shown(shields[0]['name']),
            ),
            "two_handed_shield",
        )
    need = hands_used(items) + hands_used(shields)
    if need > HANDS:
        extra = Say(" (a worn {shield} takes one)", shield=Shown(shields[0]["name"])) if shields else ""
        raise Refused(
            Say(
                "R32: {name} has {hands} hands; these need {need}{extra}",
                name=doc["name"],
                hands=HANDS,
                need=need,
                extra=extra,
            ),
            "hands_full",
        )


def hold(doc: Character, items: list[Item], new_id: NewId = _no_ids) -> list[Item]:
    """R32: these items are now in hand, replacing the previous choice; at most 2 hands,
    a worn shield takes one, two-handed weapons exclude a shield; R34 keywords. One piece
    of a stack is taken in hand for each time it is named (`Dagger Dagger`: two daggers
    of a stack of two). The items held."""
    if any(sum(i is item for i in items) > pieces(item) for item in items):
        raise UsageProblem(Say("an item is named twice"))
    for item in items:
        check_at_hand(item)
        if item["kind"] == "armor":
            raise Refused(
                Say('{name} is armor: wear it with {command}', name=Shown(item['name']), command=Cmd("item wear")),
                "wear_armor",
            )
        check_keywords(doc, item)
        check_heft(doc, item)
    check_hands(doc, items, [i for i in doc["items"] if i["state"] == "worn" and i.get("shield")])
    for item in [i for i in doc["items"] if i["state"] == "held"]:
        item["state"] = "carried"
        if not any(item is i for i in items):
            settle(doc, item)  # back onto its stack, if the pack holds one
    chosen = [split(doc, item, 1, new_id) for item in items]
    for item in chosen:
        item["state"] = "held"
    return chosen


def wear(doc: Character, item: Item, new_id: NewId = _no_ids) -> Item:
    """R35: one item per body part; armor and shields are worn (R29), a shield takes a hand;
    one piece of a stack is worn. The item worn."""
    check_at_hand(item)
    if item["state"] == "worn":
        raise Refused(Say('{name} already wears {name2}', name=doc['name'], name2=Shown(item['name'])), "already_worn")
    worn = [i for i in doc["items"] if i["state"] == "worn" and i is not item]
    if item.get("clothing"):
        taken = next((i for i in worn if i.get("clothing") == item["clothing"]), None)
        if taken:
            raise Refused(
                Say(
                    "R35: {name}'s {clothing} is taken by {name2}; stow it first",
                    name=doc['name'],
                    clothing=item['clothing'],
                    name2=Shown(taken['name']),
                ),
                "body_part_taken",
            )
    elif item["kind"] != "armor":
        raise Refused(Say('{name} is not clothing or armor; hold it instead', name=Shown(item['name'])), "not_wearable")
    check_keywords(doc, item)
    if item["kind"] == "armor":
        same = next(
            (i for i in worn if i["kind"] == "armor" and bool(i.get("shield")) == bool(item.get("shield"))), None
        )
        if same:
            raise Refused(
                Say('{name} already wears {name2}; stow it first', name=doc['name'], name2=Shown(same['name'])),
                "armor_worn",
            )
        if item.get("shield"):
            held = [i for i in doc["items"] if i["state"] == "held" and i is not item]
            big = [i["name"] for i in held if two_handed(i)]
            if big:
                raise Refused(
                    Say('R26/R32: {value} is two-handed and excludes a shield', value=Shown(big[0])),
                    "two_handed_shield",
                )
            if hands_used(held) + item["hands"] > HANDS:
                raise Refused(
                    Say("R32: a shield takes a hand and {name}'s hands are full; hold fewer items", name=doc['name']),
                    "hands_full",
                )
    worn_piece = split(doc, item, 1, new_id)
    worn_piece["state"] = "worn"
    return worn_piece


def stow(doc: Character, item: Item) -> Item:
    check_at_hand(item)
    if item["state"] == "carried":
        raise Refused(
            Say("{name} is already in {name2}'s pack", name=Shown(item['name']), name2=doc['name']),
            "already_stowed",
        )
    item["state"] = "carried"
    return settle(doc, item)  # back onto its stack, if the pack holds one


def check_at_hand(item: Item) -> None:
    """A stored item is not carried: it cannot be held, worn, drunk or fitted (CLI.md `item store`)."""
    if item["state"] == "stored":
        raise Refused(
            Say("{item} is stored away: {command} first", item=Shown(item["name"]), command=Cmd("item fetch")), "stored"
        )


def store(doc: Character, item: Item, count: int | None = None, new_id: NewId = _no_ids) -> Item:
    """Put COUNT pieces of ITEM (default: all) away where they are not carried: no weight
    (R33), no hands, no benefit. The stored stack they end in."""
    if item["state"] == "stored":
        raise Refused(Say("{item} is already stored", item=Shown(item["name"])), "already_stored")
    part = split(doc, item, check_pieces(doc, item, count), new_id)
    part["state"] = "stored"
    return settle(doc, part)


def fetch(doc: Character, item: Item, count: int | None = None, new_id: NewId = _no_ids) -> Item:
    """Take COUNT stored pieces of ITEM (default: all) back into the pack (R33 checked).
    The carried stack they end in."""
    if item["state"] != "stored":
        raise Refused(Say("{item} is not stored", item=Shown(item["name"])), "not_stored")
    k = check_pieces(doc, item, count)
    check_carry(doc, item, k)
    part = split(doc, item, k, new_id)
    part["state"] = "carried"
    return settle(doc, part)


# R26: (R) reload takes a turn, (R3) three
RELOADS = {"R": 1, "R3": 3}


def reloads(item: Item) -> int:
    """The actions a shot of ITEM takes to reload (R26), 0 for a weapon that needs none."""
    return max((RELOADS.get(f, 0) for f in item.get("flags", [])), default=0)


def check_loaded(item: Item) -> None:
    """R26, R32a: a fired reloading weapon shoots again only once reloaded."""
    if item.get("unloaded"):
        raise Refused(
            Say(
                "R26: {item} is not loaded: {command} ({n} of your actions)",
                command=Cmd("item reload"),
                item=Shown(item["name"]),
                n=item["unloaded"],
            ),
            "not_loaded",
        )


def fired(item: Item) -> None:
    """R26: a reloading weapon that was fired is unloaded until reloaded."""
    if reloads(item):
        item["unloaded"] = reloads(item)
        item["loaded"] = False


def reload(item: Item, whole: bool) -> int:
    """One reloading action on ITEM (WHOLE: out of a fight's turns, all of it); the actions left."""
    if not reloads(item):
        raise Refused(Say("R26: {item} needs no reloading", item=Shown(item["name"])), "not_reloading")
    if not item.get("unloaded"):
        raise Refused(Say("R26: {item} is loaded", item=Shown(item["name"])), "already_loaded")
    left = 0 if whole else item["unloaded"] - 1
    if left:
        item["unloaded"] = left
    else:
        item.pop("unloaded", None)
        item["loaded"] = True
    return left


def set_numbers(doc: Character, item: Item, changes: dict[str, Any]) -> None:
    """Change ITEM's numbers after the fact: R39 (the slots its upgrades fill stay), R33
    (the new weight carried), a forged item keeping its upgrades."""
    changed: Item = {**item, **{k: v for k, v in changes.items() if v is not None}}  # type: ignore[typeddict-item]
    if changes.get("name") is not None:
        changed["name"] = check_name(changes["name"], "item")
    used = sum(u["slots"] for u in item.get("upgrades", []))
    if changed["slots"] < used:
        raise Refused(
            Say(
                "R39: {item}'s upgrades fill {used} slots; it cannot have {slots}",
                item=Shown(item["name"]),
                used=used,
                slots=changed["slots"],
            ),
            "too_few_slots",
        )
    validate_item(changed)
    if item["state"] != "stored" and changed["weight"] > item["weight"]:
        check_carry(doc, {**changed, "weight": changed["weight"] - item["weight"]})
    if item["state"] == "held" and changed.get("heft") != item.get("heft"):
        check_heft(doc, changed)  # R27: a held weapon never gets a heft above its holder's ST
    if item["state"] in ("held", "worn"):  # R32: never a state the rules forbid in hand
        now = [changed if i is item else i for i in doc["items"]]
        held = [i for i in now if i["state"] == "held"]
        check_hands(doc, held, [i for i in now if i["state"] == "worn" and i.get("shield")])
    item.update(changed)


def used_slots(item: Item) -> int:
    """R39: the slots the item's upgrades fill."""
    return sum(u["slots"] for u in item.get("upgrades", []))


def free_slots(item: Item) -> int:
    return item.get("slots", 0) - used_slots(item)


def _check_slots(item: Item, need: int) -> None:
    free = free_slots(item)
    if need > free:
        raise Refused(
            Say(
                "R39: {item} has {n} free upgrade slot of {slots}; this needs {need}",
                plural="R39: {item} has {n} free upgrade slots of {slots}; this needs {need}",
                quantity=free,
                item=Shown(item["name"]),
                slots=item.get("slots", 0),
                need=need,
            ),
            "no_free_slots",
        )


def fit_upgrade(doc: Character, item: Item, upgrade: Item, new_id: NewId = _no_ids) -> tuple[Upgrade, Item]:
    """R39: an upgrade item from the pack (one piece of a stack) fills one or more of ITEM's
    free slots (one piece of a stack: an upgraded item is a single piece). The upgrade
    fitted and the item it went into."""
    if upgrade is item:
        raise UsageProblem(Say("an item cannot upgrade itself"))
    if upgrade["kind"] != "upgrade":
        raise Refused(
            Say(
                '{name} is not an upgrade (add it with {option} upgrade)',
                name=Shown(upgrade['name']),
                option=Opt("kind"),
            ),
            "not_an_upgrade",
        )
    need = upgrade.get("slots") or 1
    _check_slots(item, need)
    spend(doc, upgrade)
    item = split(doc, item, 1, new_id)
    fitted: Upgrade = {"name": upgrade["name"], "slots": need, "darkstone": 1 if upgrade.get("darkstone_icon") else 0}
    if upgrade.get("personal"):
        fitted["personal"] = True  # R36: the item carrying it becomes personal too
    item["upgrades"].append(fitted)
    item["weight"] = item["weight"] + upgrade["weight"]  # it is carried inside the item now
    return fitted, item


def forge(
    doc: Character,
    item: Item,
    location: dict[str, Any] | None,
    stones: int,
    slots: int,
    gold: int,
    label: str | None,
    new_id: NewId = _no_ids,
) -> tuple[Upgrade, Item]:
    """R39: dark stone forged into an item (one piece of a stack), in a town with a
    blacksmith. The upgrade and the item it went into."""
    if not location or not location.get("blacksmith"):
        where = (
            Say("{town} has no blacksmith", town=location["town"]) if location else Say("the party is not in a town")
        )
        raise Refused(
            Say(
                'R39: forging needs a town with a blacksmith ({where}); {command}',
                where=where,
                command=Cmd("town enter", Arg("town"), blacksmith=True),
            ),
            "no_blacksmith",
        )
    if stones < 1 or slots < 1 or gold < 0:
        raise UsageProblem(
            Say(
                "{stones} and {slots} are at least 1, {gold} at least 0",
                stones=Opt("stones"),
                slots=Opt("slots"),
                gold=Opt("gold"),
            )
        )
    _check_slots(item, slots)
    if doc.get("darkstone", 0) < stones:
        raise Refused(
            Say(
                "{name} has {n} loose dark stone; forging needs {stones}",
                plural="{name} has {n} loose dark stones; forging needs {stones}",
                quantity=doc.get("darkstone", 0),
                name=doc["name"],
                stones=stones,
            ),
            "not_enough_darkstone",
        )
    if doc.get("gold", 0) < gold:
        raise Refused(
            Say(
                '{name} has {value} gold; the blacksmith asks {gold}',
                name=doc['name'],
                value=doc.get('gold', 0),
                gold=gold,
            ),
            "cannot_afford",
        )
    doc["darkstone"] -= stones
    doc["gold"] -= gold
    fitted: Upgrade = {
        "name": (label or "Dark Stone").strip(),
        "slots": slots,
        "darkstone": stones,
        "forged": True,
        "gold": gold,
    }
    item = split(doc, item, 1, new_id)
    item["upgrades"].append(fitted)
    return fitted, item


def change_count(doc: Character, field: Literal["gold", "darkstone"], amount: int, label: str) -> None:
    """gold add/remove, darkstone add/remove: never below zero; R11a: the dead win no gold."""
    if field == "gold" and amount > 0:
        check_not_dead(doc)
    if doc[field] + amount < 0:
        raise Refused(
            Say(
                '{name} has {value} {label}; cannot remove {value2}',
                name=doc['name'],
                value=doc[field],
                label=Say(label),
                value2=-amount,
            ),
            "not_enough_gold" if field == "gold" else "not_enough_darkstone",
        )
    doc[field] = doc[field] + amount
