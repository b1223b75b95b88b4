"""`campaign xp award|spend` (R13-R17)."""

from typing import TYPE_CHECKING, Annotated

import typer

from campaign_cli import acts
from campaign_cli.cli import complete
from campaign_cli.cli.common import MAX_AMOUNT, JsonOpt, NameArg, help_text, parse_pairs, reading, writing
from campaign_cli.cli.lazy import noun_app
from campaign_cli.cli.output import Line, Table, emit
from campaign_cli.cli.views import character_views
from campaign_cli.errors import Refused, UsageProblem
from campaign_cli.i18n import _, shown
from campaign_cli.rules import advancement as adv
from campaign_cli.rules.characters import CORE, view
from campaign_cli.rules.skills import find_skill
from campaign_cli.rules.wounds import alive

if TYPE_CHECKING:
    from campaign_cli.model import Character

app = noun_app(
    help_text(
        "Award and spend experience points (R13-R17).",
        "campaign xp award 2 --party --reason 'cleared the crypt'",
        "campaign xp spend Ajax --attribute DX --dry-run",
    )
)


def targets(camp, names: list[str] | None, party: bool) -> list["Character"]:
    """The characters a party-wide or named command applies to (living ones for the party)."""
    if bool(names) == party:
        raise UsageProblem(_("name characters or give --party (one or the other)"))
    if party:
        return [c for c in camp.characters() if alive(c)]
    found: dict[int, Character] = {}
    for name in names or []:
        doc = acts.actor(camp, "xp award", name)  # R11a: the dead win nothing
        found[doc["id"]] = doc
    return list(found.values())


@app.command(
    help=help_text(
        "Give XP to named characters or to every living character (--party).",
        "campaign xp award 1 Ajax Merlin --reason 'won the ambush'",
        "campaign xp award 3 --party",
    )
)
def award(
    amount: Annotated[int, typer.Argument(min=1, max=MAX_AMOUNT, metavar="AMOUNT", help="XP each character wins.")],
    names: Annotated[
        list[str] | None,
        typer.Argument(metavar="[NAME]...", help="Characters (or use --party).", autocompletion=complete.characters),
    ] = None,
    party: Annotated[bool, typer.Option("--party", help="Every living character.")] = False,
    reason: Annotated[str | None, typer.Option("--reason", metavar="TEXT", help="Why, kept in the journal.")] = None,
    json_out: JsonOpt = False,
) -> None:
    with writing() as camp:
        docs = targets(camp, names, party)
        if not docs:
            raise Refused(_("no living character to award XP to"), "nobody")
        for doc in docs:
            doc["xp"] += amount
            camp.save("characters", doc)
        who = [d["name"] for d in docs]
        camp.note(f"+{amount} XP to {', '.join(who)}" + (f": {reason}" if reason else ""), *who, reason=reason)
    chars = [view(d) for d in docs]
    emit(
        {"amount": amount, "reason": reason, "characters": chars},
        Table(
            _("+{amount} XP: {reason}").format(amount=amount, reason=reason) if reason else f"+{amount} XP",
            [_("name"), _("XP")],
            [[c["name"], c["xp"]] for c in chars],
        ),
        json_out=json_out,
    )


def _plan(doc: "Character", phase: str, attribute: str | None, skill: str | None, spell: str | None):
    """What one step costs and how to apply it: (cost, description (stored), description shown, apply)."""
    if attribute is not None:
        key = attribute.strip().upper()
        if key not in CORE:
            raise UsageProblem(_('--attribute takes ST, DX or IQ, not {attribute!r}').format(attribute=attribute))
        field = key.lower()
        value = doc[field]  # type: ignore[literal-required]  # st, dx or iq
        step = f"{key} {value} -> {value + 1}"
        return adv.attribute_cost(value), step, step, lambda: doc.__setitem__(field, value + 1)
    if skill is not None:
        name = find_skill(skill).name
        level = doc["skills"].get(name, 0)
        adv.check_learning(phase, level == 0, "skill")
        return (
            adv.skill_cost(doc["kind"], name),
            f"{name} {level} -> {level + 1}",
            f"{shown(name)} {level} -> {level + 1}",
            lambda: doc["skills"].__setitem__(name, level + 1),
        )
    ((name, rating),) = parse_pairs([spell or ""], "--spell", allow_null=True).items()
    if any(s["name"].casefold() == name.casefold() for s in doc["spells"]):
        raise Refused(_('{name} already knows {name2}').format(name=doc['name'], name2=name), "known_spell")
    adv.check_learning(phase, True, "spell")
    return (
        adv.spell_cost(doc["kind"]),
        f"learns {name}",
        _("learns {spell}").format(spell=name),
        lambda: doc["spells"].append({"name": name, "rating": rating}),
    )


