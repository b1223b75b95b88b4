"""Fights (R8, R13, R20, R21, R32a, R40-R42): the order, the rounds, blows and the end."""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from campaign_cli.errors import Opt, Say, UsageProblem
from campaign_cli.library.core import (
    Core,
    checked,
    given_dice,
    given_name,
    given_seed,
    given_text,
    whole_number,
)
from campaign_cli.options import Dice

if TYPE_CHECKING:
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
        enemy: str | int,
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
    def fight_hit(self, target: str | int, damage: int, /, *, by: str | int) -> results.Strike:
        """BY hits the enemy TARGET on the board for DAMAGE: its wounds are the damage less
        its defense (R41); at health 0 it dies and BY wins its XP; a large enemy's wound XP
        is won per wound.

            camp.fight_hit("Bog Lurker 2", 5, by="Ajax")
        """
        from campaign_cli.acts import fights

        whole_number(damage, "damage", 0)

        def run(stored: Stored) -> results.Strike:
            return cast("results.Strike", fights.fight_hit(stored, target, damage, given_name(by, "by")))

        return self._act("fight hit", True, run, (target, damage))

    @checked
    def fight_attack(
        self,
        attacker: str | int,
        target: str | int,
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
        self, /, *names: str | int, won: bool = False, routed: bool = False, fled: bool = False
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
