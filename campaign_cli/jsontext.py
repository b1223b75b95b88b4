"""JSON text, in and out: the campaign file, the journal, imports, and what the tool hands
to people and other programs (`--json`, `--jsonl`, errors, exports).

Built on `_json`, the C scanner and encoder under the standard library's `json`, without
importing `json` itself (it compiles regular expressions and loads four modules: measured
by benchmarks/startup.py); where `_json` is missing, `json`'s own make the same text. Only
a text that fails to parse loads `json`, to say what is wrong as `json` says it.

`shown` is JSON for people: every control and format character (Unicode Cc, Cf: ESC, the
C1 controls such as U+0085 and U+009B, bidi overrides such as U+202E, zero-width marks) is
escaped as `\\uXXXX`, wherever it came from, so no terminal, pager or log obeys one. The
encoder escapes only U+0000..U+001F; `shown` escapes the rest. Such a character can only
stand inside a JSON string, so escaping it keeps the text valid JSON that decodes to the
same data.
"""

from __future__ import annotations

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing: this module is on the TAB path
if TYPE_CHECKING:
    from typing import Any

MAX_DEPTH = 64  # JSON nested deeper than this is not a campaign (nor an import, board or pack)


class Malformed(ValueError):
    """The text is not JSON; the message says where, as `json` says it."""


class _Strict:
    """What the C scanner reads off its `json.JSONDecoder`: no NaN or Infinity."""

    strict = True
    object_hook = None
    object_pairs_hook = None
    parse_float = float
    parse_int = int

    @staticmethod
    def parse_constant(name: str) -> Any:
        raise ValueError(f"{name} is not a number JSON allows")


try:  # CPython's C scanner and encoder (the start-up cost: benchmarks/startup.py)
    import _json

    _string = _json.encode_basestring
    _scan = _json.make_scanner(_Strict())  # type: ignore[arg-type]  # reads only these attributes

    def _encoder(default: Any, key: str, item: str, sort_keys: bool) -> Any:
        # markers, default, strings, indent, separators, sort, skipkeys, allow_nan
        return _json.make_encoder({}, default, _string, None, key, item, sort_keys, False, True)

except ImportError:  # an interpreter without them: `json`'s own, the same text
    import json

    _string = json.encoder.encode_basestring
    _scan = json.JSONDecoder(parse_constant=_Strict.parse_constant).scan_once  # type: ignore[attr-defined]

    def _encoder(default: Any, key: str, item: str, sort_keys: bool) -> Any:
        made = json.JSONEncoder(ensure_ascii=False, sort_keys=sort_keys, separators=(item, key), default=default)
        return lambda data, _level: made.iterencode(data)


_SPACE = " \t\n\r"


def loads(text: str | bytes, trusted: bool = False) -> Any:
    """Strict JSON: no NaN or Infinity (ValueError), text that is not JSON (Malformed),
    bytes in UTF-8 (a byte-order mark allowed; UnicodeDecodeError otherwise). Nesting
    deeper than MAX_DEPTH levels raises RecursionError before the scanner runs (`depth`),
    unless TRUSTED: bytes this program's own writer wrote and vouched for (store.campaign
    `vouched`), which were judged within the bound (the count was 40% of a 4 MB read)."""
    raw = text if isinstance(text, bytes) else None
    if isinstance(text, bytes):
        text = text.decode()  # UTF-8 (built in: "utf-8-sig" would import its codec on every read)
        if text.startswith("\ufeff"):
            text = text[1:]
    start = len(text) - len(text.lstrip(_SPACE))
    if not trusted and text.count("[") + text.count("{") > MAX_DEPTH and depth(raw or text.encode()) > MAX_DEPTH:
        raise RecursionError(f"JSON nested deeper than {MAX_DEPTH} levels")
    try:
        data, end = _scan(text, start)
    except ValueError as exc:
        if type(exc).__name__ != "JSONDecodeError":
            raise  # NaN or Infinity; a number longer than int() takes
        _say_why(text)
    except (StopIteration, SystemError):  # no value here; (3.11) the scanner could not raise json's error
        _say_why(text)
    if text[end:].strip(_SPACE):
        _say_why(text)
    return data


