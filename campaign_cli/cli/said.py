"""What a command says of its result when a person reads it: one function a command, of the
result (and of the words the command was given, where it says them back). Typer-free, so
the fast path (cli/fast.py) draws them as the command's own code does, loading this module
only when a view is drawn (a `--json` answer never loads it)."""

from __future__ import annotations

from campaign_cli.cli.output import Fields, Line, Table
from campaign_cli.i18n import N_, N_plural, _, gendered, ngettext, shown, status_of
from campaign_cli.render.character import kind_of, pieces_shown
from campaign_cli.render.text import Verbatim

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing: a view drawn never needs it
if TYPE_CHECKING:
    from collections.abc import Mapping, Sequence
    from typing import Any

    from campaign_cli.model import Item


# Characters and their curses (R18)


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


def can_views(data: Mapping[str, Any] | Sequence[Mapping[str, Any]]) -> list[Any]:
    """`campaign can`: for each character (one, or the party's), its acts allowed in one
    line, and each refused with the guard's sentence."""
    from collections.abc import Mapping

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


def xp_award_table(data: Mapping[str, Any]) -> Table:
    """`xp award`: each character's XP now, under the amount and why."""
    amount, reason = data["amount"], data["reason"]
    return Table(
        _("+{amount} XP: {reason}").format(amount=amount, reason=reason) if reason else f"+{amount} XP",
        [_("name"), _("XP")],
        [[c["name"], c["xp"]] for c in data["characters"]],
        ("name", ""),
    )


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


def character_deleted(data: Mapping[str, Any]) -> Fields:
    doc = data["deleted"]
    return Fields(_("deleted {name} (#{id})").format(name=doc["name"], id=doc["id"]))


def xp_cost(data: Mapping[str, Any]) -> Line:
    """`xp spend --dry-run`: what the step would cost, and the XP there is (R14-R16)."""
    ch = data["character"]
    said = _("{name}: {step} costs {cost} XP; has {xp}")
    return Line(said.format(name=ch["name"], step=step_words(data["raises"]), cost=data["cost"], xp=ch["xp"]))


def xp_spent(data: Mapping[str, Any]) -> list[Any]:
    """`xp spend`: the step bought and its cost (R14-R16), then the character as it stands."""
    from campaign_cli.cli.views import character_views

    ch = data["character"]
    said = _("{name}: {step} for {cost} XP ({before} -> {xp})").format(
        name=ch["name"],
        step=step_words(data["raises"]),
        cost=data["cost"],
        before=data["xp_before"],
        xp=data["xp_after"],
    )
    return [Line(said), *character_views(ch)]


def step_words(step: Mapping[str, Any]) -> str:
    """The step as the run's language says it ("ST 12 -> 13", "Плавание 0 -> 1", "изучает Свет")."""
    from campaign_cli.i18n import changed

    if step["kind"] == "spell":
        return _("learns {spell}").format(spell=step["name"])
    name = shown(step["name"]) if step["kind"] == "skill" else step["name"]  # ST, DX, IQ: as typed
    return f"{name} {changed(step['level'], step['level'] + 1)}"


# What a curse costs to lift (R18), by what pays
PAID = {
    "wish": N_plural("{name}: {curse} lifted ({n} wish)", "{name}: {curse} lifted ({n} wishes)"),
    "karma": N_plural("{name}: {curse} lifted ({n} karma)", "{name}: {curse} lifted ({n} karma)"),
    "xp": N_plural("{name}: {curse} lifted ({n} XP)", "{name}: {curse} lifted ({n} XP)"),
}


def curse_lifted(data: Mapping[str, Any], curse: str, pay: str) -> Line:
    """R18: the curse lifted, and what it cost in PAY (wish, karma or xp)."""
    ch = data["character"]
    return Line(ngettext(*PAID[pay], data["paid"][pay]).format(name=ch["name"], curse=curse.strip()))


def undone(data: Mapping[str, Any], camp: Any, entry: Any, to: int | None) -> Line:
    """`undo`: the change taken back, said from its facts in the language in use (ENTRY, the
    newest undone with what it changed), or the changes walked back to TO counted."""
    from campaign_cli.i18n import language

    done = data["undone_all"]
    if len(done) > 1:
        text = ngettext("undid #{first}..#{last}: {n} change", "undid #{first}..#{last}: {n} changes", len(done))
        return Line(text.format(first=done[0]["seq"], last=done[-1]["seq"]))
    from campaign_cli.cli.journal import told

    target = done[0]
    did = (told(camp, [entry]) if to is None else {}).get(entry[0]["seq"])
    stored = target["summary"]  # English: where the facts say nothing (an old entry)
    what = stored if did is None else did[0] or (stored if language() == "en" else did[1])
    return Line(_("undid #{seq}: {what}").format(seq=target["seq"], what=what))


