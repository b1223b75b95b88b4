"""`_commands.py`, the command table: the command tree's shape, generated once, read by the
fast path (cli/fast.py) and by TAB (tab.py) through one tokenizer (tokens.py):
`python tools/commandtable.py --write` (tools/generate.py runs it; its check
keeps the file fresh).

Every command has its arguments and options (with the completer of each, the kind of value
the fast path reads: text, a whole number with its bounds, a flag; default, required). A
command declared fast (`@fast`, cli/common.py) has its library call too, read from its own
code, which must be one library call whose arguments are the command's parameters as
given, answered as it came (`emit(data, ...)`), or one call of a Typer-free module's
function given the command's parameters as they came (`answers.log(limit, ...)`, the
function then the call's area; a bundle of options, `cli.common.takes`, recorded to be
made as its wrapper makes it); a declared command whose code no longer is stops the
generator, saying why (issue 79: declared, never inferred):

    @app.command(help=...)
    @fast
    def show(name: NameArg, json_out: JsonOpt = False) -> None:
        ch = looking(Core).character_show(name)
        emit(ch, lambda: character_lines(ch), json_out=json_out)

tests/test_fast.py proves, command by command, that the fast path makes the very call
Typer makes, or hands the line to Typer; tests/test_tab.py that TAB offers what Click would."""

from __future__ import annotations

import ast
import inspect
import os
import textwrap
from typing import Any

TABLE_PATH = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "campaign_cli", "_commands.py")
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
    while body and isinstance(body[0], ast.ImportFrom):
        body = body[1:]  # the area imported where it is used (`_imported` finds it)
    _need(len(body) >= 1, "its body is empty")
    return tree, body


def _acting(first: ast.With, function: Any) -> tuple[ast.Call, ast.Call, list[ast.expr], str]:
    """`with acting(Area) as camp: data = camp.method(...)`, or `getattr(camp, method)(...)`
    with METHOD a text the command's factory closed over: (door, call, targets, method)."""
    _need(len(first.items) == 1 and len(first.body) == 1, "its `with` block holds more than the call")
    door, inner = first.items[0].context_expr, first.body[0]
    handle = first.items[0].optional_vars
    _need(isinstance(door, ast.Call) and isinstance(door.func, ast.Name) and door.func.id == "acting", "not `acting`")
    _need(isinstance(inner, ast.Assign) and isinstance(handle, ast.Name), "the call's result is not kept")
    assert isinstance(door, ast.Call) and isinstance(inner, ast.Assign) and isinstance(handle, ast.Name)
    call = inner.value
    _need(isinstance(call, ast.Call), "not a method call")
    assert isinstance(call, ast.Call)
    if isinstance(call.func, ast.Attribute):
        _need(isinstance(call.func.value, ast.Name) and call.func.value.id == handle.id, "not a call on the area")
        return door, call, inner.targets, call.func.attr
    found = call.func  # getattr(camp, method)
    named = (
        isinstance(found, ast.Call)
        and isinstance(found.func, ast.Name)
        and found.func.id == "getattr"
        and len(found.args) == 2
        and isinstance(found.args[0], ast.Name)
        and found.args[0].id == handle.id
        and isinstance(found.args[1], ast.Name)
    )
    _need(named, "not a method call on the area")
    assert isinstance(found, ast.Call) and isinstance(found.args[1], ast.Name)
    closed = dict(zip(function.__code__.co_freevars, (c.cell_contents for c in function.__closure__ or ())))
    method = closed.get(found.args[1].id)
    _need(isinstance(method, str), f"the method `{found.args[1].id}` is not a text its factory closed over")
    return door, call, inner.targets, str(method)


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


