"""Views show what the rules computed and never compute a rule themselves (CLI.md "Events:
what happened, said once"): `cli/` and `render/` do no arithmetic on game fields. A view
that needs health left, an effective attribute, adjusted DX, MA or a blow's overkill reads
it from the act's result or the character view, which `rules/` computed (issue 72: `fight
status` once showed 0/10 for a character standing at 1/12 with an ST potion drunk)."""

from __future__ import annotations

import ast
from pathlib import Path

import campaign_cli

PACKAGE = Path(campaign_cli.__file__).parent
# The fields a rule computes with: attributes, wounds, armor, health, XP and money.
GAME_FIELDS = {
    "st", "dx", "iq", "ST", "DX", "IQ", "adjusted_dx", "ma", "damage", "fatigue", "defense", "armor", "restriction",
    "health", "wounds", "left", "of", "hits", "xp", "karma", "wishes", "gold", "darkstone", "weight", "value",
    "carry_weight", "carry_limit", "to_hit", "overkill", "cost", "price", "paid", "slots", "boosts",
}  # fmt: skip
ARITHMETIC = (ast.Add, ast.Sub, ast.Mult, ast.Div, ast.FloorDiv, ast.Mod)


def _game_field(node: ast.AST) -> str | None:
    """The game field NODE reads (`c["st"]`, `c.get("damage")`, `data["wounds"]`), if any."""
    if isinstance(node, ast.Subscript) and isinstance(node.slice, ast.Constant) and node.slice.value in GAME_FIELDS:
        return str(node.slice.value)
    if (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr == "get"
        and node.args
        and isinstance(node.args[0], ast.Constant)
        and node.args[0].value in GAME_FIELDS
    ):
        return str(node.args[0].value)
    return None


def arithmetic_on_game_fields(source: str) -> list[tuple[int, str]]:
    """(line, field) of each `+ - * / // %` with a game field on either side."""
    out = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.BinOp) and isinstance(node.op, ARITHMETIC):
            for side in (node.left, node.right):
                field = _game_field(side)
                if field:
                    out.append((node.lineno, field))
        elif isinstance(node, ast.AugAssign) and isinstance(node.op, ARITHMETIC):
            field = _game_field(node.value) or _game_field(node.target)
            if field:
                out.append((node.lineno, field))
    return out


def test_the_scan_finds_what_fight_status_once_computed() -> None:
    """The scan would have caught the view that computed health from base ST."""
    found = arithmetic_on_game_fields('left = max(c["st"] - c["damage"] - c["fatigue"], 0)')
    assert {field for _, field in found} == {"st", "damage", "fatigue"}
    assert arithmetic_on_game_fields('x = e.get("health", 0) - e["wounds"]')
    assert not arithmetic_on_game_fields('text = _("{n} wounds").format(n=e["wounds"])')


def test_cli_and_render_do_no_arithmetic_on_game_fields() -> None:
    found = [
        f"{path.relative_to(PACKAGE)}:{line}: {field}"
        for folder in ("cli", "render")
        for path in sorted((PACKAGE / folder).glob("*.py"))
        for line, field in arithmetic_on_game_fields(path.read_text(encoding="utf-8"))
    ]
    assert found == []


def test_fight_status_shows_health_left_of_st_as_it_counts_now(tmp_path: Path) -> None:
    """Issue 72: an ST potion drunk (ST 10 -> 11) and 10 damage: the character stands with
    1 left of 11 (R25a: a potion's attribute counts everywhere), not 0/10."""
    from campaign_cli.cli.app import app
    from tests.runner import CliRunner

    def cli(*args: str) -> str:
        done = CliRunner().invoke(app, ["-c", str(tmp_path / "c.json"), *args])
        assert done.exit_code == 0, done.stdout + done.stderr
        return done.stdout

    cli("init")
    cli("character", "create", "Alc", "--st", "10", "--dx", "12", "--iq", "10", "--skill", "Alchemist")
    cli("adventure", "start", "A")
    cli("xp", "award", "5", "Alc")
    cli("skill", "use", "Alc", "Alchemist", "--boost", "ST", "--dice", "1,1,1")
    cli("item", "use", "Alc", "Potion of ST")
    cli("fight", "start")
    cli("damage", "Alc", "10")
    import json

    fight = json.loads(cli("fight", "status", "--json"))
    (alc,) = fight["characters"]
    assert (alc["left"], alc["of"], alc["status"]) == (1, 11, "ok")
    row = next(line for line in cli("fight", "status").splitlines() if "Alc" in line)
    assert " 1/11 " in row and "0/10" not in row
