"""Items as the acts make them."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from campaign_cli.rules import gear

if TYPE_CHECKING:
    from campaign_cli.model import Item


def new_item(camp: Any, item: str, custom: bool, options: dict) -> Item:
    """The item `item add` and `shop buy` make: catalog values, options over them, a new id."""
    return {"id": camp.next_id(), **gear.make_item(item, options, custom, camp.packs())}
