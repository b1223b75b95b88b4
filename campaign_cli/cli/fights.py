"""`campaign fight ...`: the enemies on the board, turn order, hits and kills (R8, R13,
R20, R21, R40-R42). The open fight lives in the campaign's meta; every step is journaled,
so `undo` walks back through a fight step by step."""

from typing import Annotated

import typer

from campaign_cli.cli import said
from campaign_cli.cli.common import MAX_AMOUNT, JsonOpt, acting, complete, fast, help_text, looking
from campaign_cli.cli.diceopts import DiceOpt, KarmaOpt, RerollOpt, SeedOpt
from campaign_cli.cli.lazy import noun_app
from campaign_cli.cli.output import emit
from campaign_cli.library.fights import Fights
from campaign_cli.rules import fights

app = noun_app(
    help_text(
        "Fights at the table: enemies on the board, turn order, wounds (R8, R13, R20, R21, R40-R42).",
        "campaign fight start",
        "campaign fight add 'Bog Lurker' --count 3",
        "campaign fight status",
    )
)


@app.command(
    help=help_text(
        "Open a fight: enemies can be put on the board, and rest and adventure end wait for it.",
        "campaign fight start",
        "campaign fight start --title 'Ambush at the ford'",
    )
)
@fast
def start(
    title: Annotated[str | None, typer.Option("--title", metavar="TEXT", help="What the fight is called.")] = None,
    json_out: JsonOpt = False,
) -> None:
    with acting(Fights) as camp:
        data = camp.fight_start(title=title)
    emit(data, lambda: said.fight_started_line(data), json_out=json_out)


@app.command(
    help=help_text(
        "Put enemies on the board as one group: N instances named ENEMY 1, ENEMY 2... with their side's numbers; "
        "--elite rolls the elite table once for the group (R42), and an elite entry's numbers are added to each "
        "instance. A group that joins after the order was rolled takes its place by initiative at once (R8).",
        "campaign fight add 'Bog Lurker' --count 3",
        "campaign fight add 'Cinder Hound' --brutal --elite --seed 2",
    )
)
@fast
def add(
    enemy: Annotated[
        str,
        typer.Argument(
            metavar="ENEMY", help="An enemy type (`campaign enemy list`, or a pack's).", autocompletion=complete.enemies
        ),
    ],
    count: Annotated[int, typer.Option("--count", min=1, max=fights.MAX_INSTANCES, metavar="N", help="How many.")] = 1,
    brutal: Annotated[bool, typer.Option("--brutal", help="Their brutal side.")] = False,
    elite: Annotated[bool, typer.Option("--elite", help="An elite group: one roll on the elite table (R42).")] = False,
    seed: SeedOpt = None,
    dice: DiceOpt = None,
    json_out: JsonOpt = False,
) -> None:
    with acting(Fights) as camp:
        data = camp.fight_add(enemy, count=count, brutal=brutal, elite=elite, seed=seed, dice=dice)
    emit(data, lambda: said.fight_joined(data), json_out=json_out)


@app.command(
    help=help_text(
        "Roll initiative (R8): the party's die against the enemies' die (ties roll again) says which side goes first; "
        "the enemy groups act by their boards' initiative, highest first; the party in the order --party gives "
        "(default: as created).",
        "campaign fight order --seed 3",
        "campaign fight order --dice 5,2",
        "campaign fight order --party Kate --party Ajax --dice 4,6",
    )
)
@fast
def order(
    seed: SeedOpt = None,
    dice: Annotated[
        str | None,
        typer.Option(
            "--dice", metavar="LIST", help="Physical dice: the party's, the enemies', then tie rolls in pairs."
        ),
    ] = None,
    party: Annotated[
        list[str] | None,
        typer.Option(
            "--party",
            metavar="NAME",
            help="The party's order, one name each time (others follow as created).",
            autocompletion=complete.characters,
        ),
    ] = None,
    json_out: JsonOpt = False,
) -> None:
    with acting(Fights) as camp:
        data = camp.fight_order(seed=seed, dice=dice, party=party)
    emit(data, lambda: said.fight_ordered(data), json_out=json_out)


@app.command(
    "next",
    help=help_text(
        "Move to the next side in the order (a new round after the last); groups that "
        "joined take their place, the fallen drop out.",
        "campaign fight next",
    ),
)
@fast
def next_(json_out: JsonOpt = False) -> None:
    with acting(Fights) as camp:
        data = camp.fight_next()
    emit(data, lambda: said.fight_turn_line(data), json_out=json_out)


@app.command(
    help=help_text(
        "The fight: round, whose turn, every combatant's wounds and health left, initiative, "
        "elite abilities and their numbers, the order.",
        "campaign fight status",
        "campaign fight status --json | jq '.enemies[] | select(.alive)'",
    )
)
@fast
def status(json_out: JsonOpt = False) -> None:
    data = looking(Fights).fight_status()
    emit(data, lambda: said.fight_views(data), json_out=json_out)


