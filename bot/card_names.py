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
#: strings, less memory for a card file's 200 000 names), and per last stem the lengths of the names that end with
#: it, longest first (:func:`name_table`). A name is looked up whole, once per length, only where a name's last word
#: stands: a card file's 30 000 English names share first words („Goblin …“, „The …“) by the hundred, and a
#: generated file's names are its cards' numbers after such words, which no text holds.
NameTable = tuple[frozenset[str], dict[str, tuple[int, ...]]]
#: The languages of the passages, whose tables :meth:`bot.analysis.Analyser.card_name_words` makes together.
LANGUAGES = ("de", "en")
#: Joins a name's stems in :data:`NameTable` (no token holds it: tokens are letters and digits).
JOIN = "\0"


def name_table(names: Iterable[str], stem: Callable[[str], str], is_concept: Callable[[tuple[str, ...]], bool]
               ) -> NameTable:
    """The card ``names`` as sequences of their words' main stems (``stem``: a lower-case word → its main stem in
    the text's language), each once, with the lengths per last stem; names whose stems are a concept's name
    (``is_concept``) left out. ``stem`` is called once per distinct word (the names share their words)."""
    return name_tables(names, lambda word, _language: stem(word), [""], is_concept)[""]


def name_tables(names: Iterable[str], stem: Callable[[str, str], str], languages: Iterable[str],
                is_concept: Callable[[tuple[str, ...]], bool]) -> dict[str, NameTable]:
    """language → :func:`name_table` of ``names`` in that language (``stem(word, language)``), for each of
    ``languages``, made in one pass: each name is split into words once for all of them (a card file's 200 000
    names are read once, not once per language)."""
    states = [(language, {}, set(), {}) for language in languages]
    for name in names:
        words = tokens(name)
        if not words:
            continue
        for language, stem_of, found, lengths in states:
            stems = tuple([stem_of[w] if w in stem_of else stem_of.setdefault(w, stem(w, language)) for w in words])
            if not is_concept(stems):
                found.add(JOIN.join(stems))
                lengths.setdefault(stems[-1], set()).add(len(stems))
    return {language: (frozenset(found), {last: tuple(sorted(sizes, reverse=True)) for last, sizes in lengths.items()})
            for language, _stem_of, found, lengths in states}


def covered(table: NameTable, stems: list[str]) -> set[int]:
    """The positions of ``stems`` (a text's words' main stems) that a card name of ``table`` covers, the longest
    name at each position from the left; empty when the table is (a store without cards)."""
    out: set[int] = set()
    names, lengths = table
    if not names or lengths.keys().isdisjoint(stems):  # no name's last word here (most texts): one pass in C
        return out
    if JOIN.join(stems) in names:  # the text is a name (a card's title): the longest name at the first word
        return set(range(len(stems)))
    longest: dict[int, int] = {}  # where a name begins → the length of the longest there
    for end in [i + 1 for i, stem in enumerate(stems) if stem in lengths]:  # where a name may end
        for size in lengths[stems[end - 1]]:
            if size <= end and size > longest.get(end - size, 0) and JOIN.join(stems[end - size : end]) in names:
                longest[end - size] = size
    after = 0
    for at in sorted(longest):  # from the left; a name inside the name found before does not count
        if at >= after:
            out.update(range(at, at + longest[at]))
            after = at + longest[at]
    return out


__all__ = ["JOIN", "LANGUAGES", "NameTable", "covered", "name_table", "name_tables"]
