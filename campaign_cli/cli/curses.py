"""`campaign curse apply|list|remove` (R18)."""

from typing import Annotated

import typer

from campaign_cli.cli import answers, said
from campaign_cli.cli.common import JsonlOpt, JsonOpt, NameArg, acting, complete, fast, help_text, looking
from campaign_cli.cli.lazy import noun_app
from campaign_cli.cli.output import emit
from campaign_cli.library.characters import Characters

app = noun_app(
    help_text(
        "Curses: each makes every roll 1 worse, and they stack (R18).",
        "campaign curse apply Ajax 'Mummy Rot'",
        "campaign curse list",
    )
)

CurseArg = Annotated[str, typer.Argument(metavar="CURSE", help="The curse's name.", autocompletion=complete.curses)]


@app.command(
    help=help_text(
        "Curse a character: different curses stack; the same curse twice is refused (R18).",
        "campaign curse apply Ajax 'Mummy Rot' --note 'opened the sarcophagus'",
    )
)
@fast
def apply(
    name: NameArg,
    curse: CurseArg,
    note: Annotated[str | None, typer.Option("--note", metavar="TEXT", help="Where it came from.")] = None,
    json_out: JsonOpt = False,
) -> None:
    with acting(Characters) as camp:
        data = camp.curse_apply(name, curse, note=note)
    emit(data, lambda: said.curse_applied(data), json_out=json_out)


@app.command(
    "list",
    help=help_text(
        "List active curses, of one character or of all.", "campaign curse list", "campaign curse list Ajax --json"
    ),
)
@fast
def list_(
    name: Annotated[str | None, typer.Argument(metavar="[NAME]", help="Only this character.")] = None,
    json_out: JsonOpt = False,
    jsonl: JsonlOpt = False,
) -> None:
    rows = looking(Characters).curse_list(name)
    emit(rows, lambda: said.curse_table(rows), json_out=json_out, jsonl=jsonl)


@app.command(
    help=help_text(
        "Lift a curse, paying 1 wish, 3 karma or 10 XP (R18).", "campaign curse remove Ajax 'Mummy Rot' --pay karma"
    )
)
@fast
def remove(
    name: NameArg,
    curse: CurseArg,
    pay: Annotated[
        str, typer.Option("--pay", metavar="PAY", help="What to pay with: wish, karma or xp (in either language).")
    ],
    json_out: JsonOpt = False,
) -> None:
    answers.curse_remove(name, curse, pay=pay, json_out=json_out)
