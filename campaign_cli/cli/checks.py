"""`campaign check|contest|initiative|roll|odds` (R5-R11, R17, R18, R24, R26).

Every roll is journaled with its dice; `--seed` makes it reproducible and
`--dice` takes physical dice typed in (validated, never silently re-rolled).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any

import typer

if TYPE_CHECKING:
    from fractions import Fraction

from campaign_cli import acts
from campaign_cli.cli import complete
from campaign_cli.cli.common import MAX_AMOUNT, DiceOpt, JsonOpt, KarmaOpt, RerollOpt, SeedOpt, help_text, writing
from campaign_cli.cli.lazy import command_app
from campaign_cli.cli.output import Line, Table, emit
from campaign_cli.errors import Refused, UsageProblem
from campaign_cli.i18n import N_, _, english, ngettext, number, percent, shown, status_of
from campaign_cli.rules import advancement as adv
from campaign_cli.rules import checks as rules
from campaign_cli.rules import dice as d
from campaign_cli.rules.wounds import can_act, current_status

if TYPE_CHECKING:
    from campaign_cli.model import Character

check_app, contest_app, initiative_app, roll_app, odds_app, cast_app = (command_app() for _ in range(6))

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


# A modifier's source in the chosen language, from the fact the rules give (kind, name).
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


@check_app.command(
    "check",
    help=help_text(
        "Roll a check: N/ATTR, N/ATTR+SKILL, N/ATTR for SKILL (R5, R6) or a pool test 'ATTR T+' (R10).",
        "campaign check Ajax 3/DX",
        "campaign check Ajax 3/ST for Swimming --dice 2,5,4",
        "campaign check Kate 'Lore 5+' --seed 7 --karma",
        "campaign check --party 3/IQ --who all",
        "campaign check --party 'DX 5+' --who all --dice 6,1,2,3,4,5,1,1,2,6",
    ),
)
def check(
    words: Annotated[
        list[str],
        typer.Argument(
            metavar="[NAME] SPEC",
            help="The character (not with --party) and the check.",
            autocompletion=complete.characters,
        ),
    ],
    party: Annotated[bool, typer.Option("--party", help="A party test (R11); choose --who.")] = False,
    who: Annotated[
        str | None,
        typer.Option("--who", metavar="all|random", help="With --party: everyone, or one random living character."),
    ] = None,
    dice: Annotated[
        str | None,
        typer.Option(
            "--dice",
            metavar="LIST",
            help="Physical dice typed in, e.g. 1,3,6 (with --party: everyone's, in party order).",
        ),
    ] = None,
    seed: SeedOpt = None,
    modifier: ModifierOpt = 0,
    karma: KarmaOpt = False,
    reroll_dice: RerollOpt = None,
    plot_: PlotOpt = False,
    json_out: JsonOpt = False,
) -> None:
    rng = d.rng_for(seed)
    if plot_ and party:
        raise UsageProblem(_("--plot is for one character's check"))
    if party:
        if who not in ("all", "random"):
            raise UsageProblem(_("--party needs --who all or --who random"))
        if karma:
            raise UsageProblem(_("--karma is for one character's check, not --party"))
        return _party_check(" ".join(words), who, modifier, rng, seed, dice, json_out)
    if who is not None:
        raise UsageProblem(_("--who goes with --party"))
    if len(words) < 2:
        raise UsageProblem(_("give NAME and SPEC (or --party SPEC)"))
    karma_options(karma, reroll_dice)
    spec = rules.parse_spec(" ".join(words[1:]))
    with writing() as camp:
        doc = acts.actor(camp, "check", words[0])
        prep = rules.prepare(doc, spec, modifier)
        result = rolled_check(doc, prep, dice, rng, karma, reroll_dice)
        if prep.lead or result["karma_spent"] or result["wish_spent"]:
            camp.save("characters", doc)
        if seed is not None:
            result["seed"] = seed
        camp.record_roll(result)
        with english():
            camp.note(describe_check(result), doc["name"])
    views = [Line(describe_check(result))]
    if plot_:
        limit = prep.target - prep.curses if spec.type == "sum" else prep.need
        rows = distribution(spec.type, prep.dice, limit)
        result["distribution"] = fractions(rows)
        got = sum(result["dice"]) if spec.type == "sum" else sum(v >= prep.need for v in result["dice"])
        views += plot(
            rows,
            _("3d6 sums")
            if spec.type == "sum"
            else _("dice at {need}+ of {count}").format(need=prep.need, count=prep.dice),
            got,
        )
    emit(result, views, json_out=json_out)


def _party_check(spec_text: str, who: str, modifier: int, rng, seed, typed: str | None, json_out: bool) -> None:
    """R11: every living character takes the test, or one picked at random. Typed dice
    (--dice) are given in party order, each character's dice in turn."""
    spec = rules.parse_spec(spec_text)
    with writing() as camp:
        everyone = camp.characters()
        able = [c for c in everyone if can_act(c)]  # R11a: the others are skipped, and listed
        skipped = [{"character": c["name"], "status": current_status(c)} for c in everyone if not can_act(c)]
        genders = {c["name"]: c.get("gender") for c in everyone}
        if not able:
            raise Refused(_("R11a: no character can act to take the test"), "nobody")
        chosen = able if who == "all" else [rng.choice(able)]
        preps: list[tuple[dict, rules.Prepared | None, str | None]] = []
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
        if seed is not None:
            data["seed"] = seed
        camp.record_roll(data)
        camp.note(
            f"party test {spec.text} ({who}): {data['successes']} of {len(results)} succeed",
            *(r["character"] for r in results),
        )
    rows = [
        [
            r["character"],
            ", ".join(map(str, r["dice"])) or "-",
            r["total"],
            r["target"],
            "; ".join(f"{m['value']:+d} {source(m)}" for m in r["modifiers"]) or "-",
            "success" if r["success"] else "failure",
            r.get("reason") or _pct(r["probability"]),
        ]
        for r in results
    ]
    rows += [
        [s["character"], "-", "-", "-", "-", "skipped", f"{status_of(s['status'], genders[s['character']])} (R11a)"]
        for s in skipped
    ]
    emit(
        data,
        Table(
            _('Party test {text} ({who})').format(
                text=spec.text, who=_("everyone") if who == "all" else _("one at random")
            ),
            [_("character"), _("dice"), _("total"), _("target"), _("modifiers"), _("result"), _("chance")],
            rows,
        ),
        json_out=json_out,
    )


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


