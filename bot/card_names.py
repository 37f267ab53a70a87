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

#: The card names as stem sequences (their stems joined by :data:`JOIN`: one string per name instead of a tuple of
#: strings, less memory for a card file's 200 000 names), per first stem the lengths of the names that begin with
#: it, longest first, and the names' last stems (:func:`name_table`). A name is looked up whole, once per length: a
#: card file's 30 000 English names share first words („Goblin …“, „The …“) by the hundred, and every such word of
#: every text would compare them all; a text without any name's last stem is done after one pass over its stems.
NameTable = tuple[frozenset[str], dict[str, tuple[int, ...]], frozenset[str]]
#: Joins a name's stems in :data:`NameTable` (no token holds it: tokens are letters and digits).
JOIN = "\0"


def name_table(names: Iterable[str], stem: Callable[[str], str], is_concept: Callable[[tuple[str, ...]], bool]
               ) -> NameTable:
    """The card ``names`` as sequences of their words' main stems (``stem``: a lower-case word → its main stem in
    the text's language), each once, with the lengths per first stem; names whose stems are a concept's name
    (``is_concept``) left out. ``stem`` is called once per distinct word (the names share their words)."""
    found: set[str] = set()
    lengths: dict[str, set[int]] = {}
    lasts: set[str] = set()
    stem_of: dict[str, str] = {}
    for name in names:
        stems = tuple(stem_of[w] if w in stem_of else stem_of.setdefault(w, stem(w)) for w in tokens(name))
        if stems and not is_concept(stems):
            found.add(JOIN.join(stems))
            lengths.setdefault(stems[0], set()).add(len(stems))
            lasts.add(stems[-1])
    return frozenset(found), {first: tuple(sorted(sizes, reverse=True)) for first, sizes in lengths.items()}, \
        frozenset(lasts)


def covered(table: NameTable, stems: list[str]) -> set[int]:
    """The positions of ``stems`` (a text's words' main stems) that a card name of ``table`` covers, the longest
    name at each position from the left; empty when the table is (a store without cards)."""
    out: set[int] = set()
    names, lengths, lasts = table
    ends = {i + 1 for i, stem in enumerate(stems) if stem in lasts} if names else ()  # where a name may end
    if not ends:
        return out
    after = 0
    for at in [i for i, stem in enumerate(stems) if stem in lengths]:  # where a name may begin
        if at < after:
            continue  # inside the name found before
        size = next((n for n in lengths[stems[at]] if at + n in ends and JOIN.join(stems[at : at + n]) in names), 0)
        out.update(range(at, at + size))
        after = at + size
    return out


__all__ = ["JOIN", "NameTable", "covered", "name_table"]
