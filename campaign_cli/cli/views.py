"""The views several commands share: a character in full (`character show`, `create`,
`set`, the sheet), the party after a change of status (`rest`, `fight end`, `adventure
end`), an enemy's board (`enemy show`, `add`, `catalog show`), the campaign's fields (`init`,
`status`), a roll's distribution (`check`, `odds`). What one command says of its result is
cli/said.py's; both are Typer-free, so the fast path draws them too."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from campaign_cli.cli.output import Fields, Line, Table
from campaign_cli.i18n import N_, _, gendered, shown, status_of
from campaign_cli.render.character import active, gender_of, hands, kind_of, pieces_shown
from campaign_cli.render.text import Verbatim

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing: a view drawn never needs it
if TYPE_CHECKING:
    from fractions import Fraction
    from typing import Any


def character_views(ch: Mapping[str, Any]) -> list[Any]:
    spells = ", ".join(
        shown(s["name"]) + (f" ({s['rating']})" if s.get("rating") is not None else "") for s in ch["spells"]
    )
    pairs = [
        (_("kind"), Verbatim(kind_of(ch))),
        (_("gender"), gender_of(ch)),
        (_("ST / DX / IQ"), " / ".join(_attribute(ch, a) for a in ("ST", "DX", "IQ"))),
        (_("adjusted DX / MA"), f"{ch['adjusted_dx']} / {ch['ma']}"),
        (_("attributes"), ch["attributes"]),
        (_("skills"), ch["skills"]),
        (_("combat skills"), [_combat(ch, skill, mode) for skill, mode in ch["combat"].items()] or None),
        (_("spells"), spells or None),
        (_("keywords"), ch["keywords"]),
        (_("XP / karma / wishes"), f"{ch['xp']} / {ch['karma']} / {ch['wishes']}"),
        (_("curses"), [c["name"] for c in ch["curses"]]),
        (_("in effect (R25)"), active(ch) or None),
        (_("damage / fatigue"), f"{ch['damage']} / {ch['fatigue']}"),
        (_("status"), status_of(ch["status"], ch.get("gender"))),
        (_("gold"), ch["gold"]),
        (
            _("dark stone"),
            _("{loose} loose, {total} in all").format(loose=ch["darkstone"], total=ch["darkstone_total"]),
        ),
        (
            _("weight carried (R33)"),
            _("{weight} of {limit}").format(weight=ch["carry_weight"], limit=ch["carry_limit"]),
        ),
        (_("armor (R29)"), ch["armor"]),
        *((_("in hand"), line) for line in hands(ch)),
        (_("worn"), [i["name"] for i in ch["items"] if i["state"] == "worn"]),
        (_("carried"), [pieces_shown(i) for i in ch["items"] if i["state"] == "carried"]),
        (_("stored"), [pieces_shown(i) for i in ch["items"] if i["state"] == "stored"] or None),
    ]
    return [Fields(_('{name} (#{id})').format(name=ch['name'], id=ch['id']), pairs)]


def _combat(ch: Mapping[str, Any], skill: str, mode: str) -> Verbatim:
    """R24: a combat skill, its level and where the levels go: `Sword 1 (to hit)`."""
    said = _("{skill} {level} (to hit)") if mode == "hit" else _("{skill} {level} (to damage)")
    return Verbatim(said.format(skill=shown(skill), level=ch["skills"].get(skill, "")))


def _attribute(ch: Mapping[str, Any], name: str) -> str:
    """An attribute, and beside it what a potion raises it to while it lasts (R25a)."""
    base, now = ch[name.lower()], (ch.get("raised") or {}).get(name)
    return str(base) if now is None else _("{base} (now {now})").format(base=base, now=now)


def status_news(before: Mapping[str, str], chars: Sequence[Mapping[str, Any]]) -> list[Line]:
    """A line of its own for each character (as `character show` has it) who died or
    became dying (R20)."""
    out = []
    for ch in chars:
        if ch["status"] == before.get(ch["name"]):
            continue
        if ch["status"] == "dead":
            out.append(Line(gendered(ch.get("gender"), "{name} dies (R20)").format(name=ch["name"])))
        elif ch["status"] == "dying":
            out.append(
                Line(
                    _(
                        '{name} is dying: heal below ST {st} before the next fight end, rest or adventure end (R20)'
                    ).format(name=ch['name'], st=ch['st'])
                )
            )
    return out


def party_table(title: str, chars: Sequence[Mapping[str, Any]]) -> Table:
    """The party (as `character show` has each) in a table: XP, damage, fatigue, status."""
    return Table(
        title,
        [_("name"), _("XP"), _("damage"), _("fatigue"), _("status")],
        [[c["name"], c["xp"], c["damage"], c["fatigue"], status_of(c["status"], c.get("gender"))] for c in chars],
        ("name", "", "", "", "status"),
    )


# A threat board's numbers (R40), as the board game's card prints them.
BOARD_LABELS = {
    "initiative": N_("initiative"),
    "move": N_("move"),
    "escape": N_("escape"),
    "to_hit": N_("to-hit"),
    "combat": N_("combat"),
    "damage": N_("damage"),
    "defense": N_("defense"),
    "health": N_("health"),
    "xp": N_("xp"),
}


def board_views(board: Mapping[str, Any], brutal: bool) -> list[Any]:
    """A board's side: BOARD is a stored board, or one side of it as `enemy show` has it."""
    from campaign_cli.rules import enemies as rules

    side: dict[str, Any] = dict(board if "side" in board else rules.side_of(board, brutal))  # type: ignore[arg-type]
    pairs = [(_("keywords"), board["keywords"]), (_("size"), board["size"])]
    pairs += [(_(BOARD_LABELS[k]), side[k]) for k in rules.NUMBERS]
    pairs += [(_("abilities"), side["abilities"])]
    title = _("{name} (brutal side)") if brutal else _("{name} (normal side)")
    return [
        Fields(title.format(name=board["name"]), pairs),
        Table(
            _("Elite table (R42)"),
            [_("die"), _("ability")],
            [[i + 1, rules.elite_text(e)] for i, e in enumerate(side["elite"])],
            ("", "text"),
        ),
    ]


