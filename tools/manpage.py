"""Generate man pages from the Typer command tree (click-man does not work with
Typer's vendored Click). `python tools/manpage.py man` rewrites the committed English
pages, `python tools/manpage.py man/ru --lang ru` the Russian ones (tools/generate.py runs
both); tests/test_manpages.py fails when either set is stale. A generator, not shipped."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from campaign_cli import __version__
from campaign_cli.cli import speech
from campaign_cli.cli.framework import click
from campaign_cli.i18n import N_, _
from campaign_cli.run import RUN

DATE = "2026-11"  # fixed, so regenerating changes a page only when its content does


def _esc(text: str) -> str:
    text = text.replace("\\", "\\e").replace("-", "\\-")
    return "\n".join(("\\&" + line) if line[:1] in ".'" else line for line in text.splitlines())


def _walk(cmd: Any, path: list[str]) -> Iterator[tuple[list[str], Any]]:
    yield path, cmd
    if hasattr(cmd, "commands"):
        ctx = click.Context(cmd)
        for name in cmd.list_commands(ctx):
            yield from _walk(cmd.get_command(ctx, name), [*path, name])


EXAMPLE_WIDTH = 72  # an example line fits 80 columns after man's indent of 7


def wrap_example(line: str, width: int = EXAMPLE_WIDTH) -> str:
    """A long example command broken at spaces outside quotes, each break a shell
    continuation (` \\`), the next line indented: it still pastes as one command."""
    import shlex

    if len(line) <= width:
        return line
    lexer = shlex.shlex(line, posix=False, punctuation_chars=False)
    lexer.whitespace_split = True
    words = list(lexer)
    out, current = [], ""
    for word in words:
        candidate = f"{current} {word}" if current else word
        if current and len(candidate) > width - 2:
            out.append(current + " \\")
            current = "    " + word
        else:
            current = candidate
    out.append(current)
    return "\n".join(out)


def _body(text: str) -> str:
    out = []
    for para in (text or "").replace("\b\n", "").split("\n\n"):
        lines = para.splitlines()
        if lines and lines[0] in ("Examples:", _("Examples:")):
            out.append(".SH " + _("EXAMPLES"))
            shown = [speech.examples_in(line).strip() for line in lines[1:]]
            out += [f".PP\n.nf\n{_esc(wrap_example(line))}\n.fi" for line in shown]
        elif para.strip():
            out.append(f".PP\n{_esc(' '.join(text.strip() for text in lines))}")
    return "\n".join(out)


def render(path: list[str], cmd: Any, ctx: click.Context) -> str:
    name = "-".join(path)
    summary = (cmd.get_short_help_str(limit=200) or "").rstrip(".")
    usage = speech.usage_words(" ".join(cmd.collect_usage_pieces(ctx)))
    lines = [
        '.\\" -*- coding: UTF-8 -*-',  # man's preconv reads it: the Russian pages are UTF-8
        f'.TH "{name.upper()}" "1" "{DATE}" "campaign {__version__}" "{_("campaign manual")}"',
        ".nh",  # no hyphenation: identifiers (CAMPAIGN_FILE, --reroll-dice) never split
        ".ad l",
        ".SH " + _("NAME"),
        f"{_esc(name)} \\- {_esc(summary)}",
        ".SH " + _("SYNOPSIS"),
        f".B {_esc(' '.join(path))}\n{_esc(usage)}",
        ".SH " + _("DESCRIPTION"),
        _body(cmd.help or ""),
    ]
    options = [p for p in cmd.get_params(ctx) if p.param_type_name == "option" and not getattr(p, "hidden", False)]
    if options:
        lines.append(".SH " + _("OPTIONS"))
        for opt in options:
            record = opt.get_help_record(ctx)
            if record:
                # _(): the --help option's text is Click's own, made for every command anew
                lines.append(f".TP\n\\fB{_esc(record[0])}\\fR\n{_esc(speech.ranges(_(record[1])))}")
    if hasattr(cmd, "commands"):
        lines.append(".SH " + _("COMMANDS"))
        for sub in cmd.list_commands(ctx):
            see = _("See {page}(1).").format(page=f"\\fB{_esc('-'.join([*path, sub]))}\\fR")
            lines.append(
                f".TP\n\\fB{_esc(' '.join([*path, sub]))}\\fR\n"
                f"{_esc(cmd.get_command(ctx, sub).get_short_help_str(limit=200))}\n{see}"
            )
    lines += common()
    if len(path) > 1:
        lines.append(".SH " + _("SEE ALSO") + "\n\\fBcampaign\\fR(1)")
    return "\n".join(lines) + "\n"


# The same on every page: what a script checks, what the tool reads, what it writes.
# (heading, [(term, text)]); the texts are roff already.
COMMON = [
    (
        N_("EXIT STATUS"),
        [
            ("0", N_("Done (a check rolled and failed is still 0).")),
            ("1", N_("Refused: a rule forbids it, a name matches nothing, or a name is taken.")),
            ("2", N_("Usage: unknown option, malformed value, an amount out of bounds.")),
            ("3", N_("The campaign file cannot be used: missing, unreadable, not a campaign, newer, or locked.")),
            ("130, 143", N_("Interrupted (SIGINT, SIGTERM) before the change was saved: nothing saved.")),
        ],
    ),
    (
        N_("ENVIRONMENT"),
        [
            (
                ".B CAMPAIGN_FILE",
                N_("The campaign file when \\fB\\-\\-campaign\\fR is not given (default: campaign.json here)."),
            ),
            (".B CAMPAIGN_LOCK_WAIT", N_("Seconds a writer waits for another writer's lock (default 5).")),
            (
                ".B CAMPAIGN_LANG",
                N_(
                    "The language of the human interface: en or ru (else the locale's). "
                    "\\fB\\-\\-lang\\fR overrides it; JSON is the same in every language."
                ),
            ),
            (".B NO_COLOR", N_("When set, terminal output has no colour.")),
            (".B CAMPAIGN_DEBUG", N_("When set, an internal error shows its Python traceback.")),
        ],
    ),
    (
        N_("FILES"),
        [
            (
                ".I campaign.json",
                N_("The campaign (or the \\fB\\-\\-campaign\\fR path): characters, enemies, catalog packs."),
            ),
            (
                ".I campaign.json.journal",
                N_("Every change and roll, for \\fBcampaign log\\fR and \\fBcampaign undo\\fR."),
            ),
            (".I campaign.json.lock", N_("Held while a command writes.")),
        ],
    ),
]


def common() -> list[str]:
    return [
        f".SH {_(heading)}\n" + "\n".join(f".TP\n{term}\n{_(text)}" for term, text in rows) for heading, rows in COMMON
    ]


def pages(lang: str = "en") -> dict[str, str]:
    """Every page, in LANG."""
    from campaign_cli.cli.app import get_command, speak

    before = RUN.catalog
    speak(lang)
    try:
        return _pages(get_command())
    finally:
        RUN.catalog = before


def _pages(root: Any) -> dict[str, str]:
    speech.translate_command(root)
    out = {}
    for path, cmd in _walk(root, ["campaign"]):
        ctx = click.Context(cmd, info_name=" ".join(path), help_option_names=["-h", "--help"])  # as the command line
        out["-".join(path) + ".1"] = render(path, cmd, ctx)
    return out


def write(folder: Path, lang: str = "en") -> list[str]:
    folder.mkdir(parents=True, exist_ok=True)
    want = pages(lang)
    for old in folder.glob("*.1"):
        if old.name not in want:
            old.unlink()
    for name, text in want.items():
        (folder / name).write_text(text)
    return sorted(want)


if __name__ == "__main__":
    args = sys.argv[1:]
    lang = args[args.index("--lang") + 1] if "--lang" in args else "en"
    folder = next((a for a in args if not a.startswith("-") and a != lang), "man")
    names = write(Path(folder), lang)
    print(f"wrote {len(names)} pages in {folder}")
