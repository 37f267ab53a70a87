"""Where the store holds a rule number, and whether ``/regel suche`` answers it at all, without building its pages.

``/regel suche: 702.19`` (:func:`bot.answers.rules.rule_action`) builds every page of the rule: the documents' quoted
rules with their cross references, 003's entries, today's number of a cited rule with the register's rows and the
rulings that use its term, the official rule after ``build --cr``. ``/frage`` with several rule numbers in its sentence
(:func:`bot.answers.asked_rules.rule_led`) and the comma of ``702,703`` (:func:`bot.answers.rule_numbers.read_commas`)
need of most numbers only whether that answer exists or is „Regel … nicht gefunden“. :func:`rule_source` is the one
order of the answer's sources, read from the catalogues the answer reads (the rule catalogue, the register's era
index): the answer dispatches on it (:func:`bot.answers.rules.rule_action`), :func:`rule_refusal` gives the refusal the
answer raises where none holds the number (:func:`not_found`, or the official rules' own), :func:`rule_found` whether
there is one.
"""

from __future__ import annotations

import re
from typing import Final, Literal

from bot.answers.eras import era_index, today_sources
from bot.answers.official import official_rule_reply
from bot.answers.registry import AnswerContext, UserError
from bot.answers.rule_numbers import WORDS_HINT
from bot.answers.rule_refusals import RuleRefused, Unruled
from bot.reply import Action, quote_user
from bot.rule_catalog import (
    Explanation,
    QuotedRule,
    RuleCatalog,
    catalog,
    is_child,
    nearest_numbers,
    parse_number,
    printed_under,
)

#: The documents' answers to a rule number (:func:`rule_source`), in the order ``/regel suche`` reads them.
Source = Literal["cited", "documents"]
CITED: Final = "cited"
DOCUMENTS: Final = "documents"


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


def invalid_number(arg: str) -> UserError:
    """The refusal of a button's argument that is no rule number (``rb:rule:x``): „Ungültige Regelnummer“, the
    argument quoted escaped."""
    return UserError("Ungültige Regelnummer", f"„{quote_user(arg, 40)}“ ist keine Regelnummer.")


def not_found(cat: RuleCatalog, number: str) -> RuleRefused:
    """The refusal of a rule ``number`` no document, 003, register or term table holds („Regel 999.9 nicht gefunden“,
    :class:`bot.answers.rule_refusals.Unruled` of kind ``"documents"``; the nearest numbers of the store as „Meintest
    du“ choices: same section, ≤ 3 rules away), German."""
    nearest = nearest_numbers(cat.numbers(), number)
    return RuleRefused(
        Unruled(number),
        "\n" + WORDS_HINT + ("\nMeintest du eine der nächstgelegenen Regeln?" if nearest else ""),
        choices=[Action(label=f"Regel {n}", action="rule", arg=n) for n in nearest],
    )


async def rule_source(ctx: AnswerContext, number: str) -> Source | None:
    """Which of the documents' answers ``/regel suche`` gives the rule ``number`` (as :func:`parse_number` reads it),
    the first that holds it: :data:`CITED` — a document cites it (the era answer,
    :func:`bot.answers.rules.cited_number`; also under its misprinted number: 502.46a); :data:`DOCUMENTS` — a
    document quotes it or prints it misprinted, 003 explains or mentions it (:func:`bot.answers.rules.rule_reply`);
    None: neither. After them, in this order, the answer and :func:`rule_refusal` read today's rules of the register
    and the term table (:func:`bot.answers.eras.today_sources`, :func:`bot.answers.eras.today_number_reply`), then
    the official rules of a store built with ``--cr``. Reads the catalogues; builds no page.

    Raises:
        StoreClosed: the store was closed meanwhile (:class:`bot.errors.StoreClosed`, German „Datenbank gewechselt“).
    """
    cat, index = await catalog(ctx.store), await era_index(ctx)
    misprint = misprinted_as(cat, number)
    if index.cited.get(number) or (misprint is not None and index.cited.get(misprint[1].number)):
        return CITED
    if misprint is not None or rules_for(cat, number)[0] or explained(cat, number) or mentions(cat, number):
        return DOCUMENTS
    return None


async def rule_refusal(ctx: AnswerContext, number: str) -> UserError | None:
    """None when ``/regel suche`` answers the rule ``number`` (:func:`bot.answers.rules.rule_action`); else the refusal
    it raises: :func:`invalid_number` for no number, the official rules' („Regel … nicht gefunden“ of
    :func:`bot.answers.official.official_rule_reply`, which leads on a store built with ``--cr``:
    :func:`bot.answers.official.rule_with_documents`), else :func:`not_found`; a refusal of a number is a
    :class:`bot.answers.rule_refusals.RuleRefused`, its reason as data. The official rule's page is built only when
    neither :func:`rule_source` nor today's rules hold the number.

    Raises:
        StoreClosed: the store was closed meanwhile (:class:`bot.errors.StoreClosed`, German „Datenbank gewechselt“;
            before, it was returned as if it were the number's refusal).
    """
    parsed = parse_number(number)  # as the button reads its argument
    if parsed is None:
        return invalid_number(number)
    if await rule_source(ctx, parsed) is not None or any(today_sources(await era_index(ctx), parsed)):
        return None
    try:
        if await official_rule_reply(ctx, parsed) is not None:
            return None
    except RuleRefused as exc:  # the official rules' refusal of the number; any other error is no refusal of it
        return exc
    return not_found(await catalog(ctx.store), parsed)


async def rule_found(ctx: AnswerContext, number: str) -> bool:
    """True when ``/regel suche`` answers the rule ``number`` (:func:`bot.answers.rules.rule_action` returns a reply),
    False when it refuses it (an invalid number, „Regel 999.9 nicht gefunden“): :func:`rule_refusal` is None.

    Raises:
        StoreClosed: the store was closed meanwhile (:class:`bot.errors.StoreClosed`, German „Datenbank gewechselt“).
    """
    return await rule_refusal(ctx, number) is None


__all__ = ["CITED", "DOCUMENTS", "Source", "explained", "invalid_number", "mentions", "misprinted_as",
           "not_found", "rule_found", "rule_refusal", "rule_source", "rules_for"]
