"""`campaign skill use`: skills that act (R25), each a 3/IQ check and then its effect."""

from __future__ import annotations

from typing import Annotated

import typer

from campaign_cli.cli import complete
from campaign_cli.cli.characters import NameArg
from campaign_cli.cli.checks import DiceOpt, ModifierOpt, SeedOpt, check_result, describe_check, roll_dice
from campaign_cli.cli.common import MAX_AMOUNT, JsonOpt, help_text, parse_pairs, writing
from campaign_cli.cli.items import effect_text
from campaign_cli.cli.lazy import noun_app
from campaign_cli.cli.output import Line, emit
from campaign_cli.errors import Refused, UsageProblem
from campaign_cli.rules import craft
from campaign_cli.rules import dice as d
from campaign_cli.rules.checks import parse_spec, prepare
from campaign_cli.rules.gear import add_item, make_item
from campaign_cli.rules.skills import find_skill
from campaign_cli.i18n import _, shown

app = noun_app(help_text("Use a skill: a check, then its effect on success (R25).",
                         "campaign skill use Kate Medic --heal Ajax=2"))


def _named(camp, plan: dict[str, int], me: dict) -> tuple[dict[str, int], dict[str, dict]]:
    """PLAN's names resolved to characters (ME when named): (plan by stored name, documents by stored name)."""
    docs: dict[str, dict] = {}
    out: dict[str, int] = {}
    for who, n in plan.items():
        doc = camp.character(who)
        doc = me if doc["id"] == me["id"] else doc
        docs[doc["name"]] = doc
        out[doc["name"]] = out.get(doc["name"], 0) + n
    return out, docs


@app.command(help=help_text(
    "Use a skill: a 3/IQ check (curses apply), then on success its effect (R25). Medic heals damage from the last "
    "fight, up to the level in all; Bard gives karma up to the level for this adventure; Leadership adds the level "
    "to someone's next check; Herbalist brews a healing potion (level x doses); Alchemist spends 1 XP on a potion "
    "that raises an attribute or skill by the level for one fight. Other skills: the check alone.",
    "campaign skill use Kate Medic --heal Ajax=2 --heal Kate=1",
    "campaign skill use Kate Bard --give Ajax=1 --give Merlin=1",
    "campaign skill use Ajax Leadership --for Kate",
    "campaign skill use Kate Herbalist --doses 2",
    "campaign skill use Merlin Alchemist --boost ST",
    "campaign skill use Ajax Swimming --dice 2,3,4",
))
def use(
    name: NameArg,
    skill: Annotated[str, typer.Argument(metavar="SKILL", help="The skill, in English or Russian.", autocompletion=complete.skills)],
    heal: Annotated[list[str] | None, typer.Option("--heal", metavar="WHO=N", help="Medic: heal N damage from the last fight.")] = None,
    give: Annotated[list[str] | None, typer.Option("--give", metavar="WHO=N", help="Bard: N karma for this adventure.")] = None,
    for_: Annotated[str | None, typer.Option("--for", metavar="WHO", help="Leadership: whose next check gets the level.")] = None,
    doses: Annotated[int | None, typer.Option("--doses", min=1, max=MAX_AMOUNT, metavar="N", help="Herbalist: doses in the potion.")] = None,
    boost: Annotated[str | None, typer.Option("--boost", metavar="ATTR_OR_SKILL", help="Alchemist: what the potion raises.")] = None,
    dice: DiceOpt = None,
    seed: SeedOpt = None,
    modifier: ModifierOpt = 0,
    json_out: JsonOpt = False,
) -> None:
    found = find_skill(skill)
    # each acting skill takes exactly its own option (R25)
    options = {"Medic": ("--heal", heal), "Bard": ("--give", give), "Leadership": ("--for", for_),
               "Herbalist": ("--doses", doses), "Alchemist": ("--boost", boost)}
    own = options.get(found.name, (None, None))
    if own[0] and own[1] is None:
        raise UsageProblem(_("{skill} needs {option}").format(skill=shown(found.name), option=own[0]), "missing_option")
    stray = [flag for flag, value in options.values() if value is not None and flag != own[0]]
    if stray:
        raise UsageProblem(_("{options} does not go with {skill}").format(
                options=", ".join(stray), skill=shown(found.name)), "bad_option")
    if found.check == "-" or found.check.startswith("c-"):
        how = _("{skill} modifies attacks (R24)") if found.check == "-" else \
            _("{skill} works by a contested IQ check: use `campaign contest`")
        raise Refused(how.format(skill=shown(found.name)), "not_a_check_skill")
    rng = d.rng_for(seed)
    with writing() as camp:
        doc = camp.character(name)
        level = craft.level_of(doc, found.name)
        if found.name == "Bard" and camp.meta["phase"] != "adventure":
            raise Refused(_("R25: Bard karma is for the current adventure; start one first"), "no_adventure")
        if found.name == "Medic" and camp.meta.get("fight"):
            raise Refused(_("R25: a Medic heals after the fight; end it first"), "fight_open")
        if found.name == "Alchemist" and doc.get("xp", 0) < craft.ALCHEMY_XP:
            raise Refused(_('R25: an Alchemist potion costs {ALCHEMY_XP} XP; {name} has {value}').format(
                    ALCHEMY_XP=craft.ALCHEMY_XP, name=doc['name'], value=doc.get('xp', 0)),
                          "not_enough_xp")
        prep = prepare(doc, parse_spec(f"3/{found.attribute}+{found.name}" if found.name not in craft.ACTING
                                       else f"3/{found.attribute}"), modifier)
        result = check_result(prep, roll_dice(prep.dice, dice, rng))
        effect = _effect(camp, doc, found.name, level, heal, give, for_, doses, boost) if result["success"] else None
        result["skill"] = found.name
        result["effect"] = effect
        camp.save("characters", doc)
        camp.record_roll(result)
        camp.note(f"{doc['name']} uses {found.name}: {'success' if result['success'] else 'failure'}", doc["name"],
                  *(effect or {}).get("characters", []))
    emit(result, [Line(describe_check(result)), Line(_effect_line(found.name, effect))], json_out=json_out)


