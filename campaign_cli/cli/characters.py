"""`campaign character ...`: create, list, show, set, delete (R1-R4)."""

from typing import Annotated

import typer

from campaign_cli.cli import complete
from campaign_cli.cli.common import (
    MAX_AMOUNT,
    ForceOpt,
    JsonlOpt,
    JsonOpt,
    NameArg,
    OutputOpt,
    help_text,
    parse_pairs,
    reading,
    writing,
)
from campaign_cli.cli.lazy import noun_app
from campaign_cli.cli.output import Fields, Table, emit
from campaign_cli.cli.views import character_views
from campaign_cli.errors import Refused, UsageProblem
from campaign_cli.i18n import _, status_of
from campaign_cli.rules import characters as rules
from campaign_cli.run import RUN

app = noun_app(help_text("Create and manage characters (R1-R4).", "campaign character list"))

AttrOpt = Annotated[
    list[str] | None,
    typer.Option("--attr", metavar="NAME=VALUE", help="Extra named attribute for pool tests (R10), e.g. Lore=3."),
]
GenderOpt = Annotated[
    str | None,
    typer.Option("--gender", metavar="m|f", help="Grammatical gender, so Russian messages agree with the character."),
]
KeywordOpt = Annotated[
    list[str] | None, typer.Option("--keyword", metavar="WORD", help="Keyword the character has (R34).")
]


@app.command(
    help=help_text(
        "Create a character: ST+DX+IQ = 32, each at least 8 (R2); 4 starting points (R3).",
        "campaign character create Ajax --st 12 --dx 11 --iq 9 --skill Swimming --skill Sword=2",
        "campaign character create Merlin --st 8 --dx 10 --iq 14 --wizard --spell Fireball --skill Literacy",
        "campaign character create Kate --st 10 --dx 12 --iq 10 --attr Lore=3 --attr Luck=2 --keyword Law",
    )
)
def create(
    name: Annotated[str, typer.Argument(metavar="NAME", help="The new character's name.")],
    st: Annotated[int, typer.Option("--st", metavar="N", min=0, max=MAX_AMOUNT, help="Strength (R1).")],
    dx: Annotated[int, typer.Option("--dx", metavar="N", min=0, max=MAX_AMOUNT, help="Dexterity (R1).")],
    iq: Annotated[int, typer.Option("--iq", metavar="N", min=0, max=MAX_AMOUNT, help="Intelligence (R1).")],
    wizard: Annotated[bool, typer.Option("--wizard", help="A wizard instead of a hero (R3).")] = False,
    skill: Annotated[
        list[str] | None,
        typer.Option(
            "--skill",
            metavar="SKILL[=LEVEL]",
            help="Starting skill (English or Russian name), level 1 by default.",
            autocompletion=complete.skills,
        ),
    ] = None,
    spell: Annotated[
        list[str] | None,
        typer.Option("--spell", metavar="SPELL[=RATING]", help="Starting spell (wizards); rating optional (R9)."),
    ] = None,
    keyword: KeywordOpt = None,
    attr: AttrOpt = None,
    gender: GenderOpt = None,
    json_out: JsonOpt = False,
) -> None:
    gender = rules.check_gender(gender)
    doc = rules.new_character(
        name,
        "wizard" if wizard else "hero",
        st,
        dx,
        iq,
        skills=parse_pairs(skill, "--skill", default=1),
        spells=parse_pairs(spell, "--spell", allow_null=True),
        keywords=keyword,
        attributes=parse_pairs(attr, "--attr"),
    )
    doc["gender"] = gender
    from campaign_cli.acts import characters as lives  # the views (show, list, sheet) never load the acts

    with writing() as camp:
        stored = lives.create(camp, doc)
    ch = rules.view(stored)
    emit(ch, lambda: character_views(ch), json_out=json_out)


@app.command(
    "list",
    help=help_text("List the characters.", "campaign character list", "campaign character list --jsonl | jq -r .name"),
)
def list_(json_out: JsonOpt = False, jsonl: JsonlOpt = False) -> None:
    chars = [rules.view(d) for d in reading().characters()]
    rows = [
        [
            c["id"],
            c["name"],
            c["kind"],
            c["st"],
            c["adjusted_dx"],
            c["iq"],
            c["xp"],
            status_of(c["status"], c.get("gender")),
        ]
        for c in chars
    ]
    emit(
        chars,
        Table(_("Characters"), [_("id"), _("name"), _("kind"), _("ST"), _("DX"), _("IQ"), _("XP"), _("status")], rows),
        json_out=json_out,
        jsonl=jsonl,
    )


@app.command(
    help=help_text(
        "Show one character.", "campaign character show Ajax", "campaign character show ajax --json | jq .adjusted_dx"
    )
)
def show(name: NameArg, json_out: JsonOpt = False) -> None:
    ch = rules.view(reading().character(name))
    emit(ch, lambda: character_views(ch), json_out=json_out)


