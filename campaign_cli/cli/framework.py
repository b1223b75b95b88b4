"""The framework's private API in one room (issue 79): every name this project takes from
Typer or its vendored Click beyond Typer's documented surface (`typer.Typer`,
`typer.Option`, `typer.Argument`, `typer.Exit`, `typer.Context`) is taken here, and
nowhere else (tests/test_framework.py scans the package for it and tests each hook).

Two releases are supported (pyproject.toml's range, CI runs the suite on both):

- Typer 0.28 vendors Click 8.3 with its parameter types (`typer._click.types`): a
  parameter converts its value with Click's type, and Click words the refusal
  ("'x' is not a valid integer.").
- Typer 0.29 dropped Click's types: a parameter has a `type_descriptor` and converts
  through pydantic (imported on the first conversion, some 70 ms), and words the refusal
  in pydantic's terms. Our parameters convert as Click did (`_ClickConversion`): the same
  values, the same refusals, no pydantic (CLI.md's messages are the same on both).

What each hook is for is said where it is defined; `cli/lazy.py` (groups made on demand),
`cli/app.py` (the root's options), `cli/speech.py` (Click's words in Russian),
`cli/shells.py` (completion), and the generators (tools/manpage.py, tools/commandtable.py) use them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import typer
import typer.core
import typer.main
from typer import _click as click
from typer.core import TyperArgument, TyperCommand, TyperGroup, TyperOption

try:  # Typer 0.28: Click's parameter types
    from typer._click import types as _types  # type: ignore[attr-defined,unused-ignore]
except ImportError:  # Typer 0.29: a type descriptor and pydantic
    _types = None  # type: ignore[assignment,unused-ignore]

__all__ = [
    "MODERN",
    "ParameterSource",
    "TyperArgument",
    "TyperCommand",
    "TyperGroup",
    "TyperOption",
    "click",
    "command_from_info",
    "command_name",
    "completion_classes",
    "completion_item",
    "completion_script",
    "context",
    "convert_as_click",
    "default_setting",
    "get_command",
    "install_completion",
    "label",
    "option",
    "param_kind",
    "placeholders",
    "plain_usage",
    "register_shells",
    "resolve_unsuggested",
    "runner_command",
    "speak_typer",
]

MODERN = _types is None  # Typer 0.29 and later: parameters without Click's types


def context(command: Any, parent: Any = None, info_name: str | None = None, **settings: Any) -> Any:
    """A Click context for COMMAND (walking the tree, a man page, a table's generator)."""
    return click.core.Context(command, parent=parent, info_name=info_name, **settings)


def get_command(app: typer.Typer) -> Any:
    """APP as a Click command (Typer's documented `typer.main.get_command`)."""
    command = typer.main.get_command(app)
    if MODERN:
        for param in getattr(command, "params", ()):
            convert_as_click(param)
    return command


def command_from_info(info: Any) -> Any:
    """A registered function (Typer's CommandInfo) as a Click command, without Rich's help."""
    command = typer.main.get_command_from_info(info, pretty_exceptions_short=True, rich_markup_mode=None)
    if MODERN:
        for param in command.params:
            convert_as_click(param)
    return command


def command_name(function_name: str) -> str:
    """The command's name Typer makes of a function's (`fight_attack` -> `fight-attack`)."""
    return typer.main.get_command_name(function_name)


def default_setting(value: Any) -> Any:
    """A Typer app's setting as given: Typer wraps a setting left at its default."""
    from typer.models import DefaultPlaceholder

    return value.value if isinstance(value, DefaultPlaceholder) else value


def option(*decls: str, flag: bool = False, **settings: Any) -> Any:
    """A Click option made directly (the root's: no signature for Typer to read), taking
    text, or a flag (FLAG). Settings as Typer's option takes them."""
    if MODERN:
        from typer._coercion import bool_flag_type_descriptor, resolve_type_descriptor
        from typer.models import OptionInfo

        descriptor = (
            bool_flag_type_descriptor()
            if flag
            else resolve_type_descriptor(annotation=str, parameter_info=OptionInfo())
        )
        made = TyperOption(  # type: ignore[call-arg,unused-ignore]
            param_decls=list(decls), type_descriptor=descriptor, is_flag=flag or None, **settings
        )
        return convert_as_click(made)
    kind = _types.BOOL if flag else _types.STRING
    return TyperOption(param_decls=list(decls), type=kind, is_flag=flag or None, **settings)  # type: ignore[call-arg,unused-ignore]


def completion_item(value: str) -> Any:
    """A candidate for the shell (Click's CompletionItem)."""
    from typer._click.shell_completion import CompletionItem

    return CompletionItem(value)


def param_kind(param: Any) -> tuple[str, int | None, int | None] | None:
    """A parameter's kind as the fast path reads it: ("str", None, None), ("int", low,
    high), ("flag", None, None), or None for one it does not read."""
    if getattr(param, "is_flag", False):
        if (
            getattr(param, "secondary_opts", None)
            or param.default not in (False, None)
            or getattr(param, "count", False)
        ):
            return None
        return ("flag", None, None)  # given: True; else its default (False, or None for `bool | None`)
    if MODERN:
        descriptor = param.type_descriptor
        if descriptor.is_choice or descriptor.is_file or descriptor.is_path:
            return None
        annotation = descriptor.annotation
        if (param.multiple or param.nargs == -1) and _item_type(annotation) is not None:
            annotation = _item_type(annotation)
        if annotation is int:
            low, high = getattr(param, "min", None), getattr(param, "max", None)
            if getattr(descriptor.parameter_info, "clamp", False):
                return None
            return ("int", None if low is None else int(low), None if high is None else int(high))
        return ("str", None, None) if annotation is str else None
    kind = param.type
    if isinstance(kind, _types.IntRange):
        if kind.min_open or kind.max_open or kind.clamp:
            return None
        low, high = kind.min, kind.max
        return ("int", None if low is None else int(low), None if high is None else int(high))
    if kind is _types.INT:
        return ("int", None, None)
    if kind is _types.STRING:
        return ("str", None, None)
    return None


def _item_type(annotation: Any) -> Any:
    """list[X] -> X (a repeated option's one value), else None."""
    from typing import get_args, get_origin

    if get_origin(annotation) in (list, tuple):
        args = [a for a in get_args(annotation) if a is not Ellipsis]
        return args[0] if len(args) == 1 else None
    return None


def label(param: Any) -> str:
    """How a refusal names PARAM: an option by its first name (`--gold`), an argument by
    its placeholder (`NAME`)."""
    if param.param_type_name == "option":
        return str(param.opts[0])
    return str(param.display_name_raw if MODERN else param.human_readable_name)


def placeholders(param: Any, translate: Callable[[str], str]) -> None:
    """PARAM's placeholder (`NAME`, `[ITEM]...`) said through TRANSLATE wherever Click shows
    it: usage lines, help, man pages and "missing argument" errors."""
    if MODERN:
        if param.metavar is None and param.param_type_name == "argument":
            param.metavar = param.name.upper()
        if param.metavar is not None:
            param.metavar = translate(param.metavar)
        return
    param.make_metavar = _wrapped(param.make_metavar, translate)
    param.get_error_hint = _wrapped(param.get_error_hint, translate)


def _wrapped(make: Callable[..., str], translate: Callable[[str], str]) -> Callable[..., str]:
    def translated(*args: Any, **kwargs: Any) -> str:
        return translate(make(*args, **kwargs))

    return translated


def plain_usage(param: Any) -> None:
    """An argument in a usage line in Click's convention (`ATTACKER TARGET`): Typer puts a
    required argument in braces, which mean "one of" to a reader of usage lines."""
    if param.param_type_name != "argument":
        return
    if MODERN:
        param._usage_display_name = lambda: _usage_name(param)
        param.display_type_rich = lambda ctx: None  # no `<str>` after an argument's name in help
        return
    if getattr(param.make_metavar, "plain", False):
        return
    make = param.make_metavar

    def plain(*args: Any, **kwargs: Any) -> str:
        return _unbraced(make(*args, **kwargs))

    plain.plain = True  # type: ignore[attr-defined]
    param.make_metavar = plain


def _usage_name(param: Any) -> str:
    """An argument's word in a usage line as Typer 0.28 made it, unbraced (plain_usage)."""
    if param.metavar is not None:
        var: str = param.metavar
        return var if var.startswith("[") or param.required else f"[{var}]"
    var = f"{{{param.name}}}" if param.required else f"[{param.name}]"
    return _unbraced(var + ("..." if param.nargs != 1 else ""))


def _unbraced(text: str) -> str:
    return text[1:-1] if text.startswith("{") and text.endswith("}") else text


def speak_typer(translate: Callable[[str], str]) -> None:
    """Typer's own words in help ("[default: 1]", "[required]"): its help formatting calls
    gettext's `_` by that module name."""
    typer.core._ = translate  # type: ignore[attr-defined,assignment]


def convert_as_click(param: Any) -> Any:
    """On Typer 0.29, PARAM converts its value as Click 8 did (see the module's doc):
    text, whole numbers in a range, flags, lists of them. Any other annotation keeps
    Typer's own conversion."""
    if MODERN and not isinstance(getattr(param, "_runtime_param", None), _ClickConversion):
        conversion = _ClickConversion.of(param)
        if conversion is not None:
            param._runtime_param = conversion
    return param


class _ClickConversion:
    """A parameter's value converted as Click 8's STRING, INT, IntRange and BOOL did."""

    def __init__(self, kind: Any, low: int | None, high: int | None, many: bool) -> None:
        self.kind, self.low, self.high, self.many = kind, low, high, many

    @classmethod
    def of(cls, param: Any) -> _ClickConversion | None:
        annotation = param.type_descriptor.annotation
        if param.type_descriptor.is_choice or param.type_descriptor.is_file or param.type_descriptor.is_path:
            return None
        many = param.multiple or (param.nargs == -1)
        if many:
            annotation = _item_type(annotation)
        if annotation not in (str, int, bool):
            return None
        return cls(annotation, getattr(param, "min", None), getattr(param, "max", None), many)

    def coerce(self, value: Any, param: Any, ctx: Any) -> Any:
        if value is None:
            return None
        if self.many:
            if value in ((), []):
                return None if param.nargs == -1 and not param.required else []
            return [self._one(v, param, ctx) for v in value]
        return self._one(value, param, ctx)

    def _one(self, value: Any, param: Any, ctx: Any) -> Any:
        if self.kind is str:
            return value.decode() if isinstance(value, bytes) else str(value)  # a str subclass made plain, as Click
        if self.kind is bool:
            if isinstance(value, bool):
                return value
            text = str(value).strip().lower()
            if text in {"1", "true", "t", "yes", "y", "on"}:
                return True
            if text in {"0", "false", "f", "no", "n", "off"}:
                return False
            self._fail(f"{value!r} is not a valid boolean.", param, ctx)
        try:
            number = value if isinstance(value, int) else int(value)
        except ValueError:
            ranged = self.low is not None or self.high is not None
            self._fail(f"{value!r} is not a valid {'int range' if ranged else 'integer'}.", param, ctx)
        if (self.low is not None and number < self.low) or (self.high is not None and number > self.high):
            self._fail(f"{number} is not in the range {self._range()}.", param, ctx)
        return number

    def _range(self) -> str:
        if self.low is not None and self.high is not None:
            return f"{self.low}<=x<={self.high}"
        return f"x>={self.low}" if self.low is not None else f"x<={self.high}"

    @staticmethod
    def _fail(message: str, param: Any, ctx: Any) -> Any:
        raise click.exceptions.BadParameter(message, ctx=ctx, param=param)


def completion_classes() -> tuple[Any, Any, Any]:
    """Typer's shell classes for bash, zsh and fish, ours subclass (cli/shells.py)."""
    from typer._completion_classes import BashComplete, FishComplete, ZshComplete

    return BashComplete, ZshComplete, FishComplete


def register_shells(classes: dict[str, Any], scripts: dict[str, str]) -> None:
    """CLASSES answer a TAB in their shells; SCRIPTS are what `--show-completion` prints
    and `--install-completion` installs for theirs."""
    from typer._click.shell_completion import add_completion_class
    from typer._completion_classes import completion_init
    from typer._completion_shared import _completion_scripts

    completion_init()
    for shell, cls in classes.items():
        add_completion_class(cls, shell)
    _completion_scripts.update(scripts)


def completion_script(shell: str, prog_name: str, complete_var: str) -> str:
    """SHELL's completion script as registered (register_shells)."""
    from typer._completion_shared import get_completion_script

    return get_completion_script(prog_name=prog_name, complete_var=complete_var, shell=shell)


def install_completion(shell: str, prog_name: str, complete_var: str) -> tuple[str, Any]:
    """SHELL's completion script installed where that shell reads it: (shell, path)."""
    from typer._completion_shared import install

    return install(shell=shell, prog_name=prog_name, complete_var=complete_var)


ParameterSource = click.core.ParameterSource  # where a value came from (a test's question)


def resolve_unsuggested(group: Any, ctx: Any, args: list[str]) -> Any:
    """GROUP's command for ARGS as Click resolves it, before Typer's suggestion (which
    looks only among the commands already made; cli/lazy.py suggests among all)."""
    return TyperGroup._click_resolve_command(group, ctx, args)


@contextmanager
def runner_command(command: Any) -> Iterator[None]:
    """Typer's test runner (`typer.testing.CliRunner`) invokes COMMAND, made once, instead
    of building the whole tree from the app on every call (tests/runner.py)."""
    import typer.testing

    build = getattr(typer.testing, "_get_command")  # noqa: B009  # private: named here only
    setattr(typer.testing, "_get_command", lambda _app: command)  # noqa: B010
    try:
        yield
    finally:
        setattr(typer.testing, "_get_command", build)  # noqa: B010
