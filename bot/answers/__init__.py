"""The answer layer: pure Python, no discord import.

Importing this package imports every module in it, which registers their answers, completers and
button actions (see :mod:`bot.answers.registry`): a new module needs no list entry anywhere.
"""

import importlib
import pkgutil

from bot.answers.registry import (
    ACTIONS,
    ANSWERS,
    COMPLETERS,
    AnswerContext,
    UserError,
    answer_key,
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
    "run_action",
    "run_answer",
    "run_completer",
]

for _module in pkgutil.iter_modules(__path__):
    importlib.import_module(f"{__name__}.{_module.name}")
