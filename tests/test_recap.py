"""Recaps (CLI.md "Recaps and sheets"): what happened this adventure, from the journal."""

import json
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def batch(camp, *lines):
    text = "".join(json.dumps({"args": list(line)}) + "\n" for line in lines)
    result = camp("batch", "-", input=text)
    assert result.exit_code == 0, result.stderr


@pytest.fixture
def adventure(camp):
    """A scripted adventure, scene by scene (each scene one batch: one journal entry)."""
    camp.json("enemy", "add", "--file", str(ROOT / "samples" / "enemies" / "bog-lurker.json"))
    camp.json("character", "create", "Hector", "--st", "8", "--dx", "12", "--iq", "12")
    camp.json("curse", "apply", "Ajax", "Old Grudge")  # before the adventure: not in the recap
    camp.json("xp", "award", "30", "Ajax")
    camp.json("wish", "add", "Merlin", "1")
    camp.json("adventure", "start", "The Drowned Mine")
    batch(
        camp,
        ["fight", "start"],
        ["fight", "add", "Bog Lurker", "--count", "2"],
        ["fight", "hit", "Bog Lurker 1", "9", "--by", "Ajax"],
    )  # kill: +15 XP Ajax
    batch(camp, ["damage", "Ajax", "5"], ["damage", "Hector", "16"])  # Hector dies (2 x ST)
    batch(camp, ["check", "Ajax", "3/DX", "--dice", "1,2,3"], ["check", "Merlin", "3/IQ", "--dice", "6,6,6"])
    batch(camp, ["fight", "end", "--routed"])  # +1 XP Ajax, Merlin (R13)
    batch(camp, ["curse", "apply", "Merlin", "Mummy Rot"])
    batch(camp, ["karma", "add", "Merlin", "3"])
    batch(camp, ["curse", "remove", "Merlin", "Mummy Rot", "--pay", "karma"])  # 3 karma spent
    batch(
        camp,
        ["item", "add", "Ajax", "Broadsword", "--slots", "2", "--value", "40"],
        ["gold", "add", "Ajax", "60"],
        ["darkstone", "add", "Ajax", "3"],
    )
    batch(camp, ["keyword", "learn", "Drowned"])  # +1 XP each living
    camp.json("adventure", "end")
    camp.json("town", "enter", "Brimstone", "--blacksmith")
    camp.json("forge", "Ajax", "Broadsword", "--stones", "2", "--gold", "20")  # after the adventure
    camp.json("xp", "spend", "Ajax", "--attribute", "DX")  # 12 XP, after it too
    return camp


def row(data, name):
    return next(r for r in data["characters"] if r["name"] == name)


def test_the_recap_of_the_last_adventure_matches_the_journal(adventure):
    data = adventure.json("recap")
    assert data["adventure"] == "The Drowned Mine"
    assert (data["fights"], data["kills"], data["keywords"]) == (1, ["Bog Lurker 1"], ["Drowned"])
    ajax = row(data, "Ajax")
    assert ajax == {
        "name": "Ajax",
        "xp_won": 17,
        "xp_spent": 0,
        "karma_won": 0,
        "karma_spent": 0,
        "wishes_won": 0,
        "wishes_spent": 0,
        "damage_taken": 5,
        "damage_healed": 5,
        "fatigue_taken": 0,
        "fatigue_recovered": 0,
        "knocked_out": 0,
        "died": False,
        "curses_gained": [],
        "curses_lifted": [],
        "items_gained": ["Broadsword"],
        "items_lost": [],
        "items_held": [],
        "items_worn": [],
        "items_stored": [],
        "gold_gained": 60,
        "gold_lost": 0,
        "darkstone_found": 3,
        "darkstone_forged": 0,
        "checks": 1,
        "checks_passed": 1,
        "karma_expired": 0,
    }
    merlin = row(data, "Merlin")
    assert (merlin["xp_won"], merlin["karma_won"], merlin["karma_spent"]) == (2, 3, 3)
    assert (merlin["curses_gained"], merlin["curses_lifted"]) == (["Mummy Rot"], ["Mummy Rot"])
    assert (merlin["checks"], merlin["checks_passed"]) == (1, 0)
    hector = row(data, "Hector")
    assert (hector["died"], hector["knocked_out"], hector["damage_taken"], hector["xp_won"]) == (True, 1, 16, 0)
    assert data["from"] <= data["to"]


