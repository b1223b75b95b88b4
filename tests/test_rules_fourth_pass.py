"""Issue 34, the rules' fourth pass: each point named after its rule, each failing on the
main before it. The acts are called directly through the Python API (no process, no
CliRunner): a refusal is the exception the command line turns into exit 1."""

from __future__ import annotations

from pathlib import Path

import pytest

import campaign_cli
from campaign_cli.cli.app import app
from tests import words as typed
from tests.runner import CliRunner

ROOT = Path(__file__).resolve().parent.parent
BOARD = ROOT / "samples" / "enemies" / "bog-lurker.json"


@pytest.fixture
def path(tmp_path: Path) -> Path:
    file = tmp_path / "c.json"
    with campaign_cli.open(file, create=True) as camp:
        camp.character_create("Ajax", st=12, dx=11, iq=9, skill=["Sword=2"])
        camp.character_create("Merlin", st=8, dx=10, iq=14, wizard=True, spell=["Light"], skill=["Herbalist=2"])
        camp.enemy_add(file=str(BOARD))
    return file


def refused(file: Path, *words: str) -> campaign_cli.Refused:
    """WORDS must be refused, leaving FILE byte for byte as it was."""
    before = file.read_bytes()
    with pytest.raises(campaign_cli.Refused) as caught, campaign_cli.open(file) as camp:
        typed.run(camp, *words)
    assert file.read_bytes() == before and caught.value.exit_status == 1
    return caught.value


def items(file: Path, who: str) -> list[str]:
    with campaign_cli.read(file) as camp:
        return [i["name"] for i in camp.item_list(who)]


# -- 1. R25a: a dose is a Herb carried, used up also on a failed check -----------------------
def test_r25a_a_herbalist_brews_no_dose_without_a_herb(path):
    err = refused(path, "skill", "use", "Merlin", "Herbalist", "--doses", "1000000")
    assert err.code == "no_herbs" and "R25a" in err.message and "1000000" in err.message


def test_r25a_each_dose_uses_up_one_herb_even_on_a_failure(path):
    with campaign_cli.open(path) as camp:
        for _ in range(3):
            camp.item_add("Merlin", "Трава")  # the Russian name of the catalog's Herb
        failed = camp.skill_use("Merlin", "Herbalist", doses=2, dice=[6, 6, 6])
    assert failed["success"] is False and items(path, "Merlin") == ["Herb"]
    with campaign_cli.open(path) as camp:
        brewed = camp.skill_use("Merlin", "Herbalist", doses=1, dice=[1, 1, 1])
    assert brewed["effect"]["potion"]["heals"] == 2 and items(path, "Merlin") == ["Healing Potion"]
    assert refused(path, "skill", "use", "Merlin", "Herbalist", "--doses", "1").code == "no_herbs"


# -- 2, 3. R23: a use is the attribute alone; a contested skill adds its level ----------------
def test_r23_using_a_skill_rolls_the_attribute_alone(path):
    with campaign_cli.open(path) as camp:
        camp.character_create("Kate", st=10, dx=10, iq=12, skill=["Climbing=2", "Charm"])
        climb = camp.skill_use("Kate", "Climbing", dice=[4, 4, 4])
        plus = camp.check("Kate", "3/DX+Climbing", dice=[4, 4, 4])  # the "+" form is a check (R6)
        charm = camp.skill_use("Kate", "Charm", against=12, dice=[4, 4, 4], other_dice=[4, 4, 4])
    assert climb["target"] == 10 and climb["spec"] == "3/ST"  # Climbing is an ST skill: ST 10, no +2
    assert plus["target"] == 12  # DX 10 + Climbing 2: the "+" form adds the level (R6)
    assert charm["a"]["target"] == 13 and charm["b"]["target"] == 12  # R7 "(+умение)": IQ 12 + Charm 1


