"""`item add`'s options and the new item they describe, which `shop buy` takes too (CLI.md
"[item add options]"): one module both commands import, so neither imports the other."""

from __future__ import annotations

from typing import Annotated, Any

import typer

from campaign_cli.cli.answers import kind_in_english
from campaign_cli.cli.common import MAX_AMOUNT, complete, takes
from campaign_cli.rules import gear

ItemArg = Annotated[str, typer.Argument(metavar="ITEM", help="The item's id or name.", autocompletion=complete.items)]


# `item add`'s options, which `shop buy` takes too (CLI.md "[item add options]").
HandsOpt = Annotated[int | None, typer.Option("--hands", metavar="0|1|2", help="Hands needed to hold it (R32).")]


WeightOpt = Annotated[int | None, typer.Option("--weight", min=0, max=MAX_AMOUNT, metavar="W", help="Weight (R33).")]


CountOpt = Annotated[
    int,
    typer.Option(
        "--count", min=1, max=MAX_AMOUNT, metavar="N", help="Pieces, as one stack (weight and value are each piece's)."
    ),
]
PiecesOpt = Annotated[
    int | None,
    typer.Option("--count", min=1, max=MAX_AMOUNT, metavar="K", help="Pieces of a stack (default: the whole stack)."),
]


ValueOpt = Annotated[
    int | None, typer.Option("--value", min=0, max=MAX_AMOUNT, metavar="GOLD", help="Gold value (R38).")
]


RequiresOpt = Annotated[
    list[str] | None, typer.Option("--requires", metavar="WORD", help="Keyword needed to use it (R34).")
]


ClothingOpt = Annotated[str | None, typer.Option("--clothing", metavar="PART", help="Body part it is worn on (R35).")]


PersonalOpt = Annotated[bool | None, typer.Option("--personal", help="The character's personal item (R36).")]


IconOpt = Annotated[bool | None, typer.Option("--darkstone-icon", help="Counts as one dark stone (R37).")]


SlotsOpt = Annotated[
    int | None,
    typer.Option(
        "--slots",
        min=0,
        max=gear.MAX_SLOTS,
        metavar="0..3",
        help="Upgrade slots (R39); for an upgrade, slots it fills.",
    ),
]


DamageOpt = Annotated[str | None, typer.Option("--damage", metavar="EXPR", help="Weapon damage, e.g. 2D6-1 (R26).")]


ArmorOpt = Annotated[int | None, typer.Option("--armor", min=0, max=MAX_AMOUNT, metavar="A", help="Armor value (R29).")]


RestrictionOpt = Annotated[
    int | None, typer.Option("--restriction", min=0, max=MAX_AMOUNT, metavar="R", help="DX restriction (R30).")
]


ShieldOpt = Annotated[bool | None, typer.Option("--shield", help="A shield: worn, takes one hand.")]


HeftOpt = Annotated[
    int | None,
    typer.Option("--heft", min=0, max=MAX_AMOUNT, metavar="ST", help="Least ST needed to hold the weapon (R27)."),
]


KindOpt = Annotated[
    str | None,
    typer.Option(
        "--kind",
        metavar="KIND",
        help="What the item is: gear, artifact, weapon, armor, upgrade or potion (in either language; default: "
        "gear, or the catalog's kind).",
    ),
]


CustomOpt = Annotated[bool, typer.Option("--custom", help="A new item, even if its name is close to a catalog name.")]


CatalogArg = Annotated[
    str,
    typer.Argument(
        metavar="ITEM", help="Catalog name, or the new item's name.", autocompletion=complete.catalog_entries
    ),
]


# The item options (options.ItemOptions), declared once for the command line: each command
# that takes them (`item add`, `shop buy`) gets them in its signature from here and receives
# them as one mapping, `options` (`takes_item_options`).
ITEM_PARAMETERS: dict[str, tuple[Any, Any]] = {
    "hands": (HandsOpt, None),
    "weight": (WeightOpt, None),
    "value": (ValueOpt, None),
    "requires": (RequiresOpt, None),
    "clothing": (ClothingOpt, None),
    "personal": (PersonalOpt, None),
    "darkstone_icon": (IconOpt, None),
    "slots": (SlotsOpt, None),
    "damage": (DamageOpt, None),
    "armor": (ArmorOpt, None),
    "restriction": (RestrictionOpt, None),
    "shield": (ShieldOpt, None),
    "heft": (HeftOpt, None),
    "kind": (KindOpt, None),
}
ITEM_OPTIONS = tuple(ITEM_PARAMETERS)  # by name, in the order the help lists them


takes_item_options = takes(ITEM_PARAMETERS, "options", kind_in_english)
