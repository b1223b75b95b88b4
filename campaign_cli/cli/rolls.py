"""`campaign check|contest|initiative|roll|odds` (R5-R11, R17, R18, R24, R26).

Every roll is journaled with its dice; `--seed` makes it reproducible and
`--dice` takes physical dice typed in (validated, never silently re-rolled).
"""

from typing import Annotated, Any

import typer

from campaign_cli.cli import answers, said
from campaign_cli.cli.common import MAX_AMOUNT, JsonOpt, acting, complete, fast, help_text
from campaign_cli.cli.diceopts import (
    AgainstOpt,
    DiceOpt,
    KarmaOpt,
    OtherDiceOpt,
    RerollOpt,
    SeedOpt,
    takes_roll_options,
)
from campaign_cli.cli.lazy import command_app
from campaign_cli.cli.output import emit
from campaign_cli.cli.rolling import ModifierOpt, PlotOpt
from campaign_cli.library.rolls import Rolls

check_app, contest_app, initiative_app, roll_app, odds_app, cast_app = (command_app() for _ in range(6))


@check_app.command(
    "check",
    help=help_text(
        "Roll a check: N/ATTR, N/ATTR+SKILL, N/ATTR for SKILL (R5, R6) or a pool test 'ATTR T+' (R10).",
        "campaign check Ajax 3/DX",
        "campaign check Ajax 3/ST for Swimming --dice 2,5,4",
        "campaign check Kate 'Lore 5+' --seed 7 --karma",
        "campaign check --party 3/IQ --who all",
        "campaign check --party 'DX 5+' --who all --seed 5",
    ),
)
@takes_roll_options
@fast
def check(
    words: Annotated[
        list[str],
        typer.Argument(
            metavar="[NAME] SPEC",
            help="The character (not with --party) and the check.",
            autocompletion=complete.characters,
        ),
    ],
    party: Annotated[bool, typer.Option("--party", help="A party test (R11); choose --who.")] = False,
    who: Annotated[
        str | None,
        typer.Option(
            "--who",
            metavar="WHO",
            help="With --party: all (everyone) or random (one random living character), in either language.",
        ),
    ] = None,
    dice: Annotated[
        str | None,
        typer.Option(
            "--dice",
            metavar="LIST",
            help="Physical dice typed in, e.g. 1,3,6 (with --party: everyone's, in party order).",
        ),
    ] = None,
    roll: Any = None,  # always given: seed, modifier, karma, reroll_dice (cli/diceopts.py); dice as above
    plot_: PlotOpt = False,
    json_out: JsonOpt = False,
) -> None:
    answers.check(words, party=party, who=who, roll=roll, plot_=plot_, json_out=json_out)


@contest_app.command(
    "contest",
    help=help_text(
        "A contested check (R7): both roll; over your attribute fails; higher total wins; ties go to the "
        "higher attribute. "
        "--karma rolls NAME's side again when it does not win (R17).",
        "campaign contest Ajax 3/ST Hector 3/ST",
        "campaign contest Ajax 3/ST 11 3/ST --dice 6,4,3 --other-dice 2,3,4",
        "campaign contest Ajax 3/IQ 12 3/IQ --karma",
    ),
)
@fast
def contest(
    name: Annotated[
        str,
        typer.Argument(
            metavar="NAME", help="The character who starts the contest.", autocompletion=complete.characters
        ),
    ],
    spec: Annotated[str, typer.Argument(metavar="SPEC", help="NAME's check, e.g. 3/ST or 3/ST+Climbing.")],
    other: Annotated[
        str, typer.Argument(metavar="OTHER", help="A character, or a number: an unnamed opponent's attribute.")
    ],
    other_spec: Annotated[str, typer.Argument(metavar="OTHER_SPEC", help="OTHER's check, e.g. 3/ST.")],
    dice: DiceOpt = None,
    other_dice: Annotated[
        str | None, typer.Option("--other-dice", metavar="LIST", help="OTHER's physical dice.")
    ] = None,
    seed: SeedOpt = None,
    karma: KarmaOpt = False,
    reroll_dice: RerollOpt = None,
    json_out: JsonOpt = False,
) -> None:
    with acting(Rolls) as camp:
        data = camp.contest(
            name, spec, other, other_spec, dice=dice, other_dice=other_dice, seed=seed, karma=karma,
            reroll_dice=reroll_dice,
        )  # fmt: skip
    emit(data, lambda: said.contested(data), json_out=json_out)


