"""What a journal entry did, in words (the log in another language, undo, the recap):
shared by `log`, `undo` and `recap`, so none of them imports another."""

from __future__ import annotations

from campaign_cli.i18n import N_, _, shown

LABELS = {
    "xp_won": N_("XP won"),
    "xp_spent": N_("XP spent"),
    "karma_won": N_("karma won"),
    "karma_spent": N_("karma spent"),
    "karma_expired": N_("Bard karma expired"),
    "wishes_won": N_("wishes won"),
    "wishes_spent": N_("wishes spent"),
    "damage_taken": N_("damage taken"),
    "knocked_out": N_("knocked out"),
    "died": N_("died"),
    "curses_gained": N_("curses gained"),
    "curses_lifted": N_("curses lifted"),
    "items_gained": N_("items gained"),
    "items_lost": N_("items lost"),
    "gold_gained": N_("gold gained"),
    "gold_lost": N_("gold lost"),
    "darkstone_found": N_("dark stone found"),
    "darkstone_forged": N_("dark stone forged"),
    "checks": N_("checks rolled"),
    "checks_passed": N_("checks passed"),
}


def _events(row: dict) -> list[tuple[str, object]]:
    """A character's recap as (field, value), leaving out what did not happen."""
    return [(k, v) for k, v in row.items() if k != "name" and v not in (0, [], False)]


def _fmt(value) -> str:
    if isinstance(value, list):
        return ", ".join(shown(v) for v in value)
    if isinstance(value, bool):
        return shown("yes" if value else "no")
    return str(value)


def entry_text(data: dict) -> str:
    """What one journal entry did, from its recap (DATA: `rules.recap.recap` of that entry
    alone): each character's events, kills and keywords, or "" when it touched none."""
    parts = [
        _("{name}: {events}").format(
            name=row["name"],  # a yes-or-no event (died) is its label alone
            events="; ".join(_(LABELS[k]) if v is True else f"{_(LABELS[k])} {_fmt(v)}" for k, v in events),
        )
        for row in data["characters"]
        if (events := _events(row))
    ]
    if data["kills"]:
        parts.append(_("enemies killed: {names}").format(names=_listed(data["kills"])))
    if data["keywords"]:
        parts.append(_("keywords: {words}").format(words=_listed(data["keywords"])))
    return " | ".join(parts)


def _listed(names: list[str]) -> str:
    return ", ".join(names) or _("none")
