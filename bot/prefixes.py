"""Word-prefix look-up for autocomplete: which labels of a fixed list have, for every typed word, a word that
starts with it (``konklave ch`` → "Chor des Konklave"), answered from a dict built once per list instead of
folding and comparing every label on every keystroke.

The words are compared as given: callers fold labels and typed text the same way (:func:`bot.text.tokens` or
:func:`bot.text.name_words`) before.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Sequence

#: A prefix of at most this many labels is checked in its list (a few comparisons in C); a longer one in a set made
#: with the index (:class:`WordPrefixes`).
LIST_MEMBERS = 32


class WordPrefixes:
    """Every prefix of every word of the labels → the labels (by position) having such a word.

    ``WordPrefixes([("chor", "des", "konklave"), ("boros", "rekrut")]).matching(["kon", "ch"])`` → ``[0]``.
    Memory: one entry per distinct prefix (the sum of the word lengths at most).

    ``groups`` (one per label, e.g. the term a name belongs to): then :meth:`firsts` also gives, per prefix, the first
    label of each group having a word with that prefix, made in the same pass.
    """

    def __init__(self, labels: Iterable[Iterable[str]], groups: Sequence[Hashable] | None = None) -> None:
        index: dict[str, list[int]] = {}
        firsts: dict[str, list[int]] = {}
        grouped: dict[str, set[Hashable]] = {}  # per prefix, the groups in firsts (only while building)
        size = 0
        for pos, words in enumerate(labels):
            size = pos + 1
            seen: set[str] = set()
            for word in words:
                for end in range(1, len(word) + 1):
                    prefix = word[:end]
                    if prefix not in seen:
                        seen.add(prefix)
                        index.setdefault(prefix, []).append(pos)
            if groups is not None:
                group = groups[pos]
                for prefix in seen:
                    found = grouped.setdefault(prefix, set())
                    if group not in found:
                        found.add(group)
                        firsts.setdefault(prefix, []).append(pos)
        self._size = size
        self._index = index
        self._firsts = firsts
        #: the labels of every prefix of more than :data:`LIST_MEMBERS` labels as a set, made now: a text of several
        #: words checks the labels of its rarest word against the others', and at a word's first sight a set made
        #: then cost more than the rest of the keystroke (a prefix such as ``e`` has a few hundred labels)
        self._sets = {prefix: frozenset(found) for prefix, found in index.items() if len(found) > LIST_MEMBERS}

    def __len__(self) -> int:
        return self._size

    def matching(self, typed: Sequence[str]) -> list[int]:
        """Positions (ascending) of the labels in which every word of ``typed`` starts some word; every
        position when ``typed`` is empty (as ``all([])``), none when a typed word is empty."""
        if not typed:
            return list(range(self._size))
        words = list(dict.fromkeys(typed))
        if not all(w in self._index for w in words):
            return []
        words.sort(key=lambda w: len(self._index[w]))
        first = self._index[words[0]]
        if len(words) == 1:
            return list(first)
        sets = self._sets
        others = [sets.get(w) or self._index[w] for w in words[1:]]  # a short list is searched as it is
        return [p for p in first if all(p in s for s in others)]

    def firsts(self) -> dict[str, list[int]]:
        """Every prefix → the positions (ascending) of the first label of each group (``groups`` of the constructor)
        having a word that starts with it; ``{}`` without groups. Shared: read it, never change it."""
        return self._firsts


class KeyStarts:
    """The starts of the keys of a table keyed by tuples of word forms (a Snowball stem per word), so a text's
    key is made only as far as some key starts with it: :meth:`key` forms the words one by one and stops at the
    first start no key has (a typed word's form is the costly part; most typed texts leave the table after their
    first word, and the newest word is formed only when the words before it start a key)."""

    def __init__(self, keys: Iterable[tuple[str, ...]]) -> None:
        self._starts = {key[:end] for key in keys for end in range(1, len(key) + 1)}

    def key(self, words: Sequence[str], form: Callable[[str], str]) -> tuple[str, ...] | None:
        """``tuple(map(form, words))`` when every start of it starts a key (then it may be one), else None: then
        it is no key of the table. ``()`` for no words."""
        found: tuple[str, ...] = ()
        for word in words:
            found = (*found, form(word))
            if found not in self._starts:
                return None
        return found
