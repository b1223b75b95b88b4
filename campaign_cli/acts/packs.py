"""The catalog packs a campaign keeps (CLI.md "Catalog packs"): one imported (replacing
one of the same name) or removed. Items already given out keep their values."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from campaign_cli.store.campaign import Stored


def import_pack(camp: Stored, pack: dict[str, Any]) -> dict[str, Any] | None:
    """`catalog import`: PACK (validated) stored, its names clashing with no other pack's
    or the built-in catalog's. Returns the pack it replaced, if any."""
    from campaign_cli.rules import catalog
    from campaign_cli.rules import packs as rules

    stored = camp.packs()
    rules.check_clashes(pack, catalog.known_names(stored, skip=pack["pack"]))
    old = next((p for p in stored if p["pack"].casefold() == pack["pack"].casefold()), None)
    kept = [p for p in stored if p is not old]
    camp.set_packs([*kept, {"id": old["id"] if old else camp.next_id(), **pack}])
    verb = f"replaced (was {old['version']})" if old else "imported"
    camp.note(f"pack {pack['pack']} {pack['version']} {verb}")
    camp.event("pack_added", pack=pack["pack"], version=str(pack["version"]))
    return old


def remove_pack(camp: Stored, name: str) -> dict[str, Any]:
    """`catalog remove`: the pack NAME, resolved as every name is. Returns it."""
    from campaign_cli.rules.names import resolve

    stored = camp.packs()
    found = resolve(name, ((p, (p["pack"],), p["id"]) for p in stored), "pack")
    camp.set_packs([p for p in stored if p is not found])
    camp.note(f"pack {found['pack']} removed")
    camp.event("pack_removed", pack=found["pack"])
    return found
