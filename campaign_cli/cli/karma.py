"""`campaign karma add` and `campaign wish add|spend` (R17, R25)."""

from typing import Annotated

import typer

from campaign_cli.cli import said
from campaign_cli.cli.common import MAX_AMOUNT, JsonOpt, NameArg, acting, complete, fast, help_text
from campaign_cli.cli.lazy import noun_app
from campaign_cli.cli.output import emit
from campaign_cli.library.advancement import Advancement

app = noun_app(help_text("Give karma (R17); Bard karma lasts one adventure (R25).", "campaign karma add Ajax 1"))
wish_app = noun_app(help_text("Give and spend wishes (R17).", "campaign wish add Ajax 1", "campaign wish spend Ajax"))

CountArg = Annotated[int, typer.Argument(min=1, max=MAX_AMOUNT, metavar="N", help="How many.")]


@app.command(
    help=help_text(
        "Give a character karma; --bard for karma a Bard made, gone when the adventure ends (R25): the same "
        "act as `skill use BARD Bard` without its roll, so it spends that bard's use of this adventure (R25a); "
        "--by names the bard when several could sing.",
        "campaign karma add Ajax 2",
        "campaign karma add Merlin 1 --bard",
        "campaign karma add Merlin 1 --bard --by Kate",
    )
)
@fast
def add(
    name: NameArg,
    n: CountArg,
    bard: Annotated[bool, typer.Option("--bard", help="Karma from a Bard: for this adventure only (R25).")] = False,
    by: Annotated[
        str | None,
        typer.Option(
            "--by", metavar="BARD", help="With --bard: the bard who sang.", autocompletion=complete.characters
        ),
    ] = None,
    json_out: JsonOpt = False,
) -> None:
    with acting(Advancement) as camp:
        data = camp.karma_add(name, n, bard=bard, by=by)
    emit(data, lambda: said.karma_line(data), json_out=json_out)


@wish_app.command("add", help=help_text("Give a character wishes.", "campaign wish add Ajax 1"))
@fast
def wish_add(name: NameArg, n: CountArg, json_out: JsonOpt = False) -> None:
    with acting(Advancement) as camp:
        data = camp.wish_add(name, n)
    emit(data, lambda: said.wishes_line(data), json_out=json_out)


@wish_app.command(
    "spend",
    help=help_text("Spend a wish: all damage is cancelled, even a killing blow (R17).", "campaign wish spend Ajax"),
)
@fast
def wish_spend(name: NameArg, json_out: JsonOpt = False) -> None:
    with acting(Advancement) as camp:
        data = camp.wish_spend(name)  # R17: a wish on the just-killed
    emit(data, lambda: said.wish_spent_line(data), json_out=json_out)
