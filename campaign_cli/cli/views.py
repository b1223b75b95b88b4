"""What several views show of a character and its items (the character view, hands, an
item's stats and notes, a potion's effect): one module that `character`, `item`, `skill`,
`xp` and the sheet import, so none of them imports another."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from campaign_cli.cli.output import Fields, Line, Table
from campaign_cli.i18n import N_, N_plural, _, gendered, shown, status_of
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


def character_table(chars: Sequence[Mapping[str, Any]]) -> Table:
    """`character list`'s table: each character's attributes, XP and status."""
    rows = [
        [
            c["id"],
            c["name"],
            kind_of(c),  # agreeing with the person, as `show` says it (героиня)
            c["st"],
            # the DX the character has, and the adjusted DX beside it where armor lowers it
            c["dx"] if c["adjusted_dx"] == c["dx"] else f"{c['dx']} ({c['adjusted_dx']})",
            c["iq"],
            c["xp"],
            status_of(c["status"], c.get("gender")),
        ]
        for c in chars
    ]
    return Table(
        _("Characters"),
        [_("id"), _("name"), _("kind"), _("ST"), _("DX"), _("IQ"), _("XP"), _("status")],
        rows,
        ("id", "name", "", "", "", "", "", "status"),
    )


ITEM_COLUMNS = [
    N_("id"),
    N_("item"),
    N_("kind"),
    N_("state"),
    N_("stats"),
    N_("wt"),
    N_("price"),
    N_("slots"),
    N_("notes"),
]


def item_table(ch: Mapping[str, Any]) -> Table:
    """`item list`'s table: the character's items, under what they carry of their limit."""
    from campaign_cli.render.character import notes, stats
    from campaign_cli.rules import gear

    rows = [
        [
            i["id"],
            pieces_shown(i),
            i["kind"],
            i["state"],
            stats(i),
            i["weight"],
            i["value"],
            f"{gear.free_slots(i)}/{i['slots']}" if i.get("slots") else "",
            notes(i),
        ]
        for i in ch["items"]
    ]
    return Table(
        _("{name}: carries {carry_weight} of {carry_limit}").format(
            name=ch["name"], carry_weight=ch["carry_weight"], carry_limit=ch["carry_limit"]
        ),
        [_(c) for c in ITEM_COLUMNS],
        rows,
        ("id", "name", "", "", "", "", "", "", "text"),
    )


HAS = {
    "gold": N_plural("{name} has {n} gold", "{name} has {n} gold"),
    "darkstone": N_plural("{name} has {n} dark stone", "{name} has {n} dark stones"),
}


def counted_line(data: Mapping[str, Any]) -> Line:
    """`gold add` and the like: what the character has now (the result names the counter)."""
    from campaign_cli.i18n import ngettext

    field = "gold" if "gold" in data else "darkstone"
    ch = data["character"]
    return Line(ngettext(*HAS[field], ch[field]).format(name=ch["name"]))


def enemy_table(boards: Sequence[Mapping[str, Any]]) -> Table:
    """`enemy list`'s table: each enemy type, its size, keywords and XP on either side."""
    rows = [
        [b["id"], b["name"], b["size"], ", ".join(b["keywords"]), b["normal"]["xp"], b["brutal"]["xp"]] for b in boards
    ]
    return Table(
        _("Enemies"),
        [_("id"), _("name"), _("size"), _("keywords"), _("XP"), _("brutal XP")],
        rows,
        ("id", "name", "", "text", "", ""),
    )


def _bar(left: int, full: int, width: int = 10) -> str:
    filled = round(width * left / full) if full else 0
    return "#" * filled + "." * (width - filled)


