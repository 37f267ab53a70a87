"""Siblings among the entries of the German rules explanation (document 003): the entries explaining one rule.

The ``earlier`` stage of the ranking (:func:`bot.prior.prior_stage`, ``/frage`` only) lets siblings among the first
three hits take their places again by the earlier questions each answered that hold the question's words. A card's
rulings share the card, a mechanics section's rulings and paragraphs its section; 003's entries belong to neither,
so when two entries on one matter stood first and second no earlier question could order them. 003 explains the
Comprehensive Rules 100–112 (100 the game, 103 starting it, 104 ending it, 111 tokens …), one entry per rule or
subrule; its entries of one rule are siblings: „kann ein token nach exli wieder zurück aufs schlachtfeld kommen“
meets 111.12 (a token copy of an object that does not exist) before 111.8 („Ein Spielstein, der das Spiel verlassen
hat, kann nicht … ins Spiel zurückkehren.“), which the earlier questions on exiled tokens were answered with, and
the stage puts 111.8 first. An entry's rule is the first three digits of its Comprehensive Rules number (``111`` of
``111.10t``), stored by the alignment of ``build --cr`` or shipped in ``data/explanations_numbers.tsv``
(:mod:`bot.rule_catalog`), an uncertain alignment's guess included (its rule is rarely wrong; it only
groups, never shows).

Only that stage: the stages that order siblings by what the question asks (``answered``, ``logic``, ``asks``) read
003's entries as alike (nearly every entry states a count, a player or a condition, and a variant's entry restates
its rule: „In einer Commander-Partie …“), and with them out of fold the grouping gained no first hit, by the subrule
(``111.10``) neither, nor with the ``sentence`` stage (docs/ranking.md ¹²⁴; ³⁶ measured the subrule there).
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from bot.rule_catalog import catalog
from bot.store import PassageRecord, Store

#: The rule of a Comprehensive Rules number: its first three digits (``111`` of ``111.10t``, ``100`` of ``100``).
_RULE = re.compile(r"\d{3}")

#: A group key of :func:`sibling_key`: ``("card", id)``, ``("section", id)`` or ``("rule", "111")``.
Key = tuple[str, int | str]


def rule_of(number: str | None) -> str | None:
    """The rule of a Comprehensive Rules ``number`` (``"111.10t"`` → ``"111"``, ``"104.3"`` → ``"104"``, ``"100"``
    → ``"100"``); None for no number or one that does not start with a rule's three digits."""
    m = _RULE.match(number or "")
    return m.group(0) if m else None


async def explanation_rules(store: Store) -> dict[int, str]:
    """Per entry of 003 in ``store`` (its id in ``rule_explanations``, a passage's ``ref_id``): the rule of its
    number or guess (:func:`rule_of`); entries with neither are left out. Read from the rule catalogue, which is
    read once per store and shared with ``/regel`` (:func:`bot.rule_catalog.catalog`; 205 entries)."""
    out = {}
    for e in (await catalog(store)).explanations:
        rule = rule_of(e.number or e.guess)
        if rule is not None:
            out[e.id] = rule
    return out


def sibling_key(p: PassageRecord, rules: Mapping[int, str]) -> Key | None:
    """The group ``p`` is a sibling in: its card, else its mechanics section, else for an entry of 003 its rule
    (``rules``: :func:`explanation_rules`; ``{}``: none); None for a passage of none of them (a document's quoted
    rule, a term row, an official rule, an entry without a number)."""
    if p.card_id is not None:
        return ("card", p.card_id)
    if p.mechanic_id is not None:
        return ("section", p.mechanic_id)
    if p.kind == "explanation" and p.ref_id is not None and p.ref_id in rules:
        return ("rule", rules[p.ref_id])
    return None


__all__ = ["Key", "explanation_rules", "rule_of", "sibling_key"]
