"""The card-name index's prepared data: everything :class:`bot.search.NameIndex` searches (:class:`IndexParts`,
computed by :func:`index_parts` from the store's names), and the fuzzy word matching over its vocabulary
(:class:`bot.fuzzyvocab.FuzzyVocabulary`, imported here too).

The build computes the parts once and stores them (:mod:`bot.importer.names`); a process reads a small store's
parts back into memory (:func:`parts_from_stored`) and answers a large one from the stored tables
(:class:`bot.store.names.StoredNames`). :class:`MemoryNames` gives the parts in memory the same interface.

Nothing here imports the bot beyond :mod:`bot.store`, :mod:`bot.text` and :mod:`bot.fuzzyvocab`, so the importer
and the running bot share it.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Callable, Collection, Iterable, Iterator, Mapping, Sequence
from typing import NamedTuple

from bot.fuzzyvocab import FuzzyVocabulary
from bot.store import NameEntry
from bot.store.names import KEYS, RKEYS, WORDS, Entries, EntryRow, StoredNames
from bot.text import NAME_SEPARATORS, NAME_SLASHES, name_keys, name_words

#: Alias kinds that are not the card's German name (ranked after German names within a tier).
FOREIGN_KINDS = frozenset({"english"})
#: Ranking data kept per entry of a stored index (then the memory starts anew).
STATIC_KEPT = 65_536
#: A word of a card name as the question ranker reads names (letters only).
NAME_WORD = re.compile(r"[^\W\d_]+")
#: The shortest name word (lower case) the ranker takes as a sign of its card.
NAME_WORD_MIN = 4
#: Stems looked up in a stored index kept per :class:`StoredStems` (then the memory starts anew).
STEMS_KEPT = 4096


class IndexParts(NamedTuple):
    """The index of :class:`bot.search.NameIndex`, as plain lists and dicts.

    Per entry (a name a card is found by, in store order): ``card_ids``, ``card_names`` (the card's German
    name), ``names`` (the name itself), ``kinds`` (``name``, ``face``, ``english``, …), ``entry_words`` (its
    distinct folded words, sorted). Sorted with their entry: ``key_strings``/``key_owner`` (compact keys,
    :func:`bot.text.name_keys`), ``rkey_strings``/``rkey_owner`` (the keys reversed), ``word_strings``/
    ``word_owner`` (folded words). ``vocab``: the distinct words, sorted; ``word_entries``: word → its entries;
    ``card_entries``: card id → its entries.
    """

    card_ids: list[int]
    card_names: list[str]
    names: list[str]
    kinds: list[str]
    entry_words: list[tuple[str, ...]]
    key_strings: list[str]
    key_owner: list[int]
    rkey_strings: list[str]
    rkey_owner: list[int]
    word_strings: list[str]
    word_owner: list[int]
    vocab: list[str]
    word_entries: dict[str, list[int]]
    card_entries: dict[int, list[int]]


def name_strings(name: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """What the index holds of one name: its compact keys (:func:`bot.text.name_keys`) and its distinct folded
    words (:func:`bot.text.name_words`), sorted.

    A name of printable ASCII (most English names) is folded in one pass: there NFKC, the umlaut spellings and
    the marks change nothing and ``casefold`` is ``lower``, so both keys are one and the same (the build folds
    240 000 names for 100 000 printings)."""
    if name.isascii() and name.isprintable():
        base = " ".join(name.split()).lower()  # bot.text.clean(name).casefold() for printable ASCII
        key = NAME_SEPARATORS.sub("", NAME_SLASHES.sub("/", base))
        words = {w for w in NAME_SEPARATORS.split(NAME_SLASHES.sub(" ", base)) if w}
        return ((key,) if key else ()), tuple(sorted(words))
    return name_keys(name), tuple(sorted(set(name_words(name))))


def index_parts(entries: Iterable[NameEntry]) -> IndexParts:
    """The :class:`IndexParts` of the store's name ``entries`` (every name folded once: two compact keys and
    the words per name)."""
    card_ids: list[int] = []
    card_names: list[str] = []
    names: list[str] = []
    kinds: list[str] = []
    entry_words: list[tuple[str, ...]] = []
    keys: list[tuple[str, int]] = []
    words: list[tuple[str, int]] = []
    word_entries: dict[str, list[int]] = {}
    card_entries: dict[int, list[int]] = {}
    for idx, entry in enumerate(entries):
        card_ids.append(entry.card_id)
        card_names.append(entry.card_name)
        names.append(entry.name)
        kinds.append(entry.kind)
        card_entries.setdefault(entry.card_id, []).append(idx)
        entry_keys, distinct = name_strings(entry.name)
        keys += [(key, idx) for key in entry_keys]
        entry_words.append(distinct)
        for word in distinct:
            words.append((word, idx))
            word_entries.setdefault(word, []).append(idx)
    keys.sort()
    words.sort()
    rkeys = sorted((k[::-1], i) for k, i in keys)
    return IndexParts(
        card_ids, card_names, names, kinds, entry_words,
        [k for k, _ in keys], [i for _, i in keys], [k for k, _ in rkeys], [i for _, i in rkeys],
        [w for w, _ in words], [i for _, i in words], sorted(word_entries), word_entries, card_entries,
    )


def name_stems(name: str, stem: Callable[[str], str], stop_words: Collection[str]) -> set[str]:
    """The stems of the words of ``name`` by which a question may name its card (:mod:`bot.ranking`): the
    capitalised words (nouns, names: "Gedächtnis", "Circu"; not the verbs and adjectives inside a name, "Ins
    Gedächtnis verschwinden", which a sentence uses in their ordinary sense), lower-cased, of at least
    :data:`NAME_WORD_MIN` letters, not in ``stop_words``, each through ``stem`` (the ranker's analyser: a lower-case
    word → its stem). The build stores them (:mod:`bot.importer.prepared`), a small index computes them."""
    out = set()
    for word in (w.lower() for w in NAME_WORD.findall(name) if w[0].isupper()):
        if len(word) >= NAME_WORD_MIN and word not in stop_words:
            out.add(stem(word))
    return out


class StoredStems(Mapping[str, frozenset[int]]):
    """Stem → the cards of a stored index whose names have a word of that stem (:func:`name_stems`), read per stem
    from the build's rows (:meth:`bot.store.names.StoredNames.stem_cards`) when asked, so nothing is read for the
    whole index: a stem is in the mapping when ``keep(stem, cards)`` holds (the ranker's rule: few cards, rare in
    the documents). The build stores only stems of at most :data:`bot.store.names.STEM_CARDS` cards; ``keep`` must
    refuse more (every rule does that keeps stems of at most that many cards)."""

    def __init__(self, stored: StoredNames, keep: Callable[[str, frozenset[int]], bool]) -> None:
        self._stored = stored
        self._keep = keep
        self._found: dict[str, frozenset[int] | None] = {}

    def __getitem__(self, stem: str) -> frozenset[int]:
        if stem not in self._found:
            if len(self._found) >= STEMS_KEPT:
                self._found.clear()
            cards = frozenset(self._stored.stem_cards(stem))
            self._found[stem] = cards if cards and self._keep(stem, cards) else None
        found = self._found[stem]
        if found is None:
            raise KeyError(stem)
        return found

    def __iter__(self) -> Iterator[str]:
        return (stem for stem in self._stored.stems() if stem in self)

    def __len__(self) -> int:
        return sum(1 for _ in self)


def parts_from_stored(stored: StoredNames) -> IndexParts:
    """The :class:`IndexParts` the build stored (:mod:`bot.importer.names`), read back without folding a name:
    equal to :func:`index_parts` of the store's names (the word and card maps in another insertion order)."""
    card_ids: list[int] = []
    card_names: list[str] = []
    names: list[str] = []
    kinds: list[str] = []
    entry_words: list[tuple[str, ...]] = []
    card_entries: dict[int, list[int]] = {}
    for idx, (card_id, card_name, name, kind, folded) in enumerate(stored.rows()):
        card_ids.append(card_id)
        card_names.append(card_name)
        names.append(name)
        kinds.append(kind)
        entry_words.append(tuple(folded.split()))
        card_entries.setdefault(card_id, []).append(idx)
    (keys, key_owner), (rkeys, rkey_owner), (words, word_owner) = (_span_lists(stored, k) for k in (KEYS, RKEYS, WORDS))
    word_entries: dict[str, list[int]] = {}
    for word, idx in zip(words, word_owner, strict=True):
        word_entries.setdefault(word, []).append(idx)
    return IndexParts(card_ids, card_names, names, kinds, entry_words, keys, key_owner, rkeys, rkey_owner, words,
                      word_owner, list(word_entries), word_entries, card_entries)


def _span_lists(stored: StoredNames, kind: int) -> tuple[list[str], list[int]]:
    """Every stored string of ``kind``, sorted, and its entries."""
    rows = list(stored.key_rows(kind))
    return [k for k, _ in rows], [i for _, i in rows]


class MemoryNames:
    """:class:`IndexParts` in memory behind the interface of :class:`bot.store.names.StoredNames` (spans by
    binary search), so :class:`bot.search.NameIndex` asks both the same way."""

    def __init__(self, parts: IndexParts) -> None:
        self.parts = parts
        self.card_names: dict[int, str] = dict(zip(parts.card_ids, parts.card_names, strict=True))
        p = parts
        self._spans = {KEYS: (p.key_strings, p.key_owner), RKEYS: (p.rkey_strings, p.rkey_owner),
                       WORDS: (p.word_strings, p.word_owner)}
        # Entry rows made once (a search reads a few dozen per keystroke).
        self._rows: list[EntryRow] = list(zip(p.card_ids, p.card_names, p.names, p.kinds, p.entry_words, strict=True))

    def entry_count(self) -> int:
        """How many entries (names a card is found by) the index has."""
        return len(self.parts.names)

    def span(self, kind: int, prefix: str, cap: int) -> tuple[list[str], list[int]]:
        """As :meth:`bot.store.names.StoredNames.span`."""
        strings, owners = self._spans[kind]
        start = bisect.bisect_left(strings, prefix)
        stop = min(bisect.bisect_left(strings, prefix + "\U0010ffff"), start + cap)
        return strings[start:stop], owners[start:stop]

    def entry(self, idx: int) -> EntryRow:
        """Card id, card name, name, kind and distinct folded words of entry ``idx``."""
        return self._rows[idx]

    def words_of(self, idx: int) -> tuple[str, ...]:
        """The distinct folded words of entry ``idx``."""
        return self.parts.entry_words[idx]

    def card_entries(self, card_id: int) -> list[int]:
        """The entries of card ``card_id``, in store order."""
        return self.parts.card_entries.get(card_id, [])

    def word_entries(self, word: str, cap: int) -> list[int]:
        """The first ``cap`` entries having the folded word ``word``."""
        return self.parts.word_entries.get(word, [])[:cap]

    def word_count(self, word: str) -> int:
        """How many entries have the folded word ``word``."""
        return len(self.parts.word_entries.get(word, ()))

    def vocabulary(self) -> list[str]:
        """The distinct folded words, sorted."""
        return self.parts.vocab

    def first_letters(self) -> set[str]:
        """The first characters of the names."""
        return {name[:1] for name in self.parts.names if name}

    def iter_entries(self) -> Iterator[NameEntry]:
        """Every entry as a :class:`bot.store.NameEntry`, in store order."""
        p = self.parts
        return map(NameEntry, p.card_ids, p.card_names, p.names, p.kinds)

    def entries(self) -> Sequence[NameEntry]:
        """The entries as :class:`bot.store.NameEntry` objects, made when asked for."""
        return Entries(self)


__all__ = ["FOREIGN_KINDS", "FuzzyVocabulary", "IndexParts", "MemoryNames", "StoredStems", "index_parts",
           "name_stems", "name_strings", "parts_from_stored"]
