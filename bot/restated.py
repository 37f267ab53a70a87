"""A card's ruling whose words a rule restates, for the ranking's ``restated`` part (:mod:`bot.ranking`).

A card's ruling applies the rules to one card: 001's ruling of Geiernder Zombie „Die Fähigkeit wird nur von Karten
ausgelöst, daher wird sie nicht ausgelöst, wenn ein Spielstein auf den Friedhof deines Gegners gelegt wird …“ says
what that card's ability does with a token. The rule itself — 003's „Ein Spielstein, der sich in einer anderen Zone
als dem Spiel befindet, hört auf zu existieren …“ (CR 111.7), a document's quoted rule, an official rule — states it
for every object. A question that names no card („token geht auf den friedhof, was passiert damit“) and whose words a
card's ruling holds no more of than such a rule does asks the rule: the ruling meets it only through the rule's own
words, about its card. Such a ruling (one that gets the ``unnamed`` part) gets the ``restated`` part too. A mechanics
section's ruling is no such case: it states what holds for every card with the mechanic (001's „„Verbesserte“
Zaubersprüche“ ruling on a copied spell answers „kopierter zauber farbbonus“, not 003's entries on copies).
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping, Sequence

from bot.analysis import Analysis
from bot.candidates import Candidates
from bot.generality import RULE_KINDS
from bot.question_words import topic_words
from bot.store import PassageRecord
from bot.weights import Weights


def held_words(words: Sequence[Sequence[str]], p: PassageRecord) -> int:
    """The question's words (``words``: per word its terms, held when any is) that ``p``'s analysed text or title
    holds, as a bit mask (bit ``i`` for word ``i``). Pure; no errors."""
    mask = 0
    for i, terms in enumerate(words):
        if any(t in p.terms or t in p.names for t in terms):
            mask |= 1 << i
    return mask


def restated_cases(words: Sequence[Sequence[str]], records: Mapping[int, PassageRecord], cards: Collection[int]
                   ) -> frozenset[int]:
    """Ids of the cards' rulings among ``records`` (id → record: a question's candidates) that hold at least one of
    the question's ``words`` (per word its terms, :attr:`bot.analysis.Analysis.groups`) and whose words one passage
    of :data:`bot.generality.RULE_KINDS` among the candidates holds all of; empty when the question names a card
    (``cards``: then its rulings answer it). Pure; no errors.

    „mein token stirbt, lösen die stirbt trigger noch aus obwohl der token weg ist“: 001:467 (Geiernder Zombie) holds
    „token“, „stirbt“, „trigger“ (auslösen) and „weg“ no more than 003:424 does, so it is restated; a ruling holding
    a word no rule holds with the rest (a card's own case) is not."""
    if cards or not words:
        return frozenset()
    cases = {pid: held_words(words, p) for pid, p in records.items() if p.kind == "ruling" and p.card_id is not None}
    rules = {held_words(words, p) for p in records.values() if p.kind in RULE_KINDS}
    return frozenset(pid for pid, mask in cases.items() if mask and any(mask & ~rule == 0 for rule in rules))


def restated_of(features: Iterable[str], analysis: Analysis, records: Mapping[int, PassageRecord],
                cards: Collection[int]) -> frozenset[int]:
    """The restated cases among a question's candidates ``records`` (:func:`restated_cases` of the words of its
    ``analysis`` and the ``cards`` it names) for a ranker with ``features`` (:data:`bot.ranking.FEATURES`): empty
    without the ``unnamed`` feature. Pure; no errors."""
    return restated_cases(topic_words(analysis), records, cards) if "unnamed" in features else frozenset()


def said(w: Weights, p: PassageRecord, found: Candidates, general: bool) -> dict[str, float]:
    """The ``restated`` part of ``p`` (a passage that gets the ``unnamed`` part) with the weights ``w``: its weight when
    ``p`` is among ``found.restated`` and the ranking has rules to prefer (``general``: not /ruling suche), else
    nothing. Pure; no errors."""
    return {"restated": w.restated} if general and w.restated and p.id in found.restated else {}


__all__ = ["held_words", "restated_cases", "restated_of", "said"]
