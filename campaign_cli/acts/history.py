"""The journal's own acts (CLI.md "undo", "redo"): a change taken back, or put back, as
one more journal entry. They guard nobody (no character acts) and hold in every phase;
the store proves the journal before either (exit 3 when it cannot)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from campaign_cli.store.campaign import Stored

from campaign_cli.errors import Refused, Say
from campaign_cli.store import history


def undo(camp: Stored, to: int | None) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    """`undo [--to SEQ]`: the newest change still undoable, or every one back to SEQ, taken
    back in one entry. Returns the entries undone, newest first, and what the newest had
    changed ({table: {key: (before, after)}}: the facts the view says it in words from)."""
    pointer = history.undo_pointer(camp)  # what `redo` puts back
    target = history.undo_target(camp)  # proves the journal first (exit 3 if it cannot)
    if target is None:
        raise Refused(Say("nothing to undo"), "nothing_to_undo")
    if to is not None and target["seq"] < to:
        raise Refused(
            Say("#{seq} is not a change still to undo (the newest is #{top})", seq=to, top=target["seq"]),
            "not_undoable",
        )
    done = [target]
    changes = history.revert(camp, target)
    while to is not None and done[-1]["seq"] > to:
        older = history.undo_target(camp)
        if older is None or older["seq"] < to:
            raise Refused(
                Say("#{seq} is not a change still to undo (walking back reached #{at})", seq=to, at=done[-1]["seq"]),
                "not_undoable",
            )
        history.revert(camp, older)
        done.append(older)
    history.check_sound(camp, done[-1])  # what undo writes, import would take (exit 3 otherwise)
    camp.kind = "undo"
    touched = sorted({n for e in done for n in e.get("characters", [])})
    extra = {"undoes": done[-1]["seq"], "redo": pointer}
    if len(done) > 1:
        extra["undoes_all"] = [e["seq"] for e in done]
        summary = f"undid #{done[0]['seq']}..#{done[-1]['seq']}: {len(done)} changes"
    else:
        summary = f"undid #{target['seq']}: {target.get('summary', '')}"
    camp.note(summary, *touched, **extra)
    camp.event("undone", seqs=[e["seq"] for e in done])
    return done, changes


def redo(camp: Stored) -> tuple[dict[str, Any], list[int]]:
    """`redo`: the last undo's changes put back, when nothing else changed since. Returns
    the undo entry redone and the changes it puts back."""
    target = history.redo_target(camp)
    if target is None:
        raise Refused(Say("nothing to redo: redo follows an undo, with no other change since"), "nothing_to_redo")
    history.reapply(camp, target)
    history.check_sound(camp, target)
    camp.kind = "redo"
    summary = f"redid #{target['seq']}: {target.get('summary', '')}"
    camp.note(summary, *target.get("characters", []), redoes=target["seq"])
    camp.event("redone", seqs=target.get("undoes_all") or [target.get("undoes")])
    return target, target.get("undoes_all") or [target.get("undoes")]
