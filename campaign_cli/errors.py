"""Domain errors and the exit codes they map to (CLI.md "Exit codes").

Every layer raises these; only the CLI's output module turns them into an
exit status and a message on stderr.
"""

from __future__ import annotations

from enum import IntEnum

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing: this module is on the TAB path
if TYPE_CHECKING:
    from typing import Any

# Set by the store while it commits: from then on a signal no longer stops the command,
# which completes and reports success (CLI.md "Reliability guarantees").
COMMIT = {"started": False}


class ExitStatus(IntEnum):
    OK = 0
    REFUSED = 1  # the rules forbid it, a named thing is missing, a name is taken
    USAGE = 2  # unknown option, malformed value
    FILE = 3  # the campaign file cannot be used


class CampaignError(Exception):
    """Base class: a one-line message for the user plus a stable snake_case code."""

    status = ExitStatus.REFUSED
    code = "refused"

    def __init__(self, message: str, code: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.extra: dict = {}  # more fields for the JSON error object (e.g. suggestions)
        self.path: Any = None  # the file a file problem is about, when it names one
        if code:
            self.code = code

    @property
    def exit_status(self) -> int:
        """The exit code the command line gives for this error (1, 2 or 3)."""
        return int(self.status)


class Refused(CampaignError):
    status = ExitStatus.REFUSED
    code = "refused"


class NotFound(CampaignError):
    status = ExitStatus.REFUSED
    code = "not_found"


class NameTaken(CampaignError):
    status = ExitStatus.REFUSED
    code = "name_taken"


class UsageProblem(CampaignError):
    status = ExitStatus.USAGE
    code = "usage"


class FileProblem(CampaignError):
    status = ExitStatus.FILE
    code = "campaign_file"
