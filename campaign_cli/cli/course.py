"""The campaign's flow: adventures, towns, keywords and fights (R13, R16, R20-R22, R25)."""

from typing import Annotated

import typer

from campaign_cli.cli import said
from campaign_cli.cli.common import JsonOpt, acting, fast, help_text
from campaign_cli.cli.lazy import noun_app
from campaign_cli.cli.output import emit
from campaign_cli.library.course import Course

adventure_app = noun_app(
    help_text(
        "Start and end adventures (R16, R22).", "campaign adventure start 'The Sunken Crypt'", "campaign adventure end"
    )
)
town_app = noun_app(
    help_text("Enter and leave towns (forging needs a blacksmith, R39).", "campaign town enter Brimstone --blacksmith")
)
keyword_app = noun_app(help_text("Keywords the party learns (R13).", "campaign keyword learn Sunken"))


@adventure_app.command(
    help=help_text(
        "Start an adventure: the party leaves town (no blacksmith on an adventure, R39); new skills and spells "
        "wait until it ends (R16).",
        "campaign adventure start 'The Sunken Crypt'",
    )
)
@fast
def start(
    title: Annotated[str | None, typer.Argument(metavar="[TITLE]", help="The adventure's title.")] = None,
    json_out: JsonOpt = False,
) -> None:
    with acting(Course) as camp:
        data = camp.adventure_start(title)
    emit(data, lambda: said.adventure_started(data), json_out=json_out)


@adventure_app.command(
    help=help_text(
        "End the adventure: everyone recovers fully (R22), Bard karma expires (R25), the dying who were not "
        "saved die (R20).",
        "campaign adventure end",
    )
)
@fast
def end(json_out: JsonOpt = False) -> None:
    with acting(Course) as camp:
        data = camp.adventure_end()
    emit(data, lambda: said.adventure_ended(data), json_out=json_out)


@town_app.command(
    help=help_text(
        "Enter a town; --blacksmith if it has one (forging, R39).", "campaign town enter Brimstone --blacksmith"
    )
)
@fast
def enter(
    town: Annotated[str, typer.Argument(metavar="TOWN", help="The town's name.")],
    blacksmith: Annotated[bool, typer.Option("--blacksmith", help="The town has a blacksmith.")] = False,
    json_out: JsonOpt = False,
) -> None:
    with acting(Course) as camp:
        data = camp.town_enter(town, blacksmith=blacksmith)
    emit(data, lambda: said.town_entered(data, town, blacksmith), json_out=json_out)


@town_app.command(help=help_text("Leave the town.", "campaign town leave"))
@fast
def leave(json_out: JsonOpt = False) -> None:
    with acting(Course) as camp:
        data = camp.town_leave()
    emit(data, lambda: said.town_left(data), json_out=json_out)


@keyword_app.command(
    help=help_text(
        "The party learns a keyword; every living character wins 1 XP (R13).", "campaign keyword learn Sunken"
    )
)
@fast
def learn(
    word: Annotated[str, typer.Argument(metavar="WORD", help="The keyword the party learns.")],
    json_out: JsonOpt = False,
) -> None:
    with acting(Course) as camp:
        data = camp.keyword_learn(word)
    emit(data, lambda: said.keyword_learned(data, word), json_out=json_out)
