"""Characters (R1-R4): allocation, starting points, derived values, status."""

from __future__ import annotations

from campaign_cli.errors import N_, Cmd, Opt, Refused, Say, Shown, UsageProblem
from campaign_cli.rules.names import check_text

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing: the fast path (cli/fast.py)
if TYPE_CHECKING:
    from collections.abc import Iterable, Mapping
    from typing import Any, Literal

    from campaign_cli.model import Character, CombatMode, Item

CORE = ("ST", "DX", "IQ")  # R1
# The seed's own names of the core attributes (GLOSSARY.md), by their stems: `Ловкость`,
# `ловкости` are DX wherever an attribute is named.
SEED_CORE = {"сил": "ST", "ловкост": "DX", "интеллект": "IQ"}


def core_attribute(text: str) -> str | None:
    """TEXT as a core attribute: ST, DX, IQ in any case, or the seed's Сила, Ловкость,
    Интеллект in any case; else None."""
    from campaign_cli.folding import key
    from campaign_cli.rules.names import stems

    if text.strip().upper() in CORE:
        return text.strip().upper()
    folded = key(text)
    return next((SEED_CORE[s] for s in (folded, *stems(folded)) if s in SEED_CORE), None)


START_TOTAL = 32  # R2
MINIMUM = 8  # R2
START_POINTS = 4  # R3
HERO_COMBAT_POINTS = 2  # R3
KINDS = ("hero", "wizard")


def check_allocation(st: int, dx: int, iq: int) -> None:
    """R2: ST+DX+IQ = 32, none below 8."""
    low = [f"{n} {v}" for n, v in zip(CORE, (st, dx, iq)) if v < MINIMUM]
    if low:
        raise Refused(
            Say('R2: each attribute starts at least at {MINIMUM} ({value})', MINIMUM=MINIMUM, value=', '.join(low)),
            "bad_allocation",
        )
    total = st + dx + iq
    if total != START_TOTAL:
        raise Refused(
            Say(
                'R2: ST+DX+IQ must add up to {START_TOTAL}; {st}+{dx}+{iq} = {total}',
                START_TOTAL=START_TOTAL,
                st=st,
                dx=dx,
                iq=iq,
                total=total,
            ),
            "bad_allocation",
        )


def canonical_skills(levels: Mapping[str, int]) -> dict[str, int]:
    """Map typed skill names to catalog names (R23); one skill named twice, in any
    language (`Swimming` and `Плавание`), is a usage error."""
    from campaign_cli.rules.skills import find_skill

    out: dict[str, int] = {}
    for name, level in levels.items():
        if level < 1:
            raise Refused(Say('skill level must be at least 1 ({name}={level})', name=name, level=level), "bad_level")
        skill = find_skill(name)
        if skill.name in out:
            raise UsageProblem(
                Say(
                    '{option} {name} is given twice ({name2!r} names it too)',
                    option=Opt("skill"),
                    name=skill.name,
                    name2=name,
                ),
                "repeated_name",
            )
        out[skill.name] = level
    return out


def check_starting_points(kind: str, skills: Mapping[str, int], spells: int) -> None:
    """R3: heroes spend at most 4 skill points, at most 2 on combat skills;
    wizards at most 4 points on spells and skills together.

    `skills` uses catalog names (see canonical_skills); `spells` is a count.
    """
    points = sum(skills.values())
    if kind == "hero":
        if spells:
            raise Refused(Say("R3: a new hero has skill points only; spells cost XP later (R15)"), "starting_points")
        if points > START_POINTS:
            raise Refused(
                Say(
                    'R3: a new hero has {START_POINTS} skill points; this spends {points}',
                    START_POINTS=START_POINTS,
                    points=points,
                ),
                "starting_points",
            )
        combat = sum(skills[k] for k in combat_skills(skills))
        if combat > HERO_COMBAT_POINTS:
            raise Refused(
                Say(
                    "R3: at most {HERO_COMBAT_POINTS} of a new hero's points go to combat skills; this spends {combat}",
                    HERO_COMBAT_POINTS=HERO_COMBAT_POINTS,
                    combat=combat,
                ),
                "starting_points",
            )
    else:
        if points + spells > START_POINTS:
            raise Refused(
                Say(
                    'R3: a new wizard has {START_POINTS} points for spells and skills; this spends {value}',
                    START_POINTS=START_POINTS,
                    value=points + spells,
                ),
                "starting_points",
            )


