"""Checks: roll-under sums (R5, R6), pool tests (R10), contests (R7), initiative (R8),
curses (R18), combat skills (R24) and damage rolls (R26)."""

from __future__ import annotations

import re
from fractions import Fraction
from typing import TYPE_CHECKING

from campaign_cli.errors import N_, Refused, Say, Shown, UsageProblem
from campaign_cli.rules import dice as d
from campaign_cli.rules.advancement import curse_modifier
from campaign_cli.rules.characters import CORE, adjusted_dx, gear_totals
from campaign_cli.rules.skills import find_skill
from campaign_cli.rules.wounds import check_can_act

if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any

    from campaign_cli.model import Character, CombatMode, Item, Spell

SIDES = 6
# `for` or the Russian `для`: `3/ST для Плавание` is `3/ST for Swimming` (CLI.md "Language")
_SUM = re.compile(r"\s*(\d+)\s*/\s*([A-Za-z]+)\s*(?:\+\s*(\S.*?)|\s+(?:for|для)\s+(\S.*?))?\s*", re.IGNORECASE)
_POOL = re.compile(r"\s*(\S.*?)\s+(\d+)\s*\+\s*")


class Spec:
    """A parsed check: `N/ATTR`, `N/ATTR+SKILL`, `N/ATTR for SKILL` (sum) or `ATTR T+` (pool)."""

    __slots__ = ("attribute", "dice", "required", "skill", "text", "threshold", "type")

    def __init__(
        self,
        text: str,
        type_: str,
        dice: int = 0,
        attribute: str = "",
        skill: str | None = None,
        required: bool = False,
        threshold: int = 0,
    ) -> None:
        self.text, self.type, self.dice, self.attribute = text.strip(), type_, dice, attribute
        self.skill, self.required, self.threshold = skill, required, threshold


def parse_spec(text: str) -> Spec:
    """Parse a check spec; anything malformed is a usage error (exit 2)."""
    d.check_length(text, N_("a check spec"))
    match = _SUM.fullmatch(text or "")
    if match:
        count, attr, plus, needed = match.groups()
        if attr.upper() not in CORE:
            raise UsageProblem(
                Say('{text!r}: a check is on ST, DX or IQ, not {attr!r}', text=text, attr=attr), "bad_spec"
            )
        if len(count) > 3 or not 1 <= int(count) <= d.MAX_DICE:
            raise UsageProblem(Say('{text!r}: roll 1 to {MAX_DICE} dice', text=text, MAX_DICE=d.MAX_DICE), "bad_spec")
        skill = plus or needed
        return Spec(text, "sum", dice=int(count), attribute=attr.upper(), skill=skill, required=bool(needed))
    match = _POOL.fullmatch(text or "")
    if match:
        attr, threshold = match.groups()
        if len(threshold) > 2 or not 1 <= int(threshold) <= SIDES:
            raise UsageProblem(
                Say("{text!r}: a pool test's threshold is 1+ to {SIDES}+", text=text, SIDES=SIDES), "bad_spec"
            )
        attr = attr.upper() if attr.upper() in CORE else attr
        return Spec(text, "pool", attribute=attr, threshold=int(threshold))
    raise UsageProblem(
        Say(
            "{text!r} is not a check ({examples})",
            text=text,
            examples=Say("3/DX, 3/ST+Climbing, 3/ST for Swimming, 'Lore 5+'"),
        ),
        "bad_spec",
    )


def attribute_value(doc: Character, name: str) -> int:
    """ST, DX (adjusted, R30), IQ, or an extra attribute (R10); refused if the character lacks it."""
    if name == "DX":
        return adjusted_dx(doc["dx"], gear_totals(doc.get("items", []))["restriction"])
    if name in CORE:
        return {"ST": doc["st"], "DX": doc["dx"], "IQ": doc["iq"]}[name]
    for key, value in doc.get("attributes", {}).items():
        if key.casefold() == name.casefold():
            return value
    raise Refused(
        Say('{name} has no attribute {name2!r} for a pool test', name=doc['name'], name2=name), "unknown_attribute"
    )


