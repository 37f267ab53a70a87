"""A card named by its first word in another declined form, as ``/frage`` reads a rare name word
(:func:`bot.question_cards.cards_by_name_words`: „phobisches“ is Phobisches Traumwesen, 001): „den phobischen
traumding“ names Phobisches Traumwesen by „phobischen“, the first word of its name with another ending (German
adjectives decline: „phobisches“, „phobische“, „phobischen“), the half-remembered rest aside.

Read where the name index has no hit for the word but offers exactly one card whose name's first word has the
word's stem (:func:`bot.words.snowball`): "Karten erklären" reads such a word in a message
(:mod:`bot.message_names`), the name completer offers that card when nothing else fits the typed text
(:func:`completed`). One look-up of the name index per word; nothing read from the store.
"""

from __future__ import annotations

from bot.search import Lookup, NameHit, NameIndex
from bot.text import name_words
from bot.words import snowball

#: Fewest letters of a word read as a name's first word in another form (shorter stems name too many words).
MIN_DECLINED = 5


def declined_card(word: str, found: Lookup, as_printed: bool = False) -> NameHit | None:
    """The card ``found`` (the name index's :meth:`~bot.search.NameIndex.lookup` of ``word``) offers as its one
    candidate when ``word`` is that card's first name word in another declined form (same Snowball stem, at least
    :data:`MIN_DECLINED` letters): ``"phobischen"`` → Phobisches Traumwesen; with ``as_printed`` also the word as
    printed (``"phobisches"``; a message's „Agrus“ stays a word the answer offers cards for, „meintest du Agrus Kos,
    Wojek-Veteran“). None when the index has a hit (that is read as it is), offers several cards or none, or the
    stems differ. Never raises."""
    words = name_words(word)
    if found.hit is not None or len(found.candidates) != 1 or len(words) != 1 or len(words[0]) < MIN_DECLINED:
        return None
    card = found.candidates[0]
    first = name_words(card.card_name)[:1]
    if not first or (first[0] == words[0] and not as_printed):
        return None
    return card if snowball(first[0]) == snowball(words[0]) else None


def completed(names: NameIndex, typed: str) -> NameHit | None:
    """The card whose name's first word the first word of ``typed`` is, in another declined form
    (:func:`declined_card`) or as printed, whatever the words after it: ``"phobischen traumding"`` → Phobisches
    Traumwesen, for the completer when nothing else fits. One look-up of the first word; None when it names no such
    card."""
    words = typed.split(maxsplit=1)
    return declined_card(words[0], names.lookup(words[0]), as_printed=True) if words else None


__all__ = ["MIN_DECLINED", "completed", "declined_card"]
