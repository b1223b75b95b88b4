"""`campaign character ...`: create, list, show, set, delete (R1-R4). Its `sheet` is in
sheet.py, its `export` and `import` in interchange.py: loaded only when they run."""

from typing import Annotated

import typer

from campaign_cli.cli.common import (
    MAX_AMOUNT,
    JsonlOpt,
    JsonOpt,
    NameArg,
    complete,
    help_text,
    parse_pairs,
    reading,
    writing,
)
from campaign_cli.cli.lazy import noun_app
from campaign_cli.cli.output import Fields, Table, emit
from campaign_cli.errors import UsageProblem
from campaign_cli.i18n import _, status_of
from campaign_cli.rules import characters as rules

app = noun_app(
    help_text("Create and manage characters (R1-R4).", "campaign character list"),
    {"sheet": "sheet:sheet_app", "export": "interchange:export_app", "import": "interchange:import_app"},
)


def _views(ch: dict) -> list:
    """The character's views: imported when they are drawn, not for --json."""
    from campaign_cli.cli.views import character_views

    return character_views(ch)


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
    emit(ch, lambda: _views(ch), json_out=json_out)


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
    emit(ch, lambda: _views(ch), json_out=json_out)


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
    emit(ch, lambda: _views(ch), json_out=json_out)


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
