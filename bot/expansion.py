"""The player's words against the documents' words: two signals of the ranking (:mod:`bot.ranking`) for a passage
that answers a question in other words than the question's, both made from the store's own text (nothing
downloaded) and both only added to what the typed words score, never replacing them.

* **associates** (:class:`Associations`, feature ``assoc``): which analysed terms stand together in the store's
  passages. For two terms ``a`` and ``b`` of the passages read (:data:`SOURCE_KINDS`, at most
  :data:`MAX_SOURCE_PASSAGES`), Dunning's log-likelihood ratio G² of their co-occurrence in one passage (a 2×2
  table of passages with and without each) ranks ``b`` among ``a``'s associates; only positive association (more
  passages with both than independence expects) and at least :data:`LEAST_TOGETHER` passages with both count. Each
  term keeps its :data:`KEPT` strongest associates with ``P(b | a)`` (passages with both over passages with ``a``),
  a translation probability in the sense of Berger & Lafferty (1999) estimated from the documents' parallel texts
  (a term row holds a term's German, old and English names; a ruling the rule it cites). A question's terms are
  expanded with their associates (:meth:`Associations.expand`), and a passage gets the share of that expansion's
  weight its terms hold.
* **feedback** (:func:`feedback_terms`, feature ``feedback``): pseudo-relevance feedback in the manner of RM3
  (Abdul-Jaleel et al. 2004): the terms that the first :data:`FEEDBACK_PASSAGES` passages of bm25 alone share, weighed
  by how many of them hold the term and how rare it is, at most :data:`FEEDBACK_TERMS`; a passage gets the share of
  their weight its terms hold.

Bounded: the table is made once per store from at most :data:`MAX_SOURCE_PASSAGES` passages of at most
:data:`MAX_PASSAGE_TERMS` counted terms each; an expansion has at most ``len(terms) × KEPT`` terms, feedback at most
:data:`FEEDBACK_TERMS`.
"""

from __future__ import annotations

import itertools
import math
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

#: Passage kinds whose co-occurrences are counted (the documents' text and the term table; not card texts, whose
#: words stand together by card, nor the official English rules).
SOURCE_KINDS = ("ruling", "mechanic", "quoted_rule", "explanation", "term")
#: At most this many passages are read (the first by id: the documents come before a card file's rulings).
MAX_SOURCE_PASSAGES = 6000
#: At most this many terms of one passage are paired (its rarest), so a passage costs at most ≈ 1 800 pairs.
MAX_PASSAGE_TERMS = 60
#: Two terms are associates only when at least this many passages hold both (one passage is no evidence).
LEAST_TOGETHER = 2
#: A term carried by more than this share of the passages read is paired with nothing (it stands with everything).
COMMON = 0.1
#: Associates kept per term, strongest first.
KEPT = 10
#: Bm25's first passages read for the feedback terms, and the most feedback terms.
FEEDBACK_PASSAGES = 5
FEEDBACK_TERMS = 10
#: A feedback term is held by at least this many of those passages (a term of one passage is that passage's own).
FEEDBACK_LEAST = 2


def _g2(both: int, a: int, b: int, total: int) -> float:
    """Dunning's log-likelihood ratio G² of the 2×2 table: ``both`` passages hold both terms, ``a`` and ``b`` hold
    each, ``total`` passages in all (every count ≥ 0, ``both ≤ min(a, b)``, ``a + b − both ≤ total``)."""
    cells = ((both, a * b), (a - both, a * (total - b)), (b - both, (total - a) * b),
             (total - a - b + both, (total - a) * (total - b)))
    return 2.0 * sum(o * math.log(o * total / e) for o, e in cells if o > 0 and e > 0)


