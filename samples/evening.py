"""An evening played through the library, read back key by key: a script as a group writes
one, checked by `mypy --strict` in the suite (tests/test_sample_script.py) with no `cast` and
no loose type, so every key it reads is one the library declares.

    python samples/evening.py [FILE]      (a new campaign file; default: evening.json here)

It plays a contest, two casts, blows both ways, a kill, a Medic's healing, a brewed
potion, gear moving and leaving, a town, a board added and removed, then prints the
evening's events and its recap: every key of those results, by name.
"""

from __future__ import annotations

import json
import sys
import tempfile
from pathlib import Path

import campaign_cli
from campaign_cli.results import (
    Blow,
    Cast,
    Contest,
    ContestSide,
    Event,
    Modifier,
    Recap,
    RecapRow,
)

BOARD = {
    "initiative": 3,
    "move": 4,
    "escape": 4,
    "to_hit": 4,
    "combat": 2,
    "damage": 1,
    "defense": 1,
    "health": 3,
    "xp": 2,
    "abilities": [],
    "elite": ["Lunge", "Frenzy", "Venom", "Hide", "Call", "Old"],
}


def modifiers(mods: list[Modifier]) -> str:
    words = []
    for m in mods:
        extra = f" on {m['applies_to']}" if "applies_to" in m else ""
        extra += f" from {m['from']}" if "from" in m else ""
        words.append(f"{m['source']} ({m['kind']}, {m['name']}) {m['value']:+}{extra}")
    return "; ".join(words) or "none"


def side(s: ContestSide) -> str:
    first = f", first {s['first_dice']}" if "first_dice" in s else ""
    return (
        f"{s['name']} {s['spec']}: {s['dice']} = {s['raw']}, {s['curses']} curses +{s['curse']},"
        f" total {s['total']} against {s['target']} (attribute {s['attribute']}), over {s['over']}{first};"
        f" modifiers {modifiers(s['modifiers'])}"
    )


def contest(c: Contest) -> list[str]:
    seed = f", seed {c['seed']}" if "seed" in c else ""
    return [
        side(c["a"]),
        side(c["b"]),
        f"winner {c['winner']}, first side won {c['success']}, karma {c['karma_spent']},"
        f" wishes {c['wish_spent']}{seed}",
    ]


def spell_cast(c: Cast) -> list[str]:
    spell = c["spell"]
    head = f"{spell['name']} (rating {spell.get('rating', 'none')})"
    if "a" in c:  # against someone: a contest's keys
        seed = f", seed {c['seed']}" if "seed" in c else ""
        return [
            f"{head} as a contest",
            side(c["a"]),
            side(c["b"]),
            f"winner {c['winner']}, won {c['success']}, karma {c['karma_spent']}, wishes {c['wish_spent']}{seed}",
        ]
    need = f", each die {c['need']}" if "need" in c else ""
    first = f", first {c['first_dice']}" if "first_dice" in c else ""
    seed = f", seed {c['seed']}" if "seed" in c else ""
    return [
        f"{head}: {c['character']} {c['spec']} ({c['type']}) {c['dice']} = {c['total']}"
        f" against {c['target']}{need}: {c['success']} at {c['probability']:.3f} ({c['fraction']}),"
        f" karma {c['karma_spent']}, wishes {c['wish_spent']}{first}{seed}; modifiers {modifiers(c['modifiers'])}"
    ]


def blow(b: Blow) -> list[str]:
    seed = f", seed {b['seed']}" if "seed" in b else ""
    if "enemy" in b:  # an enemy's blow at a character
        faces = f", faces {b['faces']}" if "faces" in b else ""
        e, t = b["enemy"], b["target"]
        return [
            f"{b['attacker']} ({e['name']}, to-hit {e['to_hit']}) at {t['name']}: {b['dice']}{faces},"
            f" hit {b['hit']}, {b['hits']} hits, damage {b['damage_dice']} = {b['damage']},"
            f" {b['per_hit']} a hit, {b['absorbed']} absorbed, {b['wounds']} wounds{seed}"
        ]
    check = b["check"]
    lines = [
        f"{b['attacker']} with {b['weapon']} at {b['target']['name']}: {b['dice']} against"
        f" {check['target']}, hit {b['hit']} ({b['hits']}), damage {b['damage_dice']} = {b['damage']},"
        f" {b['wounds']} wounds ({b['past_defense']} past defense, {b['overkill']} beyond),"
        f" killed {b['killed']}, {b['xp']} XP{seed}"
    ]
    if "roll" in b:
        lines.append(f"  rolled {b['roll']['expression']}: {b['roll']['dice']} = {b['roll']['total']}")
    if "character" in b:
        lines.append(f"  {b['character']['name']} is {b['character']['status']}")
    return lines


