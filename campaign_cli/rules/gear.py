"""Gear: items, hands, weight, clothing, personal items, dark stone, upgrades (R26-R39)."""

from __future__ import annotations

from campaign_cli.errors import NotFound


def find_item(doc: dict, ref: str) -> dict:
    """An item of DOC's by its id or its name (case-insensitive)."""
    ref = ref.strip()
    items = doc.get("items", [])
    if ref.lstrip("#").isdigit():
        for item in items:
            if item["id"] == int(ref.lstrip("#")):
                return item
    for item in items:
        if item["name"].casefold() == ref.casefold():
            return item
    raise NotFound(f"{doc['name']} has no item {ref!r}", "unknown_item")
