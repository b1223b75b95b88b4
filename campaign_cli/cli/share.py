"""`campaign share git` and `campaign merge`: one campaign on several machines, git as the
transport and the history, the tool as the merge (a git merge driver)."""

import subprocess
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import Annotated, Any

import typer

from campaign_cli import jsontext, store
from campaign_cli.cli.common import JsonlOpt, JsonOpt, acting, help_text, looking
from campaign_cli.cli.door import campaign_path
from campaign_cli.cli.lazy import command_app, noun_app
from campaign_cli.cli.output import Line, Table, emit
from campaign_cli.errors import FileProblem, Refused
from campaign_cli.i18n import N_, _, empty, ngettext
from campaign_cli.library.course import Course
from campaign_cli.render.text import inert

share_app = noun_app(
    help_text("Share the campaign between machines (git carries it, `campaign merge` merges it).", "campaign share git")
)
merge_app = command_app()

DRIVER = "merge %O %A %B --path %P"  # after the command that runs this tool (driver())


def driver() -> str:
    """The merge driver git runs: the absolute path of the `campaign` that ran `share git`
    (a virtual environment's bin is often not on the PATH git merges with), or this
    Python with `-m campaign_cli`; quoted for git's shell."""
    import shlex
    import sys
    from pathlib import Path

    script = Path(sys.argv[0]).resolve() if sys.argv and sys.argv[0] else None
    if script is not None and script.is_file() and script.suffix != ".py":
        command = shlex.quote(str(script))
    else:
        command = f"{shlex.quote(str(Path(sys.executable).resolve()))} -m campaign_cli"
    return f"{command} {DRIVER}"


KINDS = {"character": N_("character"), "enemy": N_("enemy"), "packs": N_("packs"), "campaign": N_("campaign")}


def _git(folder: Path, *args: str) -> str:
    try:
        done = subprocess.run(["git", *args], cwd=folder, capture_output=True, text=True, timeout=60)
    except FileNotFoundError:
        raise Refused(_("git is not installed"), "no_git") from None
    if done.returncode:
        raise Refused(
            _("git {args}: {why}").format(args=" ".join(args), why=done.stderr.strip() or done.returncode), "git_failed"
        )
    return done.stdout.strip()


def _add_lines(path: Path, lines: list[str]) -> list[str]:
    """Append the LINES that PATH does not hold yet; returns those added."""
    text = path.read_text(encoding="utf-8") if path.exists() else ""
    have = {line.strip() for line in text.splitlines()}
    new = [line for line in lines if line not in have]
    if new:
        with path.open("a", encoding="utf-8") as fh:
            fh.write(("" if not text or text.endswith("\n") else "\n") + "\n".join(new) + "\n")
    return new


@share_app.command(
    "git",
    help=help_text(
        "Set up the git work tree the campaign file is in: the campaign file merges with `campaign merge` "
        "(.gitattributes, and the driver in the repository's config); its journal and lock stay local (.gitignore). "
        "Run it in each clone (git does not carry its config). `campaign` must be on PATH when git runs.",
        "campaign share git",
        "git clone keeper:gold-road && cd gold-road && campaign share git",
    ),
)
def git(json_out: JsonOpt = False) -> None:
    path = store.resolve_path(campaign_path())
    if not path.exists():
        raise FileProblem(_('no campaign file at {path}').format(path=path), "no_campaign")
    try:
        top = Path(_git(path.parent, "rev-parse", "--show-toplevel"))
    except Refused as err:  # git's own words are English (or git's language): say it in ours
        if err.code != "git_failed":
            raise
        raise Refused(
            _("{folder} is not inside a git work tree: run `git init` there first").format(folder=path.parent),
            "not_a_repository",
        ) from None
    rel = path.relative_to(store.resolve_path(top)).as_posix()
    quoted = rel.replace(" ", "[[:space:]]")  # gitattributes patterns cannot hold a plain space
    attributes = _add_lines(top / ".gitattributes", [f"{quoted} merge=campaign"])
    ignored = _add_lines(top / ".gitignore", [f"{quoted}.journal", f"{quoted}.lock"])
    _git(top, "config", "merge.campaign.name", "campaign: a field-by-field merge of a campaign file")
    command = driver()
    _git(top, "config", "merge.campaign.driver", command)
    data = {
        "repository": str(top),
        "campaign": rel,
        "gitattributes": attributes,
        "gitignore": ignored,
        "driver": command,
    }
    emit(
        data,
        [
            Line(_("{file} merges with `campaign merge` in {repo}").format(file=rel, repo=top)),
            Line(_("commit .gitattributes and .gitignore; run `campaign share git` in every clone")),
        ],
        json_out=json_out,
    )


