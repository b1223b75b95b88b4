"""The enemy boards the campaign keeps (R40-R42): added from a file, a pack or the options,
deleted, and their elite table rolled."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from campaign_cli.judge import bringing_in
from campaign_cli.rules import enemies as rules

if TYPE_CHECKING:
    from campaign_cli.model import Board
    from campaign_cli.store.campaign import Stored


def add_board(camp: Stored, board: dict[str, Any], from_pack: bool, adjust: Callable[[dict[str, Any]], None]) -> Any:
    """`enemy add`: BOARD over the pack's board of that name when FROM_PACK (a pack's board
    by any of its names, when there is one), ADJUST applying the options over both, then
    judged whole (R40). Returns the board as stored: a Board with its id."""
    if from_pack:
        packed = {b["name"].casefold(): b for p in camp.packs() for b in p["enemies"]}
        board = {**packed.get(board["name"].casefold(), {}), **board}
    adjust(board)
    with bringing_in():  # a board file's names refuse what a name given refuses
        judged = rules.validate_board(board)
    stored = camp.insert("enemies", dict(judged), "enemy")
    camp.note(f"enemy added: {stored['name']}")
    camp.event("board_added", name=stored["name"])
    return stored


def delete_board(camp: Stored, name: str | int) -> Board:
    """`enemy delete` (`undo` brings it back)."""
    board = camp.own_board(name)
    camp.remove("enemies", board)
    camp.note(f"enemy deleted: {board['name']}")
    camp.event("board_deleted", name=board["name"])
    return board


def roll_elite(
    camp: Stored, name: str | int, brutal: bool, die_of: Callable[[], int], seed: int | None
) -> dict[str, Any]:
    """`enemy elite`: one die on the board's elite table (R42), the side's entry it names."""
    board = camp.own_board(name)
    die = die_of()
    ability = rules.elite(board, brutal, die)
    data = {
        "enemy": board["name"],
        "side": "brutal" if brutal else "normal",
        "die": die,
        "dice": [die],
        "ability": ability,
        **({"seed": seed} if seed is not None else {}),
    }
    camp.record_roll(data)
    camp.note(f"elite {board['name']}: {die} = {ability}")
    camp.event("elite_rolled", board=board["name"], die=die, ability=ability)
    return data
