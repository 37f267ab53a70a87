"""The vocabulary of the text analysis (:mod:`bot.analysis`, which re-exports :class:`Vocabulary`): the documents'
words with their counts and lemmas, the typo repair's word pool, and the concepts' names found in a text's stems.

Nothing here imports discord or the store: the vocabulary comes in as plain mappings.
"""

from __future__ import annotations

import bisect
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cached_property

from rapidfuzz import fuzz, process
from rapidfuzz.distance import OSA

from bot.anglicisms import english_stem
from bot.concepts import Concept, fitting, fitting_kept
from bot.stopwords import STOP_WORDS, WEAK_WORDS
from bot.words import restore_umlauts, snowball

#: Least rapidfuzz ``ratio`` (0–100) of the older typo repair (:attr:`bot.analysis.Options.edits` off).
TYPO_CUTOFF = 86.0
#: From this many letters on a typo repair may take two edits (at most a fifth of the letters: "Wolfsbld", two off
#: "Wolfsblut", is no typo but an unknown word).
LONG_TYPO = 10
#: At most this many umlaut spellings of a typed word are measured by the typo repair (:meth:`Vocabulary.nearest`;
#: a word with ae, oe, ue and ss has 15).
UMLAUT_FORMS = 3

#: Umlauts and ß as a keyboard without them types them (:meth:`Vocabulary._spelt_plain`).
_PLAIN = str.maketrans({"ä": "ae", "ö": "oe", "ü": "ue", "ß": "ss"})

#: Shortest word of a question read as the last part of a compound of the documents (:meth:`Vocabulary.compound_of`),
#: and the fewest letters the compound has before it („mana|vorrat“).
MIN_HEAD_WORD, MIN_MODIFIER = 5, 3

#: A text's concept names by their first stem, for one kind of text (:meth:`Vocabulary.concept_table`): first stem →
#: (the names of two or more words that count there, the concept ids of the one-word names that count there, each
#: with its :attr:`Concept.base`).
ConceptTable = dict[str, tuple[tuple[Concept, ...], list[tuple[str, str]]]]


#: Words whose one-word concepts a :class:`WordConcepts` remembers (then only those).
WORDS_KEPT = 100_000


def nearest_in(forms: list[str], pool: list[str], counts: Mapping[str, int]) -> str | None:
    """The word of ``pool`` (lower case, sorted) at the least edit distance (optimal string alignment) from any of
    ``forms`` (spellings of one typed word, the typed one first), within each form's limit (1 edit under
    :data:`LONG_TYPO` letters, 2 from there) and with its first letter; never a stop or weak word; ties to the
    most frequent in ``counts``, then the first in alphabetical order; None when none is that near. One rapidfuzz
    pass over ``pool`` per form (:meth:`Vocabulary.nearest`, :func:`bot.players_words.typo_reading`)."""
    return least_of(near_in(forms, pool), counts)


def near_in(forms: list[str], pool: list[str]) -> list[tuple[str, float]]:
    """The words of ``pool`` within :func:`nearest_in`'s limits of any of ``forms``, each with its distance."""
    near: list[tuple[str, float]] = []
    for form in forms:
        limit = 1 if len(form) < LONG_TYPO else 2
        found = process.extract(form, pool, scorer=OSA.distance, score_cutoff=limit, limit=None)
        near += [(w, d) for w, d, _ in found if w[0] == form[0] and w not in STOP_WORDS and w not in WEAK_WORDS]
    return near


def least_of(near: list[tuple[str, float]], counts: Mapping[str, int]) -> str | None:
    """The word of ``near`` (word, distance) at the least distance, ties to the most frequent in ``counts``, then
    the first in alphabetical order; None for none."""
    if not near:
        return None
    least = min(d for _, d in near)
    return min((w for w, d in near if d == least), key=lambda w: (-counts.get(w, 0), w))


