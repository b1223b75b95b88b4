"""`_words.py`, the words of the commands the fast path runs without Typer (cli/fast.py),
made from the command tree and the commands' own code: `python -m campaign_cli.cli.wordtable
--write` (tools/generate.py runs it; its check keeps the file fresh).

A command is in the table when its code is one library call whose arguments are the
command's parameters as given, and its answer that call's result (`emit(data, ...)`):

    def show(name: NameArg, json_out: JsonOpt = False) -> None:
        ch = looking(Core).character_show(name)
        emit(ch, lambda: character_lines(ch), json_out=json_out)

Each of its parameters must be a string, a whole number (with its bounds) or a flag. Any
other command stays Typer's alone. tests/test_fast.py proves, command by command, that the
fast path makes the very call Typer makes, or hands the line to Typer."""

from __future__ import annotations

import ast
import inspect
import os
import textwrap
from typing import Any

TABLE_PATH = os.path.join(os.path.dirname(os.path.dirname(__file__)), "_words.py")
FORMATS = ("json_out", "jsonl")  # the output's options: the fast path answers `--json` alone


def _call(function: Any) -> dict[str, Any] | None:
    """What the command's code does, if it is one library call answered as it came: the area
    class (module, name), whether it reads, the method, and the call's arguments (positional:
    parameter names, `*` before one spread; keywords: keyword -> parameter)."""
    tree = ast.parse(textwrap.dedent(inspect.getsource(function))).body[0]
    if not isinstance(tree, ast.FunctionDef):
        return None
    body = list(tree.body)
    if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
        body = body[1:]  # a docstring
    if len(body) < 2:
        return None
    first, rest, last = body[0], body[1:-1], body[-1]
    # ch = looking(Area).method(...)   |   with acting(Area) as camp: data = camp.method(...)
    if isinstance(first, ast.With) and len(first.items) == 1 and len(first.body) == 1:
        door, inner = first.items[0].context_expr, first.body[0]
        handle = first.items[0].optional_vars
        if not (isinstance(door, ast.Call) and isinstance(door.func, ast.Name) and door.func.id == "acting"):
            return None
        if not (isinstance(inner, ast.Assign) and isinstance(handle, ast.Name)):
            return None
        call = inner.value
        if not (isinstance(call, ast.Call) and isinstance(call.func, ast.Attribute)):
            return None
        if not (isinstance(call.func.value, ast.Name) and call.func.value.id == handle.id):
            return None
        target, reads = inner.targets, False
    elif isinstance(first, ast.Assign) and isinstance(first.value, ast.Call):
        call = first.value
        if not isinstance(call.func, ast.Attribute) or not isinstance(call.func.value, ast.Call):
            return None
        door = call.func.value
        if not (isinstance(door.func, ast.Name) and door.func.id == "looking"):
            return None
        target, reads = first.targets, True
    else:
        return None
    if len(target) != 1 or not isinstance(target[0], ast.Name) or len(door.args) != 1:
        return None
    result, area = target[0].id, door.args[0]
    if not isinstance(area, ast.Name):
        return None
    # between the call and the answer only names read off the result: nothing said or done
    for step in rest:
        if not isinstance(step, ast.Assign) or any(isinstance(n, ast.Call) for n in ast.walk(step.value)):
            return None
    # emit(result, views, json_out=json_out[, jsonl=jsonl])
    if not (isinstance(last, ast.Expr) and isinstance(last.value, ast.Call)):
        return None
    answer = last.value
    if not (isinstance(answer.func, ast.Name) and answer.func.id == "emit" and answer.args):
        return None
    if not (isinstance(answer.args[0], ast.Name) and answer.args[0].id == result):
        return None
    views = _views(function, answer.args[1:], result)
    formats = {k.arg: k.value for k in answer.keywords}
    if set(formats) - set(FORMATS) or "json_out" not in formats:
        return None
    if any(not (isinstance(v, ast.Name) and v.id == k) for k, v in formats.items()):
        return None
    positional: list[str] = []
    for arg in call.args:
        if isinstance(arg, ast.Name):
            positional.append(arg.id)
        elif (  # *(names or [])
            isinstance(arg, ast.Starred)
            and isinstance(arg.value, ast.BoolOp)
            and isinstance(arg.value.op, ast.Or)
            and isinstance(arg.value.values[0], ast.Name)
            and isinstance(arg.value.values[1], ast.List)
            and not arg.value.values[1].elts
        ):
            positional.append("*" + arg.value.values[0].id)
        else:
            return None
    keywords: dict[str, str] = {}
    for keyword in call.keywords:
        if keyword.arg is None or not isinstance(keyword.value, ast.Name):
            return None
        keywords[keyword.arg] = keyword.value.id
    cls = function.__globals__.get(area.id) or _imported(tree, area.id)
    if cls is None:
        return None
    return {
        "area": (cls.__module__, cls.__name__),
        "reads": reads,
        "method": call.func.attr,
        "positional": positional,
        "keywords": keywords,
        "formats": sorted(formats),
        "views": views,
    }


