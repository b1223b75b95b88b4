"""A whole evening in Russian (issue 36, CLI.md "Language"): a fight, a Medic and a
Herbalist, a shop visit, forging and a week of rest, played by two women, a man and a
character of no given gender, all but one with two-word names. Every line the program
says is checked for a name placed where Russian would decline it (as the object of a
verb, after a preposition), for English words outside names and command words, and for
numbers that do not agree with their nouns."""

from __future__ import annotations

import json
import re
from pathlib import Path

from tests.conftest import BOARD_SIDE
from tests.test_i18n import english_words, ru

PEOPLE = {  # name -> --gender (None: not given)
    "Лада Светлая": "f",
    "Мирослава из Тура": "f",
    "Добрыня Никитич": "m",
    "Ёж": None,
}
ENEMY = "Душитель"
ITEMS = ("Палаш", "Кольчуга", "Трава", "Кинжал")
SIDE = {
    **BOARD_SIDE,
    "health": 4,
    "xp": 15,
    "abilities": ["Засада: появляется рядом с последним героем"],
    "elite": [{"name": f"Злоба {n}", "text": "+1 к защите", "defense": 1} for n in range(1, 7)],
}
BOARD = {"name": ENEMY, "keywords": ["Зверь", "Болото"], "size": "medium", "normal": SIDE, "brutal": SIDE}

# A name may stand at the start, after a colon, a dash or an arrow; never after these.
OBJECT_VERBS = "атакует|бьёт|держит|носит|знает|ранит|лечит|убил|убила|убило|видит|получает от|платит"
PREPOSITIONS = "по|к|ко|у|для|от|с|со|на|в|во|о|об|при|за|из|без|до|против|через|над|под|между"

# Noun forms by the number they agree with: one (1, 21), few (2-4, 22-24), many (0, 5-20, 25...).
FORMS = {
    "повреждение": "one",
    "повреждения": "few",
    "повреждений": "many",
    "рана": "one",
    "раны": "few",
    "ран": "many",
    "попадание": "one",
    "попадания": "few",
    "попаданий": "many",
    "золотой": "one",
    "золотых": "few many",
    "проверка": "one",
    "проверки": "few",
    "проверок": "many",
    "очко": "one",
    "очка": "few",
    "очков": "many",
    "желание": "one",
    "желания": "few",
    "желаний": "many",
    "камень": "one",
    "камня": "few",
    "камней": "many",
    "предмет": "one",
    "предмета": "few",
    "предметов": "many",
    "персонаж": "one",
    "персонажа": "few",
    "персонажей": "many",
    "день": "one",
    "дня": "few",
    "дней": "many",
}


def plural(n: int) -> str:
    if n % 10 == 1 and n % 100 != 11:
        return "one"
    if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
        return "few"
    return "many"


def disagreements(line: str) -> list[str]:
    """Each `N noun` of LINE whose noun's form is not the one N takes (an adjective may stand between)."""
    found = re.finditer(r"(?<![\d/.,])(\d[\d\u202f]*)\s+(?:тёмн\w+\s+|XP\s+)?([а-яё]+)", line)
    return [m[0] for m in found if m[2] in FORMS and plural(int(m[1].replace("\u202f", ""))) not in FORMS[m[2]].split()]


def dumped(line: str) -> bool:
    """LINE lists fields (`label: value; label: value`) where a sentence belongs (issue 49):
    two or more of its parts between semicolons are a label and a value, asides set apart."""
    body = re.sub(r"\([^()]*\)", "", re.sub(r"^(campaign: ошибка: )?R\d+[a-z]?: ", "", line.strip()))
    parts = [p.strip() for p in body.split("; ")]
    return sum(bool(re.match(r"^[^:;]+: \S", p)) for p in parts) >= 2


