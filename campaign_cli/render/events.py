"""What happened, said once: each journal event (`campaign_cli.results.Event`) as one
sentence in the reader's language, made when it is read (CLI.md "Events: what happened,
said once"). One template per event kind (and per outcome where the sentence differs),
each a whole sentence in the catalog: no sentence is glued from translated fragments.

Names users typed stay in the nominative, as the subject or after a dash; the catalog's
item names decline from their table (`render.character.object_shown`); counts agree
through `ngettext`; an enemy's participle agrees with its grammatical gender
(`i18n.of_thing`). Characters' verbs are in the present tense, so nothing about a
character has to agree with a gender the campaign may not know.

`log`, `campaign_cli.follow`, `LogEntry.summary` and `campaign_cli.sentence` all say events
through `sentence`. Older journal entries, written before every act recorded its events,
are said from their patches (`render.journal`)."""

from __future__ import annotations

from collections.abc import Callable

from campaign_cli.i18n import _, listing, ngettext, number, of_thing, shown, side, signed

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing
if TYPE_CHECKING:
    from typing import Any


def _item(name: str, count: int = 1) -> str:
    """An item as the object of a sentence: a catalog name declined, any other quoted."""
    from campaign_cli.render.character import object_shown

    return object_shown({"name": name}, count)


def _q(value: str) -> str:
    """A rule's or catalog's name shown in the language in use (a skill, a spell, a curse)."""
    return shown(value)


def _created(e: dict[str, Any]) -> str:
    return _("{name} joins the party ({kind}; ST {st}, DX {dx}, IQ {iq})").format(
        name=e["name"], kind=shown(e.get("kind", "hero")), st=e.get("st", "?"), dx=e.get("dx", "?"), iq=e.get("iq", "?")
    )


def _field(name: str) -> str:
    said = {
        "attributes": _("extra attributes"),
        "combat": _("combat skills"),
        "keywords": _("keywords"),
        "gender": _("gender"),
    }
    return said.get(name, name)


def _changed(e: dict[str, Any]) -> str:
    if not e.get("fields"):
        return _("{name} keeps the sheet as it was").format(name=e["name"])
    return _("{name} changes the sheet: {fields}").format(
        name=e["name"], fields=listing([_field(f) for f in e["fields"]])
    )


def _xp_awarded(e: dict[str, Any]) -> str:
    if e.get("reason"):
        return _("{name} gets {amount} XP: {reason}").format(
            name=e["name"], amount=number(e["amount"]), reason=e["reason"]
        )
    return _("{name} gets {amount} XP ({rule})").format(
        name=e["name"], amount=number(e["amount"]), rule=e.get("rule", "R13")
    )


def _xp_spent(e: dict[str, Any]) -> str:
    facts = {"name": e["name"], "on": _q(e["on"]), "from": e["from"], "to": e["to"], "cost": number(e["cost"])}
    if e.get("what") == "spell":
        said = _("{name} learns the spell {on} for {cost} XP")
    elif e.get("what") == "skill" and not e["from"]:
        said = _("{name} learns the skill {on} for {cost} XP")
    elif e.get("what") == "skill":
        said = _("{name} raises the skill {on} from {from} to {to} for {cost} XP")
    else:
        said = _("{name} raises {on} from {from} to {to} for {cost} XP")
    text = said.format(**facts)
    if e.get("karma"):
        text = ngettext(
            "{spent}; karma pays {n} point of it", "{spent}; karma pays {n} points of it", e["karma"]
        ).format(spent=text)
    return text


def _karma(e: dict[str, Any]) -> str:
    if e.get("bard"):
        return ngettext(
            "{bard} sings: {name} gets {n} Bard karma point",
            "{bard} sings: {name} gets {n} Bard karma points",
            e["amount"],
        ).format(bard=e["bard"], name=e["name"])
    return ngettext("{name} gets {n} karma point", "{name} gets {n} karma points", e["amount"]).format(name=e["name"])


# The title `adventure start` gives an untitled adventure (library.course), in either language:
# said as no title, not «Приключение «Приключение» началось».
DEFAULT_TITLES = frozenset({"Adventure", "Приключение"})


def adventure(title: str, *, begins: bool) -> str:
    """The sentence for an adventure that begins or ends: its title said unless it is the default."""
    if title in DEFAULT_TITLES:
        return _("The adventure begins") if begins else _("The adventure ends")
    return (_("The adventure {title} begins") if begins else _("The adventure {title} ends")).format(title=title)


