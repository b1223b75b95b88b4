"""`campaign karma add` and `campaign wish add|spend` (R17, R25)."""

from typing import Annotated

import typer

from campaign_cli.cli import complete
from campaign_cli.cli.common import MAX_AMOUNT, JsonOpt, NameArg, help_text, update_character
from campaign_cli.cli.lazy import noun_app
from campaign_cli.cli.output import Line, emit
from campaign_cli.errors import Refused, UsageProblem
from campaign_cli.i18n import _, ngettext, status_of
from campaign_cli.rules import advancement as adv
from campaign_cli.rules import craft
from campaign_cli.rules.wounds import check_can_act, current_status

app = noun_app(help_text("Give karma (R17); Bard karma lasts one adventure (R25).", "campaign karma add Ajax 1"))
wish_app = noun_app(help_text("Give and spend wishes (R17).", "campaign wish add Ajax 1", "campaign wish spend Ajax"))

CountArg = Annotated[int, typer.Argument(min=1, max=MAX_AMOUNT, metavar="N", help="How many.")]


@app.command(
    help=help_text(
        "Give a character karma; --bard for karma a Bard made, gone when the adventure ends (R25): the same "
        "act as `skill use BARD Bard` without its roll, so it spends that bard's use of this adventure (R25a); "
        "--by names the bard when several could sing.",
        "campaign karma add Ajax 2",
        "campaign karma add Merlin 1 --bard",
        "campaign karma add Merlin 1 --bard --by Kate",
    )
)
def add(
    name: NameArg,
    n: CountArg,
    bard: Annotated[bool, typer.Option("--bard", help="Karma from a Bard: for this adventure only (R25).")] = False,
    by: Annotated[
        str | None,
        typer.Option(
            "--by", metavar="BARD", help="With --bard: the bard who sang.", autocompletion=complete.characters
        ),
    ] = None,
    json_out: JsonOpt = False,
) -> None:
    if by is not None and not bard:
        raise UsageProblem(_("--by goes with --bard"))

    def change(doc, camp):  # the dead: refused by the act's guard (R11a)
        if bard:
            if camp.meta["phase"] != "adventure":
                raise Refused(_("R25: Bard karma is for the current adventure; start one first"), "no_adventure")
            singer = _singer(camp, doc, by)
            craft.check_bard(craft.level_of(singer, "Bard"), {doc["name"]: n}, {doc["name"]: doc})  # R25
            craft.spend_occasion(singer, "Bard", camp.meta)  # R25a: as `skill use` spends it
            if singer is not doc:
                camp.save("characters", singer)
                camp.touched.append(singer["name"])
            doc["bard_karma"] = doc.get("bard_karma", 0) + n
        else:
            doc["karma"] += n
        return f"{doc['name']}: +{n} {'Bard ' if bard else ''}karma", None

    ch, _result = update_character("karma add", name, change)
    emit(
        {"added": n, "bard": bard, "character": ch},
        Line(ngettext("{name} has {n} karma", "{name} has {n} karma", ch["karma"]).format(name=ch["name"])),
        json_out=json_out,
    )


def _singer(camp, doc, by: str | None):
    """The bard whose song this karma is (R25, R25a): the one --by names, or the only one
    who can sing now (knows Bard, can act, has not sung this adventure); DOC itself when
    DOC is that bard. Refused, naming why, when none can, or when several could."""
    if by is not None:
        singer = camp.character(by)
        singer = doc if singer["id"] == doc["id"] else singer
        craft.level_of(singer, "Bard")  # R23: refused when the singer does not know Bard
        check_can_act(singer, _("sing"))  # R11a
        craft.check_occasion(singer, "Bard", camp.meta)  # R25a
        return singer
    able = []
    for other in camp.characters():
        other = doc if other["id"] == doc["id"] else other
        sung = other.get("uses", {}).get("Bard") == craft.occasion("Bard", camp.meta)
        if other.get("skills", {}).get("Bard") and current_status(other) == "ok" and not sung:
            able.append(other)
    if not able:
        raise Refused(
            _(
                "R25, R25a: no bard can sing: Bard karma needs a character with the Bard skill who can act "
                "and has not sung this adventure (`campaign skill use NAME Bard --give WHO=N`)"
            ),
            "no_bard",
        )
    if len(able) > 1:
        raise Refused(
            _("R25: several bards could sing ({names}): name one with --by").format(
                names=", ".join(b["name"] for b in able)
            ),
            "which_bard",
        )
    return able[0]


@wish_app.command("add", help=help_text("Give a character wishes.", "campaign wish add Ajax 1"))
def wish_add(name: NameArg, n: CountArg, json_out: JsonOpt = False) -> None:
    def change(doc, camp):  # the dead: refused by the act's guard (R11a)
        doc["wishes"] += n
        return f"{doc['name']}: +{n} wish", None

    ch, _result = update_character("wish add", name, change)
    emit(
        {"added": n, "character": ch},
        Line(ngettext("{name} has {n} wish", "{name} has {n} wishes", ch["wishes"]).format(name=ch["name"])),
        json_out=json_out,
    )


@wish_app.command(
    "spend",
    help=help_text("Spend a wish: all damage is cancelled, even a killing blow (R17).", "campaign wish spend Ajax"),
)
def wish_spend(name: NameArg, json_out: JsonOpt = False) -> None:
    def change(doc, camp):
        cancelled = adv.spend_wish(doc)
        return f"{doc['name']}: a wish cancels {cancelled} damage", cancelled

    ch, cancelled = update_character(None, name, change)  # R17: a wish on the just-killed
    emit(
        {"cancelled": cancelled, "character": ch},
        Line(
            _("{name}: a wish cancels {cancelled} damage; status {status}").format(
                name=ch["name"], cancelled=cancelled, status=status_of(ch["status"], ch.get("gender"))
            )
        ),
        json_out=json_out,
    )