def typography(line: str) -> list[str]:
    """What LINE (a line a Russian reader sees) breaks of issue 74's typography: a sentence
    starting lowercase (a line of its own, not a table's row or header, not a field indented
    under its title, not a dice roll), an ASCII hyphen as a minus or as an empty field,
    `#None`, and a list joined by «или … или»."""
    found = []
    shown = re.sub(r"\bcampaign (?!: ).*", "", line)  # a command line, as typed
    body = re.sub(r"^campaign: (?:ошибка|предупреждение): ", "", shown)
    sentence = not line.startswith((" ", "- ", "#")) and "  " not in shown.strip() and body is shown
    if sentence and re.match(r"[а-яё]", body) and not re.match(r"\d*к\d", body):
        found.append("a sentence starts lowercase")
    if re.search(r"(?:^|[\s(=:,«„\[])-\d", shown):
        found.append("a hyphen as a minus")
    if re.search(r"(?:^|\S\s+)-(?:\s{2,}|$)", shown) or re.search(r"\s{2}-\s{2}", shown):
        found.append("a hyphen for an empty field")
    if "#None" in line:
        found.append("#None")
    item = r"(?:«[^»]*»|`[^`]*`|\"[^\"]*\"|[^\s,]+)"
    if re.search(rf"{item},? или {item},? или ", shown):  # «а» или «б» или «в»: «а», «б» или «в»
        found.append("a list joined by «или … или»")
    return found


def misplaced(line: str, names: list[str]) -> list[str]:
    """Each name of NAMES that LINE puts where Russian would decline it."""
    out = []
    for name in names:
        pattern = rf"(?<![\w-])(?:{OBJECT_VERBS}|{PREPOSITIONS})\s+{re.escape(name)}(?![\w])"
        out += [m[0] for m in re.finditer(pattern, line, re.IGNORECASE)]
    return out


class Evening:
    def __init__(self, path: Path) -> None:
        self.path = path
        self.said: list[tuple[str, str]] = []  # (command, what it printed)

    def __call__(self, *args: str, code: int = 0) -> str:
        result = ru(self.path, *args)
        text = result.stdout + result.stderr
        assert result.exit_code == code, (args, text)
        self.said.append((" ".join(args), text))
        return text

    def json(self, *args: str):
        result = ru(self.path, *args, "--json")
        assert result.exit_code == 0, (args, result.output)
        return json.loads(result.stdout)


