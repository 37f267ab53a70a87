"""Rules words players still use that today's rules abolished or changed („Manabrand“, „Kampfschaden auf den
Stapel“): ``/regel suche`` and ``/frage`` lead with the change register's rows that name them
(``data/changes.toml``, its ``what``), each with what the documents said and today's status, before the documents'
keyword hits (``/frage``: before its best passage, on the same page).

Without this, „Manabrand“ found no rule (the documents speak of it only in rulings) and „Kampfschaden auf den
Stapel“ led with a rule on the stack. The register's notice is rendered by :func:`bot.answers.today.notice_line`,
as under every outdated ruling.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from bot.answers.registry import AnswerContext, UserError
from bot.answers.rule_search import keyword_reply
from bot.answers.today import row_notice_line
from bot.answers.today_index import TodayIndex, today_index
from bot.model import ChangeRow
from bot.reply import Action, Page, Reply, format_date, quote_user
from bot.stopwords import STOP_WORDS
from bot.store import PassageRecord, Store
from bot.text import canonical, shorten, tokens

#: At most this many register rows lead the answer, and this many of the documents' entries each shows.
MAX_ROWS = 3
#: A typed word shorter than this is no rules term („auf“, „den“ are stop words anyway).
MIN_LETTERS = 4
#: Characters of a document's old statement shown under a row („Früher …“).
SAID_CHARS = 300


#: What the first clause of a register row's ``what`` says when the row is an abolished rule or term
#: („Manabrand abgeschafft“, „Kampfschaden benutzt den Stapel nicht mehr“, „kein Kampfschaden auf dem Stapel mehr“).
_ABOLISHED = re.compile(r"\babgeschafft\b|\bnicht mehr\b|\bkein\w*\b.*\bmehr\b", re.IGNORECASE)
#: Words of such a clause that say the abolition, not what was abolished.
_MARKERS = frozenset({"abgeschafft", "mehr"})


def rules_words(text: str) -> frozenset[str]:
    """The rules words of ``text`` (its first 200 characters): tokens of :data:`MIN_LETTERS` letters or more that are
    no stop words, folded and in one spelling (:func:`bot.text.canonical`: „Stapel“ → ``stapel``)."""
    return frozenset(canonical(w) for w in tokens(text[:200]) if len(w) >= MIN_LETTERS and w not in STOP_WORDS)


@dataclass(frozen=True)
class RegisterWords:
    """The change register's ``changed`` and ``wording`` rows with their words, prepared once per store
    (:func:`register_words`) instead of folding every row's ``what`` on every question.

    Attributes:
        rows: per row (register order) the :func:`rules_words` of its ``what``.
        abolished: per ``changed`` row whose ``what`` begins with an abolition (:data:`_ABOLISHED`: „Manabrand
            abgeschafft“) the rules words of that first clause without the abolition's own words (``{"manabrand"}``,
            ``{"kampfschaden", "benutzt", "stapel"}``): what a question names when it asks about the old rule.
    """

    rows: tuple[tuple[ChangeRow, frozenset[str]], ...]
    abolished: tuple[tuple[ChangeRow, frozenset[str]], ...]

    @classmethod
    def of(cls, index: TodayIndex) -> RegisterWords:
        """The rows of ``index`` (its register) prepared."""
        rows = tuple((r, rules_words(r.what)) for r in index.changes.values() if r.kind in ("changed", "wording"))
        abolished = []
        for row, _ in rows:
            clause = row.what.split(";", 1)[0]
            if row.kind == "changed" and _ABOLISHED.search(clause):
                abolished.append((row, rules_words(clause) - _MARKERS))
        return cls(rows, tuple((r, w) for r, w in abolished if w))


async def register_words(store: Store) -> RegisterWords:
    """:class:`RegisterWords` of ``store``'s register, prepared on first use and kept while the store is open."""

    async def load() -> RegisterWords:
        return RegisterWords.of(await today_index(store))

    return await store.memo("register_words", load)


def register_rows(prepared: RegisterWords, query: str, min_words: int = 1) -> list[ChangeRow]:
    """The register's ``changed`` and ``wording`` rows whose ``what`` holds every rules word of ``query``
    (:func:`rules_words`; „Manabrand“ → the row „Manabrand abgeschafft“), at most :data:`MAX_ROWS`, in register
    order. ``[]`` when ``query`` has fewer than ``min_words`` (at least 1) such words: „Stapel“ alone asks for the
    zone, not for the row „Kampfschaden benutzt den Stapel nicht mehr“."""
    words = rules_words(query)
    if len(words) < max(1, min_words):
        return []
    return [r for r, what in prepared.rows if words <= what][:MAX_ROWS]


def asked_rows(prepared: RegisterWords, question: str) -> list[ChangeRow]:
    """The register rows of the abolished rule a ``/frage`` question asks about: the first row of
    :attr:`RegisterWords.abolished` whose abolished words the question holds — all of them, or two when there are
    more („was ist manabrand“, „gibt es noch manabrand“ → „Manabrand abgeschafft“; „kampfschaden auf den stapel
    legen“ → „Kampfschaden benutzt den Stapel nicht mehr“; „Kampfschaden“ or „Stapel“ alone asks for the damage or
    the zone) —, then the rows ``/regel suche`` shows for those words (:func:`register_rows`), so both answers lead
    with the same page. ``[]`` when no abolished row is asked about."""
    words = rules_words(question)
    for _, what in prepared.abolished:
        if len(named := what & words) >= min(2, len(what)):
            return register_rows(prepared, " ".join(sorted(named)))
    return []


async def register_page(ctx: AnswerContext, query: str, rows: list[ChangeRow]) -> Page | None:
    """The first page of ``/regel suche`` and ``/frage`` for words the register says were abolished or changed: per
    row of ``rows`` (:func:`register_rows`, :func:`asked_rows`) what changed and since when, the first document
    entry it concerns as the document said it („**Früher** …“) and today's notice with its evidence
    (:func:`bot.answers.today.row_notice_line`), buttons to the entries; None when ``rows`` is empty. ``query``: the
    user's words, in the title („„Manabrand“ heute“)."""
    if not rows:
        return None
    index = await today_index(ctx.store)
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
        page = await register_page(ctx, query, register_rows(await register_words(ctx.store), query))
        if page is None:
            raise
        return Reply(pages=[page], source="Änderungsregister (data/changes.toml)")
    return await with_register(ctx, query, found)


async def with_register(ctx: AnswerContext, query: str, reply: Reply) -> Reply:
    """``reply`` led by the register's page (:func:`register_page`) when ``query`` has two rules words or more that a
    register row names (:func:`register_rows`: „Kampfschaden auf den Stapel“; one word alone such as „Stapel“ asks
    for the zone)."""
    rows = register_rows(await register_words(ctx.store), query, min_words=2)
    page = await register_page(ctx, query, rows)
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


__all__ = ["MAX_ROWS", "RegisterWords", "asked_rows", "register_first", "register_page", "register_rows",
           "register_words", "rules_words", "with_register"]
