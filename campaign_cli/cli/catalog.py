"""`campaign catalog ...`: the built-in tables from the seeds. Needs no campaign."""

from __future__ import annotations

import typer

from campaign_cli.cli.lazy import noun_app
from campaign_cli.cli.common import JsonlOpt, JsonOpt, help_text
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