_ESCAPES = (b"\\\\", b"\\\"")  # an escaped backslash, then an escaped quote: neither ends a string
_BRACKETS = bytes.maketrans(b"[{]}", b"(())")
_NOT_BRACKETS = bytes(b for b in range(256) if b not in b"[{]}")


def depth(data: bytes, most: int = MAX_DEPTH) -> int:
    """How deep JSON DATA nests, counted to MOST + 1 at the most, by bytes alone (C loops,
    no recursion, no frame): strings are taken out (a quote that follows an odd run of
    backslashes does not end one), then the brackets left are paired from the inside out,
    one level a pass. Text that is not JSON gets some count; the scanner refuses it after."""
    for escape in _ESCAPES:
        data = data.replace(escape, b"")
    outside = b"".join(data.split(b'"')[::2])
    brackets = outside.translate(_BRACKETS, _NOT_BRACKETS)
    level = 0
    while brackets and level <= most:
        paired = brackets.replace(b"()", b"")
        if len(paired) == len(brackets):
            break  # unpaired brackets only: not JSON, and no deeper than what was paired
        brackets, level = paired, level + 1
    return level


def repeated_key(text: str | bytes) -> str | None:
    """The first key that stands twice in one object of TEXT, or None. JSON readers keep the
    last and drop the first without a word (`"1": {Ajax}, "1": {Bob}` reads as Bob alone),
    so a document brought in or a campaign file no writer vouched for is read once more for
    this: every file that crosses in (CLI.md "Reliability guarantees"). Loads `json`."""
    import json

    found: list[str] = []

    def pairs(items: list[tuple[str, Any]]) -> None:  # the values are not kept: only keys matter
        if not found:
            keys = [k for k, _v in items]
            if len(keys) != len(set(keys)):
                found.append(next(k for k in keys if keys.count(k) > 1))

    try:
        json.loads(text, object_pairs_hook=pairs)
    except (ValueError, RecursionError):
        pass  # the strict reader already answered for these bytes
    return found[0] if found else None


def _say_why(text: str) -> None:
    import json

    try:
        json.loads(text, parse_constant=_Strict.parse_constant)
    except json.JSONDecodeError as exc:
        raise Malformed(str(exc)) from None
    raise Malformed("not JSON")  # the scanner refused what json accepts: never seen, refused all the same


class Encoded:
    """A JSON string kept as it stands in a file: BODY, the UTF-8 bytes between its quotes,
    escapes and all. It is decoded only when its text is asked for (once), so a command
    that never looks into a large string (the catalog packs, layout.py) neither decodes
    nor re-encodes it: the campaign file writer copies BODY back as it is. Written by
    `dumps` as its text; SEALED: the file's digest vouched for these very bytes."""

    __slots__ = ("_text", "body", "sealed")

    def __init__(self, body: bytes, sealed: bool = False) -> None:
        self.body, self.sealed = body, sealed
        self._text: str | None = None

    @property
    def text(self) -> str:
        if self._text is None:
            text = loads(b'"' + self.body + b'"')
            if type(text) is not str:
                raise Malformed("not a JSON string")
            self._text = text
        return self._text


def string_body(text: str) -> bytes:
    """TEXT as the bytes between the quotes of its JSON string, as `dumps` writes it."""
    return _string(text)[1:-1].encode("utf-8", "surrogatepass")


def _refuse(value: Any) -> Any:
    if type(value) is Encoded:
        return value.text
    raise TypeError(f"Object of type {type(value).__name__} is not JSON serializable")


def dumps(
    data: Any,
    *,
    indent: int | None = None,
    separators: tuple[str, str] = (", ", ": "),
    sort_keys: bool = False,
    default: Any = None,
) -> str:
    """DATA as JSON text, non-ASCII characters as they are. Without INDENT: on one line,
    by the C encoder, with SEPARATORS (item, key) as `json.dumps` takes them. With INDENT:
    one item a line, INDENT spaces a level, `json.dumps(..., indent=INDENT)`'s text."""
    if indent is None:
        item, key = separators
        return "".join(_encoder(default or _refuse, key, item, sort_keys)(data, 0))
    out: list[str] = []
    _indented(data, " " * indent, "\n", out, sort_keys, default or _refuse)
    return "".join(out)


