"""What a journal entry did, in words (the log in another language, undo, the recap):
shared by `log`, `undo` and `recap`, so none of them imports another. Each fact becomes
a sentence whose numbers agree ("получено 2 повреждения", "+10 золотых") and whose names
stand where the nominative is right (at the start, after a colon or an arrow)."""

from __future__ import annotations

from collections.abc import Callable

from campaign_cli.i18n import N_, _, gendered, language, ngettext, number, shown, side
from campaign_cli.rules.names import with_pieces, without_pieces

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing
if TYPE_CHECKING:
    from typing import Any


def _names(values: list[Any]) -> str:
    return ", ".join(_shown_pieces(v) for v in values)


def _shown_pieces(value: str) -> str:
    """A name as shown, quoted as the language quotes a name standing in a sentence
    (Russian «»), a stack's sign kept: `Torch ×2` -> `«Факел» ×2`."""
    name, n = without_pieces(value)
    return with_pieces(f"«{shown(name)}»" if language() == "ru" else shown(name), n)


def _times(n: int) -> str:
    return ngettext(" ({n} time)", " ({n} times)", n).format(n=n) if n > 1 else ""


# A character's recap field -> its sentence (VALUE: the count or the list of names).
SENTENCES: dict[str, Callable[..., str]] = {
    "xp_won": lambda n, g: _("+{n} XP").format(n=number(n)),
    "xp_spent": lambda n, g: _("spent {n} XP").format(n=number(n)),
    "karma_won": lambda n, g: ngettext("+{n} karma point", "+{n} karma points", n).format(n=number(n)),
    "karma_spent": lambda n, g: ngettext("spent {n} karma point", "spent {n} karma points", n).format(n=number(n)),
    "karma_expired": lambda n, g: ngettext("{n} Bard karma point lapsed", "{n} Bard karma points lapsed", n).format(
        n=number(n)
    ),
    "wishes_won": lambda n, g: ngettext("+{n} wish", "+{n} wishes", n).format(n=number(n)),
    "wishes_spent": lambda n, g: ngettext("used {n} wish", "used {n} wishes", n).format(n=number(n)),
    "damage_taken": lambda n, g: ngettext("took {n} damage", "took {n} damage", n).format(n=number(n)),
    "damage_healed": lambda n, g: ngettext("{n} damage healed", "{n} damage healed", n).format(n=number(n)),
    "fatigue_taken": lambda n, g: ngettext("took {n} fatigue", "took {n} fatigue", n).format(n=number(n)),
    "fatigue_recovered": lambda n, g: ngettext("{n} fatigue recovered", "{n} fatigue recovered", n).format(n=number(n)),
    "knocked_out": lambda n, g: gendered(g, "was knocked out") + _times(n),
    "died": lambda n, g: gendered(g, "was killed"),
    "curses_gained": lambda v, g: ngettext("cursed: {names}", "curses laid: {names}", len(v)).format(names=_names(v)),
    "curses_lifted": lambda v, g: ngettext("curse lifted: {names}", "curses lifted: {names}", len(v)).format(
        names=_names(v)
    ),
    "items_gained": lambda v, g: ngettext("item gained: {names}", "items gained: {names}", len(v)).format(
        names=_names(v)
    ),
    "items_lost": lambda v, g: ngettext("item lost: {names}", "items lost: {names}", len(v)).format(names=_names(v)),
    "items_held": lambda v, g: _("took in hand: {names}").format(names=_names(v)),
    "items_worn": lambda v, g: _("put on: {names}").format(names=_names(v)),
    "items_stored": lambda v, g: _("stored away: {names}").format(names=_names(v)),
    "gold_gained": lambda n, g: ngettext("+{n} gold", "+{n} gold", n).format(n=number(n)),
    "gold_lost": lambda n, g: ngettext("-{n} gold", "-{n} gold", n).format(n=number(n)),
    "darkstone_found": lambda n, g: ngettext("found {n} dark stone", "found {n} dark stones", n).format(n=number(n)),
    "darkstone_forged": lambda n, g: ngettext("forged {n} dark stone", "forged {n} dark stones", n).format(n=number(n)),
}