# -- 5. R20: any rest settles every dying character, named or not --------------------------
def test_r20_a_week_of_rest_for_some_settles_the_unnamed_dying(path):
    with campaign_cli.open(path) as camp:
        camp.character_create("Zed", st=10, dx=11, iq=11)
        camp.damage("Zed", 10)
        camp.damage("Merlin", 3)
        camp.fight_end(fled=True)  # Zed at ST after a fight: dying
        assert camp.character_show("Zed")["status"] == "dying"
        rest = camp.rest("Merlin", week=True)
    assert {c["name"]: c["status"] for c in rest["characters"]} == {"Merlin": "ok", "Zed": "dead"}
    with campaign_cli.read(path) as camp:
        assert camp.character_show("Merlin")["damage"] == 0 and camp.character_show("Zed")["status"] == "dead"


# -- 6. R32a: turns ------------------------------------------------------------------------
@pytest.fixture
def fight(path: Path) -> Path:
    with campaign_cli.open(path) as camp:
        camp.item_add("Ajax", "Dagger")
        camp.item_add("Ajax", "Broadsword")
        camp.fight_start()
        camp.fight_add("Bog Lurker", count=2)
        assert camp.fight_order(dice=[6, 1])["fight"]["order"] == ["Ajax", "Merlin", "Bog Lurker"]
    return path


def test_r32a_nothing_is_limited_before_the_order_is_rolled(path):
    with campaign_cli.open(path) as camp:
        camp.fight_start()
        camp.fight_add("Bog Lurker")
        for dice in ([6, 6, 6], [6, 6, 5]):
            assert camp.fight_attack("Ajax", "Bog Lurker 1", dice=dice)["hit"] is False


def test_r32a_one_action_a_round_on_the_party_turn(fight):
    with campaign_cli.open(fight) as camp:
        camp.fight_attack("Ajax", "Bog Lurker 1", dice=[6, 6, 6])
    for words in (
        ("fight", "attack", "Ajax", "Bog Lurker 2", "--dice", "6,6,6"),
        ("item", "hold", "Ajax", "Dagger"),  # changing what one holds is the whole action
        ("skill", "use", "Ajax", "Swimming"),
    ):
        err = refused(fight, *words)
        assert err.code == "already_acted" and err.message.startswith("R32a:"), words
    with campaign_cli.open(fight) as camp:
        camp.cast("Merlin", "Light", dice=[1, 1, 1])  # Merlin's action: the party's turn still
        assert camp.fight_status()["acted"] == ["Ajax", "Merlin"]
        camp.fight_hit("Bog Lurker 1", 1, by="Ajax")  # the GM's tools are never limited
        camp.damage("Ajax", 1)
        camp.heal("Ajax", 1)
        camp.fight_next()
        camp.fight_next()  # Bog Lurker's turn
    err = refused(fight, "cast", "Merlin", "Light")
    assert err.code == "not_your_turn" and err.extra["turn"] == "Bog Lurker"


def test_r32a_each_enemy_instance_attacks_once_a_round_on_its_group_turn(fight):
    err = refused(fight, "fight", "attack", "Bog Lurker 1", "Ajax", "--dice", "1,1")
    assert err.code == "not_your_turn" and err.extra["turn"] == "Ajax"
    with campaign_cli.open(fight) as camp:
        camp.fight_next()
        camp.fight_next()
        camp.fight_attack("Bog Lurker 1", "Ajax", dice=[1, 1])
        camp.fight_attack("Bog Lurker 2", "Ajax", dice=[1, 1])  # another instance of the group
    assert refused(fight, "fight", "attack", "Bog Lurker 1", "Merlin", "--dice", "1,1").code == "already_acted"
    with campaign_cli.open(fight) as camp:
        status = camp.fight_next()  # a new round: everyone acts again
        assert status["round"] == 2 and status["acted"] == [] and status["turn"] == "Ajax"
        camp.item_hold("Ajax", "Broadsword")


