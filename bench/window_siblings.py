"""In sample, the later stages' window against the gold (docs/ranking.md ¹⁵¹): per tuning question, whether the
gold passage stood outside every window the ``sentence``, ``phrase``, ``action`` and ``clause`` stages re-scored
(:func:`bot.own_statistics.window`) while a sibling of it (:func:`bot.question_words.sibling_group`: its card's or
mechanics section's passage) stood inside and was re-scored above it; and how many questions' windows are wider than
the first five (none on main; the group completion of ¹⁵¹, branch ``rank240-window``, widens 508 of 1 226: that
branch's copy of this tool, ``--reach 10``).

Run: ``PYTHONHASHSEED=0 .venv/bin/python bench/window_siblings.py [--set NAME=VALUE] [--parts tuning,…]`` (the tuning
parts only; ``--set``: an integer field of :class:`bot.weights.Weights`, ``siblings=6``). One line a question with
the gold outside, then the counts.
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


async def main(db: Path, parts: list[str], changed: dict[str, int]) -> None:
    """Print the questions and counts of the module doc (``changed``: integer weights set before the ranking).

    Raises:
        SystemExit: a part that is not a tuning part.
    """
    if not set(parts) <= set(TUNING_PARTS):
        raise SystemExit(f"only the tuning parts {TUNING_PARTS}, not {parts}")
    windows: list[list[Hit]] = []
    read = bot.ranking.window

    def spied(hits: list[Hit], *args: int) -> list[Hit]:
        out = read(hits, *args)
        windows.append(out)
        return out

    bot.ranking.window = spied  # the stages look the window up in bot.ranking's namespace
    outside = lifted = widened = 0
    async with opened_ranker(db) as (store, r, names):
        r = r.variant(replace(r.weights, **changed))
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
    print(f"questions with a window wider than the first {r.weights.siblings}: {widened}")
    print(f"gold outside every window, a sibling inside: {outside}; a sibling re-scored above the gold: {lifted}")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--db", type=Path, default=ROOT / "data" / "regelbot.sqlite3")
    parser.add_argument("--parts", default=",".join(TUNING_PARTS))
    parser.add_argument("--set", action="append", default=[], metavar="NAME=VALUE", help="an integer weight")
    args = parser.parse_args()
    asyncio.run(main(args.db, args.parts.split(","), {n: int(v) for n, v in (s.split("=", 1) for s in args.set)}))
