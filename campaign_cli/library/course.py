"""The campaign's course and its books: adventures, towns, keywords, status, the log,
merge conflicts."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any, cast

from campaign_cli.errors import Opt, Say, UsageProblem
from campaign_cli.library.core import Core, character_view, checked, entry_view, given_text, status_view, whole_number

if TYPE_CHECKING:
    from campaign_cli import results
    from campaign_cli.store import Stored
else:
    from campaign_cli.library.core import results


class _NotGiven:
    """An argument not given, where None is a value one may give (`resolve(value=None)`)."""

    def __repr__(self) -> str:
        return "<not given>"


_UNSET: Any = _NotGiven()


class Course(Core):
    """Adventures, towns, keywords; the campaign's status, its log, its merge conflicts."""

    # -- the campaign's course (R13, R16, R20-R22, R25, R39) -----------------------------
    @checked
    def adventure_start(self, title: str | None = None, /) -> results.AdventureStarted:
        """Start an adventure titled TITLE: the party leaves town (no blacksmith on an
        adventure, R39); new skills and spells wait until it ends (R16).

            camp.adventure_start("The Sunken Crypt")
        """
        from campaign_cli import i18n
        from campaign_cli.acts import course
        from campaign_cli.rules.characters import check_name

        name = check_name(i18n._("Adventure") if title is None else given_text(title, "title"), "adventure")

        def run(stored: Stored) -> results.AdventureStarted:
            return {"phase": "adventure", "adventure": course.start_adventure(stored, name)}  # type: ignore[typeddict-item]

        return self._act("adventure start", True, run, (name,))

    @checked
    def adventure_end(self) -> results.AdventureEnded:
        """End the adventure: everyone recovers fully (R22), Bard karma expires (R25), the
        dying who were not saved die (R20).

            camp.adventure_end()
        """
        from campaign_cli.acts import rest

        def run(stored: Stored) -> results.AdventureEnded:
            title, docs, before = rest.end_adventure(stored)
            chars = [character_view(d) for d in docs]
            return {"phase": "between", "ended": title, "characters": chars, "status_before": before}

        return self._act("adventure end", True, run)

    @checked
    def town_enter(self, town: str, /, *, blacksmith: bool = False) -> results.TownEntered:
        """The party enters TOWN; `blacksmith=True` if it has one (forging, R39).

        camp.town_enter("Brimstone", blacksmith=True)
        """
        from campaign_cli.acts import course
        from campaign_cli.rules.characters import check_name

        check_name(given_text(town, "town"), "town")

        def run(stored: Stored) -> results.TownEntered:
            return {"location": course.enter_town(stored, town, blacksmith)}  # type: ignore[typeddict-item]

        return self._act("town enter", True, run, (town,))

    @checked
    def town_leave(self) -> results.TownLeft:
        """The party leaves the town it is in.

        camp.town_leave()
        """
        from campaign_cli.acts import course

        def run(stored: Stored) -> results.TownLeft:
            return {"location": None, "left": course.leave_town(stored)}  # type: ignore[typeddict-item]

        return self._act("town leave", True, run)

    @checked
    def keyword_learn(self, word: str, /) -> results.KeywordLearned:
        """The party learns the keyword WORD; every living character wins 1 XP (R13).

        camp.keyword_learn("Sunken")
        """
        from campaign_cli.acts import course
        from campaign_cli.rules.advancement import KILL_XP
        from campaign_cli.rules.characters import check_name

        check_name(given_text(word, "word"), "keyword")

        def run(stored: Stored) -> results.KeywordLearned:
            _known, docs = course.learn_keyword(stored, word)
            return {"keyword": word.strip(), "xp": {d["name"]: KILL_XP for d in docs}}

        return self._act("keyword learn", True, run, (word,))

    # -- the campaign and its journal ---------------------------------------------------
    @checked
    def status(self) -> results.CampaignStatus:
        """The campaign: its name, phase, adventure, location, keywords, how many
        characters, and the merge conflicts still open.

            camp.status()["phase"]
        """
        return self._act("status", False, lambda stored: status_view(stored))

    def log(
        self, *, limit: int | None = None, character: str | int | None = None, after: int | None = None
    ) -> list[results.LogEntry]:
        """The journal, oldest first: the newest LIMIT entries, those about CHARACTER, those
        after entry AFTER (a roll that changed nothing: those rolled after it). Each entry's
        `events` say what it did, its `summary` in sentences (CLI.md "Events").

        for entry in camp.log(after=12):
            print(entry["seq"], entry["summary"])
        """
        return list(self.log_stream(limit=limit, character=character, after=after))

    @checked
    def log_stream(
        self, *, limit: int | None = None, character: str | int | None = None, after: int | None = None
    ) -> Iterator[results.LogEntry]:
        """`log`'s entries one at a time, oldest first, read while the block is open: memory
        does not grow with the journal (100,000 entries cost what 2,000 do).

            for entry in camp.log_stream():
                print(entry["seq"], entry["command"])
        """
        from campaign_cli.rules.names import MAX_ID

        if limit is not None:
            whole_number(limit, "limit", 0)
        if after is not None:
            whole_number(after, "after", 0, MAX_ID)

        def run(stored: Stored) -> Iterator[results.LogEntry]:
            tests: list[Callable[[dict[str, Any]], bool]] = []
            if character is not None:
                key = stored.character(character)["name"].casefold()
                tests.append(lambda e: key in (n.casefold() for n in e.get("characters", [])))
            if after is not None:
                tests.append(lambda e: later(e, after))
            keep = (lambda e: all(t(e) for t in tests)) if tests else None

            from campaign_cli.store import history

            return (entry_view(e) for e in history.entries(stored, limit, keep))

        return self._act("log", False, run)

    # -- merge conflicts (CLI.md "Sharing through git") ---------------------------------
    @checked
    def conflicts(self) -> list[results.ConflictView]:
        """The fields a merge found changed differently on both sides (base, ours, theirs),
        kept until `resolve` settles them; while any is open, changes are refused.

            [c["field"] for c in camp.conflicts()]
        """
        return self._act(
            "conflicts", False, lambda stored: [conflict_view(c) for c in stored.meta.get("conflicts", [])]
        )

    @checked
    def resolve(
        self,
        conflict: int | None = None,
        /,
        *,
        ours: bool = False,
        theirs: bool = False,
        value: results.JsonValue = _UNSET,
    ) -> results.Resolved:
        """Settle merge conflict CONFLICT (default: every open one): keep `ours`, take
        `theirs`, or set VALUE (any JSON value).

            camp.resolve(theirs=True)
            camp.resolve(3, value=12)
        """
        from campaign_cli.acts import sharing

        if conflict is not None:
            whole_number(conflict, "conflict", 1)
        if ours + theirs + (value is not _UNSET) != 1:
            raise UsageProblem(Say("give one of {a}, {b} or {c}", a=Opt("ours"), b=Opt("theirs"), c=Opt("value")))
        how = "ours" if ours else "theirs" if theirs else "value"

        def run(stored: Stored) -> results.Resolved:
            chosen, left = sharing.resolve(stored, conflict, how, None if value is _UNSET else value)
            return {"resolved": [conflict_view(c) for c in chosen], "open": len(left)}

        return self._act("resolve", True, run)


def later(entry: dict[str, Any], after: int) -> bool:
    """Whether journal ENTRY comes after entry AFTER: its number is higher, or it is a roll
    that changed nothing, rolled after it (`after`: the change it followed)."""
    seq = entry.get("seq")
    if isinstance(seq, int) and entry.get("kind") != "roll":
        return seq > after
    before = entry.get("of", entry.get("after"))
    return isinstance(before, int) and before >= after and (entry.get("of") is None or before > after)


def conflict_view(stored: dict[str, Any]) -> results.ConflictView:
    """An open merge conflict as `conflicts` shows it: each side's value decoded."""
    from campaign_cli import jsontext

    sides = ("base", "ours", "theirs")
    data = {
        "id": stored["id"],
        "where": stored["where"],
        "field": stored["field"],
        **{side: jsontext.loads(stored[side]) if side in stored else None for side in sides},
        "absent": [side for side in sides if side not in stored],
        "resolvable": "path" in stored,
    }
    return cast("results.ConflictView", data)