# -- 7. R11a: the out of action and the dying take no action of their own ------------------
@pytest.mark.parametrize(
    "words",
    [
        ("item", "use", "Ajax", "Healing Potion"),
        ("item", "hold", "Ajax", "Dagger"),
        ("item", "wear", "Ajax", "Leather"),
        ("shop", "buy", "Ajax", "Torch", "--price", "1"),
        ("shop", "sell", "Ajax", "Dagger"),
        ("forge", "Ajax", "Dagger"),
        ("curse", "remove", "Ajax", "Rot", "--pay", "xp"),
    ],
)
def test_r11a_the_dying_do_not_drink_hold_wear_buy_sell_forge_or_pay(path, words):
    with campaign_cli.open(path) as camp:
        for item in ("Dagger", "Leather"):
            camp.item_add("Ajax", item)
        camp.item_add("Ajax", "Healing Potion", kind="potion", custom=True)
        camp.gold_add("Ajax", 5)
        camp.xp_award(20, "Ajax")
        camp.curse_apply("Ajax", "Rot")
        camp.town_enter("Brimstone", blacksmith=True)
        camp.darkstone_add("Ajax", 1)
        camp.damage("Ajax", 12)
        camp.fight_end(fled=True)
    err = refused(path, *words)
    assert err.code == "cannot_act" and "dying" in err.message and err.extra["condition"] == "dying"


def test_r11a_others_may_give_the_dying_a_potion(path):
    with campaign_cli.open(path) as camp:
        camp.item_add("Merlin", "Healing Potion", kind="potion", custom=True)
        camp.damage("Ajax", 12)
        camp.fight_end(fled=True)
    with campaign_cli.open(path) as camp:
        assert camp.character_show("Ajax")["status"] == "dying"
        given = camp.item_use("Merlin", "Healing Potion", on="Ajax")
    assert given["character"]["name"] == "Ajax"


def test_r11a_the_dead_receive_no_item_gold_or_dark_stone_by_any_command(path):
    with campaign_cli.open(path) as camp:
        camp.item_add("Merlin", "Dagger")
        camp.damage("Ajax", 24)
    for words in (
        ("item", "add", "Ajax", "Dagger"),
        ("item", "give", "Merlin", "Ajax", "Dagger"),
        ("gold", "add", "Ajax", "1"),
        ("darkstone", "add", "Ajax", "1"),
        ("shop", "buy", "Ajax", "Torch", "--price", "0"),
    ):
        err = refused(path, *words)
        assert err.code == "dead" and err.message.startswith("R11a:"), words


# -- 11. R38: buying needs a price ---------------------------------------------------------
def test_r38_a_catalog_item_without_a_value_is_not_free(path):
    err = refused(path, "shop", "buy", "Ajax", "Broadsword")
    assert err.code == "no_price" and "--price" in err.message
    with campaign_cli.open(path) as camp:
        camp.gold_add("Ajax", 30)
        bought = camp.shop_buy("Ajax", "Broadsword", price=25)
        valued = camp.shop_buy("Ajax", "Dagger", price=5, value=8)
        free = camp.shop_buy("Ajax", "Torch", value=0, custom=True)  # a value of 0 said out loud
    assert bought["item"]["value"] == 25 and bought["paid"] == 25  # what was paid is what it is worth
    assert valued["item"]["value"] == 8 and free["paid"] == 0


# -- 12. item set, store, fetch; R26 reload ------------------------------------------------
def test_r33_a_stored_item_weighs_nothing_and_comes_back_only_if_it_fits(path):
    with campaign_cli.open(path) as camp:
        camp.item_add("Ajax", "Ore Crate", weight=12, custom=True)
        stored = camp.item_store("Ajax", "Ore Crate")  # between adventures: at home
        assert stored["character"]["carry_weight"] == 0 and stored["item"]["state"] == "stored"
        camp.item_add("Ajax", "Anvil", weight=10, custom=True)
        camp.adventure_start("Crypt")
    assert refused(path, "item", "fetch", "Ajax", "Ore Crate").code == "not_in_town"  # on the road
    with campaign_cli.open(path) as camp:
        camp.town_enter("Brimstone")
    assert refused(path, "item", "hold", "Ajax", "Ore Crate").code == "stored"
    assert refused(path, "item", "fetch", "Ajax", "Ore Crate").code == "too_heavy"  # 10 + 12 > 17
    with campaign_cli.open(path) as camp:
        camp.item_drop("Ajax", "Anvil")
        assert camp.item_fetch("Ajax", "Ore Crate")["character"]["carry_weight"] == 12