@app.command(
    help=help_text(
        "The whole character on one page: Markdown to paste, or one self-contained HTML file to print; "
        "several names or --all: the party, one printed page per character (A4 or Letter).",
        "campaign character sheet Ajax > ajax.md",
        "campaign character sheet Ajax --format html > ajax.html",
        "campaign character sheet --all --format html > party.html",
    )
)
def sheet(
    names: Annotated[
        list[str] | None,
        typer.Argument(
            metavar="[NAME]...", help="The characters (name or id), in this order.", autocompletion=complete.characters
        ),
    ] = None,
    all_: Annotated[bool, typer.Option("--all", help="Every character, as created.")] = False,
    format_: Annotated[
        str, typer.Option("--format", metavar="md|html|json", help="md (default), html, or json (as --json).")
    ] = "md",
    json_out: JsonOpt = False,
) -> None:
    import sys

    from campaign_cli.cli import sheet as pages

    if format_ not in ("md", "html", "json"):
        raise UsageProblem(_('--format takes md, html or json, not {format!r}').format(format=format_))
    if bool(names) == all_:
        raise UsageProblem(_("name characters or give --all (one or the other)"), "missing_argument")
    json_out = json_out or format_ == "json"
    camp = reading()
    docs = camp.characters() if all_ else list({id(d): d for d in (camp.character(n) for n in names or [])}.values())
    if not docs:
        raise Refused(_("no characters yet: `campaign character create NAME`"), "no_characters")
    chars = [rules.view(d) for d in docs]
    one = len(chars) == 1 and not all_
    if json_out or RUN.capture is not None:  # --json, or a line of a batch
        shown = [
            {**ch, "sections": [{"title": t, "rows": [list(r) for r in rows]} for t, rows in pages.sections(ch)]}
            for ch in chars
        ]
        emit(shown[0] if one else shown, json_out=True)
        return
    if format_ == "html":
        sys.stdout.write(pages.html(chars))
    else:
        sys.stdout.write("\n---\n\n".join(pages.markdown(ch) for ch in chars))


@app.command(
    "set",
    help=help_text(
        "Change a character's extra attributes, keywords and combat-skill choices (R24).",
        "campaign character set Ajax --attr Luck=1 --keyword Law",
        "campaign character set Ajax --drop-keyword Law --drop-attr Luck",
        "campaign character set Ajax --combat Sword=damage",
    ),
)
def set_(
    name: NameArg,
    attr: AttrOpt = None,
    keyword: KeywordOpt = None,
    drop_keyword: Annotated[
        list[str] | None, typer.Option("--drop-keyword", metavar="WORD", help="Remove a keyword.")
    ] = None,
    drop_attr: Annotated[
        list[str] | None, typer.Option("--drop-attr", metavar="NAME", help="Remove an extra attribute.")
    ] = None,
    combat: Annotated[
        list[str] | None,
        typer.Option("--combat", metavar="SKILL=hit|damage", help="Where a combat skill's levels go (R24)."),
    ] = None,
    gender: GenderOpt = None,
    json_out: JsonOpt = False,
) -> None:
    if not (attr or keyword or drop_keyword or drop_attr or combat or gender):
        raise UsageProblem(
            _("nothing to change: give --attr, --keyword, --drop-keyword, --drop-attr, --combat or --gender")
        )
    gender = rules.check_gender(gender)
    values = parse_pairs(attr, "--attr")
    modes = {}
    for raw in combat or []:
        skill, _sep, mode = raw.partition("=")
        if mode.strip().lower() not in ("hit", "damage"):
            raise UsageProblem(_('--combat {raw!r}: expected SKILL=hit or SKILL=damage').format(raw=raw))
        modes[skill] = mode.strip().lower()
    from campaign_cli.acts import characters as lives  # the views (show, list, sheet) never load the acts

    with writing() as camp:
        doc = lives.change(
            camp,
            name,
            values=values,
            drop_attr=drop_attr or [],
            modes=modes,
            keywords=keyword or [],
            drop_keywords=drop_keyword or [],
            gender=gender,
        )
    ch = rules.view(doc)
    emit(ch, lambda: character_views(ch), json_out=json_out)


@app.command(help=help_text("Delete a character (undo brings it back).", "campaign character delete Ajax"))
def delete(name: NameArg, json_out: JsonOpt = False) -> None:
    from campaign_cli.acts import characters as lives  # the views (show, list, sheet) never load the acts

    with writing() as camp:
        doc = lives.delete(camp, name)
    emit(
        {"deleted": rules.view(doc)},
        Fields(_('deleted {name} (#{id})').format(name=doc['name'], id=doc['id'])),
        json_out=json_out,
    )


FORMATS = ("foundry", "statblock")


@app.command(
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

    from campaign_cli.cli.common import write_out
    from campaign_cli.rules import interchange

    if format_ not in FORMATS:
        raise UsageProblem(_('--format takes foundry or statblock, not {format!r}').format(format=format_))
    camp = reading()
    from campaign_cli import safejson

    ch = rules.view(camp.character(name))
    text = (
        safejson.dumps(interchange.to_foundry(ch), indent=2) + "\n"
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


@app.command(
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
    from campaign_cli.cli.common import read_text
    from campaign_cli.rules import interchange
    from campaign_cli.store.campaign import loads

    if format_ is not None and format_ not in FORMATS:
        raise UsageProblem(_('--format takes foundry or statblock, not {format!r}').format(format=format_))
    text = read_text(source)
    format_ = format_ or interchange.detect(text)
    if format_ == "foundry":
        try:
            data = loads(text)
        except (ValueError, RecursionError):
            raise Refused(
                _("not a Foundry actor: {source} is not valid JSON").format(source=source), "bad_character_file"
            ) from None
        plan = interchange.from_foundry(data)
    else:
        plan = interchange.from_statblock(text)
    from campaign_cli.acts import characters as lives  # the views (show, list, sheet) never load the acts

    with writing() as camp:
        stored, over = lives.bring_in(camp, plan, new_name, format_)
    ch = rules.view(stored)
    emit(
        {**ch, "unmatched": plan["unmatched"], "stored_over_limit": over},
        lambda: [
            *character_views(ch),
            *(
                [Fields(_("unmatched: {names}").format(names=", ".join(plan["unmatched"])))]
                if plan["unmatched"]
                else []
            ),
            *([Fields(_("stored, over the carry limit (R33): {names}").format(names=", ".join(over)))] if over else []),
        ],
        json_out=json_out,
    )
