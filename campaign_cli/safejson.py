"""JSON as the tool hands it to people and other programs (`--json`, `--jsonl`, errors,
exports): UTF-8 text in which every control and format character (Unicode Cc, Cf: ESC,
the C1 controls such as U+0085 and U+009B, bidi overrides such as U+202E, zero-width
marks) is escaped as `\\uXXXX`, wherever it came from, so no terminal, pager or log
obeys one. `json.dumps` escapes only U+0000..U+001F; this escapes the rest. Such a
character can only stand inside a JSON string, so escaping it keeps the text valid JSON
that decodes to the same data."""

from __future__ import annotations

import json
import re
from typing import Any

# Unicode 15's Cc beyond what json escapes, and its Cf, as ranges (no table built at start-up;
# compiled on the first text that is not plain ASCII).
UNSAFE_TEXT = (
    "[\x7f-\x9f\xad\u0600-\u0605\u061c\u06dd\u070f\u0890\u0891\u08e2\u180e\u200b-\u200f\u202a-\u202e"
    "\u2060-\u2064\u2066-\u206f\ufeff\ufff9-\ufffb\U000110bd\U000110cd\U00013430-\U0001343f"
    "\U0001bca0-\U0001bca3\U0001d173-\U0001d17a\U000e0001\U000e0020-\U000e007f]"
)


def _escaped(match: re.Match[str]) -> str:
    code = ord(match.group())
    if code < 0x10000:
        return f"\\u{code:04x}"
    code -= 0x10000
    return f"\\u{0xD800 + (code >> 10):04x}\\u{0xDC00 + (code & 0x3FF):04x}"


def dumps(data: Any, **options: Any) -> str:
    """`json.dumps(data, ensure_ascii=False, **options)` with every Cc/Cf character escaped."""
    text = json.dumps(data, ensure_ascii=False, **options)
    if text.isascii() and "\x7f" not in text:
        return text  # json escaped U+0000..U+001F already; nothing else here can be unsafe
    return re.sub(UNSAFE_TEXT, _escaped, text)
