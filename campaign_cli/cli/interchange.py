"""`campaign character export` and `campaign character import`: a character to and from
another tool (Foundry VTT's fantasy-trip actor, TFT's stat block; docs/interchange.md)."""

from typing import Annotated

import typer

from campaign_cli import jsontext
from campaign_cli.cli.common import (
    ForceOpt,
    JsonOpt,
    NameArg,
    OutputOpt,
    character_lines,
    help_text,
    read_text,
    reading,
    write_out,
    writing,
)
from campaign_cli.cli.lazy import command_app
from campaign_cli.cli.output import Fields, emit
from campaign_cli.errors import Refused, UsageProblem
from campaign_cli.i18n import _
from campaign_cli.rules import characters as rules
from campaign_cli.rules import interchange

export_app, import_app = command_app(), command_app()

FORMATS = ("foundry", "statblock")


@export_app.command(
    "export",
    help=help_text(
        "Write a character for another tool: an actor of Foundry VTT's fantasy-trip system (JSON), or the stat block "
        "TFT adventures print. docs/interchange.md says what maps to what.",
        "campaign character export Ajax --format foundry --output ajax.foundry.json",
        "campaign character export Ajax --format statblock",
    ),
)
def export(
    name: NameArg,
    format_: Annotated[str, typer.Option("--format", metavar="foundry|statblock", help="The other tool's format.")],
    output_: OutputOpt = None,
    force: ForceOpt = False,
    json_out: JsonOpt = False,
) -> None:
    if format_ not in FORMATS:
        raise UsageProblem(_('--format takes foundry or statblock, not {format!r}').format(format=format_))
    camp = reading()
    ch = rules.view(camp.character(name))
    text = (
        jsontext.shown(interchange.to_foundry(ch), indent=2) + "\n"
        if format_ == "foundry"
        else interchange.to_statblock(ch)
    )
    if json_out and output_ is None:
        emit({"format": format_, "character": ch["name"], "text": text}, json_out=True)
        return
    written = write_out(camp, text, output_, force)
    if written is not None:
        emit(
            {"format": format_, "character": ch["name"], "written": str(written)},
            Fields(_("wrote {file}").format(file=written)),
            json_out=json_out,
        )


@import_app.command(
    "import",
    help=help_text(
        "Read a character from another tool (a Foundry VTT fantasy-trip actor, or a stat block) as a new character: "
        "attributes as they are (R2 is for new characters), talents matched to the skill table (the others kept and "
        "listed as unmatched), spells, items worn or carried.",
        "campaign character import uldor.json",
        "campaign character import hector.txt --format statblock --name Hector2",
    ),
)
def import_(
    source: Annotated[str, typer.Argument(metavar="FILE", help="The file; - reads stdin.")],
    format_: Annotated[
        str | None, typer.Option("--format", metavar="foundry|statblock", help="The file's format (default: detected).")
    ] = None,
    new_name: Annotated[str | None, typer.Option("--name", metavar="NEW", help="The character's name here.")] = None,
    json_out: JsonOpt = False,
) -> None:
    if format_ is not None and format_ not in FORMATS:
        raise UsageProblem(_('--format takes foundry or statblock, not {format!r}').format(format=format_))
    text = read_text(source)
    format_ = format_ or interchange.detect(text)
    if format_ == "foundry":
        try:
            data = jsontext.loads(text)
        except (ValueError, RecursionError):
            raise Refused(
                _("not a Foundry actor: {source} is not valid JSON").format(source=source), "bad_character_file"
            ) from None
        plan = interchange.from_foundry(data)
    else:
        plan = interchange.from_statblock(text)
    from campaign_cli.acts import characters as lives  # an export is a read: only an import loads the acts

    with writing() as camp:
        stored, over = lives.bring_in(camp, plan, new_name, format_)
    ch = rules.view(stored)
    emit(
        {**ch, "unmatched": plan["unmatched"], "stored_over_limit": over},
        lambda: [
            *character_lines(ch),
            *(
                [Fields(_("unmatched: {names}").format(names=", ".join(plan["unmatched"])))]
                if plan["unmatched"]
                else []
            ),
            *([Fields(_("stored, over the carry limit (R33): {names}").format(names=", ".join(over)))] if over else []),
        ],
        json_out=json_out,
    )
