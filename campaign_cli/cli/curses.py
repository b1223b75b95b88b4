"""`campaign curse apply|list|remove` (R18)."""

from typing import Annotated

import typer

from campaign_cli.acts import advancement
from campaign_cli.cli.common import JsonlOpt, JsonOpt, NameArg, complete, help_text, reading, writing
from campaign_cli.cli.lazy import noun_app
from campaign_cli.cli.output import Line, Table, emit
from campaign_cli.errors import UsageProblem
from campaign_cli.i18n import N_plural, _, gendered, ngettext
from campaign_cli.rules import advancement as adv
from campaign_cli.rules.characters import check_name, view

app = noun_app(
    help_text(
        "Curses: each makes every roll 1 worse, and they stack (R18).",
        "campaign curse apply Ajax 'Mummy Rot'",
        "campaign curse list",
    )
)

CurseArg = Annotated[str, typer.Argument(metavar="CURSE", help="The curse's name.", autocompletion=complete.curses)]


@app.command(
    help=help_text(
        "Curse a character: different curses stack; the same curse twice is refused (R18).",
        "campaign curse apply Ajax 'Mummy Rot' --note 'opened the sarcophagus'",
    )
)
def apply(
    name: NameArg,
    curse: CurseArg,
    note: Annotated[str | None, typer.Option("--note", metavar="TEXT", help="Where it came from.")] = None,
    json_out: JsonOpt = False,
) -> None:
    curse = check_name(curse, "curse")
    with writing() as camp:
        doc, added = advancement.apply_curse(camp, name, curse, note)
    ch = view(doc)
    emit(
        {"curse": added, "modifier": len(ch["curses"]), "character": ch},
        Line(
            gendered(ch["gender"], "{name} is cursed: every roll {n} worse (R18)").format(
                name=ch["name"], n=len(ch["curses"])
            )
        ),
        json_out=json_out,
    )


@app.command(
    "list",
    help=help_text(
        "List active curses, of one character or of all.", "campaign curse list", "campaign curse list Ajax --json"
    ),
)
def list_(
    name: Annotated[str | None, typer.Argument(metavar="[NAME]", help="Only this character.")] = None,
    json_out: JsonOpt = False,
    jsonl: JsonlOpt = False,
) -> None:
    camp = reading()
    docs = [camp.character(name)] if name else camp.characters()
    rows = [{"character": d["name"], "name": c["name"], "note": c.get("note")} for d in docs for c in d["curses"]]
    emit(
        rows,
        Table(
            _("Curses"), [_("character"), _("curse"), _("note")], [[r["character"], r["name"], r["note"]] for r in rows]
        ),
        json_out=json_out,
        jsonl=jsonl,
    )


@app.command(
    help=help_text(
        "Lift a curse, paying 1 wish, 3 karma or 10 XP (R18).", "campaign curse remove Ajax 'Mummy Rot' --pay karma"
    )
)
def remove(
    name: NameArg,
    curse: CurseArg,
    pay: Annotated[str, typer.Option("--pay", metavar="wish|karma|xp", help="What to pay with.")],
    json_out: JsonOpt = False,
) -> None:
    pay = pay.strip().lower()
    if pay not in adv.CURSE_PRICES:
        raise UsageProblem(_('--pay takes wish, karma or xp, not {pay!r}').format(pay=pay))

    with writing() as camp:
        doc, paid = advancement.lift_curse(camp, name, curse, pay)  # the dead spend nothing (R11a)
    ch = view(doc)
    emit(
        {"removed": curse.strip(), "paid": paid, "character": ch},
        Line(ngettext(*PAID[pay], paid[pay]).format(name=ch["name"], curse=curse.strip())),
        json_out=json_out,
    )


PAID = {
    "wish": N_plural("{name}: {curse} lifted ({n} wish)", "{name}: {curse} lifted ({n} wishes)"),
    "karma": N_plural("{name}: {curse} lifted ({n} karma)", "{name}: {curse} lifted ({n} karma)"),
    "xp": N_plural("{name}: {curse} lifted ({n} XP)", "{name}: {curse} lifted ({n} XP)"),
}
