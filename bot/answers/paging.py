"""Paging helpers shared by the answers: rulings and search hits split into pages (one embed each).

The renderer (:func:`bot.render.fit_pages`) splits a page further when it is too long for Discord; these
helpers decide what belongs together: at most ``per_page`` rulings or hits per page, never one dropped.
"""

from __future__ import annotations

from bot.actions import asked_action
from bot.analysis import Analysis
from bot.phrases import pairs
from bot.ranking import Ranker, highlight, snippet
from bot.reply import Page, format_date
from bot.store import RulingRecord

#: Rulings per page; each ruling is one block of the description.
RULINGS_PER_PAGE = 6
#: A search hit's text up to this length is shown whole (six hits and their labels fit one embed's 4 096
#: characters); a longer one by its sentences that hold most of the question's words, up to this length.
WHOLE_EXCERPT = 450
#: Most sentences of a longer hit shown (in the text's order).
EXCERPT_SENTENCES = 2
#: The question's first this many tokens give its pairs of neighbouring words for the excerpt (a search text is
#: bounded before, this bounds the pairs too).
MAX_PAIRED = 200


def search_excerpt(text: str, analysis: Analysis, r: Ranker, question: str) -> str:
    """What ``/regel suche`` and ``/ruling suche`` show of a hit's ``text``, the question's words in bold: the
    text whole up to :data:`WHOLE_EXCERPT` characters (003's 100.2b keeps „Jedes Deck besteht aus mindestens 40
    Karten.“ after its first sentence), else its sentences weighed as ``/frage`` weighs a candidate's
    (:func:`bot.snippets.snippet` with the ranker's term weights and the question's pairs of neighbouring words,
    a sentence answering a „kann/darf/muss …“ question's action first, :func:`bot.actions.asked_action`), whole
    sentences only, the best that fit together, „…“ where the text goes on before or after them: 004:21's second
    sentence („… ist ihr Beherrscher nicht gezwungen, diese Kosten zu bezahlen …“) for „… muss ich für meine
    provozierte kreatur zahlen“."""
    if len(text) <= WHOLE_EXCERPT:
        return highlight(text, analysis, r.analyser)
    return snippet(text, analysis, r.analyser, limit=WHOLE_EXCERPT, bold=True, count=EXCERPT_SENTENCES,
                   weights=r.term_weights, action=asked_action(question, r.analyser), fit=True,
                   asked=pairs(question, MAX_PAIRED))


def ruling_block(ruling: RulingRecord) -> str:
    """One ruling as text with its source and date: ``"• text\\n_Quelle, 30.08.2005_"``."""
    date = format_date(ruling.date)
    source = ruling.document.title + (f", {date}" if date else "")
    return f"• {ruling.text}\n_{source}_"


def rulings_pages(title: str, rulings: list[RulingRecord], per_page: int = RULINGS_PER_PAGE) -> list[Page]:
    """Rulings split into pages of at most ``per_page`` rulings (the renderer splits further if long);
    every ruling appears on exactly one page, in order."""
    if not rulings:
        return [Page(title=title, body="Zu dieser Karte gibt es in den Dokumenten keine Rulings.")]
    pages = []
    for start in range(0, len(rulings), per_page):
        chunk = rulings[start : start + per_page]
        pages.append(Page(title=title, body="\n\n".join(ruling_block(r) for r in chunk)))
    return pages


def hit_pages(title: str, intro: str, blocks: list[str], per_page: int) -> list[Page]:
    """Blocks in pages of ``per_page``, the intro at the top of the first page."""
    pages = []
    for start in range(0, len(blocks), per_page):
        body = "\n\n".join(blocks[start : start + per_page])
        pages.append(Page(title=title, body=f"{intro}\n\n{body}" if start == 0 and intro else body))
    return pages or [Page(title=title, body=intro)]


__all__ = ["EXCERPT_SENTENCES", "RULINGS_PER_PAGE", "WHOLE_EXCERPT", "hit_pages", "ruling_block", "rulings_pages",
           "search_excerpt"]
