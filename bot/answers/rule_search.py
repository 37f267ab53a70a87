"""Keyword search over the rules the documents print (``/regel suche: Startspieler``): quoted rules and
the entries of the German rules explanation 003, ranked by the store's FTS5 index (bm25; number and title
weighted highest), all words first, then any word, then word parts (:meth:`bot.textsearch.FtsQuery.attempts`).
"""

from __future__ import annotations

from bot.answers.registry import AnswerContext
from bot.answers.rule_catalog import (
    Explanation,
    QuotedRule,
    catalog,
    dedupe_actions,
    source_line,
    stellen,
)
from bot.answers.rulings import hit_pages, nothing_found, query_notes
from bot.answers.today import TodayIndex, number_label, today_index
from bot.reply import Action, Reply, quote_user
from bot.textsearch import ELLIPSIS, HIGHLIGHT, MODE_NOTES, build_query, tidy_snippet

MAX_HITS = 40
HITS_PER_PAGE = 6
HIT_BUTTONS = 5


async def search_rules(ctx: AnswerContext, text: str) -> tuple[list[tuple[QuotedRule | Explanation, str]], str]:
    """Keyword search over quoted rules and explanations: ``([(rule or explanation, snippet)], mode)``.

    ``mode`` as in :class:`bot.answers.rulings.SearchResult` (``all``, ``any``, ``part``, ``none``).
    """
    query = build_query(text)
    if query is None:
        return [], "none"
    cat = await catalog(ctx.store)
    quoted = {q.id: q for q in cat.quoted}
    explained = {e.id: e for e in cat.explanations}
    for mode, match in query.attempts():
        rows = await ctx.store.search_rule_texts("parts" if mode == "part" else "words", match,
                                                 (*HIGHLIGHT, ELLIPSIS), MAX_HITS)
        hits: list[tuple[QuotedRule | Explanation, str]] = []
        for row in rows:
            item = quoted.get(row.id) if row.kind == "quoted" else explained.get(row.id)
            if item is not None:
                hits.append((item, tidy_snippet(row.snippet)))
        if hits:
            return hits, mode
    return [], "none"


def _hit_block(index: TodayIndex, item: QuotedRule | Explanation, snippet: str) -> str:
    if isinstance(item, QuotedRule):  # an old number with today's: 502.46b (heute 702.51b)
        head = number_label(index, item.document.file[:3], item.number) + (f" {item.title}" if item.title else "")
        return f"{head} · _{source_line(item.document)}_\n{snippet}"
    extra = f" · Begriffe: {', '.join(item.terms)}" if item.terms else ""
    return f"**{item.label}**{extra}\n{snippet}"


async def keyword_reply(ctx: AnswerContext, text: str) -> Reply:
    """The answer for keywords: ranked hits with snippets, buttons to the best ones.

    Raises:
        UserError: nothing found (German „Nichts gefunden“).
    """
    hits, mode = await search_rules(ctx, text)
    if not hits:
        raise nothing_found(text)
    shown = quote_user(text, 80)
    intro = f"{stellen(len(hits))} in Regeln und Regelerklärungen für „{shown}“"
    if mode in MODE_NOTES:
        intro += "\n" + MODE_NOTES[mode]
    query = build_query(text)
    if query is not None:
        intro += "".join("\n" + line for line in query_notes(query))
    if len(hits) >= MAX_HITS:
        intro += f"\nNur die besten {MAX_HITS}; für mehr die Suche genauer fassen."
    index = await today_index(ctx.store)
    blocks = [_hit_block(index, item, snippet) for item, snippet in hits]
    pages = hit_pages(f"Regeln zu „{shown}“", intro, blocks, HITS_PER_PAGE)
    for number, page in enumerate(pages):  # each page's buttons point to that page's hits
        page.actions = _hit_actions(hits[number * HITS_PER_PAGE : (number + 1) * HITS_PER_PAGE])
    docs = {item.document.title: None for item, _ in hits}
    return Reply(pages=pages, source=" · ".join(docs), actions=list(pages[0].actions or []))


def _hit_actions(hits: list[tuple[QuotedRule | Explanation, str]]) -> list[Action]:
    """Buttons to the first :data:`HIT_BUTTONS` rules / explanations of ``hits``."""
    actions = []
    for item, _snippet in hits[:HIT_BUTTONS]:
        if isinstance(item, QuotedRule):
            actions.append(Action(label=f"Regel {item.number}", action="rule", arg=item.number))
        else:
            actions.append(Action(label=item.label, action="rulex", arg=str(item.id)))
    return dedupe_actions(actions)
