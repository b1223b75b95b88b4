"""The rolls several acts share, each once: a check rolled with curses, modifiers and a
karma reroll (R5, R6, R10, R17, R18), a contest (R7, R23), the weapon a character deals
damage with and the damage roll (R17, R18, R24, R26). They return facts (dicts); the
views (cli/rolling.py) put them into words."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from campaign_cli import acts
from campaign_cli.errors import Opt, Refused, Say, Shown, UsageProblem
from campaign_cli.rules import advancement as adv
from campaign_cli.rules import checks as rules
from campaign_cli.rules import dice as d
from campaign_cli.rules import wounds
from campaign_cli.rules.characters import current_status
from campaign_cli.rules.names import MAX_AMOUNT

if TYPE_CHECKING:
    import random
    from collections.abc import Callable

    from campaign_cli.model import Character
    from campaign_cli.store.campaign import Stored


def roll_dice(count: int, typed: str | None, rng: random.Random, option: str = "dice") -> list[int]:
    return d.obtain(count, rules.SIDES, typed, rng, option)


def karma_options(karma: bool, reroll_dice: str | None) -> None:
    """`--reroll-dice` is the dice of a `--karma` reroll (R17): alone it is a usage error."""
    if reroll_dice is not None and not karma:
        raise UsageProblem(Say("{reroll} goes with {karma}", reroll=Opt("reroll_dice"), karma=Opt("karma")))


def rolled_check(
    doc: Character,
    prep: rules.Prepared,
    typed: str | None,
    rng: random.Random,
    karma: bool = False,
    reroll_dice: str | None = None,
) -> dict[str, Any]:
    """Roll a prepared check; with KARMA, a failure is rolled again for 1 karma (else 1
    wish, R17), refused up front when DOC has neither. The caller saves DOC."""
    if karma:
        adv.require_reroll(doc)
    rolled = roll_dice(prep.dice, typed, rng)
    result = check_result(prep, rolled)
    if karma and not result["success"]:
        paid = adv.reroll_payment(doc)
        again = roll_dice(prep.dice, reroll_dice, rng, "reroll_dice")
        result = {
            **check_result(prep, again),
            "first_dice": rolled,
            "karma_spent": int(paid == "karma"),
            "wish_spent": int(paid == "wish"),
        }
    return result


def check_result(prep: rules.Prepared, rolled: list[int]) -> dict[str, Any]:
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


def side(
    camp: Stored,
    who: str | int | Character,
    spec_text: str,
    typed: str | None,
    option: str,
    rng: random.Random,
    modifier: int = 0,
    act: str = "contest",
    role: str | None = None,
) -> dict[str, Any]:
    """One side of a contest: WHO is a character (a name, or the document itself) or a
    number, an unnamed opponent's attribute."""
    spec = rules.parse_spec(spec_text)
    if spec.type != "sum":
        raise UsageProblem(Say('{spec_text!r}: a contest uses N/ATTR checks (R7)', spec_text=spec_text))
    doc: Any = who if isinstance(who, dict) else None
    try:
        attribute = int(who) if isinstance(who, str) else None
    except ValueError:
        doc = camp.character(str(who))  # a name (an int was read above)
    if doc is not None:
        acts.guard(camp, act, doc, role)  # R11a, for either side, in its role
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
                Say(
                    "an unnamed opponent's attribute is 0 to {MAX_AMOUNT}, not {attribute}",
                    MAX_AMOUNT=Shown(MAX_AMOUNT),
                    attribute=attribute,
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
    camp: Stored,
    doc: Character,
    skill: str,
    other: str,
    dice: str | None,
    other_dice: str | None,
    rng: random.Random,
    modifier: int = 0,
    karma: bool = False,
    reroll_dice: str | None = None,
) -> dict[str, Any]:
    """R7, R23: a contested skill (Charm, Diplomacy, Tactics, Animal Handler, Merchant), the
    one procedure `skill use --against` and `shop --haggle` share with `contest A 3/IQ+SKILL`:
    the user's side is IQ plus the skill's level, the other side IQ alone."""
    return contested(
        camp, doc, f"3/IQ+{skill}", other, dice, other_dice, rng, modifier, karma, reroll_dice, other_spec="3/IQ"
    )


