"""Which questions of the tuning parts ``/frage`` leads with the change register's rows (bot/answers/abolished.py,
:func:`asked_rows`): a question should lead with a row only when it asks about the abolished rule (Manabrand, combat
damage on the stack, convoke as a cost). Prints per part the count and each such question with its rows' keys.

Never reads the set-aside parts (``heldout*.toml``).

    .venv/bin/python bench/register_questions.py [--db STORE]
"""

from __future__ import annotations

import argparse
import asyncio
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_questions import load_part

from bot.answers.abolished import asked_rows, register_words
from bot.config import DEFAULT_DB
from bot.store import Store

#: The parts tuned on (never the set-aside ones).
PARTS = ("tuning", "tuning2", "dev")


async def main(db: Path) -> None:
    """Print the questions led by register rows, per part."""
    store = await Store.open(db)
    try:
        prepared = await register_words(store)
        total = 0
        for part in PARTS:
            questions = load_part(part)
            led = [(q, rows) for q in questions if (rows := asked_rows(prepared, q.text))]
            total += len(questions)
            print(f"{part}: {len(led)} of {len(questions)} questions lead with register rows")
            for q, rows in led:
                print(f"  {q.id} {q.text!r} -> {[r.key for r in rows]} (gold {q.gold})")
        print(f"questions read: {total}")
    finally:
        await store.close()


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--db", type=Path, default=DEFAULT_DB)
    asyncio.run(main(parser.parse_args().db))
