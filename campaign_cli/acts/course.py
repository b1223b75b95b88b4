"""The campaign's course (R13, R16, R22, R39): an adventure begins, the party enters and
leaves towns, and learns keywords. The end of an adventure and rest are in `rest`."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from campaign_cli import acts
from campaign_cli.acts.advancement import xp_won
from campaign_cli.errors import Refused, Say
from campaign_cli.rules.advancement import KILL_XP
from campaign_cli.rules.characters import alive

if TYPE_CHECKING:
    from campaign_cli.model import Character
    from campaign_cli.store.campaign import Stored


def start_adventure(camp: Stored, title: str) -> dict[str, Any]:
    """`adventure start`: the party leaves town (R39); new skills and spells wait (R16).
    Returns the adventure, numbered for `recap --adventure N`."""
    from campaign_cli.store import now

    acts.guard(camp, "adventure start")
    number = camp.meta.get("adventures", 0) + 1
    adventure = {"title": title, "started": now(), "number": number}
    camp.set_meta(phase="adventure", adventure=adventure, location=None, adventures=number)
    camp.note(f"adventure started: {title}", adventure_start=number, adventure_title=title)
    camp.event("adventure_started", title=title)
    return adventure


def enter_town(camp: Stored, town: str, blacksmith: bool) -> dict[str, Any]:
    """`town enter`: where the party is; forging needs a blacksmith (R39)."""
    location = {"town": town.strip(), "blacksmith": blacksmith}
    camp.set_meta(location=location)
    camp.note(f"entered {town.strip()}" + (" (blacksmith)" if blacksmith else ""))
    camp.event("town_entered", town=town.strip(), blacksmith=blacksmith)
    return location


def leave_town(camp: Stored) -> dict[str, Any]:
    """`town leave`. Returns the town left."""
    location = camp.meta["location"]
    if not location:
        raise Refused(Say("the party is not in a town"), "not_in_town")
    camp.set_meta(location=None)
    camp.note(f"left {location['town']}")
    camp.event("town_left", town=location["town"])
    returned: dict[str, Any] = location
    return returned


def learn_keyword(camp: Stored, word: str) -> tuple[list[str], list[Character]]:
    """`keyword learn`: every living character wins 1 XP (R13). Returns the keywords known
    now and who won."""
    if camp.knows_keyword(word.strip()):
        raise Refused(Say("the party already knows {value!r}", value=word.strip()), "known_keyword")
    keywords = camp.add_keyword(word.strip())
    docs = [d for d in camp.characters() if alive(d)]
    camp.event("keyword_learned", keyword=word.strip(), names=[d["name"] for d in docs], xp=KILL_XP)
    for doc in docs:
        doc["xp"] += KILL_XP
        camp.save("characters", doc)
        xp_won(camp, doc, KILL_XP, None)
    camp.note(f"keyword learned: {word.strip()}", *(d["name"] for d in docs), keyword=word.strip())
    return keywords, docs
