"""How many questions ``/frage`` calls unanswerable by the documents (bot/answers/off_topic.py), per question set:
the off-topic questions of ``tests/answers/off_topic_questions.py`` (each should be caught) and the tuning parts
``tests/questions/{tuning,tuning2,dev}.toml`` (every one answerable: each one caught is wrongly flagged). Prints the
counts for the shipped thresholds and a grid around them, and the questions flagged at the shipped ones.

Never reads the set-aside parts (``heldout*.toml``).

    .venv/bin/python bench/off_topic.py [--db STORE]
"""

from __future__ import annotations

import argparse
import asyncio
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "e2e"))

from bench_questions import load_part
from common import given_or_built
from harness import build_store

from bot.answers import off_topic as rule
from bot.answers.unknown_notes import meant_words
from bot.ranking import Ranked, ranker
from bot.search import NameIndex
from bot.store import Store
from tests.answers.off_topic_questions import OFF_TOPIC

#: The parts every question of which the documents answer (tuned on; never the set-aside ones).
PARTS = ("tuning", "tuning2", "tuning3", "dev")
HELD = (0.5, 0.6, 0.7, 0.75, 0.8)
IDF = (0.0, 3.0, 3.5)


async def ranked(db: Path) -> tuple[dict[str, list[tuple[str, Ranked, frozenset[str]]]], object]:
    """Every question of :data:`OFF_TOPIC` and :data:`PARTS` ranked as ``/frage`` ranks it, per set."""
    store = await Store.open(db)
    try:
        names = NameIndex.from_entries(await store.name_entries())
        r = await ranker(store)
        sets = {"off-topic": list(OFF_TOPIC), **{p: [q.text for q in load_part(p)] for p in PARTS}}
        out: dict[str, list[tuple[str, Ranked, frozenset[str]]]] = {}
        for k, qs in sets.items():
            out[k] = []
            for q in qs:
                f = await r.search(store, q, names, limit=rule.CANDIDATES)
                out[k].append((q, f, await meant_words(f.analysis)))
        return out, r
    finally:
        await store.close()


def flagged(found: list[tuple[str, Ranked, frozenset[str]]], r: object) -> list[str]:
    """The questions of ``found`` :func:`bot.answers.off_topic.off_topic` flags with the module's thresholds."""
    return [q for q, f, meant in found if rule.off_topic(f, r, meant)]  # type: ignore[arg-type]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--db", type=Path, default=None, help="a built store (default: build one from data/sources)")
    args = parser.parse_args()
    with given_or_built(args.db, "bench_off_topic_", build_store) as db:
        sets, r = asyncio.run(ranked(db))
    shipped = (rule.MIN_HELD, rule.MIN_CONCEPT_IDF)
    print(f"flagged as unanswerable (MIN_HELD, MIN_CONCEPT_IDF); shipped {shipped}:")
    print("  held  idf   " + "  ".join(f"{k} (of {len(v)})" for k, v in sets.items()))
    for held in HELD:
        for idf in IDF:
            rule.MIN_HELD, rule.MIN_CONCEPT_IDF = held, idf
            counts = [len(flagged(v, r)) for v in sets.values()]
            mark = " ← shipped" if (held, idf) == shipped else ""
            print(f"  {held:.2f}  {idf:.1f}   " + "  ".join(f"{c:>{len(k) + 5 + len(str(len(sets[k])))}}"
                                                          for c, k in zip(counts, sets, strict=True)) + mark)
    rule.MIN_HELD, rule.MIN_CONCEPT_IDF = shipped
    for k, v in sets.items():
        hits = flagged(v, r)
        print(f"{k}: {len(hits)} of {len(v)} flagged" + "".join(f"\n  {q}" for q in hits))


if __name__ == "__main__":
    main()
