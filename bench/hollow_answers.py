"""How many ``/frage`` answers of the tuning parts the rules of bot/answers/hollow.py newly hedge or refuse: per part
the answers given unhedged today (no ⚖️, no 🚫), those of them whose best passage is a gold passage (right), and how
many of each :func:`hollow_lead` would hedge and :func:`asks_only` refuse; then each question a rule meets.

Never reads the set-aside parts (``heldout*.toml``).

    .venv/bin/python bench/hollow_answers.py [--db STORE]
"""

from __future__ import annotations

import argparse
import asyncio
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_questions import load_part

from bot.answers.hollow import asks_only, hollow_lead
from bot.answers.off_topic import CANDIDATES, off_topic
from bot.answers.unknown_notes import question_notes
from bot.config import DEFAULT_DB
from bot.ranking import ranker
from bot.search import NameIndex
from bot.store import Store

#: The parts tuned on (never the set-aside ones).
PARTS = ("tuning", "tuning2", "dev")


async def main(db: Path) -> None:
    """Print the counts per part and the questions each rule meets."""
    store = await Store.open(db)
    try:
        names = NameIndex.from_entries(await store.name_entries())
        r = await ranker(store)
        for part in PARTS:
            questions = load_part(part)
            unhedged = right = 0
            met: list[str] = []
            hedged_right = refused_right = hedged = refused = 0
            for q in questions:
                found = await r.search(store, q.text, names, limit=CANDIDATES)
                if not found.hits:
                    continue
                cards = [c for c in [await store.card(i) for i in dict.fromkeys(found.cards)] if c is not None]
                notes = await question_notes(found.analysis, r.term_weights, cards, names, q.text)
                if off_topic(found, r, notes.meant) or not found.clear or notes.hedge:
                    continue
                ok = found.hits[0].passage.key in q.gold
                unhedged, right = unhedged + 1, right + ok
                hollow, only = hollow_lead(found, r, notes.meant), asks_only(found, r)
                hedged, hedged_right = hedged + hollow, hedged_right + (hollow and ok)
                refused, refused_right = refused + only, refused_right + (only and ok)
                if hollow or only:
                    rule = "asks_only" if only else "hollow_lead"
                    met.append(f"  {q.id} [{rule}, {'right' if ok else 'wrong'}] {q.text!r} → "
                               f"{found.hits[0].passage.key}")
            print(f"{part} ({len(questions)}): unhedged {unhedged}, of them right {right}; hollow_lead hedges "
                  f"{hedged} ({hedged_right} right); asks_only refuses {refused} ({refused_right} right)")
            print("\n".join(met))
    finally:
        await store.close()


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--db", type=Path, default=DEFAULT_DB)
    asyncio.run(main(parser.parse_args().db))
