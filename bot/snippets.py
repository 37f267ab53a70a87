"""Excerpts of a passage for an answer: the sentences that match a question, the matching words in bold.

What does not depend on the question is prepared once per text and analyser and kept in a bounded cache
(:class:`cachetools.LRUCache`; :data:`CACHE_TEXTS` texts and :data:`CACHE_CHARS` characters per analyser and kind,
least recently used dropped first): a passage's sentences with each sentence's analysed terms (:class:`Prepared`),
a shown excerpt's words with their stems and the concept names found at each word (:class:`Marks`), and the sets the
ranking's stages read of a passage's sentences (:func:`sentence_words`, :func:`sentence_terms`). An answer then only
intersects these with the question's terms and concepts. The results are the same as analysing every sentence and
word anew on every answer.

Bounded for any input: the analysis of a sentence reads at most :data:`bot.analysis.MAX_TOKENS` tokens; a cache
holds at most :data:`CACHE_TEXTS` entries of :data:`CACHE_CHARS` characters in all per analyser and kind, and a
text longer than :data:`MAX_CACHED_CHARS` is prepared each time and not kept.
"""

from __future__ import annotations

import re
import weakref
from array import array
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TypeVar

from cachetools import LRUCache

from bot.actions import MODALS, answers_action
from bot.analysis import Analyser, Analysis
from bot.phrases import Pair, pairs
from bot.text import tokens as fold_tokens

#: Texts (passages, excerpts) whose preparation each analyser keeps, per kind; the least recently used go first.
CACHE_TEXTS = 4096
#: ... and at most this many characters of them per kind (a prepared text takes about 7 bytes per character:
#: bench/bench_snippets.py), so the cache stays within about 15 MB whatever the store holds.
CACHE_CHARS = 1_000_000
#: A longer text is prepared for each answer and not kept (the cache's memory stays bounded for any store).
MAX_CACHED_CHARS = 8000

_NUMBERING = re.compile(r"\d{1,2}[.)]")
#: A sentence ends at ``.``, ``!``, ``?`` or ``…``, also inside a closing quotation mark (003:204's „… Erzeuge ein
#: Mana dieser Farbe.“ Kontrollierst du …), before white space and a capital, an opening quote, a bracket or a digit.
_SENTENCE = re.compile(r"(?:(?<=[.!?…])|(?<=[.!?…][“”\"»«]))\s+(?=[A-ZÄÖÜ„\"(\d•*])")
_WORD = re.compile(r"[^\W_]+")
_JOIN = re.compile(r"[\s\-‐‑]+")
#: German prefixes that never separate from their verb: the question's „zahlen“ is met by a sentence's „bezahlen“
#: (the stem ``zahl`` after ``be``), „nutzen“ by „benutzen“; a question stem of at least :data:`MIN_PREFIXED` letters.
_INSEPARABLE = ("be", "ent", "er", "ge", "miss", "ver", "zer")
MIN_PREFIXED = 4
#: The share of its weight a question word held only after an inseparable prefix gives a run of sentences
#: (:func:`held_weight`): „zählen“ and „bezahlen“ fold alike, so a sentence holding the word as written adds to it.
PREFIXED_SHARE = 0.5


def sentences(text: str) -> list[str]:
    """``text`` split at sentence ends (``.``, ``!``, ``?``, also before a closing quotation mark: „… dieser
    Farbe.“ Kontrollierst …; followed by a capital, a quote or a digit), never inside a quotation (a card text
    quoted in a ruling, „Durchsuche … . Falls du dies tust, …“, stays one sentence with the words around it), so an
    excerpt never starts inside a quotation."""
    opening, closing = ("„»", "“«") if "„" in text or "»" in text else ("“", "”")
    out: list[str] = []
    for para in text.split("\n"):
        depth = 0  # quotation marks opened and not yet closed, before the next piece
        for part in (s.strip() for s in _SENTENCE.split(para) if s.strip()):
            if out and (depth > 0 or _NUMBERING.fullmatch(out[-1])):  # "1." of a numbered step belongs to its sentence
                out[-1] += " " + part
            else:
                out.append(part)
            depth += sum(part.count(q) for q in opening) - sum(part.count(q) for q in closing)
            depth += part.count('"') % 2 if depth <= 0 else -(part.count('"') % 2)
    return out


@dataclass(frozen=True)
class Prepared:
    """A passage's text as the snippet reads it, independent of any question: its :func:`sentences` and, per
    sentence, its analysed terms (:meth:`bot.analysis.Analyser.analyse`, concept ids included, in the analysis'
    order) and its weak words' stems. Tuples, not sets: a tuple of ten terms takes a sixth of a set's memory."""

    parts: tuple[str, ...]
    terms: tuple[tuple[str, ...], ...]
    weak: tuple[tuple[str, ...], ...]


