"""`campaign recap`: what happened this adventure (or since a date, or the last game
night), from the journal, for a group chat or a script."""

from typing import Annotated

import typer

from campaign_cli.cli.common import JsonOpt, help_text, reading
from campaign_cli.cli.journalviews import healing, killing, listed, sentences
from campaign_cli.cli.lazy import command_app
from campaign_cli.cli.output import Line, emit, markdown_text
from campaign_cli.errors import Refused, UsageProblem
from campaign_cli.i18n import _, moment
from campaign_cli.rules.recap import recap as summarize
from campaign_cli.run import RUN

recap_app = command_app()
GAP_HOURS = 6  # `--last`: a game night is the newest run of entries without a gap this long


def _hours(a: str, b: str) -> float:
    from datetime import datetime

    fmt = "%Y-%m-%dT%H:%M:%SZ"
    return abs((datetime.strptime(a, fmt) - datetime.strptime(b, fmt)).total_seconds()) / 3600


def _part(entry: dict, *words: str) -> dict | None:
    """The entry, or the line of a batch entry, whose command starts with WORDS (a batch
    may start or end an adventure in one of its lines)."""
    for part in entry.get("lines") or [entry]:
        if (part.get("args") or part.get("command") or [])[: len(words)] == list(words):
            return part
    return None


def _is(entry: dict, *words: str) -> bool:
    return _part(entry, *words) is not None


def select(history, meta: dict, adventure: int | None, since: str | None, last: bool) -> tuple[list, str | None]:
    """Walk the journal back (newest first) and keep the chosen stretch, stopping where it
    starts: the cost follows the stretch, not the journal. Returns (entries oldest first, title)."""
    kept: list = []
    title = None
    current = meta["adventure"] if meta["phase"] == "adventure" else None
    in_current = current is not None and adventure in (None, current.get("number"))
    collecting = since is not None or last or in_current
    for entry, changes in history:
        if since is not None and entry.get("time", "") < since:
            break
        if last and kept and _hours(kept[-1][0].get("time", ""), entry.get("time", "")) >= GAP_HOURS:
            break
        if not collecting:  # an earlier adventure: from its end back to its start
            ended = _part(entry, "adventure", "end")
            if not (ended and adventure in (None, ended.get("adventure_end"))):
                continue
            collecting = True
        kept.append((entry, changes))
        started = _part(entry, "adventure", "start")
        if since is None and not last and started is not None:
            title = _title(started)
            break
    if adventure is not None and title is None and not in_current:
        raise Refused(
            _('no adventure number {adventure} in the journal').format(adventure=adventure), "unknown_adventure"
        )
    if in_current and title is None and not (since or last):
        title = (current or {})["title"]
    kept.reverse()
    return kept, title


def _title(entry: dict) -> str | None:
    """The title an `adventure start` entry records (a fact of the entry); a journal from
    before it was recorded: read back from the English summary."""
    if isinstance(entry.get("adventure_title"), str):
        return entry["adventure_title"]
    summary = entry.get("summary", "")
    return summary.split(": ", 1)[1] if ": " in summary else None


def _genders(camp) -> dict[str, str | None]:
    return {c["name"]: c.get("gender") for c in camp.characters()}


def markdown(data: dict, genders: dict) -> str:
    head = _("## Recap: {title}").format(title=markdown_text(data["adventure"])) if data["adventure"] else _("## Recap")
    lines = [
        head,
        "",
        "*" + _("{start} to {end}").format(start=moment(data["from"]), end=moment(data["to"])) + "*",
        "",
        _("- **Fights:** {fights}").format(fights=data["fights"]),
        _("- **Enemies killed:** {names}").format(names=markdown_text(listed(data["kills"]))),
        *(f"  - {markdown_text(killing(k))}" for k in data["killed_by"]),
        *([_("- **Healing:**")] if data["healed"] else []),
        *(f"  - {markdown_text(healing(h))}" for h in data["healed"]),
        _("- **Keywords learned:** {words}").format(words=markdown_text(listed(data["keywords"]))),
    ]
    for row in data["characters"]:
        lines += ["", f"### {markdown_text(row['name'])}", ""]
        said = sentences(row, genders.get(row["name"]))
        lines += [f"- {markdown_text(text)}" for text in said] or ["- " + _("nothing")]
    return "\n".join(lines) + "\n"


