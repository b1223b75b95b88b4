"""The roll procedures several commands share (a rolled check with curses and karma, a
contested check, a damage roll, the weapon in hand) and how each reads: `check`, `contest`,
`cast`, `skill use`, `shop --haggle`, `fight attack` and `roll` all call these, so a rule
holds the same on every path. Not a command module: no command imports another."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any

import typer

if TYPE_CHECKING:
    from fractions import Fraction

from campaign_cli import acts
from campaign_cli.cli.common import MAX_AMOUNT
from campaign_cli.cli.output import Line
from campaign_cli.errors import Refused, UsageProblem
from campaign_cli.i18n import N_, _, number, percent, shown
from campaign_cli.rules import advancement as adv
from campaign_cli.rules import checks as rules
from campaign_cli.rules import dice as d

if TYPE_CHECKING:
    from campaign_cli.model import Character


ModifierOpt = Annotated[
    int,
    typer.Option(
        "--modifier",
        metavar="N",
        min=-100,
        max=100,
        help="Situational bonus (+) or penalty (-) to the target (sum) or threshold (pool).",
    ),
]


def _pct(p) -> str:
    return percent(float(p))


def roll_dice(count: int, typed: str | None, rng, option: str = "--dice") -> list[int]:
    return d.obtain(count, rules.SIDES, typed, rng, option)


def karma_options(karma: bool, reroll_dice: str | None) -> None:
    """`--reroll-dice` is the dice of a `--karma` reroll (R17): alone it is a usage error."""
    if reroll_dice is not None and not karma:
        raise UsageProblem(_("--reroll-dice goes with --karma"))


def rolled_check(
    doc: Character, prep: rules.Prepared, typed: str | None, rng, karma: bool = False, reroll_dice: str | None = None
) -> dict:
    """Roll a prepared check; with KARMA, a failure is rolled again for 1 karma (else 1
    wish, R17), refused up front when DOC has neither. The caller saves DOC."""
    if karma:
        adv.require_reroll(doc)
    rolled = roll_dice(prep.dice, typed, rng)
    result = check_result(prep, rolled)
    if karma and not result["success"]:
        paid = adv.reroll_payment(doc)
        again = roll_dice(prep.dice, reroll_dice, rng, "--reroll-dice")
        result = {
            **check_result(prep, again),
            "first_dice": rolled,
            "karma_spent": int(paid == "karma"),
            "wish_spent": int(paid == "wish"),
        }
    return result


def check_result(prep: rules.Prepared, rolled: list[int]) -> dict:
    return {
        "character": prep.name,
        "spec": prep.spec.text,
        "type": prep.spec.type,
        "dice": rolled,
        "total": prep.total(rolled),
        "target": prep.target,
        **({"need": prep.need} if prep.spec.type == "pool" else {}),
        "success": prep.succeeds(rolled),
        "probability": float(prep.probability),
        "fraction": f"{prep.probability.numerator}/{prep.probability.denominator}",
        "modifiers": prep.modifiers,
        "karma_spent": 0,
        "wish_spent": 0,
    }


def _mods(mods: list[dict], applies: tuple[str, ...]) -> str:
    return "".join(f" {m['value']:+d} ({source(m)})" for m in mods if m.get("applies_to") in applies)


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


def source(mod: dict) -> str:
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


def describe_check(r: dict) -> str:
    """One line with every modifier by source: `rolled 3, 3, 3 +1 (curse Rot) = 10 vs 12 (IQ 12)`."""
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
        character=r["character"],
        spec=spec_shown(r["spec"]),
        body=body,
        extra=extra,
        outcome=_("success") if r["success"] else _("failure"),
        chance=_pct(r["probability"]),
    )


def distribution(spec_type: str, count: int, limit: int) -> list[tuple[int, Fraction, bool]]:
    """(result, exact chance, counts as success): sums of COUNT dice succeed at LIMIT or
    under (R5); pool hits succeed from 1 up, each die hitting on LIMIT+ (R10)."""
    if spec_type == "sum":
        return [(total, p, total <= limit) for total, p in d.sum_distribution(count, rules.SIDES)]
    return [(hits, p, hits >= 1) for hits, p in d.pool_distribution(count, limit, rules.SIDES)]


def plot(rows: list[tuple[int, Fraction, bool]], what: str, rolled: int | None = None, width: int = 40) -> list[Line]:
    """A bar chart as plain lines: `#` bars succeed, `.` bars fail, `<` marks the roll."""
    top = max(float(p) for _, p, _ in rows) or 1.0
    label = max(len(str(v)) for v, _, _ in rows)
    out = [
        Line(
            (_("{what}: # succeeds, . fails") if rolled is None else _("{what}: # succeeds, . fails, < rolled")).format(
                what=_(what)
            )
        )
    ]
    for value, p, ok in rows:
        bar = ("#" if ok else ".") * max(round(width * float(p) / top), 1 if p else 0)
        out.append(
            Line(
                f"{str(value).rjust(label)} {bar.ljust(width)} {float(p) * 100:5.1f}%"
                + (" <" if value == rolled else "")
            )
        )
    return out


def fractions(rows: list[tuple[int, Fraction, bool]]) -> dict[str, str]:
    return {str(v): f"{p.numerator}/{p.denominator}" for v, p, _ in rows}


PlotOpt = Annotated[bool, typer.Option("--plot", help="Draw the roll's distribution, the success region marked.")]


def _side(camp, who: str | Character, spec_text: str, typed: str | None, option: str, rng, modifier: int = 0) -> dict:
    """One side of a contest: WHO is a character (a name, or the document itself) or a
    number, an unnamed opponent's attribute."""
    spec = rules.parse_spec(spec_text)
    if spec.type != "sum":
        raise UsageProblem(_('{spec_text!r}: a contest uses N/ATTR checks (R7)').format(spec_text=spec_text))
    doc: Any = who if isinstance(who, dict) else None
    try:
        attribute = int(who) if isinstance(who, str) else None
    except ValueError:
        doc = camp.character(who)
    if doc is not None:
        acts.guard(camp, "contest", doc)  # R11a, for either side
        prep = rules.prepare(doc, spec, modifier)
        if prep.lead:
            camp.save("characters", doc)
        name, attribute, target, curses = (
            doc["name"],
            rules.attribute_value(doc, spec.attribute),
            prep.target,
            prep.curses,
        )
        modifiers = [m for m in prep.modifiers if m["applies_to"] == "target"]
    else:
        assert attribute is not None  # a number: an unnamed opponent
        if not 0 <= attribute <= MAX_AMOUNT:
            raise UsageProblem(
                _("an unnamed opponent's attribute is 0 to {MAX_AMOUNT}, not {attribute}").format(
                    MAX_AMOUNT=number(MAX_AMOUNT), attribute=attribute
                )
            )
        name, target, curses, modifiers = "opponent", attribute, 0, []
    rolled = roll_dice(spec.dice, typed, rng, option)
    return {
        "name": name,
        "spec": spec.text,
        "dice": rolled,
        "raw": sum(rolled),
        "curses": curses,
        "target": target,
        "attribute": attribute,
        "modifiers": modifiers,
    }