def sentences(row: dict[str, Any], gender: str | None = None) -> list[str]:
    """What happened to one character (ROW: a recap row), as sentences, leaving out what did not."""
    out = [
        say(value, gender) for field, say in SENTENCES.items() if (value := row.get(field)) not in (None, 0, [], False)
    ]
    if row.get("checks"):
        out.append(
            ngettext("{n} check rolled, {passed} passed", "{n} checks rolled, {passed} passed", row["checks"]).format(
                n=number(row["checks"]), passed=number(row.get("checks_passed", 0))
            )
        )
    return out


def killing(fact: dict[str, Any]) -> str:
    """Who killed whom: `Лада Светлая → Душитель 1`."""
    return _("{by} → {enemy}").format(by=fact["by"], enemy=fact["enemy"])


def healing(fact: dict[str, Any]) -> str:
    """What a Medic healed, or a potion: `Лада (Медик) → Ёж: вылечено 2 повреждения`."""
    healed = ngettext("{n} damage healed", "{n} damage healed", fact["amount"]).format(n=number(fact["amount"]))
    if fact.get("by"):
        return _("{by} ({skill}) → {who}: {healed}").format(
            by=fact["by"], skill=shown(fact.get("skill", "")), who=fact["who"], healed=healed
        )
    return _("{who} ({item}): {healed}").format(who=fact["who"], item=shown(fact.get("item", "")), healed=healed)


# How an item left its holder (an `item_left` event), each as the log says it.
LEFT = {
    "dropped": N_("dropped {item}"),
    "given": N_("gave away {item}"),
    "sold": N_("sold {item}"),
    "drunk": N_("drank {item}"),
    "spent": N_("used up {item}"),
    "fitted": N_("fitted {item} as an upgrade"),
}


# Where a character put items (an `item_moved` event), each as the log says it.
MOVED = {
    "worn": N_("{who} puts on {things}"),
    "stowed": N_("{who} puts {things} back in the pack"),
    "stored": N_("{who} leaves {things} in store"),
    "fetched": N_("{who} takes {things} back from store"),
    "held": N_("{who} takes {things} in hand"),
}
# The recap's sentences an `item_moved` event says already, in the log.
MOVED_ROWS = {"worn": "items_worn", "stored": "items_stored", "held": "items_held"}


def event_text(event: dict[str, Any]) -> str | None:
    """One event of a journal entry as a sentence; None for what the characters' changes say."""
    kind = event.get("event")
    if kind == "blow" and "wounds" in event:  # a character's blow on an enemy
        if not event.get("hits"):
            return _("{by} → {target}: miss").format(by=event["by"], target=event["target"])
        return _("{by} → {target}: {wounds}").format(
            by=event["by"],
            target=event["target"],
            wounds=ngettext("{n} wound", "{n} wounds", event["wounds"]).format(n=number(event["wounds"])),
        )
    if kind == "blow":  # an enemy's on a character
        return _("{by} → {target}: {hits}").format(
            by=event["by"],
            target=event["target"],
            hits=ngettext("{n} hit", "{n} hits", event.get("hits", 0)).format(n=number(event.get("hits", 0))),
        )
    if kind == "killed":
        return _("killed: {killing}").format(killing=killing(event))
    if kind == "healed":
        return healing(event)
    if kind == "item_left":  # how an item left: never only that it is gone (GLOSSARY.md)
        said = LEFT.get(event.get("how", ""), LEFT["dropped"])
        piece = with_pieces(event["item"], event.get("count", 1))
        return _("{who}: {what}").format(who=event["who"], what=_(said).format(item=_names([piece])))
    if kind == "item_moved" and event.get("how") in MOVED:
        if not event.get("items"):
            return _("{name} holds nothing").format(name=event["who"])
        from campaign_cli.render.character import objects_shown  # built-in names declined, others «quoted»

        things = objects_shown(({"name": name} for name in event["items"]), event.get("count", 1))
        return _(MOVED[event["how"]]).format(who=event["who"], things=things)
    if kind == "brewed":
        return _("{by} ({skill}): brewed: {potion}").format(
            by=event["by"], skill=shown(event.get("skill", "")), potion=shown(event["potion"])
        )
    if kind == "turn":
        if event["turn"] == "party":  # R32a: the party's one turn
            return _("round {round}: the party's turn").format(round=event["round"])
        return _("round {round}: turn: {turn}").format(round=event["round"], turn=side(event["turn"]))
    if kind == "order":
        return _("turn order: {order}").format(order=" → ".join(map(side, event["order"])))
    if kind == "fight_started":
        return _("fight started: {title}").format(title=event["title"]) if event.get("title") else _("fight started")
    if kind in ("adventure_started", "adventure_ended"):
        from campaign_cli.render.events import adventure

        return adventure(event["title"], begins=kind == "adventure_started")
    if kind == "town_entered":
        return (_("in {town}, which has a blacksmith") if event.get("blacksmith") else _("in {town}")).format(
            town=event["town"]
        )
    if kind == "town_left":
        return _("left {town}").format(town=event["town"])
    if kind == "joined":
        return _("joined the fight: {names}").format(names=", ".join(event["names"]))
    if kind == "created":
        return _("new character: {name}").format(name=event["name"])
    if kind == "deleted":
        return _("character deleted: {name}").format(name=event["name"])
    if kind in ("campaign_created", "campaign_imported"):
        said = _("campaign created: {name}") if kind == "campaign_created" else _("campaign imported: {name}")
        return said.format(name=event["name"])
    if kind == "board_added":
        return _("enemy board added: {name}").format(name=event["name"])
    if kind == "board_deleted":
        return _("enemy board deleted: {name}").format(name=event["name"])
    if kind == "fight_ended":
        ended = {"won": _("fight won"), "routed": _("fight won: the rest routed"), "fled": _("the party fled")}
        return ended.get(event.get("outcome", ""))
    return None


