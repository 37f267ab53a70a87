"""The card-name index's whole-name slips (the first part of the fuzzy tier of :class:`bot.search.NameIndex`):
names one edit from the typed compact key, names with two letters one apart swapped, and names whose start is one
slip from the typed key (a name still being typed).

Two ways give the same entries:

* :class:`SpanEdits` (any index, in memory or stored): the candidates share a part of the typed key that one slip
  leaves intact, found by binary search over the sorted keys (at most :data:`bot.search.SCAN_CAP` per part),
  then compared in C (rapidfuzz);
* :class:`EditTable` (an index of at most :data:`TABLE_KEYS` keys, every key within one span, so no cap ever cuts
  a candidate list): dict look-ups of the typed key, its one-letter deletions and its swaps in tables made once
  per index (the keys, and every key's one-letter deletions: 342 keys of 6 064 letters, about 6 000 deletions,
  a few milliseconds and under a megabyte at the warm-up), so a keystroke costs a few dozen look-ups instead of
  a dozen rapidfuzz calls over binary-searched spans.

Edit distance (Levenshtein) of one: ``q`` and ``k`` are equal but for one letter inserted, dropped or replaced;
then one deletion of the longer is the shorter, or one deletion of each at the same place is the same string
(the symmetric-deletion method); a shared deletion at other places is two edits, so a candidate found through a
shared deletion is compared (Levenshtein in C).
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
#: A typed key of at least this many letters finds its one-edit and swap candidates in an :class:`EditTable` by its
#: halves (:class:`HalfTable`: four look-ups), a shorter one by its deletions and swaps (fewer than this many each).
LONG_KEY = 9
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
    ``owners``: their entries (:class:`bot.namedata.IndexParts`). A typed key of at least ``long_from`` letters
    (default :data:`LONG_KEY`) looks up its halves instead of its deletions and swaps (:class:`HalfTable`)."""

    def __init__(self, strings: Sequence[str], owners: Sequence[int], long_from: int = LONG_KEY) -> None:
        self._strings = strings
        self._owners = owners
        #: key → the entries having it
        self._exact: dict[str, list[int]] = {}
        #: one-letter deletion of a key → the positions (in ``strings``) of the keys it is a deletion of
        self._deleted: dict[str, list[int]] = {}
        for pos, (key, idx) in enumerate(zip(strings, owners, strict=True)):
            self._exact.setdefault(key, []).append(idx)
            for variant in {key[:i] + key[i + 1:] for i in range(len(key))}:
                self._deleted.setdefault(variant, []).append(pos)
        self._long_from = long_from
        self._halves = HalfTable(strings)

    def _key_span(self, _kind: int, prefix: str, _cap: int) -> tuple[list[str], list[int]]:
        """The keys starting with ``prefix`` and their entries (every one: the table's keys fit in one span)."""
        strings = self._strings
        start = bisect.bisect_left(strings, prefix)
        stop = bisect.bisect_left(strings, prefix + "\U0010ffff", start)
        return list(strings[start:stop]), list(self._owners[start:stop])

    def one_edit(self, key: str) -> dict[int, int]:
        """As :meth:`SpanEdits.one_edit`: entries with a key equal to ``key`` (0) or one edit from it (1)."""
        exact, deleted, strings, owners = self._exact, self._deleted, self._strings, self._owners
        found: dict[int, int] = {}
        if len(key) >= self._long_from:  # a long key: the few keys sharing a half of it, compared in C
            for pos in self._halves.one_edit_candidates(key):
                dist = int(Levenshtein.distance(key, strings[pos], score_cutoff=1))
                if dist <= 1 and found.get(owners[pos], 2) > dist:
                    found[owners[pos]] = dist
            return found
        for idx in exact.get(key, ()):
            found[idx] = 0
        cuts = {key[:i] + key[i + 1:] for i in range(len(key))}
        for cut in cuts:  # a key that is ``key`` with a letter dropped
            for idx in exact.get(cut, ()):
                found.setdefault(idx, 1)
        for pos in deleted.get(key, ()):  # a key that is ``key`` with a letter added
            found.setdefault(owners[pos], 1)
        for cut in cuts:  # a shared deletion: one letter replaced, or two edits (compared)
            for pos in deleted.get(cut, ()):
                idx = owners[pos]
                if idx not in found and len(strings[pos]) == len(key) and Levenshtein.distance(
                        key, strings[pos], score_cutoff=1) <= 1:
                    found[idx] = 1
        return found

    def near_swaps(self, key: str) -> set[int]:
        """As :meth:`SpanEdits.near_swaps`: entries with a key that is ``key`` with the letters ``i`` and ``i + 2``
        swapped (different letters: the same ones make the same key), for a key of at least
        :data:`bot.typos.MIN_EDIT_LENGTH` letters."""
        if len(key) < MIN_EDIT_LENGTH:
            return set()
        if len(key) >= self._long_from:  # a long key: the few keys sharing a side the swap leaves intact
            strings, owners = self._strings, self._owners
            return {owners[pos] for pos in self._halves.swap_candidates(key) if near_swap(key, strings[pos])}
        exact = self._exact
        found: set[int] = set()
        for i in range(len(key) - 2):
            a, b = key[i], key[i + 2]
            if a != b:
                found.update(exact.get(f"{key[:i]}{b}{key[i + 1]}{a}{key[i + 3:]}", ()))
        return found

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
    """The keys of an :class:`EditTable` by the halves a slip leaves intact, so a long typed key finds its few
    candidates by four dict look-ups instead of one per letter (a typed key of 25 letters: 25 deletions and 23
    swaps, each a new string). ``strings``: the keys; the tables hold their positions.

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
            for n in range(max(1, m - 1), m + 2):
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


__all__ = ["LONG_KEY", "TABLE_KEYS", "EditTable", "HalfTable", "Span", "SpanEdits"]