def prepare(text: str, a: Analyser) -> Prepared:
    """The :class:`Prepared` form of ``text`` under the analyser ``a`` (computed, never cached)."""
    parts = tuple(sentences(text))
    found = [a.analyse(x) for x in parts]
    return Prepared(parts, tuple(tuple(f.terms) for f in found), tuple(tuple(f.weak) for f in found))


@dataclass(frozen=True)
class Marks:
    """An excerpt's words as :func:`highlight` reads them, independent of any question: each word's start and end
    (``spans[2 * i]``, ``spans[2 * i + 1]``), its stems (:meth:`bot.analysis.Analyser.stems`; none for a word of
    fewer than 3 letters, which no shared stem marks), and the runs of words that name a concept (start, length,
    the concept ids named there)."""

    spans: array[int]
    stems: tuple[tuple[str, ...], ...]
    concepts: tuple[tuple[int, int, tuple[str, ...]], ...]


def marks(sentence: str, a: Analyser) -> Marks:
    """The :class:`Marks` of ``sentence`` under the analyser ``a`` (computed, never cached)."""
    words = list(_WORD.finditer(sentence))
    lowered = [m.group(0).lower() for m in words]
    first = [a.stems(w)[0] for w in lowered]
    forms = [a.form(w) for w in lowered]
    runs = []
    for i in range(len(words)):
        found, n = a.vocab.concepts_at(first, i, True, forms=forms)
        if n:
            runs.append((i, n, tuple(found)))
    return Marks(array("I", [x for m in words for x in m.span()]),
                 tuple(tuple(a.stems(w)) if len(w) >= 3 else () for w in lowered), tuple(runs))


T = TypeVar("T")


#: A kept preparation and its cost against the cache's bound (:func:`_cost`).
_Kept = tuple[object, int]
_caches: weakref.WeakKeyDictionary[Analyser, dict[str, LRUCache[str, _Kept]]] = weakref.WeakKeyDictionary()


def _cost(text: str) -> int:
    """A text's share of a cache, scaled by ``CACHE_TEXTS × CACHE_CHARS``: the larger of its share of the character
    bound (``len(text) × CACHE_TEXTS``) and its share of the count bound (``CACHE_CHARS``). A cache of
    ``CACHE_TEXTS × CACHE_CHARS`` therefore holds at most :data:`CACHE_TEXTS` texts and at most :data:`CACHE_CHARS`
    characters of them, with one size for :class:`cachetools.LRUCache`: up to :data:`CACHE_TEXTS` short texts (of
    ``CACHE_CHARS / CACHE_TEXTS`` = 244 characters or fewer), long ones up to :data:`CACHE_CHARS` characters, a mix
    of both proportionally fewer of each (the store of the documents' 1 641 passages fits whole)."""
    return max(len(text) * CACHE_TEXTS, CACHE_CHARS)


def _kept(kept: _Kept) -> int:
    return kept[1]


def _cached(kind: str, text: str, a: Analyser, make: Callable[[str, Analyser], T]) -> T:
    """``make(text, a)``, kept per analyser and ``kind`` for the next answer showing ``text`` (least recently used
    dropped past :data:`CACHE_TEXTS` texts or :data:`CACHE_CHARS` characters, the bounds as they are when the
    analyser's cache of ``kind`` is made; a text over :data:`MAX_CACHED_CHARS` characters is never kept)."""
    if len(text) > MAX_CACHED_CHARS:
        return make(text, a)
    caches = _caches.setdefault(a, {})
    cache = caches.get(kind)
    if cache is None:
        cache = caches[kind] = LRUCache(maxsize=CACHE_TEXTS * CACHE_CHARS, getsizeof=_kept)
    found = cache.get(text)  # now the most recently used
    if found is not None:
        return found[0]  # type: ignore[return-value]
    made = make(text, a)
    cache[text] = (made, _cost(text))
    return made


def cache_sizes(a: Analyser) -> dict[str, int]:
    """How many texts the cache of analyser ``a`` holds, per kind (``prepared``, ``marks``, ``words``, ``terms``)."""
    return {kind: len(cache) for kind, cache in _caches.get(a, {}).items()}


def prepared(text: str, a: Analyser) -> Prepared:
    """:func:`prepare` of ``text``, from the analyser's cache when an earlier answer showed it."""
    return _cached("prepared", text, a, prepare)


def sentence_words(text: str, a: Analyser) -> tuple[tuple[frozenset[str], frozenset[str]], ...]:
    """Per sentence of ``text`` (:func:`prepared`): its folded tokens (:func:`bot.text.tokens`) and its analysed
    terms, as :func:`bot.actions.answers_action` reads a passage; kept per analyser as :func:`prepared` is (the
    ranking's ``action`` and ``answered`` stages read the same first passages again for every question)."""
    return _cached("words", text, a, _sentence_words)


