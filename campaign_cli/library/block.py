"""A block: many acts in one transaction (a block of the library, a `campaign batch`), and
what the one journal entry that keeps them says. A single command has no block: this
module is loaded by blocks and batches only."""

from __future__ import annotations

from typing import TYPE_CHECKING

from campaign_cli.rules import recap  # every act of a block adds to its tally

if TYPE_CHECKING:
    from typing import Any

    from campaign_cli.store import Stored

KEPT_SUMMARIES = 1000  # a block's entry keeps this many acts' summaries, then a count
KEPT_EVENTS = 1000  # and this many events, then a count (`more_events`): the entry stays small


class Block:
    """Many acts in one transaction (a block of the library, a `campaign batch`): what each
    act did, for the one journal entry that keeps them (summaries, events, and the recap's
    tally of every act's changes, so 10 XP won and 10 spent both count)."""

    def __init__(self, camp: Stored) -> None:
        self.camp = camp
        self.count = 0
        self.summaries: list[dict[str, Any]] = []
        self.tally: dict[str, dict[str, Any]] = {}
        self.events: list[dict[str, Any]] = []

    def begin(self) -> None:
        camp = self.camp
        self.count += 1
        camp.summary, camp.extra = "", {}
        camp.line_before = {}  # the characters the act reads, as they were

    def end(self, number: int, args: list[str]) -> None:
        camp = self.camp
        before, camp.line_before = camp.line_before or {}, None
        now = camp.table("characters")
        recap.add_rows(self.tally, recap.tally(before, {k: now[k] for k in before if k in now}, args))
        events = camp.extra.pop("events", ())
        self.events.extend(events)
        if camp.summary and len(self.summaries) < KEPT_SUMMARIES:
            self.summaries.append({"line": number, "args": args, **camp.extra})  # what it did: its events

    def abandon(self) -> None:
        """The act failed: what it read is forgotten (its changes are the caller's to take back)."""
        self.camp.line_before = None

    def seal(self, summary_one: str, summary_many: str, block: str) -> None:
        """What the one journal entry says of all the acts (stored in English), and which
        kind of BLOCK made it (`batch`, or `python`: a block of the library)."""
        from campaign_cli.i18n import english, ngettext

        camp = self.camp
        with english():  # stored: the journal is the same in every language
            camp.summary = ngettext(summary_one, summary_many, self.count).format(n=self.count)
        camp.touched = sorted(set(camp.touched))
        kept = self.events[:KEPT_EVENTS]
        camp.extra = {
            "block": block,
            "events": kept,  # every act's, in order: what `log` says, one row each
            **({"more_events": len(self.events) - len(kept)} if len(self.events) > len(kept) else {}),
            "lines": self.summaries,
            **({"more_lines": self.count - len(self.summaries)} if self.count > len(self.summaries) else {}),
            "tally": recap.compact(self.tally),  # each act's events, for `campaign recap`
        }

    def mark(self) -> tuple[Any, ...]:
        return self.count, len(self.summaries), len(self.events), {k: dict(v) for k, v in self.tally.items()}

    def back_to(self, mark: tuple[Any, ...]) -> None:
        self.count, summaries, events, self.tally = mark
        del self.summaries[summaries:], self.events[events:]
