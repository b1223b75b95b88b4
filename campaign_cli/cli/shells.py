"""What TAB puts on the line (CLI.md "Global behaviour"): in bash, a name with spaces,
quotes or `$` arrives as one argument (`Lucky Jack`, `Огненный шар`, `Wizard's Staff`).

Typer's bash script splices the candidates into COMPREPLY as they are, so bash inserts
`Огненный шар` bare and the line splits in two. Ours passes the word being completed
as the user typed it (COMP_CUR), and each candidate comes back quoted for that word:
inside the double or single quote the user opened, else with backslashes. Loaded only
on a TAB or for `--show-completion` / `--install-completion`.
"""

from __future__ import annotations

import os

from typer._completion_classes import BashComplete
from typer._completion_shared import _completion_scripts

BASH_SCRIPT = """
%(complete_func)s() {
    local IFS=$'\\n'
    COMPREPLY=( $( env COMP_WORDS="${COMP_WORDS[*]}" \\
                   COMP_CWORD=$COMP_CWORD \\
                   COMP_CUR="${COMP_WORDS[COMP_CWORD]}" \\
                   %(autocomplete_var)s=complete_bash $1 ) )
    return 0
}

complete -o default -F %(complete_func)s %(prog_name)s
"""


class QuotingBash(BashComplete):
    """Typer's bash completion, with each candidate quoted for the word being completed,
    and matched in any case (Typer keeps only candidates that start with the typed text
    as typed, so `р` would never find `Рапира`)."""

    source_template = BASH_SCRIPT

    def get_completions(self, args, incomplete):
        from campaign_cli.cli import complete

        if incomplete.startswith("-"):  # options: Click's own matching
            return super().get_completions(args, incomplete)
        complete.TYPED = incomplete  # what our name completions match, in any case, ё as е
        found = super().get_completions(args, "")
        kept = set(complete.matching([str(c.value) for c in found], incomplete))
        return [c for c in found if str(c.value) in kept]

    def format_completion(self, item) -> str:
        from campaign_cli.cli.complete import quote_for

        return quote_for(os.environ.get("COMP_CUR", ""), str(item.value))


def register() -> None:
    """Our bash class for a TAB, our script for --show-completion and --install-completion."""
    from typer._click.shell_completion import add_completion_class
    from typer._completion_classes import completion_init

    completion_init()
    add_completion_class(QuotingBash, "bash")
    _completion_scripts["bash"] = BASH_SCRIPT
