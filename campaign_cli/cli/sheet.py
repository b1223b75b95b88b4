"""`campaign character sheet`: the whole character on one page, as Markdown or as one
self-contained printable HTML file (no network: styles inline, user text escaped)."""

from html import escape
from typing import Annotated

import typer

from campaign_cli.cli.common import JsonOpt, complete, help_text, reading
from campaign_cli.cli.lazy import command_app
from campaign_cli.cli.output import emit, inert, markdown_text
from campaign_cli.cli.views import active, gender_of, hands, kind_of, notes, stats
from campaign_cli.errors import Refused, UsageProblem
from campaign_cli.i18n import _, language, shown, status_of
from campaign_cli.rules import characters as rules
from campaign_cli.run import RUN

sheet_app = command_app()


def sections(ch: dict) -> list[tuple[str, list[tuple[str, str]]]]:
    """The sheet's content, once, for both formats: (section, [(label, text)])."""
    spells = ", ".join(s["name"] + (f" ({s['rating']})" if s.get("rating") is not None else "") for s in ch["spells"])
    items = [
        (
            shown(i["name"]),
            _("{state}; {stats}; weight {weight}, {value} gold").format(
                state=shown(i["state"]), stats=stats(i) or shown(i["kind"]), weight=i["weight"], value=i["value"]
            )
            + (f"; {notes(i)}" if notes(i) else ""),
        )
        for i in ch["items"]
    ]
    levels = [
        (
            shown(k),
            (_("level {level}, to {use} (R24)") if k in ch["combat"] else _("level {level}")).format(
                level=v, use=shown(ch["combat"].get(k, ""))
            ),
        )
        for k, v in ch["skills"].items()
    ]
    return [
        (
            _("Attributes"),
            [
                (_("ST / DX / IQ"), f"{ch['st']} / {ch['dx']} / {ch['iq']}"),
                (_("adjusted DX (R30) / MA (R4)"), f"{ch['adjusted_dx']} / {ch['ma']}"),
                *([(_("gender"), gender)] if (gender := gender_of(ch)) else []),
                *((shown(k), str(v)) for k, v in ch["attributes"].items()),
            ],
        ),
        (_("Skills and spells"), [*levels, (_("spells"), spells or "-")]),
        (_("In hand"), [(_("hand {n}").format(n=n + 1), h) for n, h in enumerate(hands(ch))]),
        (
            _("Armor"),
            [
                (_("armor (R29)"), str(ch["armor"])),
                (_("restriction (R30)"), str(ch["restriction"])),
                (_("worn"), ", ".join(shown(i["name"]) for i in ch["items"] if i["state"] == "worn") or "-"),
            ],
        ),
        (_("Items"), items or [("-", _("nothing"))]),
        (
            _("Load and treasure"),
            [
                (
                    _("weight carried (R33)"),
                    _("{weight} of {limit}").format(weight=ch["carry_weight"], limit=ch["carry_limit"]),
                ),
                (_("gold"), str(ch["gold"])),
                (
                    _("dark stone (R37)"),
                    _("{loose} loose, {total} in all").format(loose=ch["darkstone"], total=ch["darkstone_total"]),
                ),
            ],
        ),
        (
            _("Condition"),
            [
                (
                    _("damage / fatigue"),
                    _("{damage} / {fatigue} of ST {st}").format(
                        damage=ch["damage"], fatigue=ch["fatigue"], st=ch["st"]
                    ),
                ),
                (_("status"), status_of(ch["status"], ch.get("gender"))),
                (_("curses (R18)"), ", ".join(c["name"] for c in ch["curses"]) or "-"),
                (_("in effect (R25)"), active(ch) or "-"),
            ],
        ),
        (
            _("Advancement"),
            [
                (_("XP / karma / wishes"), f"{ch['xp']} / {ch['karma']} / {ch['wishes']}"),
                (_("keywords"), ", ".join(ch["keywords"]) or "-"),
            ],
        ),
    ]


def markdown(ch: dict) -> str:
    """The sheet in Markdown; user text is escaped, never read as markup or obeyed."""
    lines = [f"# {markdown_text(ch['name'])}", "", f"*{kind_of(ch)}, #{ch['id']}*"]
    for title, rows in sections(ch):
        lines += ["", f"## {title}", "", "| | |", "|---|---|"]
        lines += [f"| {markdown_text(k)} | {markdown_text(v)} |" for k, v in rows]
    return "\n".join(lines) + "\n"


