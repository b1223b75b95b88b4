"""`campaign schema KIND`: the JSON Schema (draft 2020-12) of a document the tool reads or writes."""

from typing import Annotated

import typer

from campaign_cli.cli.common import JsonOpt, help_text
from campaign_cli.cli.lazy import command_app
from campaign_cli.cli.output import write_json
from campaign_cli.errors import Say, UsageProblem

schema_app = command_app()


@schema_app.command(
    "schema",
    help=help_text(
        "Print the JSON Schema (draft 2020-12) of a document: an export, a catalog pack, an enemy board, or a "
        "character as `character show --json` gives it. The output is JSON whether or not --json is given.",
        "campaign schema pack > pack.schema.json",
        "campaign schema character | jq .required",
    ),
)
def schema(
    kind: Annotated[str, typer.Argument(metavar="export|pack|board|character", help="Which document.")],
    json_out: JsonOpt = False,
) -> None:
    from campaign_cli.rules import schemas

    if kind not in schemas.KINDS_OF_SCHEMA:
        from campaign_cli.rules.names import did_you_mean, suggest

        close = suggest(kind, ((k,) for k in schemas.KINDS_OF_SCHEMA), limit=1)
        err = UsageProblem(
            Say("schema takes export, pack, board or character, not {kind!r}", kind=kind) + did_you_mean(close)
        )
        err.extra["suggestions"] = close
        raise err
    write_json(schemas.schema(kind))
