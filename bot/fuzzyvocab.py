"""The fuzzy word matching of the card-name index (:class:`FuzzyVocabulary`): the words of the names' vocabulary
similar to a typed word, as rapidfuzz over the whole vocabulary would find them, narrowed first by word lengths,
shared letters (:mod:`bot.letterfilter`) and one-letter deletions, with tables of the answers for every start of a
vocabulary word made by the build (stored) or at the warm-up.

Nothing here imports the bot beyond :mod:`bot.letterfilter`, so the importer and the running bot share it.
"""

from __future__ import annotations

import bisect
import hashlib
import json
import math

from rapidfuzz import fuzz, process

from bot.letterfilter import LetterCounts, least_common

#: A typed word is compared with the vocabulary cut to at most this many letters (the word still being typed).
CUT_MAX = 40
#: Words whose fuzzy matches are kept per vocabulary (the words of the names typed lately; oldest dropped first).
FOUND_CACHE = 4096
#: A vocabulary of at most this many words keeps, per cut length, its cuts by one-letter deletions (a few dict
#: entries per word): a typed word of 4 to 7 letters then compares a handful of cuts, not all of them.
DELETION_VOCAB = 20_000
#: Cut lengths whose deletions :meth:`FuzzyVocabulary.prepare` makes (those a cutoff of 75 uses: 4 to 7 letters).
DELETION_PREPARED = 7
#: Typed word lengths whose whole-word comparison lists :meth:`FuzzyVocabulary.prepare` makes (longer words are
#: rare; theirs are made at their first look-up).
PREPARED_WORD_LENGTH = 30
#: A vocabulary of at most this many words gets, at :meth:`FuzzyVocabulary.prepare`, the similar words of every start
#: of its words of :data:`TABLE_MIN` to :data:`CUT_MAX` letters (the word being typed) and of every whole word (a
#: word typed before it), so a typed word that begins a name's word costs a dict look-up (the documents' 479 words:
#: 2 900 starts, tens of ms and a few MB at the warm-up; a larger vocabulary compares at each look-up).
TABLE_VOCAB = 2_000
#: Longest typed word whose whole-word comparison first narrows the vocabulary by shared letters
#: (:mod:`bot.letterfilter`, a vocabulary of at most :data:`TABLE_VOCAB` words); a longer one is compared with every
#: word of a reachable length.
LETTER_FILTER_LENGTH = 12
#: Format of the stored tables (:meth:`FuzzyVocabulary.tables_json`): a store with another is computed at start.
TABLES_VERSION = 3
#: Shortest typed word the fuzzy tier looks up (:data:`bot.typos.MIN_FUZZY_LENGTH`): shorter starts are not tabled.
TABLE_MIN = 3


def _reachable(n: int, cutoff: float) -> tuple[int, int]:
    """The lengths (low, high) a word may have and still reach ``fuzz.ratio`` ≥ ``cutoff`` with a word of ``n``
    letters: the ratio is at most ``200·min/(n+m)`` for lengths ``n`` and ``m`` (reached when the shorter word is
    a subsequence of the longer), so ``m`` ≥ ``c·n/(200−c)`` and ``m`` ≤ ``(200/c − 1)·n``. A millionth of a point
    of margin, so float rounding never drops a match (the comparison itself decides)."""
    c = cutoff - 1e-6
    if c <= 0:
        return 0, 1 << 30
    return max(0, math.ceil(c * n / (200.0 - c))), math.floor((200.0 / c - 1.0) * n)


def first_letter_extra(word: str, cut: str) -> bool:
    """True when ``word`` (typed, being typed) meets the vocabulary start ``cut`` only as ``cut`` with an extra
    letter put before it: ``word`` without its first letter begins ``cut``, whose first letter differs („chor“,
    „hord“ of „Horde“; „chor“, „hors“ of „Horst“). A typist's stray letter lands inside a word far more often than
    before its first letter (as :meth:`bot.vocabulary.Vocabulary.nearest` keeps the first letter), and the typed
    text is the start of another word as often: „chor“ is „Chor des Konklave“, not a slip of „Horde“. An extra
    letter inside the word („borros“ for „boros“) is a slip as before."""
    return len(word) > 1 and word[0] != cut[:1] and cut.startswith(word[1:])