def skill_contest(
    camp,
    doc: Character,
    skill: str,
    other: str,
    dice,
    other_dice,
    rng,
    modifier: int = 0,
    karma=False,
    reroll_dice=None,
) -> dict:
    """R7, R23: a contested skill (Charm, Diplomacy, Tactics, Animal Handler, Merchant), the
    one procedure `skill use --against` and `shop --haggle` share with `contest A 3/IQ+SKILL`:
    the user's side is IQ plus the skill's level, the other side IQ alone."""
    return contested(
        camp, doc, f"3/IQ+{skill}", other, dice, other_dice, rng, modifier, karma, reroll_dice, other_spec="3/IQ"
    )


def contested(
    camp,
    who: str | Character,
    spec: str,
    other: str,
    dice: str | None,
    other_dice: str | None,
    rng,
    modifier: int = 0,
    karma: bool = False,
    reroll_dice: str | None = None,
    other_spec: str | None = None,
) -> dict:
    """R7 with R18: both sides roll, the winner or None. With KARMA, WHO's side rolls again
    when it does not win, for 1 karma (else 1 wish, R17), refused up front without either."""
    a_doc: Any = who if isinstance(who, dict) else None
    if karma and a_doc is None:
        try:
            int(str(who))
        except ValueError:
            a_doc = camp.character(who)
        else:
            raise UsageProblem(_("--karma is for a character's roll, not an unnamed opponent's"))
    if karma:
        adv.require_reroll(a_doc)
    a = _side(camp, a_doc or who, spec, dice, "--dice", rng, modifier)
    b = _side(camp, other, other_spec or spec, other_dice, "--other-dice", rng)
    if a["name"] == b["name"] and a["name"] != "opponent":
        raise UsageProblem(_("a character cannot contest itself"))
    winner = rules.contest_with_curses(a, b)  # R7, R18
    spent = {"karma_spent": 0, "wish_spent": 0}
    if karma and winner != a["name"]:
        paid = adv.reroll_payment(a_doc)
        spent[f"{paid}_spent"] = 1
        again = roll_dice(len(a["dice"]), reroll_dice, rng, "--reroll-dice")
        a.update(first_dice=a["dice"], dice=again, raw=sum(again))
        winner = rules.contest_with_curses(a, b)
        camp.save("characters", a_doc)
    return {"a": a, "b": b, "winner": winner, "success": winner == a["name"], **spent}