def adjusted_dx(dx: int, restriction: int) -> int:
    """R30: DX minus the restriction of worn armor and shield."""
    return dx - restriction


def movement(adjusted: int) -> int:
    """R4: MA = adjusted DX / 2, rounded down (never below 0)."""
    return max(adjusted, 0) // 2


def raised(doc: Mapping[str, Any], attribute: str) -> int:
    """ATTRIBUTE ("ST", "DX", "IQ") as it counts now: the base value and what a potion drunk
    adds while it lasts (R25a: everywhere that attribute counts)."""
    base: int = doc[attribute.lower()]
    boosts = doc.get("boosts")
    if not boosts:  # no potion drunk: the base value (the common case, on every view)
        return base
    boost: int = sum(v for k, v in boosts.items() if k.casefold() == attribute.casefold())
    return base + boost


def health_left(doc: Mapping[str, Any]) -> tuple[int, int]:
    """(health left, of how much): ST as it counts now (R25a: a potion's raise included)
    less damage and fatigue (R19), never below 0. `fight status` shows it as `LEFT/OF`."""
    st = raised(doc, "ST")
    return max(st - doc.get("damage", 0) - doc.get("fatigue", 0), 0), st


def status(st: int, damage: int, fatigue: int, dying: bool = False, dead: bool = False, base: int | None = None) -> str:
    """Derived status (R19, R20): dead, dying, out or ok. ST counts a potion's (R25a: the
    out-of-action threshold and the twice-ST line); BASE, the ST without it, settles who
    is dying (no potion heals: the dying line is the ST the character fell with)."""
    if dead or damage >= 2 * st:
        return "dead"
    if dying and damage >= (st if base is None else min(base, st)):
        return "dying"
    if damage + fatigue >= st:
        return "out"
    return "ok"


def new_character(
    name: str,
    kind: str,
    st: int,
    dx: int,
    iq: int,
    skills: Mapping[str, int] | None = None,
    spells: Mapping[str, int | None] | None = None,
    keywords: list[str] | None = None,
    attributes: Mapping[str, int] | None = None,
    starting: bool = True,
) -> dict[str, Any]:
    """Build a new character document, enforcing R2 and R3 for a STARTING character (an
    imported one keeps the attributes and skills it has)."""
    check_name(name, "character")
    if kind not in KINDS:
        raise Refused(Say('kind must be hero or wizard, not {kind!r}', kind=kind), "bad_kind")
    levels = canonical_skills(skills or {})
    spell_list = [{"name": n, "rating": r} for n, r in (spells or {}).items()]
    if starting:
        check_allocation(st, dx, iq)
        check_starting_points(kind, levels, len(spell_list))
    extra: dict[str, int] = {}
    for attr, value in (attributes or {}).items():
        set_attribute(extra, attr, value)
    return {
        "name": name.strip(),
        "kind": kind,
        "st": st,
        "dx": dx,
        "iq": iq,
        "attributes": extra,
        "skills": levels,
        "spells": spell_list,
        "keywords": merge_keywords([], keywords or []),
        "xp": 0,
        "karma": 0,
        "bard_karma": 0,
        "wishes": 0,
        "curses": [],
        "damage": 0,
        "fatigue": 0,
        "dying": False,
        "dead": False,
        "gold": 0,
        "darkstone": 0,
        "items": [],
    }


_GENDER_WORDS: dict[str, Literal["m", "f"]] = {"m": "m", "f": "f", "м": "m", "ж": "f"}


def check_gender(gender: str | None) -> Literal["m", "f"] | None:
    """`m` or `f` (any case; Russian м/ж too), or None when not given; else a usage error."""
    if gender is None:
        return None
    value = _GENDER_WORDS.get(gender.strip().lower())
    if value is None:
        raise UsageProblem(
            Say("{option} takes m or f, not {gender!r}", option=Opt("gender"), gender=gender), "bad_value"
        )
    return value


def check_name(name: str, what: str) -> str:
    """A name a user gives (CLI.md "Names"): refused (exit 2) when empty, over 100
    characters or holding control characters; refused (exit 1) when it is a number."""
    text = check_text(name, what)
    if text.lstrip("-").isdigit():
        raise Refused(
            Say(
                'a {what} name cannot be a number ({text}): numbers stand for ids and opponents',
                what=Say(what),
                text=text,
            ),
            "bad_name",
        )
    return text


