"""The answer layer: pure Python, no discord import.

Importing this package registers every answer module (see :mod:`bot.answers.registry`).
Add a module here when you add one.
"""

from bot.answers import cards, chat, clash, mana, mechanics, meta, official, rules, rulings  # noqa: F401  (registers answers)
from bot.answers.registry import (
    ACTIONS,
    ANSWERS,
    COMPLETERS,
    AnswerContext,
    UserError,
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
    "run_action",
    "run_answer",
    "run_completer",
]