def _sentence_words(text: str, a: Analyser) -> tuple[tuple[frozenset[str], frozenset[str]], ...]:
    """:func:`sentence_words` made afresh."""
    p = prepared(text, a)
    return tuple((frozenset(fold_tokens(x)), frozenset(t)) for x, t in zip(p.parts, p.terms, strict=True))


def sentence_terms(text: str, a: Analyser) -> tuple[frozenset[str], ...]:
    """The analysed terms of each sentence of ``text`` (:func:`prepared`) as sets, for the ranking's ``sentence``
    stage (:func:`bot.question_words.sentence_stage`); kept per analyser as :func:`prepared` is."""
    return _cached("terms", text, a, _sentence_terms)


def _sentence_terms(text: str, a: Analyser) -> tuple[frozenset[str], ...]:
    """:func:`sentence_terms` made afresh."""
    return tuple(frozenset(t) for t in prepared(text, a).terms)


def highlight(sentence: str, analysis: Analysis, a: Analyser) -> str:
    """``sentence`` with the words that match the question in bold (Discord ``**``): words holding a question
    word's own stem, as their stem or a compound part („Spielstein“ marks „Spielsteine“ and „Spielstein-Marken“, not
    „Spiel“ or „Spieleffekte“: the question word's parts mark nothing, :func:`_own_terms`), and whole names of a
    concept it asked for ("**automatischer Spieleffekt**" for "zustandsbasierte Aktion"); neighbouring marked words
    (``geteilte Karte``, ``Halbe-Halbe-Manasymbole``) form one bold run."""
    m: Marks = _cached("marks", sentence, a, marks)
    terms = _own_terms(analysis, a)
    marked = [not terms.isdisjoint(stems) for stems in m.stems]
    wanted = set(analysis.concepts)
    for i, n, found in m.concepts:
        if not wanted.isdisjoint(found):
            marked[i : i + n] = [True] * n
    spans, n_words = m.spans, len(m.stems)
    out, pos, i = [], 0, 0
    while i < n_words:
        if not marked[i]:
            i += 1
            continue
        j = i
        while j + 1 < n_words and marked[j + 1] and _JOIN.fullmatch(sentence[spans[2 * j + 1] : spans[2 * j + 2]]):
            j += 1
        out += [sentence[pos : spans[2 * i]], "**", sentence[spans[2 * i] : spans[2 * j + 1]], "**"]
        pos, i = spans[2 * j + 1], j + 1
    return "".join([*out, sentence[pos:]])


def _own_terms(analysis: Analysis, a: Analyser) -> set[str]:
    """The question's terms (:attr:`bot.analysis.Analysis.terms`) without the compound parts of its words
    (:attr:`bot.analysis.Analysis.words`, :meth:`bot.analysis.Analyser.stems` past the first) that no word has as
    its own stem: ``spiel`` and ``stein`` of „Spielstein“ are left out, ``spielstein`` kept."""
    stems = [a.stems(w) for w in analysis.words]
    own = {s[0] for s in stems if s}
    return set(analysis.terms) - ({p for s in stems for p in s[1:]} - own)


def _holds(term: str, terms: frozenset[str] | set[str]) -> bool:
    """True when a sentence's ``terms`` hold the question's ``term``: the term itself, or (a word stem of at least
    :data:`MIN_PREFIXED` letters) that stem after a prefix that never separates from its verb (``zahl`` in
    ``bezahl``: the question's „zahlen“, the ruling's „diese Kosten zu bezahlen“)."""
    if term in terms:
        return True
    return len(term) >= MIN_PREFIXED and not term.startswith("zz") and any(p + term in terms for p in _INSEPARABLE)


def _words(analysis: Analysis, weight: Mapping[str, float]) -> list[tuple[tuple[str, ...], float]]:
    """The question's words as the snippet weighs them: each word of :attr:`bot.analysis.Analysis.groups` (its stem,
    compound parts and the concepts it names; else each term a word of its own) with the weight of its first word
    term (not a concept id; ``weight`` of it, else 1)."""
    groups = analysis.groups or [(t,) for t in analysis.terms]
    out = []
    for group in groups:
        stem = next((t for t in group if not t.startswith("zz")), None)
        out.append((tuple(group), weight.get(stem, 1.0) if stem is not None else 1.0))
    return out