def fight_views(data: Mapping[str, Any]) -> list[Any]:
    """`fight status`: the round and whose turn, every combatant's health left, the order."""
    from campaign_cli.i18n import enemy_status, side

    turn = data["turn"]
    if not data["round"]:  # the order not rolled yet: no round to name
        title = _("Fight: {title}").format(title=data["title"]) if data["title"] else _("Fight")
    else:
        title = (_("Fight: {title}, round {round}") if data["title"] else _("Fight, round {round}")).format(
            title=data["title"], round=data["round"]
        )
    if turn == "party":
        title += _(", the party's turn")
    elif turn:
        title += _(", {name}'s turn").format(name=side(turn))
    rows = []
    for c in data["characters"]:
        rows.append(
            [
                ">" if c["name"] in data["waiting"] else "",
                c["name"],
                f"{_bar(c['left'], c['of'])} {c['left']}/{c['of']}",
                status_of(c["status"], c.get("gender")),
                _("damage {damage}, fatigue {fatigue}").format(damage=c["damage"], fatigue=c["fatigue"]),
            ]
        )
    label_of = {g["id"]: g["name"] for g in data["groups"]}
    for e in data["enemies"]:
        here = ">" if e["alive"] and label_of.get(e.get("group", e["type"])) == turn else ""
        rows.append(
            [
                here,
                e["name"],
                f"{_bar(e['left'], e['health'])} {e['left']}/{e['health']}",
                enemy_status(e["alive"], e.get("gender")),
                _("{side}; initiative {initiative}, defense {defense}").format(
                    side=shown(e["side"]), defense=e["defense"], initiative=e.get("initiative", 0)
                )
                + (_("; elite: {ability}").format(ability=e["elite"]) if e["elite"] else ""),
            ]
        )
    if data["order"]:
        first = {"party": _("the party goes first"), "enemies": _("the enemies go first")}.get(
            data.get("first") or "", ""
        )
        order = Line(
            _("order: {sides}").format(sides=" → ".join(map(side, data["order"]))) + (f" ({first})" if first else "")
        )
    else:
        order = Line(_("order: not rolled yet (`campaign fight order`)"))
    views = [
        Table(title, ["", _("who"), _("left"), _("status"), ""], rows, ("marker", "name", "", "status", "text")),
        order,
    ]
    if data.get("acted"):
        views.append(Line(_("acted this round (R32a): {names}").format(names=", ".join(data["acted"]))))
    if data["waiting"]:
        views.append(
            Line(_("still to act on the party's turn (R32a): {names}").format(names=", ".join(data["waiting"])))
        )
    return views


def fight_started_line(data: Mapping[str, Any]) -> Line:
    """`fight start`: the fight opened, and what to do next."""
    title = data["title"]
    return Line(
        (
            _("fight started: {title}; add enemies with `campaign fight add ENEMY`")
            if title
            else _("fight started; add enemies with `campaign fight add ENEMY`")
        ).format(title=title)
    )


def fight_turn_line(data: Mapping[str, Any]) -> Line:
    """`fight next`: the round and whose turn it is now."""
    from campaign_cli.i18n import side

    return Line(
        _("round {round}: the party's turn").format(round=data["round"])
        if data["turn"] == "party"
        else _("round {round}: {turn}'s turn").format(round=data["round"], turn=side(data["turn"]))
    )


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


def xp_award_table(data: Mapping[str, Any]) -> Table:
    """`xp award`: each character's XP now, under the amount and why."""
    amount, reason = data["amount"], data["reason"]
    return Table(
        _("+{amount} XP: {reason}").format(amount=amount, reason=reason) if reason else f"+{amount} XP",
        [_("name"), _("XP")],
        [[c["name"], c["xp"]] for c in data["characters"]],
        ("name", ""),
    )


def damage_line(data: Mapping[str, Any]) -> Line:
    """`damage`: the character's wounds now against the ST that counts (R25a), and its state."""
    ch = data["character"]
    st = ch["raised"].get("ST", ch["st"])  # R25a: as it counts now
    said = _wounds(ch, N_("{name}: damage {damage}, fatigue {fatigue} of ST {st}: {status}"), st=st)
    return Line(said + (_(" (armor stopped {absorbed})").format(absorbed=data["absorbed"]) if data["absorbed"] else ""))


def heal_line(data: Mapping[str, Any]) -> Line:
    """`heal`: the character's wounds now, and its state."""
    return Line(_wounds(data["character"], N_("{name}: damage {damage}, fatigue {fatigue}: {status}")))


