"""A fight at the table: the enemy instances on the board in their groups, with their
wounds, the turn order (R8), hits, kills and wound XP (R41), elite groups (R42). The fight
is a plain dict kept in the campaign's meta.

The order (R8): the party's die against the enemies' die decides which side goes first;
within the enemy side each group acts at its board's initiative (elite numbers included),
highest first, ties in the order they joined; within the party, the characters able to
act, in the order the players set (`fight order --party`), else as created. The order is
worked out again after every change, so a group that joins later takes its place at once
and one whose instances are all dead drops out.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from campaign_cli.errors import Cmd, Opt, Refused, Say
from campaign_cli.rules import enemies
from campaign_cli.rules.names import resolve

if TYPE_CHECKING:
    from typing import Any

    from campaign_cli.model import Board, Fight, FightEnemy, FightGroup

MAX_INSTANCES = 100  # one `fight add` puts at most this many on the board
STATS = ("health", "defense", "damage", "combat", "to_hit", "move", "initiative", "escape")  # an instance's numbers


def new(title: str | None) -> Fight:
    return {
        "title": title,
        "round": 0,
        "turn": None,
        "order": [],
        "enemies": [],
        "groups": [],
        "first": None,
        "party": [],
    }


def add(fight: Fight, board: Board, count: int, brutal: bool, entry: dict[str, Any] | None = None) -> list[FightEnemy]:
    """COUNT instances of BOARD's side, named `TYPE 1`, `TYPE 2`... after those already there,
    as one new group; an elite group (R42) shares one ability ENTRY, whose numbers are added
    to every instance's fields."""
    if not 1 <= count <= MAX_INSTANCES:
        raise Refused(
            Say(
                '{option} is 1 to {MAX_INSTANCES}, not {count}',
                option=Opt("count"),
                MAX_INSTANCES=MAX_INSTANCES,
                count=count,
            ),
            "bad_count",
        )
    side = enemies.side_of(board, brutal)
    bonus = enemies.elite_numbers(entry) if entry is not None else {}
    numbers: dict[str, Any] = dict(side)  # STATS: a side's numbers, read by name
    stats = {k: max(numbers[k] + bonus.get(k, 0), 1 if k == "health" else 0) for k in STATS}
    same = [e for e in fight["enemies"] if e["type"] == board["name"]]
    first = max((int(e["name"].rsplit(" ", 1)[1]) for e in same), default=0) + 1
    groups = fight.setdefault("groups", [])
    group: FightGroup = {
        "id": len(groups) + 1,
        "type": board["name"],
        "side": "brutal" if brutal else "normal",
        "elite": enemies.elite_text(entry) if entry is not None else None,
        "elite_numbers": bonus,
        "initiative": stats["initiative"],
        "gender": board.get("gender"),
    }
    groups.append(group)
    added: list[FightEnemy] = [
        {
            "name": f"{board['name']} {first + i}",
            "type": board["name"],
            "group": group["id"],
            "side": group["side"],
            **stats,  # type: ignore[typeddict-item]  # STATS: the instance's numbers
            "wounds": 0,
            "xp": side["xp"],
            "wound_xp": side.get("wound_xp", 0),
            "elite": group["elite"],
            "gender": group["gender"],
            "alive": True,
        }
        for i in range(count)
    ]
    fight["enemies"].extend(added)
    return added


def label(fight: Fight, group: FightGroup) -> str:
    """A group's name in the order: its type, or `Type (group N)` when one type has several
    (stored: the order is data, the same in every language)."""
    same = [g for g in all_groups(fight) if g["type"] == group["type"]]
    if len(same) == 1:
        return group["type"]
    return f"{group['type']} (group {same.index(group) + 1})"


def all_groups(fight: Fight) -> list[FightGroup]:
    """Every group, in the order they joined; a fight from before groups were kept (no
    `group` on its instances) counts each enemy type as one group."""
    if fight.get("groups") and all("group" in e for e in fight["enemies"]):
        return fight["groups"]
    seen: dict[str, FightGroup] = {}  # keyed, and identified, by the type's name
    for e in fight["enemies"]:
        seen.setdefault(
            e["type"],
            # an old fight's group is named by its type: never stored, so never judged
            {"id": e["type"], "type": e["type"], "initiative": e.get("initiative", 0), "elite": e.get("elite")},  # type: ignore[typeddict-item]
        )
    return list(seen.values())


