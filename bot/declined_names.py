"""One reading of a card's name words in another declined form, for every door that reads a typed name: the message
command "Karten erklären" (:mod:`bot.message_names`, :mod:`bot.answers.chat`), the name completer
(:func:`completed`), the missing-card note (:func:`bot.answers.missing_cards.missing_card_line`) and the guild words
beside a card's name (:func:`bot.text_names.inside_card_name`); ``/frage`` reads a rare name word by its stem the same
way (:func:`bot.question_cards.cards_by_name_words`: „phobisches“ is Phobisches Traumwesen, 001).

German adjectives and nouns decline: „den phobischen traumding“ names Phobisches Traumwesen by its first name word
with another ending (the half-remembered rest aside), „der boros-rekruten“ names Boros-Rekrut by its last. A typed
name (one word or several, a hyphen separating them as a space does) is read as a card's when the name index has no
hit for it but offers exactly that one card, and its words, compared by their Snowball stems
(:func:`bot.words.snowball`), are the first words of the card's name or its last ones, each declined word at least
:data:`MIN_DECLINED` letters. What a door reads more strictly stands once in its :class:`Door` (:data:`MESSAGE`,
:data:`COMPLETER`, :data:`NOTE`, :data:`QUESTION`), not as a flag at each call. One look-up of the name index per
typed name; nothing read from the store.
"""

from __future__ import annotations

import re
from collections.abc import Collection
from dataclasses import dataclass

from bot.search import FUZZY, Lookup, NameHit, NameIndex
from bot.text import name_words
from bot.words import snowball

#: Fewest letters of a word read as a name's word in another form (shorter stems name too many words).
MIN_DECLINED = 5


@dataclass(frozen=True)
class Door:
    """How one door reads a card's name words (see the module docstring).

    Attributes:
        name: the door, for its docstrings and logs („Karten erklären“).
        as_printed: a typed name whose words are the card's as printed, only fewer, reads the card too (the
            completer: „phobisches traumkram“ completes to Phobisches Traumwesen; a message's „Agrus“ stays a word
            the answer offers cards for, „meintest du Agrus Kos, Wojek-Veteran“).
        whole_words: a guild's name is inside a named card's name only as a whole word of it (the message command:
            „Orzhov“ beside Teysa, Orzhovweiser is said to be a guild there); else also where a word of the name
            begins with it (Orzhovweiser and Orzhova hold Orzhov's: ``/frage`` and the searches).
    """

    name: str
    as_printed: bool = False
    whole_words: bool = False


#: The message command "Karten erklären": declined words only, a guild's name inside a card's name as a whole word.
MESSAGE = Door("Karten erklären", whole_words=True)
#: The name completers (``/karte``, ``/ruling suche``): the first words as printed complete too.
COMPLETER = Door("Namensvervollständigung", as_printed=True)
#: The missing-card note of ``/frage`` and ``/karte``: a declined card name is no missing card.
NOTE = Door("Hinweis auf fehlende Karte")
#: ``/frage``, the searches and the guild lines: a guild's name begun inside a card's name word is inside it.
QUESTION = Door("/frage")


def _declined(typed: list[str], printed: list[str], as_printed: bool) -> bool:
    """True when the typed name words ``typed`` are the card's name words ``printed`` (both folded,
    :func:`bot.text.name_words`) in the same order, each of the same Snowball stem, and at least one in another form
    of :data:`MIN_DECLINED` letters or more (without one: only ``as_printed``, a first word of that many letters)."""
    pairs = list(zip(typed, printed, strict=True))
    other = [t for t, p in pairs if t != p]
    if any(len(t) < MIN_DECLINED for t in other) or not (other or (as_printed and len(typed[0]) >= MIN_DECLINED)):
        return False
    return all(t == p or snowball(t) == snowball(p) for t, p in pairs)


