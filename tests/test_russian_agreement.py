"""The sentences a group sees most, in Russian, agree with the person they are about (issue
61, CLI.md "Language"): damage, healing, an attack both ways, a kill, death and a wish, a
potion and a delete, each played for a woman, a man and a character of no given gender,
each sentence compared whole. Also the words the code supplies to the catalog: an enemy
group's label, standard input, the dice of a roll, a fight before its order is rolled."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from tests.conftest import BOARD_SIDE
from tests.test_i18n import en, ru

NB = "\u00a0"
SIDE = {**BOARD_SIDE, "damage": 2, "health": 2, "xp": 3}
# name -> (--gender, the status word of one out of action, of the dead, the kill's first words)
PEOPLE = {
    "Велимира": ("f", "вышла из строя", "погибла", "Велимира убила врага «Упырь» и получает 3 XP (всего 7 XP)"),
    "Мирон": ("m", "вышел из строя", "погиб", "Мирон убил врага «Упырь» и получает 3 XP (всего 7 XP)"),
    "Лада": (None, "не в строю", "в числе погибших", "Лада получает 3 XP за убитого врага «Упырь» (всего 7 XP)"),
}


def _ok(path: Path, *args: str) -> str:
    done = ru(path, *args)
    assert done.exit_code == 0, (args, done.stdout, done.stderr)
    return done.stdout.strip()


@pytest.fixture(params=list(PEOPLE))
def person(request, tmp_path: Path) -> tuple[Path, str]:
    name = request.param
    path = tmp_path / "c.json"
    gender = PEOPLE[name][0]
    assert en(path, "init").exit_code == 0
    create = ["character", "create", name, "--st", "10", "--dx", "12", "--iq", "10", "--skill", "Herbalist"]
    assert en(path, *create, *(["--gender", gender] if gender else [])).exit_code == 0
    board = tmp_path / "board.json"
    board.write_text(
        json.dumps({"name": "Упырь", "keywords": ["Нежить"], "size": "medium", "normal": SIDE, "brutal": SIDE})
    )
    for args in (
        ["enemy", "add", "--file", str(board)],
        ["item", "add", name, "Палаш"],
        ["item", "hold", name, "Палаш"],
    ):
        assert en(path, *args).exit_code == 0, args
    return path, name


def test_damage_healing_blows_death_a_wish_a_potion_and_a_delete_agree(person):
    path, name = person
    gender, out, dead, killed = PEOPLE[name]
    # damage and healing: the status word first, then the totals
    assert _ok(path, "damage", name, "10") == f"{name} {out}; повреждений 10, усталости 0 при ST 10"
    assert _ok(path, "heal", name, "10") == f"{name} в строю; повреждений 0, усталости 0"
    # an enemy's blow at the character, and the character's blow that kills
    _ok(path, "adventure", "start", "Склеп")
    _ok(path, "fight", "start")
    _ok(path, "fight", "add", "Упырь")
    _ok(path, "fight", "order", "--dice", "1,6")  # the enemies first
    blow = _ok(path, "fight", "attack", "Упырь 1", name, "--dice", "6,6")
    assert blow == (
        f"Упырь 1 → {name}: выпало 6, 6 (попадание на 4+), 2 попадания по 2 за вычетом брони 0,"
        f" итого повреждений: 4; {name} в строю"
    )
    _ok(path, "fight", "next")
    strike = _ok(path, "fight", "attack", name, "Упырь 1", "--dice", "1,1,1", "--damage-dice", "6,6")
    assert strike.splitlines()[-1].endswith(f"Упырь 1 вне боя, и {name} получает 3{NB}XP")  # a board of no gender
    _ok(path, "fight", "end", "--won")
    kill = _ok(path, "enemy", "kill", "Упырь", "--by", name)
    assert kill == killed.replace(" XP", NB + "XP"), kill
    # death, refusals that agree, and a wish
    _ok(path, "wish", "add", name, "1")
    assert _ok(path, "damage", name, "30").startswith(f"{name} {dead}; повреждений ")
    heal = ru(path, "heal", name, "1")
    want = {"f": "Велимира погибла (R20)", "m": "Мирон погиб (R20)", None: "Лада — в числе погибших (R20)"}[gender]
    assert heal.exit_code == 1 and heal.stderr == f"campaign: ошибка: {want}: спасти может только желание (R17)\n"
    gift = ru(path, "karma", "add", name, "1")
    who = {"f": "Велимира погибла, а", "m": "Мирон погиб, а", None: "Лада — погибший персонаж, а"}[gender]
    assert (
        gift.stderr
        == f"campaign: ошибка: R11a: {who} погибшие ничего не получают, не тратят, не отдают и не принимают\n"
    )
    wish = _ok(path, "wish", "spend", name)
    assert wish.startswith(f"{name} тратит желание: повреждения (") and wish.endswith(f"и {name} в строю")
    # a potion
    _ok(path, "item", "add", name, "Трава")
    _ok(path, "skill", "use", name, "Травник", "--doses", "1", "--dice", "1,1,1")
    _ok(path, "damage", name, "3")
    potion = _ok(path, "item", "use", name, "Исцеляющее зелье")
    assert potion.startswith(f"{name} выпивает: Исцеляющее зелье") and potion.endswith(f"и {name} в строю"), potion
    # a delete: nothing has to agree
    assert _ok(path, "character", "delete", name) == f"Персонаж «{name}» удалён (#1)"
    everything = "\n".join([blow, strike, kill, heal.stderr, gift.stderr, wish, potion])
    if gender != "m":  # no masculine past tense said of a woman or of one of no gender
        assert not re.search(rf"{name} (вышел|погиб|убил|получил)\b", everything), everything
    if gender != "f":
        assert not re.search(r"\b(вышла|погибла|убила)\b", everything), everything


def test_the_words_the_code_supplies(tmp_path: Path):
    path = tmp_path / "c.json"
    assert en(path, "init").exit_code == 0
    assert en(path, "character", "create", "Мирон", "--st", "10", "--dx", "12", "--iq", "10").exit_code == 0
    board = json.dumps({"name": "Упырь", "keywords": ["Нежить"], "size": "medium", "normal": SIDE, "brutal": SIDE})
    # standard input, said in Russian where a refused file is named
    refused = ru(path, "enemy", "add", "--file", "-", input="{")
    assert refused.exit_code == 1 and "стандартный ввод" in refused.stderr and "stdin" not in refused.stderr
    assert ru(path, "enemy", "add", "--file", "-", input=board).exit_code == 0
    # a fight before the order: no round 0; two groups of one type: their labels in Russian
    _ok(path, "adventure", "start")
    _ok(path, "fight", "start")
    assert _ok(path, "fight", "status").splitlines()[0] == "Бой"
    _ok(path, "fight", "add", "Упырь")
    _ok(path, "fight", "add", "Упырь")
    order = _ok(path, "fight", "order", "--dice", "6,1")
    assert "Упырь (группа 1)" in order and "Упырь (группа 2)" in order and "group" not in order
    _ok(path, "fight", "next")
    assert "Раунд 1: ходит Упырь (группа 1)" in _ok(path, "log", "--limit", "1")
    refused = ru(path, "fight", "attack", "Упырь 2", "Мирон", "--dice", "1,1")
    assert refused.exit_code == 1 and "в ход врагов «Упырь (группа 2)»" in refused.stderr, refused.stderr
    assert "сейчас ходит Упырь (группа 1)" in refused.stderr
    # the dice of a roll, its own modifier said
    assert _ok(path, "roll", "к6+1", "--dice", "2") == "к6+1: 2 +1 = 3"
    # the verb of a roll refused to one out of action
    _ok(path, "fight", "end", "--fled")
    _ok(path, "damage", "Мирон", "10")
    refused = ru(path, "roll", "2к6", "--character", "Мирон")
    assert "не может бросать кубики" in refused.stderr, refused.stderr


def test_a_medic_heals_in_sentences_and_the_recap_keeps_its_parts_apart(tmp_path: Path):
    path = tmp_path / "c.json"
    board = tmp_path / "board.json"
    board.write_text(
        json.dumps({"name": "Упырь", "keywords": ["Нежить"], "size": "medium", "normal": SIDE, "brutal": SIDE})
    )
    for args in (
        ["init"],
        ["character", "create", "Мирон", "--st", "10", "--dx", "12", "--iq", "10", "--skill", "Medic=2"],
        ["character", "create", "Лада", "--st", "10", "--dx", "12", "--iq", "10"],
        ["enemy", "add", "--file", str(board)],
        ["adventure", "start", "Склеп"],
        ["fight", "start"],
        ["fight", "add", "Упырь", "--count", "2"],
        ["fight", "attack", "Упырь 1", "Лада", "--dice", "6,1"],
        ["fight", "hit", "Упырь 1", "9", "--by", "Мирон"],
        ["fight", "hit", "Упырь 2", "9", "--by", "Лада"],
        ["fight", "end", "--won"],
        ["keyword", "learn", "Пепел"],
    ):
        assert en(path, *args).exit_code == 0, args
    healed = _ok(path, "skill", "use", "Мирон", "Медик", "--heal", "Лада=1", "--dice", "1,1,1")
    assert healed.splitlines()[-1].startswith("Лада: вылечено 1 повреждение"), healed
    recap = _ok(path, "recap").splitlines()
    assert recap[1] == "1 бой; убиты враги: Упырь 1, Упырь 2; узнано ключевое слово: Пепел", recap


def test_a_typo_in_one_word_of_a_name_and_a_wrong_kind_are_answered_in_russian(tmp_path: Path):
    path = tmp_path / "c.json"
    assert en(path, "init").exit_code == 0
    assert en(path, "character", "create", "Лада Светлая", "--st", "10", "--dx", "12", "--iq", "10").exit_code == 0
    typo = ru(path, "gold", "add", "Ладаа", "1")
    assert typo.exit_code == 1 and typo.stderr.endswith("может быть, «Лада Светлая»?\n"), typo.stderr
    kind = ru(path, "item", "add", "Лада Светлая", "Ящик", "--custom", "--kind", "штука")
    want = "--kind принимает снаряжение, артефакт, оружие, броня, улучшение, зелье, а не «штука»"
    assert kind.exit_code == 2 and kind.stderr == f"campaign: ошибка: {want}\n"
    assert ru(path, "item", "add", "Лада Светлая", "Ящик", "--custom", "--kind", "артефакт").exit_code == 0


def test_adventure_end_says_the_fallen_dead_in_her_gender_as_its_table_does(tmp_path):
    """Issue 74: `adventure end` said «Мара Тёмная погибает (R20)» while its table said
    «погибла»; CLI.md: «Лада Светлая погибла (R20)», «в числе погибших» without a gender."""
    path = tmp_path / "c.json"
    assert ru(path, "init").exit_code == 0
    for name, gender in (("Мара Тёмная", ["--gender", "f"]), ("Веста", [])):
        _ok(path, "character", "create", name, "--st", "10", "--dx", "11", "--iq", "11", *gender)
    _ok(path, "adventure", "start", "Топь")
    _ok(path, "fight", "start")
    for name in ("Мара Тёмная", "Веста"):
        _ok(path, "damage", name, "10")  # at ST: out, and dying once the fight ends (R20)
    _ok(path, "fight", "end", "--fled")
    ended = _ok(path, "adventure", "end")
    assert "Мара Тёмная погибла (R20)" in ended and "Веста — в числе погибших (R20)" in ended, ended


def test_a_party_check_says_why_the_fallen_are_skipped_and_one_at_random_lists_only_the_drawn(tmp_path):
    """Issue 74: the fallen's status stood in the chance column; `--who случайно` printed a
    block for the dead, who are never drawn (R11a)."""
    path = tmp_path / "c.json"
    assert ru(path, "init").exit_code == 0
    for name, gender in (("Мара Тёмная", ["--gender", "f"]), ("Горазд", ["--gender", "m"])):
        _ok(path, "character", "create", name, "--st", "10", "--dx", "11", "--iq", "11", *gender)
    _ok(path, "fight", "start")
    _ok(path, "damage", "Мара Тёмная", "30")  # past twice her ST: dead (R20)
    everyone = _ok(path, "check", "--party", "DX 5+", "--who", "все", "--seed", "2")
    row = next(line for line in everyone.splitlines() if line.startswith("Мара Тёмная"))
    assert row.split()[-1] == "—" and "пропуск (погибла, R11a)" in row, everyone
    drawn = _ok(path, "check", "--party", "DX 5+", "--who", "случайно", "--seed", "2")
    assert "Мара Тёмная" not in drawn and "Горазд" in drawn, drawn