def test_the_recap_since_a_date_includes_what_came_after(adventure):
    ajax = row(adventure.json("recap", "--since", "2000-01-01"), "Ajax")
    assert (ajax["xp_won"], ajax["xp_spent"], ajax["darkstone_forged"]) == (47, 12, 2)
    assert ajax["curses_gained"] == ["Old Grudge"]


def test_recap_by_adventure_number_and_during_an_adventure(adventure):
    assert adventure.json("recap", "--adventure", "1")["adventure"] == "The Drowned Mine"
    assert adventure.error("recap", "--adventure", "2", code=1)["code"] == "unknown_adventure"
    adventure.json("adventure", "start", "Second")
    adventure.json("gold", "add", "Merlin", "5")
    data = adventure.json("recap")
    assert data["adventure"] == "Second" and [r["name"] for r in data["characters"]] == ["Merlin"]
    assert adventure.json("recap", "--adventure", "2")["characters"][0]["gold_gained"] == 5


def test_undone_changes_count_for_nothing(camp):
    camp.json("adventure", "start", "Short")
    camp.json("gold", "add", "Ajax", "7")
    camp.json("gold", "add", "Ajax", "100")
    camp.json("undo")
    assert row(camp.json("recap"), "Ajax")["gold_gained"] == 7


def test_markdown_and_human_views(adventure):
    md = adventure("recap", "--format", "md").stdout
    assert md.startswith("## Recap: The Drowned Mine\n")
    assert "### Hector" in md and "- was killed" in md and "- **Enemies killed:** Bog Lurker 1" in md
    text = adventure("recap").stdout
    assert text.startswith("Recap: The Drowned Mine (") and "+17 XP" in text and "found 3 dark stones" in text
    assert "took 16 damage" in text and "was knocked out" in text and "1 check rolled, 0 passed" in text


def test_recap_refuses_two_ranges_and_bad_dates(camp):
    assert camp.error("recap", "--last", "--since", "2026-01-01", code=2)["code"] == "usage"
    assert camp.error("recap", "--since", "yesterday", code=2)["code"] == "bad_value"


def test_last_game_night_is_the_newest_run_without_a_long_gap(camp):
    camp.json("gold", "add", "Ajax", "1")
    journal = Path(str(camp.path) + ".journal")
    lines = journal.read_text().splitlines()
    assert len(lines) >= 4
    camp.json("gold", "add", "Ajax", "2")
    data = camp.json("recap", "--last")
    assert row(data, "Ajax")["gold_gained"] == 3  # all within minutes: one game night


def test_odds_plot_distribution_is_exact_and_marks_success(cli):
    data = cli.json("odds", "3/DX", "--value", "11", "--plot")
    from fractions import Fraction

    dist = {int(k): Fraction(v) for k, v in data["distribution"].items()}
    assert sum(dist.values()) == 1 and dist[10] == Fraction(27, 216) and sorted(dist) == list(range(3, 19))
    assert sum(p for k, p in dist.items() if k <= 11) == Fraction(data["fraction"])
    out = cli("odds", "3/DX", "--value", "11", "--plot").stdout.splitlines()
    assert out[2].startswith(" 3 #") and out[11].startswith("12 .") and out[-1].endswith("0.5%")


def test_pool_plot_counts_hits(cli):
    data = cli.json("odds", "Lore 5+", "--value", "3", "--plot")
    assert data["distribution"] == {"0": "8/27", "1": "4/9", "2": "2/9", "3": "1/27"}


def test_check_plot_marks_the_roll(camp):
    camp.json("curse", "apply", "Ajax", "Rot")
    data = camp.json("check", "Ajax", "3/DX", "--dice", "3,3,4", "--plot")
    assert data["distribution"]["10"] == "1/8"
    out = camp("check", "Ajax", "3/DX", "--dice", "3,3,4", "--plot").stdout.splitlines()
    marked = [line for line in out if line.endswith(" <")]
    assert len(marked) == 1 and marked[0].startswith("10 #")  # 10 + 1 curse = 11: still under DX 11
    assert next(line for line in out if line.startswith("11 ")).split()[1].startswith(".")  # 11 + 1 > 11


EVENING = [
    ["adventure", "start", "The Long Night"],
    ["xp", "award", "17", "Ajax"],
    ["xp", "spend", "Ajax", "--attribute", "ST"],  # 13 XP
    ["curse", "apply", "Ajax", "Rot"],
    ["curse", "remove", "Ajax", "Rot", "--pay", "karma"],
    ["gold", "add", "Ajax", "10"],
    ["gold", "remove", "Ajax", "4"],
    ["item", "add", "Ajax", "Dagger"],
    ["item", "drop", "Ajax", "Dagger"],
    ["damage", "Merlin", "3"],
    ["heal", "Merlin", "3"],
    ["check", "Ajax", "3/DX", "--dice", "1,1,1"],
    ["skill", "use", "Kate", "Bard", "--give", "Merlin=1", "--dice", "1,1,1"],
    ["fight", "start"],
    ["fight", "end", "--won"],
    ["adventure", "end"],
]


