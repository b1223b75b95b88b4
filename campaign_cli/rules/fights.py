"""A fight at the table: the enemy instances on the board with their wounds, the turn
order (R8) and kills (R41, R42). The fight is a plain dict kept in the campaign's meta."""

from __future__ import annotations

from collections.abc import Callable

from campaign_cli.errors import Refused
from campaign_cli.rules import enemies
from campaign_cli.rules.checks import initiative
from campaign_cli.rules.names import resolve
from campaign_cli.i18n import _

MAX_INSTANCES = 100  # one `fight add` puts at most this many on the board


def new(title: str | None) -> dict:
    return {"title": title, "round": 0, "turn": None, "order": [], "enemies": []}


def add(fight: dict, board: dict, count: int, brutal: bool, ability: str | None) -> list[dict]:
    """COUNT instances of BOARD's side, named `TYPE 1`, `TYPE 2`... after those already there;
    an elite group (R42) shares one ability."""
    if not 1 <= count <= MAX_INSTANCES:
        raise Refused(_('--count is 1 to {MAX_INSTANCES}, not {count}').format(
                MAX_INSTANCES=MAX_INSTANCES, count=count), "bad_count")
    side = enemies.side_of(board, brutal)
    same = [e for e in fight["enemies"] if e["type"] == board["name"]]
    first = max((int(e["name"].rsplit(" ", 1)[1]) for e in same), default=0) + 1
    added = [{"name": f"{board['name']} {first + i}", "type": board["name"], "side": "brutal" if brutal else "normal",
              "health": side["health"], "wounds": 0, "defense": side["defense"], "xp": side["xp"],
              "initiative": side["initiative"], "elite": ability, "alive": True} for i in range(count)]
    fight["enemies"].extend(added)
    return added


def groups(fight: dict) -> list[str]:
    """Enemy types with someone still standing, in the order they came."""
    return list(dict.fromkeys(e["type"] for e in fight["enemies"] if e["alive"]))


def roll_order(fight: dict, characters: list[str], next_die: Callable[[], int]) -> dict[str, list[int]]:
    """R8 over the characters able to act and the enemy groups; ties roll again."""
    sides = [*characters, *groups(fight)]
    if not sides:
        raise Refused(_("nobody to order: add enemies with `campaign fight add`"), "nobody")
    order, rolls = initiative(sides, next_die)
    fight.update(order=order, round=1, turn=0)
    return rolls


def current(fight: dict) -> str | None:
    if fight["turn"] is None or not fight["order"]:
        return None
    return fight["order"][fight["turn"]]


def advance(fight: dict, able: Callable[[str], bool]) -> str:
    """The next side in order that can still act (a new round after the last)."""
    if not fight["order"]:
        raise Refused(_("no turn order yet: `campaign fight order` first"), "no_order")
    standing = set(groups(fight))
    for _turn in range(len(fight["order"])):
        fight["turn"] += 1
        if fight["turn"] >= len(fight["order"]):
            fight["turn"] = 0
            fight["round"] += 1
        name = fight["order"][fight["turn"]]
        if name in standing or able(name):
            return name
    raise Refused(_("nobody in the order can act any more: end the fight"), "nobody")


def instance(fight: dict, ref: str) -> dict:
    return resolve(ref, ((e, (e["name"],), None) for e in fight["enemies"]), "enemy on the board")


def hit(fight: dict, ref: str, damage: int) -> tuple[dict, int, bool]:
    """R41: defense comes off the hit's damage; at health 0 the instance is killed.
    Returns (instance, wounds dealt, killed now)."""
    target = instance(fight, ref)
    if not target["alive"]:
        raise Refused(_('{name} is already dead').format(name=target['name']), "already_dead")
    wounds = max(damage - target["defense"], 0)
    target["wounds"] = min(target["wounds"] + wounds, target["health"])
    killed = target["wounds"] >= target["health"]
    if killed:
        target["alive"] = False
    return target, wounds, killed
