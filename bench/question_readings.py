"""How ``/frage`` reads the tuning parts' questions before it ranks them (``tests/questions/{tuning,tuning2,dev}``):

* **comparisons**: the questions read as a comparison (:func:`bot.answers.compared.read_sides`), each with its sides;
* **readings**: the questions :func:`bot.question_reading.read_question` reads otherwise than typed (markup taken
  out, split words joined, two words read as a keyword's name), each with what it read;
* the time of the comparison reading per question (p50, p99, max; in process, the objects made before frozen
  out of the garbage collector's passes).

A change to either reading should leave both lists as they were unless a question names what the change is about;
run it before and after and compare the output. Never reads the set-aside parts (``heldout*.toml``).

    .venv/bin/python bench/question_readings.py [--db STORE]
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_questions import load_part

from bot.answers.compared import read_sides
from bot.answers.keyword_pairs import keyword_pairs
from bot.config import DEFAULT_DB
from bot.question_reading import read_question
from bot.ranking import ranker
from bot.search import NameIndex
from bot.store import Store

#: The parts tuned on (never the set-aside ones).
PARTS = ("tuning", "tuning2", "tuning3", "dev")


async def main(db: Path) -> None:
    """Print, per part, the questions read as comparisons and those read otherwise than typed, then the totals."""
    store = await Store.open(db)
    try:
        names = NameIndex.from_entries(await store.name_entries())
        r = await ranker(store)
        knows = r.analyser.vocab.knows
        keywords = await keyword_pairs(store, knows)
        gc.collect()
        gc.freeze()  # the store's and ranker's objects: a collection's pause is no cost of the reading measured
        total = compared = reread = 0
        took: list[float] = []  # ms of each question's comparison reading (read_sides)
        for part in PARTS:
            questions = load_part(part)
            lines = []
            for q in questions:
                read = read_question(q.text, knows, keywords)
                if read.text != " ".join(q.text.split()):
                    reread += 1
                    lines.append(f"  read   {q.id} {q.text!r} -> {read.text!r}")
                start = time.perf_counter()
                sides = await read_sides(store, r, read.text, names)
                took.append((time.perf_counter() - start) * 1000)
                if sides is not None:
                    compared += 1
                    lines.append(f"  compar {q.id} {q.text!r} -> {list(sides.asked.sides)}")
            total += len(questions)
            print(f"{part} ({len(questions)} questions)")
            print("\n".join(lines))
        print(f"total {total}: read as comparisons {compared}, read otherwise than typed {reread}")
        cuts = statistics.quantiles(took, n=100)
        print(f"comparison reading per question: p50 {cuts[49]:.2f} ms, p99 {cuts[98]:.2f} ms, max {max(took):.2f} ms, "
              f"all {sum(took):.0f} ms")
    finally:
        await store.close()


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--db", type=Path, default=DEFAULT_DB)
    asyncio.run(main(parser.parse_args().db))