def _evening(camp, in_batch: bool) -> dict:
    camp.json("character", "create", "Kate", "--st", "10", "--dx", "10", "--iq", "12", "--skill", "Bard")
    camp.json("karma", "add", "Ajax", "3")
    if in_batch:
        batch(camp, *EVENING)
    else:
        for line in EVENING:
            camp.json(*line)
    return camp.json("recap")


def test_a_recap_of_an_evening_in_a_batch_equals_the_evening_command_by_command(tmp_path):
    from tests.conftest import Cli

    recaps = []
    for in_batch in (False, True):
        camp = Cli(tmp_path / f"{in_batch}.json")
        camp("init")
        camp.json("character", "create", "Ajax", "--st", "12", "--dx", "11", "--iq", "9")
        camp.json("character", "create", "Merlin", "--st", "8", "--dx", "10", "--iq", "14", "--wizard")
        recaps.append({k: v for k, v in _evening(camp, in_batch).items() if k not in ("from", "to")})
    assert recaps[0] == recaps[1]
    ajax = row(recaps[1], "Ajax")
    assert (ajax["xp_won"], ajax["xp_spent"]) == (18, 13)  # 17 + 1 for the fight; ST 12 -> 13
    assert (ajax["curses_gained"], ajax["curses_lifted"]) == (["Rot"], ["Rot"])  # gained and lifted: both
    assert (ajax["gold_gained"], ajax["gold_lost"], ajax["items_gained"], ajax["items_lost"]) == (
        10,
        4,
        ["Dagger"],
        ["Dagger"],
    )
    merlin = row(recaps[1], "Merlin")
    assert (merlin["damage_taken"], merlin["karma_won"], merlin["karma_expired"], merlin["karma_spent"]) == (3, 1, 1, 0)


def test_bard_karma_that_lapses_is_expired_not_spent(camp):
    camp.json("character", "create", "Kate", "--st", "10", "--dx", "10", "--iq", "12", "--skill", "Bard")
    camp.json("adventure", "start")
    camp.json("skill", "use", "Kate", "Bard", "--give", "Ajax=1", "--dice", "1,1,1")
    camp.json("adventure", "end")
    ajax = row(camp.json("recap"), "Ajax")
    assert (ajax["karma_won"], ajax["karma_spent"], ajax["karma_expired"]) == (1, 0, 1)


def test_deleting_or_importing_a_character_is_no_event(camp, tmp_path):
    """Found by the whole-evening state machine: a deletion read as XP and gold spent."""
    camp.json("adventure", "start")
    camp.json("xp", "award", "3", "Ajax")
    camp.json("gold", "add", "Ajax", "5")
    camp.json("character", "delete", "Ajax")
    (tmp_path / "x.txt").write_text("Brute, hero\nST 16, DX 12, IQ 10, MA 10\n")
    camp.json("character", "import", str(tmp_path / "x.txt"))
    camp.json("xp", "award", "1", "Brute")
    rows = {r["name"]: r for r in camp.json("recap")["characters"]}
    assert (rows["Ajax"]["xp_won"], rows["Ajax"]["xp_spent"], rows["Ajax"]["gold_lost"]) == (3, 0, 0)
    assert rows["Brute"]["xp_won"] == 1


def test_a_character_created_in_a_batch_wins_what_later_lines_give_it(camp):
    """Found by `pytest tests/test_evening.py --slow`: a batch that creates Лада and then
    ends a fight as routed gives her the win's XP; the recap counts it (creation itself, at
    0 XP, is no event)."""
    camp.json("adventure", "start")
    camp.json("fight", "start")
    lines = [
        ["character", "create", "Лада", "--st", "12", "--dx", "11", "--iq", "9"],
        ["fight", "end", "--routed"],
        ["xp", "award", "2", "Лада"],
    ]
    done = camp("batch", "-", input="".join(json.dumps({"args": line}) + "\n" for line in lines))
    assert done.exit_code == 0, done.stderr
    rows = {r["name"]: r for r in camp.json("recap")["characters"]}
    assert (rows["Лада"]["xp_won"], rows["Лада"]["xp_spent"]) == (3, 0)  # +1 routed win (R13), +2 awarded
    assert rows["Ajax"]["xp_won"] == 1


