"""`campaign export` and `campaign import`: the whole campaign as one JSON document."""

from pathlib import Path
from typing import Annotated

import typer

from campaign_cli.cli.common import (
    ForceOpt,
    JsonOpt,
    OutputOpt,
    complete,
    help_text,
    to_stdout,
)
from campaign_cli.cli.door import campaign_path
from campaign_cli.cli.lazy import command_app
from campaign_cli.cli.output import Line, emit, write_text
from campaign_cli.i18n import _, ngettext

export_app, import_app = command_app(), command_app()


@export_app.command(
    "export",
    help=help_text(
        "Write the whole campaign as one sorted, stable JSON document (diff-friendly: keep it in git).",
        "campaign export > gold-road.export.json",
        "campaign export --output gold-road.export.json",
    ),
)
def export(
    output: OutputOpt = None,
    force: ForceOpt = False,
    json_out: JsonOpt = False,
) -> None:
    from campaign_cli import api

    if to_stdout(output, json_out):  # `-` is stdout (a file named - is ./-); so is /dev/stdout
        write_text(api.export(campaign_path()))
        return
    assert output is not None  # to_stdout: None is standard output
    data = api.export(campaign_path(), output, force=force)
    emit(data, Line(_("wrote {target}").format(target=data["written"])), json_out=json_out)


@import_app.command(
    "import",
    help=help_text(
        "Create a new campaign file from an export (validated first; refused if the campaign file exists).",
        "campaign -c restored.json import gold-road.export.json",
        "campaign export | campaign -c copy.json import -",
    ),
)
def import_(
    source: Annotated[
        str, typer.Argument(metavar="FILE", help="An export; - reads stdin.", autocompletion=complete.files)
    ],
    json_out: JsonOpt = False,
) -> None:
    from campaign_cli import api

    data = api.import_(campaign_path(), source)
    emit(
        data,
        Line(
            _("imported {characters} and {enemies} into {file}").format(
                characters=ngettext("{n} character", "{n} characters", data["characters"]),
                enemies=ngettext("{n} enemy type", "{n} enemy types", data["enemies"]),
                file=Path(data["file"]),
            )
        ),
        json_out=json_out,
    )
