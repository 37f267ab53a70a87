"""Siblings among the entries of the German rules explanation (document 003): the entries of one subrule.

The ``sentence`` and ``answered`` stages of the ranking (:mod:`bot.question_words`, :mod:`bot.answered`) decide
between *siblings*, passages that share the words naming their matter, by the rest of the question. A card's rulings
share the card, a mechanics section's rulings and paragraphs its section; 003's entries belong to neither, so when
several entries on one matter met a question none of the stages read which of them answers. 003 explains the
Comprehensive Rules 100–112, one entry per rule or subrule; its entries of one subrule share the matter the subrule
states („111.10“: the predefined tokens, 17 entries; „104.3“: ways to lose, 12; „101.4“: simultaneous choices, 6).
An entry's subrule is its Comprehensive Rules number up to its letter (``111.10`` of ``111.10t``), the number stored
by the alignment of ``build --cr`` or shipped in ``data/explanations_numbers.tsv`` (:mod:`bot.answers.rule_catalog`),
an uncertain alignment's guess included (the subrule of a guess is rarely wrong; it only groups, never shows).
By 5-fold CV on the tuning parts the subrule measured better than the rule (``111``: 13 groups of up to 41 entries,
which lost first hits and the first page) and than all of 003 as one group (docs/ranking.md ³⁴, ³⁶).
"""

from __future__ import annotations

import re
from collections.abc import Hashable, Mapping

from bot.store import PassageRecord, Store

#: A Comprehensive Rules number's rule and subrule, without a letter: ``111.10`` of ``111.10t``, ``100`` of ``100``.
_SUBRULE = re.compile(r"\d{3}(?:\.\d+)?")


def subrule_of(number: str | None) -> str | None:
    """The subrule of a Comprehensive Rules ``number`` (``"111.10t"`` → ``"111.10"``, ``"104.3"`` → ``"104.3"``,
    ``"100"`` → ``"100"``); None for no number or one that does not start with a rule's three digits."""
    m = _SUBRULE.match(number or "")
    return m.group(0) if m else None


async def explanation_rules(store: Store) -> dict[int, str]:
    """Per entry of 003 in ``store`` (its id in ``rule_explanations``, a passage's ``ref_id``): the subrule of its
    number or guess (:func:`subrule_of`); entries with neither are left out. Read from the rule catalogue, which is
    read once per store and shared with ``/regel`` (:func:`bot.answers.rule_catalog.catalog`; 205 entries)."""
    from bot.answers.rule_catalog import catalog  # imported with the first ranker, not with the module

    out = {}
    for e in (await catalog(store)).explanations:
        subrule = subrule_of(e.number or e.guess)
        if subrule is not None:
            out[e.id] = subrule
    return out


def sibling_key(p: PassageRecord, rules: Mapping[int, str], card: int | None = None) -> Hashable | None:
    """The group ``p`` is a sibling in: its card (``card``, when given, for a passage counted as a card's), else its
    mechanics section, else for an entry of 003 its subrule (``rules``: :func:`explanation_rules`); None for a
    passage of none of them (a document's quoted rule, a term row, an entry without a number)."""
    card = p.card_id if card is None else card
    if card is not None:
        return ("card", card)
    if p.mechanic_id is not None:
        return ("section", p.mechanic_id)
    if p.kind == "explanation" and p.ref_id is not None and p.ref_id in rules:
        return ("rule", rules[p.ref_id])
    return None


__all__ = ["explanation_rules", "sibling_key", "subrule_of"]