def test_the_recap_reads_the_adventures_title_from_the_entrys_fact_not_its_summary(tmp_path):
    """Issue 33: a title with `: ` in it is the title, whole; an old journal still reads."""
    import json

    from tests.conftest import Cli

    cli = Cli(tmp_path / "c.json")
    cli.json("init")
    cli.json("character", "create", "Ajax", "--st", "12", "--dx", "11", "--iq", "9")
    cli.json("adventure", "start", "Crypt: the Return")
    entry = cli.json("log")[-1]
    journal = [json.loads(line) for line in (tmp_path / "c.json.journal").read_text().splitlines() if line]
    assert journal[-1]["adventure_title"] == "Crypt: the Return" and entry["kind"] == "change"
    assert cli.json("recap")["adventure"] == "Crypt: the Return"


def test_the_recap_names_who_killed_whom_and_what_was_healed(adventure):
    """CLI.md "Recaps and sheets" and "Language": killers and healing, from the journal's events."""
    data = adventure.json("recap")
    assert data["killed_by"] == [{"enemy": "Bog Lurker 1", "by": "Ajax"}]
    assert "who killed whom: Ajax → Bog Lurker 1" in adventure("recap").stdout
    adventure.json("character", "create", "Kate", "--st", "10", "--dx", "11", "--iq", "11", "--skill", "Medic")
    adventure.json("adventure", "start", "Healing")
    adventure.json("fight", "start")
    adventure.json("damage", "Ajax", "3")
    adventure.json("fight", "end", "--fled")
    adventure.json("skill", "use", "Kate", "Medic", "--heal", "Ajax=1", "--dice", "1,1,1")
    healed = adventure.json("recap")["healed"]
    assert healed == [{"who": "Ajax", "amount": 1, "by": "Kate", "skill": "Medic"}]
    assert "healing: Kate (Medic) → Ajax: 1 damage healed" in adventure("recap").stdout
    adventure.json("undo")
    assert adventure.json("recap")["healed"] == []  # undone: healed nothing


def test_a_recap_walked_back_counts_a_redone_change_and_the_newest_word_on_a_death(camp):
    """The recap folds the journal newest first (its memory flat, issue 64): an undo taken
    back by a redo counts again, `undo --to` takes several changes, lists keep their order,
    and a character who died and was wished back is not dead."""
    camp.json("adventure", "start", "Long")
    camp.json("gold", "add", "Ajax", "1")
    camp.json("gold", "add", "Ajax", "10")
    camp.json("undo")
    camp.json("redo")  # the 10 count again
    camp.json("gold", "add", "Ajax", "100")
    hundred = camp.json("log", "--limit", "1")[0]["seq"]
    camp.json("gold", "add", "Ajax", "1000")
    camp.json("undo", "--to", str(hundred))  # both taken back
    camp.json("curse", "apply", "Ajax", "First")
    camp.json("curse", "apply", "Ajax", "Second")
    camp.json("wish", "add", "Ajax", "1")
    camp.json("damage", "Ajax", "24")  # beyond saving (R20)
    camp.json("wish", "spend", "Ajax")  # a wish cancels the damage: back among the living
    ajax = row(camp.json("recap"), "Ajax")
    assert ajax["gold_gained"] == 11 and ajax["curses_gained"] == ["First", "Second"]
    assert ajax["died"] is False


def test_an_untitled_adventure_is_not_recapped_by_its_default_title(tmp_path):
    """Issue 74: «Итоги: Приключение (…)» repeated the word the untitled adventure was given;
    a titled one keeps its title."""
    import campaign_cli
    from campaign_cli.cli.app import app
    from tests.runner import CliRunner

    path = tmp_path / "c.json"
    campaign_cli.init(path, "R")
    with campaign_cli.open(path) as camp:
        camp.character_create("Ajax", st=12, dx=11, iq=9)
        camp.adventure_start()
    said = CliRunner().invoke(app, ["-c", str(path), "--lang", "ru", "recap"]).stdout
    assert said.startswith("Итоги (") and "Приключение" not in said.splitlines()[0], said
    with campaign_cli.open(path) as camp:
        camp.adventure_end()
        camp.adventure_start("Топь")
    titled = CliRunner().invoke(app, ["-c", str(path), "--lang", "ru", "recap"]).stdout
    assert titled.startswith("Итоги: Топь ("), titled
