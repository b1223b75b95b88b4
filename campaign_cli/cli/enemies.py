"""`campaign enemy ...`: threat boards with normal and brutal sides (R40-R42)."""

from typing import TYPE_CHECKING, Annotated

import typer

from campaign_cli.acts import enemies as boards
from campaign_cli.acts import fights as fighting
from campaign_cli.cli.common import (
    MAX_AMOUNT,
    MAX_SEED,
    JsonlOpt,
    JsonOpt,
    complete,
    help_text,
    parse_int,
    read_json,
    reading,
    writing,
)
from campaign_cli.cli.lazy import noun_app
from campaign_cli.cli.output import Line, Table, emit
from campaign_cli.cli.views import board_views
from campaign_cli.errors import Refused, UsageProblem
from campaign_cli.i18n import _, gendered, ngettext
from campaign_cli.rules import dice as d
from campaign_cli.rules import enemies as rules
from campaign_cli.rules.characters import check_name, view

if TYPE_CHECKING:
    from campaign_cli.model import Board

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


def _read_board(path: str | None) -> dict:
    return {} if path is None else read_json(path, "board", "--file")  # type: ignore[return-value]  # checked later


def _apply_fields(board: dict, fields: list[str]) -> None:
    """--field normal.defense=2, --field brutal.elite='a;b;c;d;e;f', --field keywords=Undead;Beast."""
    for raw in fields:
        path, sep, value = raw.partition("=")
        if not sep:
            raise UsageProblem(_('--field {raw!r}: expected FIELD=VALUE').format(raw=raw), "bad_value")
        parts = path.strip().split(".")
        key = parts[-1]
        target = board
        for part in parts[:-1]:
            target = target.setdefault(part, {})
            if not isinstance(target, dict):
                raise UsageProblem(
                    _('--field {path}: {part} is not an object').format(path=path, part=part), "bad_value"
                )
        if key in rules.LISTS or key == "keywords":
            target[key] = [v.strip() for v in value.split(";") if v.strip()]
        elif key in rules.NUMBERS:
            target[key] = parse_int(value, f"--field {path}")
        else:
            target[key] = value


def board_data(board: "Board", brutal: bool) -> dict:
    return {
        "id": board.get("id"),
        "name": board["name"],
        "keywords": board["keywords"],
        "size": board["size"],
        "side": "brutal" if brutal else "normal",
        **rules.side_of(board, brutal),
    }


