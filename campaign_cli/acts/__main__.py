"""`python -m campaign_cli.acts`: the acts x roles x conditions x phases table of
docs/rules.md, from `ACTS` (`--write` puts it between the markers there)."""

from __future__ import annotations

import sys
from pathlib import Path

from campaign_cli.acts import ACTS, CONDITIONS, PHASES

BEGIN, END = "<!-- acts:begin (python -m campaign_cli.acts --write) -->", "<!-- acts:end -->"
DOC = Path(__file__).resolve().parents[2] / "docs" / "rules.md"


def table() -> str:
    """One row per act and role (every character the act touches: the actor first), the
    conditions that role may be in ("not in a fight": allowed only while no fight is open);
    the act's phases and R32a's turn on its first row."""
    head = ["act", "rule", "role", *CONDITIONS, *PHASES, "turn"]
    rows = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for path, act in sorted(ACTS.items()):
        for i, (role, allowed) in enumerate(act.roles.items() or [("", frozenset())]):
            fight = act.allowed(role, "fight") if role else allowed
            said = {c: "yes" if c in fight else "not in a fight" if c in allowed else "no" for c in CONDITIONS}
            conditions = [said[c] if role else "" for c in CONDITIONS]
            phases = ["yes" if p in act.when else "no" for p in PHASES] if i == 0 else [""] * len(PHASES)
            turn = "once a round" if act.turn and i == 0 else ""
            cells = [f"`{path}`" if i == 0 else "", act.rule if i == 0 else "", role, *conditions, *phases, turn]
            rows.append("| " + " | ".join(cells) + " |")
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