def redone(data: Mapping[str, Any]) -> Line:
    again = data["changes"]
    text = ngettext("redid {n} change: #{seqs}", "redid {n} changes: #{seqs}", len(again))
    return Line(text.format(seqs=", #".join(map(str, again))))


def curse_applied(data: Mapping[str, Any]) -> Line:
    ch = data["character"]
    said = gendered(ch["gender"], "{name} is cursed: every roll {n} worse (R18)")
    return Line(said.format(name=ch["name"], n=len(ch["curses"])))


def curse_table(rows: Sequence[Mapping[str, Any]]) -> Table:
    return Table(
        _("Curses"),
        [_("character"), _("curse"), _("note")],
        [[r["character"], r["name"], r["note"]] for r in rows],
        ("name", "name", "text"),
    )


# The campaign's course: adventures, towns, keywords (R13, R16, R22, R39)


def adventure_started(data: Mapping[str, Any]) -> Line:
    from campaign_cli.render.events import adventure

    return Line(adventure(data["adventure"]["title"], begins=True))


def adventure_ended(data: Mapping[str, Any]) -> list[Any]:
    from campaign_cli.cli.views import party_table, status_news
    from campaign_cli.render.events import adventure

    chars = data["characters"]
    return [
        Line(adventure(data["ended"], begins=False)),
        party_table(_("The party"), chars),
        *status_news(data["status_before"], chars),
    ]


def town_entered(data: Mapping[str, Any], town: str, blacksmith: bool) -> Line:
    said = _("in {town}, which has a blacksmith") if blacksmith else _("in {town}")
    return Line(said.format(town=town.strip()))


def town_left(data: Mapping[str, Any]) -> Line:
    return Line(_("left {town}").format(town=data["left"]["town"]))


def keyword_learned(data: Mapping[str, Any], word: str) -> Line:
    from campaign_cli.rules.advancement import KILL_XP

    if data["xp"]:
        return Line(
            _("learned {word}: +{xp} XP to {names}").format(word=word.strip(), xp=KILL_XP, names=", ".join(data["xp"]))
        )
    return Line(_("learned {word}: nobody can win XP").format(word=word.strip()))


def rested(data: Mapping[str, Any], week: bool) -> list[Any]:
    """R21, R22: the party after a night's sleep or a week of rest, and who changed status."""
    from campaign_cli.cli.views import status_news

    chars = data["characters"]
    return [
        Table(
            _("After a week of rest") if week else _("After a night's sleep"),
            [_("name"), _("damage"), _("fatigue"), _("status")],
            [[c["name"], c["damage"], c["fatigue"], status_of(c["status"], c.get("gender"))] for c in chars],
            ("name", "", "", "status"),
        ),
        *status_news(data["status_before"], chars),
    ]


# Fights (R8, R13, R20, R21, R40-R42)


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


def _bar(left: int, full: int, width: int = 10) -> str:
    filled = round(width * left / full) if full else 0
    return "#" * filled + "." * (width - filled)


def strike_line(hitter: str, data: Mapping[str, Any]) -> str:
    """A hit on an enemy: the damage less its defense, the wounds, and a kill or what is left (R41)."""
    from campaign_cli.i18n import of_thing
    from campaign_cli.rules import fights

    enemy, dealt = data["enemy"], data["wounds"]
    left = fights.health_left(enemy)
    line = _("{hitter} hits {enemy}: {damage} - defense {defense} = ").format(
        hitter=hitter, enemy=enemy["name"], damage=data["damage"], defense=enemy["defense"]
    )
    if data["overkill"]:  # the wounds are what health it had left (R41)
        line += str(data["past_defense"]) + "; "
        line += ngettext("{n} wound, all it had left", "{n} wounds, all it had left", dealt)
    else:
        line += ngettext("{n} wound", "{n} wounds", dealt)
    line += "; "
    if data["killed"]:
        return line + of_thing(enemy.get("gender"), "{enemy} is killed: {hitter} wins {xp} XP").format(
            enemy=enemy["name"], hitter=hitter, xp=data["xp"]
        )
    line += _("{left} of {health} health left").format(left=left, health=enemy["health"])
    return line + (
        _("; {hitter} wins {xp} XP for the wounds (R41)").format(hitter=hitter, xp=data["xp"]) if data["xp"] else ""
    )


