"""Errors shown to users (German). Kept apart from the answer registry so that any module — the answer
layer, :mod:`bot.offload`, the engines' callers — can raise them without importing ``bot.answers``."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from bot.reply import Action


class UserError(Exception):
    """Bad input from a user. ``title``/``body`` are German and shown as an ephemeral reply
    (:func:`bot.answers.registry.run_answer` turns it into ``Reply.fail(title, body, actions, choices)``).

    ``choices`` are the candidates of a "Meintest du: …" (buttons or a select menu that answer directly);
    ``actions`` are plain buttons under the message that offer no other reading of the input (the rulings that
    mention a card the store lacks: :mod:`bot.answers.mentioned_names`).
    """

    def __init__(self, title: str, body: str = "", choices: list[Action] | None = None,
                 actions: list[Action] | None = None) -> None:
        super().__init__(title)
        self.title = title
        self.body = body
        self.choices = list(choices or [])
        self.actions = list(actions or [])
