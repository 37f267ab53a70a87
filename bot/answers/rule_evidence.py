"""The entries whose statement of today rests on a rule: the change register's rows (``data/changes.toml``)
that cite the rule as evidence, with the documents' rulings and mechanics paragraphs they name — what ``/regel``
lists for a rule no document quotes (709.4, 704.5j)."""

from __future__ import annotations

from bot.answers.registry import AnswerContext
from bot.answers.rule_catalog import is_child
from bot.answers.sources import passage_button
from bot.answers.today import STYLES
from bot.answers.today_index import TodayIndex
from bot.reply import Action
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


async def resting_entries(ctx: AnswerContext, index: TodayIndex, number: str,
                          keys: list[str] | None = None) -> tuple[list[str], list[Action]]:
    """The documents' rulings and mechanics paragraphs whose statement of today rests on rule ``number`` (the
    change register's evidence, :func:`resting_rows`): German lines under a heading, one per register row — its
    status mark and statement of today (never the entries' old text, which only its notice may show) and the
    entries it concerns — and one button per entry that opens it whole with its notice (``rb:passage:<key>``).
    ``keys``: the rows of :func:`resting_rows` when the caller has already asked for them (they are not looked up
    again). ``([], [])`` when none does."""
    if keys is None:
        keys = resting_rows(index, number)
    links: dict[str, list[int]] = {}
    for key in keys:
        for kind, entry_id in index.entries_by_change.get(key, []):
            links.setdefault(kind, []).append(entry_id)
    # one store query per entry kind, then each register row takes its own entries' passages
    passages = {(kind, p.ref_id): p for kind, ids in links.items()
                for p in await ctx.store.passages_of_entries(kind, ids)}
    rows: list[tuple[str, list[PassageRecord]]] = []
    for key in keys:
        found = [p for link in index.entries_by_change.get(key, []) if (p := passages.get(link)) is not None]
        if found:
            rows.append((key, sorted(found, key=lambda p: p.id)))
    if not rows:
        return [], []
    lines = [f"\n**Der heutige Stand dieser Einträge beruht auf Regel {number}** (Beleg im Änderungsregister):"]
    for key, found in rows[:6]:
        row = index.changes[key]
        style = STYLES.get(row.kind)
        names = ", ".join(dict.fromkeys(f"**{p.title}**" for p in found))
        lines.append(f"• {style.mark + ' ' if style else ''}**Heute:** {shorten(row.today, 220)} "
                     f"— _betrifft {shorten(names, 200)}_")
    if len(rows) > 6:
        lines.append(f"… und {len(rows) - 6} weitere Einträge des Registers.")
    entries = list({p.key: p for _, found in rows for p in found}.values())
    actions = [passage_button(p) for p in entries[:10]]
    return lines, actions


__all__ = ["resting_entries", "resting_rows"]
