"""Shell completion of the names in the campaign file (characters, their items, curses and
spells, enemies, fight instances, skills, catalog entries), in the language typed.

Completion runs on every TAB: it reads the file without a lock, imports nothing heavy,
and never fails loudly (no campaign, a bad file: no names).
"""

from __future__ import annotations

import os
import re
import stat

from campaign_cli import jsontext
from campaign_cli.store.layout import packs_text

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing
if TYPE_CHECKING:
    from collections.abc import Iterable
    from typing import Any


class Context:
    """What a completer reads of Click's context: the parsed `params` and the root's
    (`find_root().params["campaign"]`). Click's own on the full path, this one on the fast
    path of a TAB (campaign_cli/tab.py), which imports neither Click nor Typer."""

    def __init__(self, params: dict[str, Any], root: Context | None = None) -> None:
        self.params, self.root = params, root

    def find_root(self) -> Context:
        return self.root or self


LANGUAGE = ""  # the fast path's language (i18n.requested): no catalog is loaded for a TAB


def _data(ctx: Context | None) -> dict[str, Any]:
    root = ctx.find_root() if ctx is not None else None
    path = (
        (root.params.get("campaign") if root is not None else None)
        or os.environ.get("CAMPAIGN_FILE")
        or "campaign.json"
    )
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK)  # a FIFO in its place never hangs a TAB
        with os.fdopen(fd, "rb") as fh:
            if not stat.S_ISREG(os.fstat(fd).st_mode):
                return {}
            data = jsontext.loads(fh.read())
        return data if isinstance(data, dict) else {}
    except (OSError, ValueError, RecursionError):
        return {}


def _cyrillic(text: str) -> bool:
    return any("\u0400" <= c <= "\u04ff" for c in text)


TYPED = ""  # the word being completed, as typed, when the shell class asks with "" (shells.py)


def pick(names: Iterable[str | None], incomplete: str) -> list[str]:
    """NAMES that start with what was typed (any case), each once, in order. A name holding
    control or format characters (an older file's) is never offered: printed, the terminal
    would obey it; escaped, it would not be the name."""
    from campaign_cli.folding import fold

    key = fold(incomplete or TYPED)
    return list(dict.fromkeys(n for n in names if isinstance(n, str) and fold(n).startswith(key) and n.isprintable()))


def _characters(data: dict[str, Any]) -> list[dict[str, Any]]:
    docs = data.get("characters")
    return [d for d in docs.values() if isinstance(d, dict)] if isinstance(docs, dict) else []


def _character(ctx: Context, data: dict[str, Any]) -> dict[str, Any]:
    """The character named before on the line (NAME, FROM, --character, an attacker)."""
    params = ctx.params
    name = str(params.get("name") or params.get("src") or params.get("character") or params.get("attacker") or "")
    name = name.casefold()
    return next((d for d in _characters(data) if str(d.get("name", "")).casefold() == name), {})


def characters(ctx: Context, incomplete: str) -> list[str]:
    return pick((d.get("name") for d in _characters(_data(ctx))), incomplete)


def _russian(incomplete: str) -> bool:
    """Names in Russian when Russian is typed, or nothing is typed yet in a Russian run."""
    typed = incomplete or TYPED
    if typed:
        return _cyrillic(typed)
    from campaign_cli.i18n import language

    return (LANGUAGE or language()) == "ru"


def items(ctx: Context, incomplete: str) -> list[str]:
    """The items of the character named before: their names, their aliases, and the
    catalog's Russian names, in the language typed (or in use)."""

    doc = _character(ctx, _data(ctx))
    russian = _russian(incomplete)
    names = []
    for item in doc.get("items", []) if isinstance(doc.get("items"), list) else []:
        if not isinstance(item, dict) or not isinstance(item.get("name"), str):
            continue
        local = [*(a for a in item.get("aliases", []) if isinstance(a, str)), _local_name(item["name"])]
        names += [n for n in local if _cyrillic(n)] if russian else [item["name"]]
        if russian and not any(_cyrillic(n) for n in local):
            names.append(item["name"])  # no Russian name: the name itself
    return pick(names, incomplete)


