"""`campaign fight ...`: the enemies on the board, turn order, hits and kills (R8, R13,
R20, R21, R40-R42). The open fight lives in the campaign's meta; every step is journaled,
so `undo` walks back through a fight step by step."""

from collections.abc import Mapping
from typing import Annotated, Any

import typer

from campaign_cli.cli.common import MAX_AMOUNT, JsonOpt, acting, complete, fast, help_text, looking
from campaign_cli.cli.diceopts import DiceOpt, KarmaOpt, RerollOpt, SeedOpt
from campaign_cli.cli.lazy import noun_app
from campaign_cli.cli.output import Line, Table, emit
from campaign_cli.cli.views import fight_started_line, fight_turn_line, fight_views, party_table, status_news
from campaign_cli.i18n import _, empty, ngettext, of_thing, side, status_of
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
    emit(data, lambda: fight_started_line(data), json_out=json_out)


@app.command(
    help=help_text(
        "Put enemies on the board as one group: N instances named ENEMY 1, ENEMY 2... with their side's numbers; "
        "--elite rolls the elite table once for the group (R42), and an elite entry's numbers are added to each "
        "instance. A group that joins after the order was rolled takes its place by initiative at once (R8).",
        "campaign fight add 'Bog Lurker' --count 3",
        "campaign fight add 'Cinder Hound' --brutal --elite --seed 2",
    )
)
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
    added, die = data["added"], data.get("elite_die")
    ability = added[0]["elite"]
    elite_text = _("; elite roll {die}: {ability}").format(die=die, ability=ability) if ability else ""
    joined = ngettext(
        "{names} joins the fight (health {health}){elite}",
        "{names} join the fight (health {health}){elite}",
        len(added),
    )
    emit(
        data,
        Line(joined.format(names=", ".join(e["name"] for e in added), health=added[0]["health"], elite=elite_text)),
        json_out=json_out,
    )


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
    fight, rolls = data["fight"], data["rolls"]
    first = {"party": _("the party goes first"), "enemies": _("the enemies go first")}[fight["first"] or "party"]
    dice_line = (
        _("party {party} vs enemies {enemies}: {first}").format(
            party=", ".join(map(str, rolls["party"])), enemies=", ".join(map(str, rolls["enemies"])), first=first
        )
        if rolls["party"] and rolls["enemies"]
        else first  # no enemy yet: nothing was rolled
    )
    emit(
        data,
        [
            Line(dice_line),
            Table(
                _("Turn order (R8)"),
                ["#", _("who")],
                [[i + 1, side(n)] for i, n in enumerate(fight["order"])],
                ("id", "name"),
            ),
            Line(
                _("round 1: the party's turn")
                if fight["turn"] == "party"
                else _("round 1: {value} goes first").format(value=side(fight["turn"]))
            ),
        ],
        json_out=json_out,
    )


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
    emit(data, lambda: fight_turn_line(data), json_out=json_out)


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
    emit(data, lambda: fight_views(data), json_out=json_out)


def _strike_line(hitter: str, data: Mapping[str, Any]) -> str:
    enemy, dealt = data["enemy"], data["wounds"]
    left = fights.health_left(enemy)
    line = _("{hitter} hits {enemy}: {damage} - defense {defense} = ").format(
        hitter=hitter, enemy=enemy["name"], damage=data["damage"], defense=enemy["defense"]
    )
    if data["overkill"]:  # the wounds are what health it had left (R41)
        line += str(data["past_defense"]) + "; "
        line += ngettext("{n} wound, all it had left", "{n} wounds, all it had left", dealt)
    else:
        line += ngettext("{n} wound", "{n} wounds", dealt)
    line += "; "
    if data["killed"]:
        return line + of_thing(enemy.get("gender"), "{enemy} is killed: {hitter} wins {xp} XP").format(
            enemy=enemy["name"], hitter=hitter, xp=data["xp"]
        )
    line += _("{left} of {health} health left").format(left=left, health=enemy["health"])
    return line + (
        _("; {hitter} wins {xp} XP for the wounds (R41)").format(hitter=hitter, xp=data["xp"]) if data["xp"] else ""
    )


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
    emit(data, Line(_strike_line(data["character"]["name"], data)), json_out=json_out)


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
    emit(data, lambda: blow_lines(data), json_out=json_out)


def blow_lines(data: Mapping[str, Any]) -> list[Line]:
    """A blow in words: a character's check, damage and what it did to the enemy (or the
    miss); an enemy's dice, hits and what they did to the character."""
    from campaign_cli.render.rolls import describe_check, describe_roll

    if "check" in data:  # a character's blow
        lines = [describe_check(data["check"])]
        if data["hit"]:
            strike = {
                "enemy": data["target"],
                **{k: data[k] for k in ("damage", "wounds", "past_defense", "overkill", "killed", "xp")},
            }
            lines += [describe_roll(data["roll"]), _strike_line(data["attacker"], strike)]
        else:
            lines.append(_("{name} misses {enemy}").format(name=data["attacker"], enemy=data["target"]["name"]))
        return [Line(t) for t in lines]
    enemy, ch = data["enemy"], data["target"]
    counts = data.get("faces")
    line = _("{enemy} attacks {name}: rolled {dice} needing {to_hit}+: ").format(
        enemy=enemy["name"],
        name=ch["name"],
        dice=(", ".join(map(str, data["dice"])) or empty())
        if counts is None
        else ", ".join(_("{n}x{face}").format(n=n, face=face) for face, n in enumerate(counts, 1) if n),
        to_hit=enemy.get("to_hit", 0),
    )
    line += ngettext("{n} hit", "{n} hits", data["hits"])
    if data["hits"]:
        line += _(" x ({damage} - armor {armor}) = {total} damage; {name}: {status}").format(
            damage=enemy.get("damage", 0),
            armor=ch["armor"],
            total=data["damage"],
            name=ch["name"],
            status=status_of(ch["status"], ch.get("gender")),
        )
    return [Line(line)]


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
    outcome, chars, before = data["outcome"], data["characters"], data["status_before"]
    title = {"won": _("Fight won"), "routed": _("Fight won: the rest routed"), "fled": _("Fight fled")}[outcome]
    emit(data, lambda: [party_table(title, chars), *status_news(before, chars)], json_out=json_out)
