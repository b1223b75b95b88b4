"""The judge: the checkers the document model (campaign_cli/model.py) compiles into, and
what holds between documents. The one validator of every document (CLI.md "One judge
for every document"): the campaign file as read, every import, and every write (a
command, a whole batch, undo, merge).

Nothing here imports `typing`'s machinery or the model's classes: the model is compiled
ahead of time into `campaign_cli/_judged.py` (`python -m campaign_cli.model --write`; a
test keeps it equal to the model), so a run that reads a campaign pays for plain checker
objects, not for building `TypedDict`s.
"""

from __future__ import annotations

from campaign_cli.errors import Say
from campaign_cli.i18n import _

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing: a write never needs it at run time
if TYPE_CHECKING:
    from typing import Any


class Invalid(Exception):
    """A field that the model refuses: WHERE (a path: `characters.1.items[0].weight`) and
    WHY (a translated clause that stands after the path)."""

    def __init__(self, where: str, why: str | Say) -> None:
        super().__init__(where, why)
        self.where, self.why = where, why

    def __str__(self) -> str:
        return f"{self.where} {self.why}"

    def inside(self, *steps: str) -> Invalid:
        """The path seen from outside: each of STEPS (a key, `[i]`, ` key`; innermost first)
        put before it. A checker builds no path while a value is sound: only a refusal
        pays for one, on its way out."""
        for step in steps:
            if not step:
                continue
            where = self.where
            self.where = step if not where else step + where if where[0] in "[ " else f"{step}.{where}"
        return self


# -- the compiled model: a node per type, checking a value and writing its schema -----------
class Node:
    """A checker: of a value (`check`), as a JSON Schema (`schema`), as Python (`code`)."""

    def check(self, value: Any, where: str = "") -> None:
        """VALUE is sound, or Invalid names its path (WHERE: the path of VALUE itself)."""
        raise NotImplementedError

    def code(self) -> str:
        raise NotImplementedError

    def schema(self) -> dict[str, Any]:
        raise NotImplementedError


class IntNode(Node):
    def __init__(self, low: int, high: int) -> None:
        self.low, self.high = low, high

    def check(self, value: Any, where: str = "") -> None:
        if type(value) is not int or not self.low <= value <= self.high:
            from campaign_cli.i18n import number

            raise Invalid(
                where,
                _("must be a whole number from {low} to {high}, not {value!r}").format(
                    low=number(self.low), high=number(self.high), value=value
                ),
            )

    def code(self) -> str:
        return f"I({self.low}, {self.high})"

    def schema(self) -> dict[str, Any]:
        return {"type": "integer", "minimum": self.low, "maximum": self.high}


class BoolNode(Node):
    def check(self, value: Any, where: str = "") -> None:
        if type(value) is not bool:
            raise Invalid(where, _("must be true or false, not {value!r}").format(value=value))

    def code(self) -> str:
        return "B()"

    def schema(self) -> dict[str, Any]:
        return {"type": "boolean"}


# Cc and Cf as code point ranges, by the Unicode version of Python's unicodedata (3.11:
# 14.0.0; 3.12: 15.0.0; 3.13: 15.1.0). Walking all 1.1 M code points took 0.4 s each time
# a process built a JSON Schema (`campaign schema`); another version is walked. A test
# keeps the running version's ranges equal to the walk (tests/test_model.py).
_HEAD = (
    (0, 31),
    (127, 159),
    (173, 173),
    (1536, 1541),
    (1564, 1564),
    (1757, 1757),
    (1807, 1807),
    (2192, 2193),
    (2274, 2274),
    (6158, 6158),
    (8203, 8207),
    (8234, 8238),
    (8288, 8292),
    (8294, 8303),
    (65279, 65279),
    (65529, 65531),
    (69821, 69821),
    (69837, 69837),
)
_TAIL = ((113824, 113827), (119155, 119162), (917505, 917505), (917536, 917631))
CONTROL_RANGES = {
    "14.0.0": (*_HEAD, (78896, 78904), *_TAIL),
    "15.0.0": (*_HEAD, (78896, 78911), *_TAIL),
    "15.1.0": (*_HEAD, (78896, 78911), *_TAIL),
}


