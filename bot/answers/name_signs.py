"""Whether capitalised words of a question name a card or are ordinary German (``/frage``'s missing-card line,
:mod:`bot.answers.missing_phrases`).

German capitalises every noun and joins nouns by a hyphen at will: „Mana-Brand“, „Mana-Vorrat“, „Trampel-Schadn“
(one slip), „Spontanzauber-Geschwindigkeit“ are a player's words, not the name of a card the store lacks. A hyphened
word whose joined form is a word of the documents or a slip of one (:func:`joined_word`: Manabrand, Manavorrat,
Trampelschaden) is that word. Otherwise a phrase is a card's name only with a sign of a name (:func:`name_sign`): a
word that is neither a word of the documents nor itself a German word (:class:`bot.german_words.GermanDictionary`:
„Selesnja“, „Avacyn“, „Bolt“), or an adjective capitalised before a capitalised word inside the sentence, as card
names print them („Dunkler Vertrauter“).
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Collection, Mapping, Sequence

from bot.words import term_stem

#: Fewest letters of a joined form read through the slip repair as a word of the documents: shorter ones have too many
#: neighbours.
SLIP_FROM = 8
#: Endings of a German adjective before a noun („Dunkler“, „Schwarze“, „Großes“, „Roten“, „Altem“): an adjective
#: takes them all, a noun ending in one of them („Spieler“, „Karte“) does not.
_ADJECTIVE_ENDS = ("er", "e", "es", "en", "em")


def joined_word(parts: Sequence[str], known: Mapping[str, float] | Collection[str],
                repair: Callable[[str], str | None] | None = None) -> bool:
    """True when ``parts`` (a hyphened word's words, ``["Trampel", "Schadn"]``) joined are a word of the documents
    (its stem, :func:`bot.words.term_stem`, among ``known``, the store's analysed terms) or, from :data:`SLIP_FROM`
    letters on, a slip of one by the one slip repair (``repair``: :func:`bot.word_parts.slip_repair` over the
    store's vocabulary, as the analysis reads a word no document prints): „Mana-Brand“ (Manabrand),
    „Trampel-Schadn“ (Trampelschaden)."""
    joined = "".join(parts).lower()
    if term_stem(joined) in known:
        return True
    return repair is not None and len(joined) >= SLIP_FROM and repair(joined) is not None


def adjective(word: str, ordinary: Callable[[str], bool]) -> bool:
    """True when ``word`` is a German adjective declined before a noun: it ends in one of :data:`_ADJECTIVE_ENDS`
    and, without that ending, takes every one of them as a German word (``ordinary``: the German dictionary's
    :meth:`bot.german_words.GermanDictionary.has`): „Dunkler“ (dunkle, dunklen, dunkler, dunkles, dunklem),
    „Ewiger“, „Schwarzer“; not the nouns „Spieler“ (no „spielem“), „Karte“, „Zauber“."""
    low = word.casefold()
    return any(low.endswith(end) and all(ordinary(low[: -len(end)] + e) for e in _ADJECTIVE_ENDS)
               for end in _ADJECTIVE_ENDS)


def name_sign(words: Sequence[str], known: Mapping[str, float] | Collection[str], ordinary: Callable[[str], bool],
              apart: bool) -> bool:
    """True when ``words`` (a phrase's words as typed, in order) bear a sign of a card's name: one is neither a word
    of the documents (its stem, :func:`bot.words.term_stem`, among ``known``) nor itself a German word
    (``ordinary``: the German dictionary's :meth:`bot.german_words.GermanDictionary.has`, not two words joined:
    „Selesnja“, „Avacyn“, „Windgrace“), or, in words written apart (``apart``: a run of capitalised words inside a
    sentence), a capitalised adjective (:func:`adjective`) stands before another capitalised word („Dunkler
    Vertrauter“; not „Spieler Karten“). „Boros-Karte“ and „Spontanzauber-Geschwindigkeit“ bear none."""
    if any(term_stem(w) not in known and not ordinary(w) for w in words):
        return True
    return apart and any(w[:1].isupper() and nxt[:1].isupper() and adjective(w, ordinary)
                         for w, nxt in itertools.pairwise(words))


__all__ = ["SLIP_FROM", "adjective", "joined_word", "name_sign"]
