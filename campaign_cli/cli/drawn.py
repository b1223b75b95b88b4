"""The views commands draw, each loaded only when it is drawn: a command that answers with
`--json` never loads them. Typer-free, so the fast path (cli/fast.py) draws them too."""

from __future__ import annotations

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing: the fast path
if TYPE_CHECKING:
    from collections.abc import Mapping, Sequence
    from typing import Any


def character_lines(ch: Mapping[str, Any]) -> list[Any]:
    """A character's views (cli/views.py)."""
    from campaign_cli.cli.views import character_views

    return character_views(ch)


def character_table(chars: Sequence[Mapping[str, Any]]) -> Any:
    """`character list`'s table (cli/views.py)."""
    from campaign_cli.cli.views import character_table as table

    return table(chars)


def item_table(ch: Mapping[str, Any]) -> Any:
    """`item list`'s table (cli/views.py)."""
    from campaign_cli.cli.views import item_table as table

    return table(ch)


def counted_line(data: Mapping[str, Any]) -> Any:
    """What a character has of a counter now (cli/views.py)."""
    from campaign_cli.cli.views import counted_line as line

    return line(data)


def enemy_table(boards: Sequence[Mapping[str, Any]]) -> Any:
    """`enemy list`'s table (cli/views.py)."""
    from campaign_cli.cli.views import enemy_table as table

    return table(boards)