@merge_app.command(
    "merge",
    help=help_text(
        "A three-way merge of three versions of one campaign, field by field; the result is written to OURS. "
        "Exit 0 when clean; 1 when both sides changed a field differently (ours kept there, each conflict on stderr); "
        "3 when the files are not versions of one campaign. With --path, one `merge` entry goes to that campaign's "
        "journal, so `undo` takes the whole merge back. Git runs it as a merge driver (`campaign share git`).",
        "campaign merge base.json ours.json theirs.json",
        "campaign merge %O %A %B --path %P",
    ),
)
def merge(
    base: Annotated[str, typer.Argument(metavar="BASE", help="The common ancestor.")],
    ours: Annotated[str, typer.Argument(metavar="OURS", help="Our version; the result is written here.")],
    theirs: Annotated[str, typer.Argument(metavar="THEIRS", help="Their version.")],
    path: Annotated[
        str | None,
        typer.Option("--path", metavar="P", help="The campaign file the merge is for (its journal records it)."),
    ] = None,
    json_out: JsonOpt = False,
) -> None:
    from campaign_cli import api

    data = api.merge(base, ours, theirs, path)
    conflicts = data["conflicts"]
    shown = path if path is not None else ours  # git's OURS is a temporary name: say the campaign's
    for c in conflicts:
        where = " ".join(w for w in (_(KINDS[c["kind"]]), inert(c["name"])) if w)
        sys.stderr.write(
            _("campaign: conflict: {where}: {field}: ours {ours}, theirs {theirs}").format(
                where=where,
                field=inert(c["field"]) or empty(),
                ours=inert(jsontext.dumps(c["ours"])),
                theirs=inert(jsontext.dumps(c["theirs"])),
            )
            + "\n"
        )
    emit(
        data,
        Line(
            ngettext("merged {file}: {n} conflict", "merged {file}: {n} conflicts", len(conflicts)).format(file=shown)
            if conflicts
            else _("merged {file}").format(file=shown)
        ),
        json_out=json_out,
    )
    if conflicts:
        raise typer.Exit(1)


# -- conflicts a merge left (CLI.md "Sharing through git") ------------------------------------
def conflicts(json_out: JsonOpt = False, jsonl: JsonlOpt = False) -> None:
    data = looking(Course).conflicts()

    def cell(c: Mapping[str, Any], side: str) -> str:
        return _("(none)") if side in c["absent"] else jsontext.dumps(c[side])

    rows = [[c["id"], c["where"], c["field"], cell(c, "base"), cell(c, "ours"), cell(c, "theirs")] for c in data]
    views: list[Any] = [
        Table(
            _("Merge conflicts"),
            ["#", _("where"), _("field"), _("base"), _("ours"), _("theirs")],
            rows,
            ("id", "name", "", "text", "text", "text"),
        )
    ]
    if data:
        views.append(Line(_("settle them with `campaign resolve [ID] --ours|--theirs|--value V`")))
    emit(data, views, json_out=json_out, jsonl=jsonl)


def resolve(
    conflict: Annotated[
        int | None,
        typer.Argument(metavar="[ID]", min=1, help="The conflict (from `campaign conflicts`); default: all."),
    ] = None,
    ours: Annotated[bool, typer.Option("--ours", help="Keep our value (the one the file has).")] = False,
    theirs: Annotated[bool, typer.Option("--theirs", help="Take their value.")] = False,
    value: Annotated[
        str | None, typer.Option("--value", metavar="V", help="Set this value (JSON, or else a text).")
    ] = None,
    json_out: JsonOpt = False,
) -> None:
    given: dict[str, Any] = {}
    if value is not None:
        try:
            given["value"] = jsontext.loads(value)
        except ValueError:
            given["value"] = value
    with acting(Course) as camp:
        data = camp.resolve(conflict, ours=ours, theirs=theirs, **given)
    text = ngettext("resolved {n} conflict; {left} open", "resolved {n} conflicts; {left} open", len(data["resolved"]))
    emit(data, Line(text.format(left=data["open"])), json_out=json_out)


conflicts_app, resolve_app = command_app(), command_app()
conflicts_app.command(
    "conflicts",
    help=help_text(
        "The fields a merge found changed differently on both sides (base, ours, theirs), kept in the campaign "
        "file until `campaign resolve` settles them; while any is open, changes are refused.",
        "campaign conflicts",
        "campaign conflicts --json | jq '.[].field'",
    ),
)(conflicts)
resolve_app.command(
    "resolve",
    help=help_text(
        "Settle a merge conflict (or all): keep ours, take theirs, or set a value.",
        "campaign resolve --theirs",
        "campaign resolve 2 --ours",
        "campaign resolve 3 --value 12",
    ),
)(resolve)