class WordConcepts:
    """For one kind of text (a :data:`ConceptTable` and its memo ``fits``, :meth:`Vocabulary.word_concepts`): the
    first two stems of every name of two or more words (:attr:`pairs`, joined by ``\0``), and per word met, the
    concepts of the one-word names it is a form of where no longer name begins (:meth:`word`)."""

    def __init__(self, table: ConceptTable, fits: dict[tuple[str, str], list[str]]) -> None:
        self.table = table
        self.fits = fits
        self.pairs = frozenset("\0".join(c.stems[:2]) for longer, _single in table.values() for c in longer)
        self.words: dict[str, tuple[str, ...]] = {}

    def word(self, word: str, first: str, form: str, stop: bool) -> tuple[str, ...]:
        """The concepts of the one-word names of ``table`` that ``word`` (main stem ``first``, folded lemma ``form``,
        a stop word or not) is a form of (:func:`bot.concepts.fitting`), remembered (at most :data:`WORDS_KEPT`)."""
        entry = self.table.get(first)
        found = () if entry is None or stop or not entry[1] else tuple(fitting_kept(entry[1], first, form, self.fits))
        if len(self.words) < WORDS_KEPT:
            self.words[word] = found
        return found


@dataclass
class Vocabulary:
    """What the analyser knows of the store: its words and, optionally, their lemmas.

    Attributes:
        words: lower-case words of the documents (umlauts kept) → how often they occur.
        lemmas: word → lemma for words whose lemma is not the word (written at build time); may be empty.
        concepts: names of the term table and synonym groups (see :class:`Concept`).
        names: the lower-case words of those names as written („triggert“, „token“, „manabrand“), which a question's
            typo may stand for though no document prints them (the typo repair's pool holds them too).
        english: the words only the documents' English text prints (000's „wins“, „draws“): words of the documents
            for the typo repair and its notes (:meth:`prints`), but not of ``words`` (no count, no compound part, no
            typo's reading: 000's „such“ does not split „Suchfähigkeit“).
    """

    words: Mapping[str, int] = field(default_factory=dict)
    lemmas: Mapping[str, str] = field(default_factory=dict)
    concepts: list[Concept] = field(default_factory=list)
    names: frozenset[str] = frozenset()
    english: frozenset[str] = frozenset()

    def __post_init__(self) -> None:
        pool = {w for w in self.words if len(w) >= 4 and not w.isdigit()}
        pool.update(w for w in self.names if len(w) >= 4 and w.isalpha())
        self._typo_pool = sorted(pool)
        self._stems = frozenset(snowball(w) for w in self._typo_pool if w.isalpha())
        self._by_first: dict[str, list[Concept]] = {}
        for c in self.concepts:
            self._by_first.setdefault(c.stems[0], []).append(c)
        self._tables: dict[tuple[str | None, bool, str], ConceptTable] = {}
        self._english = frozenset(s for c in self.concepts if c.language == "en" for s in c.stems)
        self._fits: dict[tuple[str | None, bool, str], dict[tuple[str, str], list[str]]] = {}
        self._word_concepts: dict[tuple[str | None, bool, str], WordConcepts] = {}

    def concept_table(self, document: str | None, old_terms: bool, language: str) -> ConceptTable:
        """The names that count in a text of ``language`` in ``document`` (None: no document) with or without
        older names (``old_terms``), by first stem (:data:`ConceptTable`); made once per such kind of text. A
        name of another language counts only in a question (:meth:`concepts_at`'s ``foreign``), so none is here;
        with ``document`` None the names count as for a text whose words as typed are not given
        (:attr:`Concept.forms` restricts nothing)."""
        key = (document, old_terms, language)
        table = self._tables.get(key)
        if table is None:
            table = {}
            for first, names in self._by_first.items():
                kept = [c for c in names if c.language == language and c.applies(document, old_terms)]
                longer = tuple(c for c in kept if len(c.stems) > 1)
                single = list(dict.fromkeys((c.concept, c.base) for c in kept if len(c.stems) == 1))
                if longer or single:
                    table[first] = (longer, single)
            self._tables[key] = table
        return table

    def word_concepts(self, document: str | None, old_terms: bool, language: str) -> WordConcepts:
        """:class:`WordConcepts` of the names of :meth:`concept_table` of one kind of text; made once per kind."""
        found = self._word_concepts.get((document, old_terms, language))
        if found is None:
            how = (document, old_terms, language)
            found = self._word_concepts[how] = WordConcepts(self.concept_table(*how), self.concept_fits(*how))
        return found

    def concept_fits(self, document: str | None, old_terms: bool, language: str) -> dict[tuple[str, str], list[str]]:
        """The memo of :func:`bot.concepts.fitting_kept` for the names of :meth:`concept_table` of the same kind of
        text (which one-word names a word is a form of, per main stem and folded lemma); made once per kind."""
        return self._fits.setdefault((document, old_terms, language), {})

    @property
    def by_first(self) -> Mapping[str, list[Concept]]:
        """The concepts' names by their first stem (read it, never change it)."""
        return self._by_first

    def starts_concept(self, stem: str) -> bool:
        """True when a concept's name (of any language or document) begins with the stem ``stem``."""
        return stem in self._by_first

    def names_concept(self, word: str, stem: str, form: str) -> bool:
        """True when the lower-case question word ``word`` (main stem ``stem``, folded lemma ``form``) is as typed a
        form of a one-word name of the term table or a synonym group that counts in a question („tokens“ of Token,
        the English name of Spielstein, rule 111): such a word names its concept and is no typo to repair."""
        return any(len(c.stems) == 1 and c.fits(form) and c.applies(None, True, word)
                   for c in self._by_first.get(stem, ()))

    def english_stem(self, word: str, typed: str) -> str:
        """The English stem of a question's ``word`` (``typed``: as typed) compared with the English names of the
        concepts: an anglicism the documents lack stands for its English word (:func:`bot.anglicisms.english_stem`:
        ``gegoadet`` → ``goad``, ``countern`` → ``counter``, ``sacrificed`` → ``sacrific``)."""
        return english_stem(word, typed, self._english.__contains__, self.words.__contains__)

    def knows(self, word: str) -> bool:
        """True when the documents contain ``word`` (lower case)."""
        return word in self.words

    def prints(self, word: str) -> bool:
        """True when the documents print ``word`` (lower case) in German or in their English text (:attr:`english`):
        a word the typo repair leaves as typed and no note calls absent from them („wins“ of 000's 701.19c)."""
        return word in self.words or word in self.english

    def concepts_at(
        self, stems: list[str], start: int, old_terms: bool, document: str | None = None,
        language: str = "de", foreign: list[bool] | None = None, english: list[str] | None = None,
        stop: list[bool] | None = None, words: list[str] | None = None, forms: list[str] | None = None,
    ) -> tuple[list[str], int]:
        """Concept ids of the longest names starting at ``stems[start]`` and the names' length (0: none).

        A name of another language than the text's counts only where ``foreign`` marks every word it covers
        (in a question: words of four letters or more that are no stop words, so "trample" counts but the
        German "die" and "hast" are not the English "Dies" and "Haste"); there it is compared with the English
        stems of the words (``english``, "goaded" → goad) when given. A one-word name does not count on a word
        ``stop`` marks (a question's "weiß jemand …" is no colour); ``words``, as typed, for :attr:`Concept.forms`;
        ``forms``, the words' folded lemmas, for :meth:`Concept.fits` (None: a one-word name counts on its stem).
        """
        form = forms[start] if forms else None
        if foreign is None and english is None and (document is not None or words is None):
            # a passage's text (or a text without the words as typed): names of its language that count there
            return match_concepts(self.concept_table(document, old_terms, language), stems, start,
                                  bool(stop and stop[start]), form)
        by_first = self._by_first
        if stems[start] not in by_first and not (english and english[start] in by_first):
            return [], 0  # no name starts here (most words): nothing to compare
        best: list[tuple[str, str]] = []  # the longest names' concepts, each with its base
        length = 0
        firsts: list[str] = [stems[start]]
        if english and english[start] != stems[start]:
            firsts.append(english[start])
        for c in (c for first in firsts for c in self._by_first.get(first, ())):
            n = len(c.stems)
            if not c.applies(document, old_terms, words[start] if words else None) or (
                n == 1 and ((stop and stop[start]) or not c.fits(form))
            ):
                continue
            if c.language != language:
                if not (foreign and all(foreign[start : start + n])):
                    continue
                if tuple(stems[start : start + n]) != c.stems and (
                    not english or tuple(english[start : start + n]) != c.stems
                ):
                    continue
            elif tuple(stems[start : start + n]) != c.stems:
                continue
            if n > length:
                best, length = [(c.concept, c.base)], n
            elif n == length and (c.concept, c.base) not in best:
                best.append((c.concept, c.base))
        return (fitting(best, form), 1) if length == 1 else ([c for c, _base in best], length)

    def typo(self, word: str) -> str | None:
        """The documents' word ``word`` is a small typo of, or None (see :data:`TYPO_CUTOFF`)."""
        found = process.extractOne(word, self._typo_pool, scorer=fuzz.ratio, score_cutoff=TYPO_CUTOFF)
        return found[0] if found else None

    def nearest(self, word: str, forms: list[str] | None = None) -> str | None:
        """The documents' word at the least edit distance from ``word`` (optimal string alignment: a dropped,
        doubled, wrong or two swapped letters are one edit), at most 1 edit for a word under :data:`LONG_TYPO`
        letters and 2 from there, with the typed first letter (a slip rarely hits it, and a changed first letter
        makes false friends: "gezogen" is no typo of "bezogen"), or None when none is that near. Among equally near
        words the most frequent in the documents, then the first in alphabetical order; never a stop or weak word
        (the question would lose the word): ``"fede"`` → ``"fehde"`` (not ``"feder"``, rarer, nor ``"jede"``),
        ``"gewint"`` → ``"gewinnt"``, ``"oerste"`` → ``"oberste"`` (not ``"erste"``). A word typed without umlaut
        is measured in its umlaut spellings too (:func:`bot.words.restore_umlauts`, the first
        :data:`UMLAUT_FORMS`): ``"staerrke"`` → ``"stärke"`` (one edit from ``"stärrke"``, three from the typed
        form); a word typed without umlauts is also measured against the documents' umlaut words as typed without
        them (:meth:`_spelt_plain`): ``"leost"`` → ``"löst"`` (one swap from ``loest``; ``"legst"``, one edit too,
        is rarer). ``forms``: ``restore_umlauts(word)`` when the caller has it (made here when None)."""
        umlauts = restore_umlauts(word) if forms is None else forms
        near = near_in([word, *umlauts[:UMLAUT_FORMS]], self._typo_pool)
        if word.isascii():  # a slip in the letters typed for an umlaut: „leost“ is one swap from „löst“'s „loest“
            spelt, pool = self._spelt_plain
            near += [(spelt[plain], d) for plain, d in near_in([word], pool)]
        return least_of(near, self.words)

    @cached_property
    def _spelt_plain(self) -> tuple[dict[str, str], list[str]]:
        """The typo pool's words with an umlaut or ß as typed without them („löst“ → ``loest``, „größe“ →
        ``groesse``) → the word (of two words spelt alike, the more frequent), and those spellings sorted:
        :meth:`nearest`'s pass for a slip in a word typed without its umlauts, which the umlaut spellings of the
        typed word miss („leost“ has no ``oe`` to restore; it is one swap from ``loest``). Made at the first word
        that needs it."""
        spelt: dict[str, str] = {}
        for w in self._typo_pool:
            plain = w.translate(_PLAIN)
            if plain != w and self.words.get(w, 0) >= self.words.get(spelt.get(plain, ""), 0):
                spelt[plain] = w
        return spelt, sorted(spelt)

    def compound_of(self, word: str) -> str | None:
        """The documents' compound whose last part is ``word`` (lower case, a word they do not print alone), the
        most frequent of them (then the first in alphabetical order), or None: a player writes the compound's head
        alone or apart from its modifier („bleibt mana im vorrat“ for 003's „Manavorrat“). Only for a word of
        :data:`MIN_HEAD_WORD` letters or more, whose compound begins with a word of the documents (:meth:`_modifier`:
        „achten“ is no part of „ausschlachten“), never a stop or weak word; a binary search over the words spelt
        backwards, bounded by the number of words that end so."""
        if len(word) < MIN_HEAD_WORD or not word.isalpha():
            return None
        key, backwards = word[::-1], self._backwards
        found = []
        at = bisect.bisect_left(backwards, key)
        while at < len(backwards) and backwards[at].startswith(key):
            compound = backwards[at][::-1]
            if compound not in STOP_WORDS and compound not in WEAK_WORDS and self._modifier(compound[: -len(word)]):
                found.append(compound)
            at += 1
        return min(found, key=lambda w: (-self.words.get(w, 0), w)) if found else None

    @cached_property
    def _backwards(self) -> list[str]:
        """The documents' words spelt backwards, sorted: the words ending in a given word are one run
        (:meth:`compound_of`); made at the first question that needs it, not for every build's vocabulary."""
        return sorted(w[::-1] for w in self.words if w.isalpha())

    def _modifier(self, head: str) -> bool:
        """True when ``head`` is a word of the documents of :data:`MIN_MODIFIER` letters or more, no stop word, with
        or without a linking ``s``/``es``/``n``/``en``/``e`` („mana|vorrat“, „kampfschaden|s|segment“; not
        „ausschl|achten“ nor „ver|hängt“, whose heads are no words)."""
        for link in ("", "s", "es", "n", "en", "e"):
            stem = head[: len(head) - len(link)] if link and head.endswith(link) else head if not link else ""
            if len(stem) >= MIN_MODIFIER and self.words.get(stem, 0) > 0 and stem not in STOP_WORDS:
                return True
        return False

    def has_stem(self, stem: str) -> bool:
        """True when a word of the documents or of a concept's name (:attr:`names`) has the Snowball stem ``stem``
        (``"gewinne"``'s ``gewinn``: an inflection the documents do not print is no typo, nor one of a player's word
        of the tables)."""
        return stem in self._stems



