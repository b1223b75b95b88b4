"""`campaign catalog ...`: the built-in tables from the seeds. Needs no campaign."""

from __future__ import annotations

from campaign_cli.cli.common import JsonlOpt, JsonOpt, help_text
from campaign_cli.cli.lazy import noun_app
from campaign_cli.cli.output import Table, emit
from campaign_cli.rules.skills import SKILLS

app = noun_app(help_text("Show the built-in tables from the seed rules.", "campaign catalog skills"))


@app.command(help=help_text("The skill table (R23): names, Russian aliases, check, effect.",
                            "campaign catalog skills", "campaign catalog skills --jsonl | jq -r 'select(.group==\"combat\").name'"))
def skills(json_out: JsonOpt = False, jsonl: JsonlOpt = False) -> None:
    data = [
        {"name": s.name, "aliases": list(s.aliases), "group": s.group, "check": s.check,
         "attribute": s.attribute, "effect": s.effect}
        for s in SKILLS
    ]
    rows = [[d["group"], d["name"], " / ".join(d["aliases"]), d["check"], d["effect"]] for d in data]
    emit(data, Table("Skills (R23)", ["group", "skill", "seed name", "check", "effect"], rows), json_out=json_out, jsonl=jsonl)


@app.command(help=help_text("The weapon table (R26-R28): damage, flags, hands; heft is not given by the seed.",
                            "campaign catalog weapons", "campaign catalog weapons --json | jq '.[] | select(.hands==2) | .name'"))
def weapons(json_out: JsonOpt = False, jsonl: JsonlOpt = False) -> None:
    from campaign_cli.rules import catalog

    data = [dict(e) for e in catalog.weapons()]
    rows = [[e["group"], e["name"], " / ".join(e["aliases"]), e["damage"] + (" fatigue" if e["fatigue"] else ""),
             " ".join(f"({f})" for f in e["flags"]), e["hands"], e["skill"]] for e in data]
    emit(data, Table("Weapons (R26, R28)", ["group", "weapon", "seed name", "damage", "flags", "hands", "skill"], rows),
         json_out=json_out, jsonl=jsonl)


@app.command(help=help_text("The armor table (R29, R30): armor and restriction.", "campaign catalog armor"))
def armor(json_out: JsonOpt = False, jsonl: JsonlOpt = False) -> None:
    from campaign_cli.rules import catalog

    data = [dict(e) for e in catalog.armor()]
    rows = [[e["name"], " / ".join(e["aliases"]), e["armor"], e["restriction"], "shield" if e["shield"] else ""] for e in data]
    emit(data, Table("Armor (R29, R30)", ["armor", "seed name", "A", "R", ""], rows), json_out=json_out, jsonl=jsonl)