def _effect(camp, doc: dict, skill: str, level: int, heal, give, for_, doses, boost) -> dict | None:
    if skill == "Medic":
        plan, docs = _named(camp, parse_pairs(heal, "--heal"), doc)
        healed = craft.medic(level, plan, docs)
        _save_others(camp, doc, docs)
        return {"healed": healed, "characters": list(healed)}
    if skill == "Bard":
        plan, docs = _named(camp, parse_pairs(give, "--give"), doc)
        given = craft.bard(level, plan, docs)
        _save_others(camp, doc, docs)
        return {"karma": given, "characters": list(given)}
    if skill == "Leadership":
        follower = camp.character(for_)
        follower = doc if follower["id"] == doc["id"] else follower
        bonus = craft.leadership(level, doc["name"], follower)
        _save_others(camp, doc, {follower["name"]: follower})
        return {"leadership": {"for": follower["name"], "value": bonus["value"]}, "characters": [follower["name"]]}
    potion = craft.healing_potion(level, doses) if skill == "Herbalist" else craft.boost_potion(doc, level, boost)
    item = make_item(potion["name"], {"kind": "potion", "hands": 0}, custom=True)
    item.update({k: v for k, v in potion.items() if k in ("heals", "boost")})
    added = add_item(doc, {"id": camp.next_id(), **item})
    return {"potion": added, "xp_spent": craft.ALCHEMY_XP if skill == "Alchemist" else 0}


def _save_others(camp, doc: dict, docs: dict[str, dict]) -> None:
    for other in docs.values():
        if other is not doc:
            camp.save("characters", other)


def _effect_line(skill: str, effect: dict | None) -> str:
    if effect is None:
        return _("no effect") if skill in craft.ACTING else ""
    if "healed" in effect:
        return _("healed: {who}").format(who=", ".join(f"{k} {v}" for k, v in effect["healed"].items()))
    if "karma" in effect:
        return _("Bard karma for this adventure: {who}").format(who=", ".join(f"{k} +{v}" for k, v in effect["karma"].items()))
    if "leadership" in effect:
        lead = effect["leadership"]
        return _("{name}'s next check gets +{value} (Leadership)").format(name=lead["for"], value=lead["value"])
    potion = effect["potion"]
    what = effect_text({"healed": potion["heals"]} if potion.get("heals") else {"boost": potion["boost"]})
    made = _("made {potion} (#{id}): {effect}").format(potion=potion["name"], id=potion["id"], effect=what)
    return made + (_("; paid {xp} XP").format(xp=effect["xp_spent"]) if effect["xp_spent"] else "")
