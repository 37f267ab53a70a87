"""The lines a search answer says on what it searched beyond the typed words (``/ruling suche``, ``/regel suche``):
the synonym groups of ``data/synonyms.tsv`` whose terms were searched too, and a search cut at its length."""

from __future__ import annotations

from functools import cache

from bot.analysis import Analysis, concept_id
from bot.textsearch import synonyms


@cache
def _synonym_lines() -> tuple[tuple[str, str], ...]:
    """Per synonym group of ``data/synonyms.tsv``, in the file's order: its concept id and the line
    :func:`query_notes` shows when a search used it (made once per process, not on every answer)."""
    return tuple((concept_id("s", group.key), f"Auch gesucht: {', '.join(group.labels[:6])} ({group.source}).")
                 for group in synonyms())


def query_notes(analysis: Analysis | None) -> list[str]:
    """German lines on what a search did beyond the typed words: the synonym groups of ``data/synonyms.tsv``
    whose terms were searched too (``Auch gesucht: manawert, umgewandelte manakosten …``), input cut."""
    if analysis is None:
        return []
    used = set(analysis.concepts)
    lines = [line for concept, line in _synonym_lines() if concept in used]
    if analysis.truncated:
        lines.append("Die Suche war sehr lang; nur der Anfang wurde verwendet.")
    return lines


__all__ = ["query_notes"]
