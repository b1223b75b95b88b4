"""A character sheet: the whole character on one page, as Markdown or as one
self-contained printable HTML file (no network: styles inline, user text escaped)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from html import escape
from typing import Any

from campaign_cli.i18n import _, empty, language, shown, status_of
from campaign_cli.render.character import active, gender_of, hands, kind_of, notes, pieces_shown, stats
from campaign_cli.render.text import inert, markdown_text


def sections(ch: Mapping[str, Any]) -> list[tuple[str, list[tuple[str, str]]]]:
    """The sheet's content, once, for both formats: (section, [(label, text)])."""
    spells = ", ".join(s["name"] + (f" ({s['rating']})" if s.get("rating") is not None else "") for s in ch["spells"])
    items = [
        (
            pieces_shown(i),
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
        (_("Skills and spells"), [*levels, (_("spells"), spells or empty())]),
        (_("In hand"), [(_("hand {n}").format(n=n + 1), h) for n, h in enumerate(hands(ch))]),
        (
            _("Armor"),
            [
                (_("armor (R29)"), str(ch["armor"])),
                (_("restriction (R30)"), str(ch["restriction"])),
                (_("worn"), ", ".join(shown(i["name"]) for i in ch["items"] if i["state"] == "worn") or empty()),
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
                        damage=ch["damage"], fatigue=ch["fatigue"], st=ch["raised"].get("ST", ch["st"])
                    ),
                ),
                (_("status"), status_of(ch["status"], ch.get("gender"))),
                (_("curses (R18)"), ", ".join(c["name"] for c in ch["curses"]) or empty()),
                (_("in effect (R25)"), active(ch) or empty()),
            ],
        ),
        (
            _("Advancement"),
            [
                (_("XP / karma / wishes"), f"{ch['xp']} / {ch['karma']} / {ch['wishes']}"),
                (_("keywords"), ", ".join(ch["keywords"]) or empty()),
            ],
        ),
    ]


def markdown(ch: Mapping[str, Any]) -> str:
    """The sheet in Markdown; user text is escaped, never read as markup or obeyed."""
    lines = [f"# {markdown_text(ch['name'])}", "", f"*{kind_of(ch)}, #{ch['id']}*"]
    for title, rows in sections(ch):
        lines += ["", f"## {title}", "", "| | |", "|---|---|"]
        lines += [f"| {markdown_text(k)} | {markdown_text(v)} |" for k, v in rows]
    return "\n".join(lines) + "\n"


# Printed, each character starts a page (A4 or Letter): attributes in boxes at the top, two
# rows of five (ten boxes: no row orphans one, and the longest label, "повреждения", fits a
# fifth of either paper's width), two columns under them, no short block cut across pages
# (break-inside: avoid). A long block (LONG rows and more: 65 items) would not fit a column
# of a page: it stands under the columns at full width and flows from page to page in
# reading order, a row never split and a heading never left alone at a page's foot.
STYLE = (
    "body{font-family:Georgia,serif;color:#222;margin:0}"
    ".sheet{max-width:48em;margin:1.5em auto;padding:0 1em;break-after:page;page-break-after:always}"
    ".sheet:last-child{break-after:auto;page-break-after:auto}"
    "h1{margin:0;font-size:1.6em}.kind{margin:.1em 0 .6em;color:#555}"
    ".boxes{display:grid;grid-template-columns:repeat(5,1fr);gap:.35em;margin-bottom:.8em}"
    ".box{border:2px solid #333;border-radius:5px;text-align:center;padding:.15em .2em;break-inside:avoid;"
    "min-width:0}"
    ".box b{display:block;font-size:1.35em}.box span{display:block;font-size:.72em;color:#555;"
    "white-space:nowrap;overflow-wrap:normal}"
    ".columns{display:grid;grid-template-columns:1fr 1fr;gap:0 1.2em}"
    ".block{break-inside:avoid;page-break-inside:avoid}"
    ".block.long{break-inside:auto;page-break-inside:auto;margin-top:.4em}"
    "tr{break-inside:avoid;page-break-inside:avoid}h2{break-after:avoid;page-break-after:avoid}"
    "h2{border-bottom:1px solid #999;font-size:1em;margin:.7em 0 .2em}"
    "table{border-collapse:collapse;width:100%;font-size:.85em}td{padding:.1em .3em;vertical-align:top}"
    "th{width:42%;color:#555;text-align:left;font-weight:normal;padding:.1em .3em;vertical-align:top}"
    "thead{display:table-header-group}tbody.tail{break-inside:avoid;page-break-inside:avoid}"
    "th.running{width:auto;color:#222;font-weight:bold;font-size:1.15em;border-bottom:1px solid #999;"
    "padding:.5em .3em .2em}"
    "@page{margin:12mm}@media print{.sheet{margin:0 auto;max-width:none;padding:0}}"
)
# Where each of sections()' blocks goes on the page, by its place in that list.
LEFT, RIGHT = (1, 6, 7, 0), (2, 3, 4, 5)


def boxes(ch: Mapping[str, Any]) -> list[tuple[str, str]]:
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


LONG = 16  # rows from which a block stands at full width under the columns, flowing across pages


TAIL = 3  # a long block's last rows kept together: no page holds one row alone


def _block(title: str, rows: list[tuple[str, str]], whose: str = "") -> list[str]:
    """A titled block of rows. A long one flows across pages: its title, with WHOSE sheet it
    is, is the table's head, which a printer repeats atop every page the table continues on
    (`thead`: a table-header-group), and its last TAIL rows are never parted."""
    cells = [f'<tr><th scope="row">{escape(inert(k))}</th><td>{escape(inert(v))}</td></tr>' for k, v in rows]
    if len(rows) < LONG:
        return ['<div class="block">', f"<h2>{escape(title)}</h2>", "<table>", *cells, "</table>", "</div>"]
    head = f"{escape(inert(whose))} \u2014 {escape(title)}" if whose else escape(title)
    return [
        '<div class="block long">',
        "<table>",
        f'<thead><tr><th colspan="2" class="running">{head}</th></tr></thead>',
        "<tbody>",
        *cells[:-TAIL],
        "</tbody>",
        '<tbody class="tail">',
        *cells[-TAIL:],
        "</tbody>",
        "</table>",
        "</div>",
    ]


def html(chars: Sequence[Mapping[str, Any]]) -> str:
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
        long = [i for i in (*LEFT, *RIGHT) if len(blocks[i][1]) >= LONG]
        for column in (LEFT, RIGHT):
            parts.append("<div>")
            for index in column:
                if index not in long:
                    parts += _block(*blocks[index])
            parts.append("</div>")
        parts.append("</div>")
        for index in long:
            parts += _block(*blocks[index], whose=ch["name"])
        parts.append("</section>")
    parts += ["</body>", "</html>"]
    return "\n".join(parts) + "\n"