@dataclass(frozen=True)
class Held:
    """What one sentence holds of a question: the indices of the question's words it holds (ascending, into
    :func:`_words`), the weak words' stems and the question's content pairs of neighbouring words
    (:func:`_content_pairs`) it holds; of its words, those held only after an inseparable prefix (:func:`_holds`:
    „Bezahle“ holds the question's „gezählt“, folded alike, only so)."""

    words: tuple[int, ...]
    weak: frozenset[str]
    pairs: frozenset[Pair]
    prefixed: tuple[int, ...] = ()


def sentence_held(p: Prepared, analysis: Analysis, weights: Mapping[str, float] | None = None,
                  asked: frozenset[Pair] = frozenset()) -> tuple[list[float], list[Held]]:
    """Per question word its weight (:func:`_words`), and per sentence of ``p`` what it holds of the question
    (:class:`Held`): a word when the sentence holds any of its terms — stem, compound part, synonym's concept — or
    its stem after an inseparable prefix (:func:`_holds`); a weak word; a pair of ``asked`` (the question's
    :func:`bot.phrases.pairs`) whose two words are two of the question's words and stand as neighbours in the
    sentence too."""
    words = _words(analysis, weights or {})
    weak = set(analysis.weak)
    content = _content_pairs(words, asked)
    out = []
    for part, terms, weak_terms in zip(p.parts, p.terms, p.weak, strict=True):
        held = set(terms)
        found = tuple(i for i, (group, _) in enumerate(words) if any(_holds(t, held) for t in group))
        said = content & pairs(part) if content else frozenset()
        out.append(Held(found, frozenset(weak.intersection(weak_terms)), said,
                        tuple(i for i in found if held.isdisjoint(words[i][0]))))
    return [w for _, w in words], out


def merged(a: Held, b: Held) -> Held:
    """What two sentences hold of the question together, as one :class:`Held` (``held_weight([merged(a, b)])`` equals
    ``held_weight([a, b])``): a word held only after a prefix when neither holds it as written."""
    words = tuple(sorted({*a.words, *b.words}))
    full = {i for h in (a, b) for i in h.words if i not in h.prefixed}
    return Held(words, a.weak | b.weak, a.pairs | b.pairs, tuple(i for i in words if i not in full))


def _pair_weight(pair: Pair, weight: Mapping[str, float]) -> float:
    return weight.get(pair[0], 1.0) + weight.get(pair[1], 1.0)


def held_weight(run: Sequence[Held], word_weights: Sequence[float],
                weights: Mapping[str, float] | None = None) -> float:
    """How much of the question the sentences of ``run`` hold together (each word, weak word and pair counted once
    however many of them hold it; ``word_weights`` from :func:`sentence_held`), summed in a fixed order: per word
    of the question its weight, per weak word 0.5, and per pair of the question's neighbouring words that a sentence
    holds as neighbours too, both words' weights again (003:245's „keinen negativen Schaden“ for „macht die dann
    negativen schaden“); a word held only after an inseparable prefix by every sentence of the run counts
    :data:`PREFIXED_SHARE` of its weight."""
    weight = weights or {}
    words = {i for h in run for i in h.words}
    whole = {i for h in run for i in h.words if i not in h.prefixed}
    weak = {w for h in run for w in h.weak}
    found = sorted({x for h in run for x in h.pairs})
    return (sum(word_weights[i] * (1.0 if i in whole else PREFIXED_SHARE) for i in sorted(words)) + 0.5 * len(weak)
            + sum(_pair_weight(x, weight) for x in found))


def _content_pairs(words: list[tuple[tuple[str, ...], float]], asked: frozenset[Pair]) -> frozenset[Pair]:
    """The pairs of ``asked`` whose two words are two words of the question (their stems) that do not name one
    concept together: „negativen schaden“ counts, „kumulative versorgung“ (one concept, the name a mechanic's every
    sentence repeats) does not."""
    concepts = {group[0]: {t for t in group if t.startswith("zz")} for group, _ in words}
    return frozenset((a, b) for a, b in asked
                     if a != b and a in concepts and b in concepts and concepts[a].isdisjoint(concepts[b]))


def answers_sentence(said: tuple[frozenset[str], frozenset[str]], action: frozenset[str]) -> bool:
    """True when one sentence (its folded tokens, its terms) answers ``action`` as
    :func:`bot.actions.answers_action` reads it, the action's stem also after an inseparable prefix
    (:func:`_holds`)."""
    words, terms = said
    return answers_action([said], action) or (not MODALS.isdisjoint(words) and any(_holds(t, terms) for t in action))


__all__ = ["CACHE_CHARS", "CACHE_TEXTS", "MAX_CACHED_CHARS", "Held", "Marks", "Prepared", "answers_sentence",
           "cache_sizes", "held_weight", "highlight", "marks", "merged", "prepare", "prepared", "sentence_held",
           "sentences"]
