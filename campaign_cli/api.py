"""The game as a Python library (CLI.md "Python API (the library)").

    import campaign_cli

    with campaign_cli.open("campaign.json") as camp:
        camp.xp_award(2, "Ajax", "Cora", reason="crypt")
        result = camp.check("Ajax", "3/DX", dice=[1, 3, 6])
        print(result["success"])

`open` holds the campaign's lock for one transaction: leaving the block commits every
act as one journal entry (`undo` takes it back, `log` shows it under its label); an
exception leaving the block commits nothing. `read` opens it without the lock, for
reading. Each act is a method of `Campaign`, named by its command path with `_`, its
arguments positional-only and its options keyword-only under the options' names; it
returns what the command prints with `--json`, typed (`campaign_cli.results`).

The command line is one front end of this library: it parses words into one call of
the same method and renders the result. Nothing here imports the command line, Typer,
Click or Rich.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, cast, overload

from campaign_cli.errors import COMMIT, CampaignError, Opt, Refused, Say, UsageProblem
from campaign_cli.library.advancement import Advancement
from campaign_cli.library.block import Block
from campaign_cli.library.catalog import Catalog
from campaign_cli.library.characters import Characters
from campaign_cli.library.core import (
    LABEL,
    MAX_REASON,
    entry_view,
    free_text,
    given_text,
    publish,
    status_view,
    typed,
    whole_number,
    write_file,
)
from campaign_cli.library.course import Course
from campaign_cli.library.documents import Documents
from campaign_cli.library.enemies import Enemies
from campaign_cli.library.fights import Fights
from campaign_cli.library.items import Items
from campaign_cli.library.rolls import Rolls, odds
from campaign_cli.library.shop import Shop
from campaign_cli.library.skills import Skills
from campaign_cli.library.wounds import Wounds
from campaign_cli.rules.names import MAX_ID
from campaign_cli.run import RUN, fresh

if TYPE_CHECKING:
    from typing import Any

    from campaign_cli import results
    from campaign_cli.store import Stored
else:
    from campaign_cli.library.core import results


class Campaign(
    Characters, Advancement, Wounds, Items, Shop, Course, Fights, Enemies, Rolls, Skills, Catalog, Documents
):
    """An open campaign: every act of the game as a method.

    Get one from `campaign_cli.open(path)` (to change the campaign) or
    `campaign_cli.read(path)` (to read it). Methods are named by the act (`xp_award`
    awards XP); each returns a `TypedDict` (`campaign_cli.results`) equal to what the
    command line prints as JSON. A refusal raises `Refused`, a bad argument
    `UsageProblem`, an unusable file `FileProblem`.
    """


__all__ = ["Campaign", "export", "import_", "init", "merge", "odds", "open", "read", "redo", "undo"]


# -- what is not an act inside a block: each its own transaction ---------------------
@contextmanager
def _said_in(lang: str | None) -> Iterator[None]:
    """A module function's messages in LANG (CLI.md "Python API": `lang=` as `open` takes
    it; None: CAMPAIGN_LANG, then the locale), its refusals said so after it too. The
    command line (which chose its language already) calls them with LANG None: as it is."""
    from campaign_cli.i18n import speaking

    if lang is None and RUN.front == "cli":
        yield
        return
    language = _language(lang)
    try:
        with speaking(language):
            yield
    except CampaignError as err:
        err.front, err.lang = err.front or "library", err.lang or language
        raise


def init(path: str | os.PathLike[str], name: str | None = None, *, lang: str | None = None) -> results.CampaignStatus:
    """Create the campaign file at PATH, named NAME (default "Campaign"); refused if it exists.

    campaign_cli.init("gold-road.json", name="The Gold Road")
    """
    from campaign_cli import i18n, store
    from campaign_cli.rules.characters import check_name

    _not_twice()
    try:
        with _said_in(lang):
            words = ["init", *(["--name", name] if name is not None else [])]
            title = i18n._("Campaign") if name is None else check_name(given_text(name, "name"), "campaign")
            return status_view(store.create(path, title, words))
    except CampaignError as err:
        raise typed(err) from None


def undo(path: str | os.PathLike[str], to: int | None = None, *, lang: str | None = None) -> results.Undone:
    """Take back the campaign's last change as a whole (R: the journal), or every change back
    to and including change TO (`log` shows the numbers), as one journal entry.

        campaign_cli.undo("campaign.json")
    """
    return undoing(path, to, ["undo", *(["--to", str(to)] if to is not None else [])], lang=lang)[0]


def undoing(
    path: str | os.PathLike[str], to: int | None, words: list[str], *, lang: str | None = None
) -> tuple[results.Undone, Stored, tuple[dict[str, Any], dict[str, Any]]]:
    """`undo`, with the campaign as it stands after, and the newest undone entry with what
    it had changed (for a front end that says it in words)."""
    from campaign_cli import store
    from campaign_cli.acts import history

    _not_twice()
    if to is not None:
        whole_number(to, "to", 1, MAX_ID)
    try:
        with _said_in(lang), store.transaction(path, words) as stored:
            done, changes = history.undo(stored, to)
    except CampaignError as err:
        raise typed(err) from None
    data = {"undone": entry_view(done[0]), "undone_all": [entry_view(e) for e in done]}
    return cast("results.Undone", data), stored, (done[0], changes)


def redo(path: str | os.PathLike[str], *, lang: str | None = None) -> results.Redone:
    """Put back what the last undo took back, while nothing else changed since.

    campaign_cli.redo("campaign.json")
    """
    from campaign_cli import store
    from campaign_cli.acts import history

    _not_twice()
    try:
        with _said_in(lang), store.transaction(path, ["redo"]) as stored:
            target, again = history.redo(stored)
    except CampaignError as err:
        raise typed(err) from None
    return {"redone": entry_view(target), "changes": again}


@overload
def export(
    path: str | os.PathLike[str], output: None = None, *, force: bool = False, lang: str | None = None
) -> str: ...
@overload
def export(
    path: str | os.PathLike[str], output: str | os.PathLike[str], *, force: bool = False, lang: str | None = None
) -> results.Exported: ...
def export(
    path: str | os.PathLike[str],
    output: str | os.PathLike[str] | None = None,
    *,
    force: bool = False,
    lang: str | None = None,
) -> str | results.Exported:
    """The whole campaign as one sorted, stable JSON document: written atomically to OUTPUT
    (an existing file only with FORCE; never the campaign's own files), or returned as text.

        campaign_cli.export("campaign.json", "gold-road.export.json")
        text = campaign_cli.export("campaign.json")
    """
    from campaign_cli import store
    from campaign_cli.store import transfer

    _not_twice()
    try:
        with _said_in(lang):
            stored = store.open_read(path)
            text = transfer.dumps(transfer.export_document(stored.data, stored.packs()))
            if output is None:
                return text
            target = write_file(stored, text, os.fspath(output), force)
    except CampaignError as err:
        raise typed(err) from None
    return {
        "written": str(target),
        "characters": len(stored.data["characters"]),
        "enemies": len(stored.data["enemies"]),
    }


def import_(
    path: str | os.PathLike[str], export_file: str | os.PathLike[str], *, lang: str | None = None
) -> results.Imported:
    """Create a new campaign at PATH from the export in EXPORT_FILE ("-" reads stdin),
    validated first; refused if PATH exists.

        campaign_cli.import_("restored.json", "gold-road.export.json")
    """
    from campaign_cli import jsontext, store
    from campaign_cli.inputs import read_text
    from campaign_cli.judge import bringing_in
    from campaign_cli.rules.documents import check_tables
    from campaign_cli.store import transfer
    from campaign_cli.store.layout import set_packs_text

    _not_twice()
    try:
        with _said_in(lang):
            tables = transfer.tables_from_export(transfer.read_export(read_text(os.fspath(export_file))))
            stored = list(tables.pop("packs").values())
            with bringing_in():  # an export's names refuse what a name given refuses
                tables = check_tables(tables, stored)
            try:  # text a file can hold: a lone surrogate (`"\\ud800"` in the JSON) is refused here
                jsontext.dumps([tables, stored]).encode("utf-8")
            except UnicodeEncodeError:
                raise Refused(
                    Say("bad import: it holds text that is not text (a lone surrogate)"), "bad_import"
                ) from None
            if stored:
                set_packs_text(tables, store.campaign.encode_packs(stored))
            meta = tables["meta"]["1"]
            words = ["import", os.fspath(export_file)]
            camp = store.create(path, meta.get("name", "Campaign"), words, data=tables, verb="imported")
    except CampaignError as err:
        raise typed(err) from None
    return {
        "file": str(camp.path),
        "name": meta.get("name"),
        "characters": len(tables["characters"]),
        "enemies": len(tables["enemies"]),
    }


def merge(
    base: str | os.PathLike[str],
    ours: str | os.PathLike[str],
    theirs: str | os.PathLike[str],
    path: str | os.PathLike[str] | None = None,
    *,
    lang: str | None = None,
) -> results.Merged:
    """A three-way merge of three versions of one campaign, field by field; the result is
    written to OURS. `conflicts` lists each field both sides changed differently (ours kept
    there, and kept in the file until `resolve` settles it). PATH: the campaign the merge
    is for, so one `merge` entry goes to its journal and `undo` takes the merge back.

        merged = campaign_cli.merge("base.json", "ours.json", "theirs.json")
        if merged["conflicts"]:
            print("settle them with resolve")
    """
    from campaign_cli.acts import sharing

    _not_twice()
    names = [os.fspath(p) for p in (base, ours, theirs)]
    where = None if path is None else os.fspath(path)
    words = ["merge", *names, *(["--path", where] if where is not None else [])]
    try:
        with _said_in(lang):
            result, conflicts, written = sharing.merge(names[0], names[1], names[2], where, words)
    except CampaignError as err:
        raise typed(err) from None
    return {
        "written": str(written),
        "conflicts": [cast("results.MergeConflict", c.as_dict()) for c in conflicts],
        "characters": len(result["characters"]),
        "enemies": len(result["enemies"]),
    }


# -- the doors -------------------------------------------------------------------------
# The block open in each thread (keyed by thread id), so a second `open` or `read` in the
# same thread is refused at once instead of waiting for its own lock.
_OPEN: dict[int, Campaign] = {}


def _thread() -> int:
    from _thread import get_ident

    return get_ident()


def _not_twice() -> None:
    if _thread() in _OPEN or RUN.batch is not None:
        raise UsageProblem(Say("a campaign is already open in this thread: leave its block first"), "already_open")


def _language(lang: str | None) -> str:
    """LANG as `open` and `read` take it ("en", "ru"; None: CAMPAIGN_LANG, then the locale);
    any other is refused, never English in silence."""
    from campaign_cli import i18n

    if lang is None:
        return i18n.requested([])
    if lang not in i18n.LANGUAGES:
        raise UsageProblem(Say("lang=: {value!r} is not a language here (en or ru)", value=lang), "bad_value")
    return lang


@contextmanager
def _block(stored: Stored, writable: bool, lang: str) -> Iterator[Campaign]:
    from campaign_cli import i18n

    with fresh():  # the block's own run: another thread's block, or the caller's, is not touched
        i18n.use(lang)  # messages in LANG, read after the block too (CampaignError.lang)
        if writable:
            stored.spool_rolls()  # memory flat in the number of acts
        RUN.batch, RUN.writable, RUN.staged = stored, writable, []
        camp = Campaign(stored, writable, Block(stored))
        _OPEN[_thread()] = camp
        try:
            try:
                yield camp
            except CampaignError as err:  # a bad argument, raised before any act: said as the library says it
                err.front = err.front or RUN.front
                err.lang = err.lang or lang
                raise
            if camp._failed is not None:  # a failure was caught inside the block: all or nothing
                raise UsageProblem(
                    Say("an act in this block failed ({failure}): nothing was saved", failure=camp._failed.message),
                    "act_failed",
                )
            if writable and camp._block is not None:
                camp._block.seal("python: {n} command", "python: {n} commands", "python")
            staged = list(RUN.staged or [])
        finally:
            camp._open = False
            _OPEN.pop(_thread(), None)
    if writable:
        camp._staged = staged  # written once the transaction commits
    else:
        publish(staged)


@contextmanager
def open(  # CLI.md names it so
    path: str | os.PathLike[str],
    *,
    create: bool = False,
    name: str | None = None,
    label: str | None = None,
    lock_wait: float | None = None,
    lang: str | None = None,
) -> Iterator[Campaign]:
    """One transaction on the campaign at PATH, holding its lock like a command: every act
    in the block is committed as one journal entry when the block ends, none if it raises.

    create: make the campaign when the file is missing (named NAME, else the file's stem).
    label: what `log` shows as the block's command (default "python").
    lock_wait: seconds to wait for another writer's lock (default $CAMPAIGN_LOCK_WAIT, or 5).
    lang: the language of its messages, "en" or "ru" (default $CAMPAIGN_LANG, then the
    locale); a refusal says its message in it after the block too.

        with campaign_cli.open("campaign.json", label="session 12") as camp:
            camp.xp_award(2, party=True)
    """
    from campaign_cli import store
    from campaign_cli.i18n import speaking

    made, language = None, None
    try:
        _not_twice()
        words = [free_text(label, "label", MAX_REASON, blank=False) or LABEL]
        language = _language(lang)
        _wait(lock_wait)
        if create and not store.resolve_path(path).exists():
            made = store.create(path, name or Path(path).stem or "Campaign", words).path
        with (
            speaking(language),  # the file's own refusals in LANG too
            store.transaction(path, words, wait=lock_wait) as stored,
            _block(stored, True, language) as camp,
        ):
            yield camp
        publish(camp._staged)  # committed: the files its acts wrote
    except BaseException as failed:
        if made is not None:  # the block that was to fill a new campaign failed: nothing is left behind
            _unmake(made)
        if not isinstance(failed, CampaignError):
            raise
        failed.front = failed.front or "library"  # said as the library says it, whatever ran before
        failed.lang = failed.lang or language
        raise typed(failed) from None
    finally:
        COMMIT["started"] = COMMIT["saved"] = False  # the block's commit is its own: nothing it set outlives it


def _wait(seconds: object) -> None:
    """lock_wait= as `open` takes it: None, or a number of seconds from 0 (not NaN, not
    infinite), refused before anything is made."""
    import math

    if seconds is None:
        return
    if isinstance(seconds, bool) or not isinstance(seconds, (int, float)) or not math.isfinite(seconds) or seconds < 0:
        raise UsageProblem(
            Say("{option}: {value!r} is not a number of seconds", option=Opt("lock_wait"), value=seconds), "bad_value"
        )


def _unmake(path: Path) -> None:
    """The campaign file `open(create=True)` made, its journal and its lock file, removed."""
    for leftover in (path, path.with_name(path.name + ".journal"), path.with_name(path.name + ".lock")):
        try:
            leftover.unlink()
        except OSError:
            pass


@contextmanager
def read(path: str | os.PathLike[str], *, lang: str | None = None) -> Iterator[Campaign]:
    """The campaign at PATH for reading, without the lock: an act that would change it
    raises UsageProblem (`read_only`), and nothing is ever written. LANG as `open` takes it.

        with campaign_cli.read("campaign.json") as camp:
            print([c["name"] for c in camp.character_list()])
    """
    from campaign_cli import store
    from campaign_cli.i18n import speaking

    language = None
    try:
        _not_twice()
        language = _language(lang)
        with speaking(language), _block(store.open_read(path), False, language) as camp:
            yield camp
    except CampaignError as err:
        err.front = err.front or "library"
        err.lang = err.lang or language
        raise typed(err) from None


def follow(
    path: str | os.PathLike[str], *, after: int | None = None, lang: str | None = None, poll: float = 0.2
) -> Iterator[results.LogEntry]:
    """The journal's entries after entry AFTER (every one when None), then each new one as
    it is committed, by any process or way in (a command, a batch, a library block, undo,
    redo, the merge driver), within POLL seconds; it ends when the caller stops iterating.
    It never holds the lock and reads only what was appended. LANG says each entry's
    `summary` ("en" or "ru", as `open` takes it).

        for entry in campaign_cli.follow("campaign.json", after=12):
            for event in entry["events"]:
                if event["event"] == "xp_awarded":
                    print(campaign_cli.sentence(event))
    """
    from campaign_cli import store
    from campaign_cli.store import follow as tail

    language = _language(lang)
    if after is not None:
        whole_number(after, "after", 0, MAX_ID)
    if isinstance(poll, bool) or not isinstance(poll, (int, float)) or not 0.01 <= poll <= 60:
        raise UsageProblem(Say("{option} takes seconds from 0.01 to 60", option=Opt("poll")), "bad_value")
    try:
        stored = store.open_read(path)  # a campaign file, judged: a missing one raises FileProblem here
    except CampaignError as err:
        err.front, err.lang = err.front or "library", err.lang or language
        raise typed(err) from None
    start = 0 if after is None else tail.start_after(stored.path, after)
    for entry in tail.entries(stored.path, start, poll, after):
        yield _said(entry, language)


def _said(entry: dict[str, Any], lang: str) -> results.LogEntry:
    """ENTRY as `log` shows it, its summary in LANG."""
    from campaign_cli import i18n

    with fresh():
        i18n.use(lang)
        return entry_view(entry)


def sentence(event: results.Event, *, lang: str | None = None) -> str:
    """EVENT as the sentence `log` says it, in LANG ("en" or "ru"; default as `open`):
    `Ajax gets 4 XP: riddle`, «Горазд получает 3 XP: за загадку».

        campaign_cli.sentence({"event": "gold", "name": "Ajax", "change": 2, "before": 1, "after": 3})
    """
    from campaign_cli import i18n
    from campaign_cli.render.events import sentence as said

    language = _language(lang)
    if not isinstance(event, dict) or not isinstance(event.get("event"), str):
        raise UsageProblem(Say("event: a journal event (a dict with an `event` key) is needed"), "bad_value")
    with fresh():
        i18n.use(language)
        return said(dict(event))
