"""`campaign damage|heal|rest` (R19-R22, R29)."""

from typing import Annotated

import typer

from campaign_cli.cli import said
from campaign_cli.cli.common import MAX_AMOUNT, JsonOpt, NameArg, acting, fast, help_text
from campaign_cli.cli.lazy import command_app
from campaign_cli.cli.output import emit
from campaign_cli.library.wounds import Wounds

AmountArg = Annotated[int, typer.Argument(min=0, max=MAX_AMOUNT, metavar="AMOUNT", help="Points.")]
FatigueOpt = Annotated[bool, typer.Option("--fatigue", help="Fatigue instead of damage (R21).")]


@fast
def damage(
    name: NameArg,
    amount: AmountArg,
    fatigue: FatigueOpt = False,
    armor: Annotated[bool, typer.Option("--armor", help="Reduce by worn armor and shield (R29).")] = False,
    json_out: JsonOpt = False,
) -> None:
    with acting(Wounds) as camp:
        data = camp.damage(name, amount, fatigue=fatigue, armor=armor)  # the GM's tool: never limited (R32a)
    emit(data, lambda: said.damage_line(data), json_out=json_out)


@fast
def heal(name: NameArg, amount: AmountArg, fatigue: FatigueOpt = False, json_out: JsonOpt = False) -> None:
    with acting(Wounds) as camp:
        data = camp.heal(name, amount, fatigue=fatigue)  # others may heal anyone (R11a)
    emit(data, lambda: said.heal_line(data), json_out=json_out)


@fast
def rest(
    names: Annotated[
        list[str] | None,
        typer.Argument(metavar="[NAME]...", help="With --week: who rests (default: every living character)."),
    ] = None,
    week: Annotated[bool, typer.Option("--week", help="A week of rest: heals fully (R22).")] = False,
    json_out: JsonOpt = False,
) -> None:
    with acting(Wounds) as camp:
        data = camp.rest(*(names or []), week=week)
    emit(data, lambda: said.rested(data, week), json_out=json_out)


damage_app, heal_app, rest_app = (command_app() for _ in range(3))
damage_app.command(
    "damage",
    help=help_text(
        "Wound a character: damage, or fatigue with --fatigue (R19-R21).",
        "campaign damage Ajax 5",
        "campaign damage Ajax 6 --armor",
        "campaign damage Merlin 2 --fatigue",
    ),
)(damage)
heal_app.command(
    "heal",
    help=help_text(
        "Heal damage (or fatigue) points; the dead cannot be healed (R20).",
        "campaign heal Ajax 3",
        "campaign heal Merlin 1 --fatigue",
    ),
)(heal)
rest_app.command(
    "rest",
    help=help_text(
        "A night's sleep: all fatigue is recovered (R21); --week: a week of rest heals fully (R22).",
        "campaign rest",
        "campaign rest --week",
        "campaign rest --week Ajax",
    ),
)(rest)
