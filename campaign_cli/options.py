"""The keyword bundles several acts share, declared once: the library's methods take them as
`**options: Unpack[...]` (checked by `library.core.checked` against these declarations),
the command line splices the same names in as options (`cli/common.takes`:
`cli/itemopts.py`, `cli/diceopts.py`), and the acts receive them as one mapping (an item's)
or one `rules.dice.Throw` (a roll's, made by `library.core.thrown`). `campaign_cli.results`
names them for scripts."""

from __future__ import annotations

from typing import Literal, TypedDict

# an item's kind (campaign_cli.model's too)
ItemKind = Literal["gear", "artifact", "weapon", "armor", "upgrade", "potion"]

Dice = list[int] | str  # physical dice typed in: [1, 3, 6], or as the command line takes them, "1,3,6"


class ItemOptions(TypedDict, total=False):
    """What describes an item (`item_add`, `shop_buy`): each one left out keeps the catalog's
    value (or the new item's default).

    hands: 0 to 2 (R32). weight: R33. value: gold (R38). requires: keywords needed to use
    it (R34). clothing: the body part it is worn on (R35). personal: R36. darkstone_icon:
    counts as a dark stone (R37). slots: upgrade slots (R39). damage: a weapon's dice
    ("2D6-1", R26). armor (R29), restriction (R30), shield, heft (the least ST to hold it,
    R27), kind ("weapon", "armor", "gear", "potion", "upgrade", "artifact")."""

    hands: int | None
    weight: int | None
    value: int | None
    requires: list[str] | None
    clothing: str | None
    personal: bool | None
    darkstone_icon: bool | None
    slots: int | None
    damage: str | None
    armor: int | None
    restriction: int | None
    shield: bool | None
    heft: int | None
    kind: ItemKind | None


class PartyRoll(TypedDict, total=False):
    """How a check is rolled (`check`, `cast`, `skill_use`; a party test takes these alone).

    dice: physical dice typed in, in the order rolled; seed: the same seed, the same
    result; modifier: -100 to 100, added to the target (a sum) or taken off the threshold
    (a pool test)."""

    dice: Dice | None
    seed: int | None
    modifier: int


class RollOptions(PartyRoll, total=False):
    """A character's check (`check`, `cast`, `skill_use`): `PartyRoll`'s keys, and karma: a
    failure is rolled again for 1 karma, else 1 wish (R17); reroll_dice: that roll's
    physical dice (only with karma)."""

    karma: bool
    reroll_dice: Dice | None


class TradeOptions(TypedDict, total=False):
    """A trade with a merchant who is not a character (`shop_sell`, and `shop_buy` with the
    item's keywords): price: gold a piece (default: its value, R38); haggle: the other
    side's IQ, for a contested IQ check with the Merchant skill (R25); dice, other_dice:
    each side's physical dice for that check; seed: the same seed, the same haggle."""

    price: int | None
    haggle: int | None
    dice: Dice | None
    other_dice: Dice | None
    seed: int | None


class Purchase(ItemOptions, TradeOptions, total=False):
    """`shop_buy`'s keywords: the trade's (`TradeOptions`) and the item's (`ItemOptions`)."""


# by the name an `Unpack[...]` gives
BUNDLES: dict[str, type] = {
    "ItemOptions": ItemOptions,
    "PartyRoll": PartyRoll,
    "RollOptions": RollOptions,
    "TradeOptions": TradeOptions,
    "Purchase": Purchase,
}