def set_attribute(attributes: dict[str, Any], name: str, value: int) -> None:
    """Set an extra named attribute (R10), matching an existing one case-insensitively."""
    check_name(name, "attribute")
    if name.strip().upper() in CORE:
        raise Refused(
            Say('{name} is a core attribute (R1); raise it with {command}', name=name, command=Cmd("xp spend")),
            "core_attribute",
        )
    key = next((k for k in attributes if k.casefold() == name.strip().casefold()), name.strip())
    attributes[key] = value


def drop_attribute(attributes: dict[str, Any], name: str) -> None:
    key = next((k for k in attributes if k.casefold() == name.strip().casefold()), None)
    if key is None:
        raise Refused(Say('no extra attribute named {name!r}', name=name), "unknown_attribute")
    del attributes[key]


def set_combat_mode(doc: Character, skill: str, mode: CombatMode) -> None:
    """R24: a character's levels in a combat skill go either to hit or to damage, not split."""
    from campaign_cli.rules.skills import find_skill

    found = find_skill(skill)
    if not found.combat:
        raise Refused(Say('{name} is not a combat skill (R24)', name=Shown(found.name)), "not_combat_skill")
    if found.name not in doc.get("skills", {}):
        raise Refused(Say('{name} does not know {name2}', name=doc['name'], name2=Shown(found.name)), "unknown_skill")
    doc.setdefault("combat", {})[found.name] = mode


def merge_keywords(current: list[str], add: list[str]) -> list[str]:
    out = list(current)
    for word in add:
        word = word.strip()
        check_name(word, "keyword")
        if word.casefold() not in {k.casefold() for k in out}:
            out.append(word)
    return out


def drop_keywords(current: list[str], drop: list[str]) -> list[str]:
    out = list(current)
    for word in drop:
        match = [k for k in out if k.casefold() == word.strip().casefold()]
        if not match:
            raise Refused(Say('no keyword {word!r} to drop', word=word), "unknown_keyword")
        out.remove(match[0])
    return out


def gear_totals(items: list[Item], keywords: list[str] | None = None) -> dict[str, Any]:
    """Armor (R29), restriction (R30) and carried weight (R33) from a character's items;
    a stored item (at home, in a wagon) weighs nothing and counts for nothing. With the
    character's KEYWORDS, a worn item restricted to a keyword they lack protects nothing
    (R34: it stops working), though it still restricts and weighs."""
    items = [i for i in items if i.get("state") != "stored"]
    worn = [i for i in items if i.get("state") == "worn"]
    have = None if keywords is None else {k.casefold() for k in keywords}
    working = [i for i in worn if have is None or all(w.casefold() in have for w in i.get("requires") or ())]
    return {
        "armor": sum(i.get("armor") or 0 for i in working),
        "restriction": sum(i.get("restriction") or 0 for i in worn),
        "carry_weight": sum((i.get("weight") or 0) * i.get("count", 1) for i in items),  # a stack: each piece
        "darkstone_items": sum(
            (i.get("count", 1) if i.get("darkstone_icon") else 0)  # R37: an icon counts once per piece
            + sum(u.get("darkstone", 0) for u in i.get("upgrades", []))
            for i in items
        ),
    }


def combat_skills(names: Iterable[str]) -> list[str]:
    """R24: those of NAMES (catalog names) that are combat skills. The skill table is loaded
    only when there is a name to look up: showing a character who knows no skill never
    builds it."""
    names = list(names)
    if not names:
        return []
    from campaign_cli.rules.skills import find_skill

    return [name for name in names if find_skill(name).combat]