@app.command(
    help=help_text(
        "Hit an enemy on the board: wounds are the damage minus its defense (R41); "
        "at health 0 it dies and NAME wins its XP; a large enemy's wound XP is won per wound.",
        "campaign fight hit 'Bog Lurker 2' 5 --by Ajax",
    )
)
@fast
def hit(
    target: Annotated[
        str,
        typer.Argument(
            metavar="ENEMY_INSTANCE",
            help="An enemy on the board, e.g. 'Bog Lurker 2'.",
            autocompletion=complete.on_board,
        ),
    ],
    damage: Annotated[
        int, typer.Argument(min=0, max=MAX_AMOUNT, metavar="DAMAGE", help="The hit's damage, before defense.")
    ],
    by: Annotated[
        str,
        typer.Option(
            "--by", metavar="NAME", help="Who hit it (wins the XP for a kill).", autocompletion=complete.characters
        ),
    ],
    json_out: JsonOpt = False,
) -> None:
    with acting(Fights) as camp:
        data = camp.fight_hit(target, damage, by=by)
    emit(data, lambda: said.struck(data), json_out=json_out)


@app.command(
    help=help_text(
        "The tool rolls a blow. A character attacking an enemy instance: a 3/DX check (adjusted DX, "
        "combat-skill levels "
        "to hit, curses; R24, R18, R30) with the held weapon (or --weapon; unarmed if none, R26), then on a hit the "
        "weapon's damage (skill levels to damage, curses) less the enemy's defense (R41), kills and XP included. "
        "An enemy instance attacking a character: its combat dice, each at or above its to-hit a hit, each hit "
        "its damage "
        "less the character's armor (R29), counted as damage in this fight.",
        "campaign fight attack Ajax 'Bog Lurker 1' --dice 3,4,2 --damage-dice 5,3",
        "campaign fight attack 'Bog Lurker 2' Ajax --seed 7",
        "campaign fight attack Ajax 'Cinder Hound 1' --karma",
    )
)
@fast
def attack(
    attacker: Annotated[
        str,
        typer.Argument(
            metavar="ATTACKER", help="A character, or an enemy on the board.", autocompletion=complete.fighters
        ),
    ],
    target: Annotated[
        str,
        typer.Argument(
            metavar="TARGET", help="An enemy on the board, or a character.", autocompletion=complete.on_board
        ),
    ],
    weapon: Annotated[
        str | None,
        typer.Option(
            "--weapon",
            metavar="ITEM",
            help="A character's weapon in hand (default: the one held).",
            autocompletion=complete.items,
        ),
    ] = None,
    dice: DiceOpt = None,
    damage_dice: Annotated[
        str | None, typer.Option("--damage-dice", metavar="LIST", help="Physical dice for the damage roll.")
    ] = None,
    seed: SeedOpt = None,
    karma: KarmaOpt = False,
    reroll_dice: RerollOpt = None,
    karma_damage: Annotated[
        bool,
        typer.Option(
            "--karma-damage",
            help="On a hit, roll the damage again for 1 karma (else 1 wish) and keep the new roll (R17).",
        ),
    ] = False,
    reroll_damage_dice: Annotated[
        str | None,
        typer.Option("--reroll-damage-dice", metavar="LIST", help="Physical dice for the --karma-damage reroll."),
    ] = None,
    json_out: JsonOpt = False,
) -> None:
    with acting(Fights) as camp:
        data = camp.fight_attack(
            attacker,
            target,
            weapon=weapon,
            dice=dice,
            damage_dice=damage_dice,
            seed=seed,
            karma=karma,
            reroll_dice=reroll_dice,
            karma_damage=karma_damage,
            reroll_damage_dice=reroll_damage_dice,
        )
    emit(data, lambda: said.blow_lines(data), json_out=json_out)


@app.command(
    "end",
    help=help_text(
        "End the fight: --won (every enemy killed) or --routed (the rest captured or routed) give 1 XP to each named "
        "(default: every living) character, --fled none (R13); 1 fatigue recovered (R21); damage at ST makes a "
        "character "
        "dying, the unsaved dying die (R20). The enemies leave the board.",
        "campaign fight end --won",
        "campaign fight end --routed Ajax Kate",
        "campaign fight end --fled",
    ),
)
@fast
def end(
    names: Annotated[
        list[str] | None, typer.Argument(metavar="[NAME]...", help="Who fought (default: every living character).")
    ] = None,
    won: Annotated[bool, typer.Option("--won", help="All enemies killed.")] = False,
    routed: Annotated[
        bool, typer.Option("--routed", help="The enemies still standing were captured or routed: a win too (R13).")
    ] = False,
    fled: Annotated[bool, typer.Option("--fled", help="The party fled.")] = False,
    json_out: JsonOpt = False,
) -> None:
    with acting(Fights) as camp:
        data = camp.fight_end(*(names or []), won=won, routed=routed, fled=fled)
    emit(data, lambda: said.fight_ended(data), json_out=json_out)
