"""Generate man pages from the Typer command tree (click-man does not work with
Typer's vendored Click). `python -m campaign_cli.cli.manpage man/` rewrites the
committed pages; tests/test_manpages.py fails when they are stale."""

from __future__ import annotations

import sys
from pathlib import Path

from typer import _click as click

from campaign_cli import __version__

DATE = "2026-11"  # fixed, so regenerating changes a page only when its content does


def _esc(text: str) -> str:
    text = text.replace("\\", "\\e").replace("-", "\\-")
    return "\n".join(("\\&" + line) if line[:1] in ".'" else line for line in text.splitlines())


def _walk(cmd: click.Command, path: list[str]):
    yield path, cmd
    if hasattr(cmd, "commands"):
        ctx = click.Context(cmd)
        for name in cmd.list_commands(ctx):
            yield from _walk(cmd.get_command(ctx, name), [*path, name])


def _body(text: str) -> str:
    out = []
    for para in (text or "").replace("\b\n", "").split("\n\n"):
        lines = para.splitlines()
        if lines and lines[0].rstrip(":") == "Examples":
            out.append(".SH EXAMPLES")
            out += [f".PP\n.nf\n{_esc(line.strip())}\n.fi" for line in lines[1:]]
        elif para.strip():
            out.append(f".PP\n{_esc(' '.join(l.strip() for l in lines))}")
    return "\n".join(out)


def render(path: list[str], cmd: click.Command, ctx: click.Context) -> str:
    name = "-".join(path)
    summary = (cmd.get_short_help_str(limit=200) or "").rstrip(".")
    usage = " ".join(cmd.collect_usage_pieces(ctx))
    lines = [
        f'.TH "{name.upper()}" "1" "{DATE}" "campaign {__version__}" "campaign manual"',
        ".SH NAME",
        f"{_esc(name)} \\- {_esc(summary)}",
        ".SH SYNOPSIS",
        f".B {_esc(' '.join(path))}\n{_esc(usage)}",
        ".SH DESCRIPTION",
        _body(cmd.help or ""),
    ]
    options = [p for p in cmd.get_params(ctx) if p.param_type_name == "option" and not getattr(p, "hidden", False)]
    if options:
        lines.append(".SH OPTIONS")
        for opt in options:
            record = opt.get_help_record(ctx)
            if record:
                lines.append(f".TP\n\\fB{_esc(record[0])}\\fR\n{_esc(record[1])}")
    if hasattr(cmd, "commands"):
        lines.append(".SH COMMANDS")
        for sub in cmd.list_commands(ctx):
            lines.append(f".TP\n\\fB{_esc(' '.join([*path, sub]))}\\fR\n{_esc(cmd.get_command(ctx, sub).get_short_help_str(limit=200))}\n"
                         f"See \\fB{_esc('-'.join([*path, sub]))}\\fR(1).")
    lines += COMMON
    if len(path) > 1:
        lines.append(".SH SEE ALSO\n\\fBcampaign\\fR(1)")
    return "\n".join(lines) + "\n"


# The same on every page: what a script checks, what the tool reads, what it writes.
COMMON = [
    ".SH EXIT STATUS",
    ".TP\n0\nDone (a check rolled and failed is still 0).",
    ".TP\n1\nRefused: a rule forbids it, a name matches nothing, or a name is taken.",
    ".TP\n2\nUsage: unknown option, malformed value, an amount out of bounds.",
    ".TP\n3\nThe campaign file cannot be used: missing, unreadable, not a campaign, newer, or locked.",
    ".TP\n130, 143\nInterrupted (SIGINT, SIGTERM) before the change was saved: nothing saved.",
    ".SH ENVIRONMENT",
    ".TP\n.B CAMPAIGN_FILE\nThe campaign file when \\fB\\-\\-campaign\\fR is not given (default: campaign.json here).",
    ".TP\n.B CAMPAIGN_LOCK_WAIT\nSeconds a writer waits for another writer's lock (default 5).",
    ".TP\n.B CAMPAIGN_LANG\nThe language of the human interface: en or ru (else the locale's).",
    ".TP\n.B NO_COLOR\nWhen set, terminal output has no colour.",
    ".TP\n.B CAMPAIGN_DEBUG\nWhen set, an internal error shows its Python traceback.",
    ".SH FILES",
    ".TP\n.I campaign.json\nThe campaign (or the \\fB\\-\\-campaign\\fR path): characters, enemies, catalog packs.",
    ".TP\n.I campaign.json.journal\nEvery change and roll, for \\fBcampaign log\\fR and \\fBcampaign undo\\fR.",
    ".TP\n.I campaign.json.lock\nHeld while a command writes.",
]


def pages() -> dict[str, str]:
    from campaign_cli.cli.app import get_command

    root = get_command()
    out = {}
    for path, cmd in _walk(root, ["campaign"]):
        ctx = click.Context(cmd, info_name=" ".join(path))
        out["-".join(path) + ".1"] = render(path, cmd, ctx)
    return out


def write(folder: Path) -> list[str]:
    folder.mkdir(parents=True, exist_ok=True)
    want = pages()
    for old in folder.glob("*.1"):
        if old.name not in want:
            old.unlink()
    for name, text in want.items():
        (folder / name).write_text(text)
    return sorted(want)


if __name__ == "__main__":
    names = write(Path(sys.argv[1] if len(sys.argv) > 1 else "man"))
    print(f"wrote {len(names)} pages")
