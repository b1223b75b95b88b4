"""A fight's acts (R8, R13, R24-R26, R29, R32a, R40-R42): it opens, groups join, the order
is rolled, turns pass, blows are struck and it ends; an enemy is killed off the board.
Each blow is written once: a character's blow on an enemy instance (a 3/DX check with
the weapon's skill, then its damage less the defense), a strike of known damage, an
enemy's attack on a character. The acts change the open campaign, record their events
and return facts; cli/fights.py puts them into words."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from campaign_cli import acts, jsontext
from campaign_cli.acts import advancement as adv_events
from campaign_cli.errors import Cmd, Opt, Refused, Say, Shown, UsageProblem
from campaign_cli.rules import advancement as adv
from campaign_cli.rules import dice as d
from campaign_cli.rules import fights, gear, wounds
from campaign_cli.rules.advancement import KILL_XP
from campaign_cli.rules.characters import alive, current_status, view

if TYPE_CHECKING:
    import random

    from campaign_cli.model import Board, Character, Fight, FightEnemy
    from campaign_cli.store.campaign import Stored


def start_fight(camp: Stored, title: str | None) -> Fight:
    """`fight start`: a fight opens (R40); what a Medic may heal starts anew (R25)."""
    acts.guard(camp, "fight start")
    fight = fights.new(title)
    for doc in camp.characters():
        if doc.get("fight_damage"):
            wounds.new_fight(doc)  # R25: a Medic heals only what this fight does
            camp.save("characters", doc)
    camp.set_meta(fight=fight)
    camp.note(f"fight started{': ' + title if title else ''}")
    camp.event("fight_started", **({"title": title} if title else {}))
    return fight


def add_group(
    camp: Stored, enemy: str | int, count: int, brutal: bool, elite_die: Callable[[], int] | None
) -> tuple[Fight, list[FightEnemy], int | None]:
    """`fight add`: COUNT instances of ENEMY's board as one group; an elite group rolls the
    elite table once (R42) with ELITE_DIE. Returns the fight, the instances and the die."""
    from campaign_cli.rules import enemies

    fight = open_fight(camp, "fight add")
    board = camp.board(enemy)
    entry, die = None, None
    if elite_die is not None:
        die = elite_die()
        entry = enemies.elite_entry(board, brutal, die)
        camp.record_roll({"enemy": board["name"], "dice": [die], "ability": enemies.elite_text(entry)})
    added = fights.add(fight, board, count, brutal, entry)
    fights.refresh(fight, able(camp))
    camp.set_meta(fight=fight)
    ability = added[0]["elite"]
    verb = "joins" if len(added) == 1 else "join"
    camp.note(f"{', '.join(e['name'] for e in added)} {verb} the fight" + (f" (elite: {ability})" if ability else ""))
    camp.event("joined", names=[e["name"] for e in added], elite=ability)
    return fight, added, die


def roll_order(camp: Stored, party: list[str] | None, next_die: Callable[[], int]) -> tuple[Fight, dict[str, Any]]:
    """`fight order` (R8): the sides' dice, ties rolled again, say who goes first; the
    party in PARTY's order. Returns the fight and the rolls."""
    fight = open_fight(camp, "fight order")
    if fights.order_rolled(fight) and fight.get("acted"):  # R8: no one acts twice in a round
        raise Refused(
            Say(
                "R8: the order is rolled and {names} acted in round {round}: it may be rolled again only "
                "before anyone acts ({command})",
                names=", ".join(fight["acted"]),
                round=fight["round"],
                command=Cmd("fight next"),
            ),
            "round_under_way",
        )
    docs = [camp.character(n) for n in party] if party else None
    for doc in docs or ():  # R8, R11a: the order is of those who can act
        if not wounds.can_act(doc):
            raise Refused(
                Say(
                    "R11a: {name} cannot act ({condition}) and takes no place in the party's order",
                    name=doc["name"],
                    condition=Shown(current_status(doc)),
                ),
                "cannot_act",
            )
    chosen = [d["name"] for d in docs] if docs is not None else None
    if chosen is not None and len(set(chosen)) != len(chosen):
        raise UsageProblem(Say("{option}: a name is repeated", option=Opt("party")))
    rolls = fights.roll_order(fight, able(camp), next_die, chosen)
    camp.set_meta(fight=fight)
    camp.record_roll({"order": fight["order"], "rolls": rolls, "first": fight["first"]})
    camp.note(f"turn order: {', '.join(fight['order'])}")
    camp.event("order", order=fight["order"])
    return fight, rolls


