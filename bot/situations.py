"""The zone a question asks about, against the zone a passage speaks of (the ``zone`` part of :mod:`bot.ranking`).

Rulings of one card or section often differ only in the situation they treat: 000's Fehde rulings give a split
card's converted mana cost on the stack and elsewhere, 002's Nachhall rulings a card cast from the graveyard or from
another zone. A question that names a zone (CR 400.1: Bibliothek, Hand, Schlachtfeld — in the old documents „im
Spiel“ —, Friedhof, Stapel, Exil — „ganz aus dem Spiel entfernt“) asks about that situation; a passage that names
zones but none of the asked ones treats another. The zones are read from the concept ids the term table and
``data/synonyms.tsv`` give the zones' names (German, old and English: „library“, „graveyard“, „stack“), so the
question's and the passage's analysis (:attr:`bot.analysis.Analysis.concepts`, ``PassageRecord.concepts``) already
carry them.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from bot.concepts import concept_id
from bot.store import PassageRecord

#: Per zone of CR 400.1 the concept ids that name it (``k``: the term table's keyword rows, ``s``: synonym groups).
ZONES: tuple[frozenset[str], ...] = tuple(
    frozenset(concept_id(kind, key) for kind, key in ids)
    for ids in (
        (("k", "library"), ("s", "bibliothek")),
        (("k", "hand"),),
        (("k", "battlefield"), ("s", "schlachtfeld im")),
        (("k", "graveyard"),),
        (("k", "stack"),),
        (("k", "exile"), ("s", "exil")),
    )
)


#: The zones' words a passage negates, folded (the index into :data:`ZONES` of each).
ZONE_WORDS: dict[str, int] = {
    "bibliothek": 0, "library": 0, "hand": 1, "spiel": 2, "schlachtfeld": 2, "battlefield": 2, "play": 2,
    "friedhof": 3, "graveyard": 3, "stapel": 4, "stack": 4, "exil": 5, "exile": 5,
}
_ARTICLE = r"(?:dem|der|den|einem|einer|seine[mrn]?|deine[mrn]?|ihre[mrn]?|the|a|an|its|your|their)?\s*"
#: A zone named only to exclude it: „nicht auf dem Stapel“, „außer dem Stapel“, „aus einer anderen Zone als einem
#: Friedhof“, „other than the stack“ — the passage speaks of every other zone.
NEGATED = re.compile(
    r"\b(?:nicht|außer|ausser|not|other\s+than)\s+(?:auf|in|im|ins|aus|von|on|in|from)?\s*" + _ARTICLE + r"(\w+)"
    r"|\bander\w*\s+Zonen?\s+als\s+(?:auf|in|im|aus)?\s*" + _ARTICLE + r"(\w+)",
    re.IGNORECASE,
)


def negated(text: str) -> frozenset[int]:
    """The zones (indices into :data:`ZONES`) that ``text`` names only to exclude them (:data:`NEGATED`): 002's
    „Solange sich eine geteilte Karte nicht auf dem Stapel befindet …“ → the stack."""
    return frozenset(ZONE_WORDS[w] for m in NEGATED.finditer(text[:4000])
                     if (w := (m.group(1) or m.group(2) or "").lower()) in ZONE_WORDS)


def treated(p: PassageRecord) -> frozenset[int]:
    """The zones passage ``p`` treats: those its concepts name, a zone it names only to exclude it
    (:func:`negated`) standing for every other zone."""
    named = zones(p.concepts)
    if named and (out := negated(p.text)):
        return frozenset(range(len(ZONES))) - out
    return named


def zones(concepts: Iterable[str]) -> frozenset[int]:
    """The zones (indices into :data:`ZONES`) that ``concepts`` (concept ids of a question or passage) name."""
    held = frozenset(concepts)
    return frozenset(i for i, ids in enumerate(ZONES) if not ids.isdisjoint(held))


def elsewhere(asked: frozenset[int], named: frozenset[int]) -> bool:
    """True when a passage naming the zones ``named`` treats another situation than a question asking about the
    zones ``asked`` (both from :func:`zones`): the question names a zone, the passage names zones, none of them
    asked. A passage naming no zone is not about another one (it states the rule for every zone)."""
    return bool(asked) and bool(named) and asked.isdisjoint(named)


def group(p: PassageRecord) -> tuple[object, ...]:
    """The siblings ``p`` is one of: its card's passages, else its mechanics section's, else its document's
    passages of one title (003's explanations, a document's rules)."""
    if p.card_id is not None:
        return ("card", p.card_id)
    if p.mechanic_id is not None:
        return ("section", p.mechanic_id)
    return ("title", p.key.split(":", 1)[0], p.title)


def off_zone(passages: Iterable[PassageRecord], asked: frozenset[int]) -> frozenset[int]:
    """The ids of the ``passages`` (a question's candidates) that treat another zone than the ``asked`` ones
    (:func:`elsewhere`) while a sibling of theirs among them (:func:`group`) names an asked zone: what they say holds
    for another situation of the same thing. Empty when the question names no zone."""
    if not asked:
        return frozenset()
    named = [(p, treated(p)) for p in passages]
    asked_in = {group(p) for p, z in named if not asked.isdisjoint(z)}  # groups with a passage on an asked zone
    return frozenset(p.id for p, z in named if elsewhere(asked, z) and group(p) in asked_in)


__all__ = ["ZONES", "elsewhere", "group", "off_zone", "zones"]
