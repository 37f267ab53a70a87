"""Whether capitalised words of a question name a card or are ordinary German (``/frage``'s missing-card line,
:mod:`bot.answers.missing_phrases`).

German capitalises every noun and joins nouns by a hyphen at will: „Mana-Brand“, „Mana-Vorrat“, „Trampel-Schadn“
(one slip), „Spontanzauber-Geschwindigkeit“ are a player's words, not the name of a card the store lacks. A hyphened
word whose joined form is a word of the documents or one slip from one (:func:`joined_word`: Manabrand, Manavorrat,
Trampelschaden) is that word. Otherwise a phrase is a card's name only with a sign of a name (:func:`name_sign`): a
word that is neither a word of the documents nor itself a German word (:class:`bot.german_words.GermanDictionary`:
„Selesnja“, „Avacyn“, „Bolt“), or an adjective capitalised before a capitalised word inside the sentence, as card
names print them („Dunkler Vertrauter“).

A question that asks what one capitalised word does („Was macht Riesenwachstum?“, „Was macht Ratsschluss?“) asks
about a card by its name: :func:`asked_compound` reads such a word when no document holds it whole and the German
dictionary has it not as a word of its own, even where the documents hold its parts („Riesen“, „Wachstum“), which
kept it from the unknown words (:func:`bot.question_words.unknown_words`) and so from the line that says no document
holds it. A dictionary word („Was macht Wachstum?“, „Schneesturm“) is no such name.
"""

from __future__ import annotations

import itertools
import re
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


#: A question asking only what one capitalised word does: „Was macht Riesenwachstum?“, „wie funktioniert
#: Ratsschluss“ (an article before it allowed), the word in group 1.
_ASKED_ONE = re.compile(r"\s*(?:was|wie)\s+(?:macht|machen|tut|bewirkt|funktioniert)\s+"
                        r"(?:(?:der|die|das|den|dem|ein|eine|einen)\s+)?([A-ZÄÖÜ][^\W\d_]{3,})\s*[?!.]*\s*",
                        re.IGNORECASE)


def asked_compound(question: str, known: Mapping[str, float] | Collection[str], ordinary: Callable[[str], bool],
                   groups: Mapping[str, Sequence[str]]) -> str:
    """The word ``question`` asks about when it asks only what one capitalised word does (:data:`_ASKED_ONE`) and
    that word is, whole, neither a word of the documents (its stem among ``known``) nor itself a German word
    (``ordinary``: the dictionary's :meth:`bot.german_words.GermanDictionary.has`, not two words joined), nor names
    a game term by its parts (``groups``: the question's analysed words, folded, with their terms; a concept ``zz…``
    among them: „Kartenstapel“ is cards and the stack, „Zauberspruch“ a spell): a card's name the store lacks, as
    typed („Riesenwachstum“, „Ratsschluss“); ``""`` otherwise („Wachstum“, „Schneesturm“, „Spuk“)."""
    found = _ASKED_ONE.fullmatch(question[:200])
    word = found.group(1) if found is not None and found.group(1)[:1].isupper() else ""
    if not word or stem(word) in known or ordinary(word):
        return ""
    return "" if any(t.startswith("zz") for t in groups.get(canonical(fold(word)), ())) else word


__all__ = ["SLIP_FROM", "asked_compound", "joined_word", "name_sign", "stem"]