def struck(data: Mapping[str, Any]) -> Line:
    return Line(strike_line(data["character"]["name"], data))


def blow_lines(data: Mapping[str, Any]) -> list[Line]:
    """A blow in words: a character's check, damage and what it did to the enemy (or the
    miss); an enemy's dice, hits and what they did to the character."""
    from campaign_cli.i18n import empty
    from campaign_cli.render.rolls import describe_check, describe_roll

    if "check" in data:  # a character's blow
        lines = [describe_check(data["check"])]
        if data["hit"]:
            strike = {
                "enemy": data["target"],
                **{k: data[k] for k in ("damage", "wounds", "past_defense", "overkill", "killed", "xp")},
            }
            lines += [describe_roll(data["roll"]), strike_line(data["attacker"], strike)]
        else:
            lines.append(_("{name} misses {enemy}").format(name=data["attacker"], enemy=data["target"]["name"]))
        return [Line(t) for t in lines]
    enemy, ch = data["enemy"], data["target"]
    counts = data.get("faces")
    line = _("{enemy} attacks {name}: rolled {dice} needing {to_hit}+: ").format(
        enemy=enemy["name"],
        name=ch["name"],
        dice=(", ".join(map(str, data["dice"])) or empty())
        if counts is None
        else ", ".join(_("{n}x{face}").format(n=n, face=face) for face, n in enumerate(counts, 1) if n),
        to_hit=enemy.get("to_hit", 0),
    )
    line += ngettext("{n} hit", "{n} hits", data["hits"])
    if data["hits"]:
        line += _(" x ({damage} - armor {armor}) = {total} damage; {name}: {status}").format(
            damage=enemy.get("damage", 0),
            armor=ch["armor"],
            total=data["damage"],
            name=ch["name"],
            status=status_of(ch["status"], ch.get("gender")),
        )
    return [Line(line)]


def fight_joined(data: Mapping[str, Any]) -> Line:
    """A group put on the board (R40), its elite roll (R42)."""
    added, die = data["added"], data.get("elite_die")
    ability = added[0]["elite"]
    elite_text = _("; elite roll {die}: {ability}").format(die=die, ability=ability) if ability else ""
    joined = ngettext(
        "{names} joins the fight (health {health}){elite}",
        "{names} join the fight (health {health}){elite}",
        len(added),
    )
    return Line(joined.format(names=", ".join(e["name"] for e in added), health=added[0]["health"], elite=elite_text))


def fight_ordered(data: Mapping[str, Any]) -> list[Any]:
    """R8: the dice, the order, and who begins round 1."""
    from campaign_cli.i18n import side

    fight, rolls = data["fight"], data["rolls"]
    first = {"party": _("the party goes first"), "enemies": _("the enemies go first")}[fight["first"] or "party"]
    dice_line = (
        _("party {party} vs enemies {enemies}: {first}").format(
            party=", ".join(map(str, rolls["party"])), enemies=", ".join(map(str, rolls["enemies"])), first=first
        )
        if rolls["party"] and rolls["enemies"]
        else first  # no enemy yet: nothing was rolled
    )
    return [
        Line(dice_line),
        Table(
            _("Turn order (R8)"),
            ["#", _("who")],
            [[i + 1, side(n)] for i, n in enumerate(fight["order"])],
            ("id", "name"),
        ),
        Line(
            _("round 1: the party's turn")
            if fight["turn"] == "party"
            else _("round 1: {value} goes first").format(value=side(fight["turn"]))
        ),
    ]


def fight_ended(data: Mapping[str, Any]) -> list[Any]:
    """R13, R20, R21: how the fight ended, the party after it, who changed status."""
    from campaign_cli.cli.views import party_table, status_news

    outcome, chars, before = data["outcome"], data["characters"], data["status_before"]
    title = {"won": _("Fight won"), "routed": _("Fight won: the rest routed"), "fled": _("Fight fled")}[outcome]
    return [party_table(title, chars), *status_news(before, chars)]


# Enemy types (R40-R42)


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


def enemy_added(added: Mapping[str, Any]) -> list[Any]:
    from campaign_cli.cli.views import board_views

    return [Line(_("added {name} (#{id})").format(name=added["name"], id=added["id"])), *board_views(added, False)]


def enemy_deleted(data: Mapping[str, Any]) -> Line:
    return Line(_("deleted {name}").format(name=data["deleted"]["name"]))