def match_concepts(table: ConceptTable, stems: list[str], start: int, stopped: bool = False,
                   form: str | None = None, fits: dict[tuple[str, str], list[str]] | None = None
                   ) -> tuple[list[str], int]:
    """:meth:`Vocabulary.concepts_at` over the names of ``table`` (:meth:`Vocabulary.concept_table`): the concept ids
    of the longest names starting at ``stems[start]`` (in the table's order, each once) and their length (0: none);
    a one-word name does not count on a ``stopped`` word (a stop word), nor on a word whose folded lemma ``form``
    is no form of it (:func:`bot.concepts.fits`; None: no check). ``fits``: a memo of those one-word names per
    stem and form for this ``table`` (:func:`bot.concepts.fitting_kept`). The list is the caller's."""
    entry = table.get(stems[start])
    if entry is None:
        return [], 0
    longer, single = entry
    best: list[str] = []
    length = 0
    following = stems[start + 1] if start + 1 < len(stems) else None
    for c in longer:
        if c.stems[1] != following:  # a name of two or more words: its second stem decides most (no slice made)
            continue
        n = len(c.stems)
        if n >= length and tuple(stems[start : start + n]) == c.stems:
            if n > length:
                best, length = [c.concept], n
            elif c.concept not in best:
                best.append(c.concept)
    if length:
        return best, length
    if single and not stopped:
        found = fitting(single, form) if fits is None or form is None else fitting_kept(single, stems[start], form,
                                                                                          fits)
        return (found, 1) if found else ([], 0)
    return [], 0


__all__ = [
    "LONG_TYPO", "TYPO_CUTOFF", "UMLAUT_FORMS", "ConceptTable", "Vocabulary", "WordConcepts", "least_of",
    "match_concepts", "near_in", "nearest_in",
]
