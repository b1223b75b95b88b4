"""Enemy boards (R40-R42): the threat boards a campaign holds, and the enemies on them
wounded, killed and made elite."""

from __future__ import annotations

import os
from typing import TYPE_CHECKING, cast

from campaign_cli.errors import Opt, Refused, Say, UsageProblem
from campaign_cli.library.core import (
    Core,
    character_view,
    checked,
    given_dice,
    given_name,
    given_number,
    given_seed,
    given_text,
    whole_number,
)
from campaign_cli.options import Dice

if TYPE_CHECKING:
    from typing import Any

    from campaign_cli import results
    from campaign_cli.store import Stored
else:
    from campaign_cli.library.core import results


class Enemies(Core):
    """Enemy boards and the enemies on them."""

    # -- enemy boards (R40-R42) ---------------------------------------------------------
    @checked
    def enemy_add(
        self,
        name: str | None = None,
        /,
        *,
        file: str | os.PathLike[str] | None = None,
        size: results.Size | None = None,
        keyword: list[str] | None = None,
        field: list[str] | None = None,
    ) -> results.StoredBoard:
        """Add an enemy type (R40) from a board FILE (JSON; "-" reads stdin), or from a pack's
        board of that NAME, the keywords overriding it; NAME wins over the board's own.

        size: small, medium, large, huge or giant. keyword: the enemy's keywords.
        field: any board field, "normal.defense=2", "brutal.elite=a;b;c;d;e;f",
        "keywords=Undead;Beast".

            camp.enemy_add(file="samples/enemies/bog-lurker.json")
            camp.enemy_add("Bog Lurker", file="board.json", field=["brutal.defense=3"])
        """
        from campaign_cli.acts import enemies
        from campaign_cli.inputs import read_json
        from campaign_cli.rules.characters import check_name

        board = {} if file is None else read_json(os.fspath(file), "board", Opt("file"))
        if not isinstance(board, dict):
            raise Refused(Say("bad board: the file must hold a JSON object"), "bad_board")
        if name is not None:
            board["name"] = check_name(given_text(name, "name"), "enemy")
        elif "name" in board and not isinstance(board["name"], str):  # the file's name is not text
            raise Refused(Say("bad board: {field} {why}", field="name", why=Say("must be text")), "bad_board")
        elif not isinstance(board.get("name"), str):
            raise UsageProblem(Say("give a name, or a board file that has a name"), "missing_name")

        def adjust(board: dict[str, Any]) -> None:  # the keywords, over the file's or the pack's board
            if size is not None:
                board["size"] = size
            if keyword:
                board["keywords"] = keyword
            _board_fields(board, field or [])

        def run(stored: Stored) -> results.StoredBoard:
            return cast("results.StoredBoard", enemies.add_board(stored, board, file is None, adjust))

        return self._act("enemy add", True, run, (board["name"],))

    @checked
    def enemy_list(self) -> list[results.StoredBoard]:
        """Every enemy type the campaign keeps, in id order.

        names = [b["name"] for b in camp.enemy_list()]
        """
        return self._act("enemy list", False, lambda stored: cast("list[results.StoredBoard]", stored.docs("enemies")))

    @checked
    def enemy_show(self, enemy: str | int, /, *, brutal: bool = False) -> results.BoardSide:
        """One side of ENEMY's board: its numbers, the normal side or the `brutal` one (R40).

        camp.enemy_show("Bog Lurker", brutal=True)["defense"]
        """
        from campaign_cli.rules.enemies import side_of

        def run(stored: Stored) -> results.BoardSide:
            board = stored.find("enemies", enemy, "enemy")
            data = {
                "id": board.get("id"),
                "name": board["name"],
                "keywords": board["keywords"],
                "size": board["size"],
                "side": "brutal" if brutal else "normal",
                **side_of(board, brutal),  # type: ignore[arg-type]  # judged when read
            }
            return cast("results.BoardSide", data)

        return self._act("enemy show", False, run, (enemy,))

    @checked
    def enemy_delete(self, enemy: str | int, /) -> results.BoardDeleted:
        """Delete the enemy type ENEMY (`undo` brings it back).

        camp.enemy_delete("Bog Lurker")
        """
        from campaign_cli.acts import enemies

        def run(stored: Stored) -> results.BoardDeleted:
            return {"deleted": cast("results.StoredBoard", enemies.delete_board(stored, enemy))}

        return self._act("enemy delete", True, run, (enemy,))

    @checked
    def enemy_elite(
        self, enemy: str | int, /, *, brutal: bool = False, seed: int | None = None, dice: Dice | None = None
    ) -> results.EliteRoll:
        """Roll one die on ENEMY's elite table (R42), its normal or `brutal` side; DICE: the
        physical die, 1 to 6.

            camp.enemy_elite("Bog Lurker", seed=4)["ability"]
        """
        from campaign_cli.acts import enemies
        from campaign_cli.rules import dice as d
        from campaign_cli.rules.enemies import ELITE_ENTRIES

        typed_dice, rng = given_dice(dice, "dice"), d.rng_for(given_seed(seed))

        def run(stored: Stored) -> results.EliteRoll:
            data = enemies.roll_elite(
                stored, enemy, brutal, lambda: d.obtain(1, ELITE_ENTRIES, typed_dice, rng)[0], seed
            )
            return cast("results.EliteRoll", data)

        return self._act("enemy elite", True, run, (enemy,))

    @checked
    def enemy_hit(self, enemy: str | int, damage: int, /, *, brutal: bool = False) -> results.EnemyWounds:
        """The wounds a hit of DAMAGE does ENEMY: the damage less its defense, never below 0
        (R41); nothing changes (a blow on the board is `fight_hit`).

            camp.enemy_hit("Bog Lurker", 5)["wounds"]
        """
        from campaign_cli.rules import enemies

        whole_number(damage, "damage", 0)

        def run(stored: Stored) -> results.EnemyWounds:
            board = stored.find("enemies", enemy, "enemy")
            return {
                "enemy": board["name"],
                "side": "brutal" if brutal else "normal",
                "damage": damage,
                "defense": enemies.side_of(board, brutal)["defense"],  # type: ignore[arg-type]  # judged when read
                "wounds": enemies.wounds(board, brutal, damage),  # type: ignore[arg-type]
            }

        return self._act("enemy hit", False, run, (enemy, damage))

    @checked
    def enemy_kill(self, enemy: str | int, /, *, by: str | int, brutal: bool = False) -> results.Kill:
        """BY killed an ENEMY off the board and wins its XP, its `brutal` side's if so (R41;
        the dead win nothing, R11a).

            camp.enemy_kill("Bog Lurker", by="Ajax")
        """
        from campaign_cli.acts import fights

        def run(stored: Stored) -> results.Kill:
            doc, board, xp = fights.kill_enemy(stored, enemy, given_name(by, "by"), brutal)
            return {
                "enemy": board["name"],
                "side": "brutal" if brutal else "normal",
                "xp": xp,
                "character": character_view(doc),
            }

        return self._act("enemy kill", True, run, (enemy,))


def _board_fields(board: dict[str, Any], fields: list[str]) -> None:
    """ "normal.defense=2", "brutal.elite=a;b;c;d;e;f", "keywords=Undead;Beast", into BOARD."""
    from campaign_cli.rules import enemies

    for raw in fields:
        path, sep, value = given_text(raw, "field").partition("=")
        if not sep:
            raise UsageProblem(Say("{option} {raw!r}: expected FIELD=VALUE", option=Opt("field"), raw=raw), "bad_value")
        parts = path.strip().split(".")
        key = parts[-1]
        target = board
        for part in parts[:-1]:
            target = target.setdefault(part, {})
            if not isinstance(target, dict):
                raise UsageProblem(
                    Say("{option} {path}: {part} is not an object", option=Opt("field"), path=path, part=part),
                    "bad_value",
                )
        if key in enemies.LISTS or key == "keywords":
            target[key] = [v.strip() for v in value.split(";") if v.strip()]
        elif key in enemies.NUMBERS or key in enemies.OPTIONAL:  # R41's wound_xp is a number too
            target[key] = given_number(value, "field", path)
        else:
            target[key] = value
