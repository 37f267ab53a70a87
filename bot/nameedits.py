"""The card-name index's whole-name slips (the first part of the fuzzy tier of :class:`bot.search.NameIndex`):
names one edit from the typed compact key, names with two letters one apart swapped, and names whose start is one
slip from the typed key (a name still being typed).

Two ways give the same entries:

* :class:`SpanEdits` (any index, in memory or stored): the candidates share a part of the typed key that one slip
  leaves intact, found by binary search over the sorted keys (at most :data:`bot.search.SCAN_CAP` per part),
  then compared in C (rapidfuzz);
* :class:`EditTable` (an index of at most :data:`TABLE_KEYS` keys, every key within one span, so no cap ever cuts
  a candidate list): the keys filed once per index by the halves a slip leaves intact (:class:`HalfTable`: 342
  keys, about 2 700 dict entries, a few milliseconds at the warm-up), so a keystroke costs four look-ups and a
  few comparisons in C instead of a dozen rapidfuzz calls over binary-searched spans.

Edit distance (Levenshtein) of one: ``q`` and ``k`` are equal but for one letter inserted, dropped or replaced;
an edit at or after the middle of ``q`` leaves its first half intact, one before it its last half.
"""

from __future__ import annotations

import bisect
from collections.abc import Callable, Sequence

from rapidfuzz import process
from rapidfuzz.distance import OSA, Levenshtein

from bot.store.names import KEYS, RKEYS
from bot.typos import MIN_EDIT_LENGTH, near_swap, near_swap_entries

#: The spans of :class:`SpanEdits`: ``span(kind, prefix, cap)`` → sorted strings starting with ``prefix`` (at most
#: ``cap``) and their entries (:meth:`bot.namedata.MemoryNames.span`, :meth:`bot.store.names.StoredNames.span`).
Span = Callable[[int, str, int], tuple[list[str], list[int]]]
#: An index with at most this many compact keys answers from an :class:`EditTable` (the least cap of a span in
#: :class:`SpanEdits`, so the table's answers are the spans' answers). The documents' store has 342.
TABLE_KEYS = 500
#: Probes of at most this many letters scan :data:`TABLE_KEYS` keys, longer ones ``scan_cap`` (as in bot.search).
SHORT_PROBE = 3