def elite_rolled(data: Mapping[str, Any]) -> Line:
    return Line(
        _("{name} elite roll {die}: {ability}").format(name=data["enemy"], die=data["die"], ability=data["ability"])
    )


def enemy_wounds(data: Mapping[str, Any], damage: int) -> Line:
    said = _("{enemy}: {damage} damage - defense {defense} = ").format(
        enemy=data["enemy"], damage=damage, defense=data["defense"]
    )
    return Line(said + ngettext("{n} wound", "{n} wounds", data["wounds"]))


def enemy_killed(data: Mapping[str, Any]) -> Line:
    ch = data["character"]
    said = gendered(ch["gender"], "{name} killed {enemy}: +{xp} XP ({total} in all)")
    return Line(said.format(name=ch["name"], enemy=data["enemy"], xp=data["xp"], total=ch["xp"]))


# The catalog: the built-in tables, the packs' entries (R23, R26-R30, R40)


# A catalog entry's fields, as `catalog show` labels them.
FIELDS = {
    "gender": N_("grammatical gender"),  # a board's (m, f, n): how Russian sentences agree with it
    "aliases": N_("aliases"),
    "armor": N_("armor"),
    "damage": N_("damage"),
    "fatigue": N_("fatigue"),
    "flags": N_("flags"),
    "group": N_("group"),
    "hands": N_("hands"),
    "heft": N_("heft"),
    "restriction": N_("restriction"),
    "shield": N_("shield"),
    "skill": N_("skill"),
    "kind": N_("kind"),
    "source": N_("source"),
    "weight": N_("weight"),
    "value": N_("value"),
    "slots": N_("slots"),
    "check": N_("check"),
    "effect": N_("effect"),
    "keywords": N_("keywords"),
    "size": N_("size"),
    "id": N_("id"),
    "clothing": N_("clothing"),
    "requires": N_("requires"),
    "personal": N_("personal"),
    "darkstone_icon": N_("dark stone icon"),
    "heals": N_("heals"),
    "boost": N_("boost"),
    "upgrade": N_("upgrade"),
}


def _stats(e: Mapping[str, Any]) -> str:
    from campaign_cli.i18n import dice

    if e.get("damage"):
        return dice(e["damage"]) + (_(" fatigue") if e.get("fatigue") else "")
    if e.get("armor") is not None:
        return f"A{e['armor']} R{e.get('restriction') or 0}" + (_(" shield") if e.get("shield") else "")
    return ""


def _others(entry: Mapping[str, Any]) -> str:
    """An entry's other names: its aliases, or in Russian (which shows the seed's name) the rest."""
    return Verbatim(" / ".join(n for n in (entry["name"], *entry.get("aliases", ())) if n != shown(entry["name"])))


def _item_table(title: str, rows: Sequence[Mapping[str, Any]]) -> Table:
    return Table(
        title,
        [_("name"), _("also"), _("kind"), _("stats"), _("weight"), _("value"), _("heft"), _("slots"), _("source")],
        [
            [
                e["name"],
                _others(e),
                e["kind"],
                _stats(e),
                e.get("weight", 0),
                e.get("value", 0),
                e.get("heft"),
                e.get("slots", 0),
                e["source"],
            ]
            for e in rows
        ],
        ("name", "text", "", "", "", "", "", "", ""),
    )


def _said_value(key: str, value: object, found: Mapping[str, object]) -> object:
    """A catalog field's value as the reader's language says it: a weapon's group (Клинки),
    dice as written there (2к6), the source, and the other names beside the one shown in the
    title (a Russian reader sees Палаш as the title and Broadsword among the others)."""
    if key == "effect":
        return _(str(value))
    if key == "gender" and isinstance(value, str):  # a board's grammatical gender (m, f, n), in words
        return {"m": _("masculine"), "f": _("feminine"), "n": _("neuter")}.get(value, value)
    if key in ("group", "source") and isinstance(value, str):
        return shown(value)
    if key in ("damage", "fatigue") and isinstance(value, str):
        from campaign_cli.i18n import dice

        return dice(value)
    if key == "aliases" and isinstance(value, list):
        title = shown(str(found["name"]))  # each other name as it is written, never shown translated
        return [Verbatim(n) for n in [str(found["name"]), *map(str, value)] if n != title]
    return value


