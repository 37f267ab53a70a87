"""``/regel suche``'s autocomplete for rule numbers: the numbers a typed start begins (``702.1`` → 702.10, 702.11, …)
and the rules a text names beside words (``702.19 **trample**`` → „702.19 – Trampelschaden (Trample)“ before
„Suche: 702.19 **trample**“), as the answer reads them (:func:`bot.answers.rule_numbers.rule_numbers`: the rule's page
first, the words searched after it).
"""

from __future__ import annotations

from bot.answers.choices import RuleChoices
from bot.answers.official import cr_rule_choices, merge_choices
from bot.answers.registry import AnswerContext
from bot.answers.rule_numbers import MAX_NUMBERS, rule_numbers
from bot.answers.terms import term_numbers
from bot.reply import CHOICES_MAX, Choice


async def number_choices(ctx: AnswerContext, prepared: RuleChoices, number: str) -> list[Choice]:
    """The choices of the rules whose number begins with ``number`` (a rule number's start, ``"702.1"``): the
    documents' own (``prepared``), then the Comprehensive Rules' (:func:`bot.answers.official.cr_rule_choices`) or,
    without a CR, the term table's (:func:`bot.answers.terms.term_numbers`); at most :data:`bot.reply.CHOICES_MAX`,
    empty when no rule begins so."""
    own = prepared.numbers(number)[:CHOICES_MAX]
    more = (await cr_rule_choices(ctx, number) or term_numbers(number)) if len(own) < CHOICES_MAX else []
    return merge_choices(own, more)


async def named_rule_choices(ctx: AnswerContext, prepared: RuleChoices, typed: str) -> list[Choice]:
    """The choice of each rule ``typed`` names beside other words or numbers (:func:`bot.answers.rule_numbers.
    rule_numbers`: ``"702.19 **trample**"``, ``"702.19 und 104.3f"``), at most :data:`bot.answers.rule_numbers.
    MAX_NUMBERS` as the answer shows them, each the choice its number alone offers (``702.19`` → „702.19 –
    Trampelschaden (Trample)“); empty for a text without a digit or naming no rule number, and for a number no rule
    of the store, the CR or the term table has."""
    if not any(ch.isdigit() for ch in typed) or (found := rule_numbers(typed)) is None:
        return []
    return [c for n in found.numbers[:MAX_NUMBERS] for c in await number_choices(ctx, prepared, n) if c.value == n]


__all__ = ["named_rule_choices", "number_choices"]
