"""The skill catalog: the seed's skill table (R23), English names with Russian aliases."""

from __future__ import annotations

from campaign_cli.errors import N_
from campaign_cli.folding import fold


class Skill:
    """One catalog entry. A plain slotted class: this module loads on every character
    command, and building a dataclass costs more than the whole table."""

    __slots__ = ("aliases", "check", "effect", "group", "name")

    def __init__(self, name: str, aliases: tuple[str, ...], group: str, check: str, effect: str) -> None:
        self.name = name
        self.aliases = aliases
        self.group = group  # athletic, combat, social, survival, thief, crafts
        self.check = check  # "3/DX", "c-IQ" (contested IQ) or "-" (modifies attacks, R24)
        self.effect = effect

    def __repr__(self) -> str:
        return f"Skill({self.name!r})"

    @property
    def attribute(self) -> str | None:
        """The attribute the skill is used with (None for combat skills)."""
        if self.check == "-":
            return None
        return self.check.split("/")[-1].replace("c-", "")

    @property
    def combat(self) -> bool:
        return self.group == "combat"


def _s(name: str, aliases: str, group: str, check: str, effect: str) -> Skill:
    return Skill(name, tuple(a.strip() for a in aliases.split("/")), group, check, effect)


# R23: the seed's table, in its order. Effects are one-line summaries of the seed's text.
SKILLS: tuple[Skill, ...] = (
    _s("Acrobatics", "Акробатика/Акробат", "athletic", "3/DX", N_("Reduces falling damage by 1D6 per level.")),
    _s("Climbing", "Лазание", "athletic", "3/ST", N_("Climb over obstacles.")),
    _s("Riding", "Верховая езда", "athletic", "3/DX", N_("Ride large animals.")),
    _s("Swimming", "Плавание", "athletic", "3/ST", N_("Swim.")),
    _s("Axe", "Топор", "combat", "-", N_("+1 to hit or damage per level with axes, maces or clubs (R24).")),
    _s("Bow", "Лук", "combat", "-", N_("+1 to hit or damage per level with bows (R24).")),
    _s("Dagger", "Кинжал", "combat", "-", N_("+1 with daggers, +1 in wrestling (R24).")),
    _s("Polearm", "Древковое оружие", "combat", "-", N_("+1 with spears or halberds (R24).")),
    _s("Sling", "Праща", "combat", "-", N_("+1 with the sling (R24).")),
    _s("Sword", "Меч", "combat", "-", N_("+1 with swords (R24).")),
    _s("Unarmed Combat", "Безоружный бой", "combat", "-", N_("+1 to punches, +1 ST in wrestling (R24).")),
    _s("Charm", "Обаяние", "social", "c-IQ", N_("Win a contested IQ check to control a non-hostile NPC.")),
    _s(
        "Diplomacy",
        "Дипломатия",
        "social",
        "c-IQ",
        N_("Win a contested IQ check to turn 'attack' into 'talk' or back."),
    ),
    _s(
        "Leadership",
        "Лидерство",
        "social",
        "3/IQ",
        N_("Add the Leadership level to one of the character's checks (R25)."),
    ),
    _s("Dwarvish", "Язык карликов", "social", "3/IQ", N_("Speak Dwarvish.")),
    _s("Elvish", "Язык эльфов", "social", "3/IQ", N_("Speak Elvish.")),
    _s("Orcish", "Язык орков", "social", "3/IQ", N_("Speak Orcish.")),
    _s(
        "Sorcerous Language",
        "Колдовской язык",
        "social",
        "3/IQ",
        N_("Speak the sorcerous tongue; 10 XP per level for wizards (R15)."),
    ),
    _s("Literacy", "Грамотность", "social", "3/IQ", N_("Read and write one language.")),
    _s(
        "Hunter",
        "Охотник",
        "survival",
        "3/DX",
        N_("The character (not the party) surprises the enemy at the start of a fight."),
    ),
    _s("Stealth", "Скрытность", "survival", "3/DX", N_("Avoid being noticed.")),
    _s("Survival", "Выживание", "survival", "3/IQ", N_("Forage instead of eating a day's ration.")),
    _s("Tactics", "Тактик", "survival", "c-IQ", N_("Win a contested IQ check to steal the initiative.")),
    _s("Tracker", "Следопыт", "survival", "3/IQ", N_("Identify and track local animals; cannot be surprised.")),
    _s("Locks", "Замки", "thief", "3/DX", N_("Pick locks.")),
    _s("Streetwise", "Пронырливость", "thief", "3/IQ", N_("Avoid pickpockets, swindles and ambushes.")),
    _s("Thief", "Вор", "thief", "3/DX", N_("Steal things.")),
    _s("Traps", "Ловушки", "thief", "3/IQ", N_("Find and disarm traps.")),
    _s(
        "Alchemist",
        "Алхимик",
        "crafts",
        "3/IQ",
        N_("Brew a potion raising a skill or attribute by the level for one encounter; 1 XP each (R25)."),
    ),
    _s(
        "Animal Handler",
        "Укротитель животных",
        "crafts",
        "c-IQ",
        N_("Win a contested IQ check to stop an animal attacking."),
    ),
    _s(
        "Bard",
        "Бард",
        "crafts",
        "3/IQ",
        N_("Create karma equal to the level, shared in the party, for this adventure only (R25)."),
    ),
    _s("Craftsman", "Ремесленник", "crafts", "3/DX", N_("Earn a skilled worker's daily wage.")),
    _s("Driver", "Возница", "crafts", "3/DX", N_("Drive wagons.")),
    _s("Herbalist", "Травник", "crafts", "3/IQ", N_("Brew a healing potion: level times doses of ST (R25).")),
    _s(
        "Medic",
        "Медик",
        "crafts",
        "3/IQ",
        N_("After a fight, heal up to the level in damage from it, split as wished (R25)."),
    ),
    _s(
        "Merchant",
        "Купец",
        "crafts",
        "c-IQ",
        N_("Win a contested IQ check to buy 10% cheaper / sell 10% dearer per level."),
    ),
    _s("Sailor", "Моряк", "crafts", "3/DX", N_("Avoid collisions at sea.")),
    _s("Scholar", "Учёный/Ученый", "crafts", "3/IQ", N_("Knows history and science.")),
)

_BY_KEY: dict[str, Skill] = {}
for _skill in SKILLS:
    for _key in (_skill.name, *_skill.aliases):
        _BY_KEY[fold(_key)] = _skill


def known_skill(name: str) -> Skill | None:
    """The skill of this English or Russian name (any case), or None: no suggestions are
    sought (an import looks up thousands of talents)."""
    return _BY_KEY.get(fold(name.strip()))


def find_skill(name: str) -> Skill:
    """Look a skill up by English or Russian name, case-insensitively (CLI.md "Names");
    an unknown name is refused with the closest skills."""
    skill = _BY_KEY.get(fold(name.strip()))
    if skill is None:
        from campaign_cli.rules.names import resolve

        skill = resolve(name, ((s, (s.name, *s.aliases), None) for s in SKILLS), "skill")
    return skill
