"""Generated from campaign_cli/model.py by `python -m campaign_cli.model --write`: do not edit."""

from campaign_cli import judge

B, C, E, I = judge.BoolNode, judge.ConstNode, judge.EnumNode, judge.IntNode
L, M, N, P = judge.ListNode, judge.MapNode, judge.NullNode, judge.PatternNode
T, A, O = judge.TextNode, judge.ChoiceNode, judge.ObjNode

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
# one checker per distinct type, shared by every field of that type
n0 = C('campaign')
n1 = I(1, 5)
n2 = T(100, True)
n3 = E(('between', 'adventure'))
n4 = L(n2)  # L(T(100, True))
n5 = I(0, 9007199254740991)
n6 = I(1, 9007199254740991)
n7 = T(200, True)
n8 = N(Adventure)
n9 = N(Location)
n10 = N(Fight)
n11 = I(0, 1000000)
n12 = N(n5)  # N(I(0, 9007199254740991))
n13 = N(n7)  # N(T(200, True))
n14 = L(MergeConflict)
n15 = I(1, 1000000)
n16 = T(1000, False)
n17 = T(10000000, False)
n18 = B()
n19 = N(n2)  # N(T(100, True))
n20 = N(n11)  # N(I(0, 1000000))
n21 = T(1000, True)
n22 = L(n21)  # L(T(1000, True))
n23 = L(FightEnemy)
n24 = L(FightGroup)
n25 = E(('party', 'enemies'))
n26 = N(n25)  # N(E(('party', 'enemies')))
n27 = E(('normal', 'brutal'))
n28 = N(n21)  # N(T(1000, True))
n29 = I(-1000000, 1000000)
n30 = M(n2, n29)  # M(T(100, True), I(-1000000, 1000000))
n31 = E(('m', 'f', 'n'))
n32 = N(n31)  # N(E(('m', 'f', 'n')))
n33 = E(('hero', 'wizard'))
n34 = M(n2, n11)  # M(T(100, True), I(0, 1000000))
n35 = E(('Acrobatics', 'Climbing', 'Riding', 'Swimming', 'Axe', 'Bow', 'Dagger', 'Polearm', 'Sling', 'Sword', 'Unarmed Combat', 'Charm', 'Diplomacy', 'Leadership', 'Dwarvish', 'Elvish', 'Orcish', 'Sorcerous Language', 'Literacy', 'Hunter', 'Stealth', 'Survival', 'Tactics', 'Tracker', 'Locks', 'Streetwise', 'Thief', 'Traps', 'Alchemist', 'Animal Handler', 'Bard', 'Craftsman', 'Driver', 'Herbalist', 'Medic', 'Merchant', 'Sailor', 'Scholar'))
n36 = M(n35, n15)  # M(E(('Acrobatics', 'Climbing', 'Riding', 'Swimming', 'Axe', 'Bow', 'Dagger', 'Polearm', 'Sling', 'Sword', 'Unarmed Combat', 'Charm', 'Diplomacy', 'Leadership', 'Dwarvish', 'Elvish', 'Orcish', 'Sorcerous Language', 'Literacy', 'Hunter', 'Stealth', 'Survival', 'Tactics', 'Tracker', 'Locks', 'Streetwise', 'Thief', 'Traps', 'Alchemist', 'Animal Handler', 'Bard', 'Craftsman', 'Driver', 'Herbalist', 'Medic', 'Merchant', 'Sailor', 'Scholar')), I(1, 1000000))
n37 = L(Spell)
n38 = L(Curse)
n39 = L(Item)
n40 = E(('m', 'f'))
n41 = N(n40)  # N(E(('m', 'f')))
n42 = M(n2, n2)  # M(T(100, True), T(100, True))
n43 = E(('hit', 'damage'))
n44 = M(n2, n43)  # M(T(100, True), E(('hit', 'damage')))
n45 = N(Leadership)
n46 = T(100000, False)
n47 = M(n2, n17)  # M(T(100, True), T(10000000, False))
n48 = E(('gear', 'artifact', 'weapon', 'armor', 'upgrade', 'potion'))
n49 = I(0, 2)
n50 = I(0, 3)
n51 = L(Upgrade)
n52 = E(('carried', 'held', 'worn', 'stored'))
n53 = P('^[0-9]{0,4}[dD][0-9]{1,4}([+-][0-9]{1,5})?$', 'dice')
n54 = N(n53)  # N(P('^[0-9]{0,4}[dD][0-9]{1,4}([+-][0-9]{1,5})?$', 'dice'))
n55 = N(n18)  # N(B())
n56 = N(Boost)
n57 = I(1, 3)
n58 = E(('small', 'medium', 'large', 'huge', 'giant'))
n59 = A(n21, EliteEntry)  # A(T(1000, True), EliteEntry)
n60 = L(n59, 6, 6)  # L(A(T(1000, True), EliteEntry), 6, 6)
n61 = I(-9007199254740991, 9007199254740991)
n62 = A(n16, n61)  # A(T(1000, False), I(-9007199254740991, 9007199254740991))
n63 = L(PackItem, 0, 100000)
n64 = L(Board, 0, 100000)
Meta.fields = {
    'app': n0,
    'schema_version': n1,
    'name': n2,
    'phase': n3,
    'keywords': n4,
    'seq': n5,
    'next_id': n6,
    'campaign_id': n7,
    'created': n7,
    'adventure': n8,
    'location': n9,
    'fight': n10,
    'adventures': n11,
    'fights': n11,
    'undo_top': n12,
    'undo_at': n12,
    'undo_hash': n13,
    'journal_hash': n13,
    'conflicts': n14,
}
MergeConflict.fields = {
    'id': n15,
    'where': n16,
    'field': n16,
    'base': n17,
    'ours': n17,
    'theirs': n17,
    'path': n17,
}
Adventure.fields = {
    'title': n2,
    'number': n11,
    'started': n7,
}
Location.fields = {
    'town': n2,
    'blacksmith': n18,
}
Fight.fields = {
    'title': n19,
    'round': n11,
    'turn': n20,
    'order': n22,
    'enemies': n23,
    'groups': n24,
    'first': n26,
    'party': n4,
    'acted': n4,
}
FightGroup.fields = {
    'id': n6,
    'type': n2,
    'side': n27,
    'elite': n28,
    'elite_numbers': n30,
    'initiative': n11,
    'gender': n32,
}
FightEnemy.fields = {
    'name': n21,
    'type': n2,
    'side': n27,
    'alive': n18,
    'group': n6,
    'health': n11,
    'wounds': n11,
    'defense': n11,
    'damage': n11,
    'combat': n11,
    'to_hit': n11,
    'move': n11,
    'initiative': n11,
    'escape': n11,
    'xp': n11,
    'wound_xp': n11,
    'elite': n28,
    'gender': n32,
}
Character.fields = {
    'id': n6,
    'name': n2,
    'kind': n33,
    'st': n11,
    'dx': n11,
    'iq': n11,
    'attributes': n34,
    'skills': n36,
    'spells': n37,
    'keywords': n4,
    'xp': n11,
    'karma': n11,
    'wishes': n11,
    'curses': n38,
    'damage': n11,
    'fatigue': n11,
    'gold': n11,
    'darkstone': n11,
    'items': n39,
    'gender': n41,
    'dying': n18,
    'dead': n18,
    'death_settled': n18,
    'bard_karma': n11,
    'fight_damage': n11,
    'last_fight_damage': n11,
    'talents': n4,
    'boosts': n34,
    'uses': n42,
    'combat': n44,
    'leadership': n45,
    'notes': n46,
    'foreign': n47,
}
Spell.fields = {
    'name': n2,
    'rating': n20,
}
Curse.fields = {
    'name': n2,
    'note': n28,
}
Leadership.fields = {
    'value': n11,
    'from': n2,
}
Item.fields = {
    'id': n6,
    'name': n2,
    'kind': n48,
    'hands': n49,
    'weight': n11,
    'value': n11,
    'requires': n4,
    'clothing': n19,
    'personal': n18,
    'darkstone_icon': n18,
    'slots': n50,
    'upgrades': n51,
    'state': n52,
    'count': n15,
    'damage': n54,
    'armor': n20,
    'restriction': n20,
    'heft': n20,
    'heals': n20,
    'shield': n55,
    'fatigue': n55,
    'skill': n19,
    'flags': n4,
    'aliases': n4,
    'pack': n2,
    'boost': n56,
    'unloaded': n57,
    'loaded': n18,
    'foreign': n47,
}
Upgrade.fields = {
    'name': n2,
    'slots': n50,
    'darkstone': n11,
    'gold': n11,
    'forged': n18,
    'personal': n18,
}
Boost.fields = {
    'target': n2,
    'value': n11,
}
Board.fields = {
    'name': n2,
    'keywords': n22,
    'size': n58,
    'gender': n32,
    'normal': Side,
    'brutal': Side,
}
Side.fields = {
    'initiative': n11,
    'move': n11,
    'escape': n11,
    'to_hit': n11,
    'combat': n11,
    'damage': n11,
    'defense': n11,
    'health': n11,
    'xp': n11,
    'wound_xp': n11,
    'abilities': n22,
    'elite': n60,
}
EliteEntry.fields = {
    'name': n21,
    'text': n21,
    'health': n29,
    'defense': n29,
    'damage': n29,
    'combat': n29,
    'to_hit': n29,
    'move': n29,
    'initiative': n29,
    'escape': n29,
}
Pack.fields = {
    'pack': n2,
    'version': n62,
    'description': n46,
    'items': n63,
    'enemies': n64,
}
PackItem.fields = {
    'name': n2,
    'aliases': n4,
    'kind': n48,
    'hands': n49,
    'weight': n11,
    'value': n11,
    'heft': n20,
    'slots': n50,
    'damage': n54,
    'armor': n20,
    'restriction': n20,
    'requires': n4,
    'clothing': n19,
    'personal': n18,
    'darkstone_icon': n18,
    'shield': n18,
    'pack': n2,
}
DOCUMENTS = {'Meta': Meta, 'MergeConflict': MergeConflict, 'Adventure': Adventure, 'Location': Location, 'Fight': Fight, 'FightGroup': FightGroup, 'FightEnemy': FightEnemy, 'Character': Character, 'Spell': Spell, 'Curse': Curse, 'Leadership': Leadership, 'Item': Item, 'Upgrade': Upgrade, 'Boost': Boost, 'Board': Board, 'Side': Side, 'EliteEntry': EliteEntry, 'Pack': Pack, 'PackItem': PackItem}
