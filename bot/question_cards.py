"""Cards a question names by a rare word of their name (the ``card`` feature of :mod:`bot.ranking`).

A question names a card by its whole name in any spelling ``/karte`` accepts (:class:`bot.mentions.NameScanner`;
a name with a typo the analysis repairs against the documents' words, „azorius herolt“, is found in the repaired
words),
or by one rare capitalised word of it in any form ("circu", "tolsimir", "geschmolzenen Wachposten"): a word that
names at most two cards and that the documents use at most :data:`MAX_NAME_WORD` times. Only a question's whole
words count, never a part of a compound: "Zeit" inside "Spontanzauberzeit" does not name Ausgenutzte Zeit.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Iterator, Mapping, Sequence
from functools import cache

from bot.analysis import STOP_WORDS, Analyser, Analysis, Options, snowball
from bot.mentions import scanner
from bot.namedata import StoredStems, name_stems
from bot.search import NameIndex
from bot.store import PassageRecord
from bot.store.names import StoredNames
from bot.text import ARTICLE_WORDS, fold
from bot.textsearch import synonyms

#: A capitalised word after a German article: a noun („der Elf“, „den Goblin“), never a number word („elf“).
_ARTICLE_NOUN = re.compile(rf"(?<![\w-])(?i:{ARTICLE_WORDS})\s+([A-ZÄÖÜ][^\W\d_]+)(?![\w-])")
#: A card text's type line (its first line, CR 205.1): the card types, a long dash, the subtypes („Verschneite
#: Kreatur — Elf, Druide“).
_CREATURE_LINE = re.compile(r"^[^\n—]*\bKreatur\b[^\n—]*—([^\n]+)")


#: A word after a German article that ends its clause, in any case: a noun too („was macht der elf“), while an
#: article before a number word and its noun is no such end („der elf bleibende karten“).
_ARTICLE_LAST = re.compile(r"(?<![\w-])(?i:der|die|das|den|dem|des|ein|eine|einen|einem|eines|einer)\s+"
                           r"([^\W\d_]+)\s*(?=[?!.,;:]|$)")


def article_nouns(text: str) -> frozenset[str]:
    """The capitalised words right after an article in ``text``, and the words of any case after an article that end
    a clause (:data:`_ARTICLE_LAST`), lower case: „Was macht der Elf?“ and „was macht der elf“ → {elf}, „Kann der
    Goblin mit Erstschlag blocken?“ → {goblin}; „der elf bleibende karten“ → {}. Linear in ``text``."""
    return frozenset(m[1].lower() for pattern in (_ARTICLE_NOUN, _ARTICLE_LAST) for m in pattern.finditer(text))


def described_card(p: PassageRecord, cards: Collection[int], nouns: frozenset[str]) -> bool:
    """True when ``p`` is a creature card's text (kind ``card``) whose type line's subtypes (CR 205.3m: „Kreatur —
    Elf, Druide“) hold one of the question's ``nouns`` (:func:`article_nouns`), and the question names no card
    (``cards`` empty): „der Elf“ speaks of a card of that creature type (001's Borealis-Druide), „der Goblin mit
    Erstschlag“ of Boros-Rekrut („Kreatur — Goblin, Soldat … Erstschlag“)."""
    if cards or not nouns or p.kind != "card":
        return False
    line = _CREATURE_LINE.match(p.text)
    return line is not None and not nouns.isdisjoint(re.findall(r"[^\W\d_]+", line[1].lower()))


#: A card-name word found more often than this in the documents is no sign that a question names the card.
MAX_NAME_WORD = 12
#: The kind of card a passage can speak of in general, as the documents name it: a split card (CR 709).
SPLIT_CARD = "geteilte Karte"
#: Passage kinds that speak of a kind of card (not a card's own text, not a term row or glossary entry).
KIND_SPEAKERS = frozenset({"ruling", "quoted_rule", "explanation", "mechanic", "cr_rule"})


def stem_counts(a: Analyser, stem: Callable[[str], str]) -> Callable[[str], int]:
    """Stem → how often the vocabulary's words of that stem occur (``stem`` of every word of ``a``'s vocabulary,
    counts summed), for a store whose build did not store them (:meth:`bot.store.names.StoredNames.stem_words`)."""
    counts: dict[str, int] = {}
    for word, n in a.vocab.words.items():
        s = stem(word)
        counts[s] = counts.get(s, 0) + n
    return lambda s: counts.get(s, 0)


class NameWords(Mapping[str, frozenset[int]]):
    """The rare name stems of :func:`rare_name_stems` (stem → cards) with the card-name index they come from, so
    :func:`cards_by_name_words` can scan a question's repaired words for whole names."""

    def __init__(self, stems: Mapping[str, frozenset[int]], names: NameIndex) -> None:
        self.stems = stems
        self.names = names

    def __getitem__(self, stem: str) -> frozenset[int]:
        return self.stems[stem]

    def __iter__(self) -> Iterator[str]:
        return iter(self.stems)

    def __len__(self) -> int:
        return len(self.stems)


