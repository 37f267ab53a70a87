"""Card names inside a document's text: the words of a card's name name no concept there.

001's rulings of „Auge des Sturms“ say „vom Auge des Sturms“ and nothing of Storm (702.40); 001's „Verbunden im
Schmerz“ is no Banding, „Samen der Stärke“ no power. The passage step gives the analyser the store's card names
(:class:`bot.analysis.Analyser`'s ``card_names``); a document's text (a passage's title or text, never a question)
then finds no concept on the words of a card's name (:func:`covered`), wherever it stands: the passage's own
card's name in its title and text, or another card's name in its text („zum Beispiel durch Auge des Sturms“). A
name that is itself a concept's name (an English card „Flash“, the keyword Flash) stays that concept.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from bot.words import tokens

#: Card names by their first stem, longest first (:func:`name_table`).
NameTable = dict[str, list[tuple[str, ...]]]


def name_table(names: Iterable[str], stem: Callable[[str], str], is_concept: Callable[[tuple[str, ...]], bool]
               ) -> NameTable:
    """The card ``names`` as sequences of their words' main stems (``stem``: a lower-case word → its main stem in
    the text's language), by first stem, longest first, each once; names whose stems are a concept's name
    (``is_concept``) left out."""
    table: dict[str, dict[tuple[str, ...], None]] = {}
    for name in names:
        stems = tuple(stem(w) for w in tokens(name))
        if stems and not is_concept(stems):
            table.setdefault(stems[0], {})[stems] = None
    return {first: sorted(found, key=len, reverse=True) for first, found in table.items()}


def covered(table: NameTable, stems: list[str]) -> set[int]:
    """The positions of ``stems`` (a text's words' main stems) that a card name of ``table`` covers, the longest
    name at each position from the left; empty when the table is (a store without cards, a question)."""
    out: set[int] = set()
    if not table:
        return out
    at = 0
    while at < len(stems):
        names = table.get(stems[at])
        size = next((len(n) for n in names if tuple(stems[at : at + len(n)]) == n), 0) if names else 0
        out.update(range(at, at + size))
        at += max(size, 1)
    return out


__all__ = ["NameTable", "covered", "name_table"]