@app.command(
    help=help_text(
        "Spend XP on one step: an attribute (R14), a skill level or a spell (R15, R16).",
        "campaign xp spend Ajax --attribute ST",
        "campaign xp spend Ajax --skill Climbing --dry-run",
        "campaign xp spend Merlin --spell Light=10 --karma",
    )
)
def spend(
    name: NameArg,
    attribute: Annotated[
        str | None,
        typer.Option("--attribute", metavar="ST|DX|IQ", help="Raise an attribute by one; costs the new value (R14)."),
    ] = None,
    skill: Annotated[
        str | None,
        typer.Option(
            "--skill",
            metavar="SKILL",
            help="Learn a skill or raise it one level (R15).",
            autocompletion=complete.skills,
        ),
    ] = None,
    spell: Annotated[str | None, typer.Option("--spell", metavar="SPELL[=RATING]", help="Learn a spell (R15).")] = None,
    karma: Annotated[bool, typer.Option("--karma", help="Let karma pay what XP lacks, one for one (R17).")] = False,
    dry_run: Annotated[bool, typer.Option("--dry-run", help="Show the cost; change nothing.")] = False,
    json_out: JsonOpt = False,
) -> None:
    if sum(x is not None for x in (attribute, skill, spell)) != 1:
        raise UsageProblem(_("give exactly one of --attribute, --skill or --spell"))
    if dry_run:
        camp = reading()
        doc = camp.character(name)
        cost, what, shown_what, _apply = _plan(doc, camp.meta["phase"], attribute, skill, spell)
        budget = doc["xp"] + (adv.karma_total(doc) if karma else 0)
        data = {
            "cost": cost,
            "xp_before": doc["xp"],
            "xp_after": max(doc["xp"] - cost, 0) if budget >= cost else doc["xp"],
            "affordable": budget >= cost,
            "step": what,
            "dry_run": True,
            "character": view(doc),
        }
        text = (
            _("{name}: {step} costs {cost} XP; has {xp}")
            if data["affordable"]
            else _("{name}: {step} costs {cost} XP; has {xp} (not enough)")
        )
        emit(data, Line(text.format(name=doc["name"], step=shown_what, cost=cost, xp=doc["xp"])), json_out=json_out)
        return
    with writing() as camp:
        doc = acts.actor(camp, "xp spend", name)  # R20, R11a
        before = doc["xp"]
        cost, what, shown_what, apply = _plan(doc, camp.meta["phase"], attribute, skill, spell)
        paid = adv.pay_xp(doc, cost, karma)
        apply()
        camp.save("characters", doc)
        camp.note(f"{doc['name']}: {what} for {cost} XP", doc["name"])
    ch = view(doc)
    data = {
        "cost": cost,
        "xp_before": before,
        "xp_after": doc["xp"],
        "karma_spent": paid["karma"],
        "step": what,
        "dry_run": False,
        "character": ch,
    }
    emit(
        data,
        [
            Line(
                _("{name}: {step} for {cost} XP ({before} -> {xp})").format(
                    name=ch["name"], step=shown_what, cost=cost, before=before, xp=doc["xp"]
                )
            ),
            *character_views(ch),
        ],
        json_out=json_out,
    )
