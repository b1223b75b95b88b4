"""`campaign character export` and `campaign character import`: a character to and from
another tool (Foundry VTT's fantasy-trip actor, TFT's stat block; docs/interchange.md)."""

import sys
from typing import Annotated

import typer

from campaign_cli.cli.common import (
    ForceOpt,
    JsonOpt,
    NameArg,
    OutputOpt,
    acting,
    complete,
    help_text,
    looking,
    to_stdout,
)
from campaign_cli.cli.drawn import character_lines
from campaign_cli.cli.lazy import command_app
from campaign_cli.cli.output import Fields, emit, write_text
from campaign_cli.errors import UsageProblem
from campaign_cli.i18n import _, language
from campaign_cli.library.documents import Documents
from campaign_cli.render.text import clean

export_app, import_app = command_app(), command_app()

FORMATS = ("foundry", "statblock", "sob-react")


@export_app.command(
    "export",
    help=help_text(
        "Write a character for another tool: an actor of Foundry VTT's fantasy-trip system (JSON), the stat block "
        "TFT adventures print, or a Brimstone hero for the SoB-React app (JSON: the hero it came as, what changed "
        "here laid over it). docs/interchange.md says what maps to what.",
        "campaign character export Ajax --format foundry --output ajax.foundry.json",
        "campaign character export Ajax --format statblock",
        "campaign character export Ajax --format sob-react",
    ),
)
def export(
    name: NameArg,
    format_: Annotated[
        str, typer.Option("--format", metavar="foundry|statblock|sob-react", help="The other tool's format.")
    ],
    output_: OutputOpt = None,
    force: ForceOpt = False,
    json_out: JsonOpt = False,
) -> None:
    if format_ not in FORMATS:
        raise UsageProblem(_("--format takes foundry, statblock or sob-react, not {format!r}").format(format=format_))
    camp = looking(Documents)
    if to_stdout(output_, json_out):  # `-` is stdout (a file named - is ./-); so is /dev/stdout
        text = camp.character_export(name, format=format_)  # type: ignore[call-overload]  # checked above
        strange = camp.character_not_ascii(name) if format_ == "statblock" else []
        if json_out:
            data = {"format": format_, "character": camp.character_show(name)["name"], "text": text}
            emit({**data, "warnings": _warnings(strange)}, json_out=True)
        else:
            _warn(strange)
            write_text(text)
        return
    data = camp.character_export(name, format=format_, output=output_, force=force)  # type: ignore[call-overload]
    if json_out:
        emit({**data, "warnings": _warnings(data["not_ascii"])}, json_out=True)
        return
    _warn(data["not_ascii"])
    emit(data, Fields(_("wrote {file}").format(file=data["written"])))


def _warnings(names: list[str]) -> list[str]:
    """What the stat block's other reader will stumble on, said (CLI.md "Interchange")."""
    if not names:
        return []
    said = _(
        "the fantasy-trip system's importer reads names of Latin letters, digits, spaces and ’ ' ` only; "
        "it cannot read {names}"
    )
    return [said.format(names=", ".join(f"«{n}»" if language() == "ru" else repr(n) for n in names))]


def _warn(names: list[str]) -> None:
    for line in _warnings(names):
        sys.stderr.write("campaign: " + _("warning: {line}").format(line=clean(line)) + "\n")


@import_app.command(
    "import",
    help=help_text(
        "Read a character from another tool (a Foundry VTT fantasy-trip actor, a stat block, or a Brimstone hero the "
        "SoB-React app exported) as a new character: attributes as they are (R2 is for new characters), talents "
        "matched to the skill table (the others kept and listed as unmatched), spells, items worn or carried. A hero "
        "has no ST, DX or IQ: --st, --dx and --iq give them (R2: 32 points); a backup of many heroes makes one "
        "character of each.",
        "campaign character import uldor.json",
        "campaign character import hector.txt --format statblock --name Hector2",
        "campaign character import samples/heroes/cole.json --st 12 --dx 12 --iq 8",
    ),
)
def import_(
    source: Annotated[
        str, typer.Argument(metavar="FILE", help="The file; - reads stdin.", autocompletion=complete.files)
    ],
    format_: Annotated[
        str | None,
        typer.Option("--format", metavar="foundry|statblock|sob-react", help="The file's format (default: detected)."),
    ] = None,
    new_name: Annotated[str | None, typer.Option("--name", metavar="NEW", help="The character's name here.")] = None,
    st: Annotated[int | None, typer.Option("--st", metavar="N", help="A SoB-React hero's ST (R2: 32 points).")] = None,
    dx: Annotated[int | None, typer.Option("--dx", metavar="N", help="A SoB-React hero's DX.")] = None,
    iq: Annotated[int | None, typer.Option("--iq", metavar="N", help="A SoB-React hero's IQ.")] = None,
    json_out: JsonOpt = False,
) -> None:
    if format_ is not None and format_ not in FORMATS:
        raise UsageProblem(_("--format takes foundry, statblock or sob-react, not {format!r}").format(format=format_))
    with acting(Documents) as camp:
        ch = camp.character_import(
            source,
            format=format_,  # type: ignore[arg-type]  # checked above
            name=new_name,
            st=st,
            dx=dx,
            iq=iq,
        )

    def lines() -> list[object]:
        out: list[object] = []
        for one in ch.get("heroes") or [ch]:  # a backup of many heroes: each one made
            unmatched, over = one["unmatched"], one["stored_over_limit"]
            out += [
                *character_lines(one),
                *([Fields(_("unmatched: {names}").format(names=", ".join(unmatched)))] if unmatched else []),
                *(
                    [Fields(_("stored, over the carry limit (R33): {names}").format(names=", ".join(over)))]
                    if over
                    else []
                ),
            ]
        return out

    emit(ch, lines, json_out=json_out)