@dataclass(frozen=True)
class Associations:
    """Per analysed term, its strongest associates in the store's passages: ``table[a]`` is a tuple of
    ``(b, P(b | a), P(a | b))``, strongest (by G²) first, at most :data:`KEPT`. Build with :meth:`of`."""

    table: Mapping[str, tuple[tuple[str, float, float], ...]]

    @classmethod
    def of(cls, passages: Iterable[Iterable[str]], kept: int = KEPT, least: int = LEAST_TOGETHER,
           common: float = COMMON) -> Associations:
        """The associations of ``passages`` (each the analysed terms of one passage; read once, kept as sets)."""
        rows = [frozenset(p) for p in passages]
        total = len(rows)
        df = Counter(t for row in rows for t in row)
        usable = {t for t, n in df.items() if least <= n <= max(least, common * total)}
        together: Counter[tuple[str, str]] = Counter()
        for row in rows:
            terms = sorted((t for t in row if t in usable), key=lambda t: (df[t], t))[:MAX_PASSAGE_TERMS]
            together.update(itertools.combinations(sorted(terms), 2))
        scored: dict[str, list[tuple[float, str, float, float]]] = {}
        for (a, b), n in together.items():
            if n < least or n * total <= df[a] * df[b]:  # too few, or no more than independence expects
                continue
            g2 = _g2(n, df[a], df[b], total)
            scored.setdefault(a, []).append((g2, b, n / df[a], n / df[b]))
            scored.setdefault(b, []).append((g2, a, n / df[b], n / df[a]))
        table = {t: tuple((b, p, q) for _, b, p, q in sorted(found, key=lambda x: (-x[0], x[1]))[:kept])
                 for t, found in scored.items()}
        return cls(table)

    def expand(self, terms: Sequence[str], count: int) -> dict[str, float]:
        """The associates of ``terms`` (a question's analysed terms) that are not among them: per associate the sum
        of ``P(b | a)`` over the terms ``a`` that have it among their first ``count`` associates."""
        asked = set(terms)
        out: dict[str, float] = {}
        for a in dict.fromkeys(terms):
            for b, p, _ in self.table.get(a, ())[:count]:
                if b not in asked:
                    out[b] = out.get(b, 0.0) + p
        return out


@dataclass(frozen=True)
class Translations:
    """The question's words as the passages may say them otherwise (Berger & Lafferty's translation model, one
    step): per word of the question its terms, its weight and, per associate ``b`` of any of its terms, the
    probability ``P(a | b)`` that a passage holding ``b`` holds the word's term ``a`` (the most over its terms).
    A passage holding a word's term holds the word; one that holds none of them holds the word's weight times the
    best ``P(a | b)`` of an associate it holds (:meth:`held`). Build with :meth:`of`."""

    words: tuple[tuple[frozenset[str], float, Mapping[str, float]], ...]

    @classmethod
    def of(cls, words: Iterable[Sequence[tuple[str, float]]], associations: Associations, count: int
           ) -> Translations:
        """The translations of ``words`` (:attr:`bot.question_words.QuestionWords.words`: per word its terms with
        their weights, heaviest first) through the first ``count`` associates of each term."""
        out = []
        for word in words:
            terms = frozenset(t for t, _ in word)
            by: dict[str, float] = {}
            for t, _ in word:
                for b, _, back in associations.table.get(t, ())[:count]:
                    if b not in terms and back > by.get(b, 0.0):
                        by[b] = back
            if word and by:
                out.append((terms, word[0][1], by))
        return cls(tuple(out))

    def held(self, terms: frozenset[str]) -> float:
        """The weight of the question's words that ``terms`` (a passage's) hold only through an associate."""
        held = 0.0
        for word, weight, by in self.words:
            if word.isdisjoint(terms):
                held += weight * max((p for b, p in by.items() if b in terms), default=0.0)
        return held


def feedback_terms(first: Sequence[frozenset[str]], asked: Iterable[str], idf: Mapping[str, float],
                   count: int = FEEDBACK_TERMS, least: int = FEEDBACK_LEAST) -> dict[str, float]:
    """The feedback terms of bm25's first passages ``first`` (their analysed terms, best first): the terms not
    ``asked`` that at least ``least`` of them hold, weighed by that number times ``idf`` (a term without an idf:
    none), at most ``count``, heaviest first."""
    known = set(asked)
    held = Counter(t for terms in first for t in terms if t not in known)
    weighed = sorted(((n * idf.get(t, 0.0), t) for t, n in held.items() if n >= least), key=lambda x: (-x[0], x[1]))
    return {t: w for w, t in weighed[:count] if w > 0}


def share(expansion: Mapping[str, float], terms: frozenset[str]) -> float:
    """The share (0–1) of ``expansion``'s weight that ``terms`` (a passage's) hold; 0 for an empty expansion."""
    total = sum(expansion.values())
    return sum(w for t, w in expansion.items() if t in terms) / total if total else 0.0


__all__ = ["Associations", "Translations", "feedback_terms", "share"]
