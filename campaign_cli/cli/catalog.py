"""`campaign catalog ...`: the built-in tables from the seeds, and the group's own catalog
packs (CLI.md "Catalog packs"). Listing needs no campaign; with one, its packs are listed too."""

from collections.abc import Mapping, Sequence
from typing import Annotated, Any

import typer

from campaign_cli.cli import said
from campaign_cli.cli.common import JsonlOpt, JsonOpt, acting, complete, fast, help_text, looking
from campaign_cli.cli.door import campaign_path
from campaign_cli.cli.lazy import noun_app
from campaign_cli.cli.output import Fields, Line, Table, emit
from campaign_cli.i18n import N_, _, dice, ngettext, shown
from campaign_cli.library.catalog import Catalog
from campaign_cli.render.text import Verbatim

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


def catalog() -> Catalog:
    """The library's campaign for the catalog: the file's, or none (listing needs no campaign)."""
    from campaign_cli.library.core import reader

    return reader(Catalog, campaign_path(), optional=True)


# A catalog entry's fields, as `catalog show` labels them.
FIELDS = {
    "gender": N_("grammatical gender"),  # a board's (m, f, n): how Russian sentences agree with it
    "aliases": N_("aliases"),
    "armor": N_("armor"),
    "damage": N_("damage"),
    "fatigue": N_("fatigue"),
    "flags": N_("flags"),
    "group": N_("group"),
    "hands": N_("hands"),
    "heft": N_("heft"),
    "restriction": N_("restriction"),
    "shield": N_("shield"),
    "skill": N_("skill"),
    "kind": N_("kind"),
    "source": N_("source"),
    "weight": N_("weight"),
    "value": N_("value"),
    "slots": N_("slots"),
    "check": N_("check"),
    "effect": N_("effect"),
    "keywords": N_("keywords"),
    "size": N_("size"),
    "id": N_("id"),
    "clothing": N_("clothing"),
    "requires": N_("requires"),
    "personal": N_("personal"),
    "darkstone_icon": N_("dark stone icon"),
    "heals": N_("heals"),
    "boost": N_("boost"),
    "upgrade": N_("upgrade"),
}


def _stats(e: Mapping[str, Any]) -> str:
    if e.get("damage"):
        return dice(e["damage"]) + (_(" fatigue") if e.get("fatigue") else "")
    if e.get("armor") is not None:
        return f"A{e['armor']} R{e.get('restriction') or 0}" + (_(" shield") if e.get("shield") else "")
    return ""


def _others(entry: Mapping[str, Any]) -> str:
    """An entry's other names: its aliases, or in Russian (which shows the seed's name) the rest."""
    return Verbatim(" / ".join(n for n in (entry["name"], *entry.get("aliases", ())) if n != shown(entry["name"])))


def _item_table(title: str, rows: Sequence[Mapping[str, Any]]) -> Table:
    return Table(
        title,
        [_("name"), _("also"), _("kind"), _("stats"), _("weight"), _("value"), _("heft"), _("slots"), _("source")],
        [
            [
                e["name"],
                _others(e),
                e["kind"],
                _stats(e),
                e.get("weight", 0),
                e.get("value", 0),
                e.get("heft"),
                e.get("slots", 0),
                e["source"],
            ]
            for e in rows
        ],
        ("name", "text", "", "", "", "", "", "", ""),
    )


@app.command(
    help=help_text(
        "The skill table (R23): names, Russian aliases, check, effect.",
        "campaign catalog skills",
        "campaign catalog skills --jsonl | jq -r 'select(.group==\"combat\").name'",
    )
)
def skills(search: SearchOpt = None, json_out: JsonOpt = False, jsonl: JsonlOpt = False) -> None:
    data = catalog().catalog_skills(search=search)
    rows = [[d["group"], d["name"], _others(d), d["check"], _(str(d["effect"]))] for d in data]
    emit(
        data,
        Table(
            _("Skills (R23)"),
            [_("group"), _("skill"), _("seed name"), _("check"), _("effect")],
            rows,
            ("", "name", "name", "", "text"),
        ),
        json_out=json_out,
        jsonl=jsonl,
    )


@app.command(
    help=help_text(
        "Weapons (R26-R28): the seed's table and the packs' weapons.",
        "campaign catalog weapons",
        "campaign catalog weapons --json | jq '.[] | select(.hands==2) | .name'",
    )
)
def weapons(search: SearchOpt = None, json_out: JsonOpt = False, jsonl: JsonlOpt = False) -> None:
    data = catalog().catalog_weapons(search=search)
    emit(data, _item_table(_("Weapons (R26, R28)"), data), json_out=json_out, jsonl=jsonl)


