"""What TAB puts on the line (CLI.md "Global behaviour"): in bash, a name with spaces,
quotes or `$` arrives as one argument (`Lucky Jack`, `Огненный шар`, `Wizard's Staff`);
in bash, zsh and fish a name is found in any case, ё as е (`la` finds `Lady Brannoc`).

Typer's bash script splices the candidates into COMPREPLY as they are, so bash inserts
`Огненный шар` bare and the line splits in two. Ours passes the word being completed
as the user typed it (COMP_CUR), and each candidate comes back quoted for that word:
inside the double or single quote the user opened, else with backslashes. Loaded only
on a TAB or for `--show-completion` / `--install-completion`.
"""

from __future__ import annotations

import os
from typing import Any

from campaign_cli.cli import framework

# FILES: a candidate list that is this one line (`$'\\x1ffiles'` in the scripts) says the word
# is a file name, which the shell completes. No name can be it: names refuse control characters.
from campaign_cli.cli.complete import FILES
from campaign_cli.tab import candidates

BASH_SCRIPT = """
%(complete_func)s() {
    local IFS=$'\\n'
    COMPREPLY=( $( env COMP_WORDS="${COMP_WORDS[*]}" \\
                   COMP_CWORD=$COMP_CWORD \\
                   COMP_CUR="${COMP_WORDS[COMP_CWORD]}" \\
                   %(autocomplete_var)s=complete_bash $1 ) )
    if [[ ${COMPREPLY[0]} == $'\\x1ffiles' ]]; then
        COMPREPLY=()
        compopt -o default
    fi
    return 0
}

complete -F %(complete_func)s %(prog_name)s
"""


# zsh: the candidates one a line, added with `compadd -U` (zsh would otherwise keep only
# those that start with the typed word as typed, so `la` never finds `Lady Brannoc`);
# zsh quotes each for the line itself. The words are joined with spaces before IFS
# becomes a newline (joined with newlines, an empty last word was lost and the word
# before it completed again). File names only where the command takes a file (the
# first line says so). Installed as `_campaign` in $fpath, the file is autoloaded by the
# first TAB: it then completes that TAB itself (else the first TAB of a new zsh did
# nothing); sourced, it registers itself, loading compinit if the shell has not.
ZSH_SCRIPT = """
#compdef %(prog_name)s

%(complete_func)s() {
  local -a found
  local typed="${words[1,$CURRENT]}"
  local IFS=$'\\n'
  found=( $(env _TYPER_COMPLETE_ARGS="$typed" %(autocomplete_var)s=complete_zsh %(prog_name)s) )
  if [[ ${found[1]} == $'\\x1ffiles' ]]; then
    _files
  elif (( ${#found} )); then
    compadd -U -- "${found[@]}"
  fi
}

if [[ ${zsh_eval_context[-1]} == loadautofunc ]]; then
  %(complete_func)s "$@"
else
  if (( ! $+functions[compdef] )); then
    autoload -Uz compinit && compinit -u
  fi
  compdef %(complete_func)s %(prog_name)s
fi
"""


BashComplete, ZshComplete, FishComplete = framework.completion_classes()


class Matching:
    """Candidates matched as names are compared (any case, ё as е), not only those that
    start with the typed text as typed (Typer's rule: `р` would never find `Рапира`). A
    word that is a file name comes back as the one FILES candidate."""

    def get_completions(self, args: list[str], incomplete: str) -> list[Any]:
        from campaign_cli.cli import complete

        if incomplete.startswith("-"):  # options: Click's own matching
            offered: list[Any] = super().get_completions(args, incomplete)  # type: ignore[misc]
            return offered
        complete.TYPED = incomplete  # what our name completions match, in any case, ё as е
        try:
            return self._names(args, incomplete)
        finally:
            complete.TYPED = ""  # nothing is left for the next completion (a test's, in-process) to match

    def _names(self, args: list[str], incomplete: str) -> list[Any]:
        from campaign_cli.cli import complete

        values = candidates(args, incomplete)  # the words as the fast path of a TAB reads them (tab.py):
        if values is not None:  # Click's resilient parse drops the arguments before `--opt`
            return [framework.completion_item(v) for v in values]
        found: list[Any] = super().get_completions(args, "")  # type: ignore[misc]
        if any(c.type in ("file", "dir") or c.value == FILES for c in found):
            return [framework.completion_item(FILES)]
        kept = set(complete.matching([str(c.value) for c in found], incomplete))
        return [c for c in found if str(c.value) in kept]


class QuotingBash(Matching, BashComplete):  # type: ignore[misc,valid-type]
    """Typer's bash completion, with each candidate quoted for the word being completed,
    and matched in any case."""

    source_template = BASH_SCRIPT

    def format_completion(self, item: Any) -> str:
        from campaign_cli.cli.complete import quote_for

        if item.value == FILES:
            return FILES
        return quote_for(os.environ.get("COMP_CUR", ""), str(item.value))


class PlainZsh(Matching, ZshComplete):  # type: ignore[misc,valid-type]
    """zsh: the candidates matched in any case, one a line, for ZSH_SCRIPT's compadd."""

    source_template = ZSH_SCRIPT

    def complete(self) -> str:
        args, incomplete = self.get_completion_args()
        return "\n".join(str(item.value) for item in self.get_completions(args, incomplete))


class MatchingFish(Matching, FishComplete):  # type: ignore[misc,valid-type]
    """fish: Typer's script and answer, the candidates matched in any case (fish itself
    then matches a word in any case). fish keeps no candidate that differs from the word
    beyond case, so where the user typed е for ё the candidate is offered with е in its
    own case (`Еж` for `Ёж`, typed `еж`: the name it finds, names being compared with ё as
    е). fish offers file names only where the command takes a file: Typer's script asks
    (`is-args`) and completes files whenever no candidate came back."""

    def get_completions(self, args: list[str], incomplete: str) -> list[Any]:
        found = super().get_completions(args, incomplete)
        for item in found:
            value = str(item.value)
            head = "".join(
                ("Е" if c == "Ё" else "е") if c in "ёЁ" and t in "еЕ" else c
                for c, t in zip(value[: len(incomplete)], incomplete)
            )
            item.value = head + value[len(head) :]
        return found

    def complete(self) -> str:
        if os.environ.get("_TYPER_COMPLETE_FISH_ACTION") == "is-args":
            args, incomplete = self.get_completion_args()
            found = self.get_completions(args, incomplete)
            raise SystemExit(1 if [str(c.value) for c in found] == [FILES] else 0)
        done: str = super().complete()
        return done


def register() -> None:
    """Our shell classes for a TAB, our scripts for --show-completion and --install-completion."""
    framework.register_shells(
        {"bash": QuotingBash, "zsh": PlainZsh, "fish": MatchingFish}, {"bash": BASH_SCRIPT, "zsh": ZSH_SCRIPT}
    )
