"""ARCHITECTURE.md's layer table is data (tools/layers.py), and the code keeps to it
import by import (issue 79)."""

from __future__ import annotations

from pathlib import Path

import layers  # tools/layers.py (tests/conftest.py puts tools/ on the path)

ROOT = Path(__file__).resolve().parent.parent


def test_every_import_keeps_to_its_layer():
    assert layers.violations() == []


def test_architecture_md_shows_the_table_the_data_makes():
    text = (ROOT / "ARCHITECTURE.md").read_text(encoding="utf-8")
    assert layers.BEGIN in text and layers.END in text
    assert layers.written(text) == text, "run python tools/layers.py --write"


def test_a_library_module_importing_the_command_line_fails():
    """What the test is for: the library never reaches up into `cli/` (nor a rule into the
    store), an import inside a function and one for type checking alone counted too."""
    inside = "def f():\n    from campaign_cli.cli import output\n"
    typing_only = "TYPE_CHECKING = False\nif TYPE_CHECKING:\n    from campaign_cli.cli.app import run\n"
    edges = {
        "library.core": layers.imports(inside, "library.core", False),
        "library.rolls": layers.imports(typing_only, "library.rolls", False),
        "rules.dice": layers.imports("from campaign_cli.store import files\n", "rules.dice", False),
    }
    assert edges["library.core"] == {"cli.output"} and edges["library.rolls"] == {"cli.app"}
    found = layers.violations(edges)
    assert [line.split(" imports ")[0] for line in found] == [
        "library.core (library)",
        "library.rolls (library)",
        "rules.dice (rules)",
    ]
    assert "library may import acts, base, model, render, rules, store" in found[0]


def test_relative_imports_are_resolved():
    assert layers.imports("from . import files\nfrom .journal import append\n", "store.campaign", False) == {
        "store.files",
        "store.journal",
    }


def test_every_module_has_a_layer_and_every_exception_is_used():
    graph = layers.graph()
    assert all(layers.layer_of(module) for module in graph)
    used = {(layers.layer_of(a), b) for a, bs in graph.items() for b in bs}
    assert set(layers.EXCEPTIONS) <= used, set(layers.EXCEPTIONS) - used