def _answered(last: ast.stmt, result: str) -> tuple[ast.Call, dict[str, ast.expr], str | None]:
    """`emit(result, views, json_out=json_out[, jsonl=jsonl])`, or `emit(result["part"], ...)`
    (the JSON answer one part of the result, the views drawn from the whole): (the call, its
    formats, the part or None)."""
    _need(isinstance(last, ast.Expr) and isinstance(last.value, ast.Call), "it does not end with `emit`")
    assert isinstance(last, ast.Expr) and isinstance(last.value, ast.Call)
    answer = last.value
    _need(isinstance(answer.func, ast.Name) and answer.func.id == "emit" and answer.args, "it does not end with `emit`")
    first, part = answer.args[0], None
    if (
        isinstance(first, ast.Subscript)
        and isinstance(first.slice, ast.Constant)
        and isinstance(first.slice.value, str)
    ):
        first, part = first.value, first.slice.value
    _need(isinstance(first, ast.Name) and first.id == result, "its answer is not the call's result (or a part of it)")
    formats = {k.arg: k.value for k in answer.keywords if k.arg is not None}
    _need(len(formats) == len(answer.keywords), "`emit` is given a spread")
    _need(not set(formats) - set(FORMATS) and "json_out" in formats, "its formats are not `json_out` (and `jsonl`)")
    _need(all(isinstance(v, ast.Name) and v.id == k for k, v in formats.items()), "a format is not passed as given")
    return answer, formats, part


def _positional(call: ast.Call) -> list[str]:
    """The call's positional arguments: parameter names, `*names` for `*(names or [])` or
    `*names`."""
    positional: list[str] = []
    for arg in call.args:
        if isinstance(arg, ast.Name):
            positional.append(arg.id)
            continue
        spread = arg.value if isinstance(arg, ast.Starred) else None
        if isinstance(spread, ast.Name):  # *names, a list the command requires
            positional.append("*" + spread.id)
            continue
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
    """The call's keywords: keyword -> the parameter passed as given; `**roll`, a bundle of
    options spread into the call (`cli.common.takes`), as `"**roll" -> "roll"`."""
    keywords: dict[str, str] = {}
    for keyword in call.keywords:
        _need(isinstance(keyword.value, ast.Name), "a keyword is not a parameter")
        assert isinstance(keyword.value, ast.Name)
        keywords[keyword.arg or "**" + keyword.value.id] = keyword.value.id
    return keywords


def _call(function: Any) -> dict[str, Any]:
    """What the command's code does, one library call answered as it came: the area class
    (module, name), whether it reads, the method, and the call's arguments (positional:
    parameter names, `*` before one spread; keywords: keyword -> parameter). NotFast when
    the code is anything else."""
    tree, body = _body(function)
    if len(body) == 1:
        return _runs(function, body[0])
    first, rest, last = body[0], body[1:-1], body[-1]
    if isinstance(first, ast.With):
        (door, call, target, method), reads = _acting(first, function), False
    else:
        _need(isinstance(first, ast.Assign), f"it begins with `{ast.unparse(first)}`, not a library call")
        assert isinstance(first, ast.Assign)
        (door, call, target), reads = _looking(first), True
        assert isinstance(call.func, ast.Attribute)
        method = call.func.attr
    _need(len(target) == 1 and isinstance(target[0], ast.Name), "the call's result is not one name")
    _need(len(door.args) == 1 and isinstance(door.args[0], ast.Name), "the area is not one class")
    assert isinstance(target[0], ast.Name) and isinstance(door.args[0], ast.Name)
    result, area = target[0].id, door.args[0]
    parameters = set(inspect.signature(function).parameters)
    for step in rest:  # between the call and the answer only new names read off the result
        _need(
            isinstance(step, ast.Assign)
            and not any(isinstance(n, ast.Call) for n in ast.walk(step.value))
            and not {n.id for t in step.targets for n in ast.walk(t) if isinstance(n, ast.Name)} & parameters,
            f"a step between the call and the answer does something: {ast.unparse(step)}",
        )
    answer, formats, part = _answered(last, result)
    cls = function.__globals__.get(area.id) or _imported(tree, area.id)
    _need(cls is not None, f"its area {area.id} is not found")
    return {
        "area": (cls.__module__, cls.__name__),
        "reads": reads,
        "method": method,
        "positional": _positional(call),
        "keywords": _keywords(call),
        "formats": sorted(formats),
        "views": _views(function, answer.args[1:], result),
        "part": part,
        "bundle": None,
    }


