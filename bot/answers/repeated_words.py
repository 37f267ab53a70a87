"""A search that repeats its words read with each repeat once: ``/regel suche: trampelschaden trampelschaden …``.

A word (or a group of words) typed again right after itself says nothing more than typed once — a stuck key, a text
pasted twice — but counted as more words it took a search out of the one-term reading: „trampelschaden“ alone is
the term Trampelschaden (702.19), three times it was a sentence of three content words, which no rule of the documents
matched („Nichts gefunden“). :func:`once_each` gives the search with each run of repeats read once and the repeated
pieces, for the line that says so (:func:`repeated_line`).
"""

from __future__ import annotations

from collections.abc import Awaitable

from bot.answers.registry import UserError
from bot.reply import Reply, quote_user

#: Longest group of words read as one repeated piece („kampfschaden auf den stapel“ pasted twice is four words).
MAX_UNIT = 6
#: Passes over the words: a repeat inside a repeated group („a a b a a b“) is read once in the next pass.
MAX_PASSES = 3
#: Most repeated pieces named in the line (:func:`repeated_line`).
NAMED = 3
#: Characters around a word that do not make it another word („Trampelschaden,“ is „Trampelschaden“ again).
_AROUND = ".,;:!?\"'„“”‚‘’»«()[]*_~`|"


def _key(word: str) -> str:
    """What ``word`` is when compared with its neighbours: without :data:`_AROUND`, in any case."""
    return word.strip(_AROUND).casefold()


def _pass(words: list[str]) -> tuple[list[str], list[str]]:
    """One pass of :func:`once_each`: ``words`` with each run of a group of at most :data:`MAX_UNIT` words repeated
    right after itself kept once (the shortest group first), and the groups so kept, each joined by a space
    without the punctuation around its words."""
    keys = [_key(w) for w in words]
    out: list[str] = []
    said: list[str] = []
    i = 0
    while i < len(words):
        for size in range(1, MAX_UNIT + 1):
            unit = keys[i : i + size]
            if i + 2 * size > len(words) or keys[i + size : i + 2 * size] != unit or not any(unit):
                continue
            end = i + 2 * size
            while keys[end : end + size] == unit:
                end += size
            out += words[i : i + size]
            said.append(" ".join(w.strip(_AROUND) for w in words[i : i + size]))
            i = end
            break
        else:
            out.append(words[i])
            i += 1
    return out, said


def once_each(text: str) -> tuple[str, list[str]] | None:
    """``text`` with each word or group of words (up to :data:`MAX_UNIT`) typed again right after itself read once,
    words compared without the punctuation around them and in any case (:data:`_AROUND`), and the pieces read so
    (without that punctuation), each once in any case, in order:
    ``"trampelschaden trampelschaden trampelschaden"`` → ``("trampelschaden", ["trampelschaden"])``,
    ``"kampfschaden stapel kampfschaden stapel"`` → ``("kampfschaden stapel", ["kampfschaden stapel"])``; None
    when no word repeats so (``"Schaden durch Schaden"``: not right after itself). The words kept are joined by
    single spaces. Linear in the words for any input (:data:`MAX_UNIT` sizes, :data:`MAX_PASSES` passes)."""
    words = text.split()
    said: dict[str, str] = {}  # each piece once, in any case: the first spelling kept
    for _ in range(MAX_PASSES):
        words, found = _pass(words)
        if not found:
            break
        for piece in found:
            said.setdefault(piece.casefold(), piece)
    return (" ".join(words), list(said.values())) if said else None


def repeated_line(said: list[str]) -> str:
    """The German line over an answer read by :func:`once_each`: „ℹ️ Wiederholt getippt, einmal gelesen:
    „trampelschaden“.“ (at most :data:`NAMED` pieces named, each escaped and cut to 40 characters, „…“ for more)."""
    named = ", ".join(f"„{quote_user(s, 40)}“" for s in said[:NAMED]) + (" …" if len(said) > NAMED else "")
    return f"ℹ️ Wiederholt getippt, einmal gelesen: {named}."


async def said_first(line: str, answer: Awaitable[Reply]) -> Reply:
    """The reply ``answer`` gives with ``line`` (:func:`repeated_line`) first on its first page, or first in the
    body of the :class:`~bot.answers.registry.UserError` it raises (then raised again).

    Raises:
        UserError: what ``answer`` raises, ``line`` first in its body.
    """
    try:
        reply = await answer
    except UserError as exc:
        raise UserError(exc.title, f"{line}\n{exc.body}", exc.choices, exc.actions) from None
    if reply.pages:
        reply.pages[0].body = f"{line}\n{reply.pages[0].body}"
    return reply


__all__ = ["MAX_UNIT", "once_each", "repeated_line", "said_first"]
