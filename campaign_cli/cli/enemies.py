"""`campaign enemy ...`: threat boards with normal and brutal sides (R40-R42)."""

from typing import Annotated

import typer

from campaign_cli.cli import said
from campaign_cli.cli.common import (
    MAX_AMOUNT,
    MAX_SEED,
    JsonlOpt,
    JsonOpt,
    acting,
    complete,
    fast,
    help_text,
    looking,
)
from campaign_cli.cli.lazy import noun_app
from campaign_cli.cli.output import emit
from campaign_cli.cli.views import board_views
from campaign_cli.library.enemies import Enemies

app = noun_app(
    help_text(
        "Enemy threat boards: a normal and a brutal side (R40-R42).",
        "campaign enemy add 'Bog Lurker' --file samples/enemies/bog-lurker.json",
        "campaign enemy list",
    )
)

EnemyArg = Annotated[
    str, typer.Argument(metavar="NAME", help="The enemy type's name.", autocompletion=complete.enemies)
]
BrutalOpt = Annotated[bool, typer.Option("--brutal", help="Use the brutal (red) side.")]


@app.command(
    help=help_text(
        "Add an enemy type from a board file (or - for stdin), options overriding it; NAME wins over the board's name.",
        "campaign enemy add --file samples/enemies/bog-lurker.json",
        "campaign enemy add 'Bog Lurker' --file board.json --field brutal.defense=3",
    )
)
@fast
def add(
    name: Annotated[
        str | None, typer.Argument(metavar="[NAME]", help="The enemy type's name (default: the board's own).")
    ] = None,
    file: Annotated[
        str | None,
        typer.Option(
            "--file",
            metavar="BOARD.json",
            help="The threat board (JSON); - reads stdin.",
            autocompletion=complete.files,
        ),
    ] = None,
    size: Annotated[
        str | None,
        typer.Option("--size", metavar="SIZE", help="small, medium, large, huge or giant (in either language)."),
    ] = None,
    keyword: Annotated[
        list[str] | None, typer.Option("--keyword", metavar="WORD", help="Enemy keyword (repeat).")
    ] = None,
    field: Annotated[
        list[str] | None,
        typer.Option(
            "--field", metavar="FIELD=VALUE", help="Any board field, e.g. normal.defense=2, normal.elite='a;b;c;d;e;f'."
        ),
    ] = None,
    json_out: JsonOpt = False,
) -> None:
    with acting(Enemies) as camp:
        added = camp.enemy_add(name, file=file, size=size, keyword=keyword, field=field)  # type: ignore[arg-type]
    emit(added, lambda: said.enemy_added(added), json_out=json_out)


@app.command("list", help=help_text("List the enemy types.", "campaign enemy list --jsonl | jq -r .name"))
@fast
def list_(json_out: JsonOpt = False, jsonl: JsonlOpt = False) -> None:
    boards = looking(Enemies).enemy_list()
    emit(boards, lambda: said.enemy_table(boards), json_out=json_out, jsonl=jsonl)


@app.command(help=help_text("Show one side of an enemy's board.", "campaign enemy show 'Bog Lurker' --brutal"))
@fast
def show(name: EnemyArg, brutal: BrutalOpt = False, json_out: JsonOpt = False) -> None:
    data = looking(Enemies).enemy_show(name, brutal=brutal)
    emit(data, lambda: board_views(data, brutal), json_out=json_out)


@app.command(help=help_text("Delete an enemy type (undo brings it back).", "campaign enemy delete 'Bog Lurker'"))
@fast
def delete(name: EnemyArg, json_out: JsonOpt = False) -> None:
    with acting(Enemies) as camp:
        data = camp.enemy_delete(name)
    emit(data, lambda: said.enemy_deleted(data), json_out=json_out)


@app.command(
    help=help_text(
        "Roll one die on the elite table (R42).",
        "campaign enemy elite 'Bog Lurker' --seed 4",
        "campaign enemy elite 'Bog Lurker' --brutal --dice 6",
    )
)
@fast
def elite(
    name: EnemyArg,
    brutal: BrutalOpt = False,
    seed: Annotated[int | None, typer.Option("--seed", metavar="N", min=0, max=MAX_SEED, help="Seed the die.")] = None,
    dice: Annotated[str | None, typer.Option("--dice", metavar="D", help="The physical die, 1-6.")] = None,
    json_out: JsonOpt = False,
) -> None:
    with acting(Enemies) as camp:
        data = camp.enemy_elite(name, brutal=brutal, seed=seed, dice=dice)
    emit(data, lambda: said.elite_rolled(data), json_out=json_out)


@app.command(
    help=help_text("Wounds from a hit: damage minus defense, never below 0 (R41).", "campaign enemy hit 'Bog Lurker' 5")
)
@fast
def hit(
    name: EnemyArg,
    damage: Annotated[
        int, typer.Argument(min=0, max=MAX_AMOUNT, metavar="DAMAGE", help="Damage of the hit, before defense.")
    ],
    brutal: BrutalOpt = False,
    json_out: JsonOpt = False,
) -> None:
    data = looking(Enemies).enemy_hit(name, damage, brutal=brutal)
    emit(data, lambda: said.enemy_wounds(data, damage), json_out=json_out)


@app.command(help=help_text("The killer wins the enemy's XP (R41).", "campaign enemy kill 'Bog Lurker' --by Ajax"))
@fast
def kill(
    name: EnemyArg,
    by: Annotated[
        str, typer.Option("--by", metavar="CHARACTER", help="Who killed it.", autocompletion=complete.characters)
    ],
    brutal: BrutalOpt = False,
    json_out: JsonOpt = False,
) -> None:
    with acting(Enemies) as camp:
        data = camp.enemy_kill(name, by=by, brutal=brutal)
    emit(data, lambda: said.enemy_killed(data), json_out=json_out)
