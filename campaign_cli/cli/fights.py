"""`campaign fight ...`: the enemies on the board, turn order, hits and kills (R8, R13,
R20, R21, R40-R42). The open fight lives in the campaign's meta; every step is journaled,
so `undo` walks back through a fight step by step."""

from __future__ import annotations

from typing import Annotated

import typer

from campaign_cli.cli import complete
from campaign_cli.cli.checks import DiceOpt, SeedOpt
from campaign_cli.cli.common import MAX_AMOUNT, JsonOpt, help_text, reading, writing
from campaign_cli.cli.flow import party_table, status_news
from campaign_cli.cli.lazy import noun_app
from campaign_cli.cli.output import Line, Table, emit
from campaign_cli.errors import Refused, UsageProblem
from campaign_cli.i18n import _, ngettext, shown
from campaign_cli.rules import dice as d
from campaign_cli.rules import enemies, fights, wounds
from campaign_cli.rules.advancement import KILL_XP
from campaign_cli.rules.characters import check_name, view

app = noun_app(help_text("Fights at the table: enemies on the board, turn order, wounds (R8, R13, R20, R21, R40-R42).",
                         "campaign fight start", "campaign fight add 'Bog Lurker' --count 3", "campaign fight status"))


def open_fight(camp) -> dict:
    fight = camp.meta.get("fight")
    if not fight:
        raise Refused(_("no fight is open: `campaign fight start` first"), "no_fight")
    return fight


def fight_view(camp, fight: dict) -> dict:
    """Fight JSON (CLI.md): round, turn, order, enemies; plus the characters' state."""
    chars = [view(c) for c in camp.characters()]
    return {"title": fight.get("title"), "round": fight["round"], "turn": fights.current(fight), "order": fight["order"],
            "enemies": fight["enemies"],
            "characters": [{k: c[k] for k in ("name", "st", "damage", "fatigue", "status")} for c in chars]}


def _bar(left: int, full: int, width: int = 10) -> str:
    filled = round(width * left / full) if full else 0
    return "#" * filled + "." * (width - filled)


def status_views(data: dict) -> list:
    turn = data["turn"]
    title = (_("Fight: {title}, round {round}") if data["title"] else _("Fight, round {round}")).format(
        title=data["title"], round=data["round"])
    if turn:
        title += _(", {name}'s turn").format(name=turn)
    rows = []
    for c in data["characters"]:
        left = max(c["st"] - c["damage"] - c["fatigue"], 0)
        rows.append([">" if c["name"] == turn else "", c["name"], f"{_bar(left, c['st'])} {left}/{c['st']}",
                     _("damage {damage}, fatigue {fatigue}").format(damage=c["damage"], fatigue=c["fatigue"]), c["status"]])
    for e in data["enemies"]:
        left = e["health"] - e["wounds"]
        rows.append([">" if e["type"] == turn else "", e["name"], f"{_bar(left, e['health'])} {left}/{e['health']}",
                     _("{side}; defense {defense}").format(side=shown(e["side"]), defense=e["defense"])
                     + (_("; elite: {ability}").format(ability=e["elite"]) if e["elite"] else ""),
                     "alive" if e["alive"] else "dead"])
    order = Line(_("order: {sides}").format(sides=" > ".join(data["order"])) if data["order"]
                 else _("order: not rolled yet (`campaign fight order`)"))
    return [Table(title, ["", _("who"), _("left"), "", _("status")], rows), order]


@app.command(help=help_text("Open a fight: enemies can be put on the board, and rest and adventure end wait for it.",
                            "campaign fight start", "campaign fight start --title 'Ambush at the ford'"))
def start(title: Annotated[str | None, typer.Option("--title", metavar="TEXT", help="What the fight is called.")] = None,
          json_out: JsonOpt = False) -> None:
    title = check_name(title, "fight") if title is not None else None
    with writing() as camp:
        if camp.meta.get("fight"):
            raise Refused(_("a fight is already open: `campaign fight end --won|--fled` first"), "fight_open")
        fight = fights.new(title)
        for doc in camp.characters():
            if doc.get("fight_damage"):
                wounds.new_fight(doc)  # R25: a Medic heals only what this fight does
                camp.save("characters", doc)
        camp.set_meta(fight=fight)
        camp.note(f"fight started{': ' + title if title else ''}")
        data = fight_view(camp, fight)
    emit(data, Line((_("fight started: {title}; add enemies with `campaign fight add ENEMY`") if title else
                     _("fight started; add enemies with `campaign fight add ENEMY`")).format(title=title)),
         json_out=json_out)