@recap_app.command(
    "recap",
    help=help_text(
        "What happened, from the journal: per character XP, karma, wishes, curses, damage, knock-outs, deaths, "
        "items, gold, dark stone, checks; fights, kills and keywords. Default: the current adventure, or the last one.",
        "campaign recap",
        "campaign recap --format md > recap.md",
        "campaign recap --adventure 2 --json",
        "campaign recap --since 2026-11-01",
        "campaign recap --last",
    ),
)
def recap(
    adventure: Annotated[
        int | None, typer.Option("--adventure", min=1, max=1_000_000, metavar="N", help="The Nth adventure.")
    ] = None,
    since: Annotated[
        str | None, typer.Option("--since", metavar="DATE", help="Everything since DATE (YYYY-MM-DD or an ISO time).")
    ] = None,
    last: Annotated[
        bool, typer.Option("--last", help="The last game night: the newest entries with no 6-hour gap.")
    ] = False,
    format_: Annotated[
        str, typer.Option("--format", metavar="text|md|json", help="md: Markdown for a group chat; json: as --json.")
    ] = "text",
    json_out: JsonOpt = False,
) -> None:
    if sum(x is not None and x is not False for x in (adventure, since, last)) > 1:
        raise UsageProblem(_("give one of --adventure, --since or --last"))
    if format_ not in ("text", "md", "json"):
        raise UsageProblem(_('--format takes text, md or json, not {format!r}').format(format=format_))
    json_out = json_out or format_ == "json"
    if since is not None:
        since = _date(since)
    camp = reading()
    chosen, title = select(camp.history(), camp.meta, adventure, since, last)
    names = {c["id"]: c["name"] for c in camp.characters()}
    data = {
        "from": chosen[0][0].get("time") if chosen else None,
        "to": chosen[-1][0].get("time") if chosen else None,
        "adventure": title,
        **summarize(chosen, names),
    }
    if format_ == "md" and not json_out and RUN.capture is None:
        import sys

        sys.stdout.write(markdown(data, _genders(camp)))
        return
    when = _("{start} to {end}").format(start=moment(data["from"]), end=moment(data["to"]))
    views: list = [
        Line((_("Recap: {title} ({when})") if title else _("Recap ({when})")).format(title=title, when=when)),
        Line(
            _("fights {fights}; enemies killed: {names}; keywords: {words}").format(
                fights=data["fights"], names=listed(data["kills"]), words=listed(data["keywords"])
            )
        ),
    ]
    if data["killed_by"]:
        views.append(Line(_("who killed whom: {list}").format(list="; ".join(map(killing, data["killed_by"])))))
    if data["healed"]:
        views.append(Line(_("healing: {list}").format(list="; ".join(map(healing, data["healed"])))))
    genders = _genders(camp)
    for row in data["characters"]:
        said = sentences(row, genders.get(row["name"])) or [_("nothing")]
        # a character's sentences under the name: a list, not a table of labels and values
        views += [Line(""), Line(row["name"]), *(Line(f"  {text}") for text in said)]
    emit(data, views, json_out=json_out)


def _date(text: str) -> str:
    """A date or time as the journal writes times (UTC), for comparing."""
    from datetime import datetime

    for fmt, out in (
        ("%Y-%m-%d", "%Y-%m-%dT00:00:00Z"),
        ("%Y-%m-%dT%H:%M:%SZ", "%Y-%m-%dT%H:%M:%SZ"),
        ("%Y-%m-%dT%H:%M:%S", "%Y-%m-%dT%H:%M:%SZ"),
        ("%Y-%m-%dT%H:%M", "%Y-%m-%dT%H:%M:00Z"),
    ):
        try:
            return datetime.strptime(text.strip(), fmt).strftime(out)
        except ValueError:
            continue
    raise UsageProblem(
        _('--since {text!r}: give a date like 2026-11-30 or a time like 2026-11-30T18:00').format(text=text),
        "bad_value",
    )