def declined_card(typed: str, found: Lookup, door: Door) -> NameHit | None:
    """The card ``found`` (the name index's :meth:`~bot.search.NameIndex.lookup` of ``typed``) offers as its one
    candidate when the words of ``typed`` are that card's first or last name words in another declined form (see the
    module docstring): ``"phobischen"`` → Phobisches Traumwesen, ``"boros-rekruten"`` → Boros-Rekrut. None when the
    index has a hit (that is read as it is), offers several cards or none, or the words are not the card's. Never
    raises."""
    words = name_words(typed)
    if found.hit is not None or len(found.candidates) != 1 or not words:
        return None
    card = found.candidates[0]
    printed = name_words(card.card_name)
    n = len(words)
    if n > len(printed):
        return None
    # the first words as printed complete at the completer (:attr:`Door.as_printed`); the last ones are the index's
    first, last = _declined(words, printed[:n], door.as_printed), n < len(printed) and _declined(words, printed[-n:],
                                                                                                  False)
    return card if first or last else None


def completed(names: NameIndex, typed: str, door: Door = COMPLETER) -> NameHit | None:
    """The card the whole of ``typed`` names in a declined form (:func:`declined_card`: ``"boros rekruten"`` →
    Boros-Rekrut), else the one its first word names so, whatever the words after it (``"phobischen traumding"`` →
    Phobisches Traumwesen), for the completer when nothing else fits. At most two look-ups; None when it names no
    such card."""
    words = typed.split(maxsplit=1)
    if not words:
        return None
    whole = declined_card(typed, names.whole(typed), door) if len(words) > 1 else None
    return whole or declined_card(words[0], names.whole(words[0]), door)


#: A typed word of a question as typed (a hyphen joins its parts: „boros-rekruten“).
_TYPED_WORD = re.compile(r"[^\W_]+(?:-[^\W_]+)*")


def declined_words(question: str, card_id: int, card_name: str, names: NameIndex, door: Door = NOTE) -> str | None:
    """The run of words of ``question`` (as typed, at most as many words as the name ``card_name`` has) that names
    the card ``card_id`` in a declined form (:func:`declined_card` at ``door``): ``"kann der boros-rekruten
    blocken?"`` → ``"boros-rekruten"``, ``"kennt wer den phobischen traumding?"`` → ``"phobischen"`` (Phobisches
    Traumwesen, 001); the longest run that starts first. None when no run does, or when a run the name index reads
    as the card comes first, unless its every word is the name's declined (:func:`_all_declined`: „phobischen
    traumwesens“): a name typed as printed is no declined one („maertyrerin der asche“ is Märtyrerin der
    Asche, not „maertyrerin der“ declined). Looks up only runs whose first word has the Snowball stem of a word of
    the name."""
    stems = {snowball(w) for w in name_words(card_name)}
    typed = _TYPED_WORD.findall(question)
    for start, word in enumerate(typed):
        if not any(snowball(w) in stems for w in name_words(word)[:1]):
            continue
        for end in range(min(len(typed), start + len(name_words(card_name))), start, -1):
            run = " ".join(typed[start:end])
            found = names.whole(run)
            if found.hit is not None and found.hit.card_id == card_id:  # typed as printed, unless every word declined
                return run if _all_declined(run, card_name, found.hit) else None
            hit = declined_card(run, found, door)
            if hit is not None and hit.card_id == card_id:
                return run
    return None


def _all_declined(run: str, card_name: str, hit: NameHit) -> bool:
    """True when the name index's fuzzy ``hit`` (:data:`bot.search.FUZZY`) of the typed ``run`` has the card's name
    ``card_name`` word for word, each of the same Snowball stem and one in another form (:func:`_declined`): „phobischen
    traumwesens“ is Phobisches Traumwesen declined, both words; a name the index reads exactly or as a spelling
    („maertyrerin der asche“) is typed as printed."""
    typed, printed = name_words(run), name_words(card_name)
    return hit.tier >= FUZZY and len(typed) == len(printed) and _declined(typed, printed, False)


def inside_card_name(key: str, held: Collection[str], door: Door = QUESTION) -> bool:
    """True when the guild word ``key`` (folded) is inside the name of a card the text names, so it names no guild:
    a word of such a name (``held``, folded) is it or, unless ``door`` compares whole words
    (:attr:`Door.whole_words`), begins with it (Orzhovweiser and Orzhova hold Orzhov's). Pure."""
    return key in held if door.whole_words else any(h.startswith(key) for h in held)


__all__ = ["COMPLETER", "MESSAGE", "MIN_DECLINED", "NOTE", "QUESTION", "Door", "completed", "declined_card",
           "declined_words", "inside_card_name"]
