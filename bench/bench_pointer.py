"""How often the searches' pointer to a passage of another kind (bot/answers/better_kind.py) fires on the four tuning
parts, for both searches and a grid of its two thresholds: each tuning question searched as ``/regel suche`` (rules
and explanations shown, pointing to rulings, mechanics and cards) and as ``/ruling suche`` (rulings shown, pointing
to rules), ranked without the file of earlier questions (the question left out, as bench/bench_questions.py).

Per direction and setting (held × share): pointers fired, of them to the question's gold, and of them where the best
shown hit was the gold (a right hit the pointer talks down). ``--show TEXT`` prints one search's figures instead.

Run: ``python bench/bench_pointer.py [--db data/regelbot.sqlite3]`` (the tuning parts only).
"""

from __future__ import annotations

import argparse
import asyncio
import sys
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from bench_questions import TUNING_PARTS, load_part  # noqa: E402
from prior_folds import learning_ranker, leave_out  # noqa: E402

from bot.answers.better_kind import POINTED, RULE_KINDS, RULING_KINDS, SENTENCE_WORDS, WEAK_HELD, WEAK_SHARE  # noqa: E402
from bot.search import NameIndex  # noqa: E402
from bot.store import Store  # noqa: E402

HELD = (0.4, 0.5, 0.6, 0.7)
SHARE = (0.5, 0.6, 0.7, 0.8, 0.9)


@dataclass(frozen=True)
class Case:
    """One search: whether it may point at all (a sentence, /frage's first of a pointed kind), the best shown hit's
    held share and score share, and whether /frage's first and the best shown hit are the gold."""

    may: bool
    held: float
    share: float
    first_gold: bool
    shown_gold: bool


async def main(db: Path, show: str | None) -> None:
    """Print the grid (or one search's figures with ``show``)."""
    store = await Store.open(db)
    try:
        names = NameIndex.from_entries(await store.name_entries())
        base = await learning_ranker(store)
        questions = [("show", show, ())] if show else [(q.id, q.text, q.gold) for p in TUNING_PARTS
                                                        for q in load_part(p)]
        cases: dict[frozenset[str], list[Case]] = {RULE_KINDS: [], RULING_KINDS: []}
        for qid, text, gold in questions:
            r = leave_out(base, qid)
            found = await r.candidates(store, text, names)
            every = r.rank(found, limit=1)
            w = r.weights
            for kinds, rows in cases.items():
                shown = r.rank(found, kinds=kinds, limit=1)
                first = every.hits[0] if every.hits else None
                may = (len(every.analysis.words) >= SENTENCE_WORDS and first is not None
                       and first.passage.kind in POINTED[kinds])
                h = shown.hits[0] if shown.hits else None
                held = h.parts.get("coverage", 0.0) / w.coverage if h is not None and w.coverage else 0.0
                share = h.score / first.score if h is not None and first is not None and first.score else 0.0
                rows.append(Case(may, held, share, first is not None and first.passage.key in gold,
                                 h is not None and h.passage.key in gold))
                if show:
                    print(f"{sorted(kinds)}: may point {may}, best shown {h.passage.key if h else None} "
                          f"held {held:.2f} share {share:.2f}; /frage first {first.passage.key if first else None}")
        if show:
            return
        for kinds, rows in cases.items():
            name = "/regel suche → ruling/mechanic/card" if kinds == RULE_KINDS else "/ruling suche → rule"
            print(f"{name}: {len(rows)} searches, {sum(c.may for c in rows)} whose /frage first is pointed to")
            print("held | share | fired | to gold | best shown was gold")
            for held in HELD:
                for share in SHARE:
                    fired = [c for c in rows if c.may and c.held < held and c.share < share]
                    mark = " (shipped)" if (held, share) == (WEAK_HELD, WEAK_SHARE) else ""
                    print(f"{held} | {share} | {len(fired)} | {sum(c.first_gold for c in fired)} | "
                          f"{sum(c.shown_gold for c in fired)}{mark}")
    finally:
        await store.close()


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--db", type=Path, default=ROOT / "data" / "regelbot.sqlite3")
    parser.add_argument("--show", default=None)
    args = parser.parse_args()
    asyncio.run(main(args.db, args.show))
