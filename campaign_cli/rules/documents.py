"""The judge's verdict (campaign_cli/judge.py, compiled from campaign_cli/model.py) at
the doors that take documents from outside: `import`, `character import`, `merge`, and
the undo check. A refusal names the document and the field: "bad import:
characters.1.xp must be a whole number ..."."""

from __future__ import annotations

from campaign_cli import judge, verdict
from campaign_cli.errors import Refused, Say

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing
if TYPE_CHECKING:
    from typing import Any


def _bad(err: judge.Invalid) -> Refused:
    return Refused(Say("bad import: {where} {why}", where=err.where, why=err.why), "bad_import")


def check_character(doc: dict[str, Any], where: str = "character") -> None:
    """Refused (exit 1), naming the field, unless every field of DOC is sound."""
    try:
        verdict.check("Character", doc, where)
    except judge.Invalid as err:
        raise _bad(err) from None


def check_tables(tables: dict[str, Any], packs: list[dict[str, Any]]) -> dict[str, Any]:
    """A whole campaign, as `import` checks it: meta, every character, every enemy board,
    what holds between them (ids, names), and every pack, field by field (Refused, exit 1,
    naming the first bad one). Returns the tables with the boards as validation stores them;
    PACKS come back validated too."""
    from campaign_cli.rules import packs as pack_rules
    from campaign_cli.rules.enemies import validate_board

    try:
        verdict.check_campaign(tables)
        verdict.check_packs(tables, packs)
    except judge.Invalid as err:
        raise _bad(err) from None
    enemies = {
        key: {"id": board["id"], **validate_board({k: v for k, v in board.items() if k != "id"})}
        for key, board in tables["enemies"].items()
    }
    packs[:] = [
        {"id": p["id"], **pack_rules.validate({k: v for k, v in p.items() if k in pack_rules.FIELDS})} for p in packs
    ]
    return {**tables, "enemies": enemies}
