"""The lines a search answer says on what it searched beyond the typed words (``/ruling suche``, ``/regel suche``):
the synonym groups of ``data/synonyms.tsv`` whose terms were searched too, and a search cut at its length."""

from __future__ import annotations

from functools import cache

from bot.analysis import Analysis, concept_id
from bot.answers.markup_notes import long_line
from bot.players_senses import decided
from bot.players_words import reading, typed_so
from bot.reply import quote_user
from bot.text import tokens
from bot.textsearch import synonyms


@cache
def _synonym_lines() -> tuple[tuple[str, str], ...]:
    """Per synonym group of ``data/synonyms.tsv``, in the file's order: its concept id and the line
    :func:`query_notes` shows when a search used it (made once per process, not on every answer)."""
    return tuple((concept_id("s", group.key), f"Auch gesucht: {', '.join(group.labels[:6])} ({group.source}).")
                 for group in synonyms())


def _read(word: str, words: list[str], typed: str) -> tuple[str, ...] | None:
    """The documents' words the search ``typed`` (its tokens ``words``) reads for its token ``word``: its reading or
    the one sense its context decides (:func:`bot.players_senses.decided`), as typed only (:func:`typed_so`: „zählen“
    is not the players' „zahlen“); None for none."""
    return reading(word, typed) or (decided(word, words) if typed_so(word, typed) else None)


def players_reading(typed: str) -> str:
    """The line on the players' words of the search ``typed`` that were searched as the documents' words
    (``data/players_words.tsv``, :func:`bot.players_words.reading`; its first 2 000 characters): „Gelesen als die
    Wörter der Dokumente (Spielersprache): „eot“ als „zugendesegment“.“ (each once, user text escaped); ``""`` for
    none. A search answered through them says how it read the word, as one read through a synonym group does."""
    words = tokens(typed[:2000])  # a word of two senses by the others (bot.players_senses): „eot“ alone, „sb stirbt“
    seen = {w: read for w in words if (read := _read(w.casefold(), words, typed)) is not None and read != (w,)}
    if not seen:
        return ""
    pairs = ", ".join(f"„{quote_user(w, 40)}“ als „{' '.join(read)}“" for w, read in seen.items())
    return f"Gelesen als die Wörter der Dokumente (Spielersprache): {pairs}."


def query_notes(analysis: Analysis | None, typed: str = "") -> list[str]:
    """German lines on what a search did beyond the typed words: the players' words of ``typed`` (the search as
    typed) read as the documents' words (:func:`players_reading`), the synonym groups of ``data/synonyms.tsv``
    whose terms were searched too (``Auch gesucht: manawert, umgewandelte manakosten …``), input cut."""
    if analysis is None:
        return []
    used = set(analysis.concepts)
    lines = [line for line in (players_reading(typed),) if line]
    lines += [line for concept, line in _synonym_lines() if concept in used]
    if analysis.truncated:
        lines.append(long_line("Suche"))
    return lines


__all__ = ["players_reading", "query_notes"]
