"""The ranking of card-name offers (:class:`bot.search.NameIndex`): each offer's sort key, made so the offers of
one keystroke sort fast, and the choice of the best ones.

An offer's order (:class:`bot.search.NameHit.sort_key`) is tier, German before English, score descending, then
the shorter card name, the alphabetically first, the earlier entry. The part after the score depends on the entry
alone, so an index in memory numbers its entries once in that order (:func:`static_rows`); an offer is then
:data:`Rank` ``(2·tier + foreign, −score, order, entry)``, which orders exactly as the six-part key. The offers of
one keystroke (up to 200 after a single letter) are sorted by three stable passes over single keys (an int, a
float, an int: compared in C without building tuples of keys), a third to a half of sorting the tuples themselves.

The offers depend on the typed text only through its :data:`Folded` form (keys, words, keys with ``ß`` as one
``s``), so the autocomplete keeps them per folded text: ``Boros `` and ``Boros``, ``„D`` and ``D``, ``ÜBERSTIMMEN``
and ``Überstimmen`` are offered the same cards; only the order of ties, which goes by closeness to the text as
typed, is made for each text.
"""

from __future__ import annotations

import heapq
from collections.abc import Collection, Sequence
from operator import itemgetter

from bot.namedata import FOREIGN_KINDS, STATIC_KEPT
from bot.store.names import StoredNames
from bot.text import name_folds

#: An offer: 2 × tier + 1 for a foreign name (0 for German), −score, the entry's place in the order of card-name
#: length, card name and entry (an int for an index in memory, that triple itself for a stored one), the entry.
Rank = tuple[int, float, "int | tuple[int, str, int]", int]
#: A static row per entry: foreign (1) or German (0), its order (see :data:`Rank`), its card id.
StaticRow = tuple[int, "int | tuple[int, str, int]", int]
#: Offers of at most this many cards are ranked by sorting them all (in C), more by selecting the best.
SORT_ALL = 1000
#: Words of a query beyond this are ignored (a 10 000-character paste stays cheap).
MAX_QUERY_WORDS = 8
#: Folded queries whose autocomplete offers are kept per index (then the memory starts anew).
COMPLETIONS_KEPT = 256
#: What a query's offers depend on: its compact keys (:func:`bot.text.name_keys`), its first
#: :data:`MAX_QUERY_WORDS` words (:func:`bot.text.name_words`) and its keys with ``ß`` also read as one ``s``
#: (:func:`bot.typos.sharp_s_keys`, each once).
Folded = tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]



def folded_query(query: str) -> Folded:
    """The :data:`Folded` form of the typed ``query``."""
    keys, words = name_folds(query)
    # :func:`bot.typos.sharp_s_keys`: with ß also read as one s (the keys are distinct already)
    edit_keys = tuple(dict.fromkeys((*keys, *name_folds(query.replace("ß", "s"))[0]))) if "ß" in query else keys
    return keys, tuple(words[:MAX_QUERY_WORDS]), edit_keys

_ORDER, _SCORE, _TIER = itemgetter(2), itemgetter(1), itemgetter(0)


def static_rows(card_ids: Sequence[int], card_names: Sequence[str], kinds: Sequence[str]) -> list[StaticRow]:
    """Per entry (lists in entry order, equally long): ``(foreign, order, card id)``, the order numbering the entries
    by (length of the card's name, the card's name, entry), 0 first."""
    order = sorted(range(len(card_ids)), key=lambda i: (len(card_names[i]), card_names[i], i))
    place = [0] * len(order)
    for pos, idx in enumerate(order):
        place[idx] = pos
    return [(int(kind in FOREIGN_KINDS), place[idx], card_id)
            for idx, (card_id, kind) in enumerate(zip(card_ids, kinds, strict=True))]


class StaticRows:
    """Per entry of a stored index, its :data:`StaticRow`, read when first offered (the order as the triple of
    length, name and entry, which compares as the numbers of :func:`static_rows` do), at most :data:`STATIC_KEPT`
    kept."""

    def __init__(self, stored: StoredNames) -> None:
        self._stored = stored
        self._rows: dict[int, StaticRow] = {}

    def __getitem__(self, idx: int) -> StaticRow:
        row = self._rows.get(idx)
        if row is None:
            if len(self._rows) >= STATIC_KEPT:
                self._rows.clear()
            card_id, card_name, _name, kind, _words = self._stored.entry(idx)
            row = self._rows[idx] = (int(kind in FOREIGN_KINDS), (len(card_name), card_name, idx), card_id)
        return row


class FoldedNames:
    """Per entry of a stored index, its name case-folded (what the ties of :meth:`bot.search.NameIndex._top` are
    ordered by), read when first asked, at most :data:`STATIC_KEPT` kept (an index in memory folds them all)."""

    def __init__(self, stored: StoredNames) -> None:
        self._stored = stored
        self._names: dict[int, str] = {}

    def __getitem__(self, idx: int) -> str:
        folded = self._names.get(idx)
        if folded is None:
            folded = self._stored.entry(idx)[2].casefold()
            if len(self._names) < STATIC_KEPT:
                self._names[idx] = folded
        return folded


def best_ranks(values: Collection[Rank], count: int) -> list[Rank]:
    """The ``count`` smallest of ``values`` in ascending order: what ``sorted(values)[:count]`` gives. Up to
    :data:`SORT_ALL` offers are sorted by order, then by score, then by tier and language (stable passes: the
    same order as sorting the tuples), more are selected (:func:`heapq.nsmallest`)."""
    if len(values) > SORT_ALL:
        return heapq.nsmallest(count, values)
    top = sorted(values, key=_ORDER)
    top.sort(key=_SCORE)
    top.sort(key=_TIER)
    del top[count:]
    return top


def tied_groups(top: Sequence[Rank], limit: int) -> list[tuple[int, int]]:
    """``(start, stop)`` of each run of two or more neighbours of the sorted ``top`` that tie on tier, language and
    score and begin within its first ``limit``: the offers whose order the closeness to the typed text decides."""
    tied: list[tuple[int, int]] = []
    start, count = 0, len(top)
    while start < min(count, limit):
        head = top[start][:2]
        stop = start + 1
        while stop < count and top[stop][:2] == head:
            stop += 1
        if stop - start > 1:
            tied.append((start, stop))
        start = stop
    return tied


__all__ = ["COMPLETIONS_KEPT", "MAX_QUERY_WORDS", "SORT_ALL", "Folded", "FoldedNames", "Rank", "StaticRow",
           "StaticRows", "best_ranks", "folded_query", "static_rows", "tied_groups"]