def skill_table(data: Sequence[Mapping[str, Any]]) -> Table:
    """R23: the skill table, each skill's group, names, check and effect."""
    rows = [[d["group"], d["name"], _others(d), d["check"], _(str(d["effect"]))] for d in data]
    return Table(
        _("Skills (R23)"),
        [_("group"), _("skill"), _("seed name"), _("check"), _("effect")],
        rows,
        ("", "name", "name", "", "text"),
    )


def weapon_table(data: Sequence[Mapping[str, Any]]) -> Table:
    return _item_table(_("Weapons (R26, R28)"), data)


def armor_table(data: Sequence[Mapping[str, Any]]) -> Table:
    return _item_table(_("Armor (R29, R30)"), data)


def entry_table(data: Sequence[Mapping[str, Any]]) -> Table:
    return _item_table(_("Items"), data)


def board_table(data: Sequence[Mapping[str, Any]]) -> Table:
    """R40: the enemy types of the packs and the campaign."""
    rows = [
        [b["name"], b["size"], ", ".join(b["keywords"]), b["normal"]["health"], b["normal"]["xp"], b["source"]]
        for b in data
    ]
    return Table(
        _("Enemies (R40)"),
        [_("name"), _("size"), _("keywords"), _("health"), _("XP"), _("source")],
        rows,
        ("name", "", "text", "", "", ""),
    )


def catalog_entry(found: Mapping[str, Any]) -> list[Any]:
    """One catalog entry in full, its title saying where it comes from; an enemy's board too."""

    name = shown(found["name"])
    pairs = [
        (_(FIELDS.get(k, k)), _said_value(k, v, found))
        for k, v in found.items()
        if k not in ("name", "normal", "brutal") and v not in (None, [], "")
    ]
    source = found["source"]
    if source == "built-in":  # said whole, so no word must agree with the kind's gender (оружие, броня)
        title = _("{name} ({kind}, built in)").format(name=name, kind=shown(found["kind"]))
    elif source == "campaign":
        title = _("{name} ({kind}, from the campaign)").format(name=name, kind=shown(found["kind"]))
    else:
        title = _("{name} ({kind}, from pack {pack})").format(name=name, kind=shown(found["kind"]), pack=source)
    views: list[Any] = [Fields(title, pairs)]
    if found["kind"] == "enemy":
        from campaign_cli.cli.views import board_views

        views += board_views(found, False)
    return views


def pack_table(data: Sequence[Mapping[str, Any]]) -> Table:
    return Table(
        _("Catalog packs"),
        [_("pack"), _("version"), _("items"), _("enemies")],
        [[p["pack"], p["version"], p["items"], p["enemies"]] for p in data],
        ("name", "", "", ""),
    )


def pack_imported(data: Mapping[str, Any]) -> Line:
    """A pack stored (or replacing one of its name), with its entry counts."""
    old = data["replaced"]
    counts = (
        ngettext("{n} item", "{n} items", data["items"])
        + ", "
        + ngettext("{n} enemy type", "{n} enemy types", data["enemies"])
    )
    done = (
        _("pack {pack} {version} replaced (was {old}): {counts}")
        if old is not None
        else _("pack {pack} {version} imported: {counts}")
    )
    return Line(done.format(pack=data["pack"], version=data["version"], old=old, counts=counts))


def pack_removed(data: Mapping[str, Any]) -> Line:
    found = data["removed"]
    return Line(_("pack {pack} {version} removed").format(pack=found["pack"], version=found["version"]))


# Rolls


def rolled(data: Mapping[str, Any]) -> Line:
    from campaign_cli.render.rolls import describe_roll

    return Line(describe_roll(data))


def odds_views(data: Mapping[str, Any], value: int) -> list[Line]:
    """`odds`: the exact chance of the check at VALUE, and with --plot its distribution."""
    from fractions import Fraction

    from campaign_cli.cli.views import plot
    from campaign_cli.render.rolls import chance_text
    from campaign_cli.rules.checks import distribution

    said = _("{text} at {value}: {fraction} = {value2}")
    lines = [
        Line(
            said.format(
                text=data["spec"],
                value=value,
                fraction=data["fraction"],
                value2=chance_text(Fraction(data["fraction"])),
            )
        )
    ]
    if "plot" in data:
        count, limit = data["plot"]["dice"], data["plot"]["limit"]
        what = (
            _("{count}d6 sums").format(count=count)
            if data["type"] == "sum"
            else _("dice at {need}+ of {count}").format(need=limit, count=count)
        )
        lines += plot(distribution(data["type"], count, limit), what)
    return lines


def check_views(result: Mapping[str, Any]) -> list[Any]:
    """A check's line (R5-R10), and with --plot its distribution, the roll marked."""
    from campaign_cli.cli.views import plot
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