def _runs(function: Any, step: ast.stmt) -> dict[str, Any]:
    """`answers.name(param, ..., keyword=param)`: the command's body is one function of a
    module that loads no Typer, Click or Rich (cli/answers.py), given the command's
    parameters as they came; the fast path calls the same function with the same values.
    The call's entry: the function (module, name) as its area, no method."""
    call = step.value if isinstance(step, ast.Expr) else None
    said = f"its one statement is not a call of a Typer-free module's function: {ast.unparse(step)}"
    # `module.name(...)`, never a name imported alone: the fast path and the tests reach the
    # function through its module, as the command's code does
    _need(isinstance(call, ast.Call) and isinstance(call.func, ast.Attribute), said)
    assert isinstance(call, ast.Call)
    found = _called(function, call.func)
    _need(found is not None, said)
    said = f"`{ast.unparse(call.func)}` is of {found.__module__}, which loads Typer, Click or Rich"
    _need(_typer_free(found.__module__), said)
    positional, keywords = _positional(call), _keywords(call)
    passed = {p.lstrip("*") for p in positional} | set(keywords.values())
    return {
        "area": (found.__module__, found.__name__),
        "reads": False,
        "method": None,
        "positional": positional,
        "keywords": keywords,
        "formats": sorted(f for f in FORMATS if f in passed),
        "views": None,
        "part": None,
        "bundle": None,
    }


def _views(function: Any, given: list[ast.expr], result: str) -> tuple[str, ...] | None:
    """The views of the answer when they are `lambda: views(result[, param...])`, the other
    arguments the command's parameters as given, and `views` is a function of a module that
    loads no Typer, Click or Rich (cli/views.py, cli/said.py): the fast path draws them too,
    (module, name, param...). None: only the JSON answer is the fast path's."""
    if len(given) != 1 or not isinstance(given[0], ast.Lambda):
        return None
    body = given[0].body
    if not (isinstance(body, ast.Call) and not body.keywords):
        return None
    names = [a.id if isinstance(a, ast.Name) else None for a in body.args]
    parameters = set(inspect.signature(function).parameters)
    if names[:1] != [result] or not all(n in parameters for n in names[1:]):
        return None
    views = _called(function, body.func)
    if views is None or not _typer_free(views.__module__):
        return None
    return (views.__module__, views.__name__, *(str(n) for n in names[1:]))


def _called(function: Any, named: ast.expr) -> Any:
    """The function NAMED (a call's `func`) stands for in FUNCTION's module: a name it
    imported (`views(...)`), or a function of a module it imported (`said.views(...)`);
    None for anything else."""
    if isinstance(named, ast.Name):
        found = function.__globals__.get(named.id)
    elif isinstance(named, ast.Attribute) and isinstance(named.value, ast.Name):
        module = function.__globals__.get(named.value.id)
        found = getattr(module, named.attr, None) if inspect.ismodule(module) else None
    else:
        return None
    return found if inspect.isfunction(found) else None


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
    """`_commands.py`: the root's options and each group and command of the tree."""
    import pprint

    from campaign_cli.cli.app import get_command
    from campaign_cli.cli.framework import context

    root = get_command()
    commands: dict[tuple[str, ...], Any] = {}

    def walk(command: Any, path: tuple[str, ...], ctx: Any) -> None:
        if hasattr(command, "list_commands"):
            commands[path] = {}
            for name in command.list_commands(ctx):
                sub = command.get_command(ctx, name)
                walk(sub, (*path, name), context(sub, parent=ctx, info_name=name))
            return
        shape = _shape(command)
        if shape is not None:
            call = _entry(command, path)
            commands[path] = {**shape, **({"call": call} if call is not None else {})}

    walk(root, (), context(root, info_name="campaign"))
    del commands[()]
    rooted = {opt: (spec[0], spec[1]) for opt, spec in _options(root).items()}
    return (
        '"""Generated by `python tools/commandtable.py --write` from the command tree\n'
        "and the commands' code. ROOT: the root's options (param, takes a value). COMMANDS: a\n"
        "group is ''; a command is the JSON text of [args, opts, call]: its arguments (name, nargs, completer,\n"
        "kind, low, high, required, default), its options as (flag, (param, takes a value,\n"
        "completer, kind, low, high, multiple, default, required)) pairs, kind being what the\n"
        'fast path reads ("str", "int" within low and high, "flag") or None; and for a command\n'
        "declared fast its call (the area's module and class, whether it only reads, the\n"
        "method, its positional parameters, its keywords as (keyword, parameter) pairs, the\n"
        "formats, the views drawn without Typer or None, the part of the result that is the\n"
        "JSON answer or None for all of it, the options bundled into one parameter or None);\n"
        "a command whose body is a Typer-free function has that function as its area and no\n"
        "method; else null. Text, decoded a command at a time: read by\n"
        'cli/fast.py and tab.py through tokens.py (`shape_of`). Do not edit."""\n\n'
        "from __future__ import annotations\n\n"
        "TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing: the fast path, TAB\n"
        "if TYPE_CHECKING:\n    from typing import Any\n\n"
        f"ROOT: dict[str, tuple[str, bool]] = {pprint.pformat(rooted, width=110)}\n\n"
        "COMMANDS: dict[tuple[str, ...], str] = {\n"
        + "".join(_row(path, shape) for path, shape in commands.items())
        + "}\n"
    )