def _curse_lifted(e: dict[str, Any]) -> str:
    facts = {"name": e["name"], "curse": _q(e["curse"])}
    if e.get("pay") == "wish":
        return ngettext(
            "{name} lifts the curse {curse} for {n} wish", "{name} lifts the curse {curse} for {n} wishes", e["paid"]
        ).format(**facts)
    if e.get("pay") == "karma":
        return ngettext(
            "{name} lifts the curse {curse} for {n} karma point",
            "{name} lifts the curse {curse} for {n} karma points",
            e["paid"],
        ).format(**facts)
    return _("{name} lifts the curse {curse} for {paid} XP").format(paid=number(e["paid"]), **facts)


def _damaged(e: dict[str, Any]) -> str:
    n, name = e["amount"], e["name"]
    if e.get("fatigue"):
        return ngettext("{name} takes {n} fatigue", "{name} takes {n} fatigue", n).format(name=name)
    if e.get("absorbed"):
        return ngettext(
            "{name} takes {n} damage; armor stops {absorbed}", "{name} takes {n} damage; armor stops {absorbed}", n
        ).format(name=name, absorbed=number(e["absorbed"]))
    return ngettext("{name} takes {n} damage", "{name} takes {n} damage", n).format(name=name)


def _healed(e: dict[str, Any]) -> str:
    name, n = e.get("name", e.get("who", "")), e["amount"]
    if e.get("fatigue"):
        return ngettext("{name} shakes off {n} fatigue", "{name} shakes off {n} fatigue", n).format(name=name)
    if e.get("by"):
        return ngettext(
            "{name} heals {n} damage, tended by {by} ({skill})",
            "{name} heals {n} damage, tended by {by} ({skill})",
            n,
        ).format(name=name, by=e["by"], skill=_q(e.get("skill", "Medic")))
    if e.get("item"):
        return ngettext("{name} heals {n} damage with {potion}", "{name} heals {n} damage with {potion}", n).format(
            name=name, potion=shown(e["item"])
        )
    return ngettext("{name} heals {n} damage", "{name} heals {n} damage", n).format(name=name)


def _fell(e: dict[str, Any]) -> str:
    if e.get("status") == "dying":
        return _("{name} is dying ({rule})").format(name=e["name"], rule=e["rule"])
    return _("{name} is out of action ({rule})").format(name=e["name"], rule=e["rule"])


def _rested(e: dict[str, Any]) -> str:
    names = e.get("names", [])
    one = 1 if len(names) == 1 else 2  # the verb agrees with how many, not with the last digit
    if not names:
        return _("Time passes; nobody rests")
    if e.get("week"):
        return ngettext("A week of rest: {names} heals fully", "A week of rest: {names} heal fully", one).format(
            names=listing(names)
        )
    return ngettext(
        "A night's sleep: {names} shakes off fatigue", "A night's sleep: {names} shake off fatigue", one
    ).format(names=listing(names))


def _town(e: dict[str, Any]) -> str:
    if e.get("blacksmith"):
        return _("The party enters {town}, where there is a blacksmith").format(town=e["town"])
    return _("The party enters {town}").format(town=e["town"])


def _fight_ended(e: dict[str, Any]) -> str:
    if e.get("outcome") == "routed":
        return _("The fight is won: the rest are captured or routed")
    if e.get("outcome") == "fled":
        return _("The party flees the fight")
    return _("The fight is won")


def _joined(e: dict[str, Any]) -> str:
    names = e.get("names", [])
    one = 1 if len(names) == 1 else 2
    if e.get("elite"):
        return ngettext(
            "{names} joins the fight, elite: {ability}", "{names} join the fight, elite: {ability}", one
        ).format(names=listing(names), ability=e["elite"])
    return ngettext("{names} joins the fight", "{names} join the fight", one).format(names=listing(names))


def _turn(e: dict[str, Any]) -> str:
    if e["turn"] == "party":  # R32a: the party's one turn
        return _("Round {round}: the party's turn").format(round=e["round"])
    return _("Round {round}: {turn}'s turn").format(round=e["round"], turn=side(e["turn"]))


