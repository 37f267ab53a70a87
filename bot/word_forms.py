"""Whether two spellings are forms of one German word: the typed word and the word the analysis read it as
(:func:`inflected`). The slip repair (:mod:`bot.typos`) keeps a common word as typed unless the documents' word is
another form of it, and the notes of ``/frage`` (:mod:`bot.answers.unknown_notes`) name no such repair; both read this
one rule, which imports nothing of the analysis, so neither door imports the other's.
"""

from __future__ import annotations

from bot.anglicisms import english_forms
from bot.german_words import german_dictionary

#: Endings of German verb, noun and adjective forms, longest first (:func:`inflected`).
_ENDINGS = ("est", "et", "st", "en", "em", "er", "es", "e", "t", "n", "s")


#: The letters a German form's „n“ alone follows („Regeln“, „wandern“, „tun“): after another consonant an „n“ is
#: no ending but a dropped „e“ („schadn“ for „schaden“, a slip the notes name).
_BEFORE_N = frozenset("aeiouyäöülr")


def _stem(word: str) -> str | None:
    """``word`` without its inflection ending (:data:`_ENDINGS`, leaving three letters or more: „rotem“ → „rot“;
    an „n“ alone only after :data:`_BEFORE_N`), None without one."""
    return next((word[: -len(e)] for e in _ENDINGS if word.endswith(e) and len(word) - len(e) >= 3
                 and (e != "n" or word[-2] in _BEFORE_N)), None)


#: Letters a German verb form puts inside the verb after a separable prefix: the participle's „ge“ („angefangen“ of
#: „anfangen“) and the zu-infinitive's „zu“ („reinzulegen“ of „reinlegen“).
_INSIDE = ("ge", "zu")
#: The linking elements of a German compound, longest first („Nichtkreatur|en|zauber“, „Schadens|verhinderung“), and
#: the fewest letters of each part around one (:func:`_linked`).
_LINKS = ("ens", "en", "es", "er", "n", "s", "e")
_LINK_PART = 4


def _linked(typed: str, read: str) -> bool:
    """True when one of ``typed`` and ``read`` is the other with a compound's linking element (:data:`_LINKS`) put
    between two parts of :data:`_LINK_PART` letters or more: „nichtkreaturzauber“ read as 001's
    „nichtkreaturenzauber“; not „gewint“ as „gewinnt“ (a part of two letters)."""
    longer, shorter = (typed, read) if len(typed) > len(read) else (read, typed)
    return any(longer[i:i + len(link)] == link and longer[:i] + longer[i + len(link):] == shorter
               for link in _LINKS if len(longer) - len(shorter) == len(link)
               for i in range(_LINK_PART, len(longer) - len(link) - _LINK_PART + 1))


def _ending_added(longer: str, shorter: str) -> bool:
    """True when ``longer`` is ``shorter`` with an inflection ending (:data:`_ENDINGS`) put on that does not repeat
    its last letter (a doubled letter is a slip) and ``shorter`` is a word of the German dictionary itself
    (:meth:`bot.german_words.GermanDictionary.has`, read already by the repair that made the pair): „pumpt“ of
    „pump“, „basics“ of „basic“; not „verbrennt“ of the players' stem „verbrenn*“ (data/synonyms.tsv), no word."""
    return (any(longer == shorter + e and shorter[-1:] != e[0] for e in _ENDINGS)
            and german_dictionary().has(shorter))


def _other_form(typed: str, read: str) -> bool:
    """True when ``typed`` and ``read`` are forms of one word by the rules of :func:`inflected` beside the endings."""
    longer, shorter = (typed, read) if len(typed) > len(read) else (read, typed)
    inside = any(longer[i:i + 2] in _INSIDE and longer[:i] + longer[i + 2:] == shorter
                 for i in range(2, len(longer) - 3))
    return (inside or _linked(typed, read) or _ending_added(typed, read)
            or (read == typed + "s" and not typed.endswith("s")))  # „slowtrip“ as „slowtrips“, „öfter“ as „öfters“


def inflected(typed: str, read: str) -> bool:
    """True when the typed word and the word it was read as are two forms of one word: both end in an inflection
    ending and are the same without it („wegbewege“ read as the documents' „wegbewegt“, first person for participle;
    „rotem“ as „rote“); or the typed word is the read one with an ending put on („pumpt“ of „pump“, „stackt“ of
    „stack“, „basics“ of „basic“; :func:`_ending_added`) or without its „s“ („slowtrip“ of „slowtrips“, „öfter“ of
    „öfters“); or one has the participle's „ge“ or the zu-infinitive's „zu“ inside
    where the other has none („angefangen“, „anfangen“; „reinzulegen“, „reinlegen“), or a compound's linking element
    (:func:`_linked`: „nichtkreaturzauber“, „nichtkreaturenzauber“). (A spoken short form, „drunter“ of
    „darunter“, is a players' word read as the long one, :mod:`bot.players_words`: no repair.)
    So is an English form of the word read (:func:`bot.anglicisms.english_forms`: „exiled“ read as the term's
    „exile“, „sacrificed“ as „sacrifice“).
    Such a repair is no slip and no other word, so no note names it; „fluch“ read as „flucht“ (no ending typed, a
    word of its own), „rot“ as „rote“, „gewint“ as „gewinnt“ and „sicknes“ as „sickness“ are still named
    (docs/ranking.md ¹¹⁰)."""
    if typed == read:
        return False
    a, b = _stem(typed), _stem(read)
    return (a is not None and a == b) or read in english_forms(typed) or _other_form(typed, read)


__all__ = ["inflected"]