def combat_mode(doc: Character, skill: str) -> CombatMode:
    """R24: whether a combat skill's levels go to hit or to damage (default: hit)."""
    return doc.get("combat", {}).get(skill, "hit")


class Prepared:
    """Everything known before the dice are rolled."""

    __slots__ = ("curses", "dice", "lead", "modifiers", "name", "need", "probability", "spec", "target")

    def __init__(
        self,
        spec: Spec,
        name: str,
        dice: int,
        target: int | None,
        need: int | None,
        modifiers: list[dict[str, Any]],
        probability: Fraction,
        curses: int,
        lead: int = 0,
    ) -> None:
        self.spec, self.name, self.dice, self.target, self.need = spec, name, dice, target, need
        self.modifiers, self.probability, self.curses = modifiers, probability, curses
        self.lead = lead  # a Leadership bonus this check used up (R25): the caller saves the character

    def succeeds(self, rolled: list[int]) -> bool:
        if self.spec.type == "sum":
            assert self.target is not None  # a sum check has a target, a pool test a threshold
            return sum(rolled) + self.curses <= self.target  # R5, R18
        assert self.need is not None
        return any(v >= self.need for v in rolled)  # R10, R18

    def total(self, rolled: list[int]) -> int | None:
        return sum(rolled) + self.curses if self.spec.type == "sum" else None


# A modifier's source is a fact: a kind and (for most kinds) a name. `source` keeps the
# English words JSON has always carried; views translate from the kind and the name.
SOURCE_TEXT = {
    "restriction": "armor restriction (R30)",
    "potion": "potion ({name})",
    "skill_to_damage": "skill {name} (levels go to damage, R24)",
    "skill": "skill {name}",
    "skill_damage": "skill {name} (R24)",
    "modifier": "modifier",
    "leadership": "Leadership",
    "curse": "curse {name}",
    "stronger": "stronger than {name} (R26)",
}


def modifier_of(
    kind: str, value: int, name: str | None = None, applies_to: str | None = None, **extra: Any
) -> dict[str, Any]:
    """One modifier: its source (kind and name), its value and what it applies to."""
    mod = {"source": SOURCE_TEXT[kind].format(name=name), "kind": kind, "name": name, "value": value}
    if applies_to is not None:
        mod["applies_to"] = applies_to
    return {**mod, **extra}


def boost(doc: Character, name: str) -> int:
    """What a drunk potion adds to an attribute or skill for this fight (R25)."""
    return sum(v for k, v in doc.get("boosts", {}).items() if k.casefold() == name.casefold())


def skill_level(doc: Character, skill: str) -> int:
    """A skill's level with a drunk potion's boost (R25: only for a skill the drinker has);
    a combat skill's potion goes where its levels go, to hit or to damage (R24, R25a)."""
    known = doc.get("skills", {}).get(skill, 0)
    return known + (boost(doc, skill) if known else 0)


