"""``/regel suche`` with several rule numbers (``702.19 und 104.3f``, ``702.19, 104.3f``): each number answered as
it is answered alone (:func:`bot.answers.rules.rule_answer`), one after the other in one reply, at most
:data:`MAX_NUMBERS` of them; a search that also holds other words stays a search of words.

Before, the search was read as words and its best hit (104.3f) shown alone: the other number was silently lost.
"""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable

from bot.answers.registry import AnswerContext, UserError
from bot.answers.rule_catalog import parse_number, read_number
from bot.reply import Page, Reply, quote_user
from bot.text import clean

#: Most rule numbers of one search answered; more are named as not shown.
MAX_NUMBERS = 5
#: Most pieces a search is split into before it is judged (a longer text is no list of rule numbers).
MAX_PIECES = 4 * MAX_NUMBERS
#: What stands between the numbers of a list: commas, semicolons, „&“, „+“, „/“ with spaces around it, and the
#: words „und“, „oder“, „sowie“, „and“, „or“ (any case).
_BETWEEN = re.compile(r"\s*(?:[,;&+]|\s/\s|\s(?:und|oder|sowie|and|or)\s)\s*"
                      # or a space before the next number (or its word), not after a number's own word: „Regel 702.19“
                      r"|(?<!\bregel)(?<!\brule)(?<!\bcr)(?<!\bnr)(?<!\bnr\.)(?<!§)\s+(?=(?:regel|rule|§)?\s*\d)",
                      re.IGNORECASE)
#: A German decimal comma in a rule number (``702,19``), read as its point before the list is split at commas.
_DECIMAL_COMMA = re.compile(r"(?<![\d.])([0-9]{3}),(?=[0-9])")


def rule_numbers(search: str) -> list[str]:
    """The rule numbers ``search`` lists (:func:`bot.answers.rule_catalog.parse_number`, look-alike letters read as
    digits: :func:`read_number`), in order, each once, when it lists at least two and nothing else: ``"702.19 und
    104.3f"`` → ``["702.19", "104.3f"]``, ``"Regel 702.19, Regel 104.3f"`` too; ``[]`` for one number or words
    beside numbers (``"702.19 fehde"``: a search). Bounded: a text of more than :data:`MAX_PIECES` pieces is none."""
    pieces = [p for p in _BETWEEN.split(_DECIMAL_COMMA.sub(r"\1.", clean(search))) if p]
    if not 2 <= len(pieces) <= MAX_PIECES:
        return []
    numbers: list[str] = []
    for piece in pieces:
        read = read_number(piece)
        number = read[0] if read else parse_number(piece)
        if number is None:
            return []
        numbers.append(number)
    found = list(dict.fromkeys(numbers))
    return found if len(found) >= 2 else []


def _pages(reply: Reply) -> list[Page]:
    """``reply``'s pages, each with the reply's buttons where it has none of its own (they go into one reply)."""
    return [p if p.actions is not None else Page(p.title, p.body, p.fields, list(reply.actions), p.picture)
            for p in reply.pages]


async def several_rules(ctx: AnswerContext, numbers: list[str],
                        one: Callable[[AnswerContext, str], Awaitable[Reply]]) -> Reply:
    """The reply to a search of several rule numbers (:func:`rule_numbers`): ``one``'s answer to each of the first
    :data:`MAX_NUMBERS`, in the order typed, its pages after the previous number's; a number with no rule says so on
    its own page (the error ``one`` raised), the others are still shown. The first page says which numbers are
    answered, and which were asked but not shown."""
    shown = numbers[:MAX_NUMBERS]
    pages: list[Page] = []
    sources: list[str] = []
    for number in shown:
        try:
            reply = await one(ctx, number)
        except UserError as exc:
            title = exc.title if number in exc.title else f"Regel {number}: {exc.title}"
            pages.append(Page(title, exc.body, actions=exc.choices[:5]))
            continue
        pages += _pages(reply)
        sources += [reply.source] if reply.source else []
    listed = ", ".join(shown)
    note = f"{len(numbers)} Regelnummern gesucht; jede wird einzeln gezeigt: {listed}."
    if len(numbers) > len(shown):
        rest = ", ".join(quote_user(n, 20) for n in numbers[MAX_NUMBERS:])
        note = (f"{len(numbers)} Regelnummern gesucht; gezeigt werden die ersten {MAX_NUMBERS}: {listed} "
                f"(nicht gezeigt: {rest}). Bitte höchstens {MAX_NUMBERS} auf einmal.")
    pages[0].body = f"ℹ️ {note}\n{pages[0].body}"
    return Reply(pages=pages, source=" · ".join(dict.fromkeys(sources)) or None)


__all__ = ["MAX_NUMBERS", "rule_numbers", "several_rules"]
