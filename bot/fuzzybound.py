"""Which choices can reach rapidfuzz's ``WRatio`` ≥ 80 with a query, decided without computing ``WRatio``: an
upper bound from the characters the two strings share, for the choices of a fixed list, so
``process.extract(query, choices, scorer=fuzz.WRatio, score_cutoff=80)`` needs to score only the few that can
reach the cutoff (each ``WRatio`` is about 1 µs of C; the bound of all 32 mechanics titles a few µs together).

``WRatio`` (rapidfuzz 3, ``fuzz_py.WRatio``) of strings of lengths ``n`` and ``m`` (``L = max/min``) is the
largest of ``ratio``; when ``L < 1.5`` ``token_ratio`` × 0.95 (``token_sort_ratio``, ``token_set_ratio``); else
``partial_ratio`` × 0.9 and ``partial_token_ratio`` × 0.95 × 0.9 (× 0.6 instead of × 0.9 when ``L > 8``). Each of
these compares strings made of the two strings' characters: ``2·LCS/(a+b)`` of two strings of lengths ``a``, ``b``.
With ``o`` the number of characters the two strings share (as multisets: the LCS of their sorted characters),
``LCS ≤ o``:

* ``ratio`` and ``token_sort_ratio`` (the sorted words of a string joined by single spaces are its own characters
  when it is written that way) are at most ``2o/(n+m)``; ``token_set_ratio`` too when the strings share no word
  and repeat no word (then it compares the sorted words of each; a shared word may give 100, a repeated word a
  shorter string);
* ``partial_ratio`` compares the shorter string (length ``s``) with pieces of the longer of at most its length
  and at least the LCS: at most ``2o/(s+o)``; ``partial_token_ratio`` the same when no word is shared (with a shared
  word it is 100) and none repeated.

So with no shared word and no repeated one, ``WRatio`` ≥ 80 needs ``L ≤ 8`` and either ``L ≤ 1.5`` and
``5o ≥ 2(n+m)`` or ``L ≥ 1.5`` and ``5o ≥ 4s`` (``2o/(s+o) ≥ 80/90``). Every other choice is kept (a shared word, a
repeated word, white space other than single spaces). Integer comparisons, so rounding never drops a choice.

A second, tighter test for a query (length ``s``) shorter than a choice (length ``n``) by more than 1.5 (``2n > 3s``,
``n ≤ 8s``), again with no shared word: there ``ratio`` stays below 80 (``2s/(s+n) < 0.8``), so ``WRatio`` ≥ 80 needs
``partial_ratio`` ≥ 80/0.9 or ``partial_token_ratio`` ≥ 80/0.855. Both compare the query (or its words sorted) with
windows of the choice (or its words sorted) of at most ``s`` characters; ``ratio`` ≥ 8/9 with a window of ``k ≤ s``
characters allows at most ``(s+k)/9 ≤ 2s/9`` insertions and deletions (``E = ⌊2s/9⌋``). Cut into ``E + 1`` pieces,
the query keeps one piece untouched by them, which is then a substring of the window, hence of the choice: a choice
none of whose (or whose sorted words') substrings is a piece of the query or its sorted words cannot reach 80. The
substrings of every choice up to :data:`PIECE_MAX` characters are filed once (a piece is looked up by its start).
The pieces are looked up only when more than one such choice is left by the shared characters (each ``WRatio`` they
spare costs more than the look-ups): ``eiserne ha`` scores 2 of the 32 mechanics titles instead of 9.
"""

from __future__ import annotations

from collections.abc import Sequence

from rapidfuzz import process
from rapidfuzz.distance import LCSseq

#: The ``WRatio`` cutoff the bound is made for.
WRATIO_CUTOFF = 80.0
#: Query lengths whose thresholds are made with the bound (an autocomplete reads at most 200 characters).
PREPARED_LENGTHS = 200
#: Longest substring of a choice filed for the pieces' test (a longer piece is looked up by its start).
PIECE_MAX = 8


def _plain(text: str) -> bool:
    """True when ``text`` is its words joined by single spaces with no word twice (the bound's precondition)."""
    words = text.split()
    return text == " ".join(words) and len(set(words)) == len(words)