def test_r39_item_set_changes_numbers_but_never_below_the_slots_used(path):
    with campaign_cli.open(path) as camp:
        camp.item_add("Ajax", "Broadsword", slots=2)
        camp.item_add("Ajax", "Rune", kind="upgrade", slots=2, custom=True)
        camp.item_upgrade("Ajax", "Broadsword", "Rune")
        changed = camp.item_set("Ajax", "Broadsword", value=40, weight=3, name="Old Blade")
    assert (changed["item"]["name"], changed["item"]["value"], changed["item"]["weight"]) == ("Old Blade", 40, 3)
    assert [u["name"] for u in changed["item"]["upgrades"]] == ["Rune"]  # a forged item keeps its upgrades
    assert refused(path, "item", "set", "Ajax", "Old Blade", "--slots", "1").code == "too_few_slots"
    assert refused(path, "item", "set", "Ajax", "Old Blade", "--weight", "100").code == "too_heavy"


def test_r26_an_arbalest_fires_then_waits_for_its_reload(fight):
    with campaign_cli.open(fight) as camp:
        camp.item_add("Ajax", "Arbalest")
        camp.item_hold("Ajax", "Arbalest")  # Ajax's action of round 1
        for _ in range(3):
            camp.fight_next()
        shot = camp.fight_attack("Ajax", "Bog Lurker 1", dice=[6, 6, 6])  # round 2: fired, a miss
        assert shot["weapon"] == "Arbalest"
        for _ in range(3):
            camp.fight_next()
    err = refused(fight, "fight", "attack", "Ajax", "Bog Lurker 1", "--dice", "1,1,1")
    assert err.code == "not_loaded" and err.message.startswith("R26")
    with campaign_cli.open(fight) as camp:
        assert camp.item_reload("Ajax", "Arbalest")["item"]["unloaded"] == 2  # R3: three actions, one a round
    assert refused(fight, "item", "reload", "Ajax", "Arbalest").code == "already_acted"
    with campaign_cli.open(fight) as camp:
        camp.fight_end(fled=True)
        loaded = camp.item_reload("Ajax", "Arbalest")  # out of a fight: at once
    assert "unloaded" not in loaded["item"]


# -- 4. R24, R25a: a combat-skill potion goes where the levels go -------------------------
def test_r25a_a_sword_potion_adds_to_damage_for_a_fighter_whose_levels_go_to_damage(path):
    with campaign_cli.open(path) as camp:
        camp.character_set("Ajax", combat=["Sword=damage"])
        camp.item_add("Ajax", "Broadsword")
        camp.item_hold("Ajax", "Broadsword")
        plain = camp.roll("2D6", character="Ajax", weapon="Broadsword", dice=[3, 3])
    with campaign_cli.open(path) as camp:  # an Alchemist's potion: Sword +2
        camp.character_create("Alma", st=10, dx=10, iq=12, skill=["Alchemist=2"])
        camp.xp_award(1, "Alma")
        potion = camp.skill_use("Alma", "Alchemist", boost="Sword", dice=[1, 1, 1])["effect"]["potion"]
        camp.item_give("Alma", "Ajax", str(potion["id"]))
        camp.item_use("Ajax", str(potion["id"]))
        boosted = camp.roll("2D6", character="Ajax", weapon="Broadsword", dice=[3, 3])
    assert boosted["total"] == plain["total"] + 2


