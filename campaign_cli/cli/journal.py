"""The journal as `log` shows it (Typer-free: the fast path draws it too): a row per
event, said from its facts in the language in use; an entry from before the events were
complete said from the documents it changed; `log --follow`, each new entry as it is
committed."""

from __future__ import annotations

from array import array
from bisect import bisect_left

from campaign_cli import jsontext
from campaign_cli.cli.door import looking
from campaign_cli.cli.output import Table, keep_whole
from campaign_cli.i18n import _, language, moment
from campaign_cli.run import RUN

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing: the fast path
if TYPE_CHECKING:
    from collections.abc import Callable, Iterable, Iterator, Mapping
    from typing import Any


def following(limit: int | None, character: str | None, after: int | None, json_out: bool, jsonl: bool) -> None:
    """`log --follow`: the entries there are (the newest LIMIT, those after AFTER), then each
    new one as it is committed, by any process (store/follow.py), each written and flushed
    at once: a row per event, or with --jsonl one compact object per entry. Ctrl-C ends it
    with exit 130 and nothing said (a read saves nothing)."""
    from campaign_cli.errors import Opt, Say, UsageProblem
    from campaign_cli.store import follow as tail

    if json_out or RUN.capture is not None:
        raise UsageProblem(
            Say(
                "{follow} never ends: one JSON document cannot hold it; use {jsonl}",
                follow=Opt("follow"),
                jsonl=Opt("jsonl"),
            )
        )
    from campaign_cli.library.course import Course

    camp = looking(Course)
    stored = camp._camp
    key = stored.character(character)["name"].casefold() if character is not None else None
    if after is not None:
        start = tail.start_after(stored.path, after)
    elif limit is not None:
        start = tail.start_of_newest(stored.path, limit)
    else:
        start = 0
    try:
        _follow(stored.path, start, after, key, jsonl)
    except BaseException as stop:  # Ctrl-C, SIGTERM (entry.Interrupted): a read saves nothing, says nothing
        if type(stop).__name__ != "Interrupted":
            raise
        raise SystemExit(128 + getattr(stop, "signum", 2)) from None


def _follow(path: Any, start: int, after: int | None, key: str | None, jsonl: bool) -> None:
    import sys

    from campaign_cli.library.core import entry_view
    from campaign_cli.store import follow as tail

    write = sys.stdout.write
    for raw in tail.entries(path, start, 0.2, after, idle=sys.stdout.flush):
        entry = entry_view(raw)
        if key is not None and key not in (n.casefold() for n in entry["characters"]):
            continue
        if jsonl:
            write(jsontext.shown(entry, separators=(",", ":")) + "\n")
        else:
            for row in entry_rows(entry):
                write("  ".join(str(cell) for cell in row if cell != "").rstrip() + "\n")
        sys.stdout.flush()


def entry_rows(entry: Mapping[str, Any]) -> Iterator[tuple[Any, ...]]:
    """An entry's rows in `log` and `log --follow`: a row per event (its number, time, kind,
    the sentence; the command on the first), or, without events (an entry from before them,
    as the feed shows it), one row saying it from its English summary."""
    from campaign_cli.render.events import sentence

    when = entry["time"] if language() == "en" else moment(entry["time"])
    number = entry["seq"] if entry["seq"] is not None else ""  # a roll that changed nothing has none
    kind = kind_word(entry)
    if not entry.get("events"):
        yield (number, when, kind, entry["summary"] or "—", entry["command"])
        return
    for at, event in enumerate(entry["events"]):
        yield (number, when, kind, sentence(event), entry["command"] if at == 0 else "")


def log_table(entries: Callable[[], Iterable[Mapping[str, Any]]], camp: Any) -> Table:
    """The journal: one row per event, each said from its facts in the language in use
    (`render.events`), carrying its entry's number, time and kind; an entry of many acts
    (a batch, a library block) is one row per event under its label on the first. An
    entry from before the events were complete is said from the documents it changed
    (what_happened), an undo of one from what it took back; a roll entry from its dice.
    Russian shows the time in the local time zone; English the stored UTC stamp. ENTRIES
    is read twice (the older entries to walk for, then the rows): rows hold text."""
    from campaign_cli.render.journal import roll_text

    english = language() == "en"
    seqs = array("q")  # the older entries said from their patches: 8 bytes each
    for e in entries():
        if not e.get("events"):
            if e["seq"] is not None:
                seqs.append(e["seq"])
            if "undoes" in e:
                seqs.append(e["undoes"])
    said = what_happened(camp, Seqs(seqs))

    def rows() -> Iterator[tuple[Any, ...]]:
        for e in entries():
            if e.get("events"):
                yield from entry_rows(e)
                continue
            when = e["time"] if english else moment(e["time"])
            number = e["seq"] if e["seq"] is not None else ""
            yield (number, when, kind_word(e), older_entry(e, said, english, roll_text) or "—", e["command"])

    keep_whole(_names_of(camp))
    return Table(
        _("Journal"),
        ["#", _("time"), _("kind"), _("what happened"), _("command")],
        rows,
        ("", "", "aside", "text", "aside"),  # on a narrow terminal the kind, then the command, give way
    )


def _names_of(camp: Any) -> list[str]:
    """The campaign's characters' and enemy types' names (the journal's sentences name them)."""
    data = getattr(camp, "data", None) or {}
    docs = [*(data.get("characters") or {}).values(), *(data.get("enemies") or {}).values()]
    return [d["name"] for d in docs if isinstance(d, dict) and isinstance(d.get("name"), str)]


