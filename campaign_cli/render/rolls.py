"""How a roll reads: a check with its modifiers, a contest, a damage roll; from the facts
the acts return, for `check`, `contest`, `cast`, `skill use`, `shop` haggling, `fight
attack` and `roll` alike."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from fractions import Fraction

from campaign_cli.i18n import N_, _, dice, empty, number, percent, shown, signed


def chance_text(p: float | Fraction) -> str:
    return percent(float(p))


def _mods(mods: list[dict[str, Any]], applies: tuple[str, ...]) -> str:
    return "".join(f" {signed(m['value'])} ({source(m)})" for m in mods if m.get("applies_to") in applies)


SOURCES = {
    "restriction": N_("armor restriction (R30)"),
    "potion": N_("potion ({name})"),
    "skill_to_damage": N_("skill {name} (levels go to damage, R24)"),
    "skill": N_("skill {name}"),
    "skill_damage": N_("skill {name} (R24)"),
    "modifier": N_("modifier"),
    "leadership": N_("Leadership"),
    "curse": N_("curse {name}"),
    "stronger": N_("stronger than {name} (R26)"),
}


def source(mod: dict[str, Any]) -> str:
    """A modifier's source (`skill Climbing`, `curse Rot`) in the chosen language; a
    modifier without a kind (an older roll) shows its stored words."""
    template = SOURCES.get(mod.get("kind") or "")
    if template is None:
        return shown(mod["source"])
    name = mod.get("name")
    return _(template).format(name=shown(name) if name is not None else "")


def spec_shown(text: str) -> str:
    """A check spec as the chosen language shows it: its skill by the shown name
    (`3/DX+Sword` -> `3/DX+Меч`, `3/ST for Swimming` -> `3/ST для Плавание`)."""
    import re

    found = re.fullmatch(r"(\S+?)(\+| for | для )(.+)", text)
    if not found:
        return text
    head, sep, skill = found.groups()
    return head + (sep if sep == "+" else _(" for ")) + shown(skill)


def describe_check(r: Mapping[str, Any], skill: str | None = None) -> str:
    """One line with every modifier by source: `rolled 3, 3, 3 +1 (curse Rot) = 10 vs 12 (IQ 12)`;
    the SKILL used named beside the character (`skill use`: «Мара Тёмная (Бард), проверка 3/IQ»)."""
    dice = ", ".join(map(str, r["dice"]))
    mods = r.get("modifiers", [])
    if r["type"] == "sum":
        on_target = [m for m in mods if m.get("applies_to") == "target"]
        base = r["target"] - sum(m["value"] for m in on_target)
        attribute = r["spec"].split("/")[1][:2].upper()
        why = f" ({attribute} {base}{_mods(on_target, ('target',))})" if on_target else f" ({attribute})"
        body = _("rolled {dice}{modifiers} = {total} vs {target}{why}").format(
            dice=dice, modifiers=_mods(mods, ("total",)), total=r["total"], target=r["target"], why=why
        )
    else:
        after = (
            _(" ({need}+ after{modifiers})").format(
                need=r["need"], modifiers=_mods(mods, ("threshold", "each die", "dice"))
            )
            if mods
            else ""
        )
        body = (
            _("rolled {dice} needing {target}+{after}") if dice else _("rolled no dice needing {target}+{after}")
        ).format(dice=dice, target=r["target"], after=after)
    extra = (
        _(" (after rerolling {dice})").format(dice=", ".join(map(str, r["first_dice"]))) if "first_dice" in r else ""
    )
    return _("{character} {spec}: {body}{extra}: {outcome} (chance {chance})").format(
        character=r["character"] if skill is None else f"{r['character']} ({shown(skill)})",
        spec=spec_shown(r["spec"]),
        body=body,
        extra=extra,
        outcome=_("success") if r["success"] else _("failure"),
        chance=chance_text(r["probability"]),
    )


def describe_contest(data: Mapping[str, Any], opponent: str | None = None, skill: str | None = None) -> str:
    """One sentence: each side's total against its target, over or within, and who wins; the
    unnamed side called OPPONENT where it has a role (a haggle's merchant), the SKILL used
    named beside the first side (`skill use … --against`)."""
    a, b = data["a"], data["b"]
    again = (
        _(" (after rerolling {dice})").format(dice=", ".join(map(str, a["first_dice"]))) if "first_dice" in a else ""
    )

    def side(name: str | None) -> str:
        return opponent if name == "opponent" and opponent else shown_side(name) if name else ""

    template = (
        _("{a} {a_total} vs {a_target} ({a_result}){again}, {b} {b_total} vs {b_target} ({b_result}); winner: {winner}")
        if data["winner"]
        else _("{a} {a_total} vs {a_target} ({a_result}){again}, {b} {b_total} vs {b_target} ({b_result}); nobody wins")
    )
    return template.format(
        a=a["name"] if skill is None else f"{a['name']} ({shown(skill)})",
        a_total=number(a["total"]),
        a_target=a["target"],
        a_result=_("over") if a.get("over") else _("within"),
        again=again,
        b=side(b["name"]),
        b_total=number(b["total"]),
        b_target=b["target"],
        b_result=_("over") if b.get("over") else _("within"),
        winner=side(data["winner"]),
    )


def shown_side(name: str) -> str:
    """A contest's side: a character's name, or the unnamed opponent."""
    return _("opponent") if name == "opponent" else name


def contest_rows(a: Mapping[str, Any], b: Mapping[str, Any]) -> list[list[Any]]:
    """Each side of a contest with every modifier by source (skill, armor, curses: R18's direction)."""
    rows = []
    for s in (a, b):
        mods = [f"{signed(m['value'])} {source(m)}" for m in s.get("modifiers", [])]
        if s.get("curse"):
            mods.append(_("{value} curses, the worse way (R18)").format(value=signed(s["curse"])))
        rows.append(
            [
                shown_side(s["name"]),
                s["spec"],
                ", ".join(map(str, s["dice"])),
                s["total"],
                s["target"],
                "; ".join(mods) or empty(),
                _("over") if s["over"] else _("within"),  # not the status "ok" (GLOSSARY.md)
            ]
        )
    return rows


def describe_roll(data: Mapping[str, Any]) -> str:
    """`2D6: 2, 5 +2 (skill Sword) = 9 damage by Ajax`: the dice, then each modifier by source."""
    from campaign_cli.rules.dice import parse

    parts = ", ".join(map(str, data["dice"]))
    flat = parse(data["expression"]).modifier  # the expression's own +1 (D6+1): said, not hidden
    mods = f" {signed(flat)}" if flat else ""
    mods += "".join(f" {signed(m['value'])} ({source(m)})" for m in data.get("modifiers", []))
    line = f"{dice(data['expression'])}: {parts}{mods} = {number(data['total'])}"
    if not data.get("character"):
        return line
    floor = _(" (at least 1, R26)") if data.get("floored") else ""
    if "first_dice" in data:
        floor += _(" (after rerolling {dice})").format(dice=", ".join(map(str, data["first_dice"])))
    if data.get("against"):
        what = (
            _("fatigue by {character} to {target}") if data.get("fatigue") else _("damage by {character} to {target}")
        )
    else:
        what = _("fatigue by {character}") if data.get("fatigue") else _("damage by {character}")
    return f"{line}{floor} " + what.format(character=data["character"], target=data.get("against"))
