"""The views commands draw, each loaded only when it is drawn: a command that answers with
`--json` never loads them. Typer-free, so the fast path (cli/fast.py) draws them too."""

from __future__ import annotations

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing: the fast path
if TYPE_CHECKING:
    from collections.abc import Mapping
    from typing import Any


def character_lines(ch: Mapping[str, Any]) -> list[Any]:
    """A character's views (cli/views.py)."""
    from campaign_cli.cli.views import character_views

    return character_views(ch)