class SpanEdits:
    """Whole-name slips by binary-searched spans (:data:`Span`), at most ``scan_cap`` candidates per span."""

    def __init__(self, span: Span, scan_cap: int) -> None:
        self._span = span
        self._cap = scan_cap

    def one_edit(self, key: str) -> dict[int, int]:
        """Entries whose compact key is one edit (insert, delete, substitute) from ``key``, or equal: entry → least
        distance (0 or 1).

        One edit leaves the first or the last half of the key intact, so the candidates are the keys sharing
        ``key``'s first half (binary search in the sorted keys) or its last half (in the sorted reversed keys), at
        most the scan cap each, checked by Levenshtein distance in C."""
        n = len(key)
        found: dict[int, int] = {}
        for kind, target, probe in ((KEYS, key, key[: n // 2]), (RKEYS, key[::-1], key[::-1][: (n - 1) // 2 or 1])):
            strings, owners = self._span(kind, probe, self._cap if len(probe) > SHORT_PROBE else self._cap // 4)
            for _k, dist, pos in process.extract(
                target, strings, scorer=Levenshtein.distance, score_cutoff=1, limit=None
            ):
                idx = owners[pos]
                found[idx] = min(found.get(idx, 9), int(dist))
        return found

    def near_swaps(self, key: str) -> set[int]:
        """Entries whose compact key is ``key`` with two letters one apart swapped (:func:`bot.typos.near_swap`),
        sought from both ends of the key (:func:`bot.typos.near_swap_entries`)."""
        found: set[int] = set()
        for kind, target in ((KEYS, key), (RKEYS, key[::-1])):
            found |= near_swap_entries(lambda prefix, cap, kind=kind: self._span(kind, prefix, cap), target, self._cap)
        return found

    def slipped_starts(self, key: str) -> set[int]:
        """Entries whose compact key starts with a string one edit (a letter wrong, missing, added, or two
        neighbours swapped: OSA distance 1) from ``key``, or with ``key`` itself: a name still being typed, with one
        slip, across its words' separators. The slip is sought in the last half of ``key``: the candidates share its
        first half (binary search) and are cut to ``len(key)`` ± 1 letters, compared in C."""
        n = len(key)
        strings, owners = self._span(KEYS, key[: n // 2], self._cap if n // 2 > SHORT_PROBE else self._cap // 4)
        found: set[int] = set()
        for cut in (n - 1, n, n + 1):
            for _k, _dist, pos in process.extract(key, [k[:cut] for k in strings], scorer=OSA.distance,
                                                  score_cutoff=1, limit=None):
                found.add(owners[pos])
        return found


class EditTable:
    """Whole-name slips of a small index by dict look-ups: the same entries as :class:`SpanEdits` over the same
    keys when they are at most :data:`TABLE_KEYS` (no span is cut). ``strings``: the compact keys, sorted;
    ``owners``: their entries (:class:`bot.namedata.IndexParts`). One edits and near swaps are looked up by the
    halves of the typed key a slip leaves intact (:class:`HalfTable`: four look-ups, then the few keys found
    compared in C), slipped starts by the keys sharing the first half."""

    def __init__(self, strings: Sequence[str], owners: Sequence[int]) -> None:
        self._strings = strings
        self._owners = owners
        self._halves = HalfTable(strings)

    def _key_span(self, _kind: int, prefix: str, _cap: int) -> tuple[list[str], list[int]]:
        """The keys starting with ``prefix`` and their entries (every one: the table's keys fit in one span)."""
        strings = self._strings
        start = bisect.bisect_left(strings, prefix)
        stop = bisect.bisect_left(strings, prefix + "\U0010ffff", start)
        return list(strings[start:stop]), list(self._owners[start:stop])

    def one_edit(self, key: str) -> dict[int, int]:
        """As :meth:`SpanEdits.one_edit`: entries with a key equal to ``key`` (0) or one edit from it (1)."""
        strings, owners = self._strings, self._owners
        found: dict[int, int] = {}
        for pos in self._halves.one_edit_candidates(key):
            dist = int(Levenshtein.distance(key, strings[pos], score_cutoff=1))
            if dist <= 1 and found.get(owners[pos], 2) > dist:
                found[owners[pos]] = dist
        return found

    def near_swaps(self, key: str) -> set[int]:
        """As :meth:`SpanEdits.near_swaps`: entries with a key that is ``key`` with the letters ``i`` and ``i + 2``
        swapped (different letters: the same ones make the same key), for a key of at least
        :data:`bot.typos.MIN_EDIT_LENGTH` letters."""
        if len(key) < MIN_EDIT_LENGTH:
            return set()
        strings, owners = self._strings, self._owners
        return {owners[pos] for pos in self._halves.swap_candidates(key) if near_swap(key, strings[pos])}

    def slipped_starts(self, key: str) -> set[int]:
        """As :meth:`SpanEdits.slipped_starts` (the candidates sharing the first half of ``key``; every key of
        the table is within one span)."""
        n = len(key)
        strings, owners = self._key_span(KEYS, key[: n // 2], 0)
        if not strings:
            return set()
        count = len(strings)  # the three cuts of every candidate compared in one call: candidate = position % count
        cuts = [k[: n - 1] for k in strings] + [k[:n] for k in strings] + [k[: n + 1] for k in strings]
        return {owners[pos % count] for _k, _dist, pos in process.extract(key, cuts, scorer=OSA.distance,
                                                                          score_cutoff=1, limit=None)}


class HalfTable:
    """The keys of an :class:`EditTable` by the halves a slip leaves intact, so a typed key finds its few
    candidates by two dict look-ups per kind of slip instead of one per letter (a typed key of 25 letters: 25
    deletions and 23 swaps, each a new string; 2–4 times faster from 5 letters on, measured on the documents'
    keys). ``strings``: the keys; the tables hold their positions.

    One edit (Levenshtein) at a place of a typed key of ``n`` letters leaves its first ``n // 2`` letters intact
    (an edit at or after that place) or its last ``n − n // 2`` (an edit before it): a key within one edit has
    ``n − 1`` to ``n + 1`` letters and starts or ends with that half, so each key is filed under those three
    typed lengths. Two letters one apart swapped (letters ``i`` and ``i + 2``, the same length) leave the first
    ``a = (n − 2) // 2`` letters intact (``i ≥ a``) or the last ``n − a − 2`` (``i + 2 < a + 2``)."""

    def __init__(self, strings: Sequence[str]) -> None:
        self._starts: dict[tuple[int, str], list[int]] = {}
        self._ends: dict[tuple[int, str], list[int]] = {}
        self._swap_starts: dict[tuple[int, str], list[int]] = {}
        self._swap_ends: dict[tuple[int, str], list[int]] = {}
        for pos, key in enumerate(strings):
            m = len(key)
            for n in range(max(0, m - 1), m + 2):
                self._starts.setdefault((n, key[: n // 2]), []).append(pos)
                self._ends.setdefault((n, key[m - (n - n // 2):]), []).append(pos)
            a = max(0, (m - 2) // 2)
            self._swap_starts.setdefault((m, key[:a]), []).append(pos)
            self._swap_ends.setdefault((m, key[a + 2:]), []).append(pos)

    def one_edit_candidates(self, key: str) -> set[int]:
        """Positions of the keys that may be one edit from ``key`` (a superset: compare them)."""
        n = len(key)
        return {*self._starts.get((n, key[: n // 2]), ()), *self._ends.get((n, key[n // 2:]), ())}

    def swap_candidates(self, key: str) -> set[int]:
        """Positions of the keys of ``key``'s length that may be ``key`` with two letters one apart swapped (a
        superset: check them)."""
        n = len(key)
        a = max(0, (n - 2) // 2)
        return {*self._swap_starts.get((n, key[:a]), ()), *self._swap_ends.get((n, key[a + 2:]), ())}


__all__ = ["TABLE_KEYS", "EditTable", "HalfTable", "Span", "SpanEdits"]
