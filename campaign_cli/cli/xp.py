"""`campaign xp award|spend` (R13-R17)."""

from typing import Annotated

import typer

from campaign_cli.cli import answers, said
from campaign_cli.cli.common import MAX_AMOUNT, JsonOpt, NameArg, acting, complete, fast, help_text
from campaign_cli.cli.lazy import noun_app
from campaign_cli.cli.output import emit
from campaign_cli.library.advancement import Advancement

app = noun_app(
    help_text(
        "Award and spend experience points (R13-R17).",
        "campaign xp award 2 --party --reason 'cleared the crypt'",
        "campaign xp spend Ajax --attribute DX --dry-run",
    )
)


@app.command(
    help=help_text(
        "Give XP to named characters or to every living character (--party).",
        "campaign xp award 1 Ajax Merlin --reason 'won the ambush'",
        "campaign xp award 3 --party",
    )
)
@fast
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
    with acting(Advancement) as camp:
        data = camp.xp_award(amount, *(names or []), party=party, reason=reason)
    emit(data, lambda: said.xp_award_table(data), json_out=json_out)


@app.command(
    help=help_text(
        "Spend XP on one step: an attribute (R14), a skill level or a spell (R15, R16).",
        "campaign xp spend Ajax --attribute ST",
        "campaign xp spend Ajax --skill Climbing --dry-run",
        "campaign xp spend Merlin --spell Light=10 --karma",
    )
)
@fast
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
    answers.xp_spend(
        name, attribute=attribute, skill=skill, spell=spell, karma=karma, dry_run=dry_run, json_out=json_out
    )