def event(e: Event) -> str:
    """One event in a line of its own words (a bot would post `campaign_cli.sentence(e)`):
    mypy narrows each kind by its `event` tag, so every key read here is declared."""
    kind = e["event"]
    if e["event"] == "campaign_created" or e["event"] == "campaign_imported":
        return f"{kind}: {e['name']}"
    if e["event"] == "created":
        return f"new {e.get('kind')} {e['name']}: ST {e.get('st')}, DX {e.get('dx')}, IQ {e.get('iq')}"
    if e["event"] == "changed":
        return f"{e['name']} changed {e['fields']}" + (f" (was {e['renamed']})" if "renamed" in e else "")
    if e["event"] == "deleted":
        return f"deleted {e['name']}"
    if e["event"] == "imported":
        return f"{e['name']} imported from {e['format']}"
    if e["event"] == "xp_awarded":
        return f"{e['name']} +{e['amount']} XP ({e['before']} -> {e['after']}, {e['rule']}): {e['reason']}"
    if e["event"] == "xp_spent":
        return (
            f"{e['name']} raised {e['what']} {e['on']} {e['from']} -> {e['to']}"
            f" for {e['cost']} XP, {e['karma']} karma ({e['rule']})"
        )
    if e["event"] == "karma_added":
        return f"{e['name']} +{e['amount']} karma, sung by {e['bard']}"
    if e["event"] == "wish_added":
        return f"{e['name']} +{e['amount']} wishes"
    if e["event"] == "wish_spent":
        return f"{e['name']}'s wish cancelled {e['cancelled']} damage"
    if e["event"] == "cursed":
        return f"{e['name']} cursed: {e['curse']}"
    if e["event"] == "curse_lifted":
        return f"{e['name']} lifted {e['curse']} for {e['paid']} {e['pay']}"
    if e["event"] == "damaged":
        return f"{e['name']} took {e['amount']} (fatigue {e['fatigue']}, {e['absorbed']} absorbed): {e['status']}"
    if e["event"] == "healed":
        how = f" by {e['by']} ({e['skill']})" if "by" in e and "skill" in e else ""
        how += f" with {e['item']}" if "item" in e else ""
        return f"{e['name']} healed {e['amount']}{how}" + (" fatigue" if e.get("fatigue") else "")
    if e["event"] == "died":
        return f"{e['name']} died ({e['rule']})"
    if e["event"] == "fell":
        return f"{e['name']} is {e['status']} ({e['rule']})"
    if e["event"] == "rested":
        return f"{'a week' if e['week'] else 'a night'}: {', '.join(e['names'])}"
    if e["event"] == "adventure_started" or e["event"] == "adventure_ended":
        return f"{kind}: {e['title']}"
    if e["event"] == "town_entered":
        return f"town {e['town']}, blacksmith {e['blacksmith']}"
    if e["event"] == "town_left":
        return f"left {e['town']}"
    if e["event"] == "keyword_learned":
        return f"keyword {e['keyword']}: +{e['xp']} XP to {', '.join(e['names'])}"
    if e["event"] == "board_added" or e["event"] == "board_deleted":
        return f"{kind}: {e['name']}"
    if e["event"] == "elite_rolled":
        return f"elite {e['board']}: {e['die']} = {e['ability']}"
    if e["event"] == "pack_added" or e["event"] == "pack_removed":
        return f"{kind}: {e['pack']} {e.get('version', '')}"
    if e["event"] == "fight_started":
        return f"fight: {e.get('title', 'untitled')}"
    if e["event"] == "fight_ended":
        return f"fight over: {e['outcome']}, XP {e.get('xp', {})}"
    if e["event"] == "joined":
        return f"joined: {', '.join(e['names'])} (elite: {e.get('elite')})"
    if e["event"] == "order":
        return f"order: {', '.join(e['order'])}"
    if e["event"] == "turn":
        return f"round {e['round']}: {e['turn']}"
    if e["event"] == "blow":
        return (
            f"{e['attacker']} struck {e['target']} (rolled {e['roll']}, hit {e['hit']}): {e['damage']}"
            f" less {e['defense']} = {e['wounds']} wounds, {e['overkill']} beyond, {e['xp']} XP"
        )
    if e["event"] == "struck":
        return f"{e['attacker']} struck {e['target']}: {e['hits']} hits, {e['damage']} through {e['armor']}"
    if e["event"] == "killed":
        return f"{e['by']} killed {e['enemy']} ({e.get('wounds')} wounds, {e.get('xp')} XP, {e.get('gender')})"
    if e["event"] == "checked":
        return f"{e['name']} {e['spec']}: {e['total']}, {e['success']}"
    if e["event"] == "contested":
        return f"{e['name']} against {e['other']}: {e['winner']} wins ({e['success']})"
    if e["event"] == "cast":
        return f"{e['name']} cast {e['spell']} at {e.get('target')}: {e['success']}"
    if e["event"] == "rolled":
        return (
            f"{e.get('name', 'someone')} rolled {e['expression']}: {e['dice']} {e.get('modifier', 0):+d} = {e['total']}"
        )
    if e["event"] == "initiative":
        return f"initiative: {', '.join(e['order'])}"
    if e["event"] == "skill_used":
        return f"{e['name']} used {e['skill']}: {e['success']}"
    if e["event"] == "led":
        return f"{e['name']} leads {e['follower']}: +{e['bonus']}"
    if e["event"] == "brewed":
        return f"{e['by']} brewed {e['potion']} ({e['skill']})"
    if e["event"] == "item_added":
        return f"{e['name']} got {e['count']} {e['item']}"
    if e["event"] == "item_left":
        return f"{e['name']}: {e['count']} {e['item']} {e['how']}"
    if e["event"] == "given":
        return f"{e['giver']} gave {e['count']} {e['item']} to {e['receiver']}"
    if e["event"] == "sold":
        return f"{e['seller']} sold {e['count']} {e['item']} to {e['buyer'] or 'a merchant'} for {e['price']}"
    if e["event"] == "bought":
        return f"{e['buyer']} bought {e['count']} {e['item']} for {e['price']} (asked {e['asked']})"
    if e["event"] == "item_moved":
        return f"{e['name']}: {e['count']} of {', '.join(e['items'])} {e['how']}"
    if e["event"] == "item_changed":
        return f"{e['name']} changed {e['item']}: {e['fields']}"
    if e["event"] == "reloaded":
        return f"{e['name']} reloads {e['item']}: {e['left']} to go"
    if e["event"] == "fitted" or e["event"] == "forged":
        return f"{e['name']} {kind} {e['item']} into {e['into']} ({e.get('gold', 0)} gold)"
    if e["event"] == "gold" or e["event"] == "darkstone":
        return f"{e['name']} {kind} {e['change']:+d}: {e['before']} -> {e['after']}"
    if e["event"] == "resolved":
        return f"conflicts {e['conflicts']} settled: {e['how']}"
    if e["event"] == "merged":
        return f"merged, {e['conflicts']} open"
    assert e["event"] == "undone" or e["event"] == "redone"  # the last kind left
    return f"{kind}: {e['seqs']}"