def group_of(fight: Fight, enemy: FightEnemy) -> FightGroup:
    return next(g for g in all_groups(fight) if g["id"] == enemy.get("group", enemy["type"]))


def _groups(fight: Fight) -> list[FightGroup]:
    """Groups with someone still standing."""
    standing = {e.get("group", e["type"]) for e in fight["enemies"] if e["alive"]}
    return [g for g in all_groups(fight) if g["id"] in standing]


def enemy_order(fight: Fight) -> list[str]:
    """R8: the enemy side's groups, highest initiative first, ties in the order they joined."""
    groups = _groups(fight)
    ranked = sorted(range(len(groups)), key=lambda i: (-groups[i]["initiative"], i))
    return [label(fight, groups[i]) for i in ranked]


def party_order(fight: Fight, able: list[str]) -> list[str]:
    """The characters able to act: in the order the players set, then the others as created."""
    chosen = [n for n in fight.get("party", []) if n in able]
    return chosen + [n for n in able if n not in chosen]


def refresh(fight: Fight, able: list[str]) -> None:
    """Work the order out again (after a join, a kill, a knock-out), keeping whose turn it
    is; ABLE: the characters who can act. Nothing before the order is rolled."""
    if fight.get("first") is None and fight.get("order"):  # rolled by a version before sides
        fight["first"] = "party" if fight["order"][0] not in enemy_order(fight) else "enemies"
    if fight.get("first") is None:
        return
    turn = fight.get("turn")
    now = current(fight) if turn is not None else None
    party = party_order(fight, able)
    sides = [party, enemy_order(fight)] if fight["first"] == "party" else [enemy_order(fight), party]
    order = [*sides[0], *sides[1]]
    fight["order"] = order
    if now == PARTY and party:  # the party's turn stays the party's (R32a), whoever fell
        fight["turn"] = order.index(party[0])
    elif now in order:
        fight["turn"] = order.index(now)
    elif order:
        fight["turn"] = min(fight.get("turn") or 0, len(order) - 1)


def roll_order(
    fight: Fight, able: list[str], next_die: Callable[[], int], party: list[str] | None = None
) -> dict[str, list[int]]:
    """R8: the party's die against the enemies' die (ties roll again) decides which side
    goes first; then the order is worked out. Returns the dice of each side."""
    if not able and not _groups(fight):
        raise Refused(Say("nobody to order: add enemies with {command}", command=Cmd("fight add")), "nobody")
    if party is not None:
        fight["party"] = party
    rolls: dict[str, list[int]] = {"party": [], "enemies": []}
    if not _groups(fight):
        fight["first"] = "party"
    elif not able:
        fight["first"] = "enemies"
    else:
        while True:
            ours, theirs = next_die(), next_die()
            rolls["party"].append(ours)
            rolls["enemies"].append(theirs)
            if ours != theirs:
                break
        fight["first"] = "party" if ours > theirs else "enemies"
    fight["round"], fight["turn"] = 1, None
    fight["order"], fight["acted"] = [], []
    refresh(fight, able)
    fight["turn"] = 0
    return rolls


def order_rolled(fight: Fight | None) -> bool:
    """A fight whose order is rolled: from then on turns count (R32a); before, nothing is limited."""
    return bool(fight and fight.get("order") and fight.get("turn") is not None)


def party_side(fight: Fight) -> list[str]:
    """The characters in the order (every entry that is not an enemy group's label)."""
    labels = {label(fight, g) for g in all_groups(fight)}
    return [n for n in fight["order"] if n not in labels]


PARTY = "party"  # R32a: whose turn it is when it is the party's (stored, the same in every language)


def current(fight: Fight) -> str | None:
    """Whose turn it is (R32a): "party" on the party's turn (its characters act in any
    order, each once), else the enemy group's name; None before the order is rolled."""
    turn = fight.get("turn")
    if turn is None or not fight["order"]:
        return None
    entry = fight["order"][turn]
    return PARTY if entry in party_side(fight) else entry


