"""The shape the document answers share: short pages with the answer first, lists of rulings with today's
status, each source and each notice said once per page.

* :func:`pack` — paragraphs into pages of at most :data:`FIRST_PAGE_BUDGET` characters on the first page and
  :data:`PAGE_BUDGET` on the others (a paragraph longer than that gets a page of its own and is split only by
  the renderer, never cut);
* :func:`ruling_pages` — rulings in pages: each with its text as shown today
  (:func:`bot.answers.today.status_text`), the document and date as a heading where they change (not under
  every ruling), the old-term notice once at the end of each page with a tie ``ℹ️¹`` at each ruling;
* :func:`outdated_ahead` and :func:`announced` — the first page names the rulings of later pages that are outdated
  today („⚠️ 1 Ruling heute überholt (Seite 2)“): a player who reads one page (a channel message shows only that
  one) is not told an old rule as today's.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import replace

from bot.answers.today import PageNotes, status_text
from bot.answers.today_facts import STYLES, entry_status
from bot.answers.today_index import TodayIndex
from bot.reply import Page, format_date
from bot.store import RulingRecord
from bot.text import german_int

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
    return [page for page, _shown in paged_rulings(index, title, rulings, lead)]


def paged_rulings(index: TodayIndex, title: str, rulings: list[RulingRecord],
                  lead: str = "") -> list[tuple[Page, list[RulingRecord]]]:
    """:func:`ruling_pages` with the rulings of each page: ``[(page, its rulings)]``."""
    if not rulings:
        return [(Page(title=title, body="\n\n".join(p for p in (lead, NO_RULINGS) if p)), [])]
    done: list[list[RulingRecord]] = []
    current: list[RulingRecord] = []
    for ruling in rulings:
        head = lead if not done else ""
        if current and len(title) + len(rulings_body(index, [*current, ruling], head)) > budget_of(len(done)):
            done.append(current)
            current = []
        current.append(ruling)
    done.append(current)
    return [(Page(title=title, body=rulings_body(index, chunk, lead if n == 0 else "")), chunk)
            for n, chunk in enumerate(done)]


def outdated_ahead(index: TodayIndex, pages: Sequence[Sequence[int]], before: int = 0) -> str:
    """The first page's line on the rulings of later pages that are outdated today (a ``changed`` row of the change
    register names them, :attr:`bot.answers.today_facts.EntryStatus.outdated`, the status their own notices show):
    ``⚠️ 1 Ruling heute überholt (Seite 2)``, ``⚠️ 2 weitere Rulings heute überholt (Seiten 2 und 4)`` when the first
    page shows one too; ``""`` when no later page holds one. ``pages``: the ruling ids (``rulings.id``) of each page of
    the answer, the first page first; ``before``: the pages of the reply before these (a second section of
    ``/mechanik`` starts on page 3: its pages are named from 4 on). The numbers are the reply's own pages; the
    renderer names the page shown of each where it splits a page to Discord's limits (:data:`bot.reply.PAGE_REF`)."""
    later = {before + n + 1: count for n, ids in enumerate(pages) if n > 0 and (count := _outdated(index, ids))}
    if not later:
        return ""
    return _line(sum(later.values()), bool(pages) and bool(_outdated(index, pages[0])), [str(n) for n in later])


def _outdated(index: TodayIndex, ids: Sequence[int]) -> int:
    """How many of the rulings ``ids`` are outdated today."""
    return sum(entry_status(index, "ruling", i).outdated for i in ids)


def _line(total: int, more: bool, numbers: Sequence[str]) -> str:
    """:func:`outdated_ahead`'s words for ``total`` outdated rulings on the pages ``numbers``; ``more``: the first
    page shows one too („weitere“)."""
    said = (" weiteres" if total == 1 else " weitere") if more else ""
    where = f"Seite {numbers[0]}" if len(numbers) == 1 else f"Seiten {', '.join(numbers[:-1])} und {numbers[-1]}"
    style = STYLES["changed"]
    return f"{style.mark} {german_int(total)}{said} Ruling{'' if total == 1 else 's'} {style.word} ({where})"


#: Most digits of a page number: a reply has fewer than a thousand pages (the footer's room is counted for „Seite
#: 999/999“, :func:`bot.page_fit.footer_room`).
PAGE_DIGITS = 3
#: What holds the place of :func:`outdated_ahead`'s line while the pages are made (a character of Unicode's private
#: use area, which no document and no answer prints), repeated to the line's widest.
_HELD = "\ue000"


def announced(index: TodayIndex, build: Callable[[str], list[tuple[Page, list[int]]]], shown: Sequence[int],
              before: int = 0) -> list[Page]:
    """The pages ``build`` makes with the first page holding :func:`outdated_ahead`'s line for them. ``build(line)``
    gives the answer's pages, each with the ids of the rulings it shows, ``line`` (when not empty) on the first page
    and counted in its budget; ``shown``: the ids of every ruling the pages show. The pages are made once, the line's
    place held as wide as its widest for the outdated ones of ``shown`` (each on a later page of three digits'
    number, :data:`PAGE_DIGITS`), and the line written into it after: it never makes the first page longer than it
    was made, whichever pages the rulings land on. A line with nothing to say takes its place away with the blank
    before it. The renderer names the page shown where it splits a page (:data:`bot.reply.PAGE_REF`). ``before``: the
    pages of the reply before these (:func:`outdated_ahead`)."""
    count = _outdated(index, list(dict.fromkeys(shown)))
    if not count:  # nothing outdated (most answers): no place to hold
        return [page for page, _ids in build("")]
    held = _HELD * len(_line(count, True, ["9" * PAGE_DIGITS] * count))
    paged = build(held)
    line = outdated_ahead(index, [ids for _page, ids in paged], before)
    place = re.compile(rf"^{held}\s*|\s*{held}")  # a line with nothing to say leaves no blank behind

    def said(body: str) -> str:
        return body.replace(held, line, 1) if line else place.sub("", body, count=1)

    return [replace(page, body=said(page.body)) if held in page.body else page for page, _ids in paged]


__all__ = ["FIRST_PAGE_BUDGET", "NO_RULINGS", "PAGE_BUDGET", "PAGE_DIGITS", "announced", "budget_of", "outdated_ahead",
           "pack", "page_size", "paged_rulings", "ruling_pages", "rulings_body", "source_of"]
