"""Finding mechanics sections by a typed name, prepared once per store: the sections' folded title words, their
labels, the exact keys, the word prefixes, the synonym groups that title a section and the term table's typo keys
of the terms that title one are computed when the finder is made, so ``/mechanik``'s autocomplete and answer
cost dict look-ups per keystroke, not a folding of every title and every synonym pattern, and the term table's
typo tier runs only when a term that titles a section is near the typed text.

The finder lives in the store's cache (:func:`mechanic_finder`, :meth:`bot.store.Store.memo`): a store swapped
for a new one starts without it and makes its own at first use (or in the command table's warm-up).
"""

from __future__ import annotations

from collections import Counter

from rapidfuzz import fuzz, process

from bot.prefixes import WordPrefixes
from bot.store import MechanicRecord, Store
from bot.terms import term_index
from bot.text import canonical, tokens
from bot.textsearch import synonyms

#: A synonym pattern prepared for typed words: its words in :func:`bot.text.canonical` spelling, and per word
#: whether any ending is allowed.
Pattern = tuple[tuple[str, ...], tuple[bool, ...]]


def _fits(pattern: Pattern, typed: list[str]) -> bool:
    """True when ``typed`` (canonical words) is exactly the pattern (a starred word matches its beginning)."""
    words, prefix = pattern
    if len(words) != len(typed):
        return False
    return all(t.startswith(w) if p else t == w for t, w, p in zip(typed, words, prefix, strict=True))


class MechanicFinder:
    """The sections of one store, prepared for :meth:`find` (tiers as :meth:`find` says) and for choice labels.

    ``sections``: every mechanics section in document order (:meth:`bot.store.Store.mechanic_sections`).
    """

    def __init__(self, sections: list[MechanicRecord]) -> None:
        self.sections = sections
        words = [tuple(m.words) for m in sections]
        twins = Counter(m.title for m in sections)
        #: per section, its choice label: the title, with the set when another section has the same title
        self.labels = [m.label if twins[m.title] > 1 else m.title for m in sections]
        self._exact: dict[tuple[str, ...], list[int]] = {}
        for i, m in enumerate(sections):
            for key in dict.fromkeys((tuple(tokens(m.label)), words[i])):
                self._exact.setdefault(key, []).append(i)
        self._prefixes = WordPrefixes(words)
        self._keys = [" ".join(w) for w in words]
        # The synonym groups that title some section: their sections, and their patterns by kind. A pattern
        # without a starred word fits exactly one word tuple (a dict key); the few starred ones are tried in
        # order. The first group (in file order) with a fitting pattern wins, as the synonym table says.
        self._group_hits: list[list[int]] = []
        self._group_exact: dict[tuple[str, ...], int] = {}
        # starred patterns by word count (a pattern fits only typed text of as many words), in file order
        self._group_starred: dict[int, list[tuple[int, Pattern]]] = {}
        for group in synonyms():
            hits = [i for i, w in enumerate(words) if any(p.matches_at(list(w), 0) for p in group.patterns)]
            if hits:
                for p in group.patterns:
                    pattern = (tuple(canonical(w) for w in p.words), p.prefix)
                    if any(p.prefix):
                        self._group_starred.setdefault(len(pattern[0]), []).append((len(self._group_hits), pattern))
                    else:
                        self._group_exact.setdefault(pattern[0], len(self._group_hits))
                self._group_hits.append(hits)
        #: folded title → the sections so titled (ascending), for the term tier
        self._by_key: dict[str, list[int]] = {}
        for i, key in enumerate(self._keys):
            self._by_key.setdefault(key, []).append(i)
        # The term tier uses a term only when one of its names titles a section: the typo keys of those terms
        # let the term table skip its typo tier when none of them is near the typed text.
        #: the term table's typo keys of the terms one of whose names titles a section (``TermIndex.lookup``)
        index = term_index()
        titling = {i for i, term in enumerate(index.terms) if self._sections_of(term.names())}
        self.typo_keys = index.fuzzy_keys_of(titling)

    def find(self, text: str) -> list[int]:
        """The positions (in :attr:`sections`) of the sections ``text`` names, best tier only (several when one
        title stands in several FAQs).

        Tiers: label or title equal (folded) → title words start with the typed words → an English or old
        keyword of ``data/synonyms.tsv`` whose group holds the title → a term of the term table in any word
        form (:meth:`of_term`) → fuzzy (rapidfuzz WRatio ≥ 80). Returns [] when nothing fits.
        """
        typed = tokens(text)
        if not typed:
            return []
        exact = self._exact.get(tuple(typed))
        if exact:
            return list(exact)
        if len(typed) > 1 and all(len(t) < 2 for t in typed):  # loose letters ("{W}{W}" → w, w) name nothing
            return []
        prefix = self._prefixes.matching(typed)
        if prefix:
            return prefix
        grouped = self._group_of([canonical(t) for t in typed])
        if grouped is not None:
            return list(self._group_hits[grouped])
        by_term = self.of_term(text)
        if by_term:
            return by_term
        if len("".join(typed)) < 3:  # too short for a typo match
            return []
        best = process.extract(" ".join(typed), self._keys, scorer=fuzz.WRatio, limit=3, score_cutoff=80)
        if not best:
            return []
        top = best[0][1]
        return [i for _k, score, i in best if score >= top - 0.01]

    def _group_of(self, spelled: list[str]) -> int | None:
        """The first synonym group (position in :attr:`_group_hits`) with a pattern ``spelled`` (canonical
        words) fits exactly, or None."""
        found = self._group_exact.get(tuple(spelled))
        for position, pattern in self._group_starred.get(len(spelled), ()):
            if found is not None and position >= found:
                break
            if _fits(pattern, spelled):
                return position
        return found

    def of_term(self, text: str) -> list[int]:
        """The sections titled with a name of the term ``text`` names in the term table (:mod:`bot.terms`:
        nouns, verbs, inflected forms and participles, ``gepfropft`` → Pfropfen, ``reproduziert`` →
        Reproduktion)."""
        match = term_index().lookup(text, typo_among=self.typo_keys)
        if match is None:
            return []
        return self._sections_of(match.term.names())

    def _sections_of(self, names: list[tuple[str, int]]) -> list[int]:
        """The sections (ascending positions) titled with one of ``names`` (a term's ``(name, rank)`` pairs)."""
        return sorted({i for n, _rank in names for i in self._by_key.get(" ".join(tokens(n)), ())})


async def _make(store: Store) -> MechanicFinder:
    return MechanicFinder(await store.mechanic_sections())


async def mechanic_finder(store: Store) -> MechanicFinder:
    """The :class:`MechanicFinder` of ``store``'s sections, made once per store (its cache)."""
    return await store.memo("mechanic_finder", lambda: _make(store))
