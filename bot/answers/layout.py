"""The shape the document answers share: short pages with the answer first, lists of rulings with today's
status, each source and each notice said once per page.

* :func:`pack` — paragraphs into pages of at most :data:`FIRST_PAGE_BUDGET` characters on the first page and
  :data:`PAGE_BUDGET` on the others (a paragraph longer than that gets a page of its own and is split only by
  the renderer, never cut);
* :func:`ruling_pages` — rulings in pages: each with its text as shown today
  (:func:`bot.answers.today.status_text`), the document and date as a heading where they change (not under
  every ruling), the old-term notice once at the end of each page with a tie ``ℹ️¹`` at each ruling.
"""

from __future__ import annotations

from bot.answers.today import PageNotes, status_text
from bot.answers.today_index import TodayIndex
from bot.reply import Page, format_date
from bot.store import RulingRecord

#: Characters (title, description and fields) of the first page of a document answer: a page a player reads at a
#: glance. A single paragraph (a ruling, a rule) longer than this keeps its own page.
FIRST_PAGE_BUDGET = 1500 - 200  # the footer (sources, date, page number) counts too
#: Characters of each further page (a player who turns the page reads on).
PAGE_BUDGET = 2500
#: Shown for an empty list of rulings.
NO_RULINGS = "Zu dieser Karte gibt es in den Dokumenten keine Rulings."


def page_size(page: Page) -> int:
    """Characters of ``page`` as Discord counts them toward a message: title, description, field names and values."""
    return len(page.title) + len(page.body) + sum(len(f.name) + len(f.value) for f in page.fields)


def budget_of(page: int) -> int:
    """Characters page ``page`` (0 = first) of a document answer may have."""
    return FIRST_PAGE_BUDGET if page == 0 else PAGE_BUDGET


def pack(title: str, parts: list[str], first_room: int = 0) -> list[Page]:
    """``parts`` (paragraphs, in order, none dropped) in pages titled ``title`` of at most :func:`budget_of`
    characters each; ``first_room`` characters of the first page are kept free (for its fields).
    Returns at least one page."""
    pages: list[Page] = []
    current: list[str] = []
    for part in (p for p in parts if p):
        room = budget_of(len(pages)) - len(title) - (first_room if not pages else 0)
        if current and len("\n\n".join([*current, part])) > room:
            pages.append(Page(title=title, body="\n\n".join(current)))
            current = []
        current.append(part)
    pages.append(Page(title=title, body="\n\n".join(current)))
    return pages


def source_of(ruling: RulingRecord) -> str:
    """``"Zwietracht – Häufig gestellte Fragen, 17.03.2006"``: a ruling's document and date."""
    date = format_date(ruling.date)
    return ruling.document.title + (f", {date}" if date else "")


def rulings_body(index: TodayIndex, rulings: list[RulingRecord], lead: str = "") -> str:
    """One page of rulings: ``lead``, then each ruling as shown today under a heading naming its document and date
    where these change, and the page's numbered notes in one place: the register notices several of them share
    (once) and its one old-term notice (:meth:`bot.answers.today.PageNotes.placed`)."""
    notes = PageNotes(index, [("ruling", r.id) for r in rulings])
    blocks = []
    last = None
    for ruling in rulings:
        source = source_of(ruling)
        block = "• " + status_text(index, "ruling", ruling.id, ruling.text, notes=notes)
        blocks.append(block if source == last else f"_{source}:_\n{block}")
        last = source
    return "\n\n".join(notes.placed(lead, blocks))


def ruling_pages(index: TodayIndex, title: str, rulings: list[RulingRecord], lead: str = "") -> list[Page]:
    """``rulings`` (in the given order, none dropped) in pages of at most :func:`budget_of` characters, each
    page a :func:`rulings_body`; ``lead`` opens the first page. One page saying so for no rulings."""
    if not rulings:
        return [Page(title=title, body="\n\n".join(p for p in (lead, NO_RULINGS) if p))]
    pages: list[Page] = []
    current: list[RulingRecord] = []
    for ruling in rulings:
        head = lead if not pages else ""
        if current and len(title) + len(rulings_body(index, [*current, ruling], head)) > budget_of(len(pages)):
            pages.append(Page(title=title, body=rulings_body(index, current, head)))
            current = []
        current.append(ruling)
    pages.append(Page(title=title, body=rulings_body(index, current, lead if not pages else "")))
    return pages


__all__ = ["FIRST_PAGE_BUDGET", "NO_RULINGS", "PAGE_BUDGET", "budget_of", "pack", "page_size", "ruling_pages",
           "rulings_body", "source_of"]
