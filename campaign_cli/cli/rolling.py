"""The rolling commands' shared options (--modifier, --plot); the plot of a roll's
distribution is drawn in cli/views.py, how a roll reads in campaign_cli/render/rolls.py. Not
a command module: no command imports another."""

from __future__ import annotations

from typing import Annotated

import typer

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
