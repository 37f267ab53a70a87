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
from bot.rule_catalog import NUMBER_PUNCTUATION, is_child, parse_number
from bot.text import MARKDOWN_WRAPPERS, clean


async def number_choices(ctx: AnswerContext, prepared: RuleChoices, number: str, typed: str = "") -> list[Choice]:
    """The choices of the rules whose number begins with ``number`` (a rule number's start, ``"702.1"``): the
    documents' own (``prepared``), then the Comprehensive Rules' (:func:`bot.answers.official.cr_rule_choices`) or,
    without a CR, the term table's (:func:`bot.answers.terms.term_numbers`); at most :data:`bot.reply.CHOICES_MAX`,
    empty when no rule begins so. A whole rule number ``typed`` with a sentence's punctuation after it (``702.19.``,
    ``702.19?``: :func:`ended`) is that rule, as the answer reads it: it and its subrules only, not 702.190."""
    own = prepared.numbers(number)[:CHOICES_MAX]
    more = (await cr_rule_choices(ctx, number) or term_numbers(number)) if len(own) < CHOICES_MAX else []
    merged = merge_choices(own, more)
    if ended(typed, number):
        return [c for c in merged if c.value == number or is_child(c.value, number)]
    return merged


def ended(typed: str, number: str) -> bool:
    """True when ``typed`` is the whole rule number ``number`` (one with a dot: ``702.19``, ``104.3f``; not a section,
    whose „702.“ begins its rules) and punctuation after it (:data:`bot.rule_catalog.NUMBER_PUNCTUATION`, a
    list's comma or semicolon) ends it: ``702.19.``, ``702.19?``, ``„702.19“``, ``702.19,``."""
    bare = clean(typed).strip(MARKDOWN_WRAPPERS)
    return ("." in number and bare[-1:] in NUMBER_PUNCTUATION + ",;" and parse_number(bare) == number
            and parse_number(bare[:-1].rstrip()) == number)


async def named_rule_choices(ctx: AnswerContext, prepared: RuleChoices, typed: str) -> list[Choice]:
    """The choice of each rule ``typed`` names beside other words or numbers (:func:`bot.answers.rule_numbers.
    rule_numbers`: ``"702.19 **trample**"``, ``"702.19 und 104.3f"``), at most :data:`bot.answers.rule_numbers.
    MAX_NUMBERS` as the answer shows them, each the choice its number alone offers (``702.19`` → „702.19 –
    Trampelschaden (Trample)“); empty for a text without a digit or naming no rule number, and for a number no rule
    of the store, the CR or the term table has."""
    if not any(ch.isdigit() for ch in typed) or (found := rule_numbers(typed)) is None:
        return []
    return [c for n in found.numbers[:MAX_NUMBERS] for c in await number_choices(ctx, prepared, n) if c.value == n]


__all__ = ["ended", "named_rule_choices", "number_choices"]