def roll_text(roll: dict[str, Any]) -> str | None:
    """A journaled check as a sentence (`Аякс, 3/DX: успех`), a contest and a roll of dice
    as `contest` and `roll` said them (`3к6: 2, 5, 1 = 8`); None for anything else."""
    if isinstance(roll.get("a"), dict) and isinstance(roll.get("b"), dict) and "winner" in roll:
        from campaign_cli.render.rolls import describe_contest

        return describe_contest(roll)
    if roll.get("character") and "success" in roll and roll.get("spec"):
        return _("{name}, {spec}: {outcome}").format(
            name=roll["character"], spec=roll["spec"], outcome=shown("success" if roll["success"] else "failure")
        )
    if isinstance(roll.get("expression"), str) and isinstance(roll.get("dice"), list) and "total" in roll:
        from campaign_cli.render.rolls import describe_roll

        return describe_roll(roll)
    return None


def entry_text(data: dict[str, Any], entry: dict[str, Any] | None = None, genders: dict[str, Any] | None = None) -> str:
    """What one journal entry did (DATA: `rules.recap.recap` of that entry alone, ENTRY the
    entry itself for its events and rolls): each character's sentences, the fight's events,
    kills and keywords; "" when it did nothing to say."""
    genders = genders or {}
    events = sorted((entry or {}).get("events", []), key=lambda ev: ev.get("event") == "killed")  # the blow first
    parts = [e for e in map(event_text, events) if e]
    kills_said = any(ev.get("event") == "killed" for ev in (entry or {}).get("events", []))
    gone = {(e.get("who"), e.get("item")) for e in (entry or {}).get("events", []) if e.get("event") == "item_left"}
    moved = {
        (e.get("who"), MOVED_ROWS[e["how"]])
        for e in (entry or {}).get("events", [])
        if e.get("event") == "item_moved" and e.get("how") in MOVED_ROWS
    }
    for row in data["characters"]:
        if gone:  # what an event says left already, and how: not again as only gone
            kept = [n for n in row["items_lost"] if (row["name"], without_pieces(n)[0]) not in gone]
            row = {**row, "items_lost": kept}
        for who, field in moved:  # said by the event, as a sentence
            if who == row["name"]:
                row = {**row, field: []}
        said = sentences(row, genders.get(row["name"]))
        if said:
            parts.append(_("{name}: {events}").format(name=row["name"], events="; ".join(said)))
    if not parts:
        parts += [t for t in (roll_text(r) for r in (entry or {}).get("rolls", [])) if t]
    if data["kills"] and not kills_said:
        parts.append(_("enemies killed: {names}").format(names=listed(data["kills"])))
    if data["keywords"]:
        parts.append(_("keywords: {words}").format(words=listed(data["keywords"])))
    return " | ".join(parts)


def listed(names: list[str]) -> str:
    return ", ".join(names) or _("none")