def campaign_fields(data: Mapping[str, Any]) -> Fields:
    """`status`: the campaign's name, file, phase and place, and what it holds."""
    adventure = data["adventure"]["title"] if data["adventure"] else None
    location = data["location"]
    where = None if not location else location["town"] + (_(" (blacksmith)") if location.get("blacksmith") else "")
    return Fields(
        data["name"],
        [
            (_("file"), data["file"]),
            (_("phase"), shown(data["phase"]) + (f": {adventure}" if adventure else "")),
            (_("location"), where),
            (_("keywords"), data["keywords"]),
            (_("characters"), data["characters"]),
            (_("schema"), data["schema_version"]),
            (
                _("merge conflicts"),
                _("{n} open: `campaign conflicts`, then `campaign resolve`").format(n=data["conflicts"])
                if data["conflicts"]
                else None,
            ),
        ],
    )


def plot(rows: list[tuple[int, Fraction, bool]], what: str, rolled: int | None = None, width: int = 40) -> list[Line]:
    """A bar chart as plain lines: `#` bars succeed, `.` bars fail, `<` marks the roll."""
    from campaign_cli.i18n import percent

    top = max(float(p) for _, p, _ in rows) or 1.0
    label = max(len(str(v)) for v, _, _ in rows)
    out = [
        Line(
            (_("{what}: # succeeds, . fails") if rolled is None else _("{what}: # succeeds, . fails, < rolled")).format(
                what=_(what)
            )
        )
    ]
    for value, p, ok in rows:
        bar = ("#" if ok else ".") * max(round(width * float(p) / top), 1 if p else 0)
        out.append(
            Line(
                f"{str(value).rjust(label)} {bar.ljust(width)} {percent(float(p)).rjust(6)}"
                + (" <" if value == rolled else "")
            )
        )
    return out