@app.command(help=help_text(
    "Put enemies on the board: N instances named ENEMY 1, ENEMY 2... with their side's health; "
    "--elite rolls the elite table once for the group (R42).",
    "campaign fight add 'Bog Lurker' --count 3", "campaign fight add 'Cinder Hound' --brutal --elite --seed 2"))
def add(enemy: Annotated[str, typer.Argument(metavar="ENEMY", help="An enemy type (`campaign enemy list`, or a pack's).",
                                             autocompletion=complete.enemies)],
        count: Annotated[int, typer.Option("--count", min=1, max=fights.MAX_INSTANCES, metavar="N", help="How many.")] = 1,
        brutal: Annotated[bool, typer.Option("--brutal", help="Their brutal side.")] = False,
        elite: Annotated[bool, typer.Option("--elite", help="An elite group: one roll on the elite table (R42).")] = False,
        seed: SeedOpt = None, dice: DiceOpt = None, json_out: JsonOpt = False) -> None:
    if (seed is not None or dice is not None) and not elite:
        raise UsageProblem(_("--seed and --dice roll the elite table: give --elite"))
    with writing() as camp:
        fight = open_fight(camp)
        board = camp.board(enemy)
        ability, die = None, None
        if elite:
            die = d.obtain(1, enemies.ELITE_ENTRIES, dice, d.rng_for(seed))[0]
            ability = enemies.elite(board, brutal, die)
            camp.record_roll({"enemy": board["name"], "dice": [die], "ability": ability})
        added = fights.add(fight, board, count, brutal, ability)
        camp.set_meta(fight=fight)
        verb = "joins" if len(added) == 1 else "join"
        camp.note(f"{', '.join(e['name'] for e in added)} {verb} the fight" + (f" (elite: {ability})" if ability else ""))
        data = {"added": added, **({"elite_die": die} if die else {}), "fight": fight_view(camp, fight)}
    elite_text = _("; elite roll {die}: {ability}").format(die=die, ability=ability) if ability else ""
    joined = ngettext("{names} joins the fight (health {health}){elite}", "{names} join the fight (health {health}){elite}",
                      len(added))
    emit(data, Line(joined.format(names=", ".join(e["name"] for e in added), health=added[0]["health"], elite=elite_text)),
         json_out=json_out)


@app.command(help=help_text("Roll initiative (R8) over the characters who can act and the enemy groups; ties roll again.",
                            "campaign fight order --seed 3", "campaign fight order --dice 5,2,6"))
def order(seed: SeedOpt = None,
          dice: Annotated[str | None, typer.Option("--dice", metavar="LIST", help="Physical dice: one per side in party order, then enemy groups, then tie rolls.")] = None,
          json_out: JsonOpt = False) -> None:
    rng = d.rng_for(seed)
    queue = None if dice is None else d.typed(dice, None, 6)

    def next_die() -> int:
        if queue is None:
            return rng.randint(1, 6)
        if not queue:
            raise UsageProblem(_("--dice: not enough dice for every side and the ties"), "bad_dice")
        return queue.pop(0)

    with writing() as camp:
        fight = open_fight(camp)
        able = [c["name"] for c in camp.characters() if wounds.can_act(c)]
        rolls = fights.roll_order(fight, able, next_die)
        if queue:
            raise UsageProblem("--dice: " + ngettext("{n} die left over", "{n} dice left over", len(queue)), "bad_dice")
        camp.set_meta(fight=fight)
        camp.record_roll({"order": fight["order"], "rolls": rolls})
        camp.note(f"turn order: {', '.join(fight['order'])}")
        data = {"rolls": rolls, "fight": fight_view(camp, fight)}
    emit(data, [Table(_("Turn order (R8)"), ["#", _("side"), _("rolls")],
                      [[i + 1, n, ", ".join(map(str, rolls[n]))] for i, n in enumerate(fight["order"])]),
                Line(_('round 1: {value} goes first').format(value=fight['order'][0]))], json_out=json_out)


@app.command("next", help=help_text("Move to the next side in the order (a new round after the last).", "campaign fight next"))
def next_(json_out: JsonOpt = False) -> None:
    with writing() as camp:
        fight = open_fight(camp)
        by_name = {c["name"]: c for c in camp.characters()}
        turn = fights.advance(fight, lambda n: n in by_name and wounds.can_act(by_name[n]))
        camp.set_meta(fight=fight)
        camp.note(f"round {fight['round']}: {turn}'s turn")
        data = fight_view(camp, fight)
    emit(data, Line(_("round {round}: {turn}'s turn").format(round=fight['round'], turn=turn)), json_out=json_out)


@app.command(help=help_text("The fight: round, whose turn, every combatant's wounds and health left, elite abilities.",
                            "campaign fight status", "campaign fight status --json | jq '.enemies[] | select(.alive)'"))