@cast_app.command(
    "cast",
    help=help_text(
        "Cast a spell (R9): a 3/IQ check; with --against, a contested IQ check (R7), as a personal spell on an enemy. "
        "Only a known spell whose rating is not above the caster's IQ. --karma rolls a failure again (R17).",
        "campaign cast Merlin Fireball",
        "campaign cast Merlin Sleep --against 11 --dice 2,3,4 --other-dice 5,5,5",
        "campaign cast Merlin Charm --against Hector --karma",
    ),
)
@takes_roll_options
@fast
def cast(
    name: Annotated[str, typer.Argument(metavar="NAME", help="The caster.", autocompletion=complete.characters)],
    spell: Annotated[
        str, typer.Argument(metavar="SPELL", help="A spell the caster knows.", autocompletion=complete.spells)
    ],
    against: AgainstOpt = None,
    other_dice: OtherDiceOpt = None,
    roll: Any = None,  # always given: dice, seed, modifier, karma, reroll_dice (cli/diceopts.py)
    json_out: JsonOpt = False,
) -> None:
    with acting(Rolls) as camp:
        data = camp.cast(name, spell, against=against, other_dice=other_dice, **roll)
    emit(data, lambda: said.cast_line(data), json_out=json_out)


@initiative_app.command(
    "initiative",
    help=help_text(
        "Initiative (R8): one die each, highest first; ties roll again.",
        "campaign initiative Ajax Merlin Kate --seed 3",
    ),
)
@fast
def initiative(
    names: Annotated[list[str], typer.Argument(metavar="NAME...", help="Characters (or any side's names).")],
    seed: SeedOpt = None,
    dice: Annotated[
        str | None,
        typer.Option("--dice", metavar="LIST", help="Physical dice in order: one per name, then the tie rolls."),
    ] = None,
    json_out: JsonOpt = False,
) -> None:
    with acting(Rolls) as camp:
        data = camp.initiative(*names, seed=seed, dice=dice)
    emit(data, lambda: said.initiative_table(data), json_out=json_out)


@roll_app.command(
    "roll",
    help=help_text(
        "Roll dice (D6, 2D6-1, 3d6+2, D3, D2); with --character, a damage roll: at least 1, curses and combat "
        "skill apply (R18, R24, R26).",
        "campaign roll 3D6",
        "campaign roll 2D6-1 --dice 5,2",
        "campaign roll D6+2 --character Ajax --seed 4",
    ),
)
@fast
def roll(
    expr: Annotated[str | None, typer.Argument(metavar="[EXPR]", help="Dice expression.")] = None,
    character: Annotated[
        str | None,
        typer.Option(
            "--character", metavar="NAME", help="Roll as this character's damage.", autocompletion=complete.characters
        ),
    ] = None,
    weapon: Annotated[
        str | None,
        typer.Option(
            "--weapon",
            metavar="ITEM",
            help="With --character: the weapon (EXPR defaults to its damage).",
            autocompletion=complete.items,
        ),
    ] = None,
    against: Annotated[
        str | None,
        typer.Option(
            "--against",
            metavar="NAME",
            help="The character hit: unarmed blows deal +1 if the attacker is stronger (R26).",
        ),
    ] = None,
    seed: SeedOpt = None,
    dice: DiceOpt = None,
    karma: Annotated[
        bool,
        typer.Option(
            "--karma",
            help="With --character: spend 1 karma (else 1 wish) to roll the damage again, the new roll kept (R17).",
        ),
    ] = False,
    reroll_dice: RerollOpt = None,
    json_out: JsonOpt = False,
) -> None:
    answers.roll(
        expr, character=character, weapon=weapon, against=against, seed=seed, dice=dice, karma=karma,
        reroll_dice=reroll_dice, json_out=json_out,
    )  # fmt: skip


@odds_app.command(
    "odds",
    help=help_text(
        "The exact chance of a check before rolling: N/ATTR against a value, or a pool test with VALUE dice.",
        "campaign odds 3/DX --value 11",
        "campaign odds 'Lore 5+' --value 3 --json",
        "campaign odds 3/DX --value 11 --plot",
    ),
)
@fast
def odds(
    spec: Annotated[list[str], typer.Argument(metavar="SPEC", help="A check: 3/DX, or a pool test 'Lore 5+'.")],
    value: Annotated[
        int,
        typer.Option(
            "--value", metavar="N", min=0, max=MAX_AMOUNT, help="The attribute (sum) or the number of dice (pool)."
        ),
    ],
    modifier: ModifierOpt = 0,
    curses: Annotated[
        int, typer.Option("--curses", metavar="N", min=0, max=100, help="Curses on the roller (R18).")
    ] = 0,
    plot_: PlotOpt = False,
    json_out: JsonOpt = False,
) -> None:
    answers.odds(spec, value=value, modifier=modifier, curses=curses, plot_=plot_, json_out=json_out)
