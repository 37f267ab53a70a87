"""An exact pre-filter for ``fuzz.ratio`` over a fixed list of words (:class:`bot.fuzzyvocab.FuzzyVocabulary`): the
few words a typed word can reach the cutoff with, found by bit operations over the whole list at once, so rapidfuzz
compares a handful of words instead of the 150–400 of a reachable length.

``fuzz.ratio(a, b)`` is ``200 · LCS / (len(a) + len(b))`` (Indel similarity; LCS: the longest common subsequence).
A common subsequence uses each letter at most as often as both words have it, so ``LCS ≤ Σ_c min(count_a(c),
count_b(c))``: the letters the words share as multisets. A word ``b`` of ``m`` letters reaches the cutoff only if
``LCS ≥ L(n, m)`` (:func:`least_common`), so only if at most ``n − L(n, m)`` of the typed word's ``n`` letters (its
``k``-th ``c`` for each letter ``c``) are missing from ``b`` (``b`` has fewer than ``k`` of ``c``). Per letter and
count the list keeps the words lacking it as the bits of an int; a typed word counts its missing letters per word
with a few saturating bit counters (:meth:`LetterCounts.candidates`). A superset of the words that reach the cutoff,
never fewer: the comparison itself decides (on the documents' 479 words a typed word that names no card keeps 0–5
of 150–400).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence

#: Missing letters counted per word at most (a length whose allowance is larger is kept whole: long typed words
#: against much shorter words, few of the list).
MOST_MISSES = 4


def least_common(n: int, m: int, cutoff: float) -> int:
    """The least LCS two words of ``n`` and ``m`` letters have when ``fuzz.ratio`` ≥ ``cutoff`` (0–100): with a
    millionth of a point of margin, as :func:`bot.fuzzyvocab._reachable`, so float rounding never drops a match."""
    return max(0, math.ceil((cutoff - 1e-6) * (n + m) / 200.0))


class LetterCounts:
    """The words of ``strings`` by the letters they have (bit ``i`` of each int: ``strings[i]``)."""

    def __init__(self, strings: Sequence[str]) -> None:
        positions: dict[tuple[str, int], list[int]] = {}
        by_length: dict[int, list[int]] = {}
        for i, word in enumerate(strings):
            by_length.setdefault(len(word), []).append(i)
            for c in set(word):
                for k in range(1, word.count(c) + 1):
                    positions.setdefault((c, k), []).append(i)
        self._all = (1 << len(strings)) - 1
        #: (letter, k) → the words with fewer than k of that letter
        self._lacks = {ck: self._all ^ _bits(found) for ck, found in positions.items()}
        self._lengths = {m: _bits(found) for m, found in by_length.items()}

    def candidates(self, word: str, allowed: Mapping[int, int]) -> list[int]:
        """Positions (ascending) of the words of a length ``m`` in ``allowed`` that lack at most ``allowed[m]`` of
        ``word``'s letters (counted with their multiplicity): a superset of the words of those lengths whose LCS
        with ``word`` is at least ``len(word) − allowed[m]``."""
        lengths, lacks, every = self._lengths, self._lacks, self._all
        seen: dict[str, int] = {}
        missing = []  # per letter of the word (its k-th c): the words lacking it
        for c in word:
            k = seen[c] = seen.get(c, 0) + 1
            missing.append(lacks.get((c, k), every))
        over = _over(missing, min(MOST_MISSES, max(allowed.values(), default=0)))
        mask = 0
        for m, d in allowed.items():
            words = lengths.get(m)
            if words and d >= 0:
                mask |= words if d >= len(over) else words & ~over[d]
        if not mask:
            return []
        bits = bin(mask)[:1:-1]  # bit 0 first
        out: list[int] = []
        i = bits.find("1")
        while i >= 0:
            out.append(i)
            i = bits.find("1", i + 1)
        return out


def _over(missing: list[int], depth: int) -> list[int]:
    """Saturating bit counters over ``missing`` (per letter, the words lacking it): ``[over_0, …, over_depth]``, where
    ``over_j`` has the words lacking more than ``j`` of the letters. Unrolled per depth (a keystroke's few letters:
    each counter update is one or two operations on the whole list)."""
    o0 = o1 = o2 = o3 = o4 = 0
    if depth <= 0:
        for z in missing:
            o0 |= z
        return [o0]
    if depth == 1:
        for z in missing:
            o1 |= o0 & z
            o0 |= z
        return [o0, o1]
    if depth == 2:
        for z in missing:
            o2 |= o1 & z
            o1 |= o0 & z
            o0 |= z
        return [o0, o1, o2]
    for z in missing:
        o4 |= o3 & z
        o3 |= o2 & z
        o2 |= o1 & z
        o1 |= o0 & z
        o0 |= z
    return [o0, o1, o2, o3, o4][: depth + 1]


def _bits(positions: list[int]) -> int:
    """An int with the bits of ``positions`` set."""
    mask = 0
    for i in positions:
        mask |= 1 << i
    return mask


__all__ = ["MOST_MISSES", "LetterCounts", "least_common"]