def row(r: RecapRow) -> list[str]:
    return [
        f"{r['name']}: XP +{r['xp_won']} -{r['xp_spent']}, karma +{r['karma_won']} -{r['karma_spent']}"
        f" ({r['karma_expired']} expired), wishes +{r['wishes_won']} -{r['wishes_spent']}",
        f"  damage {r['damage_taken']} healed {r['damage_healed']}, fatigue {r['fatigue_taken']}"
        f" recovered {r['fatigue_recovered']}, knocked out {r['knocked_out']}, died {r['died']}",
        f"  curses +{r['curses_gained']} -{r['curses_lifted']}; items +{r['items_gained']} -{r['items_lost']},"
        f" held {r['items_held']}, worn {r['items_worn']}, stored {r['items_stored']}",
        f"  gold +{r['gold_gained']} -{r['gold_lost']}, dark stone found {r['darkstone_found']}"
        f" forged {r['darkstone_forged']}, checks {r['checks_passed']} of {r['checks']}",
    ]


def recap(r: Recap) -> list[str]:
    lines = [
        f"recap {r['from']} .. {r['to']} ({r['adventure']}): {r['fights']} fights, kills {r['kills']},"
        f" keywords {r['keywords']}"
    ]
    lines += [f"{k['by']} killed {k['enemy']}" for k in r["killed_by"]]
    for h in r["healed"]:
        how = f" by {h['by']} ({h['skill']})" if "by" in h and "skill" in h else ""
        lines.append(f"{h['who']} healed {h['amount']}{how}{' with ' + h['item'] if 'item' in h else ''}")
    for character in r["characters"]:
        lines += row(character)
    return lines