@contest_app.command(
    "contest",
    help=help_text(
        "A contested check (R7): both roll; over your attribute fails; higher total wins; ties go to the "
        "higher attribute. "
        "--karma rolls NAME's side again when it does not win (R17).",
        "campaign contest Ajax 3/ST Hector 3/ST",
        "campaign contest Ajax 3/ST 11 3/ST --dice 6,4,3 --other-dice 2,3,4",
        "campaign contest Ajax 3/IQ 12 3/IQ --karma",
    ),
)
def contest(
    name: Annotated[
        str,
        typer.Argument(
            metavar="NAME", help="The character who starts the contest.", autocompletion=complete.characters
        ),
    ],
    spec: Annotated[str, typer.Argument(metavar="SPEC", help="NAME's check, e.g. 3/ST or 3/ST+Climbing.")],
    other: Annotated[
        str, typer.Argument(metavar="OTHER", help="A character, or a number: an unnamed opponent's attribute.")
    ],
    other_spec: Annotated[str, typer.Argument(metavar="OTHER_SPEC", help="OTHER's check, e.g. 3/ST.")],
    dice: DiceOpt = None,
    other_dice: Annotated[
        str | None, typer.Option("--other-dice", metavar="LIST", help="OTHER's physical dice.")
    ] = None,
    seed: SeedOpt = None,
    karma: KarmaOpt = False,
    reroll_dice: RerollOpt = None,
    json_out: JsonOpt = False,
) -> None:
    karma_options(karma, reroll_dice)
    rng = d.rng_for(seed)
    with writing() as camp:
        data = contested(
            camp, name, spec, other, dice, other_dice, rng, karma=karma, reroll_dice=reroll_dice, other_spec=other_spec
        )
        a, b, winner = data["a"], data["b"], data["winner"]
        if seed is not None:
            data["seed"] = seed
        camp.record_roll(data)
        camp.note(
            f"contest {a['name']} {a['total']}/{a['target']} vs {b['name']} {b['total']}/{b['target']}: "
            f"{winner or 'nobody'} wins",
            *(n for n in (a["name"], b["name"]) if n != "opponent"),
        )
    emit(
        data,
        [
            Table(
                _("Contest (R7)"),
                [_("side"), _("spec"), _("dice"), _("total"), _("target"), _("modifiers"), ""],
                contest_rows(a, b),
            ),
            Line(_("winner: {name}").format(name=shown_side(winner)) if winner else _("winner: nobody")),
        ],
        json_out=json_out,
    )


