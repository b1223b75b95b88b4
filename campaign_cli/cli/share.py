"""`campaign share git` and `campaign merge`: one campaign on several machines, git as the
transport and the history, the tool as the merge (a git merge driver)."""

import json
import subprocess
import sys
from pathlib import Path
from typing import Annotated, Any

import typer

from campaign_cli import store
from campaign_cli.cli.common import JsonOpt, campaign_path, help_text, reading, writing
from campaign_cli.cli.lazy import command_app, noun_app
from campaign_cli.cli.output import Line, Table, emit, inert
from campaign_cli.errors import CampaignError, FileProblem, Refused, UsageProblem
from campaign_cli.i18n import N_, _, ngettext
from campaign_cli.run import RUN
from campaign_cli.store.layout import packs_text, set_packs_text

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
    from campaign_cli.rules import merge as rules
    from campaign_cli.rules.documents import check_tables

    files = [store.resolve_path(p) for p in (base, ours, theirs)]
    versions = [store.campaign.load(p) for p in files]  # not a campaign: exit 3
    tables = [{**v, "packs": json.loads(packs_text(v))} for v in versions]
    ids = {v["meta"]["1"].get("campaign_id") for v in versions}
    if len(ids) != 1:
        raise FileProblem(
            _("{base}, {ours} and {theirs} are not versions of one campaign (their campaign ids differ)").format(
                base=base, ours=ours, theirs=theirs
            ),
            "different_campaigns",
        )
    local = store.resolve_path(path) if path is not None else None
    if local is not None and local.exists():  # P's journal takes only P's own campaign (CLI.md)
        own = store.campaign.load(local)["meta"]["1"].get("campaign_id")
        if ids != {own}:
            raise FileProblem(
                _("{base}, {ours} and {theirs} are not versions of {path} (their campaign ids differ)").format(
                    base=base, ours=ours, theirs=theirs, path=path
                ),
                "different_campaigns",
            )
    result, conflicts = rules.merge(*tables)
    if conflicts:
        rules.record(result, conflicts)
    try:
        check_tables(
            json.loads(json.dumps({t: result[t] for t in ("meta", "characters", "enemies")})),
            json.loads(json.dumps(result["packs"])),
        )
        set_packs_text(result, store.campaign.encode_packs(result["packs"]))
    except CampaignError as err:  # never write what the tool could not read back: ours, whole
        result, conflicts = versions[1], [rules.Conflict(("campaign", ""), "merge", "ours, whole", err.message)]
        result = json.loads(json.dumps(result))
        rules.record(result, conflicts)
    shown = path if path is not None else ours  # git's OURS is a temporary name: say the campaign's
    summary = f"merged {path} (git)" if path is not None else f"merged {theirs} into {ours}"
    summary += f": {len(conflicts)} conflicts" if conflicts else ""
    store.campaign.write_merge(files[1], versions[1], result, RUN.words, local, summary)
    for c in conflicts:
        kind, name = c.where
        where = " ".join(w for w in (_(KINDS[kind]), inert(name)) if w)
        sys.stderr.write(
            _("campaign: conflict: {where}: {field}: ours {ours}, theirs {theirs}").format(
                where=where,
                field=inert(c.field) or "-",
                ours=inert(json.dumps(c.as_dict()["ours"], ensure_ascii=False)),
                theirs=inert(json.dumps(c.as_dict()["theirs"], ensure_ascii=False)),
            )
            + "\n"
        )
    data = {
        "written": str(files[1]),
        "conflicts": [c.as_dict() for c in conflicts],
        "characters": len(result["characters"]),
        "enemies": len(result["enemies"]),
    }
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
ABSENT = object()  # a side that has no value there: resolving to it removes the field


def _decoded(stored: dict, side: str) -> Any:
    return json.loads(stored[side]) if side in stored else None


def conflict_view(stored: dict) -> dict:
    return {
        "id": stored["id"],
        "where": stored["where"],
        "field": stored["field"],
        **{side: _decoded(stored, side) for side in ("base", "ours", "theirs")},
        "absent": [side for side in ("base", "ours", "theirs") if side not in stored],
        "resolvable": "path" in stored,
    }


