"""What the library reads from outside the campaign: a file's text, or stdin's for `-`,
and a board or pack file as strict JSON. A front end passes the option that named the
file (`Opt("file")`), so a refusal names it as that front end does."""

from __future__ import annotations

from campaign_cli.errors import N_, Opt, Refused, UsageProblem
from campaign_cli.i18n import _, os_reason

FILE_KINDS = (N_("board"), N_("pack"))  # what read_json reads, as its refusals name it


MAX_INPUT = 256 * 1024 * 1024  # CLI.md "Reliability": an input document past this is refused (exit 2)


def read_text(source: str, option: Opt | None = None) -> str:
    """A file's text, or stdin's for `-`, read with a bound (MAX_INPUT: a regular file's size
    is known first, anything else is read no further than the bound and one byte: a
    device or an endless stream included). Unreadable, closed, not UTF-8 or too large is
    a usage error (exit 2: `bad_file`, `too_large`)."""
    import sys

    try:
        if source == "-":
            if sys.stdin is None:
                raise OSError(9, _("standard input is closed"))
            stream = getattr(sys.stdin, "buffer", None)
            if stream is None:  # a text stream given in place of stdin (the demo's, a test's)
                return _bounded(sys.stdin, None, source, option).decode("utf-8")
            data = _bounded(stream, None, source, option)
        else:
            with open(source, "rb") as fh:
                import os

                info = os.fstat(fh.fileno())
                data = _bounded(fh, info.st_size if _regular(info.st_mode) else None, source, option)
        return data.decode("utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        why = os_reason(exc) if isinstance(exc, OSError) else _("not UTF-8 text")
        text = _("{option}: cannot read {source}: {why}") if option else _("cannot read {source}: {why}")
        named = _("standard input") if source == "-" else source
        raise UsageProblem(text.format(option=option, source=named, why=why), "bad_file") from None


def _regular(mode: int) -> bool:
    import stat

    return stat.S_ISREG(mode)


def _bounded(stream: object, size: int | None, source: str, option: Opt | None) -> bytes:
    """At most MAX_INPUT bytes of STREAM (SIZE: a regular file's, known before reading)."""
    if size is not None and size > MAX_INPUT:
        raise _too_large(source, option)
    chunks, total = [], 0
    read = getattr(stream, "read")  # noqa: B009  # a binary stream
    while True:
        chunk = read(min(1 << 20, MAX_INPUT + 1 - total))
        if not chunk:
            break
        chunks.append(chunk)
        total += len(chunk)
        if total > MAX_INPUT:
            raise _too_large(source, option)
    return b"".join(c.encode("utf-8") if isinstance(c, str) else c for c in chunks)


def _too_large(source: str, option: Opt | None) -> UsageProblem:
    from campaign_cli.i18n import number

    text = (
        _("{option}: {source} is larger than {bound} MiB: refused")
        if option
        else _("{source} is larger than {bound} MiB: refused")
    )
    named = _("standard input") if source == "-" else source
    return UsageProblem(text.format(option=option, source=named, bound=number(MAX_INPUT >> 20)), "too_large")


def read_json(source: str, what: str, option: Opt | None = None) -> object:
    """A board or pack file (or stdin) as strict JSON; JSON that is not valid, or is nested
    too deeply, is refused as a bad WHAT (exit 1, code bad_WHAT)."""
    from campaign_cli.jsontext import Malformed, loads, repeated_key

    text = read_text(source, option)
    try:
        data = loads(text)
        twice = repeated_key(text)
        if twice is not None:  # a reader would keep the last and drop the first without a word
            raise ValueError(_("the key {key!r} stands twice in one object").format(key=twice))
        return data
    except (ValueError, RecursionError) as exc:
        why = _("not valid JSON") if isinstance(exc, Malformed) else str(exc) or _("nested too deeply")
        raise Refused(
            _("bad {what}: {value} is refused ({why})").format(
                what=_(what), value=_("standard input") if source == "-" else source, why=why
            ),
            f"bad_{what}",
        ) from None
