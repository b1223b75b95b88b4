"""`campaign batch [FILE|-]`: many commands, one process, one transaction."""

from __future__ import annotations

import io
import json
import sys
from contextlib import redirect_stdout
from typing import Annotated

import typer

from campaign_cli import store
from campaign_cli.cli import output
from campaign_cli.cli.common import CTX, JsonOpt, campaign_path, help_text
from campaign_cli.cli.lazy import command_app
from campaign_cli.errors import CampaignError, UsageProblem

batch_app = command_app()

# Commands that manage files or the journal themselves cannot run inside another transaction.
NOT_IN_BATCH = {"batch", "init", "import", "export", "undo", "demo"}


class LineFailed(Exception):
    def __init__(self, line: int, error: CampaignError) -> None:
        super().__init__(error.message)
        self.line, self.error = line, error


def read_source(source: str) -> str:
    try:
        return sys.stdin.read() if source == "-" else open(source, encoding="utf-8").read()
    except (OSError, UnicodeDecodeError) as exc:
        raise UsageProblem(f"cannot read {source}: {getattr(exc, 'strerror', None) or exc}", "bad_file") from None


def parse_lines(text: str) -> list[tuple[int, list[str]]]:
    """JSON Lines of {"args": [...]}; blank lines are skipped; a malformed line fails the batch."""
    out = []
    for number, raw in enumerate(text.splitlines(), 1):
        if not raw.strip():
            continue
        try:
            obj = json.loads(raw)
        except ValueError:
            raise LineFailed(number, UsageProblem("not a JSON object", "bad_line")) from None
        args = obj.get("args") if isinstance(obj, dict) else None
        if not isinstance(args, list) or not args or not all(isinstance(a, str) for a in args):
            raise LineFailed(number, UsageProblem('expected {"args": ["command", ...]} with a non-empty list of strings', "bad_line"))
        if args[0] in NOT_IN_BATCH or args[0].startswith("-"):
            raise LineFailed(number, UsageProblem(f"{args[0]!r} cannot run inside a batch", "bad_line"))
        out.append((number, args))
    return out


def run_lines(root, camp: store.Campaign, lines: list[tuple[int, list[str]]]) -> list[dict]:
    """Run every line against the shared campaign; the first failure raises LineFailed."""
    from campaign_cli.cli.app import execute

    results, summaries = [], []
    sink = io.StringIO()
    for number, args in lines:
        output.STATE.capture = captured = []
        camp.summary, camp.extra = "", {}
        try:
            with redirect_stdout(sink):
                code = execute(root, args)
        except CampaignError as err:
            raise LineFailed(number, err) from None
        if code:
            raise LineFailed(number, CampaignError(f"exited with {code}", "failed"))
        results.append({"line": number, "result": captured[-1] if captured else None})
        if camp.summary:
            summaries.append({"line": number, "args": args, "summary": camp.summary, **camp.extra})
        sink.seek(0)
        sink.truncate()
    return results, summaries


@batch_app.command("batch", help=help_text(
    "Run JSON Lines of commands in one process and one transaction: all are saved, or none.",
    "printf '%s\\n' '{\"args\": [\"xp\", \"award\", \"5\", \"Ajax\"]}' | campaign batch -",
    "campaign batch session.jsonl > results.jsonl",
))
def batch(
    ctx: typer.Context,
    source: Annotated[str, typer.Argument(metavar="[FILE|-]", help="JSON Lines file; - or nothing reads stdin.")] = "-",
    json_out: JsonOpt = False,
) -> None:
    root = ctx.find_root().command
    try:
        lines = parse_lines(read_source(source))
        with store.transaction(campaign_path(), CTX.words) as camp:
            CTX.batch = camp
            try:
                results, summaries = run_lines(root, camp, lines)
            finally:
                CTX.batch = None
                output.STATE.capture = None
            camp.summary = f"batch of {len(lines)} command(s)"
            camp.touched = sorted(set(camp.touched))
            camp.extra = {"lines": summaries}
    except LineFailed as failed:
        output.STATE.json_errors = True  # CLI.md: the error object carries "line"
        raise typer.Exit(output.fail(failed.error, line=failed.line)) from None
    output.write_jsonl(results)
