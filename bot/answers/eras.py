"""Rule numbers across eras (issue 9): what a number meant in the document that cites it, and today.

The documents cite rules by the numbers of their day: the Ravnica FAQ of 2005 prints 104.3f for the
hybrid mana rule (today 107.4e; today's 104.3f is "win and lose at once"), the clash article of 2007
prints 701.19 for clash (today 701.30; today's 701.19 is regenerate). The change register maps every
number a document cites to today's rule by its text (``[[number]]`` in ``data/changes.toml``, table
``old_numbers``), and quotes today's text (``today_cr``), so this works with and without ``build --cr``.

:func:`cited_number_reply` answers ``/regel suche: 104.3f`` with the document's meaning first ("im
Ravnica-FAQ (30.08.2005) … heute 107.4e" with today's text), then today's rule under the same number
labelled as a different rule, then the documents' full pages and the official pages of today's rule.
A number no source has is not found (:mod:`bot.answers.rules`, :mod:`bot.answers.official`).
"""

from __future__ import annotations

import sqlite3
from collections.abc import Awaitable, Callable
from dataclasses import dataclass

from bot.answers.official import current_version, rule_reply
from bot.answers.registry import AnswerContext, UserError
from bot.reply import Action, Page, Reply, format_date
from bot.textsearch import memo

CR_NAME = "Comprehensive Rules"


@dataclass(frozen=True)
class CitedNumber:
    """A number as a document prints it, the document, and today's rule for it (``old_numbers``)."""

    document_prefix: str
    number: str
    today: str | None
    relation: str
    note: str
    title: str  # of the citing document (the first FAQ of 001 that quotes it)
    date: str | None
    text: str  # the quoted text (first quote), '' for a pure heading
    heading: str | None


@dataclass
class EraIndex:
    """All cited numbers and today's rule texts of the register, in memory."""

    cited: dict[str, list[CitedNumber]]
    today_text: dict[str, tuple[str, str]]  # number → (text, effective)


async def _load(ctx: AnswerContext) -> EraIndex:
    cited: dict[str, list[CitedNumber]] = {}
    try:
        rows = await ctx.store.fetchall(
            "SELECT o.document, o.number, o.today, o.relation, o.note,"
            " (SELECT d.title FROM quoted_rules q JOIN documents d ON d.id = q.document_id"
            "  WHERE q.number = o.number AND substr(d.file, 1, 3) = o.document ORDER BY q.id LIMIT 1),"
            " (SELECT d.date FROM quoted_rules q JOIN documents d ON d.id = q.document_id"
            "  WHERE q.number = o.number AND substr(d.file, 1, 3) = o.document ORDER BY q.id LIMIT 1),"
            " (SELECT q.text FROM quoted_rules q JOIN documents d ON d.id = q.document_id"
            "  WHERE q.number = o.number AND substr(d.file, 1, 3) = o.document ORDER BY q.id LIMIT 1),"
            " (SELECT q.title FROM quoted_rules q JOIN documents d ON d.id = q.document_id"
            "  WHERE q.number = o.number AND substr(d.file, 1, 3) = o.document ORDER BY q.id LIMIT 1)"
            " FROM old_numbers o ORDER BY o.document, o.number"
        )
        texts = {n: (t, e) for n, t, e in await ctx.store.fetchall("SELECT number, text, effective FROM today_cr")}
    except sqlite3.OperationalError:  # a store without the register tables: behave as before issue 9
        return EraIndex({}, {})
    for doc, number, today, relation, note, title, date, text, heading in rows:
        cited.setdefault(number, []).append(
            CitedNumber(doc, number, today, relation, note, title or "", date, text or "", heading)
        )
    return EraIndex(cited, texts)


async def era_index(ctx: AnswerContext) -> EraIndex:
    """The cited numbers of the store (read once per store)."""
    return await memo(ctx.store, "eras", lambda: _load(ctx))


def _short(text: str, limit: int) -> str:
    one = " ".join(text.split())
    return one if len(one) <= limit else one[: limit - 1] + "…"


async def _today_text(ctx: AnswerContext, index: EraIndex, number: str) -> tuple[str, str] | None:
    """Today's text of ``number`` and its date: from the imported CR when there is one, else the register."""
    versions = await ctx.store.cr_versions()
    if versions:
        current = current_version(versions)
        rule = next((r for r in await ctx.store.cr_rule(number) if r.version.id == current.id), None)
        if rule is not None:
            text = rule.text if rule.text and rule.text != rule.title else (rule.title or "")
            return text, current.effective
    return index.today_text.get(number)


def _cr(date: str) -> str:
    return f"{CR_NAME} vom {format_date(date)}"


async def cited_number_reply(
    ctx: AnswerContext, number: str, documents: Callable[[], Awaitable[Reply]]
) -> Reply | None:
    """The answer for a number some document cites (see module doc); None when no document cites it.

    ``documents`` produces the documents' own pages for the number (:func:`bot.answers.rules.rule_reply`).
    """
    index = await era_index(ctx)
    cited = index.cited.get(number)
    if not cited:
        return None
    lines: list[str] = []
    actions: list[Action] = []
    versions = await ctx.store.cr_versions()
    has_cr = bool(versions)
    todays = dict.fromkeys(c.today for c in cited if c.today)
    for c in cited:
        where = c.title + (f" ({format_date(c.date)})" if c.date else "")
        quote = _short(c.heading or c.text, 300) or "(Überschrift)"
        lines.append(f"**{c.number}** im Dokument _{where}_: {quote}")
        if c.today:
            today = await _today_text(ctx, index, c.today)
            label = {"same": "heute", "changed": "heute (inhaltlich geändert)"}.get(c.relation, "heute")
            text = f": {_short(today[0], 500)} _({_cr(today[1])})_" if today else ""
            lines.append(f"→ **{label} {c.today}**{text}")
        else:
            lines.append("→ **heute ohne Gegenstück**")
        if c.note:
            lines.append(f"_{c.note}_")
        lines.append("")
    now = await _today_text(ctx, index, number)
    if now is not None and number not in todays:
        lines.append(f"**Heute ist {number} eine andere Regel:** {_short(now[0], 400)} _({_cr(now[1])})_")
        if has_cr:
            actions.append(Action(label=f"Heutige Regel {number}", action="cr_rule", arg=number))
    for today in todays:
        if has_cr:
            actions.insert(0, Action(label=f"Heute: Regel {today}", action="cr_rule", arg=today))
    first_today = next(iter(todays), None)
    title = f"Regel {number} (so zitiert)" + (f" – heute {first_today}" if first_today else "")
    pages = [Page(title=title, body="\n".join(lines).strip())]
    sources = [c.title for c in cited]
    try:
        docs = await documents()
        pages += docs.pages
        actions += docs.actions
        if docs.source:
            sources.append(docs.source)
    except UserError:
        pass
    if has_cr and first_today is not None:
        try:
            official = await rule_reply(ctx.store, first_today, current_version(versions))
            pages += official.pages
            actions += official.actions
            if official.source:
                sources.append(official.source)
        except UserError:
            pass
    unique: dict[tuple[str, str], Action] = {}
    for a in actions:
        unique.setdefault((a.action, a.arg), a)
    date = cited[0].date
    shown: list[str] = []
    for part in (p for s in sources for p in s.split(" · ")):
        if part and not any(part.startswith(seen) for seen in shown):
            shown.append(part)
    return Reply(pages=pages, source=" · ".join(shown), date=date, actions=list(unique.values())[:20])


__all__ = ["CitedNumber", "EraIndex", "cited_number_reply", "era_index"]
