"""Card-name normalisation and the ranked in-memory name index.

Normalisation (:func:`name_keys`) makes these spellings meet:

* case and Unicode forms (NFKC; ``U`` + U+0308 is ``Ü``), zero-width and control characters dropped;
* umlauts both ways: ``ä`` ↔ ``ae`` and ``ä`` ↔ ``a`` (two keys per name), ``ß`` ↔ ``ss``;
* hyphens, spaces, apostrophes, commas and dots: ignored in the compact key
  (``Boros-Rekrut`` = ``boros rekrut`` = ``borosrekrut``);
* ``/`` and ``//`` in any spacing; either half of a split card is indexed as its own entry.

Ranking (:meth:`NameIndex.search`): exact name, then prefix, then word prefix, then fuzzy
(rapidfuzz); an exact or prefix hit always ranks above a fuzzy one. The index is built once
from the store at start-up and answers from memory.
"""

from __future__ import annotations

import bisect
import re
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass

from rapidfuzz import fuzz, process

from bot.store import NameEntry

# Characters that never carry meaning in a name: zero-width, bidi marks, BOM, soft hyphen.
_INVISIBLE = dict.fromkeys(
    [0x00AD, 0x200B, 0x200C, 0x200D, 0x200E, 0x200F, 0x2060, 0xFEFF, *range(0x202A, 0x202F), *range(0x2066, 0x206A)]
)
_UMLAUT_AE = str.maketrans({"ä": "ae", "ö": "oe", "ü": "ue", "ß": "ss"})
_SEPARATORS = re.compile(r"[\s\-‐‑‒–—―'’‘`´,.:;!?\"„“”«»()]+")
_SLASHES = re.compile(r"\s*/+\s*")

#: Queries shorter than this get no fuzzy tier (one or two letters match everything).
MIN_FUZZY_LENGTH = 3
#: At most this many keys are scanned per prefix look-up (common prefixes on huge indexes).
SCAN_CAP = 2000
#: Words of a query beyond this are ignored (a 10 000-character paste stays cheap).
MAX_QUERY_WORDS = 8

#: Tiers, best first.
EXACT, PREFIX, WORD_PREFIX, FUZZY = 0, 1, 2, 3
TIER_NAMES = ("exact", "prefix", "word", "fuzzy")


def clean(text: str) -> str:
    """NFKC-normalise, drop invisible/control characters and collapse white space.

    Returns a display-safe string (no NUL, no zero-width joiners, no bidi overrides).
    """
    text = unicodedata.normalize("NFKC", text).translate(_INVISIBLE)
    text = "".join(ch for ch in text if unicodedata.category(ch)[0] != "C" or ch in "\n\t")
    return " ".join(text.split())


def _strip_marks(text: str) -> str:
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


def words(text: str) -> list[str]:
    """The words of a name in folded form (``ä`` → ``a``): ``"Chor des Konklave"`` → chor, des, konklave."""
    folded = _strip_marks(clean(text).casefold().replace("ß", "ss"))
    folded = _SLASHES.sub(" ", folded)
    return [w for w in _SEPARATORS.split(folded) if w]


def name_keys(text: str) -> tuple[str, ...]:
    """Compact keys of a name: ``ä``→``ae`` and ``ä``→``a`` variants, separators removed.

    ``"Überstimmen"`` → ``("ueberstimmen", "uberstimmen")``; ``"Forschung // Entwicklung"`` →
    ``("forschung/entwicklung",)``. Returns one key when both variants agree; () for blank input.
    """
    base = clean(text).casefold()
    base = _SLASHES.sub("/", base)
    variants = []
    for variant in (base.translate(_UMLAUT_AE), _strip_marks(base.replace("ß", "ss"))):
        key = _SEPARATORS.sub("", _strip_marks(variant))
        if key and key not in variants:
            variants.append(key)
    return tuple(variants)


@dataclass(frozen=True)
class NameHit:
    """One search result: the card, the name that matched, its tier (0 exact … 3 fuzzy) and score 0–100."""

    card_id: int
    card_name: str
    matched: str
    tier: int
    score: float

    @property
    def tier_name(self) -> str:
        """ "exact", "prefix", "word" or "fuzzy"."""
        return TIER_NAMES[self.tier]


