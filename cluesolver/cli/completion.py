"""``cluesolver completion SHELL``: tab completion for bash, zsh, fish (and PowerShell).

Prints the script to load in the shell, or installs it with ``--install``.  The script
calls ``cluesolver`` back with ``_CLUESOLVER_COMPLETE`` set; the root group then answers
with command names, options, and for ``clue add``/``clue why`` the players and cards of
the current session (docs/options.md).
"""

from __future__ import annotations

from typing import Annotated

import typer

from cluesolver.cli.common import console, guarded
from rulesref.core.errors import InputError, Problem

SHELLS = ("bash", "zsh", "fish", "powershell", "pwsh")
PROG = "cluesolver"
COMPLETE_VAR = "_CLUESOLVER_COMPLETE"


@guarded
def completion(
    shell: Annotated[str, typer.Argument(help="bash, zsh, fish or powershell.", show_default=False)],
    install: Annotated[
        bool, typer.Option("--install", help="Add the script to the shell's start-up files instead of printing it.")
    ] = False,
) -> int:
    """Shell completion: print (or install) the script for bash, zsh, fish or PowerShell.

    Commands, options, and the players and cards of the current session complete with Tab.

    Example: eval "$(cluesolver completion bash)"
    """
    from rulesref.core.names import closest

    name = shell.strip().lower()
    if name not in SHELLS:
        raise InputError(Problem(f"unknown shell: {shell!r}", text=shell, choices=closest(name, SHELLS) or SHELLS))
    from typer._completion_classes import completion_init
    from typer._completion_shared import get_completion_script
    from typer._completion_shared import install as install_script

    completion_init()
    if install:
        _, path = install_script(shell=name, prog_name=PROG, complete_var=COMPLETE_VAR)
        console(stderr=True).print(f"{name} completion installed in {path}; open a new shell to use it.")
        return 0
    script = get_completion_script(prog_name=PROG, complete_var=COMPLETE_VAR, shell=name)
    console().file.write(script.strip("\n") + "\n")
    return 0