def status(json_out: JsonOpt = False) -> None:
    camp = reading()
    data = fight_view(camp, open_fight(camp))
    emit(data, status_views(data), json_out=json_out)


@app.command(help=help_text("Hit an enemy on the board: wounds are the damage minus its defense (R41); "
                            "at health 0 it dies and NAME wins its XP.",
                            "campaign fight hit 'Bog Lurker 2' 5 --by Ajax"))
def hit(target: Annotated[str, typer.Argument(metavar="ENEMY_INSTANCE", help="An enemy on the board, e.g. 'Bog Lurker 2'.",
                                              autocompletion=complete.on_board)],
        damage: Annotated[int, typer.Argument(min=0, max=MAX_AMOUNT, metavar="DAMAGE", help="The hit's damage, before defense.")],
        by: Annotated[str, typer.Option("--by", metavar="NAME", help="Who hit it (wins the XP for a kill).",
                                        autocompletion=complete.characters)],
        json_out: JsonOpt = False) -> None:
    with writing() as camp:
        fight = open_fight(camp)
        hitter = camp.character(by)
        wounds.check_can_act(hitter, _("fight"))
        enemy, dealt, killed = fights.hit(fight, target, damage)
        if killed:
            hitter["xp"] += enemy["xp"]  # R41
            camp.save("characters", hitter)
        camp.set_meta(fight=fight)
        camp.note(f"{hitter['name']} hits {enemy['name']} for {dealt}" + (f": killed, +{enemy['xp']} XP" if killed else ""),
                  hitter["name"], **({"kills": [enemy["name"]]} if killed else {}))
        data = {"enemy": enemy, "damage": damage, "defense": enemy["defense"], "wounds": dealt, "killed": killed,
                "xp": enemy["xp"] if killed else 0, "character": view(hitter)}
    left = enemy["health"] - enemy["wounds"]
    line = (_("{hitter} hits {enemy}: {damage} - defense {defense} = ").format(
                hitter=hitter["name"], enemy=enemy["name"], damage=damage, defense=enemy["defense"])
            + ngettext("{n} wound", "{n} wounds", dealt) + "; "
            + (_("{enemy} is killed: {hitter} wins {xp} XP").format(enemy=enemy["name"], hitter=hitter["name"], xp=enemy["xp"])
               if killed else _("{left} of {health} health left").format(left=left, health=enemy["health"])))
    emit(data, Line(line), json_out=json_out)


@app.command("end", help=help_text(
    "End the fight: --won gives 1 XP to each named (default: every living) character, --fled none (R13); "
    "1 fatigue recovered (R21); damage at ST makes a character dying, the unsaved dying die (R20). "
    "The enemies leave the board.",
    "campaign fight end --won", "campaign fight end --won Ajax Kate", "campaign fight end --fled"))
def end(names: Annotated[list[str] | None, typer.Argument(metavar="[NAME]...", help="Who fought (default: every living character).")] = None,
        won: Annotated[bool, typer.Option("--won", help="All enemies killed, captured or routed.")] = False,
        fled: Annotated[bool, typer.Option("--fled", help="The party fled.")] = False,
        json_out: JsonOpt = False) -> None:
    if won == fled:
        raise UsageProblem(_("give --won or --fled"))
    with writing() as camp:
        docs = camp.characters()
        fighters = [camp.character(n)["id"] for n in names] if names else [d["id"] for d in docs if wounds.alive(d)]
        xp = {}
        before = {d["name"]: wounds.current_status(d) for d in docs}
        for doc in docs:
            if won and doc["id"] in fighters and wounds.alive(doc):
                doc["xp"] += KILL_XP
                xp[doc["name"]] = KILL_XP
            wounds.after_fight(doc)
            camp.save("characters", doc)
        fight = camp.meta.get("fight")
        killed = [e["name"] for e in (fight or {}).get("enemies", []) if not e["alive"]]
        camp.set_meta(fight=None, fights=camp.meta.get("fights", 0) + 1)  # R25a counts fights
        camp.note(f"fight {'won' if won else 'fled'}" + (f": +{KILL_XP} XP to {', '.join(xp)}" if xp else ""),
                  *(d["name"] for d in docs), killed=killed)
    chars = [view(d) for d in docs]
    data = {"outcome": "won" if won else "fled", "xp": xp, "killed": killed,
            "dying": [c["name"] for c in chars if c["status"] == "dying"],
            "dead": [c["name"] for c in chars if c["status"] == "dead"], "characters": chars}
    emit(data, [party_table(_("Fight won") if won else _("Fight fled"), docs), *status_news(before, docs)], json_out=json_out)