def next_turn(camp: Stored) -> tuple[Fight, str]:
    """`fight next` (R32a): the next side's turn, a new round after the last."""
    fight = open_fight(camp, "fight next")
    turn = fights.advance(fight, able(camp))
    camp.set_meta(fight=fight)
    camp.note(f"round {fight['round']}: {turn}'s turn")
    camp.event("turn", round=fight["round"], turn=turn)
    return fight, turn


def facts(camp: Stored, fight: Fight) -> dict[str, Any]:
    """The fight as CLI.md shows it: round, turn, order, enemies; plus the groups and the
    characters' state. The order is worked out as it stands now (a knock-out since the last
    fight act counts)."""
    from campaign_cli.rules.characters import health_left

    fight = jsontext.copied(fight)
    fights.refresh(fight, able(camp))
    docs = camp.characters()
    chars = [{**view(c), **dict(zip(("left", "of"), health_left(c), strict=True))} for c in docs]
    groups = [
        {
            "id": g["id"],
            "name": fights.label(fight, g),
            "type": g["type"],
            "initiative": g["initiative"],
            "elite": g.get("elite"),
            "elite_numbers": g.get("elite_numbers", {}),
        }
        for g in fights.all_groups(fight)
    ]
    return {
        "title": fight.get("title"),
        "round": fight["round"],
        "turn": fights.current(fight),  # "party" on the party's turn (R32a), else a group's name
        "waiting": fights.waiting(fight),  # on the party's turn: who has not acted yet
        "order": fight["order"],
        "acted": fight.get("acted", []),  # R32a: who has taken this round's action
        "first": fight.get("first"),
        "groups": groups,
        "enemies": [{**e, "left": fights.health_left(e)} for e in fight["enemies"]],
        "characters": [
            {k: c[k] for k in ("name", "st", "damage", "fatigue", "status", "gender", "left", "of")} for c in chars
        ],
    }


def open_fight(camp: Stored, path: str) -> Fight:
    """The open fight, for act PATH (its guard refuses when none is open)."""
    acts.guard(camp, path)
    returned: Fight = camp.meta["fight"]
    return returned


def able(camp: Stored) -> list[str]:
    """The characters who can act (R11a), as created."""
    return [c["name"] for c in camp.characters() if wounds.can_act(c)]


def strike(
    camp: Stored, fight: Fight, hitter: Character, target: str | int, damage: int, roll: int | None = None
) -> dict[str, Any]:
    """A blow on an enemy instance by HITTER: wounds after defense, kill and wound XP (R41).
    ROLL: the check that hit (None: `fight hit`, a blow of known damage)."""
    enemy, dealt, killed = fights.hit(fight, target, damage)
    xp = fights.hit_xp(enemy, dealt, killed)
    over = fights.overkill(enemy, damage, dealt)
    wound_xp = fights.hit_xp(enemy, dealt, False)
    camp.event(
        "blow",
        attacker=hitter["name"],
        target=enemy["name"],
        roll=roll,
        hit=True,
        damage=damage,
        defense=enemy["defense"],
        wounds=dealt,
        overkill=over,
        xp=wound_xp,
    )
    if killed:  # who killed whom (recap)
        camp.event(
            "killed",
            enemy=enemy["name"],
            by=hitter["name"],
            wounds=dealt,
            xp=xp - wound_xp,
            gender=enemy.get("gender"),
        )
    if xp:
        hitter["xp"] += xp
        camp.save("characters", hitter)
    fights.refresh(fight, able(camp))
    camp.set_meta(fight=fight)
    return {
        "enemy": enemy,
        "damage": damage,
        "defense": enemy["defense"],
        "wounds": dealt,
        "past_defense": fights.past_defense(enemy, damage),
        "overkill": over,
        "killed": killed,
        "xp": xp,
        "character": view(hitter),
    }