# Printed, each character is one page (A4 or Letter): attributes in boxes at the top, two
# columns under them, no block cut across pages (break-inside: avoid), a page per sheet.
STYLE = (
    "body{font-family:Georgia,serif;color:#222;margin:0}"
    ".sheet{max-width:48em;margin:1.5em auto;padding:0 1em;break-after:page;page-break-after:always}"
    ".sheet:last-child{break-after:auto;page-break-after:auto}"
    "h1{margin:0;font-size:1.6em}.kind{margin:.1em 0 .6em;color:#555}"
    ".boxes{display:grid;grid-template-columns:repeat(auto-fit,minmax(4.2em,1fr));gap:.35em;margin-bottom:.8em}"
    ".box{border:2px solid #333;border-radius:5px;text-align:center;padding:.15em .2em;break-inside:avoid}"
    ".box b{display:block;font-size:1.35em}.box span{font-size:.72em;color:#555}"
    ".columns{display:grid;grid-template-columns:1fr 1fr;gap:0 1.2em}"
    ".block{break-inside:avoid;page-break-inside:avoid}"
    "h2{border-bottom:1px solid #999;font-size:1em;margin:.7em 0 .2em}"
    "table{border-collapse:collapse;width:100%;font-size:.85em}td{padding:.1em .3em;vertical-align:top}"
    "th{width:42%;color:#555;text-align:left;font-weight:normal;padding:.1em .3em;vertical-align:top}"
    "@page{margin:12mm}@media print{.sheet{margin:0 auto;max-width:none;padding:0}}"
)
# Where each of sections()' blocks goes on the page, by its place in that list.
LEFT, RIGHT = (1, 6, 7, 0), (2, 3, 4, 5)


def boxes(ch: dict) -> list[tuple[str, str]]:
    """The numbers at the top of a sheet, each in its box."""
    return [
        ("ST", str(ch["st"])),
        ("DX", str(ch["dx"])),
        ("IQ", str(ch["iq"])),
        (_("adj. DX"), str(ch["adjusted_dx"])),
        ("MA", str(ch["ma"])),
        (_("armor"), str(ch["armor"])),
        ("XP", str(ch["xp"])),
        (_("karma"), str(ch["karma"])),
        (_("wishes"), str(ch["wishes"])),
        (_("damage"), f"{ch['damage']}/{ch['st']}"),
    ]


def _block(title: str, rows: list[tuple[str, str]]) -> list[str]:
    cells = [f'<tr><th scope="row">{escape(inert(k))}</th><td>{escape(inert(v))}</td></tr>' for k, v in rows]
    return ['<div class="block">', f"<h2>{escape(title)}</h2>", "<table>", *cells, "</table>", "</div>"]


def html(chars: list[dict]) -> str:
    """One self-contained HTML document: a printable sheet per character (CHARS)."""
    title = chars[0]["name"] if len(chars) == 1 else _("The party")
    parts = [
        "<!DOCTYPE html>",
        f'<html lang="{language()}">',
        "<head>",
        '<meta charset="utf-8" />',
        f"<title>{escape(inert(title))}</title>",
        f"<style>{STYLE}</style>",
        "</head>",
        "<body>",
    ]
    for ch in chars:
        blocks = sections(ch)
        parts += [
            f'<section class="sheet" id="c{ch["id"]}">',
            f"<h1>{escape(inert(ch['name']))}</h1>",
            f'<p class="kind"><em>{escape(kind_of(ch))}, #{ch["id"]}</em></p>',
            '<div class="boxes">',
            *(f"<div class=\"box\"><b>{escape(v)}</b><span>{escape(k)}</span></div>" for k, v in boxes(ch)),
            "</div>",
            '<div class="columns">',
        ]
        for column in (LEFT, RIGHT):
            parts.append("<div>")
            for index in column:
                parts += _block(*blocks[index])
            parts.append("</div>")
        parts += ["</div>", "</section>"]
    parts += ["</body>", "</html>"]
    return "\n".join(parts) + "\n"


@sheet_app.command(
    "sheet",
    help=help_text(
        "The whole character on one page: Markdown to paste, or one self-contained HTML file to print; "
        "several names or --all: the party, one printed page per character (A4 or Letter).",
        "campaign character sheet Ajax > ajax.md",
        "campaign character sheet Ajax --format html > ajax.html",
        "campaign character sheet --all --format html > party.html",
    ),
)
def sheet(
    names: Annotated[
        list[str] | None,
        typer.Argument(
            metavar="[NAME]...", help="The characters (name or id), in this order.", autocompletion=complete.characters
        ),
    ] = None,
    all_: Annotated[bool, typer.Option("--all", help="Every character, as created.")] = False,
    format_: Annotated[
        str, typer.Option("--format", metavar="md|html|json", help="md (default), html, or json (as --json).")
    ] = "md",
    json_out: JsonOpt = False,
) -> None:
    import sys

    if format_ not in ("md", "html", "json"):
        raise UsageProblem(_('--format takes md, html or json, not {format!r}').format(format=format_))
    if bool(names) == all_:
        raise UsageProblem(_("name characters or give --all (one or the other)"), "missing_argument")
    json_out = json_out or format_ == "json"
    camp = reading()
    docs = camp.characters() if all_ else list({id(d): d for d in (camp.character(n) for n in names or [])}.values())
    if not docs:
        raise Refused(_("no characters yet: `campaign character create NAME`"), "no_characters")
    chars = [rules.view(d) for d in docs]
    one = len(chars) == 1 and not all_
    if json_out or RUN.capture is not None:  # --json, or a line of a batch
        shown = [
            {**ch, "sections": [{"title": t, "rows": [list(r) for r in rows]} for t, rows in sections(ch)]}
            for ch in chars
        ]
        emit(shown[0] if one else shown, json_out=True)
        return
    if format_ == "html":
        sys.stdout.write(html(chars))
    else:
        sys.stdout.write("\n---\n\n".join(markdown(ch) for ch in chars))
