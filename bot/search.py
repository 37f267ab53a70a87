"""Card-name normalisation and the ranked in-memory name index.

Normalisation (:func:`bot.text.name_keys`) makes these spellings meet:

* case and Unicode forms (NFKC; ``U`` + U+0308 is ``Ü``), zero-width and control characters dropped;
* umlauts both ways: ``ä`` ↔ ``ae`` and ``ä`` ↔ ``a`` (two keys per name), ``ß`` ↔ ``ss``;
* hyphens, spaces, apostrophes, commas and dots: ignored in the compact key
  (``Boros-Rekrut`` = ``boros rekrut`` = ``borosrekrut``);
* ``/`` and ``//`` in any spacing; either half of a split card is indexed as its own entry.

Ranking (:meth:`NameIndex.search`): exact name, then prefix, then word prefix, then fuzzy
(rapidfuzz); an exact or prefix hit always ranks above a fuzzy one. Within a tier the card's own
(German) names come before English aliases (``chor`` → "Chor des Konklave" before "Akkord des Rufes",
found through "Chord of Calling"). The fuzzy tier has two parts: one edit anywhere in the whole name
(a typo in a short word, a hyphen typed as a letter, two words run together: the candidates share the
first or the last half of the compact key, found by binary search, then checked with Levenshtein in C)
and word-by-word similarity for several typos or a name still being typed. The build prepares the index
and stores it (:mod:`bot.importer.prepared`); a process reads a small one into memory and answers a large one
(more than :data:`IN_MEMORY_ENTRIES` names) from the stored tables, with the same answers.

Resolution (:meth:`NameIndex.lookup`, the one rule for every option that takes a card): a typed name answers
a card only when it is that card (an exact hit in any accepted spelling, or one card's shortened name: CR 201.5c)
or a typo of one clear name, after a German article too; a name only begun, a name with a word left out or two
close candidates get the candidates as "Meintest du" choices instead, never another card silently; a name
nothing is close to gets no choices (never an unrelated card).
"""

from __future__ import annotations

import heapq
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from operator import itemgetter
from typing import NamedTuple

from rapidfuzz import fuzz, process

from bot.namedata import (
    FOREIGN_KINDS,
    FuzzyVocabulary,
    IndexParts,
    MemoryNames,
    index_parts,
    parts_from_stored,
)
from bot.nameedits import TABLE_KEYS, EditTable, SpanEdits
from bot.nameranks import (
    COMPLETIONS_KEPT,
    SORT_ALL,
    Folded,
    FoldedNames,
    Rank,
    StaticRow,
    StaticRows,
    best_ranks,
    folded_query,
    static_rows,
    tied_groups,
)
from bot.store import NameEntry
from bot.store.names import KEYS, WORDS, StoredNames
from bot.text import LEADING_ARTICLE, clean, name_keys, name_words
from bot.typos import MIN_EDIT_LENGTH, MIN_FUZZY_LENGTH, Typed, kept_name_words, shortened_card

#: The name-word normaliser under its old name (the normalisers live in :mod:`bot.text`).
words = name_words

#: At most this many keys are scanned per prefix look-up (common prefixes on huge indexes).
SCAN_CAP = 2000
#: Prefixes up to this length scan only ``limit × 8`` keys (alphabetically first), not :data:`SCAN_CAP`.
SHORT_PREFIX = 3
#: Autocomplete answers at most this many names (Discord's limit of choices).
COMPLETE_LIMIT = 25
#: Autocomplete queries of at most this many characters are kept in memory (:meth:`NameIndex.complete`), at
#: most :data:`FIRST_KEYSTROKES_KEPT` of them (then the memory starts anew).
FIRST_KEYSTROKES = 1
FIRST_KEYSTROKES_KEPT = 512