def _blow(e: dict[str, Any]) -> str:
    attacker, target = e.get("attacker", e.get("by", "")), e["target"]
    if "attacker" not in e:  # an older journal's blow: who, on whom, how many wounds
        return ngettext(
            "{attacker} strikes {target}: {n} wound", "{attacker} strikes {target}: {n} wounds", e.get("wounds", 0)
        ).format(attacker=attacker, target=target)
    if not e.get("hit"):
        return _("{attacker} attacks {target} and misses (rolled {roll})").format(
            attacker=attacker, target=target, roll=e.get("roll")
        )
    facts = {"attacker": attacker, "target": target, "damage": e["damage"], "defense": e["defense"]}
    if e.get("overkill"):
        text = ngettext(
            "{attacker} strikes {target}: {n} wound, all it had left (damage {damage} less defense {defense})",
            "{attacker} strikes {target}: {n} wounds, all it had left (damage {damage} less defense {defense})",
            e["wounds"],
        ).format(**facts)
    else:
        text = ngettext(
            "{attacker} strikes {target}: {n} wound (damage {damage} less defense {defense})",
            "{attacker} strikes {target}: {n} wounds (damage {damage} less defense {defense})",
            e["wounds"],
        ).format(**facts)
    if e.get("xp"):
        text = _("{blow}; {attacker} gets {xp} XP for the wounds (R41)").format(
            blow=text, attacker=attacker, xp=e["xp"]
        )
    return text


def _struck(e: dict[str, Any]) -> str:
    if not e.get("hits"):
        return _("{attacker} attacks {target} and misses").format(attacker=e["attacker"], target=e["target"])
    return ngettext(
        "{attacker} strikes {target}: {n} damage through armor {armor} ({hits})",
        "{attacker} strikes {target}: {n} damage through armor {armor} ({hits})",
        e["damage"],
    ).format(
        attacker=e["attacker"],
        target=e["target"],
        armor=e.get("armor", 0),
        hits=ngettext("{n} hit", "{n} hits", e["hits"]),
    )


def _killed(e: dict[str, Any]) -> str:
    gender = e.get("gender")
    if e.get("xp"):
        return of_thing(gender, "{enemy} is killed, finished off by {by}: +{xp} XP").format(
            enemy=e["enemy"], by=e["by"], xp=e["xp"]
        )
    return of_thing(gender, "{enemy} is killed, finished off by {by}").format(enemy=e["enemy"], by=e["by"])


def _checked(e: dict[str, Any]) -> str:
    facts = {"name": e["name"], "spec": e["spec"], "total": e.get("total")}
    if e.get("total") is None:  # a pool test: its successes are in the dice
        return (_("{name} passes the test {spec}") if e["success"] else _("{name} fails the test {spec}")).format(
            **facts
        )
    if e["success"]:
        return _("{name} passes the check {spec} (rolled {total})").format(**facts)
    return _("{name} fails the check {spec} (rolled {total})").format(**facts)


def _contested(e: dict[str, Any]) -> str:
    name, other = shown(e["name"]), shown(e["other"])
    if e.get("winner") is None:
        return _("The contest of {name} and {other} is a tie").format(name=name, other=other)
    if e.get("success"):
        return _("{name} wins the contest against {other}").format(name=name, other=other)
    return _("{name} wins the contest against {other}").format(name=other, other=name)


def _cast(e: dict[str, Any]) -> str:
    facts = {"name": e["name"], "spell": _q(e["spell"]), "target": e.get("target", "")}
    if e.get("target"):
        if e["success"]:
            return _("{name} casts {spell}; {target} does not resist").format(**facts)
        return _("{name} casts {spell}; {target} resists").format(**facts)
    if e["success"]:
        return _("{name} casts {spell}").format(**facts)
    return _("{name} tries to cast {spell} and fails").format(**facts)


def _rolled(e: dict[str, Any]) -> str:
    from campaign_cli.i18n import dice

    bonus = f" {signed(e['modifier'])}" if e.get("modifier") else ""
    roll = f"{dice(e['expression'])}: {', '.join(map(str, e.get('dice', [])))}{bonus} = {number(e['total'])}"
    if e.get("name"):
        return _("{name} rolls {roll}").format(name=e["name"], roll=roll)
    return _("Rolled {roll}").format(roll=roll)


def _skill(e: dict[str, Any]) -> str:
    if e.get("success"):
        return _("{name} uses {skill} successfully").format(name=e["name"], skill=_q(e["skill"]))
    return _("{name} uses {skill} and fails").format(name=e["name"], skill=_q(e["skill"]))


def _item_left(e: dict[str, Any]) -> str:
    name, thing = e.get("name", e.get("who", "")), _item(e["item"], e.get("count", 1))
    how = e.get("how")
    if how == "drunk":
        return _("{name} drinks {thing}").format(name=name, thing=thing)
    if how == "spent":
        return _("{name} uses up {thing}").format(name=name, thing=thing)
    if how == "given":
        return _("{name} gives away {thing}").format(name=name, thing=thing)
    if how == "sold":
        return _("{name} sells {thing}").format(name=name, thing=thing)
    if how == "fitted":
        return _("{name} fits {thing} as an upgrade").format(name=name, thing=thing)
    return _("{name} drops {thing}").format(name=name, thing=thing)