def _row(path: tuple[str, ...], shape: dict[str, Any]) -> str:
    """One entry of the table: a group `""`; a command one JSON text (a line of it for its
    arguments, one for each option, one for its call; adjacent literals, one constant),
    `[args, opts, call]`, opts as [flag, spec] pairs, call null or [area, reads, method,
    positional, keywords as pairs, formats, views, part, bundle]. Text, not Python data: loading
    the module makes 92 strings, not thousands of tuples; tokens.shape_of decodes the one
    command a line needs."""
    from campaign_cli import jsontext

    def text(value: Any) -> str:
        return jsontext.dumps(value, separators=(",", ":"))

    if not shape:
        return f"    {path!r}: '',\n"
    call = shape.get("call")
    made = None
    if call is not None:
        made = [
            call["area"],
            call["reads"],
            call["method"],
            call["positional"],
            list(call["keywords"].items()),
            call["formats"],
            call["views"],
            call["part"],
            call["bundle"],
        ]
    opts = [text([flag, spec]) for flag, spec in shape["opts"].items()]
    pieces = [f"[{text(shape['args'])},", "[", *(o + "," for o in opts[:-1]), *(opts[-1:]), "],", f"{text(made)}]"]
    body = "".join(f"\n        {piece!r}" for piece in pieces)
    return f"    {path!r}: ({body}\n    ),\n"


def _completer(param: Any) -> str | None:
    """The name of PARAM's completer in cli/complete.py, if it has one."""
    hook = getattr(param, "_custom_shell_complete", None)
    for cell in getattr(hook, "__closure__", None) or ():
        fn = getattr(cell.cell_contents, "__wrapped__", None)
        if fn is not None and fn.__module__ == "campaign_cli.cli.complete":
            return str(fn.__name__)
    return None


def _kind(param: Any) -> tuple[str | None, int | None, int | None, Any]:
    """(kind, low, high, default) as the fast path reads PARAM, kind None where it does not."""
    from campaign_cli.cli.framework import param_kind

    kind = param_kind(param)
    default = None if param.nargs == -1 or getattr(param, "multiple", False) else param.default
    if kind is None or not isinstance(default, (str, int, type(None))):
        return None, None, None, None
    return (*kind, default)


def _options(command: Any) -> dict[str, tuple[Any, ...]]:
    """COMMAND's options: flag -> (param, takes a value, completer, kind, low, high,
    multiple, default, required). An option of several values is left out (not read here)."""
    out = {}
    for param in command.params:
        if param.param_type_name != "option":
            continue
        takes = not (param.is_flag or param.count)
        if takes and param.nargs != 1:
            continue  # not ours to parse: such a command's words fall back
        kind, low, high, default = _kind(param)
        spec = (param.name, takes, _completer(param) if takes else None, kind, low, high)
        for opt in [*param.opts, *param.secondary_opts]:
            out[opt] = (*spec, bool(param.multiple), default, bool(param.required))
    return out