@cast_app.command(
    "cast",
    help=help_text(
        "Cast a spell (R9): a 3/IQ check; with --against, a contested IQ check (R7), as a personal spell on an enemy. "
        "Only a known spell whose rating is not above the caster's IQ. --karma rolls a failure again (R17).",
        "campaign cast Merlin Fireball",
        "campaign cast Merlin Sleep --against 11 --dice 2,3,4 --other-dice 5,5,5",
        "campaign cast Merlin Charm --against Hector --karma",
    ),
)
def cast(
    name: Annotated[str, typer.Argument(metavar="NAME", help="The caster.", autocompletion=complete.characters)],
    spell: Annotated[
        str, typer.Argument(metavar="SPELL", help="A spell the caster knows.", autocompletion=complete.spells)
    ],
    against: Annotated[
        str | None,
        typer.Option(
            "--against",
            metavar="OTHER",
            help="A character, or a number: an unnamed enemy's IQ.",
            autocompletion=complete.characters,
        ),
    ] = None,
    other_dice: Annotated[
        str | None, typer.Option("--other-dice", metavar="LIST", help="With --against: OTHER's physical dice.")
    ] = None,
    dice: DiceOpt = None,
    seed: SeedOpt = None,
    modifier: ModifierOpt = 0,
    karma: KarmaOpt = False,
    reroll_dice: RerollOpt = None,
    json_out: JsonOpt = False,
) -> None:
    if other_dice is not None and against is None:
        raise UsageProblem(_("--other-dice goes with --against"))
    karma_options(karma, reroll_dice)
    rng = d.rng_for(seed)
    with writing() as camp:
        doc = acts.actor(camp, "cast", name)
        known = rules.castable(doc, spell)  # R9
        if against is None:
            prep = rules.prepare(doc, rules.parse_spec("3/IQ"), modifier)
            data = {**rolled_check(doc, prep, dice, rng, karma, reroll_dice), "spell": known}
            line = (_("{check}: {spell} is cast") if data["success"] else _("{check}: {spell} fails")).format(
                check=describe_check(data), spell=known["name"]
            )
            camp.save("characters", doc)
        else:
            data = {
                **contested(camp, doc, "3/IQ", against, dice, other_dice, rng, modifier, karma, reroll_dice),
                "spell": known,
            }
            a, b = data["a"], data["b"]
            line = (
                _("{spell}: {a} {a_total} vs {a_target}, {b} {b_total} vs {b_target}: the spell takes hold")
                if data["success"]
                else _("{spell}: {a} {a_total} vs {a_target}, {b} {b_total} vs {b_target}: resisted")
            ).format(
                spell=known["name"],
                a=a["name"],
                a_total=a["total"],
                a_target=a["target"],
                b=shown_side(b["name"]),
                b_total=b["total"],
                b_target=b["target"],
            )
        acts.acted(camp, "cast", doc["name"])  # R32a
        if seed is not None:
            data["seed"] = seed
        camp.record_roll(data)
        camp.note(f"{doc['name']} casts {known['name']}: {'success' if data['success'] else 'failure'}", doc["name"])
    emit(data, Line(line), json_out=json_out)


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


@initiative_app.command(
    "initiative",
    help=help_text(
        "Initiative (R8): one die each, highest first; ties roll again.",
        "campaign initiative Ajax Merlin Kate --seed 3",
    ),
)
def initiative(
    names: Annotated[list[str], typer.Argument(metavar="NAME...", help="Characters (or any side's names).")],
    seed: SeedOpt = None,
    dice: Annotated[
        str | None,
        typer.Option("--dice", metavar="LIST", help="Physical dice in order: one per name, then the tie rolls."),
    ] = None,
    json_out: JsonOpt = False,
) -> None:
    rng = d.rng_for(seed)
    queue = [] if dice is None else d.typed(dice, None, rules.SIDES)
    if dice is not None and len(queue) < len(names):
        raise UsageProblem(
            _('--dice: initiative needs at least {count} dice, got {count2}').format(
                count=len(names), count2=len(queue)
            ),
            "bad_dice",
        )

    def next_die() -> int:
        if dice is None:
            return rng.randint(1, rules.SIDES)
        if not queue:
            raise UsageProblem(_("--dice: the ties need more dice; add the tie rolls"), "bad_dice")
        return queue.pop(0)

    with writing() as camp:
        known = {c["name"].casefold(): c["name"] for c in camp.characters()}
        sides = [known.get(n.casefold(), n) for n in names]
        if len({s.casefold() for s in sides}) != len(sides):
            raise UsageProblem(_("each side rolls once: a name is repeated"))
        order, rolls = rules.initiative(sides, next_die)
        if queue:
            raise UsageProblem("--dice: " + ngettext("{n} die left over", "{n} dice left over", len(queue)), "bad_dice")
        data = {"order": order, "rolls": rolls, **({"seed": seed} if seed is not None else {})}
        camp.record_roll(data)
        camp.note(f"initiative: {', '.join(order)}", *(n for n in order if n.casefold() in known))
    emit(
        data,
        Table(
            _("Initiative (R8)"),
            ["#", _("name"), _("rolls")],
            [[i + 1, n, ", ".join(map(str, rolls[n]))] for i, n in enumerate(order)],
        ),
        json_out=json_out,
    )


