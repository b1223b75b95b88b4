"""`campaign catalog ...`: the built-in tables from the seeds, and the group's own catalog
packs (CLI.md "Catalog packs"). Listing needs no campaign; with one, its packs are listed too."""

from typing import Annotated

import typer

from campaign_cli.cli.common import JsonlOpt, JsonOpt, complete, help_text, read_json, reading, writing
from campaign_cli.cli.lazy import noun_app
from campaign_cli.cli.output import Fields, Line, Table, Verbatim, emit
from campaign_cli.errors import FileProblem
from campaign_cli.i18n import N_, _, ngettext, shown
from campaign_cli.rules.skills import SKILLS

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


def campaign():
    """The campaign, if there is one (listing the catalog needs none)."""
    try:
        return reading()
    except FileProblem as err:
        if err.code == "no_campaign":
            return None
        raise


def campaign_packs() -> list[dict]:
    camp = campaign()
    return camp.packs() if camp else []


def _matches(entry: dict, text: str | None) -> bool:
    if not text:
        return True
    key = text.strip().casefold()
    return any(key in n.casefold() for n in (entry["name"], *entry.get("aliases", ())))


def item_entries(packs: list[dict], kinds: tuple[str, ...] | None = None) -> list[dict]:
    """Built-in weapons and armor and every pack item, each with its `kind` and `source`."""
    from campaign_cli.rules import catalog

    out = []
    for kind, entry in catalog.entries(packs):
        row = {
            **entry,
            "kind": entry.get("kind", kind) if kind == "pack" else kind,
            "source": entry.get("pack", "built-in"),
        }
        row.pop("pack", None)
        if kinds is None or row["kind"] in kinds:
            out.append(row)
    return out


# A catalog entry's fields, as `catalog show` labels them.
FIELDS = {
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


def _stats(e: dict) -> str:
    if e.get("damage"):
        return e["damage"] + (_(" fatigue") if e.get("fatigue") else "")
    if e.get("armor") is not None:
        return f"A{e['armor']} R{e.get('restriction') or 0}" + (_(" shield") if e.get("shield") else "")
    return ""


def _others(entry: dict) -> str:
    """An entry's other names: its aliases, or in Russian (which shows the seed's name) the rest."""
    return Verbatim(" / ".join(n for n in (entry["name"], *entry.get("aliases", ())) if n != shown(entry["name"])))


def _item_table(title: str, rows: list[dict]) -> Table:
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
    )