def control_ranges_walked() -> list[tuple[int, int]]:
    """The Cc and Cf code points as ranges, found by asking unicodedata of each."""
    import sys
    import unicodedata

    ranges: list[tuple[int, int]] = []
    for code in range(sys.maxunicode + 1):
        if unicodedata.category(chr(code)) in ("Cc", "Cf"):
            if ranges and ranges[-1][1] == code - 1:
                ranges[-1] = (ranges[-1][0], code)
            else:
                ranges.append((code, code))
    return ranges


# Cc and Cf as a regular expression character class: the same set `unsafe_char` finds,
# written out so that a JSON Schema validator (which knows no \p{...}) says the same.
def _unsafe_class() -> str:
    import unicodedata

    ranges = CONTROL_RANGES.get(unicodedata.unidata_version) or control_ranges_walked()
    # BMP characters as \uXXXX, which Python's re and ECMA 262 both read; the rest literal

    def esc(c: int) -> str:
        return f"\\u{c:04x}" if c <= 0xFFFF else chr(c)

    return "".join(esc(a) if a == b else f"{esc(a)}-{esc(b)}" for a, b in ranges)


_SAFE: dict[str, Any] = {}


def safe_pattern() -> tuple[str, Any]:
    """The JSON Schema pattern of a text without Cc/Cf characters and not blank, and its compiled form."""
    if not _SAFE:
        import re  # only where a pattern is asked for: a write that judges no text pattern never loads it

        text = f"^(?!\\s*$)[^{_unsafe_class()}]*$"
        _SAFE["text"], _SAFE["re"] = text, re.compile(text)
    return _SAFE["text"], _SAFE["re"]