@app.command(
    help=help_text(
        "Add an enemy type from a board file (or - for stdin), options overriding it; NAME wins over the board's name.",
        "campaign enemy add --file samples/enemies/bog-lurker.json",
        "campaign enemy add 'Bog Lurker' --file board.json --field brutal.defense=3",
    )
)
def add(
    name: Annotated[
        str | None, typer.Argument(metavar="[NAME]", help="The enemy type's name (default: the board's own).")
    ] = None,
    file: Annotated[
        str | None, typer.Option("--file", metavar="BOARD.json", help="The threat board (JSON); - reads stdin.")
    ] = None,
    size: Annotated[
        str | None, typer.Option("--size", metavar="SIZE", help="small, medium, large, huge or giant.")
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
    board = _read_board(file)
    if not isinstance(board, dict):
        raise Refused(_("bad board: the file must hold a JSON object"), "bad_board")
    if name is not None:
        board["name"] = check_name(name, "enemy")
    elif not isinstance(board.get("name"), str):
        raise UsageProblem(_("give NAME, or a --file board that has a name"), "missing_name")

    def adjust(board: dict) -> None:  # the options, over the file's or the pack's board
        if size is not None:
            board["size"] = size
        if keyword:
            board["keywords"] = keyword
        _apply_fields(board, field or [])

    with writing() as camp:
        added = boards.add_board(camp, board, file is None, adjust)
    emit(
        added,
        [Line(_("added {name} (#{id})").format(name=added["name"], id=added["id"])), *board_views(added, False)],
        json_out=json_out,
    )


@app.command("list", help=help_text("List the enemy types.", "campaign enemy list --jsonl | jq -r .name"))
def list_(json_out: JsonOpt = False, jsonl: JsonlOpt = False) -> None:
    boards = reading().docs("enemies")
    rows = [
        [b["id"], b["name"], b["size"], ", ".join(b["keywords"]), b["normal"]["xp"], b["brutal"]["xp"]] for b in boards
    ]
    emit(
        boards,
        Table(_("Enemies"), [_("id"), _("name"), _("size"), _("keywords"), _("XP"), _("brutal XP")], rows),
        json_out=json_out,
        jsonl=jsonl,
    )


@app.command(help=help_text("Show one side of an enemy's board.", "campaign enemy show 'Bog Lurker' --brutal"))
def show(name: EnemyArg, brutal: BrutalOpt = False, json_out: JsonOpt = False) -> None:
    board: Board = reading().find("enemies", name, "enemy")  # type: ignore[assignment]  # judged when read
    emit(board_data(board, brutal), board_views(board, brutal), json_out=json_out)


@app.command(help=help_text("Delete an enemy type (undo brings it back).", "campaign enemy delete 'Bog Lurker'"))
def delete(name: EnemyArg, json_out: JsonOpt = False) -> None:
    with writing() as camp:
        board = boards.delete_board(camp, name)
    emit({"deleted": board}, Line(_('deleted {name}').format(name=board['name'])), json_out=json_out)


@app.command(
    help=help_text(
        "Roll one die on the elite table (R42).",
        "campaign enemy elite 'Bog Lurker' --seed 4",
        "campaign enemy elite 'Bog Lurker' --brutal --dice 6",
    )
)
def elite(
    name: EnemyArg,
    brutal: BrutalOpt = False,
    seed: Annotated[int | None, typer.Option("--seed", metavar="N", min=0, max=MAX_SEED, help="Seed the die.")] = None,
    dice: Annotated[str | None, typer.Option("--dice", metavar="D", help="The physical die, 1-6.")] = None,
    json_out: JsonOpt = False,
) -> None:
    with writing() as camp:
        data = boards.roll_elite(
            camp, name, brutal, lambda: d.obtain(1, rules.ELITE_ENTRIES, dice, d.rng_for(seed))[0], seed
        )
    emit(
        data,
        Line(
            _("{name} elite roll {die}: {ability}").format(name=data["enemy"], die=data["die"], ability=data["ability"])
        ),
        json_out=json_out,
    )


@app.command(
    help=help_text("Wounds from a hit: damage minus defense, never below 0 (R41).", "campaign enemy hit 'Bog Lurker' 5")
)
def hit(
    name: EnemyArg,
    damage: Annotated[
        int, typer.Argument(min=0, max=MAX_AMOUNT, metavar="DAMAGE", help="Damage of the hit, before defense.")
    ],
    brutal: BrutalOpt = False,
    json_out: JsonOpt = False,
) -> None:
    board: Board = reading().find("enemies", name, "enemy")  # type: ignore[assignment]  # judged when read
    wounds = rules.wounds(board, brutal, damage)
    defense = rules.side_of(board, brutal)["defense"]
    data = {
        "enemy": board["name"],
        "side": "brutal" if brutal else "normal",
        "damage": damage,
        "defense": defense,
        "wounds": wounds,
    }
    emit(
        data,
        Line(
            _("{enemy}: {damage} damage - defense {defense} = ").format(
                enemy=board["name"], damage=damage, defense=defense
            )
            + ngettext("{n} wound", "{n} wounds", wounds)
        ),
        json_out=json_out,
    )


@app.command(help=help_text("The killer wins the enemy's XP (R41).", "campaign enemy kill 'Bog Lurker' --by Ajax"))
def kill(
    name: EnemyArg,
    by: Annotated[
        str, typer.Option("--by", metavar="CHARACTER", help="Who killed it.", autocompletion=complete.characters)
    ],
    brutal: BrutalOpt = False,
    json_out: JsonOpt = False,
) -> None:
    with writing() as camp:
        doc, board, xp = fighting.kill_enemy(camp, name, by, brutal)
    ch = view(doc)
    emit(
        {"enemy": board["name"], "side": "brutal" if brutal else "normal", "xp": xp, "character": ch},
        Line(
            gendered(ch["gender"], "{name} killed {enemy}: +{xp} XP ({total} in all)").format(
                name=ch["name"], enemy=board["name"], xp=xp, total=ch["xp"]
            )
        ),
        json_out=json_out,
    )