def _views(function: Any, given: list[ast.expr], result: str) -> tuple[str, str] | None:
    """The views of the answer when they are `lambda: views(result)` and `views` is a function
    of a module that loads no Typer, Click or Rich (cli/output.py, cli/views.py): the fast
    path draws them too. None: only the JSON answer is the fast path's."""
    if len(given) != 1 or not isinstance(given[0], ast.Lambda):
        return None
    body = given[0].body
    if not (isinstance(body, ast.Call) and isinstance(body.func, ast.Name) and not body.keywords):
        return None
    if [a.id if isinstance(a, ast.Name) else None for a in body.args] != [result]:
        return None
    views = function.__globals__.get(body.func.id)
    if views is None or not _typer_free(views.__module__):
        return None
    return (views.__module__, views.__name__)


def _typer_free(module: str, known: dict[str, bool] = {}) -> bool:  # noqa: B006  # a cache, on purpose
    """Whether importing MODULE, alone in a new interpreter, loads no Typer, Click or Rich."""
    if module not in known:
        import subprocess
        import sys

        loaded = "{m.split('.')[0] for m in sys.modules}"
        probe = f"import sys, {module}; sys.exit(bool({{'typer', 'click', 'rich'}} & {loaded}))"
        known[module] = subprocess.run([sys.executable, "-c", probe], capture_output=True).returncode == 0
    return known[module]


def _imported(tree: ast.FunctionDef, name: str) -> Any:
    """NAME as the function imports it in its own body (`from ... import Characters`)."""
    import importlib

    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and any(a.name == name for a in node.names):
            return getattr(importlib.import_module(node.module), name)
    return None


def table() -> str:
    """`_words.py`: each command the fast path runs, its parameters and its library call."""
    import pprint

    from campaign_cli.cli.app import get_command
    from campaign_cli.cli.framework import context

    root = get_command()
    commands: dict[tuple[str, ...], Any] = {}

    def walk(command: Any, path: tuple[str, ...], ctx: Any) -> None:
        if hasattr(command, "list_commands"):
            for name in command.list_commands(ctx):
                sub = command.get_command(ctx, name)
                walk(sub, (*path, name), context(sub, parent=ctx, info_name=name))
            return
        entry = _entry(command)
        if entry is not None:
            commands[path] = entry

    walk(root, (), context(root, info_name="campaign"))
    return (
        '"""Generated by `python -m campaign_cli.cli.wordtable --write` from the command tree and\n'
        "the commands' code: for each command the fast path runs (cli/fast.py), the library call\n"
        "(area module and class, whether it only reads, method, its positional parameters and\n"
        "keywords), the views it draws without Typer (module, function) or None, its arguments\n"
        "(name, kind, low, high, nargs, required, default) and options\n"
        '(flag: (name, kind, low, high, multiple, default, required)). Do not edit."""\n\n'
        "from __future__ import annotations\n\n"
        "TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing: the fast path\n"
        "if TYPE_CHECKING:\n    from typing import Any\n\n"
        f"COMMANDS: dict[tuple[str, ...], dict[str, Any]] = {pprint.pformat(commands, width=110)}\n"
    )


def _entry(command: Any) -> dict[str, Any] | None:
    from campaign_cli.cli.framework import param_kind

    function = inspect.unwrap(command.callback) if command.callback else None
    if function is None or not hasattr(function, "__code__"):
        return None
    call = _call(function)
    if call is None:
        return None
    arguments, options = [], {}
    used = {p.lstrip("*") for p in call["positional"]} | set(call["keywords"].values())
    for param in command.params:
        if param.name is None:
            return None
        kind = param_kind(param)
        if kind is None:
            return None
        if param.param_type_name == "argument":
            if param.nargs not in (1, -1) or param.name not in used:
                return None
            default = None if param.nargs == -1 else param.default
            arguments.append((param.name, *kind, param.nargs, param.required, default))
        else:
            if param.nargs != 1 or (param.name not in used and param.name not in FORMATS):
                return None
            for opt in param.opts:
                options[opt] = (param.name, *kind, bool(param.multiple), param.default, bool(param.required))
    if any(a[4] == -1 for a in arguments[:-1]):
        return None  # a list of words before another argument: Click's to share out
    names = {a[0] for a in arguments} | {o[0] for o in options.values()}
    if used - names:
        return None
    return {**call, "arguments": arguments, "options": options}


if __name__ == "__main__":
    import sys

    from campaign_cli.cli.tabtable import write_table

    write_table(table(), TABLE_PATH, sys.argv[1:])
