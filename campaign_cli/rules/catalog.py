"""The built-in weapon and armor tables (R26-R30), shipped as JSON inside the package.

Constant data read once from the package itself; entries match their English name or
any Russian alias from the seed, case-insensitively (R28).
"""

from __future__ import annotations

import json
from functools import lru_cache
from importlib import resources


@lru_cache(maxsize=None)
def _table(name: str) -> tuple[dict, ...]:
    text = resources.files("campaign_cli.data").joinpath(f"{name}.json").read_text(encoding="utf-8")
    return tuple(json.loads(text)[name])


def weapons() -> tuple[dict, ...]:
    return _table("weapons")


def armor() -> tuple[dict, ...]:
    return _table("armor")


def entries() -> list[tuple[str, dict]]:
    """Every built-in weapon and armor entry as (kind, entry)."""
    return [*(("weapon", e) for e in weapons()), *(("armor", e) for e in armor())]


def aliases(name: str) -> tuple[str, ...]:
    """The other names of the catalog entry called NAME (its Russian names), or ()."""
    found = lookup(name)
    return tuple(found[1]["aliases"]) if found else ()


def near(name: str) -> str | None:
    """A catalog name within two edits of NAME (`Broadsord` -> Broadsword), or None."""
    from campaign_cli.rules.names import near as close

    return close(name, ((e["name"], *e["aliases"]) for _, e in entries()))


def lookup(name: str) -> tuple[str, dict] | None:
    """('weapon' or 'armor', entry) for a catalog name or alias, or None."""
    key = name.strip().casefold()
    for kind, table in (("weapon", weapons()), ("armor", armor())):
        for entry in table:
            if key in (n.casefold() for n in (entry["name"], *entry["aliases"])):
                return kind, entry
    return None