def evening(path: Path) -> list[str]:
    board = path.with_name("bog-lurker.json")
    board.write_text(
        json.dumps({"name": "Bog Lurker", "keywords": ["Beast"], "size": "medium", "normal": BOARD, "brutal": BOARD}),
        encoding="utf-8",
    )
    lines: list[str] = []
    with campaign_cli.open(path, create=True, name="The Gold Road") as camp:
        camp.character_create("Ajax", st=12, dx=11, iq=9, skill=["Sword=2"])
        camp.character_create("Kate", st=10, dx=10, iq=12, skill=["Medic", "Alchemist"], gender="f")
        camp.character_create("Merlin", st=8, dx=10, iq=14, wizard=True, spell=["Fireball=12", "Sleep=12"])
        camp.character_create("Tag", st=10, dx=11, iq=11)
        camp.character_delete("Tag")
        camp.town_enter("Fort Lawless", blacksmith=True)
        camp.item_add("Ajax", "Broadsword")
        camp.item_hold("Ajax", "Broadsword")
        camp.item_add("Ajax", "Torch")
        camp.item_drop("Ajax", "Torch")
        camp.town_leave()
        camp.adventure_start("The Sunken Crypt")
        camp.enemy_add(file=str(board))
        lines += contest(camp.contest("Ajax", "3/ST", "Kate", "3/ST", dice=[6, 4, 3], other_dice=[2, 3, 4]))
        lines += spell_cast(camp.cast("Merlin", "Fireball", dice=[1, 2, 3]))
        lines += spell_cast(camp.cast("Merlin", "Sleep", against="Ajax", dice=[1, 2, 3], other_dice=[5, 5, 5]))
        camp.fight_start(title="At the ford")
        camp.fight_add("Bog Lurker")
        camp.fight_order(dice=[2, 6])  # the enemies first (R8)
        lines += blow(camp.fight_attack("Bog Lurker 1", "Ajax", dice=[6, 6]))
        camp.fight_next()
        lines += blow(camp.fight_attack("Ajax", "Bog Lurker 1", dice=[2, 2, 2], damage_dice=[6, 6]))
        camp.fight_end(won=True)
        camp.skill_use("Kate", "Medic", heal=["Ajax=1"], dice=[1, 1, 1])
        camp.skill_use("Kate", "Alchemist", boost="ST", dice=[1, 1, 1])
        camp.enemy_delete("Bog Lurker")
        camp.adventure_end()
        lines += [event(e) for e in camp.events]
    with campaign_cli.read(path) as camp:
        lines += recap(camp.recap())
    return lines


def main() -> None:
    if len(sys.argv) > 1:
        print("\n".join(evening(Path(sys.argv[1]))))
        return
    with tempfile.TemporaryDirectory() as folder:
        print("\n".join(evening(Path(folder) / "evening.json")))


if __name__ == "__main__":
    main()
