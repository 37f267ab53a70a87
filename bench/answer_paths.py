"""Two answer paths of ``/frage`` measured on the tuning parts (``tests/questions/{tuning,tuning2,dev}.toml``):

* **register rows** (bot/answers/abolished.py, :func:`asked_rows`): the questions ``/frage`` leads with the change
  register's rows; a question should lead with a row only when it asks about the abolished rule (Manabrand, combat
  damage on the stack, convoke as a cost). Per part the count and each question with its rows' keys.
* **hollow answers** (bot/answers/hollow.py): the answers given unhedged today (no ⚖️, no 🚫), those of them whose
  best passage is a gold passage (right), and how many of each :func:`hollow_lead` would hedge and
  :func:`asks_only` refuse; then each question a rule meets.

Never reads the set-aside parts (``heldout*.toml``).

    .venv/bin/python bench/answer_paths.py [--db STORE]
"""

from __future__ import annotations

import argparse
import asyncio
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_questions import Question, load_part

from bot.answers.abolished import RegisterWords, asked_rows, register_words
from bot.answers.frage_search import frage_search
from bot.answers.hollow import asks_only, hollow_lead
from bot.answers.off_topic import CANDIDATES, off_topic
from bot.answers.registry import AnswerContext
from bot.answers.unknown_notes import question_notes
from bot.config import DEFAULT_DB
from bot.ranking import Ranker, ranker
from bot.search import NameIndex
from bot.store import Store

#: The parts tuned on (never the set-aside ones).
PARTS = ("tuning", "tuning2", "tuning3", "dev")


def register_report(part: str, questions: list[Question], prepared: RegisterWords) -> None:
    """Print the questions of ``part`` led by register rows."""
    led = [(q, rows) for q in questions if (rows := asked_rows(prepared, q.text))]
    print(f"{part}: {len(led)} of {len(questions)} questions lead with register rows")
    for q, rows in led:
        print(f"  {q.id} {q.text!r} -> {[r.key for r in rows]} (gold {q.gold})")


async def hollow_report(part: str, questions: list[Question], store: Store, r: Ranker, names: NameIndex) -> None:
    """Print the unhedged answers of ``part`` and those the hollow rules meet."""
    unhedged = right = hedged = hedged_right = refused = refused_right = 0
    met: list[str] = []
    for q in questions:
        found = (await frage_search(AnswerContext(store, names), r, q.text, CANDIDATES)).found
        if not found.hits:
            continue
        cards = [c for c in [await store.card(i) for i in dict.fromkeys(found.cards)] if c is not None]
        notes = await question_notes(found.analysis, r.term_weights, cards, names, q.text, store=store)
        if off_topic(found, r, notes.meant) or not found.clear or notes.hedge:
            continue
        ok = found.hits[0].passage.key in q.gold
        unhedged, right = unhedged + 1, right + ok
        hollow, only = hollow_lead(found, r, notes.meant), asks_only(found, r)
        hedged, hedged_right = hedged + hollow, hedged_right + (hollow and ok)
        refused, refused_right = refused + only, refused_right + (only and ok)
        if hollow or only:
            rule = "asks_only" if only else "hollow_lead"
            met.append(f"  {q.id} [{rule}, {'right' if ok else 'wrong'}] {q.text!r} → {found.hits[0].passage.key}")
    print(f"{part} ({len(questions)}): unhedged {unhedged}, of them right {right}; hollow_lead hedges {hedged} "
          f"({hedged_right} right); asks_only refuses {refused} ({refused_right} right)")
    print("\n".join(met))


async def main(db: Path) -> None:
    """Print both reports, per part."""
    store = await Store.open(db)
    try:
        names = NameIndex.from_entries(await store.name_entries())
        r = await ranker(store)
        prepared = await register_words(store)
        parts = {part: load_part(part) for part in PARTS}
        print("== register rows ==")
        for part, questions in parts.items():
            register_report(part, questions, prepared)
        print("== hollow answers ==")
        for part, questions in parts.items():
            await hollow_report(part, questions, store, r, names)
    finally:
        await store.close()


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--db", type=Path, default=DEFAULT_DB)
    asyncio.run(main(parser.parse_args().db))
