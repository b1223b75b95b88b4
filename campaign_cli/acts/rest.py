"""Time passing for the party (R20, R21, R22, R25): a night's sleep or a week of rest, and
the end of an adventure. Each returns the characters as they are after it and each one's
status before, for the views to say what changed."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from campaign_cli.store.campaign import Stored

from campaign_cli import acts
from campaign_cli.rules import wounds
from campaign_cli.rules.characters import current_status


def rest(camp: Stored, names: list[str] | None, week: bool) -> tuple[list[Any], dict[str, Any]]:
    """`rest`: a night's sleep clears fatigue (R21), a week heals fully (R22); the dying
    nobody named are settled too, since time passes for all (R20)."""
    acts.guard(camp, "rest")
    docs = [camp.character(n) for n in dict.fromkeys(names)] if names else camp.characters()
    resting = {d["name"] for d in docs}
    docs += [d for d in camp.characters() if d["name"] not in resting and d.get("dying")]
    before = {d["name"]: current_status(d) for d in docs}
    for doc in docs:
        if doc["name"] not in resting:
            wounds.settle_death(doc)
        elif week:
            wounds.recover_fully(doc)  # R22
        else:
            wounds.night(doc)  # R21
        camp.save("characters", doc)
    what = "a week of rest: healed fully" if week else "a night's sleep: fatigue cleared"
    camp.note(what, *(d["name"] for d in docs))
    camp.event("rested", week=week, names=[d["name"] for d in docs if d["name"] in resting])
    for doc in docs:
        acts.fallen(camp, doc, before[doc["name"]], "R20")
    return docs, before


def end_adventure(camp: Stored) -> tuple[str, list[Any], dict[str, Any]]:
    """`adventure end`: everyone recovers fully (R22), Bard karma lapses (R25), the dying
    who were not saved die (R20). Returns (the title, the characters, statuses before)."""
    acts.guard(camp, "adventure end")
    title, number = camp.meta["adventure"]["title"], camp.meta["adventure"].get("number")
    docs = camp.characters()
    before = {d["name"]: current_status(d) for d in docs}
    for doc in docs:
        wounds.recover_fully(doc)
        doc["bard_karma"] = 0
        camp.save("characters", doc)
    camp.set_meta(phase="between", adventure=None)
    camp.note(f"adventure ended: {title}", *(d["name"] for d in docs), adventure_end=number)
    camp.event("adventure_ended", title=title)
    for doc in docs:
        acts.fallen(camp, doc, before[doc["name"]], "R20")
    return title, docs, before
