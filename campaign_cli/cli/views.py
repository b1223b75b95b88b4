"""What several views show of a character and its items (the character view, hands, an
item's stats and notes, a potion's effect): one module that `character`, `item`, `skill`,
`xp` and the sheet import, so none of them imports another."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from campaign_cli.cli.output import Fields, Line, Table, Verbatim
from campaign_cli.i18n import N_, _, gendered, ngettext, shown, status_of

if TYPE_CHECKING:
    from campaign_cli.model import Item


def kind_of(ch: Mapping[str, Any]) -> str:
    """A character's kind in the run's language, agreeing with its gender (героиня, волшебница)."""
    gender = ch.get("gender")
    return gendered(gender, "hero") if ch["kind"] == "hero" else gendered(gender, "wizard")


def gender_of(ch: Mapping[str, Any]) -> str | None:
    return {"m": _("male"), "f": _("female")}.get(ch.get("gender") or "")


def character_views(ch: Mapping[str, Any]) -> list:
    spells = ", ".join(
        shown(s["name"]) + (f" ({s['rating']})" if s.get("rating") is not None else "") for s in ch["spells"]
    )
    pairs = [
        (_("kind"), Verbatim(kind_of(ch))),
        (_("gender"), gender_of(ch)),
        (_("ST / DX / IQ"), f"{ch['st']} / {ch['dx']} / {ch['iq']}"),
        (_("adjusted DX / MA"), f"{ch['adjusted_dx']} / {ch['ma']}"),
        (_("attributes"), ch["attributes"]),
        (_("skills"), ch["skills"]),
        (_("combat skills"), ch["combat"] or None),
        (_("spells"), spells or None),
        (_("keywords"), ch["keywords"]),
        (_("XP / karma / wishes"), f"{ch['xp']} / {ch['karma']} / {ch['wishes']}"),
        (_("curses"), [c["name"] for c in ch["curses"]]),
        (_("in effect (R25)"), active(ch) or None),
        (_("damage / fatigue"), f"{ch['damage']} / {ch['fatigue']}"),
        (_("status"), status_of(ch["status"], ch.get("gender"))),
        (_("gold"), ch["gold"]),
        (
            _("dark stone"),
            _("{loose} loose, {total} in all").format(loose=ch["darkstone"], total=ch["darkstone_total"]),
        ),
        (
            _("weight carried (R33)"),
            _("{weight} of {limit}").format(weight=ch["carry_weight"], limit=ch["carry_limit"]),
        ),
        (_("armor (R29)"), ch["armor"]),
        *((_("in hand"), line) for line in hands(ch)),
        (_("worn"), [i["name"] for i in ch["items"] if i["state"] == "worn"]),
        (_("carried"), [i["name"] for i in ch["items"] if i["state"] == "carried"]),
        (_("stored"), [i["name"] for i in ch["items"] if i["state"] == "stored"] or None),
    ]
    return [Fields(_('{name} (#{id})').format(name=ch['name'], id=ch['id']), pairs)]


def active(ch: Mapping[str, Any]) -> str:
    """What counts on the next roll besides the sheet (R25): potions drunk, a leader's bonus;
    what is shown is what a check counts (rules.checks.prepare reads the same fields)."""
    parts = [
        _("potion: {target} +{value}").format(target=shown(target), value=value)
        for target, value in sorted((ch.get("boosts") or {}).items())
    ]
    lead = ch.get("leadership")
    if lead:
        parts.append(
            (_("Leadership +{value} from {leader}") if lead.get("from") else _("Leadership +{value}")).format(
                value=lead["value"], leader=lead.get("from")
            )
        )
    return ", ".join(parts)


def hands(ch: Mapping[str, Any]) -> list[str]:
    """Each held item; a weapon with its to-hit target and damage (R24, R26, R30)."""
    out = []
    for item in ch["items"]:
        if item["state"] != "held":
            continue
        if item.get("damage"):
            from campaign_cli.rules.checks import weapon_profile  # only with a weapon in hand

            w = weapon_profile(ch, item)  # type: ignore[arg-type]  # a character view holds the stored fields
            text = (
                _("{item}: hits on 3/DX under {to_hit}, fatigue {damage}")
                if w["fatigue"]
                else _("{item}: hits on 3/DX under {to_hit}, damage {damage}")
            )
            out.append(text.format(item=shown(item["name"]), to_hit=w["to_hit"], damage=w["damage"]))
        else:
            out.append(item["name"])
    return out or [_("nothing")]


def stats(i: Mapping[str, Any]) -> str:
    """Damage (with hands) for weapons, armor A-R for armor and shields."""
    if i.get("damage"):
        return (
            i["damage"]
            + (_(" fatigue") if i.get("fatigue") else "")
            + (_(", 2 hands") if i.get("hands", 0) >= 2 else "")
        )
    if i["kind"] == "armor":
        return f"A{i.get('armor') or 0} R{i.get('restriction') or 0}" + (_(" shield") if i.get("shield") else "")
    if i.get("heals"):
        return _("heals {amount}").format(amount=i["heals"])
    if i.get("boost"):
        return f"+{i['boost']['value']} {shown(i['boost']['target'])}"
    return ""


def upgrade_text(u: Mapping[str, Any]) -> str:
    how = (
        _("forged, {stones}").format(stones=ngettext("{n} stone", "{n} stones", u.get("darkstone", 0)))
        if u.get("forged")
        else _("dark stone")
        if u.get("darkstone")
        else ""
    )
    return f"{shown(u['name'])} ({ngettext('{n} slot', '{n} slots', u['slots'])}{', ' + how if how else ''})"


def notes(i: Item) -> str:
    from campaign_cli.rules import gear  # item views only: `character show` never loads the gear rules

    parts = [
        _("personal") if gear.is_personal(i) else "",
        _("dark stone icon") if i.get("darkstone_icon") else "",
        _("worn on {part}").format(part=i["clothing"]) if i.get("clothing") else "",
        _("needs {keywords}").format(keywords=", ".join(i["requires"])) if i.get("requires") else "",
        _("heft {heft}").format(heft=i["heft"]) if i.get("heft") is not None else "",
        *(f"+{upgrade_text(u)}" for u in i.get("upgrades", [])),
    ]
    return "; ".join(p for p in parts if p)


def effect_text(effect: dict) -> str:
    """What a potion did (R25): healed, or a boost for one fight."""
    if "healed" in effect:
        return _("heals {amount}").format(amount=effect["healed"])
    if "boost" in effect:
        return _("+{value} {target} for one fight").format(
            value=effect["boost"]["value"], target=shown(effect["boost"]["target"])
        )
    return _("no effect")


def status_news(before: Mapping[str, str], chars: Sequence[Mapping[str, Any]]) -> list[Line]:
    """A line of its own for each character (as `character show` has it) who died or
    became dying (R20)."""
    out = []
    for ch in chars:
        if ch["status"] == before.get(ch["name"]):
            continue
        if ch["status"] == "dead":
            out.append(Line(_('{name} dies (R20)').format(name=ch['name'])))
        elif ch["status"] == "dying":
            out.append(
                Line(
                    _(
                        '{name} is dying: heal below ST {st} before the next fight end, rest or adventure end (R20)'
                    ).format(name=ch['name'], st=ch['st'])
                )
            )
    return out


def party_table(title: str, chars: Sequence[Mapping[str, Any]]) -> Table:
    """The party (as `character show` has each) in a table: XP, damage, fatigue, status."""
    return Table(
        title,
        [_("name"), _("XP"), _("damage"), _("fatigue"), _("status")],
        [[c["name"], c["xp"], c["damage"], c["fatigue"], status_of(c["status"], c.get("gender"))] for c in chars],
    )


# A threat board's numbers (R40), as the board game's card prints them.
BOARD_LABELS = {
    "initiative": N_("initiative"),
    "move": N_("move"),
    "escape": N_("escape"),
    "to_hit": N_("to-hit"),
    "combat": N_("combat"),
    "damage": N_("damage"),
    "defense": N_("defense"),
    "health": N_("health"),
    "xp": N_("xp"),
}


def board_views(board: Mapping[str, Any], brutal: bool) -> list:
    """A board's side: BOARD is a stored board, or one side of it as `enemy show` has it."""
    from campaign_cli.rules import enemies as rules

    side: dict = dict(board if "side" in board else rules.side_of(board, brutal))  # type: ignore[arg-type]
    pairs = [(_("keywords"), board["keywords"]), (_("size"), board["size"])]
    pairs += [(_(BOARD_LABELS[k]), side[k]) for k in rules.NUMBERS]
    pairs += [(_("abilities"), side["abilities"])]
    title = _("{name} (brutal side)") if brutal else _("{name} (normal side)")
    return [
        Fields(title.format(name=board["name"]), pairs),
        Table(
            _("Elite table (R42)"),
            [_("die"), _("ability")],
            [[i + 1, rules.elite_text(e)] for i, e in enumerate(side["elite"])],
        ),
    ]