def contested(
    camp: Stored,
    who: str | int | Character,
    spec: str,
    other: str,
    dice: str | None,
    other_dice: str | None,
    rng: random.Random,
    modifier: int = 0,
    karma: bool = False,
    reroll_dice: str | None = None,
    other_spec: str | None = None,
    act: str = "contest",
) -> dict[str, Any]:
    """R7 with R18: both sides roll, the winner or None (each side guarded in its role in
    ACT: the one who starts it, and the other side). With KARMA, WHO's side rolls again
    when it does not win, for 1 karma (else 1 wish, R17), refused up front without either."""
    a_doc: Any = who if isinstance(who, dict) else None
    if karma and a_doc is None:
        try:
            int(str(who))
        except ValueError:
            a_doc = camp.character(str(who))
        else:
            raise UsageProblem(Say("{karma} is for a character's roll, not an unnamed opponent's", karma=Opt("karma")))
    if karma:
        adv.require_reroll(a_doc)
    first, second = acts.ACTS[act].roles
    a = side(camp, a_doc or who, spec, dice, "dice", rng, modifier, act, first)
    b = side(camp, other, other_spec or spec, other_dice, "other_dice", rng, act=act, role=second)
    if a["name"] == b["name"] and a["name"] != "opponent":
        raise UsageProblem(Say("a character cannot contest itself"))
    winner = rules.contest_with_curses(a, b)  # R7, R18
    spent = {"karma_spent": 0, "wish_spent": 0}
    if karma and winner != a["name"]:
        paid = adv.reroll_payment(a_doc)
        spent[f"{paid}_spent"] = 1
        again = roll_dice(len(a["dice"]), reroll_dice, rng, "reroll_dice")
        a.update(first_dice=a["dice"], dice=again, raw=sum(again))
        winner = rules.contest_with_curses(a, b)
        camp.save("characters", a_doc)
    return {"a": a, "b": b, "winner": winner, "success": winner == a["name"], **spent}


def _contested(
    camp: Stored,
    who: str | int | Character,
    spec: str,
    other: str,
    throw: d.Throw,
    other_dice: str | None,
    other_spec: str | None = None,
    act: str = "contest",
) -> dict[str, Any]:
    """`contested` for an act that takes its roll as a Throw."""
    t = throw
    return contested(camp, who, spec, other, t.dice, other_dice, t.rng, t.modifier, t.karma, t.again, other_spec, act)


def weapon(doc: Character, ref: str) -> Any:  # an Item, or bare hands (R26): no stored item
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

    item = weapon(doc, ref)
    if not item.get("damage"):
        raise Refused(Say('{name} is not a weapon (no damage)', name=item['name']), "not_a_weapon")
    if item.get("id") is not None:
        check_wielded(doc, item)
    return item


def roll_damage(
    camp: Stored,
    expr: str | None,
    character: str | int | None,
    weapon: str | None,
    against: str | int | None,
    typed: str | None,
    rng: random.Random,
    karma: bool = False,
    reroll_dice: str | None = None,
) -> dict[str, Any]:
    doc: Any = camp.character(character) if character else None  # --weapon and --karma need --character
    if doc is not None:
        acts.guard(camp, "roll", doc)  # R11a, sixth reading: the out, dying and dead roll nothing
    item = wielded(doc, weapon) if weapon else None
    target = camp.character(against) if against else None
    return damage_roll(camp, doc, item, target, typed, rng, expr, karma, reroll_dice)


def damage_roll(
    camp: Stored,
    doc: Any,
    item: dict[str, Any] | None,
    target: Character | None,
    typed: str | None,
    rng: random.Random,
    expr: str | None = None,
    karma: bool = False,
    reroll_dice: str | None = None,
    reroll_option: str = "reroll_dice",
    option: str = "dice",
) -> dict[str, Any]:
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