class NameIndex:
    """Ranked search over every card name and alias, in memory.

    Build with :meth:`from_entries` (from :meth:`bot.store.Store.name_entries`).

    * exact and prefix tiers: binary search over the sorted compact keys;
    * word-prefix tier: every query word starts some word of the name (binary search over the
      sorted words), so "konklave chor" finds "Chor des Konklave";
    * fuzzy tier (typos): each query word is matched with rapidfuzz against the vocabulary of
      distinct name words (small even for 100 000 names), the last word also against word
      prefixes (the user is still typing); a name qualifies when every query word matched one
      of its words, scored by the mean word score. It runs only when better tiers leave room.

    Very common prefixes stop after :data:`SCAN_CAP` keys per tier (alphabetical among those).
    """

    def __init__(self, entries: Iterable[NameEntry]) -> None:
        self.entries: list[NameEntry] = []
        self._keys: list[tuple[str, int]] = []  # (compact key, entry index), sorted
        self._words: list[tuple[str, int]] = []  # (word, entry index), sorted
        self._word_entries: dict[str, list[int]] = {}
        self.card_names: dict[int, str] = {}
        for entry in entries:
            idx = len(self.entries)
            self.entries.append(entry)
            self.card_names[entry.card_id] = entry.card_name
            for key in name_keys(entry.name):
                self._keys.append((key, idx))
            for word in set(words(entry.name)):
                self._words.append((word, idx))
                self._word_entries.setdefault(word, []).append(idx)
        self._keys.sort()
        self._words.sort()
        self._vocab: list[str] = sorted(self._word_entries)

    @classmethod
    def from_entries(cls, entries: Iterable[NameEntry]) -> NameIndex:
        """Build the index from store entries."""
        return cls(entries)

    def __len__(self) -> int:
        return len(self.card_names)

    def _prefix_range(self, table: list[tuple[str, int]], prefix: str) -> Iterable[tuple[str, int]]:
        i = bisect.bisect_left(table, (prefix, -1))
        end = min(len(table), i + SCAN_CAP)
        while i < end and table[i][0].startswith(prefix):
            yield table[i]
            i += 1

    def _fuzzy_words(self, word: str, last: bool, cutoff: float) -> dict[str, float]:
        """Vocabulary words similar to ``word`` → score (0–100); prefixes too for the word being typed."""
        found = {
            w: float(sc)
            for w, sc, _ in process.extract(
                word, self._vocab, scorer=fuzz.ratio, processor=None, limit=None, score_cutoff=cutoff
            )
        }
        if last:
            n = len(word)
            for w, sc, _ in process.extract(
                word, self._vocab, scorer=fuzz.ratio, processor=lambda v: v[:n], limit=None, score_cutoff=cutoff
            ):
                found[w] = max(found.get(w, 0.0), float(sc) - 1.0)  # a prefix match ranks just below a whole word
        return found

    def search(
        self, query: str, limit: int = 25, fuzzy_cutoff: float = 75.0, list_if_empty: bool = False
    ) -> list[NameHit]:
        """Ranked hits for ``query``, at most one per card, best first.

        Order: tier (exact < prefix < word prefix < fuzzy), then score (descending), then
        shorter and alphabetically first name. A query without any letter or digit (``""``, ``"("``)
        gives no hits, or with ``list_if_empty`` (autocomplete before typing) names alphabetically.
        """
        keys = name_keys(query)
        best: dict[int, NameHit] = {}

        def offer(idx: int, tier: int, score: float) -> None:
            entry = self.entries[idx]
            hit = NameHit(entry.card_id, entry.card_name, entry.name, tier, score)
            old = best.get(entry.card_id)
            if old is None or (hit.tier, -hit.score) < (old.tier, -old.score):
                best[entry.card_id] = hit

        if not keys and list_if_empty:
            for _key, idx in self._keys[: limit * 3]:
                offer(idx, PREFIX, 0.0)
        for key in keys:
            for k, idx in self._prefix_range(self._keys, key):
                offer(idx, EXACT if k == key else PREFIX, 100.0 * len(key) / len(k))
        query_words = words(query)[:MAX_QUERY_WORDS]
        if query_words and len(best) < limit:
            candidates: set[int] | None = None
            for qw in query_words:
                found = {idx for _w, idx in self._prefix_range(self._words, qw)}
                candidates = found if candidates is None else candidates & found
            for idx in candidates or ():
                offer(idx, WORD_PREFIX, 90.0)
        long_words = [w for w in query_words if len(w) >= MIN_FUZZY_LENGTH]
        if len(best) < limit and long_words:
            scores: dict[int, float] | None = None
            for i, qw in enumerate(long_words):
                per_entry: dict[int, float] = {}
                for w, sc in self._fuzzy_words(qw, i == len(long_words) - 1, fuzzy_cutoff).items():
                    for idx in self._word_entries[w]:
                        per_entry[idx] = max(per_entry.get(idx, 0.0), sc)
                if scores is None:
                    scores = per_entry
                else:
                    scores = {idx: scores[idx] + sc for idx, sc in per_entry.items() if idx in scores}
            ranked = sorted((scores or {}).items(), key=lambda kv: -kv[1])[: limit * 4]
            for idx, total in ranked:
                offer(idx, FUZZY, total / len(long_words))
        hits = sorted(best.values(), key=lambda h: (h.tier, -h.score, len(h.card_name), h.card_name))
        return hits[:limit]

    def resolve(self, query: str) -> NameHit | None:
        """The one card ``query`` clearly names, or None.

        Clear means: an exact hit; else the only prefix/word-prefix hit; else a fuzzy hit scoring
        ≥ 90 with a margin of ≥ 5 over the next card.
        """
        hits = self.search(query, limit=5)
        if not hits:
            return None
        top = hits[0]
        if top.tier == EXACT:
            return top
        if top.tier in (PREFIX, WORD_PREFIX):
            same_tier = [h for h in hits if h.tier <= WORD_PREFIX]
            return top if len(same_tier) == 1 else None
        second = hits[1].score if len(hits) > 1 else 0.0
        return top if top.score >= 90 and top.score - second >= 5 else None