def _local_name(name: str) -> str:
    """A built-in catalog entry's Russian name (R28), else the name itself."""
    from campaign_cli.rules import catalog

    found = catalog.lookup(name)
    aliases = found[1].get("aliases", []) if found else []
    return next((a for a in aliases if _cyrillic(a)), name)


def curses(ctx: Context, incomplete: str) -> list[str]:
    doc = _character(ctx, _data(ctx))
    return pick((c.get("name") for c in doc.get("curses", []) if isinstance(c, dict)), incomplete)


def spells(ctx: Context, incomplete: str) -> list[str]:
    doc = _character(ctx, _data(ctx))
    return pick((s.get("name") for s in doc.get("spells", []) if isinstance(s, dict)), incomplete)


def _packs(data: dict[str, Any]) -> list[dict[str, Any]]:
    try:
        packs = jsontext.loads(packs_text(data))
    except (TypeError, ValueError):
        return []
    return [p for p in packs if isinstance(p, dict)] if isinstance(packs, list) else []


def enemies(ctx: Context, incomplete: str) -> list[str]:
    data = _data(ctx)
    own = data["enemies"] if isinstance(data.get("enemies"), dict) else {}
    names = [b.get("name") for b in own.values() if isinstance(b, dict)]
    names += [b.get("name") for p in _packs(data) for b in p.get("enemies", []) if isinstance(b, dict)]
    return pick(names, incomplete)


def fighters(ctx: Context, incomplete: str) -> list[str]:
    """Who may attack: the characters, then the enemies on the board."""
    return [*characters(ctx, incomplete), *on_board(ctx, incomplete)]


def on_board(ctx: Context, incomplete: str) -> list[str]:
    meta = (_data(ctx).get("meta") or {}).get("1") or {}
    fight = meta.get("fight") or {}
    return pick((e.get("name") for e in fight.get("enemies", []) if isinstance(e, dict) and e.get("alive")), incomplete)


def skills(ctx: Context, incomplete: str) -> list[str]:
    from campaign_cli.rules.skills import SKILLS

    russian = _russian(incomplete)
    return pick((n for s in SKILLS for n in (s.aliases if russian else (s.name,))), incomplete)


def catalog_entries(ctx: Context, incomplete: str) -> list[str]:
    """Built-in weapons and armor and the packs' items, in the language typed."""
    from campaign_cli.rules import catalog

    russian = _russian(incomplete)
    names = []
    for entry in [*catalog.weapons(), *catalog.armor(), *(e for p in _packs(_data(ctx)) for e in p.get("items", []))]:
        names += [
            n for n in (entry.get("name"), *entry.get("aliases", [])) if isinstance(n, str) and _cyrillic(n) == russian
        ]
    return pick(names, incomplete)


FILES = "\x1ffiles"  # the one candidate that says "a file name here": the shell completes it (shells.py)


def files(ctx: Context, incomplete: str) -> list[str]:
    """A file's name: the shell's own completion."""
    return [FILES]


def everything(ctx: Context, incomplete: str) -> list[str]:
    return [*catalog_entries(ctx, incomplete), *skills(ctx, incomplete), *enemies(ctx, incomplete)]


SAFE = r"[\w@%+=:,./-]*"  # what needs no quoting in bash (as shlex.quote sees it); compiled on a TAB only


def quote_for(word: str, value: str) -> str:
    """VALUE as it must stand on a bash line in place of WORD, the word as typed so far:
    inside the double or single quote the user opened, else with backslashes."""
    if word.startswith('"'):
        return '"' + re.sub(r'(["\\\\$`])', r"\\\1", value) + '"'
    if word.startswith("'"):
        return "'" + value.replace("'", "'\\''") + "'"
    if re.fullmatch(SAFE, value):
        return value
    return re.sub(r"([^\w@%+=:,./-])", r"\\\1", value)


def matching(values: list[str], incomplete: str) -> list[str]:
    """VALUES that start with INCOMPLETE in any case, ё as е (CLI.md: `Е` finds `Ёж`)."""
    from campaign_cli.folding import fold

    key = fold(incomplete)
    return [v for v in values if fold(str(v)).startswith(key)]
