"""`campaign character sheet`: the whole character on one page, as Markdown or as one
self-contained printable HTML file (no network: styles inline, user text escaped)."""

from __future__ import annotations

from html import escape

from campaign_cli.cli.output import inert, markdown_text
from campaign_cli.cli.views import active, hands, notes, stats
from campaign_cli.i18n import _, language, shown, status_of


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
    lines = [f"# {markdown_text(ch['name'])}", "", f"*{shown(ch['kind'])}, #{ch['id']}*"]
    for title, rows in sections(ch):
        lines += ["", f"## {title}", "", "| | |", "|---|---|"]
        lines += [f"| {markdown_text(k)} | {markdown_text(v)} |" for k, v in rows]
    return "\n".join(lines) + "\n"


STYLE = (
    "body{font-family:Georgia,serif;max-width:46em;margin:2em auto;color:#222}"
    "h1{margin-bottom:0}h2{border-bottom:1px solid #999;font-size:1.1em;margin-top:1.4em}"
    "table{border-collapse:collapse;width:100%}td{padding:.2em .5em;vertical-align:top}"
    "th{width:40%;color:#555;text-align:left;font-weight:normal;padding:.2em .5em;vertical-align:top}"
    "@media print{body{margin:0}}"
)


def html(ch: dict) -> str:
    parts = [
        '<!DOCTYPE html>',
        f'<html lang="{language()}">',
        "<head>",
        '<meta charset="utf-8" />',
        f"<title>{escape(inert(ch['name']))}</title>",
        f"<style>{STYLE}</style>",
        "</head>",
        "<body>",
        f"<h1>{escape(inert(ch['name']))}</h1>",
        f"<p><em>{escape(shown(ch['kind']))}, #{ch['id']}</em></p>",
    ]
    for title, rows in sections(ch):
        parts += [f"<h2>{escape(title)}</h2>", "<table>"]
        parts += [f'<tr><th scope="row">{escape(inert(k))}</th><td>{escape(inert(v))}</td></tr>' for k, v in rows]
        parts.append("</table>")
    parts += ["</body>", "</html>"]
    return "\n".join(parts) + "\n"