def _wounds(ch: Mapping[str, Any], template: str, **more: Any) -> str:
    """A character's damage, fatigue and state said by TEMPLATE."""
    status = status_of(ch["status"], ch.get("gender"))
    return _(template).format(name=ch["name"], damage=ch["damage"], fatigue=ch["fatigue"], status=status, **more)


def karma_line(data: Mapping[str, Any]) -> Line:
    """`karma add`: the character's karma now."""
    from campaign_cli.i18n import ngettext

    ch = data["character"]
    return Line(ngettext("{name} has {n} karma", "{name} has {n} karma", ch["karma"]).format(name=ch["name"]))


def wishes_line(data: Mapping[str, Any]) -> Line:
    """`wish add`: the character's wishes now."""
    from campaign_cli.i18n import ngettext

    ch = data["character"]
    return Line(ngettext("{name} has {n} wish", "{name} has {n} wishes", ch["wishes"]).format(name=ch["name"]))


def wish_spent_line(data: Mapping[str, Any]) -> Line:
    """`wish spend`: the damage the wish cancelled, and the character's state (R17)."""
    ch = data["character"]
    return Line(
        _("{name}: a wish cancels {cancelled} damage; status {status}").format(
            name=ch["name"], cancelled=data["cancelled"], status=status_of(ch["status"], ch.get("gender"))
        )
    )


def can_views(data: Mapping[str, Any] | Sequence[Mapping[str, Any]]) -> list[Any]:
    """`campaign can`: for each character (one, or the party's), its acts allowed in one
    line, and each refused with the guard's sentence."""
    out: list[Any] = []
    for one in [data] if isinstance(data, Mapping) else data:
        out.append(
            Line(_("{name} can: {acts}").format(name=one["character"], acts=", ".join(one["allowed"])))
            if one["allowed"]
            else Line(_("{name} can do nothing of their own now").format(name=one["character"]))
        )
        if one["refused"]:
            rows = [(Verbatim(r["act"]), Verbatim(r["message"])) for r in one["refused"]]  # command paths: as typed
            title = _("{name} cannot").format(name=one["character"])
            out.append(Table(title, [_("command"), _("why not")], rows, ("", "text")))
    return out


def check_views(result: Mapping[str, Any]) -> list[Any]:
    """A check's line (R5-R10), and with --plot its distribution, the roll marked."""
    from campaign_cli.render.rolls import describe_check
    from campaign_cli.rules.checks import distribution

    views = [Line(describe_check(result))]
    if "plot" in result:
        count, limit = result["plot"]["dice"], result["plot"]["limit"]
        rows = distribution(result["type"], count, limit)
        got = sum(result["dice"]) if result["type"] == "sum" else sum(v >= limit for v in result["dice"])
        what = (
            _("3d6 sums")
            if result["type"] == "sum"
            else _("dice at {need}+ of {count}").format(need=limit, count=count)
        )
        views += plot(rows, what, got)
    return views


def party_test_table(data: Mapping[str, Any], genders: dict[str, Any]) -> Table:
    """R11: every living character takes the test, or one picked at random."""
    from campaign_cli.i18n import empty, signed
    from campaign_cli.render.rolls import chance_text, source

    who = data["who"]
    results, skipped = data["results"], data["skipped"]
    rows = [
        [
            r["character"],
            ", ".join(map(str, r["dice"])) or empty(),
            r["total"],
            r["target"],
            "; ".join(f"{signed(m['value'])} {source(m)}" for m in r["modifiers"]) or empty(),
            "success" if r["success"] else "failure",
            r.get("reason") or chance_text(r["probability"]),
        ]
        for r in results
    ]
    rows += [
        [
            s["character"],
            None,
            None,
            None,
            None,
            _("skipped ({status}, R11a)").format(status=status_of(s["status"], genders[s["character"]])),
            None,
        ]
        for s in (skipped if who == "all" else [])  # R11a: the fallen do not roll (one at random: not drawn)
    ]
    return Table(
        _("Party test {text} ({who})").format(
            text=data["spec"], who=_("everyone") if who == "all" else _("one at random")
        ),
        [_("character"), _("dice"), _("total"), _("target"), _("modifiers"), _("result"), _("chance")],
        rows,
        ("name", "", "", "", "text", "status", ""),
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