def copied(data: Any) -> Any:
    """DATA as plain JSON data, a copy nothing else holds (tuples become lists). Its own
    text is trusted: data held in memory nests no deeper than what was read to make it."""
    return loads(dumps(data, separators=(",", ":")), trusted=True)


_INFINITY = float("inf")


def _number(value: float) -> str:
    if value != value:
        return "NaN"
    if value == _INFINITY:
        return "Infinity"
    if value == -_INFINITY:
        return "-Infinity"
    return float.__repr__(value)


def _key(key: Any) -> str:
    if isinstance(key, str):
        return key
    if isinstance(key, float):
        return _number(key)
    if key is True:
        return "true"
    if key is False:
        return "false"
    if key is None:
        return "null"
    if isinstance(key, int):
        return int.__repr__(key)
    raise TypeError(f"keys must be str, int, float, bool or None, not {type(key).__name__}")


# A scalar's text by its exact type: most values are these, written without a call of
# _indented each (a subclass, such as a StrEnum, takes the longer way).
_SCALAR: dict[type, Any] = {
    str: _string,
    int: int.__repr__,
    float: _number,
    bool: lambda value: "true" if value else "false",
    type(None): lambda _value: "null",
}


def _indented(value: Any, step: str, line: str, out: list[str], sort_keys: bool, default: Any) -> None:
    """VALUE's text onto OUT, each item on its own LINE (a newline and the current indent)."""
    scalar = _SCALAR.get(type(value))
    if scalar is not None:
        out.append(scalar(value))
    elif isinstance(value, dict):
        if not value:
            out.append("{}")
            return
        inner = line + step
        opening = "{" + inner
        for k, v in sorted(value.items()) if sort_keys else value.items():
            scalar = _SCALAR.get(type(v))
            if scalar is not None:
                out.append(f"{opening}{_string(k if type(k) is str else _key(k))}: {scalar(v)}")
            else:
                out.append(f"{opening}{_string(k if type(k) is str else _key(k))}: ")
                _indented(v, step, inner, out, sort_keys, default)
            opening = "," + inner
        out.append(line + "}")
    elif isinstance(value, (list, tuple)):
        if not value:
            out.append("[]")
            return
        inner = line + step
        opening = "[" + inner
        for v in value:
            scalar = _SCALAR.get(type(v))
            if scalar is not None:
                out.append(opening + scalar(v))
            else:
                out.append(opening)
                _indented(v, step, inner, out, sort_keys, default)
            opening = "," + inner
        out.append(line + "]")
    elif isinstance(value, str):
        out.append(_string(value))
    elif isinstance(value, int):  # bool is in _SCALAR
        out.append(int.__repr__(value))
    elif isinstance(value, float):
        out.append(_number(value))
    else:
        _indented(default(value), step, line, out, sort_keys, default)


# Unicode 15's Cc beyond what the encoder escapes, and its Cf, as ranges (no table built at
# start-up; compiled on the first text that is not plain ASCII).
UNSAFE_TEXT = (
    "[\x7f-\x9f\xad\u0600-\u0605\u061c\u06dd\u070f\u0890\u0891\u08e2\u180e\u200b-\u200f\u202a-\u202e"
    "\u2060-\u2064\u2066-\u206f\ufeff\ufff9-\ufffb\U000110bd\U000110cd\U00013430-\U0001343f"
    "\U0001bca0-\U0001bca3\U0001d173-\U0001d17a\U000e0001\U000e0020-\U000e007f"
    "\u2028\u2029\ue000-\uf8ff\U000f0000-\U0010ffff]"  # separators and private use: an older file's, shown escaped
)


def _escaped(match: Any) -> str:
    code = ord(match.group())
    if code < 0x10000:
        return f"\\u{code:04x}"
    code -= 0x10000
    return f"\\u{0xD800 + (code >> 10):04x}\\u{0xDC00 + (code & 0x3FF):04x}"


def shown(data: Any, **options: Any) -> str:
    """`dumps(data, **options)` for people: with every Cc/Cf character escaped."""
    text = dumps(data, **options)
    if text.isascii() and "\x7f" not in text:
        return text  # U+0000..U+001F are escaped already; nothing else here can be unsafe
    import re

    return re.sub(UNSAFE_TEXT, _escaped, text)
