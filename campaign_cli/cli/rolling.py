"""The rolling commands' shared options (--modifier, --plot) and the plot of a roll's
distribution; how a roll reads is in campaign_cli/render/rolls.py. Not a command module:
no command imports another."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

import typer

if TYPE_CHECKING:
    from fractions import Fraction

from campaign_cli.cli.output import Line
from campaign_cli.i18n import _, percent

ModifierOpt = Annotated[
    int,
    typer.Option(
        "--modifier",
        metavar="N",
        min=-100,
        max=100,
        help="Situational bonus (+) or penalty (-) to the target (sum) or threshold (pool).",
    ),
]


PlotOpt = Annotated[bool, typer.Option("--plot", help="Draw the roll's distribution, the success region marked.")]


def plot(rows: list[tuple[int, Fraction, bool]], what: str, rolled: int | None = None, width: int = 40) -> list[Line]:
    """A bar chart as plain lines: `#` bars succeed, `.` bars fail, `<` marks the roll."""
    top = max(float(p) for _, p, _ in rows) or 1.0
    label = max(len(str(v)) for v, _, _ in rows)
    out = [
        Line(
            (_("{what}: # succeeds, . fails") if rolled is None else _("{what}: # succeeds, . fails, < rolled")).format(
                what=_(what)
            )
        )
    ]
    for value, p, ok in rows:
        bar = ("#" if ok else ".") * max(round(width * float(p) / top), 1 if p else 0)
        out.append(
            Line(
                f"{str(value).rjust(label)} {bar.ljust(width)} {percent(float(p)).rjust(6)}"
                + (" <" if value == rolled else "")
            )
        )
    return out