@roll_app.command(
    "roll",
    help=help_text(
        "Roll dice (D6, 2D6-1, 3d6+2, D3, D2); with --character, a damage roll: at least 1, curses and combat "
        "skill apply (R18, R24, R26).",
        "campaign roll 3D6",
        "campaign roll 2D6-1 --dice 5,2",
        "campaign roll D6+2 --character Ajax --seed 4",
    ),
)
def roll(
    expr: Annotated[str | None, typer.Argument(metavar="[EXPR]", help="Dice expression.")] = None,
    character: Annotated[
        str | None,
        typer.Option(
            "--character", metavar="NAME", help="Roll as this character's damage.", autocompletion=complete.characters
        ),
    ] = None,
    weapon: Annotated[
        str | None,
        typer.Option(
            "--weapon",
            metavar="ITEM",
            help="With --character: the weapon (EXPR defaults to its damage).",
            autocompletion=complete.items,
        ),
    ] = None,
    against: Annotated[
        str | None,
        typer.Option(
            "--against",
            metavar="NAME",
            help="The character hit: unarmed blows deal +1 if the attacker is stronger (R26).",
        ),
    ] = None,
    seed: SeedOpt = None,
    dice: DiceOpt = None,
    karma: Annotated[
        bool,
        typer.Option(
            "--karma",
            help="With --character: spend 1 karma (else 1 wish) to roll the damage again, the new roll kept (R17).",
        ),
    ] = False,
    reroll_dice: RerollOpt = None,
    json_out: JsonOpt = False,
) -> None:
    if (weapon is not None or against is not None or karma) and character is None:
        raise UsageProblem(_("--weapon, --against and --karma go with --character"))
    karma_options(karma, reroll_dice)
    if expr is None and weapon is None:
        raise UsageProblem(_("give a dice expression (or --character NAME --weapon ITEM)"))
    if expr is not None:
        d.parse(expr)  # a malformed expression exits 2 before the lock is taken
    rng = d.rng_for(seed)
    with writing() as camp:
        data = _roll_damage(camp, expr, character, weapon, against, dice, rng, karma, reroll_dice)
        if seed is not None:
            data["seed"] = seed
        camp.record_roll(data)
        camp.note(
            f"{data.get('character') or 'roll'} {data['expression']}: "
            f"{', '.join(map(str, data['dice']))} = {data['total']}",
            *([data["character"]] if data.get("character") else []),
        )
    emit(data, Line(describe_roll(data)), json_out=json_out)


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
    rolled = d.obtain(parsed.count, parsed.sides, typed, rng)
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


@odds_app.command(
    "odds",
    help=help_text(
        "The exact chance of a check before rolling: N/ATTR against a value, or a pool test with VALUE dice.",
        "campaign odds 3/DX --value 11",
        "campaign odds 'Lore 5+' --value 3 --json",
        "campaign odds 3/DX --value 11 --plot",
    ),
)
def odds(
    spec: Annotated[list[str], typer.Argument(metavar="SPEC", help="A check: 3/DX, or a pool test 'Lore 5+'.")],
    value: Annotated[
        int,
        typer.Option(
            "--value", metavar="N", min=0, max=MAX_AMOUNT, help="The attribute (sum) or the number of dice (pool)."
        ),
    ],
    modifier: ModifierOpt = 0,
    curses: Annotated[
        int, typer.Option("--curses", metavar="N", min=0, max=100, help="Curses on the roller (R18).")
    ] = 0,
    plot_: PlotOpt = False,
    json_out: JsonOpt = False,
) -> None:
    parsed = rules.parse_spec(" ".join(spec))
    if parsed.type == "sum":
        p = rules.sum_odds(parsed.dice, value, modifier, curses)
    else:
        if not 0 <= value <= d.MAX_DICE:
            raise UsageProblem(_('--value: a pool test rolls 0 to {MAX_DICE} dice').format(MAX_DICE=d.MAX_DICE))
        p = rules.pool_odds(value, parsed.threshold, modifier, curses)
    data = {
        "spec": parsed.text,
        "type": parsed.type,
        "value": value,
        "modifier": modifier,
        "curses": curses,
        "probability": float(p),
        "fraction": f"{p.numerator}/{p.denominator}",
    }
    views = [
        Line(
            _('{text} at {value}: {fraction} = {value2}').format(
                text=parsed.text, value=value, fraction=data['fraction'], value2=_pct(p)
            )
        )
    ]
    if plot_:
        if parsed.type == "sum":
            rows, what = (
                distribution("sum", parsed.dice, value + modifier - curses),
                _("{count}d6 sums").format(count=parsed.dice),
            )
        else:
            need = parsed.threshold - modifier + curses
            rows, what = (
                distribution("pool", value, need),
                _("dice at {need}+ of {count}").format(need=need, count=value),
            )
        data["distribution"] = fractions(rows)
        views += plot(rows, what)
    emit(data, views, json_out=json_out)
