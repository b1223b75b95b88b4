"""`campaign can [NAME]`: what a character may do now, read from the guard the acts use."""

from collections.abc import Mapping
from typing import Annotated, Any

import typer

from campaign_cli.cli.common import JsonOpt, complete, help_text, looking
from campaign_cli.cli.lazy import command_app
from campaign_cli.cli.output import Line, Table, emit
from campaign_cli.i18n import _
from campaign_cli.library.characters import Characters
from campaign_cli.render.text import Verbatim


def views(one: Mapping[str, Any]) -> list[Any]:
    """A character's acts allowed in one line, and each refused with the guard's sentence."""
    out: list[Any] = [
        Line(_("{name} can: {acts}").format(name=one["character"], acts=", ".join(one["allowed"])))
        if one["allowed"]
        else Line(_("{name} can do nothing of their own now").format(name=one["character"]))
    ]
    if one["refused"]:
        rows = [(Verbatim(r["act"]), Verbatim(r["message"])) for r in one["refused"]]  # command paths: as typed
        out.append(
            Table(_("{name} cannot").format(name=one["character"]), [_("command"), _("why not")], rows, ("", "text"))
        )
    return out


def can(
    name: Annotated[
        str | None,
        typer.Argument(
            metavar="[NAME]", help="The character (default: each of the party).", autocompletion=complete.characters
        ),
    ] = None,
    json_out: JsonOpt = False,
) -> None:
    data = looking(Characters).can(name) if name is not None else looking(Characters).can()
    emit(
        data, lambda: [v for one in ([data] if isinstance(data, dict) else data) for v in views(one)], json_out=json_out
    )


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