def describe_contest(data: dict) -> str:
    """One line: each side's total against its target, and who wins."""
    a, b = data["a"], data["b"]
    again = (
        _(" (after rerolling {dice})").format(dice=", ".join(map(str, a["first_dice"]))) if "first_dice" in a else ""
    )
    line = _("{a} {a_total} vs {a_target}{again}, {b} {b_total} vs {b_target}").format(
        a=a["name"],
        a_total=a["total"],
        a_target=a["target"],
        again=again,
        b=shown_side(b["name"]),
        b_total=b["total"],
        b_target=b["target"],
    )
    winner = _("winner: {name}").format(name=shown_side(data["winner"])) if data["winner"] else _("winner: nobody")
    return f"{line}: {winner}"


def shown_side(name: str) -> str:
    """A contest's side: a character's name, or the unnamed opponent."""
    return _("opponent") if name == "opponent" else name


def contest_rows(a: dict, b: dict) -> list[list]:
    """Each side of a contest with every modifier by source (skill, armor, curses: R18's direction)."""
    rows = []
    for s in (a, b):
        mods = [f"{m['value']:+d} {source(m)}" for m in s.get("modifiers", [])]
        if s.get("curse"):
            mods.append(_("{value:+d} curses, the worse way (R18)").format(value=s["curse"]))
        rows.append(
            [
                shown_side(s["name"]),
                s["spec"],
                ", ".join(map(str, s["dice"])),
                s["total"],
                s["target"],
                "; ".join(mods) or "-",
                _("over") if s["over"] else _("ok"),
            ]
        )
    return rows


def describe_roll(data: dict) -> str:
    """`2D6: 2, 5 +2 (skill Sword) = 9 damage by Ajax`: the dice, then each modifier by source."""
    parts = ", ".join(map(str, data["dice"]))
    mods = "".join(f" {m['value']:+d} ({source(m)})" for m in data.get("modifiers", []))
    line = f"{data['expression']}: {parts}{mods} = {data['total']}"
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


