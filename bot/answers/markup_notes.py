"""The searches of ``/regel suche`` and ``/ruling suche`` and the names of ``/mechanik`` and ``/karte`` with Discord
markup taken out and said, as ``/frage`` says it.

A mention, ``@everyone``, a custom emoji or a timestamp in a search names no card and no rule
(:func:`bot.question_reading.without_markup`); ``/frage`` says so („ℹ️ Nicht gelesen: „\\<\\@123\\>“ (Links,
Erwähnungen und Emojis von Discord nennen keine Karte und keine Regel).“, :func:`bot.question_reading.reading_lines`).
:func:`reads_markup` gives each of them that one step: the search without the markup, and the same note above the
answer, also above „Nichts gefunden“ when nothing else was typed (before, the note was missing there and in every
answer of the two searches).
"""

from __future__ import annotations

import functools
import inspect
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

from bot.errors import UserError
from bot.question_reading import markup_note, without_markup
from bot.reply import Reply

F = TypeVar("F", bound=Callable[..., Awaitable[Reply]])


def reads_markup(option: str) -> Callable[[F], F]:
    """Decorate an answer whose text option ``option`` is searched: the answer searches the text without Discord
    markup (when nothing else was typed, the empty text: its own „nothing typed“ error, never a name read from the
    markup itself, „<:fehde:1>“ as the section Fehde) and its
    reply, or the :class:`~bot.errors.UserError` it raises, carries :func:`~bot.question_reading.markup_note` as the
    first line of its first page. The signature (the answer's options, read by :mod:`bot.custom_id`) is kept."""

    def decorate(fn: F) -> F:
        signature = inspect.signature(fn)

        @functools.wraps(fn)
        async def answer(*args: Any, **kwargs: Any) -> Reply:
            bound = signature.bind(*args, **kwargs)
            typed = bound.arguments.get(option)
            note = markup_note(typed) if isinstance(typed, str) else None
            if note is None or not isinstance(typed, str):
                return await fn(*args, **kwargs)
            bound.arguments[option] = without_markup(typed)
            try:
                reply = await fn(*bound.args, **bound.kwargs)
            except UserError as exc:
                raise UserError(exc.title, f"{note}\n{exc.body}", exc.choices, exc.actions) from None
            if reply.pages:
                reply.pages[0].body = f"{note}\n{reply.pages[0].body}"
            return reply

        return answer  # type: ignore[return-value]

    return decorate


__all__ = ["reads_markup"]