@app.command(
    help=help_text("Armor and shields (R29, R30): the seed's table and the packs' armor.", "campaign catalog armor")
)
def armor(search: SearchOpt = None, json_out: JsonOpt = False, jsonl: JsonlOpt = False) -> None:
    data = catalog().catalog_armor(search=search)
    emit(data, _item_table(_("Armor (R29, R30)"), data), json_out=json_out, jsonl=jsonl)


@app.command(
    help=help_text(
        "Every item entry: built-in weapons and armor, and all the packs' items.",
        "campaign catalog items",
        "campaign catalog items --search rope",
    )
)
def items(search: SearchOpt = None, json_out: JsonOpt = False, jsonl: JsonlOpt = False) -> None:
    data = catalog().catalog_items(search=search)
    emit(data, _item_table(_("Items"), data), json_out=json_out, jsonl=jsonl)


@app.command(
    help=help_text(
        "Enemy threat boards (R40): the packs' and the campaign's.",
        "campaign catalog enemies",
        "campaign catalog enemies --search rat --json",
    )
)
def enemies(search: SearchOpt = None, json_out: JsonOpt = False, jsonl: JsonlOpt = False) -> None:
    data = catalog().catalog_enemies(search=search)
    rows = [
        [b["name"], b["size"], ", ".join(b["keywords"]), b["normal"]["health"], b["normal"]["xp"], b["source"]]
        for b in data
    ]
    emit(
        data,
        Table(
            _("Enemies (R40)"),
            [_("name"), _("size"), _("keywords"), _("health"), _("XP"), _("source")],
            rows,
            ("name", "", "text", "", "", ""),
        ),
        json_out=json_out,
        jsonl=jsonl,
    )


@app.command(
    help=help_text(
        "One catalog entry in full: an item, a skill or an enemy, by any of its names.",
        "campaign catalog show Палаш",
        "campaign catalog show 'Bog Lurker' --json",
        "campaign catalog show Кинжал --kind умение",
    )
)
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
    found = catalog().catalog_show(entry, kind=kind)
    name = shown(found["name"])
    pairs = [
        (_(FIELDS.get(k, k)), _said_value(k, v, found))
        for k, v in found.items()
        if k not in ("name", "normal", "brutal") and v not in (None, [], "")
    ]
    source = found["source"]
    if source == "built-in":  # said whole, so no word must agree with the kind's gender (оружие, броня)
        title = _("{name} ({kind}, built in)").format(name=name, kind=shown(found["kind"]))
    elif source == "campaign":
        title = _("{name} ({kind}, from the campaign)").format(name=name, kind=shown(found["kind"]))
    else:
        title = _("{name} ({kind}, from pack {pack})").format(name=name, kind=shown(found["kind"]), pack=source)
    views = [Fields(title, pairs)]
    if found["kind"] == "enemy":
        from campaign_cli.cli.views import board_views

        views = [views[0], *board_views(found, False)]
    emit(found, views, json_out=json_out)


def _said_value(key: str, value: object, found: Mapping[str, object]) -> object:
    """A catalog field's value as the reader's language says it: a weapon's group (Клинки),
    dice as written there (2к6), the source, and the other names beside the one shown in the
    title (a Russian reader sees Палаш as the title and Broadsword among the others)."""
    if key == "effect":
        return _(str(value))
    if key == "gender" and isinstance(value, str):  # a board's grammatical gender (m, f, n), in words
        return {"m": _("masculine"), "f": _("feminine"), "n": _("neuter")}.get(value, value)
    if key in ("group", "source") and isinstance(value, str):
        return shown(value)
    if key in ("damage", "fatigue") and isinstance(value, str):
        return dice(value)
    if key == "aliases" and isinstance(value, list):
        from campaign_cli.render.text import Verbatim

        title = shown(str(found["name"]))  # each other name as it is written, never shown translated
        return [Verbatim(n) for n in [str(found["name"]), *map(str, value)] if n != title]
    return value


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
def import_(
    source: Annotated[
        str, typer.Argument(metavar="PACK.json", help="The pack file; - reads stdin.", autocompletion=complete.files)
    ],
    json_out: JsonOpt = False,
) -> None:
    with acting(Catalog) as camp:
        data = camp.catalog_import(source)
    pack, old = data, data["replaced"]
    counts = (
        ngettext("{n} item", "{n} items", data["items"])
        + ", "
        + ngettext("{n} enemy type", "{n} enemy types", data["enemies"])
    )
    done = (
        _("pack {pack} {version} replaced (was {old}): {counts}")
        if old is not None
        else _("pack {pack} {version} imported: {counts}")
    )
    emit(
        data,
        Line(done.format(pack=pack["pack"], version=pack["version"], old=old, counts=counts)),
        json_out=json_out,
    )


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
