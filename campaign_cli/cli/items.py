"""`campaign item ...`, `gold`, `darkstone` and `forge` (R26-R39)."""

from typing import TYPE_CHECKING, Annotated, Any, Literal

import typer

from campaign_cli.cli import answers, said
from campaign_cli.cli.common import (
    MAX_AMOUNT,
    JsonlOpt,
    JsonOpt,
    NameArg,
    acting,
    complete,
    fast,
    help_text,
    looking,
)
from campaign_cli.cli.itemopts import (
    ArmorOpt,
    CatalogArg,
    CountOpt,
    CustomOpt,
    DamageOpt,
    HandsOpt,
    HeftOpt,
    ItemArg,
    PiecesOpt,
    RestrictionOpt,
    SlotsOpt,
    ValueOpt,
    WeightOpt,
    takes_item_options,
)
from campaign_cli.cli.lazy import command_app, noun_app
from campaign_cli.cli.output import emit
from campaign_cli.library.core import Core
from campaign_cli.library.items import Items
from campaign_cli.rules import gear

if TYPE_CHECKING:
    pass

app = noun_app(
    help_text(
        "Items a character carries, holds and wears (R31-R39).",
        "campaign item add Ajax Broadsword",
        "campaign item list Ajax",
    )
)
gold_app = noun_app(help_text("A character's gold.", "campaign gold add Ajax 50"))
darkstone_app = noun_app(help_text("Loose dark stone shards (R37).", "campaign darkstone add Ajax 2"))
forge_app = command_app()

CountArg = Annotated[int, typer.Argument(min=1, max=MAX_AMOUNT, metavar="N", help="How many.")]


@app.command(
    help=help_text(
        "Add an item: a catalog weapon or armor (English or Russian name), or a new item described by the options.",
        "campaign item add Ajax Broadsword --weight 3 --value 40",
        "campaign item add Ajax 'Lucky Hat' --clothing hat --personal",
        "campaign item add Ajax Crate --weight 9",
        "campaign item add Ajax 'Rune of Power' --kind upgrade --slots 1 --darkstone-icon",
        "campaign item add Ajax Torch --count 3",
    )
)
@takes_item_options
@fast
def add(
    name: NameArg,
    item: CatalogArg,
    options: dict[str, Any],  # the item options (cli/itemopts.py)
    custom: CustomOpt = False,
    count: CountOpt = 1,
    json_out: JsonOpt = False,
) -> None:
    answers.item_add(name, item, custom=custom, count=count, options=options, json_out=json_out)


@app.command(
    help=help_text(
        "One item in full: stats, upgrades and forged stones, slots used and free, requires, state.",
        "campaign item show Ajax Broadsword",
        "campaign item show Ajax 7 --json",
    )
)
@fast
def show(name: NameArg, item: ItemArg, json_out: JsonOpt = False) -> None:
    answers.item_show(name, item, json_out=json_out)


@app.command(
    "list",
    help=help_text(
        "List a character's items.", "campaign item list Ajax", "campaign item list Ajax --jsonl | jq -r .name"
    ),
)
@fast
def list_(name: NameArg, json_out: JsonOpt = False, jsonl: JsonlOpt = False) -> None:
    ch = looking(Core).character_show(name)
    emit(ch["items"], lambda: said.item_table(ch), json_out=json_out, jsonl=jsonl)


@app.command(
    help=help_text(
        "Drop an item, or some pieces of a stack (never a personal one, R36).",
        "campaign item drop Ajax Crate",
        "campaign item drop Ajax Torch --count 2",
    )
)
@fast
def drop(name: NameArg, item: ItemArg, count: PiecesOpt = None, json_out: JsonOpt = False) -> None:
    with acting(Items) as camp:
        data = camp.item_drop(name, item, count=count)
    emit(data, lambda: said.item_dropped(data), json_out=json_out)


@app.command(
    help=help_text(
        "Give an item to another character (R38; R33 on the receiver; never a personal item, R36).",
        "campaign item give Ajax Merlin Dagger",
        "campaign item give Ajax Merlin Torch --count 1",
    )
)
@fast
def give(
    src: Annotated[str, typer.Argument(metavar="FROM", help="Who has the item.", autocompletion=complete.characters)],
    dst: Annotated[str, typer.Argument(metavar="TO", help="Who gets it.", autocompletion=complete.characters)],
    item: ItemArg,
    count: PiecesOpt = None,
    json_out: JsonOpt = False,
) -> None:
    with acting(Items) as camp:
        data = camp.item_give(src, dst, item, count=count)
    emit(data, lambda: said.item_given(data), json_out=json_out)


