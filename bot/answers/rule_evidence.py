"""The entries whose statement of today rests on a rule: the change register's rows (``data/changes.toml``)
that cite the rule as evidence, with the documents' rulings and mechanics paragraphs they name — what ``/regel``
lists for a rule no document quotes (709.4, 704.5j)."""

from __future__ import annotations

from typing import NamedTuple

from bot.answers.registry import AnswerContext
from bot.answers.sources import passage_button
from bot.answers.today_facts import STYLES
from bot.answers.today_index import TodayIndex
from bot.reply import Action, Page
from bot.rule_catalog import is_child
from bot.store import PassageRecord
from bot.text import shorten


def resting_rows(index: TodayIndex, number: str) -> list[str]:
    """Keys of the change register's rows (``data/changes.toml``) whose evidence names ``number`` or one of its
    subrules (``CR 709.4b`` for 709.4 and 709.4b; ``CR 704.5j`` for 704, 704.5 and 704.5j), in register order."""
    keys = []
    for row in index.changes.values():
        cited = [ev[3:].strip() for ev in row.evidence if ev.startswith("CR ")]
        if any(n == number or is_child(n, number) for n in cited):
            keys.append(row.key)
    return keys


#: Register rows a page lists (the rule's page the first, pages of their own the rest: :func:`resting_entries`).
ROWS_PER_PAGE = 6
#: Entry buttons a page of further rows carries (one per entry, each opening it with its notice).
PAGE_BUTTONS = 10


class Resting(NamedTuple):
    """The entries resting on a rule (:func:`resting_entries`).

    Attributes:
        lines: German lines for the rule's page: a heading, the first :data:`ROWS_PER_PAGE` register rows and, when
            there are more, a line saying on which pages they follow.
        actions: a button per entry of the rows (``rb:passage:<key>``), in order, at most 10.
        pages: the further rows, :data:`ROWS_PER_PAGE` a page, each page with the buttons of its own entries (at most
            :data:`PAGE_BUTTONS`); reached by the reply's page buttons, which carry the invocation and the page
            number in their custom_id (:mod:`bot.custom_id`), so they work after a restart.
    """

    lines: list[str]
    actions: list[Action]
    pages: list[Page]


async def _rows(ctx: AnswerContext, index: TodayIndex, keys: list[str]) -> list[tuple[str, list[PassageRecord]]]:
    """The register rows ``keys`` that name entries of the store, each with those entries' passages in store
    order; one store query per entry kind."""
    links: dict[str, list[int]] = {}
    for key in keys:
        for kind, entry_id in index.entries_by_change.get(key, []):
            links.setdefault(kind, []).append(entry_id)
    passages = {(kind, p.ref_id): p for kind, ids in links.items()
                for p in await ctx.store.passages_of_entries(kind, ids)}
    rows: list[tuple[str, list[PassageRecord]]] = []
    for key in keys:
        found = [p for link in index.entries_by_change.get(key, []) if (p := passages.get(link)) is not None]
        if found:
            rows.append((key, sorted(found, key=lambda p: p.id)))
    return rows


def _row_line(index: TodayIndex, key: str, found: list[PassageRecord]) -> str:
    """One register row: its status mark, its statement of today and the entries it concerns."""
    row = index.changes[key]
    style = STYLES.get(row.kind)
    names = ", ".join(dict.fromkeys(f"**{p.title}**" for p in found))
    mark = f"{style.mark} " if style else ""
    return f"• {mark}**Heute:** {shorten(row.today, 220)} — _betrifft {shorten(names, 200)}_"


def _buttons(rows: list[tuple[str, list[PassageRecord]]], most: int) -> list[Action]:
    """A button per entry of ``rows`` (each once, in order), at most ``most``."""
    entries = list({p.key: p for _, found in rows for p in found}.values())
    return [passage_button(p) for p in entries[:most]]


async def resting_entries(ctx: AnswerContext, index: TodayIndex, number: str,
                          keys: list[str] | None = None) -> Resting:
    """The documents' rulings and mechanics paragraphs whose statement of today rests on rule ``number`` (the
    change register's evidence, :func:`resting_rows`): German lines under a heading, one per register row — its
    status mark and statement of today (never the entries' old text, which only its notice may show) and the
    entries it concerns — and one button per entry that opens it whole with its notice (``rb:passage:<key>``); the
    rows past the first :data:`ROWS_PER_PAGE` on pages of their own (:class:`Resting`; 709.4: ten rows, four on
    page 2). ``keys``: the rows of :func:`resting_rows` when the caller has already asked for them (they are not
    looked up again). Empty when none does."""
    rows = await _rows(ctx, index, resting_rows(index, number) if keys is None else keys)
    if not rows:
        return Resting([], [], [])
    first, rest = rows[:ROWS_PER_PAGE], rows[ROWS_PER_PAGE:]
    lines = [f"\n**Der heutige Stand dieser Einträge beruht auf Regel {number}** (Beleg im Änderungsregister):",
             *(_row_line(index, key, found) for key, found in first)]
    chunks = [rest[at:at + ROWS_PER_PAGE] for at in range(0, len(rest), ROWS_PER_PAGE)]
    title = f"Regel {number}: weitere Einträge des Registers"
    if chunks:  # named by title, not number: a long page or an answer to several numbers puts pages before them
        where = "einer eigenen Seite" if len(chunks) == 1 else f"{len(chunks)} eigenen Seiten"
        lines.append(f"… und {len(rest)} weitere Einträge des Registers auf {where} danach („{title}“, Knopf "
                     "„Weiter“).")
    pages = [Page(title=title,
                  body="\n".join([f"**Der heutige Stand dieser Einträge beruht auf Regel {number}** (Beleg im "
                                   "Änderungsregister, Fortsetzung):", *(_row_line(index, k, f) for k, f in chunk)]),
                  actions=_buttons(chunk, PAGE_BUTTONS)) for chunk in chunks]
    return Resting(lines, _buttons(rows, 10), pages)


__all__ = ["PAGE_BUTTONS", "ROWS_PER_PAGE", "Resting", "resting_entries", "resting_rows"]
