"""What the library reads from outside the campaign: a file's text, or stdin's for `-`,
and a board or pack file as strict JSON. A front end passes the option that named the
file (`Opt("file")`), so a refusal names it as that front end does."""

from __future__ import annotations

from campaign_cli.errors import N_, Opt, Refused, UsageProblem
from campaign_cli.i18n import _, os_reason

FILE_KINDS = (N_("board"), N_("pack"))  # what read_json reads, as its refusals name it


def read_text(source: str, option: Opt | None = None) -> str:
    """A file's text, or stdin's for `-`; unreadable or not UTF-8 is a usage error (exit 2)."""
    import sys

    try:
        return sys.stdin.read() if source == "-" else open(source, encoding="utf-8").read()
    except (OSError, UnicodeDecodeError) as exc:
        why = os_reason(exc) if isinstance(exc, OSError) else _("not UTF-8 text")
        text = _("{option}: cannot read {source}: {why}") if option else _("cannot read {source}: {why}")
        raise UsageProblem(text.format(option=option, source=source, why=why), "bad_file") from None


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
