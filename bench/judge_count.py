"""Count judges' question sets against ``/frage``'s ranking: how many questions have a gold passage first and among
the first three. The sets are ``bench/judges/judge210.toml`` … ``judge212.toml``, ``judge220.toml`` … ``judge222.toml``,
``judge230.toml`` … ``judge232.toml`` and ``judge240.toml`` … ``judge242.toml``: 720 questions written on 2026-12-07
(the second three at 13:30 UTC, the third at 16:15, the fourth at 19:06, half of their passages or more drawn at
random) from the documents alone by helpers who saw neither the ranking nor the question set of ``tests/questions/``
(60 each; ``judge210``, ``judge220``, ``judge230`` and ``judge240`` were the helpers' development counts until
2026-12-07 night, when they were moved into the sixth tuning part ``tests/questions/tuning6.toml`` (172 of their 240
questions, docs/ranking.md ¹⁵⁵): they stay here as the record, but a count of them is now in sample, no longer blind;
the other eight are the lead's untouched yardstick). Three more, ``judge260.toml`` … ``judge262.toml``, were written the
same way on 2026-12-08 (01:10 UTC, passages drawn at random in strata over each document): ``judge260`` is the helpers'
development count (count it only by this script, look at its misses by id at most), ``judge261`` and ``judge262`` join
the yardstick. The others are **set aside**: measure a ranking change on them, never choose one for them; before they
become a part of ``tests/questions/`` they need its near-duplicate checks
(``tests/questions/test_judge_sets.py`` checks their ids, golds and clauses).

Each file: ``[[question]]`` tables with ``id``, ``text`` and ``gold`` (passage keys ``NNN:line``), as
``tests/questions/dev.toml``. Output: with ``--misses`` one TSV line per question (id, rank of its first gold or 0
when not among the first :data:`bench_questions.DEPTH`, the first three keys, the golds, the text), then the summary
line ``# F of N first, T in three``.

Run: ``PYTHONHASHSEED=0 python bench/judge_count.py bench/judges/judge211.toml bench/judges/judge212.toml``
(``--db`` another store, e.g. one built with ``--cr``). On 2026-12-07: main e45eecdd 102 of 120 first and 114 in
three on judge211 + judge212, eba47433 and bfaa303c 103 / 114; judge210 53 / 57 on all three; bfaa303c on judge220
53 / 58 and on judge221 + judge222 107 / 117; 3d1d8927 (16:25) on judge230 52 / 60, on judge231 + judge232
109 / 118; 0665d91e (19:11) the same on those, on judge240 50 / 57, on judge241 + judge242 101 / 115.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "bench")]

from bench_questions import Question, frage_keys  # noqa: E402
from ranked_ids import opened_ranker  # noqa: E402


def load_sets(files: list[Path]) -> list[Question]:
    """The questions of ``files`` (part: the file's stem), file after file in file order.

    Raises:
        OSError: a file cannot be read. tomllib.TOMLDecodeError: a file is no TOML. KeyError: a question lacks a field.
    """
    questions = []
    for f in files:
        data = tomllib.loads(f.read_text(encoding="utf-8"))
        questions += [Question(q["id"], q["text"], tuple(q["gold"]), f.stem) for q in data["question"]]
    return questions


async def count(db: Path, files: list[Path], misses: bool) -> tuple[int, int, int]:
    """Rank every question of ``files`` on the store ``db`` as ``/frage`` does; print the TSV lines when
    ``misses``; return (first, in three, questions). Ranked by :func:`bench_questions.frage_keys` (the question's id
    left out of the earlier questions: a judge's id is none of them, so the ranking is the bot's)."""
    questions = load_sets(files)
    first = three = 0
    async with opened_ranker(db) as (store, r, names):
        for q in questions:
            keys = await frage_keys(store, r, names, q)
            rank = next((i + 1 for i, k in enumerate(keys) if k in q.gold), 0)
            first += rank == 1
            three += 1 <= rank <= 3
            if misses:
                print(f"{q.id}\t{rank}\t{' '.join(keys[:3])}\t{'|'.join(q.gold)}\t{q.text}")
    return first, three, len(questions)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("files", nargs="+", type=Path)
    parser.add_argument("--db", type=Path, default=ROOT / "data" / "regelbot.sqlite3")
    parser.add_argument("--misses", action="store_true", help="one TSV line per question")
    args = parser.parse_args()
    hits, in_three, n = asyncio.run(count(args.db, args.files, args.misses))
    print(f"# {hits} of {n} first, {in_three} in three")