#: Score of a whole-name match one edit away (above any word-by-word fuzzy score in practice).
EDIT_SCORE = 99.0
#: Score of a name whose start is one edit from the whole typed text (a name still being typed, with one slip:
#: ``boros rec`` → "Boros-Rekrut"): a close candidate (≥ :data:`CLOSE_SCORE`), below a whole-name typo's rivals
#: (:data:`EDIT_SCORE` − :data:`TYPO_MARGIN`).
SLIP_SCORE = 90.0
#: Shortest compact key whose slipped starts are sought (a shorter one starts with a slip in too many names).
MIN_SLIP_LENGTH = 6
#: A stored index of at most this many entries is read into memory at start (283 names: a few ms); a larger
#: one is answered from the stored tables (:class:`bot.store.names.StoredNames`), so start-up does not grow
#: with the card data.
IN_MEMORY_ENTRIES = 20_000

#: Tiers, best first.
EXACT, PREFIX, WORD_PREFIX, FUZZY = 0, 1, 2, 3

#: What a typed card name means (:attr:`Lookup.how`): exactly one card's name, a typo of one clear name,
#: several cards or only part of a name (choices), nothing close (not found), no letters at all.
EXACT_MATCH, TYPO, UNCLEAR, MISSING, EMPTY = "exact", "typo", "unclear", "missing", "empty"
#: :attr:`Lookup.how` of a card found by its shortened name (CR 201.5c: the part of a name before its comma,
#: „Szadek“ for Szadek, Herr der Geheimnisse), said above the answer as a typo is.
SHORT = "short"
#: Candidates offered as "Meintest du" (Discord shows up to 5 as buttons).
CHOICES = 5
#: Hits :meth:`NameIndex.lookup` examines: enough to see every card as close as a typo's.
LOOKUP_HITS = 10
#: Another card whose fuzzy score is within this many points of a typo's makes the typo unclear.
TYPO_MARGIN = 5.0
#: Least fuzzy score (0–100) for which a name counts as close ("Meintest du" rather than "nicht gefunden").
CLOSE_SCORE = 85.0


class NameHit(NamedTuple):
    """One search result: the card, the name that matched, its tier (0 exact … 3 fuzzy) and score 0–100.

    Immutable; a named tuple, since an autocomplete answer makes up to 25 of them per keystroke (a frozen dataclass
    costs several times as much to make)."""

    card_id: int
    card_name: str
    matched: str
    tier: int
    score: float
    kind: str = "name"

    @property
    def foreign(self) -> bool:
        """True when the hit came through an English alias, not the card's German name."""
        return self.kind in FOREIGN_KINDS

    def sort_key(self) -> tuple[int, bool, float, int, str]:
        """Tier, German before English, score (descending), shorter name, name."""
        return (self.tier, self.foreign, -self.score, len(self.card_name), self.card_name)


@dataclass(frozen=True)
class Lookup:
    """What a typed card name means (:meth:`NameIndex.lookup`).

    ``hit``: the card it answers, or None. ``how``: :data:`EXACT_MATCH`, :data:`TYPO`, :data:`UNCLEAR`
    (several cards or part of a name: "Meintest du"), :data:`MISSING` (nothing close: "nicht gefunden", no
    candidates: a fuzzy match below :data:`CLOSE_SCORE` is another card — ``Research`` is not
    Tresserhorn-Himmelsritter) or :data:`EMPTY`. ``candidates``: the cards to offer when there is no ``hit``, best
    first (typo candidates before the rest), at most the ``offer`` of :meth:`NameIndex.lookup`.
    """

    hit: NameHit | None
    how: str
    candidates: list[NameHit]


