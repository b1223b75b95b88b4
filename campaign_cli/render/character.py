"""A character and its items in words: kind and gender, what counts on the next roll,
hands, an item's stats and notes, an upgrade, a potion's effect."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from campaign_cli.i18n import _, declined, dice, gendered, language, ngettext, shown
from campaign_cli.rules.names import with_pieces

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing: a sheet drawn never needs it
if TYPE_CHECKING:
    from typing import Any

    from campaign_cli.model import Item, PotionEffect


def kind_of(ch: Mapping[str, Any]) -> str:
    """A character's kind in the run's language, agreeing with its gender (героиня, волшебница)."""
    gender = ch.get("gender")
    return gendered(gender, "hero") if ch["kind"] == "hero" else gendered(gender, "wizard")


def gender_of(ch: Mapping[str, Any]) -> str | None:
    return {"m": _("male"), "f": _("female")}.get(ch.get("gender") or "")


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
            out.append(text.format(item=shown(item["name"]), to_hit=w["to_hit"], damage=dice(w["damage"])))
        else:
            out.append(item["name"])
    return out or [_("nothing")]


def pieces_shown(item: Mapping[str, Any], count: int | None = None) -> str:
    """ITEM's name as shown, with the pieces meant (COUNT, default all) when more than one:
    `Torch ×3` (a stack, CLI.md "Stacks"; a sign, so no name is declined)."""
    return with_pieces(shown(item["name"]), item.get("count", 1) if count is None else count)


def object_shown(item: Mapping[str, Any], count: int | None = None, case: str = "accusative") -> str:
    """ITEM's name where a sentence makes it an object (CASE), with the pieces meant
    (COUNT, default all): in Russian a built-in item's name declined from the catalog's
    table (`Абордажную саблю`), any other name quoted after the word "item" in that case
    (`предмет «Ящик руды»`: a user's name is never declined); in English the name as it is."""
    name = shown(item["name"])
    if language() == "ru":
        from campaign_cli.rules.catalog import in_case

        name = in_case(name, case) or f"{declined('item', case) or _('item')} «{name}»"
    return with_pieces(name, item.get("count", 1) if count is None else count)


def objects_shown(items: Iterable[Mapping[str, Any]], count: int | None = None) -> str:
    """ITEMS where a sentence makes them its object, each as `object_shown` says it."""
    return ", ".join(object_shown(item, count) for item in items)


def stats(i: Mapping[str, Any]) -> str:
    """Damage (with hands) for weapons, armor A-R for armor and shields."""
    if i.get("damage"):
        return (
            dice(i["damage"])
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


def effect_text(effect: PotionEffect) -> str:
    """What a potion did (R25): healed, or a boost for one fight."""
    if "healed" in effect:
        return _("heals {amount}").format(amount=effect["healed"])
    if "boost" in effect:
        return _("+{value} {target} for one fight").format(
            value=effect["boost"]["value"], target=shown(effect["boost"]["target"])
        )
    return _("no effect")