def lone_surrogate(text: str) -> bool:
    """TEXT holds a lone surrogate (`"\\ud800"` in JSON): no UTF-8 text can carry it."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return True
    return False


def first_surrogate(value: Any, where: str = "") -> str | None:
    """Where in VALUE (JSON data: keys too) the first text with a lone surrogate is, or None."""
    if isinstance(value, str):
        return where if lone_surrogate(value) else None
    if isinstance(value, dict):
        for key, inner in value.items():
            here = f"{where}.{key}" if where else str(key)
            if isinstance(key, str) and lone_surrogate(key):
                return here
            found = first_surrogate(inner, here)
            if found is not None:
                return found
    elif isinstance(value, list):
        for i, inner in enumerate(value):
            found = first_surrogate(inner, f"{where}[{i}]")
            if found is not None:
                return found
    return None


class TextNode(Node):
    def __init__(self, limit: int, safe: bool) -> None:
        self.limit, self.safe = limit, safe

    def check(self, value: Any, where: str = "") -> None:
        if type(value) is not str or not value.strip() or len(value) > self.limit:
            raise Invalid(
                where,
                _("must be a text of 1 to {limit} characters, not {value!r}").format(limit=self.limit, value=value),
            )
        if not value.isprintable():  # fast path: most texts are printable (a lone surrogate is not)
            if self.safe:
                from campaign_cli.rules.names import GIVEN, STORED, unsafe_char
                from campaign_cli.run import RUN

                bad = unsafe_char(value, GIVEN if RUN.bringing_in else STORED)
                if bad is not None:
                    import unicodedata

                    other = unicodedata.category(bad) in ("Zl", "Zp", "Co")  # refused in what is brought in
                    said = _("holds a line separator or a private-use character") if other else None
                    raise Invalid(where, said or _("holds control or format characters"))
            if lone_surrogate(value):
                raise Invalid(where, _("holds a lone surrogate (U+D800..U+DFFF), which no file can store"))

    def code(self) -> str:
        return f"T({self.limit}, {self.safe})"

    def schema(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": "string", "minLength": 1, "maxLength": self.limit}
        if self.safe:
            out["pattern"] = safe_pattern()[0]
        else:
            out["pattern"] = "\\S"
        return out


class PatternNode(Node):
    def __init__(self, regex: str, semantic: str) -> None:
        self.regex, self.semantic = regex, semantic  # compiled on first use: most runs roll no stored dice

    def check(self, value: Any, where: str = "") -> None:
        import re

        from campaign_cli.errors import CampaignError
        from campaign_cli.rules.dice import parse

        try:
            if type(value) is not str or not re.match(self.regex, value):
                raise ValueError
            parse(value)
        except (ValueError, CampaignError):
            raise Invalid(where, _("is not a dice expression: {damage!r}").format(damage=value)) from None

    def code(self) -> str:
        return f"P({self.regex!r}, {self.semantic!r})"

    def schema(self) -> dict[str, Any]:
        return {"type": "string", "pattern": self.regex}


class EnumNode(Node):
    def __init__(self, values: tuple[Any, ...]) -> None:
        self.values = values

    def check(self, value: Any, where: str = "") -> None:
        if type(value) is not str or value not in self.values:
            raise Invalid(
                where, _("must be one of {value}, not {value2!r}").format(value=", ".join(self.values), value2=value)
            )

    def code(self) -> str:
        return f"E({self.values!r})"

    def schema(self) -> dict[str, Any]:
        return {"enum": list(self.values)}


class NullNode(Node):
    def __init__(self, inner: Node) -> None:
        self.inner = inner

    def check(self, value: Any, where: str = "") -> None:
        if value is not None:
            self.inner.check(value, where)

    def code(self) -> str:
        return f"N({self.inner.code()})"

    def schema(self) -> dict[str, Any]:
        return {"anyOf": [self.inner.schema(), {"type": "null"}]}


class ListNode(Node):
    def __init__(self, inner: Node, low: int = 0, high: int | None = None) -> None:
        self.inner, self.low, self.high = inner, low, high

    def check(self, value: Any, where: str = "") -> None:
        if type(value) is not list:
            raise Invalid(where, _("must be a list"))
        if self.high is not None and not self.low <= len(value) <= self.high:
            if self.low == self.high:
                why = _("must have exactly {ELITE_ENTRIES} entries (has {count})").format(
                    ELITE_ENTRIES=self.low, count=len(value)
                )
            else:
                from campaign_cli.i18n import number

                why = _("must be a list (at most {MAX_ENTRIES} entries)").format(MAX_ENTRIES=number(self.high))
            raise Invalid(where, why)
        inner = self.inner.check
        for i, v in enumerate(value):
            try:
                inner(v)
            except Invalid as err:
                raise err.inside(f"[{i}]", where) from None

    def code(self) -> str:
        if self.high is None:
            return f"L({self.inner.code()})"
        return f"L({self.inner.code()}, {self.low}, {self.high})"

    def schema(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": "array", "items": self.inner.schema()}
        if self.high is not None:
            out.update(minItems=self.low, maxItems=self.high)
        return out


class ChoiceNode(Node):
    """One of OPTIONS, told apart by their JSON type: a text or an object (an elite entry),
    a text or a number (a pack's version)."""

    def __init__(self, *options: Node) -> None:
        self.options = options

    def _kind(self, node: Node) -> type:
        return {TextNode: str, ObjNode: dict, IntNode: int}[type(node)]

    def check(self, value: Any, where: str = "") -> None:
        for node in self.options:
            if type(value) is self._kind(node):
                node.check(value, where)
                return
        kinds = {str: _("a text"), dict: _("an object"), int: _("a whole number")}
        raise Invalid(
            where,
            _("must be {kinds}, not {value!r}").format(
                kinds=_(" or ").join(kinds[self._kind(n)] for n in self.options), value=value
            ),
        )

    def code(self) -> str:
        return f"A({', '.join(n.code() for n in self.options)})"

    def schema(self) -> dict[str, Any]:
        return {"anyOf": [n.schema() for n in self.options]}


class MapNode(Node):
    def __init__(self, keys: Node, inner: Node) -> None:
        self.keys, self.inner = keys, inner

    def check(self, value: Any, where: str = "") -> None:
        if type(value) is not dict:
            raise Invalid(where, _("must be an object"))
        keys, inner = self.keys.check, self.inner.check
        for k, v in value.items():
            try:
                keys(k)
            except Invalid as err:
                raise err.inside(" key", where) from None
            try:
                inner(v)
            except Invalid as err:
                raise err.inside(k, where) from None

    def code(self) -> str:
        return f"M({self.keys.code()}, {self.inner.code()})"

    def schema(self) -> dict[str, Any]:
        return {"type": "object", "propertyNames": self.keys.schema(), "additionalProperties": self.inner.schema()}


class ObjNode(Node):
    def __init__(self, name: str, required: tuple[str, ...] = ()) -> None:
        self.name = name
        self.fields: dict[str, Node] = {}
        self.required = frozenset(required)
        self.semantic = SEMANTIC.get(name, ())

    def check(self, value: Any, where: str = "") -> None:
        if type(value) is not dict:
            raise Invalid(where, _("must be an object"))
        fields = self.fields
        if not self.required <= value.keys():
            for key in fields:  # in the order they are declared: the same first complaint every run
                if key in self.required and key not in value:
                    raise Invalid(key, _("is missing")).inside(where)
        for key, v in value.items():
            node = fields.get(key)
            if node is None:
                raise Invalid(key, _("is not a field of this document")).inside(where)
            try:
                node.check(v)
            except Invalid as err:
                raise err.inside(key, where) from None
        for extra in self.semantic:
            try:
                extra(value)
            except Invalid as err:
                raise err.inside(where) from None

    def code(self) -> str:
        return self.name

    def schema(self) -> dict[str, Any]:
        return {
            "type": "object",
            "properties": {k: n.schema() for k, n in self.fields.items()},
            "required": sorted(self.required),
            "additionalProperties": False,
        }


class ConstNode(Node):
    def __init__(self, value: Any) -> None:
        self.value = value

    def check(self, value: Any, where: str = "") -> None:
        if value != self.value or type(value) is not type(self.value):
            raise Invalid(where, _("must be {value!r}, not {value2!r}").format(value=self.value, value2=value))

    def code(self) -> str:
        return f"C({self.value!r})"

    def schema(self) -> dict[str, Any]:
        return {"const": self.value}


def _upgrades_fit(item: dict[str, Any]) -> None:
    used = sum(up["slots"] for up in item["upgrades"])
    if used > item["slots"]:
        raise Invalid("upgrades", _("fill {used} slots of {slots}").format(used=used, slots=item["slots"]))


def _turn_in_order(fight: dict[str, Any]) -> None:
    turn = fight.get("turn")
    if turn is not None and turn >= max(len(fight["order"]), 1):
        raise Invalid("turn", _("is past the turn order ({count} sides)").format(count=len(fight["order"])))


SEMANTIC = {"Item": (_upgrades_fit,), "Fight": (_turn_in_order,)}


class bringing_in:  # noqa: N801  # used as a function: `with bringing_in():`
    """While a document brought in is judged (an import, a board file, a pack), its names
    refuse what a name given refuses (Zl, Zp, Co as well as Cc, Cf); the campaign's own
    file, written before, keeps them (CLI.md "Reliability")."""

    def __enter__(self) -> None:
        from campaign_cli.run import RUN

        self.before, RUN.bringing_in = RUN.bringing_in, True

    def __exit__(self, *exc: object) -> None:
        from campaign_cli.run import RUN

        RUN.bringing_in = self.before
