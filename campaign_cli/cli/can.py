"""`campaign can [NAME]`: what a character may do now, read from the guard the acts use."""

from typing import Annotated

import typer

from campaign_cli.cli import said
from campaign_cli.cli.common import JsonOpt, complete, fast, help_text, looking
from campaign_cli.cli.lazy import command_app
from campaign_cli.cli.output import emit
from campaign_cli.library.characters import Characters


@fast
def can(
    name: Annotated[
        str | None,
        typer.Argument(
            metavar="[NAME]", help="The character (default: each of the party).", autocompletion=complete.characters
        ),
    ] = None,
    json_out: JsonOpt = False,
) -> None:
    data = looking(Characters).can(name)
    emit(data, lambda: said.can_views(data), json_out=json_out)


can_app = command_app()
can_app.command(
    "can",
    help=help_text(
        "Show what a character (else each of the party) may do now and, for the rest, why not: the guard the acts "
        "use (condition, turn, phase; R11a, R32a).",
        "campaign can Ajax",
        "campaign can --json | jq '.[] | {character, allowed}'",
    ),
)(can)
