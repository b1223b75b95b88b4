"""`campaign character ...` (R1-R4): list, show, delete here; `create` is in charcreate.py,
`set` in charedit.py, `sheet` in sheet.py, `export` and `import` in interchange.py, each
loaded only when it runs (a read does not build the options of the commands that write)."""

from campaign_cli.cli import said
from campaign_cli.cli.common import (
    JsonlOpt,
    JsonOpt,
    NameArg,
    acting,
    fast,
    help_text,
    looking,
)
from campaign_cli.cli.drawn import character_lines
from campaign_cli.cli.lazy import noun_app
from campaign_cli.cli.output import emit
from campaign_cli.library.core import Core

app = noun_app(
    help_text("Create and manage characters (R1-R4).", "campaign character list"),
    {
        "create": "charcreate:create_app",
        "set": "charedit:set_app",
        "sheet": "sheet:sheet_app",
        "export": "interchange:export_app",
        "import": "interchange:import_app",
    },
    order=("create", "list", "show", "sheet", "set", "delete", "export", "import"),
)


@app.command(
    "list",
    help=help_text("List the characters.", "campaign character list", "campaign character list --jsonl | jq -r .name"),
)
@fast
def list_(json_out: JsonOpt = False, jsonl: JsonlOpt = False) -> None:
    chars = looking(Core).character_list()
    emit(chars, lambda: said.character_table(chars), json_out=json_out, jsonl=jsonl)


@app.command(
    help=help_text(
        "Show one character.", "campaign character show Ajax", "campaign character show ajax --json | jq .adjusted_dx"
    )
)
@fast
def show(name: NameArg, json_out: JsonOpt = False) -> None:
    ch = looking(Core).character_show(name)
    emit(ch, lambda: character_lines(ch), json_out=json_out)


@app.command(help=help_text("Delete a character (undo brings it back).", "campaign character delete Ajax"))
@fast
def delete(name: NameArg, json_out: JsonOpt = False) -> None:
    from campaign_cli.library.characters import Characters  # not loaded by show and list

    with acting(Characters) as camp:
        data = camp.character_delete(name)
    emit(data, lambda: said.character_deleted(data), json_out=json_out)
