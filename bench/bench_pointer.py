"""How often the searches' pointer to a passage of another kind (bot/answers/better_kind.py) fires on the four tuning
parts, for both searches and a grid of its two thresholds: each tuning question searched as ``/regel suche`` (rules
and explanations shown, pointing to rulings, mechanics and cards) and as ``/ruling suche`` (rulings shown, pointing
to rules).

Each question's candidates are gathered once by one ranker without the file of earlier questions, and their
``prior`` and ``transl`` parts cross-fitted as the shipped weights are made (bench/transl_folds.py: a question never
reads its own pair nor itself among the earlier questions); each question is then ranked once over every kind and
once per search, its two figures kept (:class:`Case`), and every threshold pair is counted on the kept figures — a
grid point ranks nothing. (A ranker variant per question, as bench/bench_questions.py times, cost ≈ 2 s a question
in cold caches and EM again: about an hour for the four parts.)

Per direction and setting (held × share): pointers fired, of them to the question's gold, and of them where the best
shown hit was the gold (a right hit the pointer talks down). ``--show TEXT`` prints one search's figures instead
(ranked by the bot's ranker, with the shipped file).

Run: ``python bench/bench_pointer.py [--db data/regelbot.sqlite3]`` (the tuning parts only).
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import time
from collections.abc import Collection
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from bench_questions import TUNING_PARTS, load_part  # noqa: E402
from prior_folds import without_file  # noqa: E402
from transl_folds import cross_fitted  # noqa: E402

from bot.answers.better_kind import POINTED, RULE_KINDS, RULING_KINDS, SENTENCE_WORDS, WEAK  # noqa: E402
from bot.candidates import Candidates  # noqa: E402
from bot.ranking import Ranker, ranker  # noqa: E402
from bot.search import NameIndex  # noqa: E402
from bot.store import Store  # noqa: E402

HELD = (0.3, 0.4, 0.5, 0.6, 0.7, 0.8)
SHARE = (0.4, 0.5, 0.6, 0.7, 0.8, 0.9)


@dataclass(frozen=True)
class Case:
    """One search: whether it may point at all (a sentence, /frage's first of a pointed kind), the best shown hit's
    held share and score share (0–1; no shown hit: both 0), and whether /frage's first and the best shown hit are
    the gold."""

    may: bool
    held: float
    share: float
    first_gold: bool
    shown_gold: bool


def cases_of(r: Ranker, found: Candidates, gold: Collection[str]) -> dict[frozenset[str], Case]:
    """Per search (a key of :data:`POINTED`) the :class:`Case` of the candidates ``found``: ranked once over every
    kind and once over the search's kinds."""
    every = r.rank(found, limit=1)
    first = every.hits[0] if every.hits else None
    w = r.weights
    out = {}
    for kinds in (RULE_KINDS, RULING_KINDS):
        shown = r.rank(found, kinds=kinds, limit=1)
        may = len(every.analysis.words) >= SENTENCE_WORDS and first is not None and first.passage.kind in POINTED[kinds]
        h = shown.hits[0] if shown.hits else None
        held = h.parts.get("coverage", 0.0) / w.coverage if h is not None and w.coverage else 0.0
        share = h.score / first.score if h is not None and first is not None and first.score else 0.0
        out[kinds] = Case(may, held, share, first is not None and first.passage.key in gold,
                          h is not None and h.passage.key in gold)
    return out


def grid(name: str, rows: list[Case], shipped: tuple[float, float]) -> None:
    """Print one search's grid: per threshold pair the pointers fired, to the gold, and where the shown was gold;
    ``shipped`` the search's pair (:data:`bot.answers.better_kind.WEAK`) marked."""
    print(f"{name}: {len(rows)} searches, {sum(c.may for c in rows)} whose /frage first is pointed to")
    print("held | share | fired | to gold | best shown was gold")
    for held in HELD:
        for share in SHARE:
            fired = [c for c in rows if c.may and c.held < held and c.share < share]
            mark = " (shipped)" if (held, share) == shipped else ""
            print(f"{held} | {share} | {len(fired)} | {sum(c.first_gold for c in fired)} | "
                  f"{sum(c.shown_gold for c in fired)}{mark}")


async def show(store: Store, names: NameIndex, text: str) -> None:
    """Print one search's figures, ranked by the bot's ranker."""
    r = await ranker(store)
    for kinds, c in cases_of(r, await r.candidates(store, text, names), ()).items():
        print(f"{sorted(kinds)}: may point {c.may}, best shown held {c.held:.2f} share {c.share:.2f}")


async def main(db: Path, text: str | None) -> None:
    """Print the grid of both searches on the tuning parts (or one search's figures with ``text``)."""
    store = await Store.open(db)
    try:
        names = NameIndex.from_entries(await store.name_entries())
        if text:
            await show(store, names, text)
            return
        start = time.perf_counter()
        r = without_file(await ranker(store))
        questions = [q for p in TUNING_PARTS for q in load_part(p)]
        gathered = [await r.candidates(store, q.text, names) for q in questions]
        cands = (await cross_fitted(r, store, gathered, questions)).fold(())  # each question without itself
        cases: dict[frozenset[str], list[Case]] = {RULE_KINDS: [], RULING_KINDS: []}
        for q, found in zip(questions, cands, strict=True):
            for kinds, case in cases_of(r, found, q.gold).items():
                cases[kinds].append(case)
        print(f"{len(questions)} questions gathered and ranked in {time.perf_counter() - start:.0f} s")
        grid("/regel suche → ruling/mechanic/card", cases[RULE_KINDS], WEAK[RULE_KINDS])
        grid("/ruling suche → rule", cases[RULING_KINDS], WEAK[RULING_KINDS])
    finally:
        await store.close()


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--db", type=Path, default=ROOT / "data" / "regelbot.sqlite3")
    parser.add_argument("--show", default=None)
    args = parser.parse_args()
    asyncio.run(main(args.db, args.show))
