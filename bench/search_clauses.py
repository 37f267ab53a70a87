"""How often the excerpt of ``/ruling suche`` and ``/regel suche`` shows the deciding clause of a question's gold
passage, over the tuning parts' questions (``tests/questions/{tuning,tuning2,tuning3}.toml``; each question's
``clause`` is the deciding words of its first gold passage).

    .venv/bin/python bench/search_clauses.py [--parts tuning,tuning2,tuning3] [--db PATH] [--misses]

For each question and search: whether the first gold passage is among the search's hits (the hits it shows, all
pages), and if so whether its excerpt (:func:`bot.answers.paging.search_excerpt`, bold marks removed, whitespace
folded) holds the clause. Prints per part and search: hits with the gold, of those the excerpts with the clause,
and the excerpts that are shortened (not the whole passage). ``--misses`` lists the questions whose excerpt lacks
the clause. The store is built from ``data/sources`` into a temporary folder unless ``--db`` is given. The held-out
question files are never read.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
from pathlib import Path

BENCH = Path(__file__).resolve().parent
ROOT = BENCH.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(BENCH))

from common import given_or_built  # noqa: E402

#: The parts measured: the tuning parts only (never the held-out ones).
TUNING_PARTS = ("tuning", "tuning2", "tuning3", "tuning4", "tuning5", "tuning6")


def flat(text: str) -> str:
    """``text`` without bold marks, its whitespace folded to single spaces."""
    return " ".join(text.replace("**", "").split())


async def measure(db: Path, parts: list[str], misses: bool) -> None:
    """Print the figures of the module doc for the store ``db``."""
    from bot.answers.registry import AnswerContext
    from bot.answers.rule_search import search_rules
    from bot.answers.rulings import search_rulings
    from bot.search import NameIndex
    from bot.store import Store
    from tests.questions import load

    store = await Store.open(db)
    try:
        ctx = AnswerContext(store=store, names=NameIndex.from_entries(await store.name_entries()))
        print(f"{'part':<9} {'search':<14} {'questions':>9} {'gold shown':>10} {'with clause':>11} {'shortened':>9}")
        for part in parts:
            questions = load(part)
            for search in ("/ruling suche", "/regel suche"):
                shown = kept = cut = 0
                for q in questions:
                    if search == "/ruling suche":
                        result = await search_rulings(store, q.text, names=ctx.names)
                        hits = [(h.passage, h.snippet) for h in result.hits]
                    else:
                        hits = [(h.passage, text) for h, text in (await search_rules(ctx, q.text))[0]]
                    excerpt = next((text for p, text in hits if p.key == q.gold[0]), None)
                    passage = next((p.text for p, _ in hits if p.key == q.gold[0]), "")
                    if excerpt is None:
                        continue
                    shown += 1
                    cut += flat(excerpt) != flat(passage)
                    if flat(q.clause) in flat(excerpt):
                        kept += 1
                    elif misses:
                        print(f"  miss {q.id}: {q.text[:70]!r} clause {q.clause[:60]!r}")
                print(f"{part:<9} {search:<14} {len(questions):>9} {shown:>10} {kept:>11} {cut:>9}")
    finally:
        await store.close()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--parts", default=",".join(TUNING_PARTS), help="tuning parts, comma-separated")
    ap.add_argument("--db", type=Path, default=None, help="a built store (else built into a temporary folder)")
    ap.add_argument("--misses", action="store_true", help="list the questions whose excerpt lacks the clause")
    args = ap.parse_args()
    parts = [p for p in args.parts.split(",") if p]
    if any(p.startswith("heldout") for p in parts):
        ap.error("the held-out parts are set aside")

    def build(db: Path) -> None:
        from bot.importer import DEFAULT_SOURCES
        from bot.importer import build as build_store

        build_store(db, DEFAULT_SOURCES)

    with given_or_built(args.db, "search-clauses-", build) as db:
        asyncio.run(measure(db, parts, args.misses))


if __name__ == "__main__":
    main()
