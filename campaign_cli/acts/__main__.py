"""`python -m campaign_cli.acts --table`: the acts x conditions x phases table of
docs/rules.md, from `ACTS` (`--write` puts it between the markers there)."""

from __future__ import annotations

import sys
from pathlib import Path

from campaign_cli.acts import ACTS, CONDITIONS, PHASES

BEGIN, END = "<!-- acts:begin (python -m campaign_cli.acts --write) -->", "<!-- acts:end -->"
DOC = Path(__file__).resolve().parents[2] / "docs" / "rules.md"


def table() -> str:
    """One row per act: its actor, the conditions it may be in, the phases, R32a's turn."""
    head = ["act", "rule", "actor", *CONDITIONS, *PHASES, "turn"]
    rows = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for path, act in sorted(ACTS.items()):
        conditions = [("yes" if c in act.who else "no") if act.actor else "" for c in CONDITIONS]
        phases = ["yes" if p in act.when else "no" for p in PHASES]
        cells = [f"`{path}`", act.rule, f"`{act.actor}`" if act.actor else "", *conditions, *phases]
        rows.append("| " + " | ".join([*cells, "once a round" if act.turn else ""]) + " |")
    return "\n".join(rows) + "\n"


def written(text: str) -> str:
    """TEXT (docs/rules.md) with the table between its markers."""
    before, _sep, rest = text.partition(BEGIN)
    _old, _sep2, after = rest.partition(END)
    return f"{before}{BEGIN}\n{table()}{END}{after}"


if __name__ == "__main__":
    if sys.argv[1:] == ["--write"]:
        DOC.write_text(written(DOC.read_text(encoding="utf-8")), encoding="utf-8")
    else:
        sys.stdout.write(table())