def _sold(e: dict[str, Any]) -> str:
    facts = {"seller": e["seller"], "thing": _item(e["item"], e.get("count", 1)), "price": number(e["price"])}
    if e.get("buyer"):
        return _("{seller} sells {thing} for {price} gold; the buyer: {buyer}").format(buyer=e["buyer"], **facts)
    return _("{seller} sells {thing} to a merchant for {price} gold").format(**facts)


def _bought(e: dict[str, Any]) -> str:
    facts = {"buyer": e["buyer"], "thing": _item(e["item"], e.get("count", 1)), "price": number(e["price"])}
    if e.get("asked") not in (None, e["price"]):
        return _("{buyer} buys {thing} for {price} gold, haggled down from {asked}").format(
            asked=number(e["asked"]), **facts
        )
    return _("{buyer} buys {thing} for {price} gold").format(**facts)


def _moved(e: dict[str, Any]) -> str:
    from campaign_cli.render.character import objects_shown

    name = e.get("name", e.get("who", ""))
    if not e.get("items"):
        return _("{name} holds nothing").format(name=name)
    things = objects_shown(({"name": n} for n in e["items"]), e.get("count", 1))
    said = {
        "worn": _("{who} puts on {things}"),
        "stowed": _("{who} puts {things} back in the pack"),
        "stored": _("{who} leaves {things} in store"),
        "fetched": _("{who} takes {things} back from store"),
        "held": _("{who} takes {things} in hand"),
    }
    return said.get(e.get("how", ""), said["held"]).format(who=name, things=things)


def _count(e: dict[str, Any]) -> str:
    n, name = abs(e["change"]), e["name"]
    if e["event"] == "gold":
        said = (
            ngettext("{name} gets {n} gold", "{name} gets {n} gold", n)
            if e["change"] > 0
            else ngettext("{name} pays {n} gold", "{name} pays {n} gold", n)
        )
    else:
        said = (
            ngettext("{name} finds {n} dark stone", "{name} finds {n} dark stones", n)
            if e["change"] > 0
            else ngettext("{name} gives up {n} dark stone", "{name} gives up {n} dark stones", n)
        )
    return _("{said} (now {after})").format(said=said.format(name=name), after=number(e["after"]))


def _resolved(e: dict[str, Any]) -> str:
    ids = ", ".join(f"#{i}" for i in e.get("conflicts", []))
    if e.get("how") == "ours":
        return _("Merge conflicts {ids} settled: our version kept").format(ids=ids)
    if e.get("how") == "theirs":
        return _("Merge conflicts {ids} settled: their version taken").format(ids=ids)
    return _("Merge conflicts {ids} settled with a value given").format(ids=ids)


def _seqs(seqs: list[int]) -> str:
    if len(seqs) > 1:
        return f"#{seqs[-1]}…#{seqs[0]}" if seqs[0] > seqs[-1] else f"#{seqs[0]}…#{seqs[-1]}"
    return "".join(f"#{s}" for s in seqs)


