"""Rules words players still use that today's rules abolished or changed („Manabrand“, „Kampfschaden auf den
Stapel“): ``/regel suche`` leads with the change register's rows that name them (``data/changes.toml``, its
``what``), each with what the documents said and today's status, before the documents' keyword hits.

Without this, „Manabrand“ found no rule (the documents speak of it only in rulings) and „Kampfschaden auf den
Stapel“ led with a rule on the stack. The register's notice is rendered by :func:`bot.answers.today.notice_line`,
as under every outdated ruling.
"""

from __future__ import annotations

from bot.answers.registry import AnswerContext, UserError
from bot.answers.rule_search import keyword_reply
from bot.answers.today import row_notice_line
from bot.answers.today_index import TodayIndex, today_index
from bot.model import ChangeRow
from bot.reply import Action, Page, Reply, format_date, quote_user
from bot.stopwords import STOP_WORDS
from bot.store import PassageRecord
from bot.text import canonical, shorten, tokens

#: At most this many register rows lead the answer, and this many of the documents' entries each shows.
MAX_ROWS = 3
#: A typed word shorter than this is no rules term („auf“, „den“ are stop words anyway).
MIN_LETTERS = 4
#: Characters of a document's old statement shown under a row („Früher …“).
SAID_CHARS = 300


def register_rows(index: TodayIndex, query: str, min_words: int = 1) -> list[ChangeRow]:
    """The register's ``changed`` and ``wording`` rows whose ``what`` holds every rules word of ``query`` (its
    tokens of :data:`MIN_LETTERS` letters or more that are no stop words, compared folded and in one spelling;
    „Manabrand“ → the row „Manabrand abgeschafft“), at most :data:`MAX_ROWS`, in register order. ``[]`` when
    ``query`` has fewer than ``min_words`` (at least 1) such words: „Stapel“ alone asks for the zone, not for
    the row „Kampfschaden benutzt den Stapel nicht mehr“."""
    words = {canonical(w) for w in tokens(query[:200]) if len(w) >= MIN_LETTERS and w not in STOP_WORDS}
    if len(words) < max(1, min_words):
        return []
    rows = [r for r in index.changes.values() if r.kind in ("changed", "wording")
            and words <= {canonical(w) for w in tokens(r.what)}]
    return rows[:MAX_ROWS]


async def register_page(ctx: AnswerContext, query: str, min_words: int = 1) -> Page | None:
    """The first page of ``/regel suche`` for a word the register says was abolished or changed: per row (
    :func:`register_rows`) what changed and since when, the first document entry it concerns as the document said
    it („**Früher** …“) and today's notice with its evidence (:func:`bot.answers.today.row_notice_line`), buttons to
    the entries; None when no row names the query's words (``min_words``: as :func:`register_rows`)."""
    index = await today_index(ctx.store)
    rows = register_rows(index, query, min_words)
    if not rows:
        return None
    blocks: list[str] = []
    buttons: dict[str, Action] = {}
    for row in rows:
        said = await _entries(ctx, index, row)
        lines = [f"**{row.what}** (seit {format_date(row.since)})"]
        if said:
            lines.append(f"**Früher** ({said[0].source}, {format_date(said[0].date) if said[0].date else 'ohne Datum'}"
                         f"): {shorten(said[0].text, SAID_CHARS)}")
        lines.append(row_notice_line(index, row))
        blocks.append("\n".join(lines))
        for p in said:
            buttons.setdefault(p.key, Action(label=shorten(p.title, 60), action="passage", arg=p.key))
    title = f"„{quote_user(query, 60)}“ heute"
    return Page(title=title, body="\n\n".join(blocks), actions=list(buttons.values())[:5])


async def register_first(ctx: AnswerContext, query: str) -> Reply:
    """The documents' keyword hits for ``query`` (:func:`with_register`); the change register's page alone when no
    rule holds its words and the register says they were abolished or changed (bot/answers/abolished.py:
    „Manabrand“).

    Raises:
        UserError: nothing found and no register row names the words (German).
    """
    try:
        found = await keyword_reply(ctx, query)
    except UserError:
        page = await register_page(ctx, query)
        if page is None:
            raise
        return Reply(pages=[page], source="Änderungsregister (data/changes.toml)")
    return await with_register(ctx, query, found)


async def with_register(ctx: AnswerContext, query: str, reply: Reply) -> Reply:
    """``reply`` led by the register's page (:func:`bot.answers.abolished.register_page`) when ``query`` has two
    rules words or more that a register row names („Kampfschaden auf den Stapel“; one word alone such as „Stapel“
    asks for the zone)."""
    page = await register_page(ctx, query, min_words=2)
    if page is not None:
        reply.pages.insert(0, page)
    return reply


async def _entries(ctx: AnswerContext, index: TodayIndex, row: ChangeRow) -> list[PassageRecord]:
    """The passages of the document entries the register row names (rulings, mechanics paragraphs), in store
    order, at most :data:`MAX_ROWS`."""
    links: dict[str, list[int]] = {}
    for kind, entry_id in index.entries_by_change.get(row.key, []):
        links.setdefault(kind, []).append(entry_id)
    found = [p for kind, ids in links.items() for p in await ctx.store.passages_of_entries(kind, ids)]
    return sorted(found, key=lambda p: p.id)[:MAX_ROWS]


__all__ = ["MAX_ROWS", "register_first", "register_page", "register_rows", "with_register"]