def recorded(camp: Stored, data: dict[str, Any], seed: int | None) -> None:
    """DATA, with the seed that rolled it, among the rolls the journal keeps."""
    if seed is not None:
        data["seed"] = seed
    camp.record_roll(data)


def check(camp: Stored, name: str | int, spec: Any, throw: d.Throw) -> tuple[rules.Prepared, dict[str, Any]]:
    """`check NAME SPEC`: a rolled check (R5, R10) with its curses and modifiers, karma or
    a wish rolling a failure again (R17); a Leadership bonus spent (R25). Returns the
    prepared check and the result."""
    doc = acts.actor(camp, "check", name)
    prep = rules.prepare(doc, spec, throw.modifier)
    result = rolled_check(doc, prep, throw.dice, throw.rng, throw.karma, throw.again)
    if prep.lead or result["karma_spent"] or result["wish_spent"]:
        camp.save("characters", doc)
    recorded(camp, result, throw.seed)
    rolled = ", ".join(map(str, result["dice"])) or "no dice"
    against = f"= {result['total']} vs {result['target']}" if result["type"] == "sum" else f"needing {result['need']}+"
    outcome = "success" if result["success"] else "failure"
    camp.note(f"{doc['name']} {result['spec']}: rolled {rolled} {against}: {outcome}", doc["name"])
    checked(camp, result)
    return prep, result


def checked(camp: Stored, result: dict[str, Any]) -> None:
    """The journal's fact of a check rolled (R5, R10)."""
    camp.event(
        "checked", name=result["character"], spec=result["spec"], total=result["total"], success=result["success"]
    )


def party_test(camp: Stored, spec: Any, who: str, throw: d.Throw) -> dict[str, Any]:
    """`check --party` (R11): every living character who can act takes the test, or one
    picked at random; the others are skipped and listed (R11a). Typed dice go in party
    order, each character's in turn; lacking a needed skill fails that character (R6)."""
    modifier, rng, seed, typed = throw.modifier, throw.rng, throw.seed, throw.dice
    everyone = camp.characters()
    able = [c for c in everyone if wounds.can_act(c)]
    skipped = [{"character": c["name"], "status": current_status(c)} for c in everyone if not wounds.can_act(c)]
    if not able:
        raise Refused(Say("R11a: no character can act to take the test"), "nobody")
    chosen = able if who == "all" else [rng.choice(able)]
    preps: list[tuple[Character, rules.Prepared | None, str | None]] = []
    for doc in chosen:
        try:
            preps.append((doc, rules.prepare(doc, spec, modifier), None))
        except Refused as err:  # R6: lacking a needed skill fails this character's test
            preps.append((doc, None, err.message))
    queue = None
    if typed is not None:
        queue = d.typed(typed, sum(p.dice for _, p, _ in preps if p), rules.SIDES)
    results = []
    for doc, prep, reason in preps:
        if prep is None:
            results.append(
                {
                    "character": doc["name"],
                    "spec": spec.text,
                    "type": spec.type,
                    "dice": [],
                    "total": None,
                    "target": None,
                    "success": False,
                    "probability": 0.0,
                    "fraction": "0/1",
                    "modifiers": [],
                    "karma_spent": 0,
                    "wish_spent": 0,
                    "reason": reason,
                }
            )
            continue
        if queue is None:
            rolled = roll_dice(prep.dice, None, rng)
        else:
            rolled, queue = queue[: prep.dice], queue[prep.dice :]
        results.append(check_result(prep, rolled))
        if prep.lead:
            camp.save("characters", doc)
    data = {
        "spec": spec.text,
        "who": who,
        "results": results,
        "successes": sum(r["success"] for r in results),
        "skipped": skipped,
    }
    recorded(camp, data, seed)
    for result in results:
        checked(camp, result)
    camp.note(
        f"party test {spec.text} ({who}): {data['successes']} of {len(results)} succeed",
        *(r["character"] for r in results),
    )
    return data