def kind_word(entry: Mapping[str, Any]) -> str:
    """What kind of entry it is, in words: a change, a batch, a script, a roll, an undo..."""
    block = entry.get("block")
    if block == "batch":
        return _("batch")
    if block == "python":
        return _("script")
    words = {
        "init": _("creation"),
        "change": _("change"),
        "roll": _("roll"),
        "undo": _("undo"),
        "redo": _("redo"),
        "merge": _("merge"),
    }
    return words.get(entry["kind"], entry["kind"] or "")


def older_entry(e: Mapping[str, Any], said: Any, english: bool, roll_text: Callable[..., str | None]) -> str:
    """What an entry from before the events were complete did, said from its facts."""
    what = said.get(e["seq"], ("", ""))[0]
    if e["seq"] is None:  # a roll-only entry: the checks it rolled
        what = "; ".join(t for t in map(roll_text, e.get("rolls", [])) if t)
    if "undoes" in e:  # what the undone entry did, or else the command it ran
        did, command = said.get(e["undoes"], ("", "?"))
        what = _("Took back #{seq}: {what}").format(seq=e["undoes"], what=did or command)
        if len(e.get("undoes_all", [])) > 1:
            what = _("Took back #{first}..#{last}").format(first=e["undoes_all"][0], last=e["undoes"])
    if "redoes" in e:
        what = _("Put back what #{seq} took back").format(seq=e["redoes"])
    if not what and english:
        what = e["summary"]
    return str(what)


class Seqs:
    """A set of journal seqs kept as a sorted array (8 bytes a seq, not a set's 60)."""

    def __init__(self, seqs: Iterable[int]) -> None:
        ordered = sorted(seqs)
        self.sorted = array("q", (s for i, s in enumerate(ordered) if i == 0 or ordered[i - 1] != s))

    def __contains__(self, seq: object) -> bool:
        at = bisect_left(self.sorted, seq) if isinstance(seq, int) else len(self.sorted)
        return at < len(self.sorted) and self.sorted[at] == seq

    def low(self) -> int:
        return self.sorted[0] if self.sorted else 0


class Said:
    """seq -> (what the entry did, its command), kept on disk as the walk back says them:
    memory holds 16 bytes an entry, whatever the words (a `log` of 100,000 entries)."""

    def __init__(self) -> None:
        import tempfile

        self.spool = tempfile.TemporaryFile()
        self.seqs, self.at = array("q"), array("q")  # descending: the walk goes back

    def put(self, seq: int, told: tuple[str, str]) -> None:
        self.seqs.append(-seq)
        self.at.append(self.spool.tell())
        self.spool.write(jsontext.dumps(told, separators=(",", ":")).encode("utf-8", "surrogatepass") + b"\n")

    def get(self, seq: Any, default: tuple[str, str]) -> tuple[str, str]:
        at = bisect_left(self.seqs, -seq) if isinstance(seq, int) else len(self.seqs)
        if at >= len(self.seqs) or self.seqs[at] != -seq:
            return default
        self.spool.seek(self.at[at])
        what, command = jsontext.loads(self.spool.readline().decode("utf-8", "surrogatepass"))
        self.spool.seek(0, 2)
        return what, command


def what_happened(camp: Any, wanted: Seqs) -> Said:
    """seq -> (what that journal entry did to the characters (and kills, keywords), said in
    the chosen language from its facts: the documents it changed, walked back from now as
    the recap does; "" for an entry that touched no character, and its command). Each entry
    is said as the walk reaches it, and its words go to a spool. A journal whose patches
    cannot be walked (damaged by hand) is described as far as it can be: the words are a
    view, and `undo` refuses such an entry on its own (exit 3)."""
    said = Said()
    low = wanted.low()
    from campaign_cli.store import history

    tell = teller(camp)
    try:
        for entry, changes in history.history(camp, lambda e: e.get("seq") in wanted) if wanted.sorted else ():
            seq = entry.get("seq")
            if seq is not None and seq in wanted:
                said.put(seq, tell(entry, changes))
            if seq is not None and seq <= low:
                break
    except (AttributeError, IndexError, KeyError, TypeError, ValueError):
        pass  # a damaged patch: what was said so far stands
    return said


def told(camp: Any, pairs: list[tuple[dict[str, Any], dict[str, Any]]]) -> dict[int, tuple[str, str]]:
    """seq -> (what each (entry, its changes) did, said from its facts; its command)."""

    tell = teller(camp)
    return {entry["seq"]: tell(entry, changes) for entry, changes in pairs}


def teller(camp: Any) -> Callable[[dict[str, Any], dict[str, Any]], tuple[str, str]]:
    """What one (entry, its changes) did, said from its facts, and its command. A character
    the entry created or deleted is named as its documents name it."""
    from campaign_cli.library.core import entry_view
    from campaign_cli.render.journal import entry_text
    from campaign_cli.rules.recap import Recap

    now = [*camp.characters()]
    names = {c["id"]: c["name"] for c in now}
    genders = {c["name"]: c.get("gender") for c in now}

    def tell(entry: dict[str, Any], changes: dict[str, Any]) -> tuple[str, str]:
        view = entry_view(entry)
        if view["events"]:  # said from its events, as `log` says it
            return view["summary"], view["command"]
        docs = [d for pair in changes.get("characters", {}).values() for d in pair if isinstance(d, dict)]
        known = {**{d["id"]: d["name"] for d in reversed(docs) if "id" in d and "name" in d}, **names}
        sexes = {**{d["name"]: d.get("gender") for d in reversed(docs) if "name" in d}, **genders}
        fold = Recap(known)
        fold.add(entry, changes)
        return entry_text(fold.result(), entry, sexes), entry_view(entry)["command"]

    return tell