def rare_name_stems(a: Analyser, names: NameIndex) -> NameWords:
    """Stem → cards, for the stems of card-name words (:func:`bot.namedata.name_stems`: capitalised words) that
    name few cards and are rare in the documents. An index answered from the store's tables looks each stem up in
    the stems the build stored (nothing read for all names: the first question costs what a later one does); a
    small one, or a store built without them, computes them from its names."""

    def stem(word: str) -> str:
        return snowball(a.lemma(word))  # a word's stem (stems()[0]) without its compound parts

    data = names.data
    stored = data if isinstance(data, StoredNames) and a.options == Options() else None
    if stored is not None and not stored.stems_stored():
        stored = None  # a store built before the stems: computed from its names below
    word_count = (stored.stem_words if stored is not None and stored.stem_words_stored() else stem_counts(a, stem))

    def rare(s: str, cards: frozenset[int] | set[int]) -> bool:
        return len(cards) <= 2 and word_count(s) <= MAX_NAME_WORD

    if stored is not None:
        return NameWords(StoredStems(stored, rare), names)  # the build's stems: made by this analyser
    by_stem: dict[str, set[int]] = {}
    for e in names.entries:
        for s in name_stems(e.name, stem, STOP_WORDS):
            by_stem.setdefault(s, set()).add(e.card_id)
    return NameWords({s: frozenset(c) for s, c in by_stem.items() if rare(s, c)}, names)


def cards_by_name_words(a: Analyser, analysis: Analysis, words: Mapping[str, frozenset[int]]) -> list[int]:
    """The cards (ids, at most three; [] when more) one of whose rare name words (``words``:
    :func:`rare_name_stems`) the question of ``analysis`` uses as a whole word, most such words first. The stem of
    each word as read counts (:meth:`bot.analysis.Analyser.stems`' first term), not its compound parts, nor a word a
    synonym group lists as typed (:func:`listed_only`: „kriegen“). First,
    when the analysis repaired a typo and ``words`` is a :class:`NameWords`: the whole names (of two or more words,
    or capitalised as printed) in the question's content words as repaired („azorius herolt“ → Azorius-Herold)."""
    if analysis.repaired and isinstance(words, NameWords):
        found = scanner(words.names).scan(" ".join(analysis.words), 3)
        if found:
            return found
    votes: dict[int, int] = {}
    named = words.names.data.word_count if isinstance(words, NameWords) else None
    for term in dict.fromkeys(a.stems(w)[0] for w in analysis.words if not listed_only(w, named)):
        for card_id in words.get(term, ()):
            votes[card_id] = votes.get(card_id, 0) + 1
    ranked = sorted(votes, key=lambda c: (-votes[c], c))
    return ranked[:3] if len(ranked) <= 3 else []


@cache
def listed_forms() -> frozenset[str]:
    """The one-word forms ``data/synonyms.tsv`` lists for its groups, folded (``kriegen``, ``kriegt``, ``krieg`` of
    „erhalten“; :func:`bot.textsearch.synonyms`)."""
    return frozenset(fold(n) for g in synonyms() for n in g.names if " " not in n)


def listed_only(word: str, named: Callable[[str], int] | None = None) -> bool:
    """True when the question's ``word`` is a form a synonym group lists (:func:`listed_forms`) and no card's name
    has it as typed (``named``: how many names have a folded word, :meth:`bot.namedata.MemoryNames.word_count`): the
    player typed the group's word, so it names no card by a rare name word of the same stem („kriegen“ is the
    players' „erhalten“, not „Krieges“ of Kosten des Krieges)."""
    folded = fold(word)
    return folded in listed_forms() and (named is None or not named(folded))


def of_kind(p: PassageRecord, cards: Collection[int], kinds: frozenset[str], card_words: frozenset[str],
            groups: Sequence[tuple[str, ...]]) -> bool:
    """True when ``p`` speaks of the named ``cards``' kind but is none of their own passages: it holds one of the
    ``kinds`` concepts (a split card's: :data:`SPLIT_CARD`) and one of the question's words (``groups``:
    :attr:`bot.analysis.Analysis.groups`) besides the cards' names (``card_words``) and their kind. For „krims
    krams aufdecke wer gewinnt“ 000's ruling on a split card revealed in a clash („… eine geteilte Karte aufdeckt
    …“) is about Krims // Krams as much as its own rulings are."""
    if not kinds or p.card_id in cards or p.kind not in KIND_SPEAKERS or kinds.isdisjoint(p.concepts):
        return False
    return any(card_words.isdisjoint(g) and kinds.isdisjoint(g) and any(t in p.terms for t in g) for g in groups)


def is_subrule(number: str, parent: str) -> bool:
    """True when the rule number ``number`` is a subrule of ``parent`` (``702.19a`` of ``702.19``, ``104.3`` of
    ``104``; not ``702.190``): a question naming ``parent`` asks about it too (the ranking's ``rule`` feature)."""
    return number.startswith(parent) and len(number) > len(parent) and not number[len(parent)].isdigit()


__all__ = ["KIND_SPEAKERS", "MAX_NAME_WORD", "SPLIT_CARD", "NameWords", "cards_by_name_words", "is_subrule", "of_kind",
           "rare_name_stems", "stem_counts"]