class WRatioBound:
    """The choices of ``choices`` whose ``fuzz.WRatio`` with a query can reach :data:`WRATIO_CUTOFF`
    (:meth:`candidates`), by the bound of the module docstring. Built once per list (its words, sorted
    characters)."""

    def __init__(self, choices: Sequence[str]) -> None:
        self.choices = list(choices)
        #: positions of the choices the bound does not apply to (always candidates)
        self._always = [i for i, c in enumerate(self.choices) if not _plain(c)]
        always = set(self._always)
        self._sorted = ["".join(sorted(c)) if i not in always else "" for i, c in enumerate(self.choices)]
        self._lengths = [len(c) for c in self.choices]
        self._needs: dict[int, tuple[int, list[int]]] = {}
        for n in range(1, PREPARED_LENGTHS + 1):  # made now: a first query of each length costs no more
            self._needed(n)
        self._by_word: dict[str, list[int]] = {}
        for i, choice in enumerate(self.choices):
            for word in set(choice.split()):
                self._by_word.setdefault(word, []).append(i)
        self._pieces = _substrings(self.choices, always)
        #: per query length: bit i set for the plain choices the pieces' test applies to (``3s < 2n ≤ 16s``)
        self._needles = [sum(1 << i for i, m in enumerate(self._lengths) if i not in always and 3 * s < 2 * m <= 16 * s)
                         for s in range(PREPARED_LENGTHS + 1)]

    def candidates(self, query: str) -> list[int] | None:
        """Positions (ascending) of the choices whose ``WRatio`` with ``query`` may be ≥ :data:`WRATIO_CUTOFF`;
        None when the bound does not apply to ``query`` (then every choice may). Never leaves out a choice that
        reaches the cutoff (module docstring; ``tests/test_fuzzy_bound.py``)."""
        if not query or not _plain(query):
            return None
        found = set(self._always)
        for word in query.split():
            found.update(self._by_word.get(word, ()))
        s = len(query)
        least, needed = self._needed(s)
        kept = [i for _s, shared, i in process.extract("".join(sorted(query)), self._sorted, scorer=LCSseq.similarity,
                                                       processor=None, limit=None, score_cutoff=least)
                if shared >= needed[i]]
        needles = self._needles[s] if s <= PREPARED_LENGTHS else 0
        if sum(needles >> i & 1 for i in kept) > 1:  # the pieces' look-ups cost less than the WRatio they spare
            hit = self._hits(query)
            kept = [i for i in kept if not needles >> i & 1 or hit >> i & 1]
        found.update(kept)
        return sorted(found)

    def _hits(self, query: str) -> int:
        """Bit i set for the choices having a piece (module docstring) of the plain ``query``, or of its words
        sorted, as a substring (of themselves or of their words sorted)."""
        s = len(query)
        parts = 2 * s // 9 + 1
        hit = 0
        for text in (query, " ".join(sorted(query.split()))) if " " in query else (query,):
            for k in range(parts):
                hit |= self._pieces.get(text[k * s // parts : (k + 1) * s // parts][:PIECE_MAX], 0)
        return hit

    def _needed(self, n: int) -> tuple[int, list[int]]:
        """For a query of ``n`` characters: per choice, the least number of shared characters with which its
        ``WRatio`` may reach the cutoff (more than any string has when it cannot), and the least of these. Kept per
        length (at most :data:`NEEDED_KEPT` lengths)."""
        found = self._needs.get(n)
        if found is None:
            needed = [_least_shared(n, m) for m in self._lengths]
            found = (max(1, min(needed, default=1)), needed)
            if len(self._needs) < NEEDED_KEPT:
                self._needs[n] = found
        return found


def _substrings(choices: Sequence[str], always: set[int]) -> dict[str, int]:
    """Every substring of at most :data:`PIECE_MAX` characters of each plain choice and of its words sorted
    (joined by single spaces) → a bit per choice that has it (bit ``i`` for ``choices[i]``)."""
    out: dict[str, int] = {}
    for i, choice in enumerate(choices):
        for text in () if i in always else (choice, " ".join(sorted(choice.split()))):
            for start in range(len(text)):
                for end in range(start + 1, min(len(text), start + PIECE_MAX) + 1):
                    out[text[start:end]] = out.get(text[start:end], 0) | 1 << i
    return out


#: Query lengths whose needed shared characters :class:`WRatioBound` keeps (every length a 200-character
#: autocomplete query can have, and more).
NEEDED_KEPT = 1024
#: More shared characters than any two strings compared here have: "cannot reach the cutoff".
NEVER = 1 << 30


def _least_shared(n: int, m: int) -> int:
    """The least number ``o`` of shared characters with which strings of lengths ``n`` and ``m`` (no shared word,
    none repeated) may reach ``WRatio`` ≥ 80 (module docstring): ``5o ≥ 2(n+m)`` when ``L ≤ 1.5``, ``5o ≥ 4·short``
    when ``L ≥ 1.5``, the smaller of the two where both apply, :data:`NEVER` when ``L > 8``."""
    short, long = (n, m) if n <= m else (m, n)
    if short == 0 or long > 8 * short:
        return NEVER
    least = NEVER
    if 2 * long <= 3 * short:
        least = -(-2 * (n + m) // 5)
    if 2 * long >= 3 * short:
        least = min(least, -(-4 * short // 5))
    return least


__all__ = ["WRATIO_CUTOFF", "WRatioBound"]