def play(tmp_path: Path) -> Evening:
    board = tmp_path / "board.json"
    board.write_text(json.dumps(BOARD, ensure_ascii=False), encoding="utf-8")
    night = Evening(tmp_path / "c.json")
    night("init", "--name", "Золотая дорога")
    for name, gender in PEOPLE.items():
        skills = {"Лада Светлая": ["--skill", "Медик", "--skill", "Травник"], "Добрыня Никитич": ["--skill", "Меч"]}
        night(
            "character", "create", name, "--st", "11", "--dx", "12", "--iq", "9",
            *(["--gender", gender] if gender else []), *skills.get(name, []),
        )  # fmt: skip
    night("enemy", "add", "--file", str(board))
    night("item", "add", "Добрыня Никитич", "Палаш", "--slots", "1")
    night("item", "hold", "Добрыня Никитич", "Палаш")
    night("item", "add", "Ёж", "Кинжал")
    night("item", "hold", "Ёж", "Кинжал")
    for _ in range(2):
        night("item", "add", "Лада Светлая", "Трава")
    night("gold", "add", "Мирослава из Тура", "40")
    night("adventure", "start", "Курганы")
    night("fight", "start", "--title", "Засада у брода")
    night("fight", "add", ENEMY, "--count", "2")
    night("fight", "order", "--seed", "3")
    for step in range(40):  # each side's turn in the order, until the enemies are down
        fight = night.json("fight", "status")
        alive = [e["name"] for e in fight["enemies"] if e["alive"]]
        if not alive:
            break
        turn = fight["turn"]
        if turn == "party":  # R32a: the party's one turn, each who has not acted in turn
            for who in fight["waiting"]:
                standing = [e["name"] for e in night.json("fight", "status")["enemies"] if e["alive"]]
                if standing:
                    night("fight", "attack", who, standing[0], "--seed", str(step), code=None or 0)
        else:
            for enemy in alive:
                target = ["Добрыня Никитич", "Мирослава из Тура", "Лада Светлая"][step % 3]
                night("fight", "attack", enemy, target, "--seed", str(step))
        night("fight", "next")
    night("fight", "status")
    night("fight", "end", "--won")
    night("damage", "Добрыня Никитич", "2")
    night("skill", "use", "Лада Светлая", "Медик", "--heal", "Добрыня Никитич=1", "--dice", "1,1,1")
    night("skill", "use", "Лада Светлая", "Травник", "--doses", "1", "--dice", "1,1,1")
    potion = next(i for i in night.json("character", "show", "Лада Светлая")["items"] if i["kind"] == "potion")
    assert potion["name"] == "Healing Potion"  # a catalog name: stored in English, shown in the language in use
    night("item", "use", "Лада Светлая", "Исцеляющее зелье", "--on", "Добрыня Никитич")
    night("darkstone", "add", "Добрыня Никитич", "3")
    night("wish", "add", "Ёж", "1")
    night("karma", "add", "Мирослава из Тура", "2")
    night("check", "Мирослава из Тура", "3/ST для плавания", "--dice", "2,5,4", code=1)  # no such skill: refused
    night("check", "Мирослава из Тура", "3/DX", "--dice", "2,5,4")
    night("contest", "Добрыня Никитич", "3/ST", "Лада Светлая", "3/DX", "--seed", "5")
    night("roll", "2к6", "--seed", "1")
    night("adventure", "end")
    night("town", "enter", "Серногорск", "--blacksmith")
    night("shop", "buy", "Мирослава из Тура", "Кольчуга", "--price", "30")
    for verb in ("wear", "stow", "store", "fetch"):  # every move of an item has its sentence in the log
        night("item", verb, "Мирослава из Тура", "Кольчуга")
    night("shop", "sell", "Ёж", "Кинжал", "--price", "2")
    night("forge", "Добрыня Никитич", "Палаш", "--stones", "1", "--gold", "0")
    night("rest", "--week")
    night("recap")
    night("recap", "--format", "md")
    night("log", "--limit", "80")
    for name in PEOPLE:
        night("character", "show", name)
    night("character", "list")
    return night


def test_a_russian_evening_places_names_speaks_russian_and_agrees_in_number(tmp_path: Path):
    night = play(tmp_path)
    names = [*PEOPLE, f"{ENEMY} 1", f"{ENEMY} 2", ENEMY, *ITEMS]
    placed, english, numbers, dumps, typeset = [], [], [], [], []
    for command, text in night.said:
        for line in text.splitlines():
            shown = re.sub(r"\bcampaign .*", "", line)  # the journal's command column: as typed
            typeset += [(command, line, what) for what in typography(line)]
            placed += [(command, hit) for hit in misplaced(shown, names)]
            english += [(command, w) for w in english_words(shown)]
            numbers += [(command, hit) for hit in disagreements(shown)]
            dumps += [(command, line)] if dumped(shown) else []
    assert placed == [], placed
    assert english == [], english
    assert numbers == [], numbers
    assert dumps == [], dumps
    assert typeset == [], typeset
    # the evening did what it says: the recap tells who killed whom and what was healed
    recap = night.json("recap", "--adventure", "1")
    assert {k["enemy"] for k in recap["killed_by"]} == {f"{ENEMY} 1", f"{ENEMY} 2"}
    assert {"who": "Добрыня Никитич", "amount": 1, "by": "Лада Светлая", "skill": "Medic"} in recap["healed"]
    text = dict(night.said)["recap"]
    assert "Лада Светлая (Медик) → Добрыня Никитич: вылечено 1 повреждение" in text
    assert re.search(r"Смертельные удары: .*→ Душитель 1", text)
    # the Russian log says what every act of the evening did, from its events
    log = dict(night.said)["log --limit 80"].splitlines()[2:]
    silent = [line for line in log if re.search(r"\s[-—]\s+campaign ", line)]  # every act has its sentence
    assert silent == [] and len(log) > 40, silent
    killed = r"Душитель 2 (убит|вне боя): добивает .+, \+\d+\s?XP"  # a board without gender: «вне боя»
    assert any(re.search(killed, line) for line in log), [x for x in log if "Душитель" in x]
    assert any("Раунд 1: ход партии" in line for line in log)  # R32a: the party is one turn
    assert not [line for line in log if " | " in line]  # sentences, never fragments glued by bars


