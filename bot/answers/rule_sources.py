"""Where the store holds a rule number, and whether ``/regel suche`` answers it at all, without building its pages.

``/regel suche: 702.19`` (:func:`bot.answers.rules.rule_action`) builds every page of the rule: the documents' quoted
rules with their cross references, 003's entries, today's number of a cited rule with the register's rows and the
rulings that use its term, the official rule after ``build --cr``. ``/frage`` with several rule numbers in its sentence
(:func:`bot.answers.asked_rules.rule_led`) and the comma of ``702,703`` (:func:`bot.answers.rule_numbers.read_commas`)
need of most numbers only whether that answer exists or is „Regel … nicht gefunden“: :func:`rule_found` reads it from
the same catalogues the answer reads (the rule catalogue, the register's era index), in the answer's order.
"""

from __future__ import annotations

import re

from bot.answers.eras import era_index, today_sources
from bot.answers.official import official_rule_reply
from bot.answers.registry import AnswerContext, UserError
from bot.rule_catalog import (
    Explanation,
    QuotedRule,
    RuleCatalog,
    catalog,
    is_child,
    parse_number,
    printed_under,
)


def mentions(cat: RuleCatalog, number: str) -> list[Explanation]:
    """Explanations that refer to ``number`` in a ``Siehe auch`` trailer or in their text."""
    pattern = re.compile(r"(?<![\d.])" + re.escape(number) + r"(?![\w.]\w)")
    return [e for e in cat.explanations if number in e.see_also or pattern.search(e.text)]


def rules_for(cat: RuleCatalog, number: str) -> tuple[list[QuotedRule], list[QuotedRule], list[QuotedRule]]:
    """``(rules, children, under)`` for ``number``: every quoted rule to show in document order, its subrules,
    and the rules printed under it as a pure heading (``502.46 Einberufen`` → the misprinted 502.32a …)."""
    exact = [q for q in cat.quoted if q.number == number]
    children = [q for q in cat.quoted if is_child(q.number, number)]
    under: list[QuotedRule] = []
    for heading in exact:
        if heading.text:
            continue  # only a pure heading ("502.46 Einberufen") has rules printed under it
        under += [q for q in printed_under(cat, heading) if q not in children and q not in under]
    rules = sorted(exact + children + under, key=lambda q: (q.document.id, q.position))
    return rules, children, under


def explained(cat: RuleCatalog, number: str) -> list[Explanation]:
    """003's entries shown under ``number``: those whose number (certain or guessed) is it or one of its subrules."""
    return [e for e in cat.explanations
            if e.shown_number and (e.shown_number == number or is_child(e.shown_number, number))]


def misprinted_as(cat: RuleCatalog, number: str) -> tuple[QuotedRule, QuotedRule] | None:
    """For ``502.46a``: the heading 502.46 and its subrule printed as ``a``, numbered ``502.32a``; or None."""
    m = re.fullmatch(r"(\d+\.\d+)([a-z])", number)
    if m is None:
        return None
    for heading in (q for q in cat.quoted if q.number == m.group(1)):
        for q in printed_under(cat, heading):
            if q.number.endswith(m.group(2)) and q.number != number and not q.number.startswith(m.group(1)):
                return heading, q
    return None


async def rule_found(ctx: AnswerContext, number: str) -> bool:
    """True when ``/regel suche`` answers the rule ``number`` (:func:`bot.answers.rules.rule_action` returns a reply),
    False when it refuses it (an invalid number, „Regel 999.9 nicht gefunden“): a document cites it (its era answer,
    also when cited under its misprinted number: 502.46a), a document quotes it, 003 explains or mentions it, today's
    rules of the register or the term table know it (:func:`bot.answers.eras.today_sources`), else the official rules
    of a store built with ``--cr`` (:func:`bot.answers.official.official_rule_reply`, read only then). Reads the
    catalogues the answer reads; builds no page but the official rule's, and that only when nothing else holds it."""
    parsed = parse_number(number)  # as the button reads its argument
    if parsed is None:
        return False
    number = parsed
    cat, index = await catalog(ctx.store), await era_index(ctx)
    misprint = misprinted_as(cat, number)
    if index.cited.get(number) or (misprint is not None and index.cited.get(misprint[1].number)):
        return True  # the era answer (bot.answers.rules.cited_number)
    if misprint is not None or rules_for(cat, number)[0] or explained(cat, number):
        return True  # the documents' answer (bot.answers.rules.rule_reply)
    if any(today_sources(index, number)) or mentions(cat, number):  # the slowest last: 003's text searched
        return True  # today's number of a cited rule (bot.answers.eras.today_number_reply), or 003's mentions
    try:
        return await official_rule_reply(ctx, number) is not None
    except UserError:
        return False


__all__ = ["explained", "mentions", "misprinted_as", "rule_found", "rules_for"]