def _names_character(camp: Stored, fight: Fight, ref: str | int) -> bool:
    """Whether the attacker REF names a character: a character's name or id, or, being no
    enemy on the board, any name that finds one (a first name, a Russian case: `Лада` for
    Лада Светлая, as every other command takes it)."""
    from campaign_cli.errors import CampaignError

    if camp.exists("characters", ref) or str(ref).strip().isdigit():
        return True
    try:
        fights.instance(fight, ref)
        return False
    except CampaignError:
        pass
    try:
        camp.character(ref)
    except CampaignError:
        return False  # neither: the board's refusal names what is there
    return True


def character_blow(
    camp: Stored,
    fight: Fight,
    doc: Character,
    target: str | int,
    weapon: str | None,
    dice: str | None,
    damage_dice: str | None,
    rng: random.Random,
    karma: bool,
    reroll_dice: str | None,
    karma_damage: tuple[bool, str | None] = (False, None),
) -> dict[str, Any]:
    """R24, R26, R30, R18, R41: a 3/DX check with the weapon's skill, then its damage on a
    hit; R17: --karma rolls a miss again, --karma-damage the damage (each 1 karma, else 1
    wish), as `check --karma` and `roll --character --karma` do."""
    from campaign_cli.acts.rolls import damage_roll, rolled_check
    from campaign_cli.rules import checks as check_rules

    if karma_damage[0]:
        adv.require_reroll(doc)  # refused up front, before any die is rolled
    enemy = fights.standing_instance(fight, target)
    item = blade(doc, weapon)
    if "id" in item:  # a stored item, not bare hands
        gear.check_loaded(item)  # R26, R32a
    skill = item.get("skill") if item.get("skill") in doc.get("skills", {}) else None
    prep = check_rules.prepare(doc, check_rules.parse_spec(f"3/DX+{skill}" if skill else "3/DX"))
    check = rolled_check(doc, prep, dice, rng, karma, reroll_dice)
    if "id" in item:
        gear.fired(item)  # R26: a reloading weapon is unloaded by its shot, hit or miss
    camp.save("characters", doc)
    data = {
        "attacker": doc["name"],
        "weapon": item["name"],
        "hit": check["success"],
        "hits": int(check["success"]),
        "dice": check["dice"],
        "check": check,
        "damage_dice": [],
        "damage": 0,
        "wounds": 0,
        "past_defense": 0,
        "overkill": 0,
        "killed": False,
        "xp": 0,
    }
    if check["success"]:
        roll = damage_roll(
            camp,
            doc,
            item,
            None,
            damage_dice,
            rng,
            None,
            karma_damage[0],
            karma_damage[1],
            "reroll_damage_dice",
            "damage_dice",
        )
        blow = strike(camp, fight, doc, enemy["name"], roll["total"], check["total"])
        data.update(
            damage_dice=roll["dice"],
            damage=roll["total"],
            roll=roll,
            wounds=blow["wounds"],
            past_defense=blow["past_defense"],
            overkill=blow["overkill"],
            killed=blow["killed"],
            xp=blow["xp"],
            character=blow["character"],
        )
        enemy = blow["enemy"]
    else:
        camp.event(
            "blow",
            attacker=doc["name"],
            target=enemy["name"],
            roll=check["total"],
            hit=False,
            damage=0,
            defense=enemy.get("defense", 0),
            wounds=0,
            overkill=0,
            xp=0,
        )
    data.update(
        target=enemy,
        summary=f"{doc['name']} attacks {enemy['name']}: "
        + (f"{data['wounds']} wounds" + (", killed" if data["killed"] else "") if data["hit"] else "miss"),
        names=[doc["name"]],
    )
    return data


def blade(doc: Character, ref: str | None) -> Any:  # an Item, or bare hands (R26)
    """The weapon of a blow: --weapon (as `roll --weapon` takes it), else the first weapon
    held, else bare hands (R26)."""
    from campaign_cli.acts.rolls import wielded

    held = next((i for i in doc["items"] if i["state"] == "held" and i.get("damage")), None)
    if ref is None and held is not None:
        return wielded(doc, str(held["id"]))  # R27, R34: still strong enough, still keyworded
    return wielded(doc, "Unarmed" if ref is None else ref)


