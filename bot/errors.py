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


#: What a user sees when the store an interaction was using was closed under it (:class:`StoreClosed`).
STORE_CLOSED_TITLE = "Datenbank gewechselt"
STORE_CLOSED_BODY = ("Der Bot hat eben seine Datenbank gewechselt oder fährt gerade herunter; "
                     "bitte erneut versuchen.")


class StoreClosed(UserError):
    """A query on a store that was closed meanwhile (:meth:`bot.store.base.StoreBase.close`: a rebuilt store put in
    its place and the old one closed after :data:`bot.core.RETIRE_WAIT`, or the bot shutting down while an answer
    still ran). Shown as the German :data:`STORE_CLOSED_TITLE` / :data:`STORE_CLOSED_BODY` („bitte erneut
    versuchen“: the next try gets the store in use), instead of ``sqlite3.ProgrammingError: Cannot operate on a
    closed database``."""

    def __init__(self) -> None:
        super().__init__(STORE_CLOSED_TITLE, STORE_CLOSED_BODY)