class FuzzyVocabulary:
    """The distinct words of the names (``vocab``, sorted) and the words similar to a typed word
    (:meth:`similar`), as ``rapidfuzz.process.extract`` with ``fuzz.ratio`` over the whole vocabulary would
    find them, in the same order, but comparing only words of a length that can reach the cutoff, each cut of
    the vocabulary once, and keeping the last :data:`FOUND_CACHE` answers."""

    def __init__(self, vocab: list[str]) -> None:
        self.vocab = vocab
        self._by_length_pos: list[int] = []  # positions by word length, then vocabulary order (made when first needed)
        self._lengths: list[int] = []
        self._cuts: dict[int, tuple[list[str], list[list[str]]]] = {}
        self._spans: dict[tuple[int, int], list[str]] = {}
        self._deleted: dict[int, tuple[dict[str, list[int]], dict[str, list[int]]]] = {}
        self._found: dict[tuple[str, bool, float], dict[str, float]] = {}
        # whole-word matches by (word, cutoff): a word typed last and then followed by another asks for them again
        self._wholes: dict[tuple[str, float], dict[str, float]] = {}
        # prepare()'s tables at its cutoff: a word's starts (typed last) and whole words (typed before) → similar()
        self._letters: LetterCounts | None = None  # made by prepare() for a vocabulary of at most TABLE_VOCAB words
        self._allowances: dict[tuple[int, float], dict[int, int]] = {}
        self._cut_letters: dict[int, LetterCounts] = {}  # per cut length up to LETTER_FILTER_LENGTH, with _letters
        self._table_cutoff = -1.0
        self._starts_table: dict[str, dict[str, float]] = {}
        self._words_table: dict[str, dict[str, float]] = {}

    def similar(self, word: str, last: bool, cutoff: float) -> dict[str, float]:
        """Vocabulary words with ``fuzz.ratio`` ≥ ``cutoff`` to ``word`` → score (0–100), best first (ties in
        vocabulary order); with ``last`` (the word being typed) also words whose start (cut to the word's length,
        at most :data:`CUT_MAX`) is that similar, one point lower, listed after (a whole-word score is kept when
        higher). The dict is shared: read it, never change it. A word of :meth:`prepare`'s tables is looked up."""
        if cutoff == self._table_cutoff:
            found = (self._starts_table if last else self._words_table).get(word)
            if found is not None:
                return found
        key = (word, last, cutoff)
        found = self._found.get(key)
        if found is None:
            whole = self._whole(word, cutoff)
            found = self._with_cuts(word, dict(whole), cutoff) if last else whole
            if len(self._found) >= FOUND_CACHE:
                del self._found[next(iter(self._found))]
            self._found[key] = found
        return found

    def held(self, word: str, last: bool, cutoff: float) -> bool:
        """True when :meth:`similar` answers ``word`` (``last``, ``cutoff``) by a look-up: a word of
        :meth:`prepare_tables`'s tables or one answered lately."""
        if cutoff == self._table_cutoff and word in (self._starts_table if last else self._words_table):
            return True
        return (word, last, cutoff) in self._found

    def _with_cuts(self, word: str, found: dict[str, float], cutoff: float) -> dict[str, float]:
        """``found`` (``word``'s whole-word matches, a dict of its own) with the words whose start is similar to
        ``word`` (:meth:`similar` with ``last``) added, except a start the word meets only through an extra first
        letter (:func:`first_letter_extra`: „chor“ is no slip of „hord…“)."""
        cuts, groups = self._cut(min(len(word), CUT_MAX))
        for score, pos in self._similar_cuts(word, cutoff):
            if first_letter_extra(word, cuts[pos]):
                continue
            lower = float(score) - 1.0  # a prefix match ranks just below a whole word
            for w in groups[pos]:
                if found.get(w, 0.0) < lower:  # the higher score stays (a word keeps its place)
                    found[w] = lower
        return found

    def prepare_tables(self, cutoff: float = 75.0) -> None:
        """Make :meth:`similar`'s answers at ``cutoff`` for every start of the vocabulary's words of :data:`TABLE_MIN`
        to :data:`CUT_MAX` letters (typed last: a name's word being typed) and every whole word (typed before the
        last), when the vocabulary has at most :data:`TABLE_VOCAB` words; the same answers as computed at a look-up
        (:meth:`_compare_whole`, :meth:`_with_cuts`). Typed words outside the tables (typos) are compared as before."""
        if len(self.vocab) > TABLE_VOCAB:
            return
        self.prepare(cutoff)
        starts = dict.fromkeys(w[:end] for w in self.vocab for end in range(TABLE_MIN, min(len(w), CUT_MAX) + 1))
        self._words_table = {w: self._compare_whole(w, cutoff) for w in self.vocab}
        self._starts_table = {s: self._with_cuts(s, dict(self._words_table.get(s) or self._compare_whole(s, cutoff)),
                                                 cutoff) for s in starts}
        self._table_cutoff = cutoff

    def tables_json(self, cutoff: float = 75.0) -> str | None:
        """:meth:`prepare_tables`'s tables at ``cutoff`` as JSON for the store (the build: ``meta``
        :data:`bot.store.names.FUZZY_TABLES_META`), or None for a vocabulary of more than :data:`TABLE_VOCAB` words.
        Per typed word, its similar words as vocabulary positions and scores, flat and in order (best first)."""
        if len(self.vocab) > TABLE_VOCAB:
            return None
        self.prepare_tables(cutoff)
        pos = {w: i for i, w in enumerate(self.vocab)}

        def flat(table: dict[str, dict[str, float]]) -> dict[str, list[float]]:
            return {typed: [x for w, score in found.items() for x in (pos[w], score)] for typed, found in table.items()}

        return json.dumps({"version": TABLES_VERSION, "cutoff": cutoff, "words": self._digest(),
                           "starts": flat(self._starts_table), "whole": flat(self._words_table)},
                          separators=(",", ":"))

    def _digest(self) -> str:
        """The vocabulary's words in order, as a short BLAKE2b digest (hex): the stored tables name words by
        position, so they fit only the very same list."""
        return hashlib.blake2b("\n".join(self.vocab).encode(), digest_size=8).hexdigest()

    def load_tables(self, text: str | None) -> bool:
        """Take :meth:`prepare_tables`'s tables from ``text`` (:meth:`tables_json` of this vocabulary, read from the
        store) after :meth:`prepare` at their cutoff: True, or False when ``text`` is None, not JSON, or of another
        version or vocabulary (its words' digest, so a vocabulary of the same size but other words is caught; then
        call :meth:`prepare_tables`)."""
        try:
            found = json.loads(text) if text else None
        except ValueError:  # a damaged row: the tables are made anew, as for a store without them
            return False
        key = (TABLES_VERSION, self._digest())
        if not isinstance(found, dict) or (found.get("version"), found.get("words")) != key:
            return False
        cutoff = float(found["cutoff"])
        self.prepare(cutoff)
        vocab = self.vocab

        def tabled(flat: dict[str, list[float]]) -> dict[str, dict[str, float]]:
            return {typed: {vocab[int(x[i])]: x[i + 1] for i in range(0, len(x), 2)} for typed, x in flat.items()}

        self._starts_table, self._words_table = tabled(found["starts"]), tabled(found["whole"])
        self._table_cutoff = cutoff
        return True

    def prepare(self, cutoff: float = 75.0) -> None:
        """Make now what the first look-ups would make: the vocabulary by length and its cuts to 1 …
        :data:`CUT_MAX` letters, the words a typed word of up to :data:`PREPARED_WORD_LENGTH` letters is compared
        with at ``cutoff`` (the autocomplete's), and for a vocabulary of at most :data:`DELETION_VOCAB` words the
        deletions of the cuts of up to :data:`DELETION_PREPARED` letters (a few milliseconds for 500 words)."""
        self._by_lengths()
        for n in range(1, CUT_MAX + 1):
            self._cut(n)
        if len(self.vocab) <= TABLE_VOCAB and self._letters is None:
            self._letters = LetterCounts(self.vocab)
            self._cut_letters = {n: LetterCounts(self._cut(n)[0]) for n in range(1, LETTER_FILTER_LENGTH + 1)}
        for n in range(1, PREPARED_WORD_LENGTH + 1):  # the words a typed word of n letters is compared with
            self._lengths_between(*_reachable(n, cutoff))
            self._allowed(n, cutoff, *_reachable(n, cutoff))
        if len(self.vocab) <= DELETION_VOCAB:
            for n in range(1, DELETION_PREPARED + 1):
                self._deletions(n)

    def _by_lengths(self) -> None:
        if not self._lengths and self.vocab:
            order = sorted(range(len(self.vocab)), key=lambda i: len(self.vocab[i]))
            self._by_length_pos = order
            self._lengths = [len(self.vocab[i]) for i in order]

    def _whole(self, word: str, cutoff: float) -> dict[str, float]:
        """Words with ``fuzz.ratio`` ≥ ``cutoff`` to ``word`` → score, best first, ties in vocabulary order (the
        last :data:`FOUND_CACHE` answers kept; the dict is shared)."""
        key = (word, cutoff)
        found = self._wholes.get(key)
        if found is None:
            if len(self._wholes) >= FOUND_CACHE:
                del self._wholes[next(iter(self._wholes))]
            found = self._wholes[key] = self._compare_whole(word, cutoff)
        return found

    def _compare_whole(self, word: str, cutoff: float) -> dict[str, float]:
        """:meth:`_whole`, compared now: the words of a length that can reach the cutoff, in vocabulary order, so
        ``process.extract``'s order (best first, ties by position) is already the answer's."""
        n = len(word)
        low, high = _reachable(n, cutoff)
        if self._letters is not None and n <= LETTER_FILTER_LENGTH:  # the few words sharing enough letters
            vocab = self.vocab
            choices = [vocab[i] for i in self._letters.candidates(word, self._allowed(n, cutoff, low, high))]
        else:
            choices = self._lengths_between(low, high)
        hits = process.extract(word, choices, scorer=fuzz.ratio, processor=None, limit=None, score_cutoff=cutoff)
        return {w: score for w, score, _pos in hits}

    def _allowed(self, n: int, cutoff: float, low: int, high: int) -> dict[int, int]:
        """Per length ``low`` … ``high`` of a vocabulary word, how many letters of a typed word of ``n`` letters it
        may lack and still reach ``cutoff`` (:mod:`bot.letterfilter`; made once per length and cutoff)."""
        found = self._allowances.get((n, cutoff))
        if found is None:
            found = self._allowances[n, cutoff] = {m: n - least_common(n, m, cutoff) for m in range(low, high + 1)}
        return found

    def _similar_cuts(self, word: str, cutoff: float) -> list[tuple[float, int]]:
        """(score, position) of the cuts of the vocabulary to ``len(word)`` letters (at most :data:`CUT_MAX`) with
        ``fuzz.ratio`` ≥ ``cutoff`` to ``word``, best first, ties in vocabulary order: ``process.extract``'s
        answer. Cut and word have the same length ``n``, so the ratio is ``100·LCS/n``: a cutoff that lets at most
        one letter of each differ (``LCS ≥ n − 1``; 75 for words of 4 to 7 letters) is met only by the cuts that
        equal the word or share one of its one-letter deletions (a dict prepared per length, :meth:`_deletions`);
        they alone are compared. A word longer than the cuts, or a lower cutoff, is compared with every cut."""
        n = len(word)
        cuts, _groups = self._cut(min(n, CUT_MAX))
        needed = math.ceil((cutoff - 1e-6) * n / 100.0)  # least LCS of the word and an n-letter cut
        if n > CUT_MAX or needed < n - 1 or len(self.vocab) > DELETION_VOCAB:
            letters = self._cut_letters.get(n)
            if letters is None:
                hits = process.extract(word, cuts, scorer=fuzz.ratio, processor=None, limit=None, score_cutoff=cutoff)
                return [(score, pos) for _c, score, pos in hits]
            # the cuts lacking at most as many of the word's letters as the cutoff allows (bot.letterfilter)
            kept = letters.candidates(word, {n: n - needed})
            hits = process.extract(word, [cuts[p] for p in kept], scorer=fuzz.ratio, processor=None, limit=None,
                                   score_cutoff=cutoff)
            return [(score, kept[i]) for _c, score, i in hits]
        exact, deleted = self._deletions(n)
        equal = exact.get(word, ())  # the cut equal to the word (positions ascending)
        near: set[int] = set()
        for i in range(n) if needed < n else ():  # a cutoff no differing letter meets: the equal cut only
            near.update(deleted.get(word[:i] + word[i + 1:], ()))
        if equal:
            near.difference_update(equal)
        # Every cut in ``near`` differs from the word and shares an (n−1)-letter deletion with it: LCS n − 1 and the
        # same lengths, so the same score, computed once; listed by position, as process.extract orders ties.
        scored: list[tuple[float, int]] = []
        for group in (equal, near):
            if group:
                score = fuzz.ratio(word, cuts[next(iter(group))], processor=None, score_cutoff=cutoff)
                if score:
                    scored += [(score, pos) for pos in sorted(group)]
        return scored

    def _deletions(self, n: int) -> tuple[dict[str, list[int]], dict[str, list[int]]]:
        """The ``n``-letter cuts (:meth:`_cut`) by themselves and by each of their one-letter deletions: string →
        positions (made once per length)."""
        found = self._deleted.get(n)
        if found is None:
            cuts, _groups = self._cut(n)
            exact: dict[str, list[int]] = {}
            deleted: dict[str, list[int]] = {}
            for pos, cut in enumerate(cuts):
                exact.setdefault(cut, []).append(pos)
                for variant in {cut[:i] + cut[i + 1:] for i in range(len(cut))}:
                    deleted.setdefault(variant, []).append(pos)
            found = self._deleted[n] = (exact, deleted)
        return found

    def _lengths_between(self, low: int, high: int) -> list[str]:
        """The vocabulary's words of ``low`` … ``high`` letters, in vocabulary order (the list made once per pair of
        lengths)."""
        found = self._spans.get((low, high))
        if found is None:
            self._by_lengths()
            lengths = self._lengths
            span = self._by_length_pos[bisect.bisect_left(lengths, low):bisect.bisect_right(lengths, high)]
            found = self._spans[low, high] = [self.vocab[i] for i in sorted(span)]
        return found

    def _cut(self, n: int) -> tuple[list[str], list[list[str]]]:
        """The distinct ``n``-letter starts of the words longer than ``n`` letters (in vocabulary order) and,
        per start, its words. A word of at most ``n`` letters is its own cut: :meth:`_whole` has compared it."""
        found = self._cuts.get(n)
        if found is None:
            cuts: list[str] = []
            groups: list[list[str]] = []
            for w in self.vocab:
                if len(w) > n:
                    if cuts and w.startswith(cuts[-1]):
                        groups[-1].append(w)
                    else:
                        cuts.append(w[:n])
                        groups.append([w])
            found = self._cuts[n] = (cuts, groups)
        return found
