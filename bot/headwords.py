"""The headword of an entry of the German rules explanation (003), for the ranking's ``headword`` part
(:mod:`bot.ranking`).

Each entry of 003 restates one rule of the Comprehensive Rules, and its first words name what the rule is about: the
noun the entry's first sentence begins with — „**Ein Spielstein**, der sich in einer anderen Zone als dem Spiel
befindet, hört auf zu existieren“ (CR 111.7), „**Besitzer** einer Karte in der Partie ist der Spieler, der …“
(CR 108.3), „**Effekte** können die Farbe eines Objekts ändern …“ (CR 105.3). Other entries only mention that thing
on the way to their own: „Ein Zauberspruch oder eine Fähigkeit, die einen Spielstein erzeugt, legt seinen Namen …
fest“ (CR 111.4) is about what creates a token, „Ein Inkubator-Spielstein ist …“ (CR 111.10i) about one predefined
token. A question that names an entry's headword in any form („token geht auf den friedhof, was passiert damit“:
Token is Spielstein) asks about that entry's thing, so the entry gets the ``headword`` part.

An entry beginning with a verb (a condition: „Hat eine Karte …“, „Weist ein Effekt …“, „Bezieht sich …“), a
preposition („In einer Commander-Partie …“) or a word of :data:`bot.definitions.NOT_A_SUBJECT` has no headword, nor
has one whose headword is a word most passages hold (a term of the store's inverse document frequency below
:data:`RARE_IDF`: „Spieler“, „Effekt“, „Zauberspruch“, „Mana“ begin entries on every matter). The head's terms are
those a defined subject has (:func:`bot.definitions.subject_head`, :func:`bot.definitions.subject_terms`): its stem and
the concepts of the longest name ending on it; a predefined token's „Schatz-Spielstein“ is a Schatz, not a Spielstein.
"""

from __future__ import annotations

import weakref
from collections.abc import Mapping

from bot.analysis import Analyser
from bot.candidates import Candidates
from bot.definitions import DEFINED, NOT_A_SUBJECT, subject_head, subject_terms
from bot.store import PassageRecord
from bot.weights import Weights

#: The least inverse document frequency (``log(N / df)`` over the store's passages) of a headword's term: „Spielstein“
#: (89 of 1 642 passages, 2.9), „Farbe“ (78), „Besitzer“ (52) are above, „Effekt“ (136, 2.5), „Zauberspruch“ (148),
#: „Mana“ (185), „Spieler“ (246) below.
RARE_IDF = 2.8
#: An article or determiner that may open the subject.
_ARTICLES = frozenset(["ein", "eine", "einer", "der", "die", "das", "jeder", "jede", "jedes"])
#: A word after a sentence's first word that shows the first word to be a verb (a verb-first condition: „Weist ein
#: Effekt …“, „Bezieht sich …“), when no article came before it.
_AFTER_VERB = frozenset(["ein", "eine", "sich", "es", "man", "du", "er", "sie", "jemand", "kein", "keine"])
#: Most words of a headword (a compound spelt with spaces: „Planeswalker-Symbol“ is one).
MAX_WORDS = 4
_QUOTES = "„“\"»«()"


def headword(text: str) -> str:
    """The headword of an entry (``text``: its whole text): the capitalised words its first line begins with, after
    an optional article, up to the first word in lower case or the first punctuation mark („Ein Spielstein, der …“ →
    ``"Spielstein"``; „Besitzer einer Karte …“ → ``"Besitzer"``); ``""`` when the entry begins with a verb, a
    preposition or a word of :data:`bot.definitions.NOT_A_SUBJECT` („Hat eine Karte …“, „In Magic gibt es …“).
    Pure; no errors."""
    first = text.strip().split("\n", 1)[0].split()
    start = 1 if first and first[0].lower() in _ARTICLES else 0
    words: list[str] = []
    for token in first[start:start + MAX_WORDS]:
        bare = token.strip(_QUOTES)
        ends = bare.endswith((",", ".", ":", ";"))
        bare = bare.rstrip(",.:;").strip(_QUOTES)
        if not bare or not (bare[0].isupper() or bare[0] == "{"):
            break
        words.append(bare)
        if ends:
            break
    if not words or words[0].lower() in NOT_A_SUBJECT | {"man", "manche"}:
        return ""
    after = first[start + len(words): start + len(words) + 1]
    if not start and after and after[0].lower() in _AFTER_VERB:
        return ""
    return " ".join(words)


_HEADS: weakref.WeakKeyDictionary[Analyser, dict[str, frozenset[str]]] = weakref.WeakKeyDictionary()


def head_terms(a: Analyser, text: str) -> frozenset[str]:
    """The terms of ``text``'s :func:`headword` as ``a`` reads a defined subject (:func:`bot.definitions.subject_head`;
    its stem and concepts, :func:`bot.definitions.subject_terms`, without the :data:`bot.definitions.DEFINED` mark);
    empty without a headword. Remembered per analyser and text. Pure; no errors."""
    seen = _HEADS.setdefault(a, {})
    if (out := seen.get(text)) is None:
        head = headword(text)
        out = frozenset(t[len(DEFINED):] for t in subject_terms(a, subject_head(head))) if head else frozenset()
        seen[text] = out
    return out


def headed(w: Weights, p: PassageRecord, found: Candidates, a: Analyser, idf: Mapping[str, float]
           ) -> dict[str, float]:
    """The ``headword`` part of ``p`` with the weights ``w``: ``w.headword`` when ``p`` is an entry of 003 (kind
    ``explanation``), the question (``found``) names no card, and one of the question's terms is a term of ``p``'s
    :func:`headword` whose inverse document frequency (``idf``: term → ``log(N / df)``) is at least
    :data:`RARE_IDF`; else nothing. Pure; no errors."""
    if not w.headword or p.kind != "explanation" or found.cards:
        return {}
    asked = head_terms(a, p.text).intersection(found.analysis.terms)
    return {"headword": w.headword} if any(idf.get(t, 0.0) >= RARE_IDF for t in asked) else {}


__all__ = ["RARE_IDF", "head_terms", "headed", "headword"]