class NameIndex:
    """Ranked search over every card name and alias, in memory.

    Build with :meth:`from_entries` (from :meth:`bot.store.Store.name_entries`: every name folded now) or
    :meth:`from_store` (what the build prepared: :meth:`bot.store.Store.stored_names`; ``fuzzy_tables``: the fuzzy
    word tables it stored, :meth:`bot.fuzzyvocab.FuzzyVocabulary.tables_json`, taken at the warm-up).

    * exact and prefix tiers: binary search over the sorted compact keys;
    * word-prefix tier: every query word starts some word of the name (binary search over the
      sorted words), so "konklave chor" finds "Chor des Konklave";
    * fuzzy tier (typos): each query word is matched with rapidfuzz against the vocabulary of
      distinct name words (small even for 100 000 names), the last word also against word
      prefixes (the user is still typing); a name qualifies when every query word matched one
      of its words, scored by the mean word score. It runs only when better tiers leave room.

    Very common prefixes stop after :data:`SCAN_CAP` keys per tier (alphabetical among those).
    """

    def __init__(self, entries: Iterable[NameEntry] | IndexParts | StoredNames, fuzzy_tables: str | None = None
                 ) -> None:
        if isinstance(entries, StoredNames):
            self.data: MemoryNames | StoredNames = entries
            self._static: StaticRows | list[StaticRow] = StaticRows(entries)
        else:
            parts = entries if isinstance(entries, IndexParts) else index_parts(entries)
            self.data = MemoryNames(parts)
            # Per entry, what ranking needs besides tier and score (bot.nameranks: NameHit.sort_key's order).
            self._static = static_rows(parts.card_ids, parts.card_names, parts.kinds)
        self.entries: Sequence[NameEntry] = self.data.entries()
        self.card_names: Mapping[int, str] = self.data.card_names
        self._vocab_made: FuzzyVocabulary | None = None  # made at the first fuzzy look-up
        self._edits_made: EditTable | SpanEdits | None = None  # made at the first typo look-up (or the warm-up)
        self._first_keystrokes: dict[str, list[Rank]] = {}  # see complete()
        # per entry, its name case-folded (_top's ties)
        self._folded_names: FoldedNames | list[str] = (FoldedNames(self.data) if isinstance(self.data, StoredNames)
                                                       else [n.casefold() for n in self.data.parts.names])
        # the autocomplete's offers by folded query: "Boros " and "Boros", "„D" and "D" get the same (nameranks);
        self._completions: dict[Folded, dict[int, Rank]] = {}
        self._first_offers: dict[Folded, dict[int, Rank]] = {}  # the first keystrokes', kept with their ranks
        self._stored_tables = fuzzy_tables  # FuzzyVocabulary.tables_json read from the store, for the warm-up

    @classmethod
    def from_entries(cls, entries: Iterable[NameEntry]) -> NameIndex:
        """Build the index from store entries (every name folded now)."""
        return cls(entries)

    @classmethod
    def from_store(cls, stored: StoredNames) -> NameIndex:
        """The index the build stored: read into memory when it has at most :data:`IN_MEMORY_ENTRIES` entries,
        else answered from the stored tables (nothing read at start). Same answers either way.

        Raises:
            sqlite3.DatabaseError: the stored tables cannot be read (a damaged file).
        """
        if stored.entry_count() <= IN_MEMORY_ENTRIES:
            return cls(parts_from_stored(stored), stored.fuzzy_tables())  # with the build's fuzzy word tables
        return cls(stored)

    @property
    def _vocab(self) -> FuzzyVocabulary:
        if self._vocab_made is None:
            self._vocab_made = FuzzyVocabulary(self.data.vocabulary())
        return self._vocab_made

    @property
    def _edits(self) -> EditTable | SpanEdits:
        """The whole-name slips (:mod:`bot.nameedits`): a table for an index in memory of at most
        :data:`bot.nameedits.TABLE_KEYS` keys, else binary-searched spans. The same entries either way."""
        if self._edits_made is None:
            data = self.data
            if isinstance(data, MemoryNames) and len(data.parts.key_strings) <= TABLE_KEYS:
                self._edits_made = EditTable(data.parts.key_strings, data.parts.key_owner)
            else:
                self._edits_made = SpanEdits(data.span, SCAN_CAP)
        return self._edits_made

    def __len__(self) -> int:
        return len(self.card_names)

    def _fuzzy_entries(self, query_words: list[str], cutoff: float, keep: int) -> list[tuple[int, float]]:
        """Entries having, for every query word, a similar word (the last word may be a prefix), with the
        sum of the word scores; the best ``keep``. The word with the fewest candidate entries is expanded
        (at most :data:`SCAN_CAP` entries), the others only checked against each entry's own words."""
        vocab, last = self._vocab, len(query_words) - 1
        # An entry needs a similar word for every query word, so the first word without any ends the search: the
        # words whose answers are held (a look-up) go first, and a word compared afresh is compared only while
        # every word before it has found some (a typed text that names no card stops at its first foreign word).
        matches: list[dict[str, float]] = [{}] * len(query_words)
        for i in sorted(range(len(query_words)), key=lambda i: not vocab.held(query_words[i], i == last, cutoff)):
            matches[i] = vocab.similar(query_words[i], i == last, cutoff)
            if not matches[i]:
                return []
        data = self.data
        order = [0] if len(matches) == 1 else sorted(
            range(len(matches)), key=lambda i: sum(data.word_count(w) for w in matches[i]))
        scores: dict[int, float] = {}
        keep_first = scores.setdefault  # the words come best first: an entry's first score is its best
        budget = SCAN_CAP
        for w, sc in sorted(matches[order[0]].items(), key=itemgetter(1), reverse=True):  # stable, as -score
            for idx in data.word_entries(w, budget):
                keep_first(idx, sc)
            budget -= data.word_count(w)
            if budget <= 0:
                break
        for i in order[1:]:
            m = matches[i]
            narrowed: dict[int, float] = {}
            for idx, total in scores.items():
                found = [m[w] for w in data.words_of(idx) if w in m]
                if found:
                    narrowed[idx] = total + max(found)
            scores = narrowed
        if len(scores) <= SORT_ALL:  # the same as nlargest (ties in insertion order), sorted in C
            return sorted(scores.items(), key=itemgetter(1), reverse=True)[:keep]
        return heapq.nlargest(keep, scores.items(), key=itemgetter(1))

    def search(
        self, query: str, limit: int = 25, fuzzy_cutoff: float = 75.0, list_if_empty: bool = False
    ) -> list[NameHit]:
        """Ranked hits for ``query``, at most one per card, best first.

        Order: tier (exact < prefix < word prefix < fuzzy), then German names before English aliases,
        then score (descending), then shorter and alphabetically first name. A query without any letter
        or digit (``""``, ``"("``) gives no hits, or with ``list_if_empty`` (autocomplete before typing)
        names alphabetically.
        """
        return self._hits(self._top(self._best(query, limit, fuzzy_cutoff, list_if_empty), query, limit))

    def _best(self, query: str, limit: int, fuzzy_cutoff: float, list_if_empty: bool) -> dict[int, Rank]:
        """Every tier's offers for ``query`` (see :meth:`search`): card id → its best :data:`Rank`."""
        return self._offers(folded_query(query), limit, fuzzy_cutoff, list_if_empty)

    def _offers(self, folded: Folded, limit: int, fuzzy_cutoff: float, list_if_empty: bool) -> dict[int, Rank]:
        """:meth:`_best` of the query whose keys and words are ``folded``: all it depends on."""
        keys, query_words, edit_keys = folded
        # card id → (2·tier + foreign, -score, order, entry index): see bot.nameranks.
        best: dict[int, Rank] = {}
        static = self._static

        def offer(idx: int, tier: int, score: float) -> None:
            foreign, order, card_id = static[idx]
            rank = (tier + tier + foreign, -score, order, idx)
            old = best.get(card_id)
            if old is None or rank < old:
                best[card_id] = rank

        if not keys and list_if_empty:
            for idx in self.data.span(KEYS, "", limit * 3)[1]:
                offer(idx, PREFIX, 0.0)
        for key in keys:
            # A short prefix matches thousands of names: the first few hundred are enough to rank from.
            strings, owners = self.data.span(KEYS, key, SCAN_CAP if len(key) > SHORT_PREFIX else limit * 8)
            typed = 100.0 * len(key)
            for k, idx in zip(strings, owners, strict=True):  # offer(), inlined: up to 200 names per keystroke
                foreign, order, card_id = static[idx]
                rank = ((EXACT + EXACT if k == key else PREFIX + PREFIX) + foreign, -typed / len(k), order, idx)
                old = best.get(card_id)
                if old is None or rank < old:
                    best[card_id] = rank
        if query_words and len(best) < limit:
            self._word_prefix_tier(query_words, best)
        if len(best) < limit:
            self._typo_tiers(edit_keys, query_words, (limit, fuzzy_cutoff), best, offer)
        return best

    def complete(self, query: str) -> list[NameHit]:
        """The autocomplete hits for ``query``: ``search(query, COMPLETE_LIMIT, list_if_empty=True)``. A query
        of at most :data:`FIRST_KEYSTROKES` characters (the box just opened, the first letter typed: the most
        frequent and, matching the most names, the dearest queries) is answered from memory after its first
        time; white space only is answered as ``""``, which it equals."""
        return self._hits(self._completed(query))

    def complete_entries(self, query: str) -> list[int]:
        """The entries (positions in :attr:`entries`) of :meth:`complete`'s hits, in the same order: what an
        autocomplete needs to make its choices (entry → card name, matched name, language) without the hits."""
        return [rank[3] for rank in self._completed(query)]

    def _completed(self, query: str) -> list[Rank]:
        """:meth:`complete`'s ranked offers (:meth:`_top`); the first keystrokes kept (see :meth:`complete`), the
        offers of the last :data:`COMPLETIONS_KEPT` folded texts too (:mod:`bot.nameranks`)."""
        if query.isspace():  # white space only: no keys, no words, nothing typed (clean() leaves ""), as ""
            query = ""
        ranks = self._first_keystrokes.get(query) if len(query) <= FIRST_KEYSTROKES else None
        if ranks is None:
            folded = folded_query(query)
            best = self._completions.get(folded, self._first_offers.get(folded))  # a first keystroke's stay: „D = D
            if best is None:
                if len(self._completions) >= COMPLETIONS_KEPT:  # bounded: the oldest goes (freeing all at once
                    del self._completions[next(iter(self._completions))]  # would stall one keystroke)
                best = self._completions[folded] = self._offers(folded, COMPLETE_LIMIT, 75.0, True)
            ranks = self._top(best, query, COMPLETE_LIMIT)
            if len(query) <= FIRST_KEYSTROKES:
                if len(self._first_keystrokes) >= FIRST_KEYSTROKES_KEPT:  # bounded for any input
                    self._first_keystrokes.clear()
                    self._first_offers.clear()
                self._first_keystrokes[query] = ranks
                self._first_offers[folded] = best
        return ranks

    def prepare_first_keystrokes(self) -> None:
        """Answer :meth:`complete` for blank input and each first letter of a name (as typed, upper or lower
        case) now, so the first keystrokes after start cost a dict look-up (the command table's warm-up). An index
        answered from the store's tables prepares nothing: a first keystroke there costs a few indexed queries
        (milliseconds), and preparing every first letter would make start-up grow with the cards again."""
        if isinstance(self.data, StoredNames):
            return
        if not self._vocab.load_tables(self._stored_tables):
            self._vocab.prepare_tables()
        self._stored_tables = None
        _ = self._edits
        firsts = self.data.first_letters()
        for query in ["", *sorted(firsts | {c.lower() for c in firsts})][:FIRST_KEYSTROKES_KEPT]:
            self._completed(query)

    def _word_prefix_tier(self, query_words: Sequence[str], best: dict[int, Rank]) -> None:
        """Offer into ``best`` (:meth:`_best`) each entry of which every query word starts a word ("konklave chor")."""
        candidates: set[int] | None = None
        for qw in query_words:
            found = set(self.data.span(WORDS, qw, SCAN_CAP)[1])
            candidates = found if candidates is None else candidates & found
        static = self._static
        for idx in candidates or ():  # _best's offer(idx, WORD_PREFIX, 90.0), inlined: a letter offers hundreds
            foreign, order, card_id = static[idx]
            rank = (WORD_PREFIX + WORD_PREFIX + foreign, -90.0, order, idx)
            old = best.get(card_id)
            if old is None or rank < old:
                best[card_id] = rank

    def _typo_tiers(
        self, edit_keys: tuple[str, ...], query_words: tuple[str, ...], bounds: tuple[int, float],
        best: dict[int, Rank], offer: Callable[[int, int, float], None],
    ) -> None:
        """Offer the fuzzy tier: whole names one edit (or :func:`bot.typos.near_swap`) away, then (while fewer
        than ``limit`` cards are offered) word-by-word similarity of at least ``cutoff``; ``edit_keys``: the query's
        keys, also with ß read as one "s" (:data:`Folded`), ``bounds`` = (limit, cutoff)."""
        limit, cutoff = bounds
        started = bool(best)  # the typed text starts a name or its words (exact, prefix, word-prefix hits)
        for key in edit_keys:
            if MIN_EDIT_LENGTH <= len(key) <= 100:
                for idx, dist in self._edits.one_edit(key).items():
                    if dist:
                        offer(idx, FUZZY, EDIT_SCORE)
                if started:  # the text starts a name: the rarer slips below are not sought
                    continue
                for idx in self._edits.near_swaps(key):  # two letters one apart swapped: one slip
                    offer(idx, FUZZY, EDIT_SCORE)
                for idx in self._edits.slipped_starts(key) if len(key) >= MIN_SLIP_LENGTH else ():
                    offer(idx, FUZZY, SLIP_SCORE)
        long_words = [w for w in query_words if len(w) >= MIN_FUZZY_LENGTH]
        if len(best) >= limit or not long_words:
            return
        # A word too short for the fuzzy tier counts when it starts a word of the name ("de" of "der"),
        # else as unmatched ("Wg Grozoth" is not "Auge Grozoth").
        short = [w for w in query_words if len(w) < MIN_FUZZY_LENGTH]
        n = len(query_words)
        words_of = self.data.words_of
        static = self._static
        for idx, total in self._fuzzy_entries(long_words, cutoff, limit * 4):  # offer(idx, FUZZY, …), inlined
            if short:
                total += sum(100.0 for sw in short if any(w.startswith(sw) for w in words_of(idx)))
            foreign, order, card_id = static[idx]
            rank = (FUZZY + FUZZY + foreign, -(total / n), order, idx)
            old = best.get(card_id)
            if old is None or rank < old:
                best[card_id] = rank

    def _top(self, best: dict[int, Rank], query: str, limit: int) -> list[Rank]:
        """The best ``limit`` offers, best first. Ties (same tier, language and score: "Boros-Rekrut" and
        "Boros Rekrut" share a key) go to the name closest to what was typed, separators included."""
        top = best_ranks(best.values(), limit * 2)
        # The closeness to the typed text only orders offers that tie on tier, language and score (neighbours in
        # ``top``, which is sorted): the others keep their place whatever it is, so it is computed for ties only,
        # and only for the groups of ties that reach into the first ``limit`` (the rest is not given out).
        tied = tied_groups(top, limit)
        typed = clean(query)[:200].casefold() if tied else ""
        folded = self._folded_names.__getitem__
        for first, stop in tied:
            # A group is in ``top``'s order (by card-name length, name, entry: bot.nameranks); rapidfuzz gives the
            # closest first and equally close ones in the order given, so that order decides among them.
            group = top[first:stop]
            top[first:stop] = [group[pos] for _n, _score, pos in process.extract(
                typed, [folded(r[3]) for r in group], scorer=fuzz.ratio, processor=None, limit=None, score_cutoff=0)]
        return top[:limit]

    def _hits(self, ranks: list[Rank]) -> list[NameHit]:
        """The offers ``ranks`` (:meth:`_top`) as hits."""
        entry = self.data.entry
        return [NameHit(row[0], row[1], row[2], tier_foreign >> 1, -neg_score, row[3])  # entry: card id, card, …
                for tier_foreign, neg_score, _order, idx in ranks for row in (entry(idx),)]

    def resolve(self, query: str) -> NameHit | None:
        """The card a typed card name answers, or None (then offer :attr:`Lookup.candidates`): :meth:`lookup`."""
        return self.lookup(query).hit

    def lookup(self, query: str, offer: int = CHOICES) -> Lookup:
        """What the typed card name ``query`` means: one card, or the candidates to offer.

        A name answers a card only when it *is* that card — an exact hit after folding (case, umlauts typed as ``ae``
        or ``a``, ``ß``/``ss``, separators, ``//`` forms, a split card's halves in order: „krims krams“), by its German
        or English name or one half of a split card —, when it is one card's shortened name (:data:`SHORT`, CR 201.5c:
        the part before the comma, „Szadek“), or when it is a typo of one clear name (:func:`bot.typos.is_typo`: one
        edit or near swap in the whole name, or in each of at most two words) and no other card is as close. Anything
        else gets candidates: a word that is only the start of a card's word (``Blitzschlag`` for
        Blitzschlange: it may be another card the store lacks), a name with a word left out, two close
        candidates; a name the store lacks with nothing close (fuzzy below :data:`CLOSE_SCORE`, e.g. an English
        name without ``build --cards``) gets none. ``offer``: at most this many candidates. A name after a German
        article (:data:`bot.text.LEADING_ARTICLE`) answering no card whole is read without it („der Boros-Rekrut“, its
        :attr:`Lookup.how` kept: a slip after it said as one). The one rule of every option that takes a card.
        """
        found = self.whole(query, offer)
        article = LEADING_ARTICLE.match(query.lstrip()) if found.hit is None else None
        bare = self.whole(query.lstrip()[article.end():], offer) if article is not None else found
        return bare if bare.hit is not None else found

    def whole(self, query: str, offer: int = CHOICES) -> Lookup:
        """:meth:`lookup` of ``query`` whole, an article part of the name (a free text's runs of words, each tried)."""
        hits = self.search(query, limit=max(offer, LOOKUP_HITS))
        if not hits:
            return Lookup(None, MISSING if name_keys(query) else EMPTY, [])
        keys = set(name_keys(query))  # a split card's halves typed in order without „//“ („krims krams“, CR 709.1)
        exact = [h for h in hits if h.tier == EXACT] or [
            h for h in hits if "/" in h.card_name and keys & {k.replace("/", "") for k in name_keys(h.card_name)}]
        if exact:
            return Lookup(exact[0], EXACT_MATCH, []) if len(exact) == 1 else Lookup(None, UNCLEAR, exact[:offer])
        short = shortened_card(query, [(h.card_id, h.card_name) for h in hits])
        if short is not None:
            return Lookup(next(h for h in hits if h.card_id == short), SHORT, [])
        typed = Typed.of(query)
        typos = [h for h in hits
                 if any(typed.is_typo_of(self.data.entry(i)[2]) for i in self.data.card_entries(h.card_id))]
        if len(typos) == 1 and not self._rivals(typed, typos[0], hits):
            return Lookup(typos[0], TYPO, [])
        close = typos + [h for h in hits if h not in typos and (h.tier < FUZZY or h.score >= CLOSE_SCORE)]
        return Lookup(None, UNCLEAR, close[:offer]) if close else Lookup(None, MISSING, [])  # far names: no offer

    def named(self, text: str) -> Lookup:
        """How a free text (no card option) names a card: its :meth:`lookup` when that answers a card, else with the
        one card whose name the text begins or whose words it has as its hit (``Tolsimir`` → Tolsimir Wolfsblut,
        :attr:`Lookup.how` :data:`UNCLEAR`), else with none. An answer using it says which card it took."""
        found = self.lookup(text)
        partial = [h for h in found.candidates if h.tier in (PREFIX, WORD_PREFIX)] if found.hit is None else []
        return replace(found, hit=partial[0]) if len(partial) == 1 else found

    @staticmethod
    def _rivals(typed: Typed, typo: NameHit, hits: list[NameHit]) -> bool:
        """True when another card is as close as the typo's card: a name that starts with the typed text or has all
        its words, or a fuzzy match within :data:`TYPO_MARGIN` of the typo's score that leaves none of its name's
        words out (``Phytohqydra`` means Phytohydra, not Sprießende Phytohydra)."""
        floor = (typo.score if typo.tier == FUZZY else EDIT_SCORE) - TYPO_MARGIN
        return any(h.card_id != typo.card_id and (h.tier < FUZZY or (
            h.score >= floor and len(kept_name_words(h.matched)) <= len(typed.words))) for h in hits)