@app.command(
    help=help_text(
        "Sell an item: TO pays FROM the price, default the item's value (R38).",
        "campaign item sell Ajax Merlin Dagger --price 5",
        "campaign item sell Ajax Merlin Arrow --count 10 --price 3",
    )
)
@fast
def sell(
    src: Annotated[str, typer.Argument(metavar="FROM", help="Who has the item.")],
    dst: Annotated[str, typer.Argument(metavar="TO", help="Who gets it.")],
    item: ItemArg,
    price: Annotated[
        int | None,
        typer.Option("--price", min=0, max=MAX_AMOUNT, metavar="GOLD", help="Agreed price, for all the pieces sold."),
    ] = None,
    count: PiecesOpt = None,
    json_out: JsonOpt = False,
) -> None:
    with acting(Items) as camp:
        data = camp.item_sell(src, dst, item, price=price, count=count)
    emit(data, lambda: said.item_sold(data), json_out=json_out)


@app.command(
    help=help_text(
        "Put these items in hand, replacing the previous choice (R32: 2 hands; R34 keywords); "
        "--none empties the hands.",
        "campaign item hold Ajax Broadsword",
        "campaign item hold Ajax Dagger Torch",
        "campaign item hold Ajax --none",
    )
)
@fast
def hold(
    name: NameArg,
    items: Annotated[
        list[str] | None, typer.Argument(metavar="[ITEM]...", help="What to hold.", autocompletion=complete.items)
    ] = None,
    none: Annotated[bool, typer.Option("--none", help="Empty the hands.")] = False,
    json_out: JsonOpt = False,
) -> None:
    with acting(Items) as camp:
        data = camp.item_hold(name, *(items or []), none=none)  # R32a: changing what one holds is the action
    emit(data, lambda: said.items_held(data), json_out=json_out)


@app.command(
    help=help_text(
        "Wear clothing, armor or a shield (R35: one item per body part; R29, R30).",
        "campaign item wear Ajax Leather",
        "campaign item wear Ajax 'Small Shield'",
    )
)
@fast
def wear(name: NameArg, item: ItemArg, json_out: JsonOpt = False) -> None:
    with acting(Items) as camp:
        data = camp.item_wear(name, item)
    emit(data, lambda: said.item_worn(data), json_out=json_out)


@app.command(help=help_text("Put a held or worn item back in the pack.", "campaign item stow Ajax Leather"))
@fast
def stow(name: NameArg, item: ItemArg, json_out: JsonOpt = False) -> None:
    with acting(Items) as camp:
        data = camp.item_stow(name, item)
    emit(data, lambda: said.item_stowed(data), json_out=json_out)


@app.command(
    help=help_text(
        "Put an item away where it is not carried (at home, in a town, in a wagon): no weight (R33), no hands, "
        "no benefit; only between adventures or in a town.",
        "campaign item store Ajax 'Ore Crate'",
        "campaign item store Ajax Torch --count 2",
    )
)
@fast
def store(name: NameArg, item: ItemArg, count: PiecesOpt = None, json_out: JsonOpt = False) -> None:
    with acting(Items) as camp:
        data = camp.item_store(name, item, count=count)
    emit(data, lambda: said.item_stored(data), json_out=json_out)


@app.command(
    help=help_text(
        "Take a stored item back into the pack (R33 checked); between adventures or in a town.",
        "campaign item fetch Ajax 'Ore Crate'",
        "campaign item fetch Ajax Torch --count 1",
    )
)
@fast
def fetch(name: NameArg, item: ItemArg, count: PiecesOpt = None, json_out: JsonOpt = False) -> None:
    with acting(Items) as camp:
        data = camp.item_fetch(name, item, count=count)
    emit(data, lambda: said.item_fetched(data), json_out=json_out)


@app.command(
    "set",
    help=help_text(
        "Change an item's numbers after the fact (R39: not fewer slots than its upgrades fill; R33: the new "
        "weight carried); a forged item keeps its upgrades.",
        "campaign item set Ajax Broadsword --value 40 --weight 3",
        "campaign item set Ajax 'Ore Crate' --name 'Iron Ore' --slots 1",
    ),
)
@fast
def set_(
    name: NameArg,
    item: ItemArg,
    new_name: Annotated[str | None, typer.Option("--name", metavar="NEW", help="A new name.")] = None,
    weight: WeightOpt = None,
    value: ValueOpt = None,
    slots: SlotsOpt = None,
    damage: DamageOpt = None,
    armor: ArmorOpt = None,
    restriction: RestrictionOpt = None,
    heft: HeftOpt = None,
    hands: HandsOpt = None,
    json_out: JsonOpt = False,
) -> None:
    with acting(Items) as camp:
        data = camp.item_set(
            name, item, name=new_name, weight=weight, value=value, slots=slots, damage=damage, armor=armor,
            restriction=restriction, heft=heft, hands=hands,
        )  # fmt: skip
    emit(data, lambda: said.item_changed(data), json_out=json_out)