def contest(
    camp: Stored, name: str | int, spec: str, other: str, other_spec: str, throw: d.Throw, other_dice: str | None
) -> dict[str, Any]:
    """`contest` (R7): both sides roll their checks; the one who makes it by more wins.
    OTHER_DICE: the other side's typed dice."""
    data = _contested(camp, name, spec, other, throw, other_dice, other_spec)
    a, b, winner = data["a"], data["b"], data["winner"]
    recorded(camp, data, throw.seed)
    camp.event("contested", name=a["name"], other=b["name"], winner=winner, success=data["success"])
    camp.note(
        f"contest {a['name']} {a['total']}/{a['target']} vs {b['name']} {b['total']}/{b['target']}: "
        f"{winner or 'nobody'} wins",
        *(n for n in (a["name"], b["name"]) if n != "opponent"),
    )
    return data


def cast(
    camp: Stored, name: str | int, spell: str, against: str | None, throw: d.Throw, other_dice: str | None
) -> dict[str, Any]:
    """`cast` (R9): a known spell whose rating is not above the caster's IQ: a 3/IQ check,
    or with AGAINST a contested IQ check (R7, OTHER_DICE the other side's typed dice); the
    caster's action of the round (R32a)."""
    doc = acts.actor(camp, "cast", name)
    known = rules.castable(doc, spell)
    if against is None:
        prep = rules.prepare(doc, rules.parse_spec("3/IQ"), throw.modifier)
        data = {**rolled_check(doc, prep, throw.dice, throw.rng, throw.karma, throw.again), "spell": known}
        camp.save("characters", doc)
    else:
        data = {**_contested(camp, doc, "3/IQ", against, throw, other_dice, act="cast"), "spell": known}
    acts.acted(camp, "cast", doc["name"])
    recorded(camp, data, throw.seed)
    camp.note(f"{doc['name']} casts {known['name']}: {'success' if data['success'] else 'failure'}", doc["name"])
    camp.event(
        "cast",
        name=doc["name"],
        spell=known["name"],
        success=data["success"],
        **({"target": data["b"]["name"]} if against is not None else {}),
    )
    return data


def initiative(camp: Stored, names: list[str], next_die: Callable[[], int], seed: int | None) -> dict[str, Any]:
    """`initiative` (R8): one die each, highest first, ties rolled again; a character's
    name as stored, any other side's as typed."""
    docs = {c["name"].casefold(): c for c in camp.characters()}
    for doc in {id(c): c for c in (docs.get(n.casefold()) for n in names) if c}.values():
        acts.guard(camp, "initiative", doc)  # R11a: rolling initiative is the roller's own doing
    known = {k: c["name"] for k, c in docs.items()}
    sides = [known.get(n.casefold(), n) for n in names]
    if len({s.casefold() for s in sides}) != len(sides):
        raise UsageProblem(Say("each side rolls once: a name is repeated"))
    order, rolls = rules.initiative(sides, next_die)
    data = {"order": order, "rolls": rolls}
    recorded(camp, data, seed)
    camp.note(f"initiative: {', '.join(order)}", *(n for n in order if n.casefold() in known))
    camp.event("initiative", order=order)
    return data


def roll(
    camp: Stored,
    expr: str | None,
    character: str | int | None,
    weapon_ref: str | None,
    against: str | int | None,
    throw: d.Throw,
) -> dict[str, Any]:
    """`roll`: a dice expression, or a character's weapon damage (R26; karma rolls it
    again, R17)."""
    data = roll_damage(camp, expr, character, weapon_ref, against, throw.dice, throw.rng, throw.karma, throw.again)
    recorded(camp, data, throw.seed)
    who: dict[str, Any] = {"name": data["character"]} if data.get("character") else {}
    flat = d.parse(data["expression"]).modifier + sum(m["value"] for m in data.get("modifiers", []))
    if flat:
        who["modifier"] = flat  # `2D6-1: 2, 5 −1 = 6`: the log says what made the total
    camp.event("rolled", expression=data["expression"], dice=list(data["dice"]), total=data["total"], **who)
    camp.note(
        f"{data.get('character') or 'roll'} {data['expression']}: "
        f"{', '.join(map(str, data['dice']))} = {data['total']}",
        *([data["character"]] if data.get("character") else []),
    )
    return data
