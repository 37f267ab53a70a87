"""Whether capitalised words of a question name a card or are ordinary German (``/frage``'s missing-card line,
:mod:`bot.answers.missing_phrases`).

German capitalises every noun and joins nouns by a hyphen at will: „Mana-Brand“, „Mana-Vorrat“, „Trampel-Schadn“
(one slip), „Spontanzauber-Geschwindigkeit“ are a player's words, not the name of a card the store lacks. A hyphened
word whose joined form is a word of the documents or a slip of one (:func:`joined_word`: Manabrand, Manavorrat,
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

from bot.text import canonical, fold
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
    if not word or term_stem(word) in known or ordinary(word):
        return ""
    return "" if any(t.startswith("zz") for t in groups.get(canonical(fold(word)), ())) else word


__all__ = ["SLIP_FROM", "adjective", "asked_compound", "joined_word", "name_sign"]
