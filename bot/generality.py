"""Whether a question asks a general rule, for the ranking's ``general`` part (:mod:`bot.ranking`).

A card's ruling and a mechanics section's ruling answer a case: what one card or one mechanic does. The rule
itself — an entry of the German rules explanation (003, the comprehensive rules' summary), a rule a document
quotes (000's rule 701.19c, 001's 502.53b), an official rule after ``build --cr`` — states what holds for every
card, creature or player. A question that names no card and speaks of „eine Karte“, „ein Spieler“, „man“,
„immer“ or „generell“ asks that rule: „verschwindet mana immer am ende eines schritts“ is answered by 003's
„Der Manavorrat jedes Spielers leert sich am Ende jedes Segments und jeder Phase …“, not by the ruling of
Spektraler Scheinwerfer that repeats its words („… erleidet er am Ende der Phase Manabrand“).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Iterable

from bot.definitions import DEFINED
from bot.text import tokens
from bot.words import MAX_TOKENS

#: Passage kinds that state a rule for every object (:attr:`bot.store.PassageRecord.kind`): 003's explanation, a
#: document's quoted rule, an official rule.
RULE_KINDS = frozenset({"explanation", "quoted_rule", "cr_rule"})

#: Folded words by which a question speaks of any object or player rather than one (an indefinite article, also
#: the spoken „ne“/„nen“; „man“; „jede“; „immer“, „generell“ …), German and English. Not „alle“: it counts the
#: objects of one case („wer gewinnt die Fehde, wenn alle Karten gleich viel kosten“ asks 000's ruling on that
#: case, not rule 701.19c; with „alle“ the 5-fold CV of docs/ranking.md ³³ differed by one question and that
#: answer turned).
GENERIC = frozenset({
    "ein", "eine", "einen", "einem", "einer", "eines", "ne", "nen", "nem", "ner",
    "man", "jede", "jeder", "jedes", "jeden", "jedem",
    "immer", "generell", "grundsatzlich", "allgemein", "normalerweise", "irgendein", "irgendeine",
    "a", "an", "any", "every", "always", "generally",
})


def asks_generally(words: Iterable[str], cards: Collection[int]) -> bool:
    """True when a question with the folded tokens ``words`` (:func:`bot.text.tokens`) names no card (``cards``:
    the cards the ranking found named in it) and speaks of any object or player (a word of :data:`GENERIC`).
    Pure; no errors."""
    return not cards and any(w in GENERIC for w in words)


def general_of(features: Iterable[str], text: str, cards: Collection[int]) -> bool:
    """Whether a ranker with ``features`` (:data:`bot.ranking.FEATURES`) reads the question ``text`` (its first
    :data:`bot.words.MAX_TOKENS` × 20 characters) naming ``cards`` as asked generally (:func:`asks_generally`,
    the ``general`` part): never without the ``general`` feature. Pure; no errors."""
    return "general" in features and asks_generally(tokens(text[: MAX_TOKENS * 20]), cards)


#: „diese Karte“, „diese Kreatur“, „dieser Spielstein“ …: a card's ruling speaking of the card itself.
_THIS = re.compile(
    r"\bdiese[rsnm]?\s+(?:karte|kreatur|verzauberung|aura|artefakt|zauberspruch|spielstein|ausrüstung|land)\b"
    r"|\bthis\s+(?:card|creature|spell|permanent)\b",
    re.IGNORECASE,
)
#: Shortest name word that counts (shorter ones are articles and particles of names: „der“, „des“, „von“).
_NAME_WORD = 4


def speaks_of_itself(names: frozenset[str], terms: frozenset[str], text: str) -> bool:
    """True when a card's ruling is about its own card's effect: its analysed text (``terms``) holds a word of its
    card's name (``names``, the analysed title; concept ids and words under :data:`_NAME_WORD` letters aside:
    001's „Besitzt du die Kreatur, bei der der Exhumierende Thrull gespukt hat …“) or its ``text`` says „diese
    Karte“, „diese Kreatur“ … (:data:`_THIS`). Such a ruling states what one card does; a question naming no card
    asks what holds for any card, which the rule or the mechanic's own ruling states (the ``own`` part of
    :mod:`bot.ranking`). Pure; no errors."""
    if any(len(t) >= _NAME_WORD and not t.startswith("zz") and t in terms for t in names):
        return True
    return _THIS.search(text) is not None


#: 003's definition of a predefined token (CR 111.10): „Ein Schatz-Spielstein ist …“, „Ein „Young Hero“-Rollen-
#: Spielstein ist …“; the name is one or two words before „-Spielstein“ or „-Rollen-Spielstein“.
_TOKEN_KIND = re.compile(r"Ein [„“\"]?(?P<name>[^\s„“\"-]+(?: [^\s„“\"-]+)?)[„“\"]?-(?:Rollen-)?Spielstein ist\b")


def unnamed_token(text: str, terms: frozenset[str], asked: Iterable[str], stems: Callable[[str], list[str]]) -> bool:
    """True when ``text`` (an entry of 003) defines one predefined token (CR 111.10: „Ein Inkubator-Spielstein ist
    …“, 111.10j) and the question, of analysed terms ``asked`` (stems and concept ids), names it neither by a word
    of its name (its stem: the first of ``stems``, :meth:`bot.analysis.Analyser.stems`; not a compound part, the
    „stein“ of Kraftstein) nor by a concept the entry defines (``terms`` holding :data:`bot.definitions.DEFINED` +
    the concept: „food“ names 003:376's Speise-Spielstein). Such an entry states what one kind of token is, as a
    card's ruling states what one card does: „geht ein token auf den friedhof, was passiert damit“ asks 111.7
    (003:424, a token in another zone ceases to exist), not the Inkubator's 111.10j that shares its words. The
    ``unnamed`` and ``own`` parts of :mod:`bot.ranking` lower such an entry only for a question that asks generally
    (:func:`asks_generally`: „kann ein token aus dem exil wieder zurück“); read for every question without a word of
    its name, the refit moved five weights and the margin (docs/ranking.md ⁴⁹ ⁵⁰). Pure; no errors."""
    m = _TOKEN_KIND.match(text) if text.startswith("Ein ") else None
    if m is None:
        return False
    asked = frozenset(asked)
    if any(DEFINED + t in terms for t in asked):
        return False
    return not any(stems(w)[0] in asked for w in tokens(m.group("name")))


__all__ = ["GENERIC", "RULE_KINDS", "asks_generally", "general_of", "speaks_of_itself", "unnamed_token"]