def contested(data: Mapping[str, Any]) -> list[Any]:
    """R7: both sides' rolls and the winner."""
    from campaign_cli.render.rolls import contest_rows, shown_side

    winner = data["winner"]
    return [
        Table(
            _("Contest (R7)"),
            [_("who"), _("spec"), _("dice"), _("total"), _("target"), _("modifiers"), ""],
            contest_rows(data["a"], data["b"]),
            ("name", "", "", "", "", "text", ""),
        ),
        Line(_("winner: {name}").format(name=shown_side(winner)) if winner else _("winner: nobody")),
    ]


def cast_line(data: Mapping[str, Any]) -> Line:
    """R9: the spell's check, or with --against the contest of IQ (R7), and whether it takes hold."""
    from campaign_cli.render.rolls import describe_check, shown_side

    known = data["spell"]
    if "a" not in data:  # a check (no --against)
        said = _("{check}: {spell} is cast") if data["success"] else _("{check}: {spell} fails")
        return Line(said.format(check=describe_check(data), spell=known["name"]))
    a, b = data["a"], data["b"]
    said = (
        _("{spell}: {a} {a_total} vs {a_target}, {b} {b_total} vs {b_target}: the spell takes hold")
        if data["success"]
        else _("{spell}: {a} {a_total} vs {a_target}, {b} {b_total} vs {b_target}: resisted")
    )
    return Line(
        said.format(
            spell=known["name"],
            a=a["name"],
            a_total=a["total"],
            a_target=a["target"],
            b=shown_side(b["name"]),
            b_total=b["total"],
            b_target=b["target"],
        )
    )


def initiative_table(data: Mapping[str, Any]) -> Table:
    """R8: one die each, highest first, with the tie rolls."""
    order, dice_of = data["order"], data["rolls"]
    return Table(
        _("Initiative (R8)"),
        ["#", _("name"), _("rolls")],
        [[i + 1, n, ", ".join(map(str, dice_of[n]))] for i, n in enumerate(order)],
        ("id", "name", "text"),
    )


def skill_used(result: Mapping[str, Any]) -> list[Line]:
    """R23: the skill's check (or contest), then what it did."""
    from campaign_cli.render.rolls import describe_check, describe_contest
    from campaign_cli.rules import craft
    from campaign_cli.rules.skills import find_skill

    found = find_skill(result["skill"])
    effect = result["effect"]
    said = describe_check(result, found.name) if "a" not in result else describe_contest(result, skill=found.name)
    lines = [Line(said)]
    if effect is not None or found.name in craft.ACTING:
        lines.append(Line(_effect_line(effect)))
    return lines


def _effect_line(effect: Mapping[str, Any] | None) -> str:
    from campaign_cli.render.character import effect_text

    if effect is None:
        return _("no effect")
    if "healed" in effect:
        return "; ".join(  # one sentence a person, its number agreeing with its noun
            ngettext("{name}: {n} damage healed", "{name}: {n} damage healed", v).format(name=k, n=v)
            for k, v in effect["healed"].items()
        )
    if "karma" in effect:
        return "; ".join(
            ngettext(
                "{name} gets {n} point of Bard karma for this adventure",
                "{name} gets {n} points of Bard karma for this adventure",
                v,
            ).format(name=k, n=v)
            for k, v in effect["karma"].items()
        )
    if "leadership" in effect:
        lead = effect["leadership"]
        return _("{name}'s next check gets +{value} (Leadership)").format(name=lead["for"], value=lead["value"])
    potion = effect["potion"]
    what = effect_text({"healed": potion["heals"]} if potion.get("heals") else {"boost": potion["boost"]})
    made = _("made {potion} (#{id}): {effect}").format(potion=shown(potion["name"]), id=potion["id"], effect=what)
    return made + (_("; paid {xp} XP").format(xp=effect["xp_spent"]) if effect["xp_spent"] else "")


# Items (R25, R26, R29-R39)


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


HAS = {
    "gold": N_plural("{name} has {n} gold", "{name} has {n} gold"),
    "darkstone": N_plural("{name} has {n} dark stone", "{name} has {n} dark stones"),
}


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


def counted_line(data: Mapping[str, Any]) -> Line:
    """`gold add` and the like: what the character has now (the result names the counter)."""
    from campaign_cli.i18n import ngettext

    field = "gold" if "gold" in data else "darkstone"
    ch = data["character"]
    return Line(ngettext(*HAS[field], ch[field]).format(name=ch["name"]))