def enemy_blow(
    camp: Stored, fight: Fight, enemy: FightEnemy, doc: Character, dice: str | None, rng: random.Random
) -> dict[str, Any]:
    """An enemy's attack: its combat dice against its to-hit; each hit its damage less armor (R29)."""
    if not enemy["alive"]:
        raise Refused(Say('{name} is dead and attacks no more', name=enemy['name']), "already_dead")
    if current_status(doc) == "dead":
        raise Refused(
            Say('{name} is dead (R20); only a wish can help', name=doc['name'], agreeing=doc.get('gender')), "dead"
        )
    count = enemy.get("combat", 0)
    counts = d.faces(count, 6, rng) if dice is None and count > d.LISTED_DICE else None
    rolled = d.obtain(count, 6, dice, rng) if counts is None else []
    armor = view(doc)["armor"]
    before = current_status(doc)
    blow = fights.enemy_attack(armor, enemy, rolled, counts)
    for _hit in range(blow["hits"] if blow["per_hit"] else 0):  # hits that all stop at the armor take nothing
        if current_status(doc) == "dead":
            break  # R20: beyond saving; the hits left fall on nobody
        wounds.take(doc, enemy.get("damage", 0), armor=armor)  # R29 per hit; counted for the Medic (R25)
    camp.save("characters", doc)
    ch = view(doc)
    camp.event(
        "struck",
        attacker=enemy["name"],
        target=doc["name"],
        hits=blow["hits"],
        damage=blow["damage"],
        armor=armor,
        status=ch["status"],
    )
    acts.fallen(camp, doc, before, "R19")
    return {
        "attacker": enemy["name"],
        "enemy": enemy,  # who struck: its to-hit and damage
        "hit": blow["hits"] > 0,
        "hits": blow["hits"],
        "dice": rolled,
        **({"faces": counts} if counts is not None else {}),  # a big roll: dice per face, 1..6
        "damage_dice": [],
        "damage": blow["damage"],
        "per_hit": blow["per_hit"],
        "absorbed": blow["absorbed"],
        "wounds": blow["damage"],
        "target": ch,
        "summary": f"{enemy['name']} attacks {doc['name']}: {blow['hits']} hits, {blow['damage']} damage",
        "names": [doc["name"]],
    }


def end_fight(camp: Stored, outcome: str, names: list[str] | None) -> tuple[dict[str, Any], dict[str, Any], list[Any]]:
    """`fight end` (R13, R20, R21, R25a): --won (every enemy killed) or --routed gives
    KILL_XP to each named (default: every living) character, --fled none; then each
    character's fight is settled (fatigue, the dying). Returns (the facts, each
    character's status before, the characters after) for the views. Refused without an
    open fight (`no_fight`, CLI.md "Turns")."""
    fight = open_fight(camp, "fight end")
    left = fights.standing(fight)
    if outcome == "won" and left:
        raise Refused(
            Say(
                "R13: {names} still stand; a fight is won when they are killed, or {routed} if they "
                "were captured or routed",
                routed=Opt("routed"),
                names=", ".join(left),
            ),
            "enemies_standing",
        )
    docs = camp.characters()
    named = [camp.character(n) for n in names or ()]
    for doc in named:  # R11a, sixth reading: the dead win nothing, as `xp award` refuses them
        wounds.check_not_dead(doc)
    fighters = [d["id"] for d in named] if names else [d["id"] for d in docs if alive(d)]
    xp = {}
    before = {d["name"]: current_status(d) for d in docs}
    for doc in docs:
        if outcome != "fled" and doc["id"] in fighters and alive(doc):
            doc["xp"] += KILL_XP
            xp[doc["name"]] = KILL_XP
        wounds.after_fight(doc)
        camp.save("characters", doc)
    camp.event("fight_ended", outcome=outcome, xp=xp)
    for doc in docs:
        if doc["name"] in xp:
            adv_events.xp_won(camp, doc, KILL_XP, None)
        acts.fallen(camp, doc, before[doc["name"]], "R20")
    killed = [e["name"] for e in (fight or {}).get("enemies", []) if not e["alive"]]
    camp.set_meta(fight=None, fights=camp.meta.get("fights", 0) + 1)  # R25a counts fights
    camp.note(
        f"fight {outcome}" + (f": +{KILL_XP} XP to {', '.join(xp)}" if xp else ""),
        *(d["name"] for d in docs),
        killed=killed,
    )
    chars = [view(d) for d in docs]
    data = {
        "outcome": outcome,
        "xp": xp,
        "killed": killed,
        "routed": left if outcome == "routed" else [],
        "dying": [c["name"] for c in chars if c["status"] == "dying"],
        "dead": [c["name"] for c in chars if c["status"] == "dead"],
        "characters": chars,
    }
    return data, before, docs