def prepare(doc: Character, spec: Spec, modifier: int = 0) -> Prepared:
    """Targets, modifiers (each with its source) and the exact chance, before rolling.
    R11a: only a character who can act takes a check."""
    check_can_act(doc, N_("take a check"))
    curses = curse_modifier(doc)
    mods: list[dict[str, Any]] = []
    lead: dict[str, Any] = dict(doc.get("leadership") or {})
    if spec.type == "sum":
        target = attribute_value(doc, spec.attribute)
        restriction = gear_totals(doc.get("items", []))["restriction"] if spec.attribute == "DX" else 0
        if restriction:  # R30: already in the adjusted DX; listed so the arithmetic can be followed
            mods.append(modifier_of("restriction", -restriction, applies_to="target"))
        if boost(doc, spec.attribute):
            mods.append(modifier_of("potion", boost(doc, spec.attribute), spec.attribute, "target"))
            target += boost(doc, spec.attribute)
        if spec.skill:
            skill = find_skill(spec.skill)
            known = doc.get("skills", {}).get(skill.name, 0)
            level = skill_level(doc, skill.name)
            if spec.required and known == 0:
                raise Refused(
                    Say('R6: {name} does not know {name2}, needed to try', name=doc['name'], name2=Shown(skill.name)),
                    "skill_required",
                )
            if spec.required:
                pass  # R6: `for SKILL` rolls against the attribute alone
            elif level and skill.combat and combat_mode(doc, skill.name) == "damage":
                mods.append(modifier_of("skill_to_damage", 0, skill.name, "target"))
            elif level:
                mods.append(modifier_of("skill", level, skill.name, "target"))
                target += level
        if modifier:
            mods.append(modifier_of("modifier", modifier, applies_to="target"))
            target += modifier
        if lead:
            mods.append(modifier_of("leadership", lead["value"], applies_to="target", **{"from": lead.get("from")}))
            target += lead["value"]
        mods += [modifier_of("curse", 1, c["name"], "total") for c in doc.get("curses", [])]
        probability = d.prob_sum_at_most(spec.dice, SIDES, target - curses)
        return Prepared(spec, doc["name"], spec.dice, target, None, mods, probability, curses, _use_lead(doc))
    count = attribute_value(doc, spec.attribute) + boost(doc, spec.attribute)
    if boost(doc, spec.attribute):
        mods.append(modifier_of("potion", boost(doc, spec.attribute), spec.attribute, "dice"))
    if count > d.MAX_DICE:
        raise Refused(
            Say(
                '{attribute} {count}: at most {MAX_DICE} dice',
                attribute=spec.attribute,
                count=count,
                MAX_DICE=d.MAX_DICE,
            ),
            "too_many_dice",
        )
    need = spec.threshold - modifier - lead.get("value", 0) + curses
    if modifier:
        mods.append(modifier_of("modifier", modifier, applies_to="threshold"))
    if lead:
        mods.append(modifier_of("leadership", lead["value"], applies_to="threshold", **{"from": lead.get("from")}))
    mods += [modifier_of("curse", -1, c["name"], "each die") for c in doc.get("curses", [])]
    probability = d.prob_any_at_least(count, need, SIDES)
    return Prepared(spec, doc["name"], count, spec.threshold, need, mods, probability, curses, _use_lead(doc))


def _use_lead(doc: Character) -> int:
    """R25: Leadership counts for one check, whichever kind takes it."""
    lead = doc.pop("leadership", None)
    return lead["value"] if lead else 0


def weapon_profile(doc: Character, item: Item) -> dict[str, Any]:
    """What a weapon in hand does for DOC: the to-hit target (a 3/DX roll under adjusted DX,
    R30, plus combat-skill levels spent on hitting, R24) and the damage expression (plus
    levels spent on damage, R24; curses take 1 each, R18; at least 1, R26)."""
    dx = attribute_value(doc, "DX")
    skill, level = item.get("skill"), 0
    if skill:
        level = skill_level(doc, skill)
    mode = combat_mode(doc, skill) if skill else "hit"
    hit_bonus = level if level and mode == "hit" else 0
    damage_bonus = level if level and mode == "damage" else 0
    expr = d.parse(item.get("damage") or "")  # a weapon's damage; a refusal (exit 2) if it has none
    shown = d.Dice(expr.count, expr.sides, expr.modifier + damage_bonus - curse_modifier(doc)).text()
    return {
        "to_hit": dx + hit_bonus,
        "damage": shown,
        "skill": skill,
        "skill_level": level,
        "fatigue": bool(item.get("fatigue")),
    }


def castable(doc: Character, spell: str) -> Spell:
    """R9: a spell the caster knows, whose rating (if any) is not above the caster's IQ."""
    from campaign_cli.rules.names import resolve

    found = resolve(spell, ((s, (s["name"],), None) for s in doc.get("spells", [])), "spell", where=doc["name"])
    rating = found.get("rating")
    if rating is not None and rating > doc["iq"]:
        raise Refused(
            Say(
                "R9: {name} has rating {rating}, above {name2}'s IQ {iq}",
                name=found['name'],
                rating=found['rating'],
                name2=doc['name'],
                iq=doc['iq'],
            ),
            "spell_too_hard",
        )
    return found


def sum_odds(count: int, value: int, modifier: int = 0, curses: int = 0) -> Fraction:
    """Exact chance of an N/ATTR check against VALUE (R5, R18)."""
    return d.prob_sum_at_most(count, SIDES, value + modifier - curses)


