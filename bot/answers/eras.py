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

from collections.abc import Awaitable, Callable
from dataclasses import dataclass

from bot.answers.official import current_version, rule_reply
from bot.answers.registry import AnswerContext, UserError
from bot.reply import Action, Page, Reply, format_date
from bot.store import CitedNumber
from bot.text import shorten

CR_NAME = "Comprehensive Rules"


@dataclass
class EraIndex:
    """All cited numbers and today's rule texts of the register, in memory."""

    cited: dict[str, list[CitedNumber]]
    today_text: dict[str, tuple[str, str]]  # number → (text, effective)


async def _load(ctx: AnswerContext) -> EraIndex:
    found = await ctx.store.cited_numbers()
    if found is None:  # a store without the register tables: behave as before issue 9
        return EraIndex({}, {})
    rows, today = found
    cited: dict[str, list[CitedNumber]] = {}
    for c in rows:
        cited.setdefault(c.number, []).append(c)
    return EraIndex(cited, {r.number: (r.text, r.effective) for r in today})


async def era_index(ctx: AnswerContext) -> EraIndex:
    """The cited numbers of the store (read once per store)."""
    return await ctx.store.memo("eras", lambda: _load(ctx))


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
        quote = shorten(c.heading or c.text, 300) or "(Überschrift)"
        lines.append(f"**{c.number}** im Dokument _{where}_: {quote}")
        if c.today:
            today = await _today_text(ctx, index, c.today)
            label = {"same": "heute", "changed": "heute (inhaltlich geändert)"}.get(c.relation, "heute")
            text = f": {shorten(today[0], 500)} _({_cr(today[1])})_" if today else ""
            lines.append(f"→ **{label} {c.today}**{text}")
        else:
            lines.append("→ **heute ohne Gegenstück**")
        if c.note:
            lines.append(f"_{c.note}_")
        lines.append("")
    now = await _today_text(ctx, index, number)
    if now is not None and number not in todays:
        lines.append(f"**Heute ist {number} eine andere Regel:** {shorten(now[0], 400)} _({_cr(now[1])})_")
        if has_cr:
            actions.append(Action(label=f"Heutige Regel {number}", action="cr_rule", arg=number))
    for today in todays:
        if has_cr:
            actions.insert(0, Action(label=f"Heute: Regel {today}", action="cr_rule", arg=today))
    first_today = next(iter(todays), None)
    title = f"Regel {number} (so zitiert)" + (f" – heute {first_today}" if first_today else "")
    pages = [Page(title=title, body="\n".join(lines).strip())]
    sources = [c.title for c in cited]
    parts = [documents]  # the documents' own pages, then today's rule from the imported CR
    if has_cr and first_today is not None:
        today_number = first_today
        parts.append(lambda: rule_reply(ctx.store, today_number, current_version(versions)))
    for part in parts:
        try:
            more = await part()
        except UserError:  # no such pages: the cited page stands alone
            continue
        pages += more.pages
        actions += more.actions
        if more.source:
            sources.append(more.source)
    unique: dict[tuple[str, str], Action] = {}
    for a in actions:
        unique.setdefault((a.action, a.arg), a)
    # One "Stand" in the footer only when every page is of the same date; otherwise each page names its own
    # document and date (F7: the 003 explanation and today's rule are not of the Ravnica FAQ's date).
    dates = {c.date for c in cited}
    date = cited[0].date if len(pages) == 1 and len(dates) == 1 else ""
    shown: list[str] = []
    for part in (p for s in sources for p in s.split(" · ")):
        if part and not any(part.startswith(seen) for seen in shown):
            shown.append(part)
    return Reply(pages=pages, source=" · ".join(shown), date=date, actions=list(unique.values())[:20])


__all__ = ["CitedNumber", "EraIndex", "cited_number_reply", "era_index"]