def _shape(command: Any) -> dict[str, Any] | None:
    """COMMAND's arguments and options, or None for a shape the tokenizer does not follow
    (an argument of several values but the last's list): the full program answers."""
    arguments = [p for p in command.params if p.param_type_name == "argument"]
    if any(p.nargs not in (1, -1) for p in arguments) or any(p.nargs == -1 for p in arguments[:-1]):
        return None
    args = []
    for p in arguments:
        kind, low, high, default = _kind(p)
        args.append((p.name, p.nargs, _completer(p), kind, low, high, bool(p.required), default))
    return {"args": args, "opts": _options(command)}


def _entry(command: Any, path: tuple[str, ...]) -> dict[str, Any] | None:
    """COMMAND's library call if its code is declared fast (`cli.common.fast`), else None.
    A declared command that no longer qualifies stops the generator, saying why."""
    function = inspect.unwrap(command.callback) if command.callback else None
    if function is None or not getattr(function, "fast", False):
        return None
    try:
        call = _call(function)
        call["bundle"] = _bundle(command.callback)
        _parameters(command, call)
        return call
    except NotFast as why:
        raise NotFast(f"`campaign {' '.join(path)}` is declared fast (@fast) but {why}") from None


def _bundle(callback: Any) -> list[tuple[str, list[str], tuple[str, str] | None]] | None:
    """The options the command receives as mappings (`cli.common.takes`), outermost first,
    as its wrappers make them: each (the parameter it stands for, the options' names, the
    function adjusting it as (module, name), which must load no Typer, Click or Rich); None
    for none."""
    bundles, seen = [], []
    while callback is not None:
        own = vars(callback).get("bundle")  # the same tuple again: a wrapper's copy (`functools.wraps`)
        if own is not None and not any(own is other for other in seen):
            seen.append(own)
            into, names, adjust = own
            if adjust is not None:
                said = f"its options' bundle is adjusted by {adjust.__module__}, not Typer-free"
                _need(_typer_free(adjust.__module__), said)
            bundles.append((into, list(names), None if adjust is None else (adjust.__module__, adjust.__name__)))
        callback = getattr(callback, "__wrapped__", None)
    return bundles or None


def _parameters(command: Any, call: dict[str, Any]) -> None:
    """NotFast unless the fast path reads every parameter of COMMAND and the call passes
    each as given (the options of a bundle, in it)."""
    from campaign_cli.cli.framework import param_kind

    used = {p.lstrip("*") for p in call["positional"]} | set(call["keywords"].values())
    for into, names, _adjust in call["bundle"] or ():
        _need(into in call["keywords"].values(), f"its options' bundle {into} is not passed on by keyword")
        used = (used - {into}) | set(names)
    arguments = []
    for param in command.params:
        if param_kind(param) is None or param.name is None:
            raise NotFast(f"its parameter {param.name} is not text, a number or a flag")
        if param.param_type_name == "argument":
            _need(param.nargs in (1, -1) and param.name in used, f"its argument {param.name} is not passed as given")
            arguments.append(param)
        else:
            _need(param.nargs == 1, f"its option {param.name} takes several values")
            _need(param.name in used or param.name in FORMATS, f"its option {param.name} is not passed on")
            _need(not param.secondary_opts, f"its option {param.name} has a second name")
    _need(all(a.nargs != -1 for a in arguments[:-1]), "a list of words comes before another argument")
    _need(not used - {p.name for p in command.params}, f"it passes {sorted(used)}, not all its parameters")


def write_table(text: str, path: str, argv: list[str]) -> None:
    """The generator's main: with `--write` (tools/generate.py) TEXT is written to PATH,
    else printed."""
    import sys

    if argv == ["--write"]:
        with open(path, "w", encoding="utf-8") as fh:
            fh.write(text)
    else:
        sys.stdout.write(text)


if __name__ == "__main__":
    import sys

    write_table(table(), TABLE_PATH, sys.argv[1:])