def pool_odds(count: int, threshold: int, modifier: int = 0, curses: int = 0) -> Fraction:
    """Exact chance of a pool test with COUNT dice (R10, R18)."""
    return d.prob_any_at_least(count, threshold - modifier + curses, SIDES)


def contest_with_curses(a: dict[str, Any], b: dict[str, Any]) -> str | None:
    """R7 with R18: each side's curses add to or subtract from its dice (`raw`), in the
    direction that gives that side the worse outcome: a curse never helps. Sets each
    side's `total`, `over` and `curse` (the signed amount applied); returns the winner."""

    def rank(side: dict[str, Any], winner: str | None) -> int:
        return 2 if winner == side["name"] else 1 if winner is None else 0

    def play(da: int, db: int) -> str | None:
        return contest_winner({**a, "total": a["raw"] + da}, {**b, "total": b["raw"] + db})

    options_a = [a["curses"], -a["curses"]] if a["curses"] else [0]
    options_b = [b["curses"], -b["curses"]] if b["curses"] else [0]
    chosen = (options_a[0], options_b[0])
    for da in options_a:
        for db in options_b:
            worst_a = min(rank(a, play(x, db)) for x in options_a)
            worst_b = min(rank(b, play(da, y)) for y in options_b)
            if rank(a, play(da, db)) == worst_a and rank(b, play(da, db)) == worst_b:
                chosen = (da, db)
                break
        else:
            continue
        break
    for side, signed in zip((a, b), chosen):
        side["curse"] = signed
        side["total"] = side["raw"] + signed
        side["over"] = side["total"] > side["target"]
    return contest_winner(a, b)


def contest_winner(a: dict[str, Any], b: dict[str, Any]) -> str | None:
    """R7: a side over its target fails; the higher total wins; equal totals go to the higher
    attribute itself (skill not counted); otherwise nobody wins.

    Each side: {"name", "total", "target", "attribute"}.
    """
    a_ok, b_ok = a["total"] <= a["target"], b["total"] <= b["target"]
    first: str = a["name"]
    second: str = b["name"]
    if a_ok and not b_ok:
        return first
    if b_ok and not a_ok:
        return second
    if not a_ok:
        return None
    if a["total"] != b["total"]:
        return first if a["total"] > b["total"] else second
    if a["attribute"] != b["attribute"]:
        return first if a["attribute"] > b["attribute"] else second
    return None


def initiative(names: list[str], next_die: Callable[[], int]) -> tuple[list[str], dict[str, list[int]]]:
    """R8: one die each, higher first; tied sides roll again among themselves."""
    rolls: dict[str, list[int]] = {n: [] for n in names}

    def order(group: list[str]) -> list[str]:
        if len(group) == 1:
            return group
        faces = {n: next_die() for n in group}
        for n, v in faces.items():
            rolls[n].append(v)
        out: list[str] = []
        for face in sorted(set(faces.values()), reverse=True):
            out += order([n for n in group if faces[n] == face])
        return out

    return order(list(names)), rolls


def damage_total(rolled: list[int], expr: d.Dice, bonus: int = 0, curses: int = 0) -> int:
    """R26: weapon damage is at least 1; R24 adds combat-skill damage; R18 takes 1 per curse."""
    return max(sum(rolled) + expr.modifier + bonus - curses, 1)


def distribution(spec_type: str, count: int, limit: int) -> list[tuple[int, Fraction, bool]]:
    """(result, exact chance, counts as success): sums of COUNT dice succeed at LIMIT or
    under (R5); pool hits succeed from 1 up, each die hitting on LIMIT+ (R10)."""
    if spec_type == "sum":
        return [(total, p, total <= limit) for total, p in d.sum_distribution(count, SIDES)]
    return [(hits, p, hits >= 1) for hits, p in d.pool_distribution(count, limit, SIDES)]


def fractions(rows: list[tuple[int, Fraction, bool]]) -> dict[str, str]:
    """A distribution's chances as exact fractions by result ("3": "1/216")."""
    return {str(v): f"{p.numerator}/{p.denominator}" for v, p, _ in rows}