def test_the_checks_find_what_they_look_for():
    """The three checks of the evening are not vacuous: each finds a planted defect."""
    assert misplaced("Душитель 1 атакует Лада Светлая", ["Лада Светлая"]) == ["атакует Лада Светлая"]
    assert misplaced("промах по Душитель 2", ["Душитель 2"]) == ["по Душитель 2"]
    assert misplaced("Ёж держит Кинжал", ["Кинжал"]) == ["держит Кинжал"]
    assert misplaced("Душитель 1 → Лада Светлая: 2 попадания", ["Лада Светлая", "Душитель 1"]) == []
    assert misplaced("Мирослава из Тура: 10 золотых", ["Мирослава из Тура"]) == []
    assert disagreements("получено 2 повреждений") == ["2 повреждений"]
    assert disagreements("получено 21 повреждения") == ["21 повреждения"]
    assert disagreements("найдено 3 тёмных камней") == ["3 тёмных камней"]
    assert disagreements("получено 2 повреждения; 11 ран; +1 золотой; 5 золотых") == []
    assert english_words("Лада Светлая: damage 2") == ["damage"]
    assert dumped("R38: Мара Тёмная: золота 60; цена предмета Латы: 500")
    assert not dumped("R38: Латы стоят 500 зол., а Мара Тёмная может заплатить лишь 60 зол.")
    assert typography("создан файл кампании") == ["a sentence starts lowercase"]
    assert typography("2к6-3: 1, 1 −3 = -1") == ["a hyphen as a minus"]
    assert typography("Лада Светлая  4, 3  —  5  -  успех") == ["a hyphen for an empty field"]
    assert typography("Укажите id (#None, #None)") == ["#None"]
    assert typography("Может быть, «а» или «б» или «в»?") == ["a list joined by «или … или»"]
    assert typography("Создан файл кампании") == typography("  вид  героиня") == []
    assert typography("к6: 3 = 3 — столько повреждений наносит Ёж") == []
    assert typography("2к6−3: 1, 1 −3 = −1") == typography("Может быть, «а», «б» или «в»?") == []


def test_the_russian_demo_and_every_help_page_keep_the_typography():
    """Issue 74's scan beyond the evening: the demo as a Russian user runs it, and every help
    page in Russian: no lowercase sentence start, no ASCII minus or empty field, no `#None`,
    no «или … или» list."""
    import subprocess
    import sys

    from tests.test_russian import PATHS, help_page

    demo = subprocess.run(
        [sys.executable, "-m", "campaign_cli", "--lang", "ru", "demo"],
        capture_output=True,
        text=True,
        env={"PATH": "/usr/bin:/bin", "CAMPAIGN_LANG": ""},
    )
    assert demo.returncode == 0, demo.stderr
    text = re.sub(r"<<'EOF'\n.*?\nEOF", "", demo.stdout, flags=re.S)  # the board a user pastes
    text = re.sub(r"\n\{\n.*?\n\}\n", "\n", text, flags=re.S)  # the step that shows --json
    broken = [(line, typography(line)) for line in text.splitlines() if not line.startswith("$ ") and typography(line)]
    for path in PATHS:
        page = help_page(path, "ru")
        broken += [(line, typography(line)) for line in page.splitlines() if typography(line.strip() and line)]
    assert broken == [], broken