def _weapon(doc: Character, ref: str) -> Any:  # an Item, or bare hands (R26): no stored item
    """The character's item REF, or bare hands (R26: Unarmed needs no item)."""
    from campaign_cli.errors import NotFound
    from campaign_cli.rules import catalog
    from campaign_cli.rules.gear import find_item

    try:
        return find_item(doc, ref)
    except NotFound:
        found = catalog.lookup(ref)
        if found and found[1].get("fatigue"):
            return {"name": found[1]["name"], "damage": found[1]["damage"], "skill": found[1]["skill"], "fatigue": True}
        raise


def wielded(doc: Character, ref: str) -> Any:  # an Item, or bare hands (R26)
    """The weapon REF that DOC deals damage with: an item in hand whose heft is within ST
    (R27, R32), or bare hands (R26); anything else is refused."""
    from campaign_cli.rules.gear import check_wielded

    item = _weapon(doc, ref)
    if not item.get("damage"):
        raise Refused(_('{name} is not a weapon (no damage)').format(name=item['name']), "not_a_weapon")
    if item.get("id") is not None:
        check_wielded(doc, item)
    return item


def _roll_damage(camp, expr, character, weapon, against, typed, rng, karma=False, reroll_dice=None) -> dict:
    doc: Any = camp.character(character) if character else None  # --weapon and --karma need --character
    item = wielded(doc, weapon) if weapon else None
    target = camp.character(against) if against else None
    return damage_roll(camp, doc, item, target, typed, rng, expr, karma, reroll_dice)


def damage_roll(
    camp,
    doc: Any,
    item: dict | None,
    target: dict | None,
    typed,
    rng,
    expr: str | None = None,
    karma: bool = False,
    reroll_dice: str | None = None,
    reroll_option: str = "--reroll-dice",
    option: str = "--dice",
) -> dict:
    """A damage roll: EXPR (default: ITEM's damage), DOC's combat-skill levels to damage
    (R24), +1 unarmed against a weaker TARGET (R26), 1 less per curse (R18), at least 1;
    with KARMA rolled again and the new roll kept (R17): the one damage roll of `roll
    --character` and `fight attack` alike."""
    if item is not None:
        expr = expr or item["damage"]
    parsed = d.parse(expr or "")
    if karma:
        adv.require_reroll(doc)
    rolled = d.obtain(parsed.count, parsed.sides, typed, rng, option)
    data = {"expression": parsed.text(), "dice": rolled, "total": sum(rolled) + parsed.modifier}
    if karma:  # R17: the damage is rolled again and the new roll kept
        paid = adv.reroll_payment(doc)
        data["first_dice"] = rolled
        rolled = d.obtain(parsed.count, parsed.sides, reroll_dice, rng, reroll_option)
        data.update(
            dice=rolled,
            total=sum(rolled) + parsed.modifier,
            karma_spent=int(paid == "karma"),
            wish_spent=int(paid == "wish"),
        )
        camp.save("characters", doc)
    if doc is None:
        return data
    mods = []
    bonus = 0
    if item is not None and item.get("skill"):
        level = rules.skill_level(doc, item["skill"])  # a potion's boost included (R25a)
        if level and rules.combat_mode(doc, item["skill"]) == "damage":
            bonus = level
            mods.append(rules.modifier_of("skill_damage", level, item["skill"]))
    fatigue = bool(item and item.get("fatigue"))
    if fatigue and target is not None and doc["st"] > target["st"]:
        bonus += 1  # R26 (U): +1 when the attacker is stronger
        mods.append(rules.modifier_of("stronger", 1, target["name"]))
    curses = adv.curse_modifier(doc)
    mods += [rules.modifier_of("curse", -1, c["name"]) for c in doc["curses"]]
    total = rules.damage_total(rolled, parsed, bonus, curses)
    data.update(
        character=doc["name"],
        weapon=item["name"] if item else None,
        modifiers=mods,
        total=total,
        fatigue=fatigue,
        floored=sum(rolled) + parsed.modifier + bonus - curses < 1,
        against=target["name"] if target else None,
    )
    return data
