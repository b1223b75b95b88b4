"""`campaign catalog ...`: the built-in tables from the seeds, and the group's own catalog
packs (CLI.md "Catalog packs"). Listing needs no campaign; with one, its packs are listed too."""

from typing import Annotated

import typer

from campaign_cli.cli import answers, said
from campaign_cli.cli.common import JsonlOpt, JsonOpt, acting, complete, fast, help_text, looking
from campaign_cli.cli.lazy import noun_app
from campaign_cli.cli.output import emit
from campaign_cli.library.catalog import Catalog

app = noun_app(
    help_text(
        "The built-in tables from the seed rules, and the group's catalog packs.",
        "campaign catalog skills",
        "campaign catalog import samples/packs/frontier.json",
        "campaign catalog items --search rope",
    )
)

SearchOpt = Annotated[
    str | None, typer.Option("--search", metavar="TEXT", help="Only entries whose name or alias holds TEXT.")
]


@app.command(
    help=help_text(
        "The skill table (R23): names, Russian aliases, check, effect.",
        "campaign catalog skills",
        "campaign catalog skills --jsonl | jq -r 'select(.group==\"combat\").name'",
    )
)
@fast
def skills(search: SearchOpt = None, json_out: JsonOpt = False, jsonl: JsonlOpt = False) -> None:
    answers.catalog_skills(search, json_out=json_out, jsonl=jsonl)


@app.command(
    help=help_text(
        "Weapons (R26-R28): the seed's table and the packs' weapons.",
        "campaign catalog weapons",
        "campaign catalog weapons --json | jq '.[] | select(.hands==2) | .name'",
    )
)
@fast
def weapons(search: SearchOpt = None, json_out: JsonOpt = False, jsonl: JsonlOpt = False) -> None:
    answers.catalog_weapons(search, json_out=json_out, jsonl=jsonl)


@app.command(
    help=help_text("Armor and shields (R29, R30): the seed's table and the packs' armor.", "campaign catalog armor")
)
@fast
def armor(search: SearchOpt = None, json_out: JsonOpt = False, jsonl: JsonlOpt = False) -> None:
    answers.catalog_armor(search, json_out=json_out, jsonl=jsonl)


@app.command(
    help=help_text(
        "Every item entry: built-in weapons and armor, and all the packs' items.",
        "campaign catalog items",
        "campaign catalog items --search rope",
    )
)
@fast
def items(search: SearchOpt = None, json_out: JsonOpt = False, jsonl: JsonlOpt = False) -> None:
    answers.catalog_items(search, json_out=json_out, jsonl=jsonl)


@app.command(
    help=help_text(
        "Enemy threat boards (R40): the packs' and the campaign's.",
        "campaign catalog enemies",
        "campaign catalog enemies --search rat --json",
    )
)
@fast
def enemies(search: SearchOpt = None, json_out: JsonOpt = False, jsonl: JsonlOpt = False) -> None:
    answers.catalog_enemies(search, json_out=json_out, jsonl=jsonl)


@app.command(
    help=help_text(
        "One catalog entry in full: an item, a skill or an enemy, by any of its names.",
        "campaign catalog show Палаш",
        "campaign catalog show 'Bog Lurker' --json",
        "campaign catalog show Кинжал --kind умение",
    )
)
@fast
def show(
    entry: Annotated[
        str,
        typer.Argument(metavar="ENTRY", help="A name or alias, in any language.", autocompletion=complete.everything),
    ],
    kind: Annotated[
        str | None,
        typer.Option(
            "--kind",
            metavar="KIND",
            help="weapon, armor, gear, potion, upgrade, artifact, skill or enemy: which entry, where two kinds share "
            "a name (the weapon and the skill Dagger).",
        ),
    ] = None,
    json_out: JsonOpt = False,
) -> None:
    answers.catalog_show(entry, kind=kind, json_out=json_out)


@app.command(
    "import",
    help=help_text(
        "Store a catalog pack in the campaign: items and enemies with the group's weights, prices and names in "
        "any language. "
        "Checked field by field first; importing a pack of the same name replaces it. Undo removes it.",
        "campaign catalog import samples/packs/frontier.json",
        "campaign catalog import house-rules.json --json",
    ),
)
@fast
def import_(
    source: Annotated[
        str, typer.Argument(metavar="PACK.json", help="The pack file; - reads stdin.", autocompletion=complete.files)
    ],
    json_out: JsonOpt = False,
) -> None:
    with acting(Catalog) as camp:
        data = camp.catalog_import(source)
    emit(data, lambda: said.pack_imported(data), json_out=json_out)


@app.command(
    help=help_text(
        "The catalog packs in the campaign, with their entry counts.",
        "campaign catalog packs",
        "campaign catalog packs --json",
    )
)
@fast
def packs(json_out: JsonOpt = False, jsonl: JsonlOpt = False) -> None:
    data = looking(Catalog).catalog_packs()
    emit(data, lambda: said.pack_table(data), json_out=json_out, jsonl=jsonl)


@app.command(
    help=help_text(
        "Remove a catalog pack (items already given out keep their values; undo brings it back).",
        "campaign catalog remove frontier",
    )
)
@fast
def remove(
    pack: Annotated[str, typer.Argument(metavar="PACK", help="The pack's name.")], json_out: JsonOpt = False
) -> None:
    with acting(Catalog) as camp:
        data = camp.catalog_remove(pack)
    emit(data, lambda: said.pack_removed(data), json_out=json_out)