def item_views(ch: Mapping[str, Any], item: Item) -> list[Any]:
    """One item in full (`item show`): its stats, upgrades and forged stones, slots, state."""
    from campaign_cli.render.character import stats, upgrade_text
    from campaign_cli.rules import gear

    pairs: list[tuple[str, Any]] = [
        (_("kind"), item["kind"]),
        (_("state"), item["state"]),
        (_("hands"), item.get("hands", 0)),
        (_("weight / value"), _("{weight} / {value} gold").format(weight=item["weight"], value=item["value"])),
    ]
    if gear.pieces(item) > 1:
        pairs.append((_("pieces (a stack; weight and value each)"), gear.pieces(item)))
    if item.get("damage"):
        pairs += [
            (_("damage"), stats(item)),
            (_("flags"), " ".join(f"({f})" for f in item.get("flags", [])) or None),
            (_("skill"), item.get("skill")),
            (_("heft (R27)"), item.get("heft")),
        ]
    if item["kind"] == "armor":
        pairs += [
            (_("armor / restriction"), f"{item.get('armor') or 0} / {item.get('restriction') or 0}"),
            (_("shield"), bool(item.get("shield"))),
        ]
    if item.get("heals") or item.get("boost"):
        pairs.append((_("potion"), stats(item)))
    pairs += [
        (_("requires (R34)"), item.get("requires") or None),
        (_("clothing (R35)"), item.get("clothing")),
        (_("personal (R36)"), gear.is_personal(item)),
        (_("dark stone icon (R37)"), bool(item.get("darkstone_icon"))),
        (_("aliases"), item.get("aliases") or None),
    ]
    if item.get("slots") or item.get("upgrades"):
        used = gear.used_slots(item)
        pairs.append(
            (
                _("slots (R39)"),
                _("{used} used, {free} free of {slots}").format(
                    used=used, free=gear.free_slots(item), slots=item["slots"]
                ),
            )
        )
        pairs += [(_("upgrade"), upgrade_text(u)) for u in item.get("upgrades", [])]
    title = _("{item} (#{id}), {owner}'s").format(item=shown(item["name"]), id=item["id"], owner=ch["name"])
    return [Fields(title, [(k, v) for k, v in pairs if v is not None])]


def item_added(data: Mapping[str, Any], count: int) -> Line:
    """An item added (COUNT pieces), its id, and the load it makes (R33)."""
    from campaign_cli.render.character import object_shown

    ch, added = data["character"], data["item"]
    said = _("{name} gets {object} (#{id}); carries {weight} of {limit}")
    return Line(
        said.format(
            name=ch["name"],
            object=object_shown(added, count),
            id=added["id"],
            weight=ch["carry_weight"],
            limit=ch["carry_limit"],
        )
    )


def item_sold(data: Mapping[str, Any]) -> Line:
    from campaign_cli.render.character import object_shown

    said = _("{name} sells {object} to {other} for {paid} gold")
    return Line(
        said.format(
            name=data["from"]["name"],
            object=object_shown(data["item"], data["count"]),
            other=data["to"]["name"],
            paid=data["price"],
        )
    )


def item_given(data: Mapping[str, Any]) -> Line:
    from campaign_cli.render.character import object_shown

    moved = object_shown(data["item"], data["count"])
    said = _("{name} gives {object} to {other}")
    return Line(said.format(name=data["from"]["name"], object=moved, other=data["to"]["name"]))


def item_dropped(data: Mapping[str, Any]) -> Line:
    from campaign_cli.render.character import object_shown

    said = _("{name} drops {object}")
    return Line(said.format(name=data["character"]["name"], object=object_shown(data["item"], data["count"])))


def items_held(data: Mapping[str, Any]) -> Line:
    from campaign_cli.render.character import objects_shown

    ch, chosen = data["character"], data["held"]
    if chosen:
        return Line(_("{name} holds {objects}").format(name=ch["name"], objects=objects_shown(chosen, 1)))
    return Line(_("{name} holds nothing").format(name=ch["name"]))


def potion_drunk(data: Mapping[str, Any], count: int) -> Line:
    from campaign_cli.render.character import effect_text, pieces_shown

    ch = data["character"]
    said = _("{name} drinks {item}: {effect}; damage {damage}, status {status}")
    return Line(
        said.format(
            name=ch["name"],
            item=pieces_shown(data["item"], count),
            effect=effect_text(data["effect"]),
            damage=ch["damage"],
            status=status_of(ch["status"], ch.get("gender")),
        )
    )