# -- 9. R25: what counts on the next roll is shown --------------------------------------------
def test_r25_boosts_shown_are_the_boosts_counted(path):
    with campaign_cli.open(path) as camp:
        camp.character_create("Alma", st=10, dx=10, iq=12, skill=["Alchemist=2", "Leadership"])
        camp.xp_award(1, "Alma")
        potion = camp.skill_use("Alma", "Alchemist", boost="DX", dice=[1, 1, 1])["effect"]["potion"]
        camp.item_give("Alma", "Ajax", str(potion["id"]))
        camp.item_use("Ajax", str(potion["id"]))
        camp.skill_use("Alma", "Leadership", for_="Ajax", dice=[1, 1, 1])
        shown = camp.character_show("Ajax")
    runner = CliRunner()
    sheet = runner.invoke(app, ["-c", str(path), "character", "sheet", "Ajax", "--format", "md"]).stdout
    human = runner.invoke(app, ["-c", str(path), "character", "show", "Ajax"]).stdout
    with campaign_cli.open(path) as camp:
        check = camp.check("Ajax", "3/DX", dice=[6, 6, 6])
    assert shown["boosts"] == {"DX": 2} and shown["leadership"] == {"value": 1, "from": "Alma"}
    for text in (sheet, human):
        assert "potion: DX +2" in text and "Leadership +1 from Alma" in text
    counted = {m["kind"]: m["value"] for m in check["modifiers"]}
    assert counted["potion"] == shown["boosts"]["DX"] and counted["leadership"] == shown["leadership"]["value"]


# -- 13. R41: overkill reads right --------------------------------------------------------
def test_r41_an_overkill_says_the_wounds_were_all_it_had_left(path):
    with campaign_cli.open(path) as camp:
        camp.fight_start()
        camp.fight_add("Bog Lurker")
        camp.fight_hit("Bog Lurker 1", 4, by="Ajax")  # 4 - defense 1 = 3 wounds; 3 of 6 left
    out = CliRunner().invoke(app, ["-c", str(path), "fight", "hit", "Bog Lurker 1", "9", "--by", "Ajax"]).stdout
    assert "9 - defense 1 = 8; 3 wounds, all it had left; Bog Lurker 1 is killed" in out


# -- tried as a new user would, in Russian ---------------------------------------------------
@pytest.mark.parametrize(
    "words, rule",
    [
        (("skill", "use", "Merlin", "Травник", "--doses", "2"), "R25a"),
        (("shop", "buy", "Ajax", "Палаш"), "R38"),
        (("fight", "attack", "Bog Lurker 1", "Ajax", "--dice", "1,1"), "R32a"),
        (("item", "hold", "Ajax", "Кинжал"), "R11a"),
    ],
)
def test_the_new_refusals_speak_russian_name_the_rule_and_change_nothing(path, words, rule):
    from tests.test_i18n import english_words

    with campaign_cli.open(path) as camp:
        camp.item_add("Ajax", "Dagger")
        if rule == "R32a":
            camp.fight_start()
            camp.fight_add("Bog Lurker")
            camp.fight_order(dice=[6, 1])
        if rule == "R11a":
            camp.damage("Ajax", 12)
    before = path.read_bytes()
    done = CliRunner().invoke(app, ["--lang", "ru", "-c", str(path), *words])
    assert done.exit_code == 1 and path.read_bytes() == before
    message = done.stderr.strip()
    assert rule in message and "ошибка" in message
    assert [w for w in english_words(message) if w not in ("Bog", "Lurker", "Merlin", "Ajax")] == [], message


def test_a_wrong_count_of_damage_dice_names_the_damage_dice_option(path):
    """Found playing an evening: `--damage-dice 4,4` for an unarmed blow (D3) was blamed on --dice."""
    with campaign_cli.open(path) as camp:
        camp.fight_start()
        camp.fight_add("Bog Lurker")
    done = CliRunner().invoke(
        app, ["-c", str(path), "fight", "attack", "Ajax", "Bog Lurker 1", "--dice", "3,3,3", "--damage-dice", "4,4"]
    )
    assert done.exit_code == 2 and "--damage-dice" in done.stderr and "--dice:" not in done.stderr


def test_the_herb_hint_quotes_a_two_word_name(path):
    with campaign_cli.open(path) as camp:
        camp.character_create("Lada Bright", st=10, dx=12, iq=10, skill=["Herbalist"])
    err = refused(path, "skill", "use", "Lada Bright", "Herbalist", "--doses", "1")
    assert "`campaign item add 'Lada Bright' Herb`" in err.message