@app.command(
    help=help_text(
        "The skill table (R23): names, Russian aliases, check, effect.",
        "campaign catalog skills",
        "campaign catalog skills --jsonl | jq -r 'select(.group==\"combat\").name'",
    )
)
def skills(search: SearchOpt = None, json_out: JsonOpt = False, jsonl: JsonlOpt = False) -> None:
    data = [
        {
            "name": s.name,
            "aliases": list(s.aliases),
            "group": s.group,
            "check": s.check,
            "attribute": s.attribute,
            "effect": s.effect,
        }
        for s in SKILLS
    ]
    data = [d for d in data if _matches(d, search)]
    rows = [[d["group"], d["name"], _others(d), d["check"], _(str(d["effect"]))] for d in data]
    emit(
        data,
        Table(_("Skills (R23)"), [_("group"), _("skill"), _("seed name"), _("check"), _("effect")], rows),
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
    data = [e for e in item_entries(campaign_packs(), ("weapon",)) if _matches(e, search)]
    emit(data, _item_table(_("Weapons (R26, R28)"), data), json_out=json_out, jsonl=jsonl)


@app.command(
    help=help_text("Armor and shields (R29, R30): the seed's table and the packs' armor.", "campaign catalog armor")
)
def armor(search: SearchOpt = None, json_out: JsonOpt = False, jsonl: JsonlOpt = False) -> None:
    data = [e for e in item_entries(campaign_packs(), ("armor",)) if _matches(e, search)]
    emit(data, _item_table(_("Armor (R29, R30)"), data), json_out=json_out, jsonl=jsonl)


@app.command(
    help=help_text(
        "Every item entry: built-in weapons and armor, and all the packs' items.",
        "campaign catalog items",
        "campaign catalog items --search верёвка",
    )
)
def items(search: SearchOpt = None, json_out: JsonOpt = False, jsonl: JsonlOpt = False) -> None:
    data = [e for e in item_entries(campaign_packs()) if _matches(e, search)]
    emit(data, _item_table(_("Items"), data), json_out=json_out, jsonl=jsonl)


def enemy_entries(camp, search: str | None = None) -> list[dict]:
    """The packs' threat boards and the campaign's own (R40)."""
    if camp is None:
        return []
    return [{**b, "source": source} for b, source in camp.boards() if _matches(b, search)]


@app.command(
    help=help_text(
        "Enemy threat boards (R40): the packs' and the campaign's.",
        "campaign catalog enemies",
        "campaign catalog enemies --search rat --json",
    )
)
def enemies(search: SearchOpt = None, json_out: JsonOpt = False, jsonl: JsonlOpt = False) -> None:
    data = enemy_entries(campaign(), search)
    rows = [
        [b["name"], b["size"], ", ".join(b["keywords"]), b["normal"]["health"], b["normal"]["xp"], b["source"]]
        for b in data
    ]
    emit(
        data,
        Table(_("Enemies (R40)"), [_("name"), _("size"), _("keywords"), _("health"), _("XP"), _("source")], rows),
        json_out=json_out,
        jsonl=jsonl,
    )


@app.command(
    help=help_text(
        "One catalog entry in full: an item, a skill or an enemy, by any of its names.",
        "campaign catalog show Палаш",
        "campaign catalog show 'Bog Lurker' --json",
    )
)
def show(
    entry: Annotated[
        str,
        typer.Argument(metavar="ENTRY", help="A name or alias, in any language.", autocompletion=complete.everything),
    ],
    json_out: JsonOpt = False,
) -> None:
    from campaign_cli.rules.names import resolve

    camp = campaign()
    packs = camp.packs() if camp else []
    skills_ = [
        {
            "name": s.name,
            "aliases": list(s.aliases),
            "kind": "skill",
            "group": s.group,
            "check": s.check,
            "effect": s.effect,
            "source": "built-in",
        }
        for s in SKILLS
    ]
    every = [*item_entries(packs), *skills_, *({**e, "kind": "enemy"} for e in enemy_entries(camp))]
    found = resolve(entry, ((e, (e["name"], *e.get("aliases", ())), None) for e in every), "catalog entry")
    pairs = [
        (_(FIELDS.get(k, k)), _(v) if k == "effect" else v)
        for k, v in found.items()
        if k not in ("name", "normal", "brutal") and v not in (None, [], "")
    ]
    title = _("{name} ({kind}, {source})").format(
        name=shown(found["name"]), kind=shown(found["kind"]), source=shown(found["source"])
    )
    views = [Fields(title, pairs)]
    if found["kind"] == "enemy":
        from campaign_cli.cli.views import board_views

        views = [views[0], *board_views(found, False)]
    emit(found, views, json_out=json_out)


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
    source: Annotated[str, typer.Argument(metavar="PACK.json", help="The pack file; - reads stdin.")],
    json_out: JsonOpt = False,
) -> None:
    from campaign_cli.acts.packs import import_pack
    from campaign_cli.rules import packs as rules

    pack = rules.validate(read_json(source, "pack"))
    with writing() as camp:
        old = import_pack(camp, pack)
    data = {**rules.summary(pack), "replaced": old["version"] if old else None}
    counts = (
        ngettext("{n} item", "{n} items", data["items"])
        + ", "
        + ngettext("{n} enemy type", "{n} enemy types", data["enemies"])
    )
    done = (
        _("pack {pack} {version} replaced (was {old}): {counts}")
        if old
        else _("pack {pack} {version} imported: {counts}")
    )
    emit(
        data,
        Line(done.format(pack=pack["pack"], version=pack["version"], old=old and old["version"], counts=counts)),
        json_out=json_out,
    )


@app.command(
    help=help_text(
        "The catalog packs in the campaign, with their entry counts.",
        "campaign catalog packs",
        "campaign catalog packs --json",
    )
)
def packs(json_out: JsonOpt = False, jsonl: JsonlOpt = False) -> None:
    from campaign_cli.rules.packs import summary

    data = [summary(p) for p in reading().packs()]
    emit(
        data,
        Table(
            _("Catalog packs"),
            [_("pack"), _("version"), _("items"), _("enemies")],
            [[p["pack"], p["version"], p["items"], p["enemies"]] for p in data],
        ),
        json_out=json_out,
        jsonl=jsonl,
    )


@app.command(
    help=help_text(
        "Remove a catalog pack (items already given out keep their values; undo brings it back).",
        "campaign catalog remove frontier",
    )
)
def remove(
    pack: Annotated[str, typer.Argument(metavar="PACK", help="The pack's name.")], json_out: JsonOpt = False
) -> None:
    from campaign_cli.acts.packs import remove_pack
    from campaign_cli.rules.packs import summary

    with writing() as camp:
        found = remove_pack(camp, pack)
    emit(
        {"removed": summary(found)},
        Line(_('pack {pack} {version} removed').format(pack=found['pack'], version=found['version'])),
        json_out=json_out,
    )