# Every event kind -> its sentence (a kind a newer version adds, unknown here, says its name).
SAY: dict[str, Callable[[dict[str, Any]], str]] = {
    "campaign_created": lambda e: _("Campaign {name} created").format(name=e["name"]),
    "campaign_imported": lambda e: _("Campaign {name} imported").format(name=e["name"]),
    "created": _created,
    "changed": _changed,
    "deleted": lambda e: _("{name} is deleted from the campaign").format(name=e["name"]),
    "imported": lambda e: _("{name} comes in from a {format} file").format(name=e["name"], format=e["format"]),
    "xp_awarded": _xp_awarded,
    "xp_spent": _xp_spent,
    "karma_added": _karma,
    "wish_added": lambda e: ngettext("{name} gets {n} wish", "{name} gets {n} wishes", e["amount"]).format(
        name=e["name"]
    ),
    "wish_spent": lambda e: ngettext(
        "{name} spends a wish and cancels {n} damage", "{name} spends a wish and cancels {n} damage", e["cancelled"]
    ).format(name=e["name"]),
    "cursed": lambda e: _("{name} is cursed with {curse}").format(name=e["name"], curse=_q(e["curse"])),
    "curse_lifted": _curse_lifted,
    "damaged": _damaged,
    "healed": _healed,
    "died": lambda e: _("{name} dies ({rule})").format(name=e["name"], rule=e["rule"]),
    "fell": _fell,
    "rested": _rested,
    "adventure_started": lambda e: adventure(e["title"], begins=True),
    "adventure_ended": lambda e: adventure(e["title"], begins=False),
    "town_entered": _town,
    "town_left": lambda e: _("The party leaves {town}").format(town=e["town"]),
    "keyword_learned": lambda e: _("The party learns the keyword {keyword}").format(keyword=e["keyword"]),
    "board_added": lambda e: _("Enemy {name} added to the campaign").format(name=e["name"]),
    "board_deleted": lambda e: _("Enemy {name} deleted from the campaign").format(name=e["name"]),
    "elite_rolled": lambda e: _("The elite die for {board} shows {die}: {ability}").format(
        board=e["board"], die=e["die"], ability=e["ability"]
    ),
    "pack_added": lambda e: _("Catalog pack {pack} {version} added").format(
        pack=e["pack"], version=e.get("version", "")
    ),
    "pack_removed": lambda e: _("Catalog pack {pack} removed").format(pack=e["pack"]),
    "fight_started": lambda e: (
        _("A fight begins: {title}").format(title=e["title"]) if e.get("title") else _("A fight begins")
    ),
    "fight_ended": _fight_ended,
    "joined": _joined,
    "order": lambda e: _("Turn order: {order}").format(order=" → ".join(map(side, e["order"]))),
    "turn": _turn,
    "blow": _blow,
    "struck": _struck,
    "killed": _killed,
    "checked": _checked,
    "contested": _contested,
    "cast": _cast,
    "rolled": _rolled,
    "initiative": lambda e: _("Initiative: {order}").format(order=" → ".join(e["order"])),
    "skill_used": _skill,
    "led": lambda e: _("{name} leads the way: {follower} gets +{bonus} on the next check").format(
        name=e["name"], follower=e["follower"], bonus=e["bonus"]
    ),
    "brewed": lambda e: _("{by} brews {potion}").format(by=e["by"], potion=_item(e["potion"])),
    "item_added": lambda e: _("{name} gets {thing}").format(name=e["name"], thing=_item(e["item"], e.get("count", 1))),
    "item_left": _item_left,
    "given": lambda e: _("{giver} gives {thing} away; the receiver: {receiver}").format(
        giver=e["giver"], thing=_item(e["item"], e.get("count", 1)), receiver=e["receiver"]
    ),
    "sold": _sold,
    "bought": _bought,
    "item_moved": _moved,
    "item_changed": lambda e: _("{name} changes the numbers of {thing}: {fields}").format(
        name=e["name"], thing=_item(e["item"]), fields=", ".join(e.get("fields", []))
    ),
    "reloaded": lambda e: (
        ngettext(
            "{name} reloads {thing}: {n} more action to go", "{name} reloads {thing}: {n} more actions to go", e["left"]
        )
        if e.get("left")
        else _("{name} reloads {thing}")
    ).format(name=e["name"], thing=_item(e["item"])),
    "fitted": lambda e: _("{name} fits {thing} into {into}").format(
        name=e["name"], thing=_item(e["item"]), into=shown(e["into"])
    ),
    "forged": lambda e: _("{name} forges {thing} into {into} for {gold} gold").format(
        name=e["name"], thing=_item(e["item"]), into=shown(e["into"]), gold=number(e.get("gold", 0))
    ),
    "gold": _count,
    "darkstone": _count,
    "resolved": _resolved,
    "merged": lambda e: (
        ngettext("Merged: {n} conflict left open", "Merged: {n} conflicts left open", e["conflicts"])
        if e.get("conflicts")
        else _("Merged with no conflicts")
    ),
    "undone": lambda e: ngettext("Change {seqs} taken back", "Changes {seqs} taken back", len(e["seqs"])).format(
        seqs=_seqs(e["seqs"])
    ),
    "redone": lambda e: ngettext("Change {seqs} put back", "Changes {seqs} put back", len(e["seqs"])).format(
        seqs=_seqs(e["seqs"])
    ),
}


def sentence(event: dict[str, Any]) -> str:
    """EVENT as one sentence in the language in use. An event whose facts do not fit its
    template (a hand-edited journal) is said by its kind alone, never an error."""
    say = SAY.get(str(event.get("event")))
    if say is None:
        return str(event.get("event", ""))
    try:
        return say(event)
    except (KeyError, TypeError, ValueError, AttributeError, IndexError):
        return str(event.get("event", ""))
