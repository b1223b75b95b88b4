"""Fights and enemy boards (R8, R13, R20, R21, R32a, R40-R42)."""

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


class Fights(Core):
    """Fights (their order, turns, blows) and enemy boards."""

    # -- fights (R8, R13, R20, R21, R32a, R40-R42) --------------------------------------
    @checked
    def fight_start(self, *, title: str | None = None) -> results.FightView:
        """Open a fight: enemies can be put on the board, and rest and adventure end wait for it.

        camp.fight_start(title="Ambush at the ford")
        """
        from campaign_cli.acts import fights
        from campaign_cli.rules.characters import check_name

        name = check_name(given_text(title, "title"), "fight") if title is not None else None

        def run(stored: Stored) -> results.FightView:
            return cast("results.FightView", fights.facts(stored, fights.start_fight(stored, name)))

        return self._act("fight start", True, run)

    @checked
    def fight_add(
        self,
        enemy: str,
        /,
        *,
        count: int = 1,
        brutal: bool = False,
        elite: bool = False,
        seed: int | None = None,
        dice: Dice | None = None,
    ) -> results.FightAdded:
        """Put COUNT instances of ENEMY on the board as one group ("ENEMY 1", "ENEMY 2"...),
        with their `brutal` side's numbers; `elite=True` rolls the elite table once for the
        group (R42: SEED, or the physical DICE). A group that joins after the order was
        rolled takes its place by initiative at once (R8).

            camp.fight_add("Bog Lurker", count=3)
            camp.fight_add("Cinder Hound", brutal=True, elite=True, dice=[4])
        """
        from campaign_cli.acts import fights
        from campaign_cli.rules import dice as d
        from campaign_cli.rules import enemies
        from campaign_cli.rules.fights import MAX_INSTANCES

        whole_number(count, "count", 1, MAX_INSTANCES)
        typed_dice = given_dice(dice, "dice")
        if (seed is not None or dice is not None) and not elite:
            raise UsageProblem(
                Say(
                    "{seed} and {dice} roll the elite table: give {elite}",
                    seed=Opt("seed"),
                    dice=Opt("dice"),
                    elite=Opt("elite"),
                )
            )
        rng = d.rng_for(given_seed(seed))
        elite_die = (lambda: d.obtain(1, enemies.ELITE_ENTRIES, typed_dice, rng)[0]) if elite else None

        def run(stored: Stored) -> results.FightAdded:
            fight, added, die = fights.add_group(stored, enemy, count, brutal, elite_die)
            data = {"added": added, **({"elite_die": die} if die else {}), "fight": fights.facts(stored, fight)}
            return cast("results.FightAdded", data)

        return self._act("fight add", True, run, (enemy,))

    @checked
    def fight_order(
        self, *, seed: int | None = None, dice: Dice | None = None, party: list[str] | None = None
    ) -> results.FightOrdered:
        """Roll initiative (R8): the party's die against the enemies' die (ties roll again)
        says which side goes first; the enemy groups act by their boards' initiative,
        highest first; the party in the order PARTY gives (default: as created). DICE: the
        party's, the enemies', then tie rolls in pairs.

            camp.fight_order(seed=3)
            camp.fight_order(dice=[5, 2], party=["Kate", "Ajax"])
        """
        from campaign_cli.acts import fights
        from campaign_cli.rules import dice as d

        queue = d.Queue(given_dice(dice, "dice"), 6, d.rng_for(given_seed(seed)))

        def run(stored: Stored) -> results.FightOrdered:
            fight, rolls = fights.roll_order(stored, party, queue)
            queue.used_up()
            return cast(
                "results.FightOrdered", {"rolls": rolls, "first": fight["first"], "fight": fights.facts(stored, fight)}
            )

        return self._act("fight order", True, run)

    @checked
    def fight_next(self) -> results.FightView:
        """Move to the next side in the order, a new round after the last (R32a): groups that
        joined take their place, the fallen drop out.

            camp.fight_next()
        """
        from campaign_cli.acts import fights

        def run(stored: Stored) -> results.FightView:
            fight, _turn = fights.next_turn(stored)
            return cast("results.FightView", fights.facts(stored, fight))

        return self._act("fight next", True, run)

    @checked
    def fight_status(self) -> results.FightView:
        """The open fight: round, whose turn, every combatant's wounds and health left,
        initiative, elite abilities and their numbers, the order.

            alive = [e["name"] for e in camp.fight_status()["enemies"] if e["alive"]]
        """
        from campaign_cli.acts import fights

        def run(stored: Stored) -> results.FightView:
            return cast("results.FightView", fights.facts(stored, fights.open_fight(stored, "fight status")))

        return self._act("fight status", False, run)

    @checked
    def fight_hit(self, target: str, damage: int, /, *, by: str) -> results.Strike:
        """BY hits the enemy TARGET on the board for DAMAGE: its wounds are the damage less
        its defense (R41); at health 0 it dies and BY wins its XP; a large enemy's wound XP
        is won per wound.

            camp.fight_hit("Bog Lurker 2", 5, by="Ajax")
        """
        from campaign_cli.acts import fights

        whole_number(damage, "damage", 0)

        def run(stored: Stored) -> results.Strike:
            return cast("results.Strike", fights.fight_hit(stored, target, damage, given_text(by, "by")))

        return self._act("fight hit", True, run, (target, damage))

    @checked
    def fight_attack(
        self,
        attacker: str,
        target: str,
        /,
        *,
        weapon: str | None = None,
        dice: Dice | None = None,
        damage_dice: Dice | None = None,
        seed: int | None = None,
        karma: bool = False,
        reroll_dice: Dice | None = None,
        karma_damage: bool = False,
        reroll_damage_dice: Dice | None = None,
    ) -> results.Blow:
        """The library rolls a blow, on the attacker's side's turn (R32a).

        A character attacking an enemy instance: a 3/DX check (adjusted DX, combat-skill
        levels to hit, curses; R24, R18, R30) with the held weapon (or WEAPON; unarmed if
        none, R26), then on a hit the weapon's damage less the enemy's defense (R41).
        An enemy instance attacking a character: its combat dice, each at or above its
        to-hit a hit, each hit its damage less the character's armor (R29).

        dice, damage_dice: physical dice for the check and the damage. karma: on a miss,
        1 karma (else 1 wish) rolls again (R17); karma_damage: on a hit, roll the damage
        again. seed: the same seed, the same result.

            camp.fight_attack("Ajax", "Bog Lurker 1", dice=[3, 4, 2], damage_dice=[5, 3])
            camp.fight_attack("Bog Lurker 2", "Ajax", seed=7)
        """
        from campaign_cli.acts import fights
        from campaign_cli.acts.rolls import karma_options
        from campaign_cli.rules import dice as d

        texts = {
            k: given_dice(v, k)
            for k, v in (
                ("dice", dice),
                ("damage_dice", damage_dice),
                ("reroll_dice", reroll_dice),
                ("reroll_damage_dice", reroll_damage_dice),
            )
        }
        karma_options(karma, texts["reroll_dice"])
        if reroll_damage_dice is not None and not karma_damage:
            raise UsageProblem(
                Say("{option} goes with {flag}", option=Opt("reroll_damage_dice"), flag=Opt("karma_damage"))
            )
        rng = d.rng_for(given_seed(seed))

        def run(stored: Stored) -> results.Blow:
            data, _fight = fights.fight_attack(
                stored,
                attacker,
                target,
                weapon=weapon,
                dice=texts["dice"],
                damage_dice=texts["damage_dice"],
                rng=rng,
                karma=karma,
                reroll_dice=texts["reroll_dice"],
                karma_damage=(karma_damage, texts["reroll_damage_dice"]),
                seed=seed,
            )
            return cast("results.Blow", data)

        return self._act("fight attack", True, run, (attacker, target))

    @checked
    def fight_end(
        self, /, *names: str, won: bool = False, routed: bool = False, fled: bool = False
    ) -> results.FightEnded:
        """End the fight: `won` (every enemy killed) or `routed` (the rest captured or
        routed) give 1 XP to each named (default: every living) character, `fled` none
        (R13); 1 fatigue recovered (R21); damage at ST makes a character dying, the unsaved
        dying die (R20). The enemies leave the board.

            camp.fight_end(won=True)
            camp.fight_end("Ajax", "Kate", routed=True)
        """
        from campaign_cli.acts import fights

        if won + routed + fled != 1:
            raise UsageProblem(Say("give one of {a}, {b} or {c}", a=Opt("won"), b=Opt("routed"), c=Opt("fled")))
        outcome = "won" if won else "routed" if routed else "fled"
        who = [given_name(n, "names") for n in names]

        def run(stored: Stored) -> results.FightEnded:
            data, before, _docs = fights.end_fight(stored, outcome, who or None)
            return cast("results.FightEnded", {**data, "status_before": before})

        return self._act("fight end", True, run, tuple(who))

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
    def enemy_show(self, enemy: str, /, *, brutal: bool = False) -> results.BoardSide:
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
    def enemy_delete(self, enemy: str, /) -> results.BoardDeleted:
        """Delete the enemy type ENEMY (`undo` brings it back).

        camp.enemy_delete("Bog Lurker")
        """
        from campaign_cli.acts import enemies

        def run(stored: Stored) -> results.BoardDeleted:
            return {"deleted": cast("results.StoredBoard", enemies.delete_board(stored, enemy))}

        return self._act("enemy delete", True, run, (enemy,))

    @checked
    def enemy_elite(
        self, enemy: str, /, *, brutal: bool = False, seed: int | None = None, dice: Dice | None = None
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
    def enemy_hit(self, enemy: str, damage: int, /, *, brutal: bool = False) -> results.EnemyWounds:
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
    def enemy_kill(self, enemy: str, /, *, by: str, brutal: bool = False) -> results.Kill:
        """BY killed an ENEMY off the board and wins its XP, its `brutal` side's if so (R41;
        the dead win nothing, R11a).

            camp.enemy_kill("Bog Lurker", by="Ajax")
        """
        from campaign_cli.acts import fights

        def run(stored: Stored) -> results.Kill:
            doc, board, xp = fights.kill_enemy(stored, enemy, given_text(by, "by"), brutal)
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
        elif key in enemies.NUMBERS:
            target[key] = given_number(value, "field", path)
        else:
            target[key] = value
