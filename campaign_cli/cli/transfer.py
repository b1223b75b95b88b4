"""`campaign export` and `campaign import`: the whole campaign as one JSON document."""

from pathlib import Path
from typing import Annotated

import typer

from campaign_cli import store
from campaign_cli.cli.common import (
    ForceOpt,
    JsonOpt,
    OutputOpt,
    campaign_path,
    help_text,
    read_text,
    reading,
    write_out,
)
from campaign_cli.cli.lazy import command_app
from campaign_cli.cli.output import Line, emit
from campaign_cli.i18n import _, ngettext
from campaign_cli.rules.documents import check_tables
from campaign_cli.run import RUN
from campaign_cli.store import transfer
from campaign_cli.store.layout import set_packs_text

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
    camp = reading()
    text = transfer.dumps(transfer.export_document(camp.data))
    written = write_out(camp, text, output, force)
    if written is not None:
        emit(
            {"written": str(written), "characters": len(camp.data["characters"]), "enemies": len(camp.data["enemies"])},
            Line(_('wrote {target}').format(target=written)),
            json_out=json_out,
        )


@import_app.command(
    "import",
    help=help_text(
        "Create a new campaign file from an export (validated first; refused if the campaign file exists).",
        "campaign -c restored.json import gold-road.export.json",
        "campaign export | campaign -c copy.json import -",
    ),
)
def import_(
    source: Annotated[str, typer.Argument(metavar="FILE", help="An export; - reads stdin.")], json_out: JsonOpt = False
) -> None:
    tables = transfer.tables_from_export(transfer.read_export(read_text(source)))
    stored = list(tables.pop("packs").values())
    tables = check_tables(tables, stored)
    if stored:
        set_packs_text(tables, store.campaign.encode_packs(stored))
    meta = tables["meta"]["1"]
    camp = store.create(campaign_path(), meta.get("name", "Campaign"), RUN.words, data=tables, verb="imported")
    data = {
        "file": str(camp.path),
        "name": meta.get("name"),
        "characters": len(tables["characters"]),
        "enemies": len(tables["enemies"]),
    }
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