@app.command(
    help=help_text(
        "Reload a fired (R) or (R3) weapon (R26): in a fight whose order is rolled, one action of the round "
        "(three for R3, R32a); out of one, at once.",
        "campaign item reload Ajax Crossbow",
    )
)
@fast
def reload(name: NameArg, weapon: ItemArg, json_out: JsonOpt = False) -> None:
    with acting(Items) as camp:
        data = camp.item_reload(name, weapon)
    emit(data, lambda: said.item_reloaded(data), json_out=json_out)


@app.command(
    help=help_text(
        "Fit an upgrade item from the pack into an item's free slots (R39).",
        "campaign item upgrade Ajax Broadsword 'Rune of Power'",
    )
)
@fast
def upgrade(
    name: NameArg,
    item: ItemArg,
    upgrade: Annotated[str, typer.Argument(metavar="UPGRADE", help="An upgrade item in the pack (--kind upgrade).")],
    json_out: JsonOpt = False,
) -> None:
    with acting(Items) as camp:
        data = camp.item_upgrade(name, item, upgrade)
    emit(data, lambda: said.item_upgraded(data), json_out=json_out)


@app.command(
    help=help_text(
        "Drink a potion (R25): it heals, or raises an attribute or skill for one fight; it is used up.",
        "campaign item use Ajax 'Healing Potion'",
        "campaign item use Kate 'Potion of ST' --on Ajax",
        "campaign item use Ajax 'Healing Potion' --count 2",
    )
)
@fast
def use(
    name: NameArg,
    item: ItemArg,
    on: Annotated[str | None, typer.Option("--on", metavar="WHO", help="Who drinks it (default: NAME).")] = None,
    count: Annotated[
        int,
        typer.Option("--count", min=1, max=MAX_AMOUNT, metavar="K", help="Healing potions of a stack drunk at once."),
    ] = 1,
    json_out: JsonOpt = False,
) -> None:
    with acting(Items) as camp:
        data = camp.item_use(name, item, on=on, count=count)
    emit(data, lambda: said.potion_drunk(data, count), json_out=json_out)


def _counter(field: Literal["gold", "darkstone"], label: str, sign: int) -> Any:
    method = f"{field}_{'add' if sign > 0 else 'remove'}"

    @fast  # the command table reads METHOD off the closure (tools/commandtable.py)
    def command(name: NameArg, n: CountArg, json_out: JsonOpt = False) -> None:
        with acting(Items) as camp:
            data = getattr(camp, method)(name, n)
        emit(data, lambda: said.counted_line(data), json_out=json_out)

    return command


gold_app.command("add", help=help_text("Give a character gold.", "campaign gold add Ajax 50"))(
    _counter("gold", "gold", 1)
)
gold_app.command("remove", help=help_text("Take gold from a character (not below 0).", "campaign gold remove Ajax 20"))(
    _counter("gold", "gold", -1)
)
darkstone_app.command(
    "add", help=help_text("Give a character loose dark stone shards (R37).", "campaign darkstone add Ajax 3")
)(_counter("darkstone", "dark stone", 1))
darkstone_app.command(
    "remove", help=help_text("Take loose dark stone shards away.", "campaign darkstone remove Ajax 1")
)(_counter("darkstone", "dark stone", -1))


@forge_app.command(
    "forge",
    help=help_text(
        "Forge loose dark stone into an item's upgrade slots, in a town with a blacksmith (R39).",
        "campaign forge Ajax Broadsword",
        "campaign forge Ajax Broadsword --stones 2 --slots 1 --gold 50 --name 'Void Edge'",
    ),
)
@fast
def forge(
    name: NameArg,
    item: ItemArg,
    stones: Annotated[
        int, typer.Option("--stones", min=1, max=MAX_AMOUNT, metavar="N", help="Loose dark stones used.")
    ] = 1,
    slots: Annotated[int, typer.Option("--slots", min=1, max=gear.MAX_SLOTS, metavar="K", help="Slots filled.")] = 1,
    gold: Annotated[int, typer.Option("--gold", min=0, max=MAX_AMOUNT, metavar="G", help="The blacksmith's fee.")] = 0,
    label: Annotated[str | None, typer.Option("--name", metavar="LABEL", help="The upgrade's name.")] = None,
    json_out: JsonOpt = False,
) -> None:
    with acting(Items) as camp:
        data = camp.forge(name, item, stones=stones, slots=slots, gold=gold, name=label)
    emit(data, lambda: said.item_forged(data), json_out=json_out)