def view(doc: Mapping[str, Any]) -> dict[str, Any]:
    """The character as CLI.md shows it: stored fields plus derived ones."""
    gear = gear_totals(doc.get("items", []), doc.get("keywords", []))
    st, dx = raised(doc, "ST"), raised(doc, "DX")  # R25a: a potion counts where the attribute counts
    adj = adjusted_dx(dx, gear["restriction"])
    return {
        "id": doc.get("id"),
        "name": doc["name"],
        "kind": doc["kind"],
        "st": doc["st"],
        "dx": doc["dx"],
        "iq": doc["iq"],
        "adjusted_dx": adj,
        "ma": movement(adj),
        "attributes": dict(doc.get("attributes", {})),
        "skills": dict(doc.get("skills", {})),
        "combat": {k: doc.get("combat", {}).get(k, "hit") for k in combat_skills(doc.get("skills", {}))},
        "spells": list(doc.get("spells", [])),
        "keywords": list(doc.get("keywords", [])),
        "xp": doc.get("xp", 0),
        "karma": doc.get("karma", 0) + doc.get("bard_karma", 0),
        "bard_karma": doc.get("bard_karma", 0),
        "wishes": doc.get("wishes", 0),
        "curses": list(doc.get("curses", [])),
        "damage": doc.get("damage", 0),
        "fatigue": doc.get("fatigue", 0),
        "status": status(
            st, doc.get("damage", 0), doc.get("fatigue", 0), doc.get("dying", False), doc.get("dead", False), doc["st"]
        ),
        "gold": doc.get("gold", 0),
        "darkstone": doc.get("darkstone", 0),
        "darkstone_total": doc.get("darkstone", 0) + gear["darkstone_items"],
        "carry_weight": gear["carry_weight"],
        "carry_limit": carry_limit(st),
        "armor": gear["armor"],
        "restriction": gear["restriction"],
        "items": list(doc.get("items", [])),
        "boosts": dict(doc.get("boosts", {})),  # R25: potions drunk, for this encounter
        "leadership": dict(doc["leadership"]) if doc.get("leadership") else None,  # R25: for the next check
        "talents": list(doc.get("talents", [])),  # talents from another tool the skill table lacks
        "gender": doc.get("gender"),
        "raised": {a: raised(doc, a) for a in CORE if raised(doc, a) != doc[a.lower()]} if doc.get("boosts") else {},
        "notes": doc.get("notes", ""),  # another tool's notes, kept as they came
        "foreign": dict(doc.get("foreign", {})),  # another tool's fields this one has no place for, as JSON texts
    }


def carry_limit(st: int) -> int:
    """R33: 5 + ST."""
    return 5 + st


def current_status(doc: Character) -> str:
    """Derived (R19, R20), a potion's ST counting while it lasts (R25a)."""
    st = raised(doc, "ST")
    dying, dead = doc.get("dying", False), doc.get("dead", False)
    return status(st, doc.get("damage", 0), doc.get("fatigue", 0), dying, dead, doc["st"])


def alive(doc: Character) -> bool:
    return current_status(doc) != "dead"


# R11a: what a dead character no longer wins, spends, gives or receives (Bard karma lapses
# at the adventure's end for everyone, so it is not among them).
FROZEN_WHEN_DEAD = {
    "xp": N_("XP"),
    "karma": N_("karma"),
    "wishes": N_("wishes"),
    "gold": N_("gold"),
    "darkstone": N_("dark stone"),
    "items": N_("items"),
}


def _fewer(was: Any, now: Any) -> bool:
    """NOW holds less than WAS: a smaller count, or a list of items none of which is new."""
    if isinstance(was, list) and isinstance(now, list):
        ids = {i.get("id") for i in was if isinstance(i, dict)}
        return len(now) <= len(was) and all(isinstance(i, dict) and i.get("id") in ids for i in now)
    return isinstance(was, int) and isinstance(now, int) and now <= was


def check_the_dead(before: Mapping[str, Any], after: Mapping[str, Any], given: tuple[str, ...] = ()) -> None:
    """R11a for every act at once: a character dead before and after a change has the same
    XP, karma, wishes, gold, dark stone and items (a wish that brings the just-killed back,
    R17, leaves them alive: not concerned), save what GIVEN names may lose (R11a, seventh
    reading: the party takes the dead's items, gold and dark stone between fights). Refused,
    naming the character and the field."""
    for key, was in before.items():
        now = after.get(key)
        if now is None or now is was or current_status(was) != "dead" or current_status(now) != "dead":
            continue
        for field, label in FROZEN_WHEN_DEAD.items():
            if field in given and _fewer(was.get(field), now.get(field)):
                continue
            if was.get(field) != now.get(field):
                raise Refused(
                    Say(
                        "R11a: {name} is dead: the dead win, spend, give and receive nothing ({field})",
                        name=now["name"],
                        field=Say(label),
                        agreeing=now.get("gender"),
                    ),
                    "dead",
                )