def kill_enemy(camp: Stored, name: str | int, by: str, brutal: bool) -> tuple[Character, Board, int]:
    """`enemy kill`: the killer BY wins the enemy's XP, its brutal side's with BRUTAL (R41;
    the dead win nothing, R11a). Returns the killer, the board and the XP won."""
    from campaign_cli.rules.enemies import kill_xp

    doc = acts.actor(camp, "enemy kill", by)
    board = camp.own_board(name)
    xp = kill_xp(board, brutal)
    doc["xp"] += xp
    camp.save("characters", doc)
    summary = f"{doc['name']} killed {board['name']}{' (brutal)' if brutal else ''}: +{xp} XP"
    camp.note(summary, doc["name"], kills=[board["name"]])
    camp.event("killed", enemy=board["name"], by=doc["name"], xp=xp, gender=board.get("gender"))
    return doc, board, xp


def fight_hit(camp: Stored, target: str | int, damage: int, by: str) -> dict[str, Any]:
    """`fight hit`: a blow of known damage by BY on an enemy instance (R41: less its
    defense; a kill wins its XP)."""
    fight = open_fight(camp, "fight hit")
    hitter = acts.actor(camp, "fight hit", by)
    data = strike(camp, fight, hitter, target, damage)
    enemy = data["enemy"]
    camp.note(
        f"{hitter['name']} hits {enemy['name']} for {data['wounds']}"
        + (f": killed, +{data['xp']} XP" if data["killed"] else f", +{data['xp']} XP" if data["xp"] else ""),
        hitter["name"],
        **({"kills": [enemy["name"]]} if data["killed"] else {}),
    )
    return data


def fight_attack(
    camp: Stored,
    attacker: str | int,
    target: str | int,
    *,
    weapon: str | None,
    dice: Any,
    damage_dice: Any,
    rng: Any,
    karma: bool,
    reroll_dice: Any,
    karma_damage: tuple[Any, ...],
    seed: int | None,
) -> tuple[dict[str, Any], Fight]:
    """`fight attack`: a character's blow on an enemy instance, or an enemy instance's on a
    character, on its side's turn (R32a); the round's action of the attacker. Returns the
    blow and the fight it was struck in."""
    fight = open_fight(camp, "fight attack")
    if _names_character(camp, fight, attacker):
        doc = acts.actor(camp, "fight attack", attacker)
        data = character_blow(
            camp, fight, doc, target, weapon, dice, damage_dice, rng, karma, reroll_dice, karma_damage
        )
    else:
        if weapon is not None or karma or karma_damage[0]:
            raise UsageProblem(
                Say(
                    "{weapon}, {karma} and {karma_damage} are for a character's blow",
                    weapon=Opt("weapon"),
                    karma=Opt("karma"),
                    karma_damage=Opt("karma_damage"),
                )
            )
        enemy = fights.instance(fight, attacker)
        acts.enemy_turn(camp, enemy)
        data = enemy_blow(camp, fight, enemy, camp.character(target), dice, rng)
    acts.acted(camp, "fight attack", data["attacker"])
    if seed is not None:
        data["seed"] = seed
    camp.record_roll({k: v for k, v in data.items() if k not in ("target", "character", "enemy")})
    summary, names = data.pop("summary"), data.pop("names")  # the journal's, not the result's
    camp.note(summary, *names, **({"kills": [data["target"]["name"]]} if data.get("killed") else {}))
    return data, fight
