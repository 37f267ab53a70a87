"""Whether a question asks a general rule, for the ranking's ``general`` part (:mod:`bot.ranking`).

A card's ruling and a mechanics section's ruling answer a case: what one card or one mechanic does. The rule
itself — an entry of the German rules explanation (003, the comprehensive rules' summary), a rule a document
quotes (000's rule 701.19c, 001's 502.53b), an official rule after ``build --cr`` — states what holds for every
card, creature or player. A question that names no card asks that rule: „verschwindet mana immer am ende eines
schritts“ is answered by 003's „Der Manavorrat jedes Spielers leert sich am Ende jedes Segments und jeder Phase
…“, not by the ruling of Spektraler Scheinwerfer that repeats its words („… erleidet er am Ende der Phase Manabrand“).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable

from bot.definitions import DEFINED
from bot.text import tokens

#: Passage kinds that state a rule for every object (:attr:`bot.store.PassageRecord.kind`): 003's explanation, a
#: document's quoted rule, an official rule.
RULE_KINDS = frozenset({"explanation", "quoted_rule", "cr_rule"})


def asks_generally(cards: Iterable[int]) -> bool:
    """True when a question names no card (``cards``: the cards the ranking found named in it,
    :class:`bot.mentions.NameScanner`): it asks what holds for any card, creature, token or player, whatever its
    form — „verschwindet mana immer am ende eines schritts“, „ich bin auf 0 leben, verliere ich sofort“, „wer
    kontrolliert karten im friedhof oder exil“ (003:323, CR 108.4a), „token geht auf den friedhof, was passiert
    damit“ (003:424, CR 111.7). Until 2026-12-05 the question also had to hold a word of any object or player (an
    indefinite article, „man“, „jede“, „immer“, „generell“ …); players ask without one („kommen kreaturen getappt
    aufs schlachtfeld“, bare plurals, „ich“ for any player), and by 5-fold CV on the four tuning parts the question's
    form told nothing the named card does not (docs/ranking.md ⁶⁰: the shipped method 83.6 → 84.1 % hit@1, 94.7 →
    94.9 % hit@3). Pure; no errors."""
    return not any(True for _ in cards)


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
    ``unnamed`` and ``own`` parts of :mod:`bot.ranking` lower such an entry for a question that asks generally
    (:func:`asks_generally`: one naming no card, „kann ein token aus dem exil wieder zurück“, „token stirbt, was
    passiert dann mit ihm“; docs/ranking.md ⁴⁹ ⁵⁰ ⁶⁰). Pure; no errors."""
    m = _TOKEN_KIND.match(text) if text.startswith("Ein ") else None
    if m is None:
        return False
    asked = frozenset(asked)
    if any(DEFINED + t in terms for t in asked):
        return False
    return not any(stems(w)[0] in asked for w in tokens(m.group("name")))


__all__ = ["RULE_KINDS", "asks_generally", "speaks_of_itself", "unnamed_token"]
