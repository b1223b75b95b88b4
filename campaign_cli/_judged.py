"""Generated from campaign_cli/model.py by `python -m campaign_cli.model --write`: do not edit."""

from functools import cache

from campaign_cli import judge

# one checker per distinct type: `I(0, 1000000)` made once, shared by every count
B, C, E, I = cache(judge.BoolNode), cache(judge.ConstNode), cache(judge.EnumNode), cache(judge.IntNode)
L, M, N, P = cache(judge.ListNode), cache(judge.MapNode), cache(judge.NullNode), cache(judge.PatternNode)
T, A, O = cache(judge.TextNode), cache(judge.ChoiceNode), judge.ObjNode

Meta = O('Meta', ('app', 'campaign_id', 'keywords', 'name', 'next_id', 'phase', 'schema_version', 'seq'))
MergeConflict = O('MergeConflict', ('field', 'id', 'where'))
Adventure = O('Adventure', ('number', 'title'))
Location = O('Location', ('blacksmith', 'town'))
Fight = O('Fight', ('enemies', 'order', 'round', 'title'))
FightGroup = O('FightGroup', ('id', 'side', 'type'))
FightEnemy = O('FightEnemy', ('alive', 'health', 'name', 'side', 'type', 'wounds'))
Character = O('Character', ('attributes', 'curses', 'damage', 'darkstone', 'dx', 'fatigue', 'gold', 'id', 'iq', 'items', 'karma', 'keywords', 'kind', 'name', 'skills', 'spells', 'st', 'wishes', 'xp'))
Spell = O('Spell', ('name',))
Curse = O('Curse', ('name',))
Leadership = O('Leadership', ('value',))
Item = O('Item', ('clothing', 'darkstone_icon', 'hands', 'id', 'kind', 'name', 'personal', 'requires', 'slots', 'state', 'upgrades', 'value', 'weight'))
Upgrade = O('Upgrade', ('name', 'slots'))
Boost = O('Boost', ('target', 'value'))
Board = O('Board', ('brutal', 'keywords', 'name', 'normal', 'size'))
Side = O('Side', ('abilities', 'combat', 'damage', 'defense', 'elite', 'escape', 'health', 'initiative', 'move', 'to_hit', 'xp'))
EliteEntry = O('EliteEntry', ('name',))
Pack = O('Pack', ('pack', 'version'))
PackItem = O('PackItem', ('name',))
Meta.fields = {
    'app': C('campaign'),
    'schema_version': I(1, 3),
    'name': T(100, True),
    'phase': E(('between', 'adventure')),
    'keywords': L(T(100, True)),
    'seq': I(0, 9007199254740991),
    'next_id': I(1, 9007199254740991),
    'campaign_id': T(200, True),
    'created': T(200, True),
    'adventure': N(Adventure),
    'location': N(Location),
    'fight': N(Fight),
    'adventures': I(0, 1000000),
    'fights': I(0, 1000000),
    'undo_top': N(I(0, 9007199254740991)),
    'undo_at': N(I(0, 9007199254740991)),
    'undo_hash': N(T(200, True)),
    'journal_hash': N(T(200, True)),
    'conflicts': L(MergeConflict),
}
MergeConflict.fields = {
    'id': I(1, 1000000),
    'where': T(1000, False),
    'field': T(1000, False),
    'base': T(10000000, False),
    'ours': T(10000000, False),
    'theirs': T(10000000, False),
    'path': T(10000000, False),
}
Adventure.fields = {
    'title': T(100, True),
    'number': I(0, 1000000),
    'started': T(200, True),
}
Location.fields = {
    'town': T(100, True),
    'blacksmith': B(),
}
Fight.fields = {
    'title': N(T(100, True)),
    'round': I(0, 1000000),
    'turn': N(I(0, 1000000)),
    'order': L(T(1000, True)),
    'enemies': L(FightEnemy),
    'groups': L(FightGroup),
    'first': N(E(('party', 'enemies'))),
    'party': L(T(100, True)),
    'acted': L(T(100, True)),
}
FightGroup.fields = {
    'id': I(1, 9007199254740991),
    'type': T(100, True),
    'side': E(('normal', 'brutal')),
    'elite': N(T(1000, True)),
    'elite_numbers': M(T(100, True), I(-1000000, 1000000)),
    'initiative': I(0, 1000000),
    'gender': N(E(('m', 'f'))),
}
FightEnemy.fields = {
    'name': T(1000, True),
    'type': T(100, True),
    'side': E(('normal', 'brutal')),
    'alive': B(),
    'group': I(1, 9007199254740991),
    'health': I(0, 1000000),
    'wounds': I(0, 1000000),
    'defense': I(0, 1000000),
    'damage': I(0, 1000000),
    'combat': I(0, 1000000),
    'to_hit': I(0, 1000000),
    'move': I(0, 1000000),
    'initiative': I(0, 1000000),
    'escape': I(0, 1000000),
    'xp': I(0, 1000000),
    'wound_xp': I(0, 1000000),
    'elite': N(T(1000, True)),
    'gender': N(E(('m', 'f'))),
}
Character.fields = {
    'id': I(1, 9007199254740991),
    'name': T(100, True),
    'kind': E(('hero', 'wizard')),
    'st': I(0, 1000000),
    'dx': I(0, 1000000),
    'iq': I(0, 1000000),
    'attributes': M(T(100, True), I(0, 1000000)),
    'skills': M(E(('Acrobatics', 'Climbing', 'Riding', 'Swimming', 'Axe', 'Bow', 'Dagger', 'Polearm', 'Sling', 'Sword', 'Unarmed Combat', 'Charm', 'Diplomacy', 'Leadership', 'Dwarvish', 'Elvish', 'Orcish', 'Sorcerous Language', 'Literacy', 'Hunter', 'Stealth', 'Survival', 'Tactics', 'Tracker', 'Locks', 'Streetwise', 'Thief', 'Traps', 'Alchemist', 'Animal Handler', 'Bard', 'Craftsman', 'Driver', 'Herbalist', 'Medic', 'Merchant', 'Sailor', 'Scholar')), I(1, 1000000)),
    'spells': L(Spell),
    'keywords': L(T(100, True)),
    'xp': I(0, 1000000),
    'karma': I(0, 1000000),
    'wishes': I(0, 1000000),
    'curses': L(Curse),
    'damage': I(0, 1000000),
    'fatigue': I(0, 1000000),
    'gold': I(0, 1000000),
    'darkstone': I(0, 1000000),
    'items': L(Item),
    'gender': N(E(('m', 'f'))),
    'dying': B(),
    'dead': B(),
    'death_settled': B(),
    'bard_karma': I(0, 1000000),
    'fight_damage': I(0, 1000000),
    'last_fight_damage': I(0, 1000000),
    'talents': L(T(100, True)),
    'boosts': M(T(100, True), I(0, 1000000)),
    'uses': M(T(100, True), T(100, True)),
    'combat': M(T(100, True), E(('hit', 'damage'))),
    'leadership': N(Leadership),
}
Spell.fields = {
    'name': T(100, True),
    'rating': N(I(0, 1000000)),
}
Curse.fields = {
    'name': T(100, True),
    'note': N(T(1000, True)),
}
Leadership.fields = {
    'value': I(0, 1000000),
    'from': T(100, True),
}
Item.fields = {
    'id': I(1, 9007199254740991),
    'name': T(100, True),
    'kind': E(('gear', 'artifact', 'weapon', 'armor', 'upgrade', 'potion')),
    'hands': I(0, 2),
    'weight': I(0, 1000000),
    'value': I(0, 1000000),
    'requires': L(T(100, True)),
    'clothing': N(T(100, True)),
    'personal': B(),
    'darkstone_icon': B(),
    'slots': I(0, 3),
    'upgrades': L(Upgrade),
    'state': E(('carried', 'held', 'worn', 'stored')),
    'damage': N(P('^[0-9]{0,4}[dD][0-9]{1,4}([+-][0-9]{1,5})?$', 'dice')),
    'armor': N(I(0, 1000000)),
    'restriction': N(I(0, 1000000)),
    'heft': N(I(0, 1000000)),
    'heals': N(I(0, 1000000)),
    'shield': N(B()),
    'fatigue': N(B()),
    'skill': N(T(100, True)),
    'flags': L(T(100, True)),
    'aliases': L(T(100, True)),
    'pack': T(100, True),
    'boost': N(Boost),
    'unloaded': I(1, 3),
}
Upgrade.fields = {
    'name': T(100, True),
    'slots': I(0, 3),
    'darkstone': I(0, 1000000),
    'gold': I(0, 1000000),
    'forged': B(),
    'personal': B(),
}
Boost.fields = {
    'target': T(100, True),
    'value': I(0, 1000000),
}
Board.fields = {
    'name': T(100, True),
    'keywords': L(T(1000, True)),
    'size': E(('small', 'medium', 'large', 'huge', 'giant')),
    'gender': N(E(('m', 'f'))),
    'normal': Side,
    'brutal': Side,
}
Side.fields = {
    'initiative': I(0, 1000000),
    'move': I(0, 1000000),
    'escape': I(0, 1000000),
    'to_hit': I(0, 1000000),
    'combat': I(0, 1000000),
    'damage': I(0, 1000000),
    'defense': I(0, 1000000),
    'health': I(0, 1000000),
    'xp': I(0, 1000000),
    'wound_xp': I(0, 1000000),
    'abilities': L(T(1000, True)),
    'elite': L(A(T(1000, True), EliteEntry), 6, 6),
}
EliteEntry.fields = {
    'name': T(1000, True),
    'text': T(1000, True),
    'health': I(-1000000, 1000000),
    'defense': I(-1000000, 1000000),
    'damage': I(-1000000, 1000000),
    'combat': I(-1000000, 1000000),
    'to_hit': I(-1000000, 1000000),
    'move': I(-1000000, 1000000),
    'initiative': I(-1000000, 1000000),
    'escape': I(-1000000, 1000000),
}
Pack.fields = {
    'pack': T(100, True),
    'version': A(T(1000, False), I(-9007199254740991, 9007199254740991)),
    'description': T(100000, False),
    'items': L(PackItem, 0, 100000),
    'enemies': L(Board, 0, 100000),
}
PackItem.fields = {
    'name': T(100, True),
    'aliases': L(T(100, True)),
    'kind': E(('gear', 'artifact', 'weapon', 'armor', 'upgrade', 'potion')),
    'hands': I(0, 2),
    'weight': I(0, 1000000),
    'value': I(0, 1000000),
    'heft': N(I(0, 1000000)),
    'slots': I(0, 3),
    'damage': N(P('^[0-9]{0,4}[dD][0-9]{1,4}([+-][0-9]{1,5})?$', 'dice')),
    'armor': N(I(0, 1000000)),
    'restriction': N(I(0, 1000000)),
    'requires': L(T(100, True)),
    'clothing': N(T(100, True)),
    'personal': B(),
    'darkstone_icon': B(),
    'shield': B(),
    'pack': T(100, True),
}
DOCUMENTS = {'Meta': Meta, 'MergeConflict': MergeConflict, 'Adventure': Adventure, 'Location': Location, 'Fight': Fight, 'FightGroup': FightGroup, 'FightEnemy': FightEnemy, 'Character': Character, 'Spell': Spell, 'Curse': Curse, 'Leadership': Leadership, 'Item': Item, 'Upgrade': Upgrade, 'Boost': Boost, 'Board': Board, 'Side': Side, 'EliteEntry': EliteEntry, 'Pack': Pack, 'PackItem': PackItem}
