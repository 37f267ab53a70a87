"""The searches of ``/regel suche`` and ``/ruling suche`` and the names of ``/mechanik``, ``/karte`` and ``/ruling
karte`` with Discord markup taken out and said, as ``/frage`` says it; a search cut at the length limit said too
(:func:`notes_cut`).

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

from bot.answers.registry import MAX_TEXT
from bot.errors import UserError
from bot.question_reading import markup_note, without_markup
from bot.reply import Reply, without_emoji

#: Every text option is cut to this many characters (:func:`bot.answers.registry.normalise_options`).
CUT_AT = MAX_TEXT
#: The typed texts an answer may read only the beginning of, as :func:`long_line` names them.
READ_TEXTS = {"Suche": "Die Suche", "Frage": "Die Frage", "Name": "Der Name"}


def long_line(what: str) -> str:
    """The one note every answer gives when it read only the beginning of a typed text ``what`` (a key of
    :data:`READ_TEXTS`): ``"Die Suche war sehr lang; nur der Anfang wurde verwendet."`` — a search cut at the length
    limit (:func:`notes_cut`) or read up to its most tokens (:func:`bot.answers.query_notes.query_notes`), a question
    (``/frage``), a name (``/mechanik``: :func:`notes_read_to`).

    Raises:
        KeyError: ``what`` is no key of :data:`READ_TEXTS` (a programming error).
    """
    return f"{READ_TEXTS[what]} war sehr lang; nur der Anfang wurde verwendet."


#: The line said above an answer whose search was cut (as ``/frage`` and ``/ruling suche`` say it).
CUT_LINE = f"ℹ️ {long_line('Suche')}"

F = TypeVar("F", bound=Callable[..., Awaitable[Reply]])


def _noting(options: tuple[str, ...], reading: Callable[[str], tuple[str, str] | None]) -> Callable[[F], F]:
    """Decorate an answer so that each of its text options ``options`` is answered as ``reading`` reads it:
    ``reading(typed)`` gives ``(text to answer, line to say)`` or None (the option as typed); the line (of several
    options read, ``reading`` of their typed texts together: one line naming what each held) is the first of the
    reply's first page, or of the :class:`~bot.errors.UserError` it raises. The signature (the answer's options,
    read by :mod:`bot.custom_id`) is kept."""

    def decorate(fn: F) -> F:
        signature = inspect.signature(fn)

        @functools.wraps(fn)
        async def answer(*args: Any, **kwargs: Any) -> Reply:
            bound = signature.bind(*args, **kwargs)
            typed: list[str] = []  # the options' texts as typed, of those read otherwise
            said = ""
            for option in options:
                text = bound.arguments.get(option)
                read = reading(text) if isinstance(text, str) else None
                if read is not None:
                    bound.arguments[option], said = read
                    typed.append(str(text))
            if not typed:
                return await fn(*args, **kwargs)
            if len(typed) > 1:  # one line for all: „Nicht gelesen: „<:x:1>“, „<#5>““
                said = (reading(" ".join(typed)) or ("", said))[1]
            try:
                reply = await fn(*bound.args, **bound.kwargs)
            except UserError as exc:
                raise UserError(exc.title, f"{said}\n{exc.body}", exc.choices, exc.actions) from None
            if reply.pages:
                reply.pages[0].body = f"{said}\n{reply.pages[0].body}"
            return reply

        return answer  # type: ignore[return-value]

    return decorate


def _without_markup(typed: str) -> tuple[str, str] | None:
    text, emoji = without_emoji(typed)
    note = markup_note(text, emoji)
    return None if note is None else (without_markup(text), note)


def reads_markup(*options: str) -> Callable[[F], F]:
    """Decorate an answer whose text options ``options`` are searched or name a card: the answer reads each without
    Discord markup (when nothing else was typed, the empty text: its own „nothing typed“ error, never a name read
    from the markup itself, „<:fehde:1>“ as the section Fehde) and its reply, or the :class:`~bot.errors.UserError`
    it raises, carries :func:`~bot.question_reading.markup_note` as the first line of its first page (one line
    naming the markup of every option). The signature (the answer's options, read by :mod:`bot.custom_id`) is
    kept."""
    return _noting(options, _without_markup)


def cut_search(text: str) -> str | None:
    """``text`` without the piece the cut at :data:`CUT_AT` characters made of its last word („… 702.19 7“ →
    „… 702.19“: the fragment „7“ is never searched), when ``text`` is that long (it was cut, or typed as long as
    Discord allows); None for a shorter text."""
    if len(text) < CUT_AT:
        return None
    head, _space, _piece = text.rstrip().rpartition(" ")
    return head.rstrip() if head.strip() else text


def _cut(typed: str) -> tuple[str, str] | None:
    kept = cut_search(typed)
    return None if kept is None else (kept, CUT_LINE)


def notes_cut(option: str) -> Callable[[F], F]:
    """Decorate an answer whose text option ``option`` is searched: a text cut at the length limit is searched
    without the fragment the cut made (:func:`cut_search`), and the reply, or the :class:`~bot.errors.UserError` it
    raises, says so first (:data:`CUT_LINE`). The signature is kept."""
    return _noting((option,), _cut)


def notes_read_to(option: str, limit: int, what: str) -> Callable[[F], F]:
    """Decorate an answer that reads only the first ``limit`` characters of its text option ``option`` (``/mechanik``'s
    name): a longer text is answered by those characters, and the reply, or the :class:`~bot.errors.UserError` it
    raises, says so first (:func:`long_line` of ``what``, as ``/frage``, ``/regel`` and ``/ruling`` say it). The
    signature is kept."""
    line = f"ℹ️ {long_line(what)}"
    return _noting((option,), lambda typed: (typed[:limit], line) if len(typed.strip()) > limit else None)


__all__ = ["CUT_AT", "CUT_LINE", "READ_TEXTS", "cut_search", "long_line", "notes_cut", "notes_read_to",
           "reads_markup", "without_emoji"]
