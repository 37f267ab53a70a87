"""Whether capitalised words of a question name a card or are ordinary German (``/frage``'s missing-card line,
:mod:`bot.answers.missing_phrases`).

German capitalises every noun and joins nouns by a hyphen at will: „Mana-Brand“, „Mana-Vorrat“, „Trampel-Schadn“
(one slip), „Spontanzauber-Geschwindigkeit“ are a player's words, not the name of a card the store lacks. A hyphened
word whose joined form is a word of the documents or one slip from one (:func:`joined_word`: Manabrand, Manavorrat,
Trampelschaden) is that word. Otherwise a phrase is a card's name only with a sign of a name (:func:`name_sign`): a
word that is neither a word of the documents nor itself a German word (:class:`bot.german_words.GermanDictionary`:
„Selesnja“, „Avacyn“, „Bolt“), or an adjective capitalised before a capitalised word inside the sentence, as card
names print them („Dunkler Vertrauter“).
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Collection, Mapping, Sequence

from rapidfuzz.distance import OSA

from bot.text import canonical, fold
from bot.words import snowball

#: Shortest joined form (letters) read with one slip as a word of the documents: shorter ones have too many neighbours.
SLIP_FROM = 8
#: Endings of a German adjective before a noun („Dunkler“, „Schwarze“, „Großes“, „Roten“, „Altem“).
_ADJECTIVE_ENDS = ("er", "e", "es", "en", "em")


def stem(word: str) -> str:
    """``word`` as the store's analysed terms hold it (:attr:`bot.ranking.Ranker.term_weights`: folded, canonical,
    Snowball's German stem: „Trampelschaden“ → ``trampelschad``)."""
    return snowball(canonical(fold(word)))


def joined_word(parts: Sequence[str], known: Mapping[str, float] | Collection[str]) -> bool:
    """True when ``parts`` (a hyphened word's words, ``["Trampel", "Schadn"]``) joined are a word of the documents
    (its stem among ``known``, the store's analysed terms) or, from :data:`SLIP_FROM` letters on, one slip (OSA
    distance 1) from one: „Mana-Brand“ (Manabrand), „Trampel-Schadn“ (Trampelschaden)."""
    joined = stem("".join(parts))
    if joined in known:
        return True
    return len(joined) >= SLIP_FROM and any(
        abs(len(t) - len(joined)) <= 1 and t[:1] == joined[:1] and OSA.distance(t, joined, score_cutoff=1) <= 1
        for t in known)


def name_sign(words: Sequence[str], known: Mapping[str, float] | Collection[str], ordinary: Callable[[str], bool],
              apart: bool) -> bool:
    """True when ``words`` (a phrase's words as typed, in order) bear a sign of a card's name: one is neither a word
    of the documents (its stem among ``known``) nor itself a German word (``ordinary``: the German dictionary's
    :meth:`bot.german_words.GermanDictionary.has`, not two words joined: „Selesnja“, „Avacyn“, „Windgrace“), or,
    in words written apart (``apart``: a run of capitalised words inside a sentence), a capitalised adjective
    stands before another capitalised word („Dunkler Vertrauter“). „Boros-Karte“ and
    „Spontanzauber-Geschwindigkeit“ bear none."""
    if any(stem(w) not in known and not ordinary(w) for w in words):
        return True
    return apart and any(
        w[:1].isupper() and nxt[:1].isupper() and w.casefold().endswith(_ADJECTIVE_ENDS) and ordinary(w)
        for w, nxt in itertools.pairwise(words))


__all__ = ["SLIP_FROM", "joined_word", "name_sign", "stem"]
