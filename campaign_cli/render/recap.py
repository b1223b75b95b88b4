"""A recap in words: Markdown for a group chat, or plain lines; from the recap's facts
(rules.recap) and the characters' genders (Russian agrees with them)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from campaign_cli.i18n import _, moment, ngettext, number
from campaign_cli.render.journal import healing, killing, listed, sentences
from campaign_cli.render.text import markdown_text


def _titled(data: Mapping[str, Any]) -> str | None:
    """The adventure's title, or None for an untitled one (its default title is not said)."""
    from campaign_cli.render.events import DEFAULT_TITLES

    title = data["adventure"]
    return None if not title or title in DEFAULT_TITLES else str(title)


def markdown(data: Mapping[str, Any], genders: Mapping[str, str | None]) -> str:
    title = _titled(data)
    head = _("## Recap: {title}").format(title=markdown_text(title)) if title else _("## Recap")
    lines = [
        head,
        "",
        "*" + stretch(data) + "*",
        "",
        _("- **Fights:** {fights}").format(fights=data["fights"]),
        _("- **Enemies killed:** {names}").format(names=markdown_text(listed(data["kills"]))),
        *(f"  - {markdown_text(killing(k))}" for k in data["killed_by"]),
        *([_("- **Healing:**")] if data["healed"] else []),
        *(f"  - {markdown_text(healing(h))}" for h in data["healed"]),
        _("- **Keywords learned:** {words}").format(words=markdown_text(listed(data["keywords"]))),
    ]
    for row in data["characters"]:
        lines += ["", f"### {markdown_text(row['name'])}", ""]
        said = sentences(row, genders.get(row["name"]))
        lines += [f"- {markdown_text(text)}" for text in said] or ["- " + _("nothing")]
    return "\n".join(lines) + "\n"


def stretch(data: Mapping[str, Any]) -> str:
    """The journal's stretch the recap covers, or that it covers none yet."""
    if not data["from"]:
        return _("no entries yet")
    return _("{start} to {end}").format(start=moment(data["from"]), end=moment(data["to"]))


def tally(data: Mapping[str, Any]) -> str:
    """The stretch's fights, kills and keywords as one sentence, saying only what there was."""
    said = [ngettext("{n} fight", "{n} fights", data["fights"]).format(n=number(data["fights"]))]
    if data["kills"]:  # one or several, not a count: a list of names has no number to agree with
        killed = _("enemy killed: {names}") if len(data["kills"]) == 1 else _("enemies killed: {names}")
        said.append(killed.format(names=listed(data["kills"])))
    if data["keywords"]:
        learned = _("keyword learned: {words}") if len(data["keywords"]) == 1 else _("keywords learned: {words}")
        said.append(learned.format(words=listed(data["keywords"])))
    return "; ".join(said)  # a list inside a part ends where the next part begins


def lines(data: Mapping[str, Any], genders: Mapping[str, str | None]) -> list[str]:
    """The recap as plain lines: its stretch, fights, kills and keywords, then each
    character's sentences under the name."""
    title = _titled(data)
    when = stretch(data)
    out = [
        (_("Recap: {title} ({when})") if title else _("Recap ({when})")).format(title=title, when=when),
        tally(data),
    ]
    if data["killed_by"]:
        out.append(_("who killed whom: {list}").format(list="; ".join(map(killing, data["killed_by"]))))
    if data["healed"]:
        out.append(_("healing: {list}").format(list="; ".join(map(healing, data["healed"]))))
    for row in data["characters"]:
        said = sentences(row, genders.get(row["name"])) or [_("nothing")]
        # a character's sentences under the name: a list, not a table of labels and values
        out += ["", row["name"], *(f"  {text}" for text in said)]
    return out