def waiting(fight: Fight) -> list[str]:
    """On the party's turn, its characters who have not acted this round (R32a); else none."""
    if current(fight) != PARTY:
        return []
    acted = set(fight.get("acted", []))
    return [n for n in party_side(fight) if n not in acted]


def advance(fight: Fight, able: list[str]) -> str:
    """The next side in order that can still act (a new round after the last); the order
    is worked out again first, so late groups are in it and the fallen are not."""
    if not fight["order"]:
        raise Refused(Say("no turn order yet: {command} first", command=Cmd("fight order")), "no_order")
    refresh(fight, able)
    if not fight["order"]:
        raise Refused(Say("nobody in the order can act any more: end the fight"), "nobody")
    turn = (fight.get("turn") or 0) + 1
    if current(fight) == PARTY:  # R32a: the party's turn is one turn, all its characters at once
        party = set(party_side(fight))
        while turn < len(fight["order"]) and fight["order"][turn] in party:
            turn += 1
    if turn >= len(fight["order"]):
        turn = 0
        fight["round"] += 1
        fight["acted"] = []  # R32a: a new round, everyone's action again
    fight["turn"] = turn
    return current(fight) or fight["order"][turn]


def instance(fight: Fight, ref: str | int) -> FightEnemy:
    return resolve(ref, ((e, (e["name"],), None) for e in fight["enemies"]), "enemy on the board")


def standing(fight: Fight) -> list[str]:
    """The instances still alive (R13: a fight is won when none is, or they were routed)."""
    return [e["name"] for e in fight["enemies"] if e["alive"]]


def standing_instance(fight: Fight, ref: str | int) -> FightEnemy:
    """The instance REF, refused when it is already dead (the message agrees with its gender)."""
    target = instance(fight, ref)
    if not target["alive"]:
        raise Refused(Say("{name} is already dead", agreeing=target.get("gender"), name=target["name"]), "already_dead")
    return target


def hit(fight: Fight, ref: str | int, damage: int) -> tuple[FightEnemy, int, bool]:
    """R41: defense comes off the hit's damage; at health 0 the instance is killed.
    Returns (instance, wounds dealt, killed now)."""
    target = standing_instance(fight, ref)
    wounds = min(max(damage - target["defense"], 0), target["health"] - target["wounds"])
    target["wounds"] += wounds
    killed = target["wounds"] >= target["health"]
    if killed:
        target["alive"] = False
    return target, wounds, killed


def health_left(enemy: FightEnemy) -> int:
    """R41: an enemy instance's health less its wounds, never below 0."""
    return max(enemy["health"] - enemy["wounds"], 0)


def past_defense(target: FightEnemy, damage: int) -> int:
    """R41: a blow's damage less the enemy's defense, never below 0."""
    return max(damage - target.get("defense", 0), 0)


def overkill(target: FightEnemy, damage: int, wounds: int) -> int:
    """R41: the damage past defense that the health left could not take (0 when it could)."""
    return past_defense(target, damage) - wounds


def hit_xp(target: FightEnemy, wounds: int, killed: bool) -> int:
    """R41: the killer wins the enemy's XP; a large enemy's `wound_xp` is won per wound."""
    return target.get("wound_xp", 0) * wounds + (target.get("xp", 0) if killed else 0)


def enemy_attack(
    target_doc_armor: int, attacker: FightEnemy, rolled: list[int] | None, faces: list[int] | None = None
) -> dict[str, Any]:
    """An enemy instance's attack: each of its combat dice at or above its to-hit is a hit,
    each hit deals its damage less the character's armor (R29). FACES: a big roll, as how
    many dice showed each face (dice.faces), in place of the list ROLLED."""
    to_hit = attacker.get("to_hit", 0)
    if faces is not None:
        hits = sum(faces[max(to_hit, 1) - 1 :])
    else:
        hits = sum(1 for v in rolled or [] if v >= to_hit)
    per_hit = max(attacker.get("damage", 0) - target_doc_armor, 0)
    return {
        "hits": hits,
        "per_hit": per_hit,
        "damage": hits * per_hit,
        "absorbed": hits * min(attacker.get("damage", 0), target_doc_armor),
    }
