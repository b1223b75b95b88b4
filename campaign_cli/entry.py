"""The console script. Signal handlers go in first, before anything else is imported, so
an interrupt while starting up is one line and exit 130 (143 for SIGTERM), never a traceback."""

try:
    import _signal  # the C module: `signal` imports enum, a window long enough to be hit
except ImportError:  # an interpreter without it: `signal` itself, the same handlers
    import signal as _signal

_STATE = {"armed": False, "pending": 0, "done": False, "paused": False}


def _on_signal(signum: int, frame: object) -> None:
    import sys

    if _STATE["done"]:
        return  # the command has finished and said so: the interpreter is only shutting down
    errors = sys.modules.get("campaign_cli.errors")
    commit = getattr(errors, "COMMIT", None)  # None while the module is still being loaded
    if commit is not None and commit.get("answered"):
        return  # the command's answer is being given (cli/door.answered): it is the one line said
    if commit is not None and commit["started"]:
        commit["deferred"] = signum  # the commit has begun: it completes and the command reports success
        return
    if not _STATE["armed"]:  # still starting (pip's wrapper script): main() reports it
        _STATE["pending"] = signum
        return
    raise Interrupted(signum)


_signal.signal(_signal.SIGINT, _on_signal)
_signal.signal(_signal.SIGTERM, _on_signal)

import gc  # noqa: E402
import sys  # noqa: E402  (after the handlers, on purpose)

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing: the start-up path
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any


def _unraisable(hook: "Callable[[Any], object]" = sys.unraisablehook) -> "Callable[[Any], None]":
    """An interrupt that lands where Python cannot raise it (a callback of the import
    machinery) is lost, not printed as a traceback: the command carries on as if it
    had not come, and its own outcome is what it reports."""

    def on_unraisable(unraisable: "Any") -> None:
        if not isinstance(unraisable.exc_value, Interrupted):
            hook(unraisable)

    return on_unraisable


sys.unraisablehook = _unraisable()


class Interrupted(BaseException):
    """SIGINT or SIGTERM before the commit point: nothing is saved (exit 128 + signal)."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum


def _interrupted(exc: BaseException) -> "Interrupted | None":
    """The Interrupted behind EXC: Python wraps an exception raised while a class is being
    built (`__set_name__`, the first ~30 ms of imports) in a RuntimeError."""
    seen = set()
    while exc is not None and id(exc) not in seen:
        if isinstance(exc, Interrupted):
            return exc
        seen.add(id(exc))
        exc = exc.__cause__ or exc.__context__  # type: ignore[assignment]
    return None


def _tab() -> bool:
    """A TAB on a name in bash, answered without Click or Typer (campaign_cli/tab.py);
    False when the full program must answer (and for anything that goes wrong here)."""
    import os

    if os.environ.get("_CAMPAIGN_COMPLETE") != "complete_bash":
        return False
    try:
        from campaign_cli.tab import answer

        said = answer(os.environ)
    except Exception:  # the full program answers, and says what is wrong if anything is
        return False
    if said is None:
        return False
    sys.stdout.write(said)
    sys.stdout.flush()
    return True


def _fast() -> None:
    """A command line answered without Typer (campaign_cli/cli/fast.py): the program exits
    with the command's status; it returns when Typer must answer (a TAB never comes here)."""
    import os

    if "_CAMPAIGN_COMPLETE" in os.environ:
        return  # a TAB: Typer's
    from campaign_cli.cli.fast import answer

    code = answer(sys.argv[1:])
    if code is not None:
        sys.exit(code)


def _resume_collector() -> None:
    """Start-up is over: the command's own work begins. What start-up made (modules,
    classes, functions: Typer's and ours) lives to the end of the process, so it is frozen
    out of the garbage collector's sight, and the collector, paused for start-up, runs
    again for what the command makes (a batch of thousands of lines, a big import)."""
    if _STATE["paused"]:
        _STATE["paused"] = False
        gc.freeze()
        gc.enable()


def main() -> None:
    # Start-up makes only what lives to the end: a collection then finds nothing to free,
    # and walking every object Typer, Click and we made (again at exit) was a tenth of a read
    # (benchmarks/startup.py). Paused here, resumed as the command begins (_resume_collector).
    _STATE["paused"] = gc.isenabled()
    gc.disable()
    try:
        try:
            # armed inside the try: a signal from here on is an Interrupted this function
            # reports (armed before it, one in 36 SIGTERMs to `batch` printed a traceback)
            _STATE["armed"] = True
            if _STATE["pending"]:
                raise Interrupted(_STATE["pending"])
            if _tab():
                return
            from campaign_cli.run import RUN

            RUN.begin = _resume_collector
            _fast()
            from campaign_cli.cli.app import main as run

            run()
        except (Exception, Interrupted) as exc:  # SystemExit (the command's own exit) passes
            stop = _interrupted(exc)
            if stop is None:
                raise
            raise stop from None
    except Interrupted as stop:
        i18n = sys.modules.get("campaign_cli.i18n")  # loaded once the command line was read
        sys.stderr.write((i18n._("interrupted: nothing saved") if i18n else "interrupted: nothing saved") + "\n")
        sys.exit(128 + stop.signum)
    finally:
        _STATE["done"] = True
        if _STATE["paused"]:  # no command began (help, a usage error, a TAB): as it was
            _STATE["paused"] = False
            gc.enable()
        # The answer is given: a signal from now on changes nothing. Ignored at the C level,
        # since Python's shutdown puts its own handlers back to the default (which would
        # kill the process by the signal after a saved change), but leaves SIG_IGN alone.
        _signal.signal(_signal.SIGINT, _signal.SIG_IGN)
        _signal.signal(_signal.SIGTERM, _signal.SIG_IGN)


def console() -> None:
    """The console script (`campaign`, `python -m campaign_cli`): `main`, then the process
    ends as soon as its answer is out. Everything a command writes is closed or flushed by
    then (the campaign file, journal and lock written and closed; standard output flushed
    where a closed pipe is answered), so the interpreter's own shutdown, which frees every
    object one by one (a 4 MB campaign is 500,000 of them) and unloads every module, would
    only cost time: a tenth of a read's instructions (benchmarks/startup.py). A tracer or a
    profiler watching (coverage, cProfile, a debugger) gets the usual shutdown, to report;
    an exception `main` lets through (CAMPAIGN_DEBUG's traceback) too."""
    try:
        main()
    except SystemExit as stop:
        code = stop.code
    else:
        code = 0
    if sys.gettrace() is not None or sys.getprofile() is not None:
        sys.exit(code)
    if code is not None and not isinstance(code, int):  # sys.exit("text"): said, exit 1
        sys.stderr.write(f"{code}\n")
        code = 1
    for stream in (sys.stdout, sys.stderr, sys.__stdout__, sys.__stderr__):  # a pager's stand-in, and the real
        try:
            if stream is not None:
                stream.flush()
        except (OSError, ValueError):  # a closed pipe or stream: what could be said was said
            pass
    import os

    os._exit(code or 0)
