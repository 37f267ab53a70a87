"""In sample, the later stages' window against the gold (docs/ranking.md ¹⁵¹): per tuning question, whether the
gold passage stood outside every window the ``sentence``, ``phrase``, ``action`` and ``clause`` stages re-scored
(:func:`bot.own_statistics.window`) while a sibling of it (:func:`bot.question_words.sibling_group`: its card's or
mechanics section's passage) stood inside and was re-scored above it; and how many questions' windows the group
completion (:attr:`bot.weights.Weights.reach`) widens beyond the first five.

Run: ``PYTHONHASHSEED=0 .venv/bin/python bench/window_siblings.py [--reach N] [--parts tuning,…]`` (the tuning parts
only; ``--reach 0``: the first five as before ¹⁵¹). One line a question with the gold outside, then the counts.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
from dataclasses import replace
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from bench_questions import TUNING_PARTS, load_part  # noqa: E402
from ranked_ids import opened_ranker  # noqa: E402

import bot.ranking  # noqa: E402
from bot.candidates import Hit  # noqa: E402
from bot.question_words import sibling_group  # noqa: E402

STAGES = ("sentence", "phrase", "action", "clause")


async def main(db: Path, parts: list[str], reach: int | None) -> None:
    """Print the questions and counts of the module doc (``reach``: the window's reach, the shipped one when None).

    Raises:
        SystemExit: a part that is not a tuning part.
    """
    if not set(parts) <= set(TUNING_PARTS):
        raise SystemExit(f"only the tuning parts {TUNING_PARTS}, not {parts}")
    windows: list[list[Hit]] = []
    read = bot.ranking.window

    def spied(hits: list[Hit], size: int, reach: int = 0) -> list[Hit]:
        out = read(hits, size, reach)
        windows.append(out)
        return out

    bot.ranking.window = spied  # the stages look the window up in bot.ranking's namespace
    outside = lifted = widened = 0
    async with opened_ranker(db) as (store, r, names):
        r = r if reach is None else r.variant(replace(r.weights, reach=reach))
        for part in parts:
            for q in load_part(part):
                found = await r.candidates(store, q.text, names)
                hits = r.first_stage(found)
                windows.clear()
                r.stages(hits, found)
                widened += any(len(w) > r.weights.siblings for w in windows)
                place = next((n for n, h in enumerate(hits) if h.passage.key in q.gold), None)
                if place is None or not windows or any(hits[place] in w for w in windows):
                    continue
                group = sibling_group(hits[place].passage)
                if group[1] is None or not any(sibling_group(h.passage) == group for h in windows[0]):
                    continue
                outside += 1
                above = [h.passage.key for h in hits[:place]
                         if sibling_group(h.passage) == group and any(s in h.parts for s in STAGES)]
                lifted += bool(above)
                print(f"{q.id}\tgold {place + 1}\tsiblings re-scored above it: {' '.join(above[:3])}")
    print(f"questions whose window the groups widen: {widened}")
    print(f"gold outside every window, a sibling inside: {outside}; a sibling re-scored above the gold: {lifted}")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--db", type=Path, default=ROOT / "data" / "regelbot.sqlite3")
    parser.add_argument("--parts", default=",".join(TUNING_PARTS))
    parser.add_argument("--reach", type=int, default=None, help="the window's reach (0: the first five only)")
    args = parser.parse_args()
    asyncio.run(main(args.db, args.parts.split(","), args.reach))
