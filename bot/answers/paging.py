"""Paging helpers shared by the answers: rulings and search hits split into pages (one embed each).

The renderer (:func:`bot.page_fit.fit_pages`) splits a page further when it is too long for Discord; these
helpers decide what belongs together: at most ``per_page`` rulings or hits per page, never one dropped.
"""

from __future__ import annotations

from bot.analysis import Analysis
from bot.excerpts import excerpt
from bot.ranking import Ranker
from bot.reply import Page, format_date
from bot.store import RulingRecord

#: Rulings per page; each ruling is one block of the description.
RULINGS_PER_PAGE = 6
#: A search hit's text up to this length is shown whole; a longer one by its sentences that hold most of the
#: question, up to this length (:func:`bot.excerpts.excerpt`). Six hits of this length and their labels still fit
#: one page (``/ruling suche``'s :data:`bot.answers.rulings.PAGE_CHARS`, 3 896 characters; the longest page body of
#: the tuning questions' searches 3 881; docs/ranking.md ⁴¹).
WHOLE_EXCERPT = 550


def search_excerpt(text: str, analysis: Analysis, r: Ranker, question: str) -> str:
    """What ``/regel suche`` and ``/ruling suche`` show of a hit's ``text``, the question's words in bold: the text
    whole up to :data:`WHOLE_EXCERPT` characters, else the whole sentences that hold most of the question together
    with the sentence after them (:func:`bot.excerpts.excerpt` with the ranker's term weights; 000:25's „Auf diese
    Weise ist es möglich, dass mehr als ein Spieler eine Fehde gewinnt.“ after the sentence on the split card it
    refers to, for „geteilte karte beim clash aufgedeckt, koennen dann zwei spieler gewinnen?“), „…“ where the text
    goes on."""
    return excerpt(text, analysis, r.analyser, question, WHOLE_EXCERPT, weights=r.term_weights, bold=True)


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


__all__ = ["RULINGS_PER_PAGE", "WHOLE_EXCERPT", "hit_pages", "ruling_block", "rulings_pages",
           "search_excerpt"]
