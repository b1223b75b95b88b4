"""`_words.py`, the words of the commands the fast path runs without Typer (cli/fast.py),
made from the command tree and the commands' own code: `python -m campaign_cli.cli.wordtable
--write` (tools/generate.py runs it; its check keeps the file fresh).

A command is in the table when it is declared fast (`@fast`, cli/common.py) and its code
is one library call whose arguments are the command's parameters as given, and its answer
that call's result (`emit(data, ...)`); a declared command whose code no longer is stops
the generator, saying why (issue 79: the table is declared, never inferred):

    @app.command(help=...)
    @fast
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


class NotFast(Exception):
    """Why a command declared fast (`cli.common.fast`) is not one library call answered as
    it came: the generator stops with this reason, naming the command."""


def _need(condition: object, reason: str) -> None:
    if not condition:
        raise NotFast(reason)


def _body(function: Any) -> tuple[ast.FunctionDef, list[ast.stmt]]:
    """FUNCTION's syntax tree and its statements without the docstring."""
    tree = ast.parse(textwrap.dedent(inspect.getsource(function))).body[0]
    _need(isinstance(tree, ast.FunctionDef), "not a plain function")
    assert isinstance(tree, ast.FunctionDef)
    body = list(tree.body)
    if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
        body = body[1:]  # a docstring
    _need(len(body) >= 2, "its body is not a library call and its answer")
    return tree, body


def _acting(first: ast.With) -> tuple[ast.Call, ast.Call, list[ast.expr]]:
    """`with acting(Area) as camp: data = camp.method(...)`: (door, call, targets)."""
    _need(len(first.items) == 1 and len(first.body) == 1, "its `with` block holds more than the call")
    door, inner = first.items[0].context_expr, first.body[0]
    handle = first.items[0].optional_vars
    _need(isinstance(door, ast.Call) and isinstance(door.func, ast.Name) and door.func.id == "acting", "not `acting`")
    _need(isinstance(inner, ast.Assign) and isinstance(handle, ast.Name), "the call's result is not kept")
    assert isinstance(door, ast.Call) and isinstance(inner, ast.Assign) and isinstance(handle, ast.Name)
    call = inner.value
    _need(isinstance(call, ast.Call) and isinstance(call.func, ast.Attribute), "not a method call")
    assert isinstance(call, ast.Call) and isinstance(call.func, ast.Attribute)
    _need(isinstance(call.func.value, ast.Name) and call.func.value.id == handle.id, "not a call on the area")
    return door, call, inner.targets


def _looking(first: ast.Assign) -> tuple[ast.Call, ast.Call, list[ast.expr]]:
    """`ch = looking(Area).method(...)`: (door, call, targets)."""
    call = first.value
    door = call.func.value if isinstance(call, ast.Call) and isinstance(call.func, ast.Attribute) else None
    _need(
        isinstance(door, ast.Call) and isinstance(door.func, ast.Name) and door.func.id == "looking",
        f"it begins with `{ast.unparse(first)}`, not a library call",
    )
    assert isinstance(call, ast.Call) and isinstance(door, ast.Call)
    return door, call, first.targets


def _answered(last: ast.stmt, result: str) -> tuple[ast.Call, dict[str, ast.expr]]:
    """`emit(result, views, json_out=json_out[, jsonl=jsonl])`: (the call, its formats)."""
    _need(isinstance(last, ast.Expr) and isinstance(last.value, ast.Call), "it does not end with `emit`")
    assert isinstance(last, ast.Expr) and isinstance(last.value, ast.Call)
    answer = last.value
    _need(isinstance(answer.func, ast.Name) and answer.func.id == "emit" and answer.args, "it does not end with `emit`")
    first = answer.args[0]
    _need(isinstance(first, ast.Name) and first.id == result, "its answer is not the call's result")
    formats = {k.arg: k.value for k in answer.keywords if k.arg is not None}
    _need(len(formats) == len(answer.keywords), "`emit` is given a spread")
    _need(not set(formats) - set(FORMATS) and "json_out" in formats, "its formats are not `json_out` (and `jsonl`)")
    _need(all(isinstance(v, ast.Name) and v.id == k for k, v in formats.items()), "a format is not passed as given")
    return answer, formats


def _positional(call: ast.Call) -> list[str]:
    """The call's positional arguments: parameter names, `*names` for `*(names or [])`."""
    positional: list[str] = []
    for arg in call.args:
        if isinstance(arg, ast.Name):
            positional.append(arg.id)
            continue
        spread = arg.value if isinstance(arg, ast.Starred) else None
        _need(
            isinstance(spread, ast.BoolOp)
            and isinstance(spread.op, ast.Or)
            and isinstance(spread.values[0], ast.Name)
            and isinstance(spread.values[1], ast.List)
            and not spread.values[1].elts,
            f"an argument is neither a parameter nor `*(names or [])`: {ast.unparse(arg)}",
        )
        assert isinstance(spread, ast.BoolOp) and isinstance(spread.values[0], ast.Name)
        positional.append("*" + spread.values[0].id)
    return positional


