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

from collections.abc import Callable, Sequence

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
    ``/mechanik`` starts on page 3: its pages are named from 4 on)."""
    def outdated(ids: Sequence[int]) -> int:
        return sum(entry_status(index, "ruling", i).outdated for i in ids)

    later = {before + n + 1: count for n, ids in enumerate(pages) if n > 0 and (count := outdated(ids))}
    if not later:
        return ""
    total = sum(later.values())
    more = (" weiteres" if total == 1 else " weitere") if pages and outdated(pages[0]) else ""
    numbers = [str(n) for n in later]
    where = f"Seite {numbers[0]}" if len(numbers) == 1 else f"Seiten {', '.join(numbers[:-1])} und {numbers[-1]}"
    style = STYLES["changed"]
    return f"{style.mark} {german_int(total)}{more} Ruling{'' if total == 1 else 's'} {style.word} ({where})"


def announced(index: TodayIndex, build: Callable[[str], list[tuple[Page, list[int]]]], before: int = 0) -> list[Page]:
    """The pages ``build`` makes with the first page holding :func:`outdated_ahead`'s line for them. ``build(line)``
    gives the answer's pages, each with the ids of the rulings it shows, ``line`` (when not empty) on the first page
    and counted in its budget; the line may move a ruling to the next page and so name other pages, so the pages are
    made again until the line names what they show (three times at most; a last change of the line is written over the
    old one without paging again). ``before``: the pages of the reply before these (:func:`outdated_ahead`)."""
    line = ""
    paged = build(line)
    for _ in range(3):
        now = outdated_ahead(index, [ids for _page, ids in paged], before)
        if now == line:
            break
        line = now
        paged = build(line)
    pages = [page for page, _ids in paged]
    final = outdated_ahead(index, [ids for _page, ids in paged], before)
    if line and final != line:  # the pages moved once more: the line says what they show now
        pages[0].body = pages[0].body.replace(line, final, 1)
    return pages


__all__ = ["FIRST_PAGE_BUDGET", "NO_RULINGS", "PAGE_BUDGET", "announced", "budget_of", "outdated_ahead", "pack",
           "page_size", "paged_rulings", "ruling_pages", "rulings_body", "source_of"]