def conflicts(json_out: JsonOpt = False) -> None:
    camp = reading()
    data = [conflict_view(c) for c in camp.meta.get("conflicts", [])]

    def cell(c: dict, side: str) -> str:
        return _("(none)") if side in c["absent"] else json.dumps(c[side], ensure_ascii=False)

    rows = [[c["id"], c["where"], c["field"], cell(c, "base"), cell(c, "ours"), cell(c, "theirs")] for c in data]
    views: list[Any] = [
        Table(_("Merge conflicts"), ["#", _("where"), _("field"), _("base"), _("ours"), _("theirs")], rows)
    ]
    if data:
        views.append(Line(_("settle them with `campaign resolve [ID] --ours|--theirs|--value V`")))
    emit(data, views, json_out=json_out)


def _put(camp, path: list, value: Any) -> None:
    """Write VALUE at PATH (a conflict's steps from the tables), or remove it (ABSENT)."""
    table, key, *steps = path
    if table == "meta":
        top, steps = steps[0], steps[1:]
        node = json.loads(json.dumps(camp.meta.get(top)))
        if not steps:
            if value is ABSENT:
                camp.db.table("meta").update(lambda doc: doc.pop(top, None), doc_ids=[1])
            else:
                camp.set_meta(**{top: value})
            return
        _set(node, steps, value)
        camp.set_meta(**{top: node})
        return
    doc = json.loads(json.dumps(camp.data[table][key]))
    _set(doc, steps, value)
    camp.save(table, doc)


def _set(node: Any, steps: list, value: Any) -> None:
    for step in steps[:-1]:
        node = _child(node, step)
    last = steps[-1]
    if isinstance(last, list):  # a list entry, by its key
        entries = node
        found = next((i for i, e in enumerate(entries) if _matches(e, last)), None)
        if value is ABSENT:
            if found is not None:
                del entries[found]
        elif found is None:
            entries.append(value)
        else:
            entries[found] = value
    elif value is ABSENT:
        node.pop(last, None)
    else:
        node[last] = value


def _matches(entry: Any, step: list) -> bool:
    key, wanted = step
    got = entry.get(key) if isinstance(entry, dict) else None
    return (got.casefold() if isinstance(got, str) else got) == wanted


def _child(node: Any, step: Any) -> Any:
    if isinstance(step, list):
        return next(e for e in node if _matches(e, step))
    return node[step]


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
    if ours + theirs + (value is not None) != 1:
        raise UsageProblem(_("give one of --ours, --theirs or --value"))
    if value is not None:
        try:
            chosen_value: Any = json.loads(value)
        except ValueError:
            chosen_value = value
    with writing() as camp:
        open_ = list(camp.meta.get("conflicts", []))
        if not open_:
            raise Refused(_("no merge conflicts to resolve"), "no_conflicts")
        chosen = [c for c in open_ if conflict is None or c["id"] == conflict]
        if not chosen:
            raise Refused(
                _("no conflict #{id}: the open ones are {ids}").format(
                    id=conflict, ids=", ".join(f"#{c['id']}" for c in open_)
                ),
                "unknown_conflict",
            )
        for c in chosen:
            if ours:
                continue
            if "path" not in c:
                raise Refused(
                    _("conflict #{id} ({where}: {field}) can only be settled with --ours").format(
                        id=c["id"], where=c["where"], field=c["field"]
                    ),
                    "ours_only",
                )
            settled = chosen_value if value is not None else _decoded(c, "theirs") if "theirs" in c else ABSENT
            _put(camp, json.loads(c["path"]), settled)
        left = [c for c in open_ if c not in chosen]
        if left:
            camp.set_meta(conflicts=left)
        else:
            camp.db.table("meta").update(lambda doc: doc.pop("conflicts", None), doc_ids=[1])
        how = "ours" if ours else "theirs" if theirs else "a value"
        camp.note(f"resolved {', '.join('#' + str(c['id']) for c in chosen)} with {how}")
    data = {"resolved": [conflict_view(c) for c in chosen], "open": len(left)}
    text = ngettext("resolved {n} conflict; {left} open", "resolved {n} conflicts; {left} open", len(chosen))
    emit(data, Line(text.format(left=len(left))), json_out=json_out)


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
