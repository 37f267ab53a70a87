"""``/regel suche``'s answer led by the change register (:mod:`bot.answers.abolished`): the register's rows first
when the query names an abolished or changed rule, then the documents' keyword hits (:mod:`bot.answers.rule_search`)
on what the rows are about. Its own module, so that :mod:`bot.answers.rulings` (below ``rule_search``) can read the
register's words too."""

from __future__ import annotations

from bot.answers.abolished import ROWS_SOURCE, about_concepts, named_rows, register_page, register_words
from bot.answers.registry import AnswerContext, UserError
from bot.answers.rule_search import keyword_reply
from bot.reply import Reply


async def register_first(ctx: AnswerContext, query: str) -> Reply:
    """The documents' keyword hits for ``query`` (:func:`with_register`); the change register's page alone when no
    rule holds its words and the register says they were abolished or changed (bot/answers/abolished.py:
    „Manabrand“).

    Raises:
        UserError: nothing found and no register row names the words (German).
    """
    prepared = await register_words(ctx.store)
    leading = named_rows(prepared, query, min_words=2)  # the rows lead: only rules on what they are about follow
    try:
        found = await keyword_reply(ctx, query, about=about_concepts(prepared, query, leading) if leading else None)
    except UserError:
        page = await register_page(ctx, query, leading or named_rows(prepared, query))
        if page is None:
            raise
        return Reply(pages=[page], source=ROWS_SOURCE)
    return await with_register(ctx, query, found)


async def with_register(ctx: AnswerContext, query: str, reply: Reply) -> Reply:
    """``reply`` led by the register's page (:func:`register_page`) when ``query`` has two rules words or more that a
    register row names (:func:`register_rows`: „Kampfschaden auf den Stapel“; one word alone such as „Stapel“ asks
    for the zone), or names an abolished rule in players' words (:func:`named_rows`: „mana burn“)."""
    rows = named_rows(await register_words(ctx.store), query, min_words=2)
    page = await register_page(ctx, query, rows)
    if page is not None:
        reply.pages.insert(0, page)
    return reply


__all__ = ["register_first", "with_register"]