def _armor_now(data: Mapping[str, Any], said: str) -> Line:
    """Wear or stow: what the character's armor, adjusted DX and MA are now (R29, R30)."""
    from campaign_cli.render.character import object_shown

    ch = data["character"]
    return Line(
        said.format(
            name=ch["name"], object=object_shown(data["item"], 1), armor=ch["armor"], dx=ch["adjusted_dx"], ma=ch["ma"]
        )
    )


def item_worn(data: Mapping[str, Any]) -> Line:
    return _armor_now(data, _("{name} wears {object}; armor {armor}, adjusted DX {dx}, MA {ma}"))


def item_stowed(data: Mapping[str, Any]) -> Line:
    return _armor_now(data, _("{name} stows {object}; armor {armor}, adjusted DX {dx}, MA {ma}"))


def _load_now(data: Mapping[str, Any], said: str) -> Line:
    """Store or fetch: where the character's load stands (R33)."""
    from campaign_cli.render.character import object_shown

    ch = data["character"]
    moved = object_shown(data["item"], data["count"])
    return Line(said.format(name=ch["name"], object=moved, weight=ch["carry_weight"], limit=ch["carry_limit"]))


def item_stored(data: Mapping[str, Any]) -> Line:
    return _load_now(data, _("{name} stores {object}; carries {weight} of {limit}"))


def item_fetched(data: Mapping[str, Any]) -> Line:
    return _load_now(data, _("{name} fetches {object}; carries {weight} of {limit}"))


def item_changed(data: Mapping[str, Any]) -> Line:
    return Line(_("{name}: {item} changed").format(name=data["character"]["name"], item=shown(data["item"]["name"])))


def item_reloaded(data: Mapping[str, Any]) -> Line:
    done, left = data["item"], data["reloads_left"]
    said = (
        ngettext("{item}: {n} more reloading action", "{item}: {n} more reloading actions", left)
        if left
        else _("{item} is loaded")
    )
    return Line(said.format(item=shown(done["name"])))


def item_upgraded(data: Mapping[str, Any]) -> Line:
    from campaign_cli.rules import gear

    target = data["item"]
    said = _("{item}: {free} of {slots} slots free")
    return Line(said.format(item=shown(target["name"]), free=gear.free_slots(target), slots=target["slots"]))


def item_forged(data: Mapping[str, Any]) -> Line:
    """R39: what was forged into the item, from how many stones, and what is left."""
    from campaign_cli.rules import gear

    ch, target = data["character"], data["item"]
    forged = target["upgrades"][-1]
    said = ngettext(
        "{name} has {upgrade} forged into {item} from {n} dark stone for {gold} gold",
        "{name} has {upgrade} forged into {item} from {n} dark stones for {gold} gold",
        forged["darkstone"],
    ).format(name=ch["name"], upgrade=shown(forged["name"]), item=shown(target["name"]), n=forged["darkstone"],
             gold=forged.get("gold", 0))  # fmt: skip
    left = _("{free} of {slots} slots free; {loose} loose dark stone left, {total} in all").format(
        free=gear.free_slots(target), slots=target["slots"], loose=ch["darkstone"], total=ch["darkstone_total"]
    )
    return Line(f"{said}. {left}")


# Trade with a merchant (R25, R38)


def _traded(data: Mapping[str, Any], said: str, other: str) -> list[Line]:
    """The haggle (R25's Merchant contest, OTHER the unnamed side) said first, then SAID."""
    from campaign_cli.render.rolls import describe_contest

    return [*([Line(describe_contest(data["haggle"], other))] if data["haggle"] else []), Line(said)]


def bought(data: Mapping[str, Any], count: int) -> list[Line]:
    """R38: what was bought (COUNT pieces, not the stack they joined), its price, the gold left."""
    from campaign_cli.render.character import object_shown

    who = data["character"]
    said = _("{name} buys {object} for {paid} gold; {gold} gold left").format(
        name=who["name"], object=object_shown(data["item"], count), paid=data["paid"], gold=who["gold"]
    )
    return _traded(data, said, _("the merchant"))


def sold(data: Mapping[str, Any]) -> list[Line]:
    from campaign_cli.render.character import object_shown

    who = data["character"]
    said = _("{name} sells {object} for {received} gold; has {gold} gold").format(
        name=who["name"], object=object_shown(data["item"]), received=data["received"], gold=who["gold"]
    )
    return _traded(data, said, _("the buyer"))