def _keywords(call: ast.Call) -> dict[str, str]:
    """The call's keywords: keyword -> the parameter passed as given."""
    keywords: dict[str, str] = {}
    for keyword in call.keywords:
        _need(keyword.arg is not None and isinstance(keyword.value, ast.Name), "a keyword is not a parameter")
        assert keyword.arg is not None and isinstance(keyword.value, ast.Name)
        keywords[keyword.arg] = keyword.value.id
    return keywords


def _call(function: Any) -> dict[str, Any]:
    """What the command's code does, one library call answered as it came: the area class
    (module, name), whether it reads, the method, and the call's arguments (positional:
    parameter names, `*` before one spread; keywords: keyword -> parameter). NotFast when
    the code is anything else."""
    tree, body = _body(function)
    first, rest, last = body[0], body[1:-1], body[-1]
    if isinstance(first, ast.With):
        (door, call, target), reads = _acting(first), False
    else:
        _need(isinstance(first, ast.Assign), f"it begins with `{ast.unparse(first)}`, not a library call")
        assert isinstance(first, ast.Assign)
        (door, call, target), reads = _looking(first), True
    _need(len(target) == 1 and isinstance(target[0], ast.Name), "the call's result is not one name")
    _need(len(door.args) == 1 and isinstance(door.args[0], ast.Name), "the area is not one class")
    assert (
        isinstance(target[0], ast.Name) and isinstance(door.args[0], ast.Name) and isinstance(call.func, ast.Attribute)
    )
    result, area = target[0].id, door.args[0]
    for step in rest:  # between the call and the answer only names read off the result
        _need(
            isinstance(step, ast.Assign) and not any(isinstance(n, ast.Call) for n in ast.walk(step.value)),
            f"a step between the call and the answer does something: {ast.unparse(step)}",
        )
    answer, formats = _answered(last, result)
    cls = function.__globals__.get(area.id) or _imported(tree, area.id)
    _need(cls is not None, f"its area {area.id} is not found")
    return {
        "area": (cls.__module__, cls.__name__),
        "reads": reads,
        "method": call.func.attr,
        "positional": _positional(call),
        "keywords": _keywords(call),
        "formats": sorted(formats),
        "views": _views(function, answer.args[1:], result),
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
        entry = _entry(command, path)
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


def _entry(command: Any, path: tuple[str, ...]) -> dict[str, Any] | None:
    """COMMAND's row of the table if its code is declared fast (`cli.common.fast`), else
    None. A declared command that no longer qualifies stops the generator, saying why."""
    function = inspect.unwrap(command.callback) if command.callback else None
    if function is None or not getattr(function, "fast", False):
        return None
    try:
        call = _call(function)
        return {**call, **_parameters(command, call)}
    except NotFast as why:
        raise NotFast(f"`campaign {' '.join(path)}` is declared fast (@fast) but {why}") from None


def _parameters(command: Any, call: dict[str, Any]) -> dict[str, Any]:
    """The command's arguments and options as the fast path reads them."""
    from campaign_cli.cli.framework import param_kind

    arguments, options = [], {}
    used = {p.lstrip("*") for p in call["positional"]} | set(call["keywords"].values())
    for param in command.params:
        kind = param_kind(param)
        if kind is None or param.name is None:
            raise NotFast(f"its parameter {param.name} is not text, a number or a flag")
        if param.param_type_name == "argument":
            _need(param.nargs in (1, -1) and param.name in used, f"its argument {param.name} is not passed as given")
            default = None if param.nargs == -1 else param.default
            arguments.append((param.name, *kind, param.nargs, param.required, default))
        else:
            _need(param.nargs == 1, f"its option {param.name} takes several values")
            _need(param.name in used or param.name in FORMATS, f"its option {param.name} is not passed on")
            for opt in param.opts:
                options[opt] = (param.name, *kind, bool(param.multiple), param.default, bool(param.required))
    _need(all(a[4] != -1 for a in arguments[:-1]), "a list of words comes before another argument")
    names = {a[0] for a in arguments} | {o[0] for o in options.values()}
    _need(not used - names, f"it passes {sorted(used - names)}, which are not its parameters")
    return {"arguments": arguments, "options": options}


if __name__ == "__main__":
    import sys

    from campaign_cli.cli.tabtable import write_table

    write_table(table(), TABLE_PATH, sys.argv[1:])
