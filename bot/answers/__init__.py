"""The answer layer: pure Python, no discord import.

A module registers its answers, completers and button actions when it is imported (see
:mod:`bot.answers.registry`): the command table imports the module of a command at its first use, and
:func:`load_all` every module (the doors that stay up, at start); a new module needs no list entry anywhere.
Importing this package imports none of them.
"""

from bot.answers.registry import (
    ACTIONS,
    ANSWERS,
    COMPLETERS,
    AnswerContext,
    UserError,
    answer_key,
    load_all,
    run_action,
    run_answer,
    run_completer,
)

__all__ = [
    "ACTIONS",
    "ANSWERS",
    "COMPLETERS",
    "AnswerContext",
    "UserError",
    "answer_key",
    "load_all",
    "run_action",
    "run_answer",
    "run_completer",
]
