"""The console script. Signal handlers go in before anything heavy is imported, so an
interrupt while starting up is one line and exit 130 (143 for SIGTERM), never a traceback."""

from __future__ import annotations

import signal
import sys

from campaign_cli.errors import COMMIT, Interrupted


def _on_signal(signum: int, frame) -> None:
    if COMMIT["started"]:
        return  # the commit has begun: it completes and the command reports success
    raise Interrupted(signum)


def main() -> None:
    for signum in (signal.SIGINT, signal.SIGTERM):
        signal.signal(signum, _on_signal)
    try:
        from campaign_cli.cli.app import main as run

        run()
    except Interrupted as stop:
        sys.stderr.write("interrupted: nothing saved\n")
        sys.exit(128 + stop.signum)
