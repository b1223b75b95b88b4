"""The package's layers and what each may import, as data (issue 79): ARCHITECTURE.md's
table is written from it (`python tools/layers.py --write`) and tests/test_layers.py
holds the code to it, import by import (every `import` of the package, at the top of a
module, inside a function, or for type checking alone).

A module belongs to the layer whose first prefix it matches. An import is allowed within
a layer, into a layer the importer's row names, or where EXCEPTIONS names the importer's
layer and the imported module (each with why)."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "campaign_cli"

# (layer, its modules by prefix, what it is, the layers it may import), top to bottom
LAYERS: list[tuple[str, tuple[str, ...], str, tuple[str, ...]]] = [
    (
        "shell",
        ("cli", "entry", "__main__", "tab", "tokens", "_commands"),
        "the command line: Typer commands, the fast path and TAB, views, completion, man pages, the demo",
        ("library", "render", "store", "rules", "model", "base"),
    ),
    (
        "library",
        ("library", "api", "__init__"),
        "the library: `Campaign`, `open`, `read`, `follow`, module functions",
        ("acts", "render", "store", "rules", "model", "base"),
    ),
    (
        "render",
        ("render",),
        "results put into words and lines (views, sheets, recaps, each event's sentence)",
        ("rules", "model", "base"),
    ),
    ("acts", ("acts",), "each act once: guard, procedure, events", ("store", "rules", "model", "base")),
    ("store", ("store",), "the file: lock, judge, journal, atomic write, migrations", ("rules", "model", "base")),
    ("rules", ("rules",), "the game's rules, pure: facts and refusals, never sentences", ("model", "base")),
    (
        "model",
        ("model", "judge", "verdict", "_judged", "results", "options", "facts"),
        "every document's type once, the judge, the results' and refusals' types",
        ("base",),
    ),
    (
        "base",
        ("errors", "i18n", "run", "folding", "jsontext", "inputs", "data"),
        "what every layer shares: refusals, the language, the run's state, JSON, the catalogs' data",
        (),
    ),
]

# (importer's layer, imported module): allowed though its layer is above, and why
EXCEPTIONS: dict[tuple[str, str], str] = {
    ("model", "rules.names"): "the bounds a type states (a name's length, the largest id and amount)",
    ("model", "rules.skills"): "the skill names a character's type accepts",
    ("model", "rules.dice"): "a damage field is judged by the dice reader",
    ("model", "rules.packs"): "a catalog pack is judged by its own rules",
    ("model", "rules.enemies"): "a threat board is judged by its own rules",
}


def module_name(path: Path) -> str:
    """`campaign_cli/cli/app.py` -> `cli.app`; the package's `__init__` -> `__init__`."""
    parts = list(path.relative_to(PACKAGE).with_suffix("").parts)
    if parts[-1] == "__init__" and len(parts) > 1:
        parts = parts[:-1]
    return ".".join(parts)


def layer_of(module: str) -> str:
    for name, prefixes, _what, _may in LAYERS:
        if any(module == p or module.startswith(p + ".") for p in prefixes):
            return name
    raise KeyError(f"campaign_cli.{module} belongs to no layer: add it to tools/layers.py")


def imports(source: str, module: str, is_package: bool) -> set[str]:
    """The package's modules SOURCE imports (without the `campaign_cli.` prefix)."""
    found: set[str] = set()
    here = module.split(".") if is_package else module.split(".")[:-1]
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found |= {a.name for a in node.names if a.name.startswith("campaign_cli.")}
            continue
        if not isinstance(node, ast.ImportFrom):
            continue
        if node.level:
            base = here[: len(here) - (node.level - 1)] if module != "__init__" else []
            name = ".".join(["campaign_cli", *base, *([node.module] if node.module else [])])
        else:
            name = node.module or ""
        if name == "campaign_cli" or (name.count(".") == 1 and (PACKAGE / name.split(".")[1]).is_dir()):
            found |= {f"{name}.{a.name}" for a in node.names}  # `from campaign_cli.cli import framework`
        elif name.startswith("campaign_cli"):
            found.add(name)
    out = set()
    for name in found:
        short = name.removeprefix("campaign_cli.")
        if short.startswith("__version__"):
            short = "__init__"
        elif not _exists(short):
            short = short.rsplit(".", 1)[0] if _exists(short.rsplit(".", 1)[0]) else short
        out.add(short)
    return out


def _exists(module: str) -> bool:
    path = PACKAGE / module.replace(".", "/")
    return path.with_suffix(".py").exists() or (path / "__init__.py").exists() or module == "__init__"


def graph() -> dict[str, set[str]]:
    """Each module of the package -> the package's modules it imports."""
    out = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        module = module_name(path)
        out[module] = imports(path.read_text(encoding="utf-8"), module, path.name == "__init__.py")
    return out


def violations(edges: dict[str, set[str]] | None = None) -> list[str]:
    """Each import the table does not allow: `library.x imports cli.y (library may import ...)`."""
    may = {name: set(allowed) for name, _prefixes, _what, allowed in LAYERS}
    out = []
    for importer, imported in sorted((edges if edges is not None else graph()).items()):
        here = layer_of(importer)
        for module in sorted(imported):
            there = layer_of(module)
            if there == here or there in may[here] or (here, module) in EXCEPTIONS:
                continue
            allowed = ", ".join(sorted(may[here])) or "nothing else"
            out.append(f"{importer} ({here}) imports {module} ({there}); {here} may import {allowed}")
    return out


def table() -> str:
    """ARCHITECTURE.md's layer table."""
    rows = ["| layer | modules | what it is | may import |", "|---|---|---|---|"]
    for name, prefixes, what, allowed in LAYERS:
        modules = ", ".join(f"`{p}/`" if (PACKAGE / p).is_dir() else f"`{p}`" for p in prefixes)
        rows.append(f"| {name} | {modules} | {what} | {', '.join(allowed) or 'nothing above it'} |")
    rows.append("")
    rows.append("Allowed upward, each for its reason:")
    rows.append("")
    rows += [f"- {layer} imports `{module}`: {why}." for (layer, module), why in EXCEPTIONS.items()]
    return "\n".join(rows) + "\n"


BEGIN = "<!-- layers: written by tools/layers.py from its data, held by tests/test_layers.py -->"
END = "<!-- layers end -->"


def written(text: str) -> str:
    """ARCHITECTURE.md's TEXT with the layer table as the data says."""
    head, _, rest = text.partition(BEGIN)
    _old, _, tail = rest.partition(END)
    return head + BEGIN + "\n" + table() + END + tail


if __name__ == "__main__":
    doc = ROOT / "ARCHITECTURE.md"
    if sys.argv[1:] == ["--write"]:
        doc.write_text(written(doc.read_text(encoding="utf-8")), encoding="utf-8")
    found = violations()
    sys.stdout.write("\n".join(found) + "\n" if found else "every import keeps to its layer\n")
    sys.exit(1 if found else 0)
